//! `cardtree blackjack play`'s options, once: [`PlayOptions`] is a [`Spec`] whose table holds
//! the players, the shoe, the hands and MCTS's settings, beside the rules of [`RuleSpec`]
//! (the same options, so every Blackjack command spells its rules alike). The command line's
//! flags are derived from it and Python's `blackjack_play` keywords read into it.

use cardtree::blackjack::ShoePreset;
use cardtree::search::Exploration;

use crate::blackjack::play::{BlackjackPlayer, PlayOptions};
use crate::blackjack::{DAS, DECKS, H17, PEEK, RESPLIT_ACES, RuleSpec, SPLIT_HANDS, SURRENDER};
use crate::limits::{MOST_ITEMS, MOST_ITERATIONS};
use crate::shared_opts::{THREADS, count_fits, seed};
use crate::spec::{Fallback, Given, OptSpec, Spec, SpecError, Value, had};

/// Bytes each hand keeps until the run ends (its return, and with a rival or the audit its
/// pair and regret).
const BYTES_A_HAND: u64 = 64;

fn hands_fit(v: &Value) -> Result<(), String> {
    count_fits(v, BYTES_A_HAND)
}

/// The paper's constant `C` in `mean + C sqrt(ln N / n)` makes an exploration term.
fn an_exploration(v: &Value) -> Result<(), String> {
    match *v {
        Value::Real(c) if Exploration::new(c).is_none() => {
            Err(format!("{c:e} is too large for the exploration term"))
        }
        _ => Ok(()),
    }
}

const PLAYER: OptSpec = OptSpec::choice(
    "player",
    "The player",
    &BlackjackPlayer::NAMES,
    Fallback::Choice("basic"),
);
const HANDS: OptSpec = OptSpec::whole(
    "hands",
    "Hands to play",
    1,
    MOST_ITEMS,
    Fallback::Whole(10_000),
)
.limited(hands_fit);
const SEED: OptSpec = seed("Seed: the card order of hand i is rng::stream(seed, i)");
const VS: OptSpec = OptSpec::choice(
    "vs",
    "A second player on the same cards: the paired difference is reported too",
    &BlackjackPlayer::NAMES,
    Fallback::Decided,
);
const SHOE: OptSpec = OptSpec::choice(
    "shoe",
    "The shoe each hand is dealt from (a full shoe per hand)",
    &ShoePreset::NAMES,
    Fallback::Choice("standard"),
);
const ITERATIONS: OptSpec = OptSpec::whole(
    "iterations",
    "MCTS playouts per decision (the paper: 100)",
    1,
    MOST_ITERATIONS as u64,
    Fallback::Whole(100),
);
const C: OptSpec = OptSpec::real(
    "c",
    "MCTS exploration constant C (the paper: 2)",
    0.0,
    f64::MAX,
    Fallback::Real(2.0),
)
.limited(an_exploration);
const CLOSED_LOOP: OptSpec = OptSpec::flag(
    "closed_loop",
    "MCTS with a closed-loop tree (nodes keyed by the cards too), not the paper's",
    Fallback::Flag(false),
);
const BASIC_ROLLOUT: OptSpec = OptSpec::flag(
    "basic_rollout",
    "MCTS playouts beyond the tree play basic strategy (not hit below 17)",
    Fallback::Flag(false),
);
const UNPRUNE_AFTER: OptSpec = OptSpec::whole(
    "unprune_after",
    "MCTS progressive unpruning: a node below the root plays the playout policy's action until it has this many visits, then UCB tries every action (0: from the first visit, as the paper)",
    0,
    u32::MAX as u64,
    Fallback::Whole(0),
);
const AUDIT: OptSpec = OptSpec::flag(
    "audit",
    "Judge every decision by the optimal player's exact values and report the mean regret per hand: the player's expected loss against optimal play, with far less noise than paired returns",
    Fallback::Flag(false),
);

impl Spec for PlayOptions {
    const COMMAND: &'static str = "blackjack play";
    const OPTIONS: &'static [OptSpec] = &[
        PLAYER,
        HANDS,
        SEED,
        VS,
        SHOE,
        ITERATIONS,
        C,
        DECKS,
        H17,
        DAS,
        SPLIT_HANDS,
        RESPLIT_ACES,
        SURRENDER,
        PEEK,
        THREADS,
        CLOSED_LOOP,
        BASIC_ROLLOUT,
        UNPRUNE_AFTER,
        AUDIT,
    ];

    /// The options, `dump` none (a file the command line writes).
    fn from_given(g: &Given) -> Result<PlayOptions, SpecError> {
        Ok(PlayOptions {
            rules: RuleSpec::from_given(g)?.rules,
            player: had(&PLAYER, g.choice(&PLAYER)?)?,
            vs: g.choice(&VS)?,
            shoe: had(&SHOE, g.choice(&SHOE)?)?,
            hands: had(&HANDS, g.whole(&HANDS))?,
            seed: had(&SEED, g.whole(&SEED))?,
            iterations: had(&ITERATIONS, g.whole(&ITERATIONS))? as u32,
            c: had(&C, g.real(&C))?,
            closed_loop: had(&CLOSED_LOOP, g.flag(&CLOSED_LOOP))?,
            basic_rollout: had(&BASIC_ROLLOUT, g.flag(&BASIC_ROLLOUT))?,
            unprune_after: had(&UNPRUNE_AFTER, g.whole(&UNPRUNE_AFTER))? as u32,
            threads: had(&THREADS, g.whole(&THREADS))? as usize,
            dump: None,
            audit: had(&AUDIT, g.flag(&AUDIT))?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Door;

    #[test]
    fn the_defaults_are_the_papers_and_the_rules_are_rule_specs() {
        let o = PlayOptions::from_given(&Given::new()).unwrap();
        assert_eq!(
            (o.player, o.hands, o.iterations, o.c),
            (BlackjackPlayer::Basic, 10_000, 100, 2.0)
        );
        assert_eq!(o.rules, RuleSpec::default().rules);
        let mut g = Given::new();
        g.set(PlayOptions::OPTIONS, "decks", Value::Whole(1))
            .unwrap();
        assert_eq!(PlayOptions::from_given(&g).unwrap().rules.decks, 1);
        let e = g
            .set(PlayOptions::OPTIONS, "c", Value::Real(-1.0))
            .unwrap_err();
        assert_eq!(
            e.message(Door::Cli),
            "--c: -1 is not a finite number at least 0"
        );
    }
}
