//! [`Strategy`]: how a player decides, and the simple players of the paper plus the exact one:
//! [`Timid`], [`DealerLike`] (the paper's "default") and [`Optimal`].

use rand_core::Rng;

use super::decisions::{Decision, Decisions};
use super::{Action, ActionValues, Blackjack, BlackjackError, Oracle, dealer_hits};

/// A Blackjack player: picks one of the legal actions at a decision of a round.
pub trait Strategy {
    /// A short lower-case name (`timid`, `basic`, ...).
    fn name(&self) -> &'static str;

    /// The action for the active hand of `game`, which is at a decision
    /// ([`Stage::Decide`](super::Stage::Decide)); `rng` for players that sample.
    fn decide<R: Rng + ?Sized>(
        &mut self,
        game: &Blackjack,
        rng: &mut R,
    ) -> Result<Action, BlackjackError>;
}

/// A player borrowed: decides as the player it points at (so a caller can lend a player it
/// keeps, e.g. one boxed for its size).
impl<S: Strategy> Strategy for &mut S {
    fn name(&self) -> &'static str {
        (**self).name()
    }

    fn decide<R: Rng + ?Sized>(
        &mut self,
        game: &Blackjack,
        rng: &mut R,
    ) -> Result<Action, BlackjackError> {
        (**self).decide(game, rng)
    }
}

/// Hit if `hit` and hitting is legal, else stand.
fn hit_or_stand(game: &Blackjack, hit: bool) -> Result<Action, BlackjackError> {
    let mut legal = heapless::Vec::new();
    game.legal_actions(&mut legal);
    if legal.is_empty() {
        return Err(BlackjackError::NotADecision);
    }
    Ok(if hit && legal.contains(&Action::Hit) {
        Action::Hit
    } else {
        Action::Stand
    })
}

/// The "timid" player of "MCTS for Black Jack" (an undated student report, Part II): never
/// takes a card that could bust the hand. cardtree's definition: hit while the hard total (aces
/// as 1) is at most 11, so no card can bust, and the total is below 17; otherwise stand. Never
/// doubles, splits or surrenders.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Timid;

impl Strategy for Timid {
    fn name(&self) -> &'static str {
        "timid"
    }

    fn decide<R: Rng + ?Sized>(
        &mut self,
        game: &Blackjack,
        _rng: &mut R,
    ) -> Result<Action, BlackjackError> {
        let h = game.active_hand().ok_or(BlackjackError::NotADecision)?;
        hit_or_stand(game, h.hard() <= 11 && h.total() < 17)
    }
}

/// The paper's "default" player (Part II), which plays like the dealer: hits below 17 (and soft
/// 17 when the dealer does, H17); never doubles, splits or surrenders.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DealerLike;

impl Strategy for DealerLike {
    fn name(&self) -> &'static str {
        "default"
    }

    fn decide<R: Rng + ?Sized>(
        &mut self,
        game: &Blackjack,
        _rng: &mut R,
    ) -> Result<Action, BlackjackError> {
        let h = game.active_hand().ok_or(BlackjackError::NotADecision)?;
        hit_or_stand(game, dealer_hits(h, game.rules().dealer_hits_soft_17))
    }
}

/// Exact composition-dependent play: at each decision the action of greatest expected value
/// from the current shoe, by the [`Oracle`]'s expectimax; with a decision cache
/// ([`Optimal::with_cache`]), each position is computed once.
#[derive(Debug)]
pub struct Optimal<'m> {
    oracle: Oracle<'m>,
    cache: Option<Decisions<'m>>,
}

impl<'m> Optimal<'m> {
    /// The optimal player, its oracle keeping its memo in `slots`
    /// ([`MEMO_SLOTS`](super::MEMO_SLOTS) slots are enough).
    #[must_use]
    pub fn new(oracle: Oracle<'m>) -> Optimal<'m> {
        Optimal {
            oracle,
            cache: None,
        }
    }

    /// The optimal player remembering the values of the positions it has decided in `slots`
    /// ([`DECISION_SLOTS`](super::DECISION_SLOTS) is enough for long runs): the same
    /// decisions, bit for bit, made faster where positions repeat.
    #[must_use]
    pub fn with_cache(oracle: Oracle<'m>, slots: &'m mut [Decision]) -> Optimal<'m> {
        Optimal {
            oracle,
            cache: Some(Decisions::new(slots)),
        }
    }

    /// Decisions answered from the cache and decisions computed, so far.
    #[must_use]
    pub fn cache_counts(&self) -> (u64, u64) {
        self.cache.as_ref().map_or((0, 0), Decisions::counts)
    }
}

impl Strategy for Optimal<'_> {
    fn name(&self) -> &'static str {
        "optimal"
    }

    fn decide<R: Rng + ?Sized>(
        &mut self,
        game: &Blackjack,
        _rng: &mut R,
    ) -> Result<Action, BlackjackError> {
        Ok(self.values(game)?.best().0)
    }
}

impl Optimal<'_> {
    /// The exact value of every legal action at `game`'s decision (from the cache when it
    /// has the position): what [`decide`](Strategy::decide) picks the best of.
    ///
    /// # Errors
    /// As [`Oracle::actions`].
    pub fn values(&mut self, game: &Blackjack) -> Result<ActionValues, BlackjackError> {
        match &mut self.cache {
            Some(cache) => {
                let mut legal = heapless::Vec::<Action, 5>::new();
                game.legal_actions(&mut legal);
                let oracle = &mut self.oracle;
                // The round's base, for the oracle to value its later decisions from.
                oracle.note_round(game);
                cache.get_or(game, &legal, || oracle.actions(game))
            }
            None => self.oracle.actions(game),
        }
    }
}

/// A player whose every decision is judged by an [`Optimal`] one: the regret of a decision is
/// the exact value of the best action less that of the action played. Summed over a round, the
/// regrets' expectation is the optimal player's expected return less this player's from the
/// same deal (each decision's loss, valued with optimal play after it: the performance
/// difference identity, Kakade & Langford 2002, "Approximately optimal approximate
/// reinforcement learning", lemma 6.1), so it measures a player's distance from optimal with
/// far less noise than the returns of paired hands.
#[derive(Debug)]
pub struct Audit<'m, S> {
    player: S,
    judge: Optimal<'m>,
    regret: f64,
}

impl<'m, S: Strategy> Audit<'m, S> {
    /// `player`, judged by `judge`.
    pub fn new(player: S, judge: Optimal<'m>) -> Audit<'m, S> {
        Audit {
            player,
            judge,
            regret: 0.0,
        }
    }

    /// The regret summed since the last call, and zeroed (call it after each round).
    pub fn take_regret(&mut self) -> f64 {
        core::mem::take(&mut self.regret)
    }
}

impl<S: Strategy> Strategy for Audit<'_, S> {
    fn name(&self) -> &'static str {
        self.player.name()
    }

    fn decide<R: Rng + ?Sized>(
        &mut self,
        game: &Blackjack,
        rng: &mut R,
    ) -> Result<Action, BlackjackError> {
        let action = self.player.decide(game, rng)?;
        let values = self.judge.values(game)?;
        let played = values.get(action).ok_or(BlackjackError::IllegalMove)?;
        self.regret += values.best().1 - played;
        Ok(action)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Pip, Rules, Shoe, Slot};
    use super::*;
    use crate::rng;

    fn game(a: Pip, up: Pip, b: Pip) -> Blackjack {
        Blackjack::dealt(Rules::new(), Shoe::standard(6).unwrap(), a, up, b).unwrap()
    }

    #[test]
    fn timid_and_default() {
        let r = &mut rng::seeded(0);
        assert_eq!(
            Timid.decide(&game(Pip::Ten, Pip::Six, Pip::Two), r),
            Ok(Action::Stand)
        );
        assert_eq!(
            Timid.decide(&game(Pip::Five, Pip::Six, Pip::Six), r),
            Ok(Action::Hit)
        );
        assert_eq!(
            Timid.decide(&game(Pip::Ace, Pip::Six, Pip::Five), r),
            Ok(Action::Hit)
        );
        assert_eq!(
            Timid.decide(&game(Pip::Ace, Pip::Six, Pip::Six), r),
            Ok(Action::Stand)
        );
        assert_eq!(
            DealerLike.decide(&game(Pip::Ten, Pip::Six, Pip::Six), r),
            Ok(Action::Hit)
        );
        assert_eq!(
            DealerLike.decide(&game(Pip::Ace, Pip::Six, Pip::Six), r),
            Ok(Action::Stand)
        );
        let mut done = game(Pip::Ten, Pip::Six, Pip::Six);
        crate::Game::apply(&mut done, super::super::Move::Act(Action::Stand));
        assert!(Timid.decide(&done, r).is_err());
    }

    #[test]
    fn optimal_splits_eights_against_a_six_and_stands_on_twenty() {
        let mut slots = [Slot::EMPTY; 4096];
        let mut p = Optimal::new(Oracle::new(Rules::new(), &mut slots).unwrap());
        let r = &mut rng::seeded(0);
        assert_eq!(
            p.decide(&game(Pip::Eight, Pip::Six, Pip::Eight), r),
            Ok(Action::Split)
        );
        assert_eq!(
            p.decide(&game(Pip::Ten, Pip::Six, Pip::Ten), r),
            Ok(Action::Stand)
        );
        assert_eq!(
            p.decide(&game(Pip::Six, Pip::Six, Pip::Five), r),
            Ok(Action::Double)
        );
    }

    #[test]
    fn an_audit_charges_each_decision_what_it_gives_up() {
        let mut slots = [Slot::EMPTY; 4096];
        let mut cache = [super::super::Decision::EMPTY; 64];
        let judge = Optimal::with_cache(Oracle::new(Rules::new(), &mut slots).unwrap(), &mut cache);
        // Timid hits 11 against a 6 and never doubles: it gives up the gap to doubling.
        let mut stands = Audit::new(Timid, judge);
        let r = &mut rng::seeded(0);
        let g = game(Pip::Six, Pip::Six, Pip::Five);
        let mut exact_slots = [Slot::EMPTY; 4096];
        let exact = Oracle::new(Rules::new(), &mut exact_slots)
            .unwrap()
            .actions(&g)
            .unwrap();
        assert_eq!(stands.decide(&g, r), Ok(Action::Hit));
        let hit_gap = exact.best().1 - exact.hit.unwrap();
        assert!(hit_gap > 0.1);
        assert!((stands.take_regret() - hit_gap).abs() < 1e-12);
        assert_eq!(stands.take_regret(), 0.0);
        // The optimal player gives up nothing.
        let mut slots2 = [Slot::EMPTY; 4096];
        let mut best = Audit::new(
            Optimal::new(Oracle::new(Rules::new(), &mut slots2).unwrap()),
            stands.judge,
        );
        for (a, up, b) in [
            (Pip::Ten, Pip::Two, Pip::Two),
            (Pip::Eight, Pip::Ten, Pip::Eight),
        ] {
            best.decide(&game(a, up, b), r).unwrap();
        }
        assert_eq!(best.take_regret(), 0.0);
    }

    #[test]
    fn the_cache_answers_repeated_positions_with_the_same_values() {
        use super::super::Decision;
        let mut slots = [Slot::EMPTY; 4096];
        let mut cache = [Decision::EMPTY; 64];
        let mut p = Optimal::with_cache(Oracle::new(Rules::new(), &mut slots).unwrap(), &mut cache);
        let r = &mut rng::seeded(0);
        let positions = [
            game(Pip::Ten, Pip::Three, Pip::Two),
            game(Pip::Eight, Pip::Ten, Pip::Eight),
            game(Pip::Ace, Pip::Six, Pip::Seven),
        ];
        let first = positions.each_ref().map(|g| p.decide(g, r));
        assert_eq!(p.cache_counts(), (0, 3));
        let again = positions.each_ref().map(|g| p.decide(g, r));
        assert_eq!(first, again);
        assert_eq!(p.cache_counts(), (3, 3));
        let mut plain_slots = [Slot::EMPTY; 4096];
        let mut plain = Optimal::new(Oracle::new(Rules::new(), &mut plain_slots).unwrap());
        let direct = positions.each_ref().map(|g| plain.decide(g, r));
        assert_eq!(first, direct);
    }
}
