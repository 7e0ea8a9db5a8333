//! `cardtree blackjack play`: paired rounds of every player, on many threads; the experiment
//! (`crate::experiments::blackjack`) plays its items with the same functions.

use crate::error::{Context, Error};
use crate::workers::Stop;

use cardtree::blackjack::{
    Audit, Basic, CardOrder, DECISION_SLOTS, DealerLike, Decision, MEMO_SLOTS, MctsConfig,
    MctsPlayer, Optimal, Oracle, Rules, Shoe, ShoePreset, Slot, SplitPlay, Strategy, Timid,
    play_round,
};
use cardtree::rng;

/// Memo slots of the optimal player's oracle: four times [`MEMO_SLOTS`] (8 MiB), so that the
/// values of lone hands it keeps from decision to decision (one context per up card) are
/// seldom cleared to make room.
pub const OPTIMAL_MEMO_SLOTS: usize = 4 * MEMO_SLOTS;

/// Nodes of the MCTS player's tree (a closed-loop tree adds one per playout: 10,000
/// playouts fit).
pub const MCTS_NODES: usize = 1 << 14;

/// The players of `play` and of the experiment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BlackjackPlayer {
    /// The paper's MCTS.
    Mcts,
    /// Never takes a card that could bust.
    Timid,
    /// The basic-strategy table (the default, as `blackjack play`'s).
    #[default]
    Basic,
    /// Plays like the dealer: hits below 17.
    Default,
    /// Exact composition-dependent play by the oracle.
    Optimal,
}

// In the order of the paper's table, then optimal.
cardtree::spelled! {
    BlackjackPlayer, "player";
    Mcts => "mcts", "The paper's MCTS (--iterations, --c)";
    Timid => "timid", "Never takes a card that could bust";
    Basic => "basic", "The basic-strategy table";
    Default => "default", "Plays like the dealer: hits below 17";
    Optimal => "optimal", "Exact composition-dependent play by the oracle";
}

/// The shoe of hand `hand` of a run: the preset (for `random`, drawn from the hand's stream).
pub fn shoe_of(preset: ShoePreset, decks: u16, seed: u64, hand: u64) -> Result<Shoe, Error> {
    let mut r = rng::stream(seed ^ 0x5ee0_5ee0_5ee0_5ee0, hand);
    preset.build(decks, &mut r).map_err(Error::from)
}

/// What a run of paired hands gives: each hand's return in hand order, the decisions made,
/// and (when audited) each hand's summed regret against the optimal player ([`Audit`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Played {
    /// The return of each hand, in bets.
    pub values: Vec<f64>,
    /// Decisions made.
    pub decisions: u64,
    /// Per hand, the exact value the player's decisions gave up (empty unless audited).
    pub regrets: Vec<f64>,
}

/// The returns of `hands` hands `first..first + hands` of a run, in order, and the decisions
/// made; with `audit`, every decision is also judged by the optimal player. Hand `i` is dealt
/// from `CardOrder::new(shoe_i, seed, i)`; the player's own generator is
/// `rng::stream(!seed, i)`. The same for every player: paired hands. Once `stop` is raised
/// no more hands are dealt and the block returns [`Error::Stopped`].
#[allow(clippy::too_many_arguments)]
pub fn play_hands(
    kind: BlackjackPlayer,
    rules: Rules,
    mcts: MctsConfig,
    preset: ShoePreset,
    seed: u64,
    first: u64,
    hands: u64,
    audit: bool,
    stop: &Stop,
) -> Result<Played, Error> {
    let run = Run {
        rules,
        preset,
        seed,
        first,
        hands,
        audit,
        stop,
    };
    match kind {
        BlackjackPlayer::Mcts => {
            let mut p: Box<MctsPlayer<MCTS_NODES>> = Box::new(MctsPlayer::new(mcts));
            run.play(&mut *p)
        }
        BlackjackPlayer::Timid => run.play(Timid),
        BlackjackPlayer::Basic => {
            run.play(Basic::new(crate::blackjack::strategy::chart_for(rules)?))
        }
        BlackjackPlayer::Default => run.play(DealerLike),
        BlackjackPlayer::Optimal => {
            let (mut slots, mut decisions) = optimal_store();
            run.play(optimal_player(rules, &mut slots, &mut decisions)?)
        }
    }
}

/// The memo and the decision cache of one optimal player.
fn optimal_store() -> (Vec<Slot>, Vec<Decision>) {
    (
        vec![Slot::EMPTY; OPTIMAL_MEMO_SLOTS],
        vec![Decision::EMPTY; DECISION_SLOTS],
    )
}

/// The optimal player of `play`, in `slots` and `decisions` (from [`optimal_store`]).
fn optimal_player<'m>(
    rules: Rules,
    slots: &'m mut [Slot],
    decisions: &'m mut [Decision],
) -> Result<Optimal<'m>, Error> {
    // At the table the player plays split hands for their own shoe: value splits so.
    let oracle = Oracle::new(rules, slots)
        .map_err(Error::from)?
        .with_split_play(SplitPlay::Optimal);
    Ok(Optimal::with_cache(oracle, decisions))
}

/// One block of hands of a run, for any player.
struct Run<'s> {
    rules: Rules,
    preset: ShoePreset,
    seed: u64,
    first: u64,
    hands: u64,
    audit: bool,
    stop: &'s Stop,
}

impl Run<'_> {
    fn play<S: Strategy>(&self, player: S) -> Result<Played, Error> {
        if !self.audit {
            return self.hands_of(player, |_| None);
        }
        let (mut slots, mut decisions) = optimal_store();
        let judge = optimal_player(self.rules, &mut slots, &mut decisions)?;
        self.hands_of(Audit::new(player, judge), |p| Some(p.take_regret()))
    }

    /// Plays the block with `p`, asking `regret(p)` after every hand (`None`: not audited).
    fn hands_of<S: Strategy>(
        &self,
        mut p: S,
        regret: impl Fn(&mut S) -> Option<f64>,
    ) -> Result<Played, Error> {
        let n = usize::try_from(self.hands).unwrap_or(0);
        let mut out = Played {
            values: Vec::with_capacity(n),
            decisions: 0,
            regrets: Vec::new(),
        };
        for i in self.first..self.first + self.hands {
            self.stop.check()?;
            let shoe = shoe_of(self.preset, self.rules.decks, self.seed, i)?;
            let mut order = CardOrder::new(shoe, self.seed, i);
            let r = play_round(
                self.rules,
                shoe,
                &mut order,
                &mut p,
                &mut rng::stream(!self.seed, i),
            )
            .with_context(|| format!("hand {i}"))?;
            out.values.push(r.value);
            out.decisions += u64::from(r.decisions);
            out.regrets.extend(regret(&mut p));
        }
        Ok(out)
    }
}

/// [`play_hands`] over `threads` threads, hands split in contiguous blocks; the result does
/// not depend on the number of threads. Once `stop` is raised the blocks deal no more hands
/// and the run returns [`Error::Stopped`].
#[allow(clippy::too_many_arguments)]
pub fn play_parallel(
    kind: BlackjackPlayer,
    rules: Rules,
    mcts: MctsConfig,
    preset: ShoePreset,
    seed: u64,
    hands: u64,
    threads: usize,
    audit: bool,
    stop: &Stop,
) -> Result<Played, Error> {
    let threads = crate::workers::resolve(threads) as u64;
    let per = hands.div_ceil(threads);
    let blocks: Vec<(u64, u64)> = (0..threads)
        .map(|t| (t * per, per.min(hands.saturating_sub(t * per))))
        .collect();
    let parts = crate::workers::map_until(
        &blocks,
        blocks.len(),
        stop,
        || (),
        |(), &(first, n)| play_hands(kind, rules, mcts, preset, seed, first, n, audit, stop),
    );
    let mut all = Played::default();
    for p in parts {
        let p = p?;
        all.values.extend(p.values);
        all.regrets.extend(p.regrets);
        all.decisions += p.decisions;
    }
    Ok(all)
}

/// The options of `cardtree blackjack play` (the flags of the same names).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayOptions {
    /// The rules.
    pub rules: Rules,
    /// The player.
    pub player: BlackjackPlayer,
    /// A second player on the same cards.
    pub vs: Option<BlackjackPlayer>,
    /// The shoe each hand is dealt from.
    pub shoe: ShoePreset,
    /// Hands to play.
    pub hands: u64,
    /// Seed: the card order of hand i is `rng::stream(seed, i)`.
    pub seed: u64,
    /// MCTS playouts per decision.
    pub iterations: u32,
    /// MCTS exploration constant C.
    pub c: f64,
    /// MCTS with a closed-loop tree.
    pub closed_loop: bool,
    /// MCTS playouts beyond the tree play basic strategy.
    pub basic_rollout: bool,
    /// MCTS progressive unpruning threshold (0: from the first visit).
    pub unprune_after: u32,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// A file for each hand's return, one per line.
    pub dump: Option<std::path::PathBuf>,
    /// Judge every decision by the optimal player's exact values.
    pub audit: bool,
}
