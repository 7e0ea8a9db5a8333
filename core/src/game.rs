//! The [`Game`] trait: what every search needs to know of a game, and nothing more.

use core::fmt;

use rand_core::Rng;

use crate::blank::Blank;
use crate::rng;

/// The most legal moves (or chance outcomes) any state may have; enough for every card game
/// here (at most 52 cards to draw, 25 squares to fill, 13 cards to play).
pub const MAX_MOVES: usize = 64;

/// The most sides a game may have (values a search keeps per playout).
pub const MAX_SIDES: usize = 8;

/// A state's legal moves, in a fixed-capacity list on the stack.
pub type MoveList<M> = heapless::Vec<M, MAX_MOVES>;

/// A chance state's outcomes with integer weights: outcome `i` happens with probability
/// `weight_i / sum(weights)`. Integers keep expectimax exact and sampling float-free.
pub type Outcomes<M> = heapless::Vec<(M, u32), MAX_MOVES>;

/// A decision maker, `0..Game::PLAYERS` (a seat in bridge).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Player(pub u8);

/// A side that owns a value, `0..Game::SIDES` (a partnership in bridge).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Side(pub u8);

/// Who acts in a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Turn {
    /// This player chooses a move.
    Player(Player),
    /// Nature draws an outcome.
    Chance,
    /// The game is over.
    Terminal,
}

impl Turn {
    /// The player to move, if a player moves.
    #[must_use]
    pub const fn player(self) -> Option<Player> {
        match self {
            Turn::Player(p) => Some(p),
            _ => None,
        }
    }
}

/// The closed range `[lo, hi]` every value of a game lies in (bridge: `[0, 13]` tricks).
/// Searches use it to normalise rewards and for the minimising side's power mean.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ValueRange {
    /// The least value.
    pub lo: f64,
    /// The greatest value.
    pub hi: f64,
}

/// A move that the state does not allow, refused by [`Game::try_apply`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct IllegalMove;

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("move not legal in this state")
    }
}

impl core::error::Error for IllegalMove {}

/// A game the searches of cardtree can play; see below for how two-player,
/// two-side and one-player-with-chance games fit.
///
/// A game is a state machine. At each state [`Game::turn`] says who acts:
///
/// - [`Turn::Player`]: a decision maker picks one of [`Game::legal_moves`];
/// - [`Turn::Chance`]: nature picks an outcome, sampled by [`Game::sample_chance`] or, where the
///   outcomes are finite, listed with integer weights by [`Game::chance_outcomes`] for exact
///   expectimax;
/// - [`Turn::Terminal`]: the game is over and [`Game::value`] scores it.
///
/// Players act; *sides* own values. Each player belongs to one side ([`Game::side_of`]) and a
/// search at a player's node maximises that side's value. This one mapping covers the games
/// of cardtree:
///
/// - **Two players** (tic-tac-toe): `PLAYERS = 2`, `SIDES = 2`, each player its own side
///   (the default `side_of`). Values are constant-sum (`value(0) + value(1) = lo + hi`), so a
///   two-side search can keep one number and minimise on the other side's turns.
/// - **Two sides of two seats** (bridge card play): `PLAYERS = 4` seats N, E, S, W and
///   `SIDES = 2` partnerships, `side_of(seat) = seat % 2` (see [`Seat::side`](crate::Seat::side));
///   the value of a side is the tricks it took, `0..=13`.
/// - **One player against chance** (Poker Squares, Blackjack): `PLAYERS = 1`, `SIDES = 1`, card
///   draws are chance turns, and the value is the score or the money won.
///
/// Games with more sides get one value per side, for max^n-style searches.
///
/// Imperfect information: [`Game::determinize`] samples a complete state consistent with what
/// one player can see (in bridge card play, a deal of the hidden hands consistent with the
/// play so far). Perfect-information games keep the default, a plain copy.
///
/// The rules of a game never panic: an illegal move given to [`Game::apply`] leaves the state
/// unspecified but valid; [`Game::try_apply`] checks first.
pub trait Game: Clone {
    /// A move or a chance outcome; small and `Copy`, storable in a [`Tree`](crate::Tree).
    type Move: Copy + Eq + fmt::Debug + Blank;

    /// The number of decision makers.
    const PLAYERS: u8;
    /// The number of sides that own values.
    const SIDES: u8;

    /// Who acts now.
    fn turn(&self) -> Turn;

    /// The side a player plays for; by default each player is its own side.
    fn side_of(&self, player: Player) -> Side {
        Side(player.0)
    }

    /// Replaces the contents of `moves` with the legal moves of the player to act, in a
    /// deterministic order; empty at chance and terminal states.
    fn legal_moves(&self, moves: &mut MoveList<Self::Move>);

    /// Plays a legal move or a chance outcome. Given anything else it must not panic; the
    /// state is then unspecified.
    fn apply(&mut self, mv: Self::Move);

    /// At a chance state whose outcomes are finite, replaces the contents of `outcomes` with
    /// them and their integer weights and returns `true`. Returns `false` where outcomes
    /// cannot be listed (then only [`sample_chance`](Game::sample_chance) works) and at states
    /// that are not chance states (then `outcomes` is left empty).
    fn chance_outcomes(&self, outcomes: &mut Outcomes<Self::Move>) -> bool {
        outcomes.clear();
        false
    }

    /// Draws a chance outcome with the caller's generator, or `None` at a non-chance state.
    /// By default: one weighted pick from [`chance_outcomes`](Game::chance_outcomes).
    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Move> {
        let mut outcomes = Outcomes::new();
        if !self.chance_outcomes(&mut outcomes) {
            return None;
        }
        let mut weights: heapless::Vec<u32, MAX_MOVES> = heapless::Vec::new();
        for &(_, w) in &outcomes {
            weights.push(w).ok()?;
        }
        let i = rng::choose_weighted(rng, &weights)?;
        outcomes.get(i).map(|&(mv, _)| mv)
    }

    /// The value of a terminal state for `side`, within [`value_range`](Game::value_range).
    /// At other states the result is unspecified (a game may give an estimate).
    fn value(&self, side: Side) -> f64;

    /// The range every value of this game lies in.
    fn value_range(&self) -> ValueRange;

    /// A static estimate of the value for `side`, for depth-limited searches that stop before
    /// the end. The default knows nothing: the value at a terminal state, else the middle of
    /// the [`value_range`](Game::value_range). Games override it with a heuristic.
    fn evaluate(&self, side: Side) -> f64 {
        if self.turn() == Turn::Terminal {
            self.value(side)
        } else {
            let r = self.value_range();
            r.lo + (r.hi - r.lo) / 2.0
        }
    }

    /// A complete state consistent with what `observer` knows, drawn with `rng`: the hook for
    /// imperfect-information search. Perfect-information games return a copy (the default).
    fn determinize<R: Rng + ?Sized>(&self, observer: Player, rng: &mut R) -> Self {
        let _ = (observer, rng);
        self.clone()
    }

    /// Plays `mv` if it is legal here (a legal move, or an outcome of positive weight at a
    /// listable chance state); otherwise returns [`IllegalMove`] and changes nothing. Chance
    /// states whose outcomes cannot be listed accept any outcome.
    fn try_apply(&mut self, mv: Self::Move) -> Result<(), IllegalMove> {
        let legal = match self.turn() {
            Turn::Player(_) => {
                let mut moves = MoveList::new();
                self.legal_moves(&mut moves);
                moves.contains(&mv)
            }
            Turn::Chance => {
                let mut outcomes = Outcomes::new();
                !self.chance_outcomes(&mut outcomes)
                    || outcomes.iter().any(|&(o, w)| o == mv && w > 0)
            }
            Turn::Terminal => false,
        };
        if legal {
            self.apply(mv);
            Ok(())
        } else {
            Err(IllegalMove)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One player calls heads (0) or tails (1), then a biased coin lands: heads weight 3,
    /// tails weight 1. Value 1 for a right call.
    #[derive(Clone, Debug)]
    struct Coin {
        call: Option<u8>,
        landed: Option<u8>,
    }

    impl Game for Coin {
        type Move = u8;
        const PLAYERS: u8 = 1;
        const SIDES: u8 = 1;
        fn turn(&self) -> Turn {
            match (self.call, self.landed) {
                (None, _) => Turn::Player(Player(0)),
                (Some(_), None) => Turn::Chance,
                _ => Turn::Terminal,
            }
        }
        fn legal_moves(&self, moves: &mut MoveList<u8>) {
            moves.clear();
            if self.call.is_none() {
                moves.extend_from_slice(&[0, 1]).ok();
            }
        }
        fn apply(&mut self, mv: u8) {
            match self.turn() {
                Turn::Player(_) => self.call = Some(mv),
                Turn::Chance => self.landed = Some(mv),
                Turn::Terminal => {}
            }
        }
        fn chance_outcomes(&self, outcomes: &mut Outcomes<u8>) -> bool {
            outcomes.clear();
            if self.turn() != Turn::Chance {
                return false;
            }
            outcomes.extend_from_slice(&[(0, 3), (1, 1), (2, 0)]).ok();
            true
        }
        fn value(&self, _: Side) -> f64 {
            if self.call == self.landed { 1.0 } else { 0.0 }
        }
        fn value_range(&self) -> ValueRange {
            ValueRange { lo: 0.0, hi: 1.0 }
        }
    }

    #[test]
    fn default_sampling_follows_integer_weights() {
        let mut g = Coin {
            call: None,
            landed: None,
        };
        assert_eq!(
            g.sample_chance(&mut rng::seeded(1)),
            None,
            "not a chance state"
        );
        g.apply(0);
        let mut r = rng::seeded(2);
        let mut heads = 0;
        for _ in 0..4000 {
            match g.sample_chance(&mut r) {
                Some(0) => heads += 1,
                Some(1) => {}
                other => panic!("impossible outcome {other:?}"),
            }
        }
        assert!((2850..3150).contains(&heads), "{heads}");
    }

    #[test]
    fn try_apply_checks_moves_and_outcomes() {
        let mut g = Coin {
            call: None,
            landed: None,
        };
        assert_eq!(g.try_apply(5), Err(IllegalMove));
        assert_eq!(g.try_apply(1), Ok(()));
        assert_eq!(g.turn(), Turn::Chance);
        assert_eq!(g.try_apply(2), Err(IllegalMove), "an outcome of weight 0");
        assert_eq!(g.try_apply(1), Ok(()));
        assert_eq!(g.turn(), Turn::Terminal);
        assert_eq!(g.try_apply(0), Err(IllegalMove));
        assert_eq!(g.value(Side(0)), 1.0);
        assert_eq!(g.side_of(Player(0)), Side(0));
        assert_eq!(Turn::Player(Player(3)).player(), Some(Player(3)));
        assert_eq!(Turn::Chance.player(), None);
        let d = g.determinize(Player(0), &mut rng::seeded(0));
        assert_eq!((d.call, d.landed), (g.call, g.landed));
    }
}
