//! Dice duel: a small two-player game with chance that always ends, the test game for
//! expectiminimax and chance-node UCT.
//!
//! Players take turns. On its turn a player either stops for good or rolls a die with faces
//! `1..=faces` (a chance state, faces equally likely) and adds the face to its total. A total
//! above `limit` busts: that player loses at once. When both have stopped, the higher total
//! wins; equal totals draw. A player who has stopped is skipped. Win 1, draw 0.5, loss 0.

use core::fmt;

use crate::game::{Game, MoveList, Outcomes, Player, Side, Turn, ValueRange};

/// The player's moves (chance outcomes are the faces `1..=faces`).
pub mod moves {
    /// Stop for good.
    pub const STOP: u8 = 0;
    /// Roll the die.
    pub const ROLL: u8 = 1;
}

/// A dice-duel position.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct DiceDuel {
    limit: u8,
    faces: u8,
    totals: [u8; 2],
    stopped: [bool; 2],
    to_move: u8,
    rolling: bool,
    bust: Option<u8>,
}

impl DiceDuel {
    /// The start: both totals 0, player 0 to move. `None` unless `1 <= faces <= 20` and
    /// `1 <= limit <= 200`.
    #[must_use]
    pub const fn new(limit: u8, faces: u8) -> Option<DiceDuel> {
        if faces == 0 || faces > 20 || limit == 0 || limit > 200 {
            return None;
        }
        Some(DiceDuel {
            limit,
            faces,
            totals: [0, 0],
            stopped: [false, false],
            to_move: 0,
            rolling: false,
            bust: None,
        })
    }

    /// The players' totals.
    #[must_use]
    pub const fn totals(&self) -> [u8; 2] {
        self.totals
    }

    /// Passes the turn to the other player unless it has stopped.
    fn pass(&mut self) {
        let other = 1 - self.to_move;
        if !self.stopped[other as usize] {
            self.to_move = other;
        }
    }
}

impl Game for DiceDuel {
    /// [`moves::STOP`] or [`moves::ROLL`] for players; the face rolled for chance.
    type Move = u8;
    const PLAYERS: u8 = 2;
    const SIDES: u8 = 2;

    fn turn(&self) -> Turn {
        if self.bust.is_some() || (self.stopped[0] && self.stopped[1]) {
            Turn::Terminal
        } else if self.rolling {
            Turn::Chance
        } else {
            Turn::Player(Player(self.to_move))
        }
    }

    fn legal_moves(&self, list: &mut MoveList<u8>) {
        list.clear();
        if let Turn::Player(_) = self.turn() {
            let _ = list.extend_from_slice(&[moves::STOP, moves::ROLL]);
        }
    }

    fn apply(&mut self, mv: u8) {
        match self.turn() {
            Turn::Player(Player(p)) => match mv {
                moves::STOP => {
                    self.stopped[usize::from(p & 1)] = true;
                    self.pass();
                }
                moves::ROLL => self.rolling = true,
                _ => {}
            },
            Turn::Chance if (1..=self.faces).contains(&mv) => {
                let p = usize::from(self.to_move & 1);
                self.totals[p] = self.totals[p].saturating_add(mv);
                self.rolling = false;
                if self.totals[p] > self.limit {
                    self.bust = Some(self.to_move);
                } else {
                    self.pass();
                }
            }
            _ => {}
        }
    }

    fn chance_outcomes(&self, outcomes: &mut Outcomes<u8>) -> bool {
        outcomes.clear();
        if self.turn() != Turn::Chance {
            return false;
        }
        for face in 1..=self.faces {
            let _ = outcomes.push((face, 1));
        }
        true
    }

    fn value(&self, side: Side) -> f64 {
        let me = usize::from(side.0 & 1);
        if let Some(b) = self.bust {
            return if usize::from(b) == me { 0.0 } else { 1.0 };
        }
        let (mine, theirs) = (self.totals[me], self.totals[1 - me]);
        if mine > theirs {
            1.0
        } else if mine < theirs {
            0.0
        } else {
            0.5
        }
    }

    fn value_range(&self) -> ValueRange {
        ValueRange { lo: 0.0, hi: 1.0 }
    }
}

impl fmt::Debug for DiceDuel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "DiceDuel(d{} to {}: {:?}, stopped {:?}, {:?})",
            self.faces,
            self.limit,
            self.totals,
            self.stopped,
            self.turn()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng;
    use crate::search::{RandomPolicy, playout};

    #[test]
    fn rules() {
        assert_eq!(DiceDuel::new(9, 0), None);
        assert_eq!(DiceDuel::new(0, 3), None);
        let mut g = DiceDuel::new(5, 3).unwrap();
        assert_eq!(g.turn(), Turn::Player(Player(0)));
        g.apply(moves::ROLL);
        assert_eq!(g.turn(), Turn::Chance);
        g.apply(7); // not a face: nothing happens
        assert_eq!(g.turn(), Turn::Chance);
        g.apply(3);
        assert_eq!((g.totals(), g.turn()), ([3, 0], Turn::Player(Player(1))));
        g.apply(moves::STOP);
        assert_eq!(
            g.turn(),
            Turn::Player(Player(0)),
            "a stopped player is skipped"
        );
        g.apply(moves::ROLL);
        g.apply(3);
        assert_eq!(g.turn(), Turn::Terminal, "6 > 5 busts");
        assert_eq!((g.value(Side(0)), g.value(Side(1))), (0.0, 1.0));
        let mut h = DiceDuel::new(5, 3).unwrap();
        h.apply(moves::STOP);
        h.apply(moves::STOP);
        assert_eq!((h.turn(), h.value(Side(0))), (Turn::Terminal, 0.5));
    }

    #[test]
    fn random_playouts_end() {
        let mut r = rng::seeded(4);
        for _ in 0..200 {
            let mut g = DiceDuel::new(9, 3).unwrap();
            let plies = playout(&mut g, &mut RandomPolicy, &mut r, 100).unwrap();
            assert!(plies <= 40);
            assert_eq!(g.value(Side(0)) + g.value(Side(1)), 1.0);
        }
    }
}
