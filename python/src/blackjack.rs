//! Blackjack from Python: the exact value of every action for a hand, the exact value of a
//! round, the computed strategy chart, and paired hands of the players, as `cardtree blackjack
//! ...` gives them (`std-host/src/blackjack/`).

use cardtree::blackjack::{MEMO_SLOTS, Oracle, Pip, Rules, Shoe, Slot, SplitPlay};
use cardtree_host::blackjack::RuleSpec;
use cardtree_host::blackjack::card_steps::card;
use cardtree_host::blackjack::play::PlayOptions;
use cardtree_host::blackjack::strategy::{Layout, render};
use cardtree_host::spec::Value;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{bad, host_error, value_error};
use crate::json::loads;
use crate::parallel::interruptible;
use crate::spec::{self, choice};

/// A card by its label: `A`, `2` .. `9`, `10` (or `T`, `J`, `Q`, `K`: every ten-valued card).
fn pip(label: &str, argument: &str) -> PyResult<Pip> {
    Pip::from_label(label).ok_or_else(|| {
        bad(
            argument,
            format!("{label:?} is not a card (A, 2-9, 10, T, J, Q or K)"),
        )
    })
}

/// The rule keywords every blackjack function takes, as the values of the host's `RuleSpec`
/// (the rule flags of the command line), a negative number refused naming its keyword.
fn rule_values(
    decks: i128,
    h17: bool,
    das: bool,
    split_hands: i128,
    resplit_aces: bool,
    surrender: bool,
    peek: bool,
) -> PyResult<Vec<(&'static str, Option<Value>)>> {
    let whole = spec::whole::<RuleSpec>;
    Ok(vec![
        ("decks", Some(whole("decks", decks)?)),
        ("h17", Some(Value::Flag(h17))),
        ("das", Some(Value::Flag(das))),
        ("split_hands", Some(whole("split_hands", split_hands)?)),
        ("resplit_aces", Some(Value::Flag(resplit_aces))),
        ("surrender", Some(Value::Flag(surrender))),
        ("peek", Some(Value::Flag(peek))),
    ])
}

/// The rules of those keywords, checked, a refusal naming the keyword.
fn rules(
    decks: i128,
    h17: bool,
    das: bool,
    split_hands: i128,
    resplit_aces: bool,
    surrender: bool,
    peek: bool,
) -> PyResult<Rules> {
    let values = rule_values(decks, h17, das, split_hands, resplit_aces, surrender, peek)?;
    Ok(spec::read::<RuleSpec>(values)?.rules)
}

/// The exact expected value, in bets, of every action for the player's `first` and `second`
/// cards against the dealer's `up` card, from a full shoe of the rules less those three cards
/// (after the dealer's peek when the rules have one): `{"stand": ..., "hit": ..., "double": ...,
/// "split": ..., "surrender": ..., "best": "hit"}`, `None` for an action not allowed.
#[pyfunction]
#[pyo3(signature = (
    first, second, up, decks = 6, h17 = false, das = true, split_hands = 2,
    resplit_aces = false, surrender = false, peek = true
))]
fn blackjack_actions<'py>(
    py: Python<'py>,
    first: &str,
    second: &str,
    up: &str,
    decks: i128,
    h17: bool,
    das: bool,
    split_hands: i128,
    resplit_aces: bool,
    surrender: bool,
    peek: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let rules = rules(decks, h17, das, split_hands, resplit_aces, surrender, peek)?;
    let (first, second, up) = (pip(first, "first")?, pip(second, "second")?, pip(up, "up")?);
    let values = py
        .detach(move || {
            let shoe = Shoe::standard(rules.decks)?;
            let game = cardtree::blackjack::Blackjack::dealt(rules, shoe, first, up, second)?;
            let mut slots = vec![Slot::EMPTY; MEMO_SLOTS];
            Oracle::new(rules, &mut slots)?.actions(&game)
        })
        .map_err(value_error)?;
    let d = PyDict::new(py);
    d.set_item("stand", values.stand)?;
    d.set_item("hit", values.hit)?;
    d.set_item("double", values.double)?;
    d.set_item("split", values.split)?;
    d.set_item("surrender", values.surrender)?;
    d.set_item("best", values.best().0.to_string())?;
    Ok(d)
}

/// The exact expected value of a round under optimal composition-dependent play, overall and
/// by up card: what `cardtree blackjack ev --json` prints.
#[pyfunction]
#[pyo3(signature = (
    decks = 6, h17 = false, das = true, split_hands = 2, resplit_aces = false,
    surrender = false, peek = true
))]
fn blackjack_ev<'py>(
    py: Python<'py>,
    decks: i128,
    h17: bool,
    das: bool,
    split_hands: i128,
    resplit_aces: bool,
    surrender: bool,
    peek: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = rules(decks, h17, das, split_hands, resplit_aces, surrender, peek)?;
    let json = py
        .detach(|| cardtree_host::blackjack::oracle::ev(rules, SplitPlay::default(), true))
        .map_err(|e| host_error(&e))?;
    loads(py, &json)
}

/// The total-dependent basic strategy computed from exact values for the rules, with the
/// expected return of playing it and the two-card hands where composition-dependent play
/// differs: what `cardtree blackjack strategy --json` prints.
#[pyfunction]
#[pyo3(signature = (
    decks = 6, h17 = false, das = true, split_hands = 2, resplit_aces = false,
    surrender = false, peek = true
))]
fn blackjack_strategy<'py>(
    py: Python<'py>,
    decks: i128,
    h17: bool,
    das: bool,
    split_hands: i128,
    resplit_aces: bool,
    surrender: bool,
    peek: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = rules(decks, h17, das, split_hands, resplit_aces, surrender, peek)?;
    let json = py
        .detach(|| render(&card(rules)?, Layout::Json))
        .map_err(|e| host_error(&e))?;
    loads(py, &json)
}

/// Plays `hands` paired hands of `player` (`"basic"`, `"optimal"`, `"mcts"`, `"timid"`,
/// `"default"`), and of `vs` on the same cards: hand `i` is dealt from stream (`seed`, `i`).
/// Returns what `cardtree blackjack play --json` prints. The GIL is released; Ctrl-C stops
/// the hands.
#[pyfunction]
#[pyo3(signature = (
    player = "basic", hands = 10_000, seed = 1, vs = None, shoe = "standard", iterations = 100,
    c = 2.0, decks = 6, h17 = false, das = true, split_hands = 2, resplit_aces = false,
    surrender = false, peek = true, threads = 0, closed_loop = false, basic_rollout = false,
    unprune_after = 0, audit = false
))]
fn blackjack_play<'py>(
    py: Python<'py>,
    player: &str,
    hands: i128,
    seed: i128,
    vs: Option<&str>,
    shoe: &str,
    iterations: i128,
    c: f64,
    decks: i128,
    h17: bool,
    das: bool,
    split_hands: i128,
    resplit_aces: bool,
    surrender: bool,
    peek: bool,
    threads: i128,
    closed_loop: bool,
    basic_rollout: bool,
    unprune_after: i128,
    audit: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let whole = spec::whole::<PlayOptions>;
    let mut values = rule_values(decks, h17, das, split_hands, resplit_aces, surrender, peek)?;
    values.extend([
        ("player", choice(Some(player))),
        ("hands", Some(whole("hands", hands)?)),
        ("seed", Some(whole("seed", seed)?)),
        ("vs", choice(vs)),
        ("shoe", choice(Some(shoe))),
        ("iterations", Some(whole("iterations", iterations)?)),
        ("c", Some(Value::Real(c))),
        ("threads", Some(whole("threads", threads)?)),
        ("closed_loop", Some(Value::Flag(closed_loop))),
        ("basic_rollout", Some(Value::Flag(basic_rollout))),
        (
            "unprune_after",
            Some(whole("unprune_after", unprune_after)?),
        ),
        ("audit", Some(Value::Flag(audit))),
    ]);
    let o: PlayOptions = spec::read(values)?;
    let json = interruptible(py, |stop| cardtree_host::blackjack::report::json(&o, stop))?;
    loads(py, &json)
}

/// Adds the Blackjack functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(blackjack_actions, m)?)?;
    m.add_function(wrap_pyfunction!(blackjack_ev, m)?)?;
    m.add_function(wrap_pyfunction!(blackjack_strategy, m)?)?;
    m.add_function(wrap_pyfunction!(blackjack_play, m)?)?;
    Ok(())
}
