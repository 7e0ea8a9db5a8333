//! [`query`]: the cards of the player to move, asked about the ways a bridge program asks.
//!
//! A program that plays or analyses a hand asks one of a few questions of a position: which
//! card is best (and what it is worth), which cards are all best, what every card is worth,
//! or which cards reach a number of tricks. Each answer lists *groups of equal cards*, the
//! cards of the mover that no card still in play (in another hand, or in the trick under way)
//! separates, by their top card and the others of the group ([`CardScore::equals`]); every
//! card of a group has the same value. These are the questions and answers of DDS's
//! `SolveBoard` (its `target` is [`Goal`], its `solutions` [`Listed`], its `mode` 0
//! [`CardQuery::search_forced`] off), so the C interface is a translation of them, and the
//! other doors can ask them too.
//!
//! Cards of equal score are listed highest first: spades, hearts, diamonds, clubs, and in
//! each suit from the ace down (DDS lists them in its own search order; the cards and their
//! scores are the same). [`Listed::One`] names the first card the search's move order finds
//! reaching the goal (as DDS names its search's card): one card of the best score, found
//! with one test where the others need a test a group.

use super::play::BridgePlay;
use super::solver::{
    SolveStats, SolverConfig, TableMemory, TransTable, first_reaching, solve_reaching,
    solve_value_with, solve_with,
};
use crate::card::Card;
use crate::cards::Cards;

/// Which cards an answer lists (DDS's `solutions`, 1 to 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Listed {
    /// One best card (one card that reaches the goal): the first the search's move order
    /// finds.
    One = 1,
    /// Every best card (every card that reaches the goal).
    AllBest = 2,
    /// Every card, each with its exact value, best first; the goal is not used.
    All = 3,
}

/// What is asked of the cards (DDS's `target`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Goal {
    /// The most tricks the mover's side can take (DDS's target -1).
    Optimum,
    /// Whether the mover's side can take at least this many tricks, 1 or more (DDS's target
    /// 1 to 13): the cards that do, scored with the target, not their exact values.
    Reach(u8),
    /// The legal cards only, no search (DDS's target 0): every score 0.
    Legal,
}

/// A question about the cards of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct CardQuery {
    /// What is asked. Default [`Goal::Optimum`].
    pub goal: Goal,
    /// Which cards the answer lists. Default [`Listed::All`].
    pub listed: Listed,
    /// Search even when the mover has only one group of equal cards to play. Off (DDS's mode
    /// 0), that one group is answered at once, with [`Score::NotSearched`], unless every card
    /// is listed. Default on.
    pub search_forced: bool,
}

impl Default for CardQuery {
    fn default() -> Self {
        CardQuery {
            goal: Goal::Optimum,
            listed: Listed::All,
            search_forced: true,
        }
    }
}

/// What a group of equal cards is worth to the mover's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Score {
    /// The tricks the mover's side takes from here on (the trick under way included), or for
    /// [`Goal::Reach`] the target it reaches, or 0 for [`Goal::Legal`].
    Tricks(u8),
    /// The only group the mover can play, not searched ([`CardQuery::search_forced`] off).
    NotSearched,
}

/// A group of equal cards and its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct CardScore {
    /// The group's top card.
    pub card: Card,
    /// The group's other cards (below `card`, equal to it).
    pub equals: Cards,
    /// The group's score.
    pub score: Score,
}

/// The answer to a [`CardQuery`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryAnswer {
    /// The groups listed. Empty when the position has no card to play, or when a
    /// [`Goal::Reach`] is missed.
    pub cards: heapless::Vec<CardScore, 13>,
    /// With [`Goal::Reach`], whether the target was missed (no card reaches it).
    pub missed: bool,
    /// The work done.
    pub stats: SolveStats,
}

/// The cards of `hand` equal to `card` for play: `card` and every card of `hand` in its suit
/// that no card of `out` (the other cards still in play) separates from it.
pub fn equal_cards(card: Card, hand: Cards, out: Cards) -> Cards {
    let suit = card.suit();
    let mine = hand.suit_ranks(suit);
    let block = out.suit_ranks(suit) & !mine;
    let run = crate::bridge::solver::bits::equal_run(
        1 << (card.rank() as u16),
        u64::from(mine),
        u64::from(block),
    );
    Cards::from_suit_ranks(suit, run as u16)
}

/// The legal cards of the player to move, in groups of equal cards, highest first.
fn groups(position: &BridgePlay) -> heapless::Vec<(Card, Cards), 13> {
    let mover = position.to_move();
    let hand = position.hand(mover);
    let mut out = Cards::EMPTY;
    for seat in crate::bridge::Seat::ALL {
        if seat != mover {
            out = out.union(position.hand(seat));
        }
    }
    for &c in position.trick() {
        out.insert(c);
    }
    let mut left = position.legal();
    let mut list = heapless::Vec::new();
    while let Some(top) = left.highest() {
        let group = equal_cards(top, hand, out).intersection(left);
        left = left.difference(group);
        let _ = list.push((top, group.without(top)));
    }
    list
}

/// Answers `query` about the cards of the player to move in `position`, with the default
/// [`SolverConfig`]; see the [module](crate::bridge::query) docs.
pub fn query<M: TableMemory>(
    position: &BridgePlay,
    query: &CardQuery,
    table: &mut TransTable<M>,
) -> QueryAnswer {
    query_with(position, query, table, &SolverConfig::default())
}

/// [`query`] with the solver's techniques as `config` says.
pub fn query_with<M: TableMemory>(
    position: &BridgePlay,
    q: &CardQuery,
    table: &mut TransTable<M>,
    config: &SolverConfig,
) -> QueryAnswer {
    let mut answer = QueryAnswer {
        cards: heapless::Vec::new(),
        missed: false,
        stats: SolveStats::default(),
    };
    let groups = groups(position);
    let total = position.tricks_left();
    let scored = |list: &mut heapless::Vec<CardScore, 13>, (card, equals): (Card, Cards), score| {
        let _ = list.push(CardScore {
            card,
            equals,
            score,
        });
    };
    let Some(&first) = groups.first() else {
        return answer;
    };
    // The last trick: one card each, nothing to search.
    if total <= 1 && position.hand(position.to_move()).len() <= 1 {
        let tricks = if q.goal == Goal::Legal && q.listed != Listed::All {
            0
        } else {
            let mut p = *position;
            let _ = p.play(first.0);
            let mut rest = p;
            while rest.tricks_left() > 0 {
                let Some(c) = rest.legal().highest() else {
                    break;
                };
                let _ = rest.play(c);
            }
            let side = position.to_move().side();
            rest.tricks_won(side) - position.tricks_won(side)
        };
        scored(
            &mut answer.cards,
            (first.0, Cards::EMPTY),
            Score::Tricks(tricks),
        );
        return answer;
    }
    if !q.search_forced && groups.len() == 1 && q.listed != Listed::All {
        scored(&mut answer.cards, first, Score::NotSearched);
        return answer;
    }
    match (q.listed, q.goal) {
        (Listed::All, _) => {
            let s = solve_with(position, table, config);
            answer.stats = s.stats;
            let value = |card: Card| {
                s.cards
                    .iter()
                    .find(|&&(c, _)| c == card)
                    .map_or(0, |&(_, v)| v)
            };
            let mut list: heapless::Vec<(Card, Cards, u8), 13> = heapless::Vec::new();
            for &(card, equals) in &groups {
                let _ = list.push((card, equals, value(card)));
            }
            // Best first; an insertion sort (stable) keeps the highest-first order among equal
            // scores.
            for i in 1..list.len() {
                let mut j = i;
                while j > 0 && list[j - 1].2 < list[j].2 {
                    list.swap(j - 1, j);
                    j -= 1;
                }
            }
            for (card, equals, v) in list {
                scored(&mut answer.cards, (card, equals), Score::Tricks(v));
            }
        }
        (listed, Goal::Legal) => {
            let n = if listed == Listed::One {
                1
            } else {
                groups.len()
            };
            for &g in groups.iter().take(n) {
                scored(&mut answer.cards, g, Score::Tricks(0));
            }
        }
        (listed, goal) => {
            let target = match goal {
                Goal::Reach(t) => t.min(total),
                _ => {
                    let v = solve_value_with(position, table, config);
                    answer.stats.add(&v.stats);
                    v.tricks
                }
            };
            if target == 0 {
                // Every card takes nothing more (DDS's optimum of 0): one or all, scored 0.
                let n = if listed == Listed::One {
                    1
                } else {
                    groups.len()
                };
                for &g in groups.iter().take(n) {
                    scored(&mut answer.cards, g, Score::Tricks(0));
                }
                return answer;
            }
            // One card: the first the search finds; every best card: each group tested.
            let r = if listed == Listed::One {
                first_reaching(position, table, config, target)
            } else {
                solve_reaching(position, table, config, target)
            };
            answer.stats.add(&r.stats);
            for &g in &groups {
                let reaches = r.cards.iter().any(|&(c, ok)| ok && c == g.0);
                if reaches {
                    scored(&mut answer.cards, g, Score::Tricks(target));
                    if listed == Listed::One {
                        break;
                    }
                }
            }
            answer.missed = answer.cards.is_empty();
        }
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::pbn::{self, SizeRule};
    use crate::bridge::{Seat, Strain, TtLine, solve};
    use crate::rng;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn equal_cards_are_runs_no_other_card_separates() {
        let hand: Cards = "SK SQ S9 S8 S2".parse().unwrap();
        let out: Cards = "SJ ST S7 HA".parse().unwrap();
        assert_eq!(equal_cards(card("SK"), hand, out), "SK SQ".parse().unwrap());
        assert_eq!(equal_cards(card("S8"), hand, out), "S9 S8".parse().unwrap());
        // Cards played in earlier tricks are out of play: nothing between S2 and S7.
        assert_eq!(equal_cards(card("S2"), hand, out), "S2".parse().unwrap());
        let out2: Cards = "SJ ST".parse().unwrap();
        assert_eq!(
            equal_cards(card("S2"), hand, out2),
            "S9 S8 S2".parse().unwrap()
        );
    }

    /// Every question on random endings, against the exact value of every card.
    #[test]
    fn answers_agree_with_the_exact_values() {
        let mut lines = [TtLine::ZERO; 1024];
        let mut r = rng::seeded(9);
        for n in 0..24 {
            let full = crate::bridge::Deal::random(&mut r);
            let k = 3 + n % 4;
            let hands = crate::bridge::BySeat::from_fn(|s| full.hand(s).iter().take(k).collect());
            let deal = crate::bridge::Deal::from_hands(hands).unwrap();
            let strain = Strain::ALL[n % 5];
            let mut pos = BridgePlay::new(&deal, strain, Seat::ALL[n % 4]).unwrap();
            for _ in 0..(n % 3) {
                let c = pos.legal().choose(&mut r).unwrap();
                pos.play(c).unwrap();
            }
            let exact = solve(&pos, &mut TransTable::new(&mut lines[..]));
            let value = |c: Card| exact.cards.iter().find(|x| x.0 == c).unwrap().1;
            let all = query(
                &pos,
                &CardQuery::default(),
                &mut TransTable::new(&mut lines[..]),
            );
            // Every legal card is in exactly one group, every group scored exactly.
            let mut seen = Cards::EMPTY;
            for g in &all.cards {
                for c in g.equals.with(g.card).iter() {
                    assert!(seen.insert(c));
                    assert_eq!(Score::Tricks(value(c)), g.score, "deal {n} card {c}");
                }
            }
            assert_eq!(seen, pos.legal());
            let tricks = |g: &CardScore| match g.score {
                Score::Tricks(t) => t,
                Score::NotSearched => u8::MAX,
            };
            assert!(all.cards.windows(2).all(|w| tricks(&w[0]) >= tricks(&w[1])));
            for listed in [Listed::One, Listed::AllBest] {
                let q = CardQuery {
                    goal: Goal::Optimum,
                    listed,
                    search_forced: true,
                };
                let a = query(&pos, &q, &mut TransTable::new(&mut lines[..]));
                for g in &a.cards {
                    assert_eq!(g.score, Score::Tricks(exact.best));
                    if exact.best > 0 {
                        assert_eq!(value(g.card), exact.best);
                    }
                }
                let best_groups = all
                    .cards
                    .iter()
                    .filter(|g| g.score == Score::Tricks(exact.best))
                    .count();
                let want = match (listed, exact.best) {
                    (Listed::One, _) => 1,
                    (_, 0) => all.cards.len(),
                    _ => best_groups,
                };
                assert_eq!(a.cards.len(), want, "deal {n} {listed:?}");
                for t in 1..=pos.tricks_left() {
                    let q = CardQuery {
                        goal: Goal::Reach(t),
                        listed,
                        search_forced: true,
                    };
                    let a = query(&pos, &q, &mut TransTable::new(&mut lines[..]));
                    assert_eq!(a.missed, exact.best < t);
                    for g in &a.cards {
                        assert!(value(g.card) >= t);
                        assert_eq!(g.score, Score::Tricks(t));
                    }
                }
            }
        }
    }

    #[test]
    fn a_forced_card_is_not_searched_unless_asked() {
        let pos = BridgePlay::with_trick(
            &pbn::parse("N:AK... Q2... 43... 5...", SizeRule::Any).unwrap(),
            Strain::NoTrump,
            Seat::West,
            &[card("S6")],
        )
        .unwrap();
        let mut lines = [TtLine::ZERO; 16];
        let q = CardQuery {
            goal: Goal::Optimum,
            listed: Listed::One,
            search_forced: false,
        };
        // North's AK are one group: answered at once.
        let a = query(&pos, &q, &mut TransTable::new(&mut lines[..]));
        assert_eq!(a.cards.len(), 1);
        assert_eq!(a.cards[0].card, card("SA"));
        assert_eq!(a.cards[0].equals, Cards::single(card("SK")));
        assert_eq!(a.cards[0].score, Score::NotSearched);
        let a = query(
            &pos,
            &CardQuery::default(),
            &mut TransTable::new(&mut lines[..]),
        );
        assert_eq!(a.cards[0].score, Score::Tricks(2));
    }
}
