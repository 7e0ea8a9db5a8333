//! Playing rounds: [`CardOrder`], the shuffled shoe every player of a comparison is dealt from,
//! and [`play_round`], one round of a [`Strategy`] against the dealer.

use rand_core::Rng;

use super::{Blackjack, BlackjackError, Move, Pip, Rules, Shoe, Stage, Strategy};
use crate::game::{Game, Side};
use crate::rng::{self, Xoshiro256PlusPlus};

/// The order of the cards of a shoe, fixed by a seed: the `k`-th card dealt is the same for
/// every player, whatever the cards before it were used for, so players compared on the same
/// seed are dealt the same cards (paired rounds). Cards are drawn lazily, one uniformly
/// random card of those left at a time, so no array of the whole shoe is needed.
#[derive(Clone, Debug)]
pub struct CardOrder {
    shoe: Shoe,
    rng: Xoshiro256PlusPlus,
    dealt: u32,
}

impl CardOrder {
    /// The order of `shoe` drawn from `rng::stream(seed, round)`.
    #[must_use]
    pub fn new(shoe: Shoe, seed: u64, round: u64) -> CardOrder {
        CardOrder {
            shoe,
            rng: rng::stream(seed, round),
            dealt: 0,
        }
    }

    /// The next card.
    pub fn next_card(&mut self) -> Result<Pip, BlackjackError> {
        let p = self.shoe.draw(&mut self.rng)?;
        self.dealt += 1;
        Ok(p)
    }

    /// Cards dealt so far.
    #[must_use]
    pub const fn dealt(&self) -> u32 {
        self.dealt
    }
}

/// What one round gave.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct RoundResult {
    /// The player's return in bets.
    pub value: f64,
    /// Decisions the player made.
    pub decisions: u32,
}

/// Plays one round of `player` from `shoe` dealt in `order`, physically: player, up card,
/// player, hole card, then the player's draws and the dealer's. `rng` is the player's own.
pub fn play_round<S: Strategy, R: Rng + ?Sized>(
    rules: Rules,
    shoe: Shoe,
    order: &mut CardOrder,
    player: &mut S,
    rng: &mut R,
) -> Result<RoundResult, BlackjackError> {
    let mut g = Blackjack::new(rules, shoe)?;
    let mut hole = None;
    let mut decisions = 0u32;
    // Each step deals a card or makes a decision; a round has far fewer.
    for _ in 0..1024 {
        let mv = match g.stage() {
            Stage::Done => {
                return Ok(RoundResult {
                    value: g.value(Side(0)),
                    decisions,
                });
            }
            Stage::Decide => {
                decisions += 1;
                let a = player.decide(&g, rng)?;
                g.try_apply(Move::Act(a))
                    .map_err(|_| BlackjackError::IllegalMove)?;
                continue;
            }
            Stage::Peek => {
                let partner = g.up().and_then(Pip::blackjack_partner);
                if hole.is_some() && hole == partner {
                    Move::DealerBlackjack
                } else {
                    Move::NoDealerBlackjack
                }
            }
            Stage::Hole => Move::Card(hole.ok_or(BlackjackError::ShoeExhausted)?),
            stage => {
                let c = order.next_card()?;
                if stage == Stage::PlayerSecond {
                    hole = order.next_card().ok();
                }
                Move::Card(c)
            }
        };
        g.try_apply(mv).map_err(|_| BlackjackError::CardNotInShoe)?;
    }
    Err(BlackjackError::NoLegalMove)
}

#[cfg(test)]
mod tests {
    use super::super::{Basic, Chart, DealerLike, Timid};
    use super::*;

    #[test]
    fn paired_rounds_deal_the_same_first_cards_and_repeat() {
        let shoe = Shoe::standard(6).unwrap();
        let rules = Rules::new();
        let mut total = 0.0;
        for round in 0..200 {
            let mut a = CardOrder::new(shoe, 7, round);
            let mut b = CardOrder::new(shoe, 7, round);
            let ra = play_round(rules, shoe, &mut a, &mut Timid, &mut rng::seeded(0)).unwrap();
            let rb = play_round(rules, shoe, &mut b, &mut Timid, &mut rng::seeded(1)).unwrap();
            assert_eq!(ra, rb);
            let rc = play_round(
                rules,
                shoe,
                &mut CardOrder::new(shoe, 7, round),
                &mut Basic::new(Chart::dealer_like()),
                &mut rng::seeded(0),
            )
            .unwrap();
            total += rc.value;
            let mut x = CardOrder::new(shoe, 7, round);
            let mut y = CardOrder::new(shoe, 7, round);
            for _ in 0..4 {
                assert_eq!(x.next_card(), y.next_card());
            }
        }
        assert!(total.abs() < 200.0);
    }

    #[test]
    fn every_preset_plays_without_error() {
        let rules = Rules::new();
        for preset in super::super::ShoePreset::ALL {
            for round in 0..50 {
                let mut r = rng::stream(11, round);
                let shoe = preset.build(6, &mut r).unwrap();
                let mut order = CardOrder::new(shoe, 11, round);
                let res = play_round(rules, shoe, &mut order, &mut DealerLike, &mut r).unwrap();
                assert!((-8.0..=8.0).contains(&res.value), "{preset}");
            }
        }
    }
}
