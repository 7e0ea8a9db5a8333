//! [`review`]: a played hand judged double dummy, card by card.
//!
//! On top of the [`trace`] (declarer's side's tricks with double-dummy play before every card
//! and after the last), each card gets its cost: the tricks its side gave away by playing it
//! rather than the best card (the drop in declarer's value for a card of declarer or dummy,
//! the rise for a defender's). A card that cost anything also gets the cards that would have
//! kept the value, found by one zero-window test a group of equal cards at that point. A claim
//! is judged against the value where it was made: it held double dummy if the defence could
//! not have kept declarer below it.
//!
//! Every solve shares the caller's [`TransTable`]: the positions of one hand have most of their
//! cards in common.

use super::play::BridgePlay;
use super::seat::Seat;
use super::solver::{SolveStats, SolverConfig, TableMemory, TransTable, solve_reaching};
use super::trace::{MAX_TRACE, Trace, TraceError, trace_with};
use crate::card::Card;
use crate::cards::Cards;
use crate::game::Side;

/// One card of a reviewed hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct CardReview {
    /// The card.
    pub card: Card,
    /// Who played it (dummy's cards are dummy's seat; declarer chose them).
    pub seat: Seat,
    /// Tricks the card's side gave away double dummy by playing it: 0 for a card as good as
    /// the best.
    pub cost: u8,
    /// With a cost, the cards the player could have played instead that kept the value (empty
    /// for a card that cost nothing).
    pub kept: Cards,
}

/// Who chose a card: declarer (for declarer's and dummy's cards) or a defender.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Role {
    /// Declarer, playing from either hand of the declaring side.
    Declarer = 0,
    /// A defender.
    Defender = 1,
}

/// A claim judged double dummy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ClaimReview {
    /// Declarer's tricks claimed (the hand's total).
    pub claimed: u8,
    /// Declarer's tricks with double-dummy play from where the claim was made.
    pub value: u8,
}

impl ClaimReview {
    /// Whether the claim held: the defence could not have kept declarer below it.
    #[must_use]
    pub const fn held(&self) -> bool {
        self.claimed <= self.value
    }

    /// Tricks the claim gave away double dummy, and by whom: declarer's, claiming fewer than
    /// double-dummy play takes; the defence's, accepting more than it could have held declarer
    /// to. `None` for a claim of exactly the value.
    #[must_use]
    pub const fn given_away(&self) -> Option<(Role, u8)> {
        if self.claimed < self.value {
            Some((Role::Declarer, self.value - self.claimed))
        } else if self.claimed > self.value {
            Some((Role::Defender, self.claimed - self.value))
        } else {
            None
        }
    }
}

/// A played hand judged double dummy: its [`Trace`], every card's [`CardReview`], and the
/// claim's [`ClaimReview`] if there was one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Review {
    /// The values before every card and after the last.
    pub trace: Trace,
    cards: [Option<CardReview>; MAX_TRACE - 1],
    len: u8,
    /// The claim, judged.
    pub claim: Option<ClaimReview>,
    /// The work of every solve, the trace's included.
    pub stats: SolveStats,
}

impl Review {
    /// The cards played, in order, each judged.
    pub fn cards(&self) -> impl Iterator<Item = &CardReview> {
        self.cards[..usize::from(self.len).min(MAX_TRACE - 1)]
            .iter()
            .flatten()
    }

    /// Who chose `card`'s play: declarer for the declaring side's cards, else a defender.
    #[must_use]
    pub fn role(&self, card: &CardReview) -> Role {
        if card.seat.side() == self.trace.declarer() {
            Role::Declarer
        } else {
            Role::Defender
        }
    }

    /// Tricks given away by each role over the hand, the cards' and the claim's:
    /// `[declarer, defence]`.
    #[must_use]
    pub fn lost(&self) -> [u32; 2] {
        let mut out = [0u32; 2];
        for c in self.cards() {
            out[self.role(c) as usize] += u32::from(c.cost);
        }
        if let Some((role, n)) = self.claim.and_then(|c| c.given_away()) {
            out[role as usize] += u32::from(n);
        }
        out
    }
}

/// [`review`] with the default [`SolverConfig`].
pub fn review<M: TableMemory>(
    start: &BridgePlay,
    play: &[Card],
    claim: Option<u8>,
    table: &mut TransTable<M>,
) -> Result<Review, TraceError> {
    review_with(start, play, claim, table, &SolverConfig::default())
}

/// Judges `play` from `start` double dummy (see the [module](crate::bridge::review) docs);
/// `claim` is declarer's total tricks claimed after the cards of `play` (counting the tricks
/// won before `start`, as `start.tricks_won` has them). The declaring side is the one not on
/// lead in `start` (as for [`trace`](crate::bridge::trace)): `start` is the opening lead, or a
/// later position whose trick declarer's side did not lead.
pub fn review_with<M: TableMemory>(
    start: &BridgePlay,
    play: &[Card],
    claim: Option<u8>,
    table: &mut TransTable<M>,
    config: &SolverConfig,
) -> Result<Review, TraceError> {
    let t = trace_with(start, play, table, config)?;
    let declarer_side: Side = t.declarer();
    let mut out = Review {
        trace: t,
        cards: [None; MAX_TRACE - 1],
        len: 0,
        claim: None,
        stats: t.stats,
    };
    let values = t.values();
    let won_at_start = start.tricks_won(declarer_side);
    let mut position = *start;
    for (i, &card) in play.iter().enumerate().take(values.len().saturating_sub(1)) {
        let seat = position.to_move();
        let mover_declares = seat.side() == declarer_side;
        let (before, after) = (values[i], values[i + 1]);
        let cost = if mover_declares {
            before.saturating_sub(after)
        } else {
            after.saturating_sub(before)
        };
        let mut kept = Cards::EMPTY;
        if cost > 0 {
            // The mover's side's tricks from here on that keep the value before the card.
            let won = position
                .tricks_won(declarer_side)
                .saturating_sub(won_at_start);
            let future = before.saturating_sub(won);
            let left = position.tricks_left();
            let target = if mover_declares {
                future
            } else {
                left.saturating_sub(future)
            };
            let r = solve_reaching(&position, table, config, target);
            out.stats.add(&r.stats);
            for &(c, reaches) in &r.cards {
                if reaches {
                    kept.insert(c);
                }
            }
        }
        out.cards[i] = Some(CardReview {
            card,
            seat,
            cost,
            kept,
        });
        out.len = (i + 1) as u8;
        // The trace played these cards already: they are legal.
        if position.play(card).is_err() {
            break;
        }
    }
    out.claim = claim.map(|claimed| {
        let value = values.last().copied().unwrap_or(0) + won_at_start;
        ClaimReview { claimed, value }
    });
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{Deal, Strain, TtLine, solve};
    use crate::rng;

    /// A hand played out double dummy, with a card of a known cost put in at random points:
    /// the review finds exactly those, each with its cost, and the cards it names as keeping
    /// the value do keep it.
    #[test]
    fn errors_put_in_are_found_with_their_cost_and_nothing_else() {
        let mut r = rng::seeded(64);
        let mut lines = [TtLine::ZERO; 4096];
        for round in 0..4 {
            let full = Deal::random(&mut r);
            // Endings of 5 cards a hand keep the test quick.
            let mut hands = *full.hands();
            for seat in Seat::ALL {
                while hands[seat].len() > 5 {
                    let c = hands[seat].lowest().unwrap();
                    hands[seat].remove(c);
                }
            }
            let deal = Deal::from_hands(hands).unwrap();
            let strain = Strain::ALL[round % 5];
            let start = BridgePlay::new(&deal, strain, Seat::ALL[round % 4]).unwrap();
            let mut pos = start;
            let mut play: heapless::Vec<Card, 20> = heapless::Vec::new();
            let mut costs: heapless::Vec<u8, 20> = heapless::Vec::new();
            while pos.tricks_left() > 0 {
                let s = solve(&pos, &mut TransTable::new(&mut lines));
                // Every third card the worst card, else the best.
                let pick = if play.len() % 3 == 1 {
                    s.cards.iter().min_by_key(|c| c.1).unwrap()
                } else {
                    s.cards.iter().max_by_key(|c| c.1).unwrap()
                };
                costs.push(s.best - pick.1).unwrap();
                play.push(pick.0).unwrap();
                pos.play(pick.0).unwrap();
            }
            let rv = review(&start, &play, None, &mut TransTable::new(&mut lines)).unwrap();
            let got: heapless::Vec<u8, 20> = rv.cards().map(|c| c.cost).collect();
            assert_eq!(got, costs, "round {round}");
            // The cards kept: each does keep the value, the others lose some.
            let mut p = start;
            for c in rv.cards() {
                if c.cost > 0 {
                    let s = solve(&p, &mut TransTable::new(&mut lines));
                    for &(card, v) in &s.cards {
                        assert_eq!(c.kept.contains(card), v == s.best, "{card}");
                    }
                }
                p.play(c.card).unwrap();
            }
            let lost = rv.lost();
            assert_eq!(
                lost[0] + lost[1],
                costs.iter().map(|&c| u32::from(c)).sum::<u32>()
            );
        }
    }

    #[test]
    fn a_claim_holds_when_the_defence_cannot_beat_it() {
        // (A claim below the value gives declarer's tricks away: see `given_away`.)
        let c = ClaimReview {
            claimed: 7,
            value: 9,
        };
        assert!(c.held());
        assert_eq!(c.given_away(), Some((Role::Declarer, 2)));
        let deal = Deal::random(&mut rng::seeded(3));
        let start = BridgePlay::new(&deal, Strain::NoTrump, Seat::East).unwrap();
        let mut lines = [TtLine::ZERO; 4096];
        let value = solve(&start, &mut TransTable::new(&mut lines)).best;
        let declarer_tricks = 13 - value;
        for (claim, held) in [(declarer_tricks, true), (declarer_tricks + 1, false)] {
            let rv = review(&start, &[], Some(claim), &mut TransTable::new(&mut lines)).unwrap();
            assert_eq!(rv.claim.unwrap().held(), held);
            let lost = rv.lost();
            assert_eq!(lost, if held { [0, 0] } else { [0, 1] });
            assert_eq!(rv.trace.declarer(), Seat::North.side());
        }
    }
}
