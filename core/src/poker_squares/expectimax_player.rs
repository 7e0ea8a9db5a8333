//! [`ExpectimaxPlayer`]: a placement chosen by expectimax over the next card (or two), with the grid
//! valued by learned values of abstract hands ([`LearnedValues`]) at the horizon.
//!
//! The shallow search the strongest players of the EAAI-2016 challenge put on top of their
//! learned hand values (Neller et al.): the drawn card goes where the expected value over the
//! next card, placed greedily, is greatest. The value of a grid is the sum of its ten lines'
//! values: a full line's score, a partial line's learned value given the deck and the free
//! cells.

use rand_core::Rng;

use super::abstraction::{AbstractHand, LineKind};
use super::game::PokerSquares;
use super::grid::{CELLS, LINES, lines_of};
use super::hand::HandSummary;
use super::learned::LearnedValues;
use super::lines::Lines;
use super::player::{Placer, PlayError};
use super::valuation::Valuation;
use crate::card::Card;
use crate::cards::Cards;

/// How far [`ExpectimaxPlayer`] looks: the next card only, or the next two.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Lookahead {
    /// Expectation over the next card, placed greedily on the values (about 1 ms a game on
    /// this machine's one core: `std-host/results/pps/learned/`). The default.
    #[default]
    OneCard = 1,
    /// Expectation over the next card, placed by expectimax over the card after it, placed
    /// greedily (each inner decision considers one cell per class of cells the score cannot
    /// tell apart, [`Grid::distinct_free_mask`](super::Grid::distinct_free_mask)).
    TwoCards = 2,
}

/// The placement of `game`'s drawn card that maximises the expected value, over the next
/// card drawn uniformly from the deck, of the grid after that card's placement: greedy on the
/// values at [`Lookahead::OneCard`], itself chosen by expectimax at [`Lookahead::TwoCards`] (the
/// lowest of equal cells; one cell of each class the score cannot tell apart,
/// [`Grid::distinct_free_mask`](super::Grid::distinct_free_mask)); greedy on the values when no
/// card follows.
pub fn expectimax_cell<V: Valuation + ?Sized>(
    values: &V,
    game: &PokerSquares,
    lookahead: Lookahead,
) -> Option<usize> {
    let card = game.drawn()?;
    expectimax_lines(
        values,
        &Lines::of(game.grid(), game.deck()),
        game.deck(),
        card,
        lookahead,
    )
}

/// [`expectimax_cell`] on a position's [`Lines`] (`card` drawn, `deck` the cards still to come
/// without it): the placement of a playout.
pub(crate) fn expectimax_lines<V: Valuation + ?Sized>(
    values: &V,
    lines: &Lines,
    deck: Cards,
    card: Card,
    lookahead: Lookahead,
) -> Option<usize> {
    expectimax_lines_valued(values, lines, deck, card, lookahead).map(|(c, _)| c)
}

/// [`expectimax_lines`] with the expectimax value of its choice, `None` where no card follows
/// (the choice is then the greedy one).
pub(crate) fn expectimax_lines_valued<V: Valuation + ?Sized>(
    values: &V,
    lines: &Lines,
    deck: Cards,
    card: Card,
    lookahead: Lookahead,
) -> Option<(usize, Option<f64>)> {
    let cells = lines.distinct_free_mask();
    let mut out = [0.0; CELLS];
    if !expectimax_values(values, lines, deck, card, lookahead, cells, &mut out) {
        return values.best_placement(lines, card).map(|(c, _)| (c, None));
    }
    best_of(cells, &out).map(|(c, v)| (c, Some(v)))
}

/// For each cell `c` of `cells` (free cells of `lines`), `out[c]`: the expectimax value of
/// `card` placed there, looking `lookahead` cards ahead; `false` (and `out` untouched) when no
/// card follows the placement (one free cell, or an empty deck), where the values of the
/// placements are the greedy ones.
pub(crate) fn expectimax_values<V: Valuation + ?Sized>(
    values: &V,
    lines: &Lines,
    deck: Cards,
    card: Card,
    lookahead: Lookahead,
    cells: u32,
    out: &mut [f64; CELLS],
) -> bool {
    if lines.free_cells() <= 1 || deck.is_empty() {
        return false;
    }
    let node = Node {
        lines: *lines,
        deck,
    };
    match lookahead {
        Lookahead::TwoCards if node.lines.free_cells() >= 3 && deck.len() >= 2 => {
            two_chance(values, &node, card, cells, out);
        }
        _ => values.one_card(&node.lines, card, cells, out),
    }
    true
}

/// A position of the search: its lines, and the cards still to come (the drawn card is not in
/// them).
#[derive(Clone, Copy, Debug)]
struct Node {
    lines: Lines,
    deck: Cards,
}

/// The cell of `cells` of greatest `out`, the lowest of equals, with its value.
fn best_of(cells: u32, out: &[f64; CELLS]) -> Option<(usize, f64)> {
    let mut best: Option<(usize, f64)> = None;
    let mut m = cells;
    while m != 0 {
        let c = m.trailing_zeros() as usize;
        m &= m - 1;
        let v = out.get(c).copied().unwrap_or(f64::NEG_INFINITY);
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((c, v));
        }
    }
    best
}

/// Values of one line with the next card in it, by the card's
/// [`joining_class`](AbstractHand::joining_class): computed once a position for each class met.
#[derive(Clone, Copy)]
struct Joined {
    value: [f64; 52],
    known: u64,
}

impl Joined {
    const NONE: Joined = Joined {
        value: [0.0; 52],
        known: 0,
    };

    /// The value of class `class`, computed by `value` the first time.
    fn get(&mut self, class: usize, value: impl FnOnce() -> f64) -> f64 {
        let bit = 1u64.checked_shl(class as u32).unwrap_or(0);
        match self.value.get_mut(class) {
            Some(v) if self.known & bit != 0 => *v,
            Some(v) => {
                *v = value();
                self.known |= bit;
                *v
            }
            None => value(),
        }
    }
}

/// For each cell `c` of `cells` (free cells of `node`, which has at least two free cells and
/// a card to come): `out[c]` is the expected value, over the next card drawn uniformly from
/// the deck and placed greedily, of the grid with `card` at `c` and that card placed.
///
/// The value of a grid is the sum of its lines' values ([`LearnedValues::counted_hand_value`],
/// with the deck less both cards and the free cells after both placements), so for each next
/// card every line is valued once as it is and once with that card; a candidate cell changes
/// only its own row and column. Most next cards leave a line's state as it is
/// ([`AbstractHand::counts_card`]), and cards of one [`joining_class`](AbstractHand::joining_class)
/// give it the same state with them: each such value is computed once (the same values, to
/// the bit, as computing each; about 8 KiB of stack).
pub(crate) fn last_chance(
    values: &LearnedValues,
    lines: &Lines,
    card: Card,
    cells: u32,
    out: &mut [f64; CELLS],
) {
    let node = Node {
        lines: *lines,
        deck: lines.cards(),
    };
    let lines = &node.lines;
    let free = lines.free_mask();
    let time = lines.free_cells().saturating_sub(2);
    let full = lines.deck();
    let kinds: [LineKind; LINES] = core::array::from_fn(LineKind::of);
    let plain: [HandSummary; LINES] = core::array::from_fn(|l| lines.summary(l));
    let with_card: [HandSummary; LINES] = core::array::from_fn(|l| plain[l].with(card));
    // The lines through some candidate cell: only they get `card`.
    let mut touched = [false; LINES];
    let mut m = cells;
    while m != 0 {
        let (r, k) = lines_of(m.trailing_zeros() as usize);
        m &= m - 1;
        touched[r] = true;
        touched[k] = true;
    }
    for c in out.iter_mut() {
        *c = 0.0;
    }
    // Each line's value against the whole deck, and the touched lines' with `card`: their
    // values after any next card that does not count for them.
    let kept: [f64; LINES] =
        core::array::from_fn(|l| values.counted_hand_value(&plain[l], kinds[l], full, time));
    let kept_c: [f64; LINES] = core::array::from_fn(|l| {
        if touched[l] && plain[l].len < 5 {
            values.counted_hand_value(&with_card[l], kinds[l], full, time)
        } else {
            0.0
        }
    });
    let mut joined = [Joined::NONE; LINES];
    let mut joined_c = [Joined::NONE; LINES];
    let mut n = 0u32;
    for next in node.deck {
        n += 1;
        let mut counts = *full;
        counts.remove(next);
        let value =
            |h: &HandSummary, l: usize| values.counted_hand_value(h, kinds[l], &counts, time);
        // Each line as it is (`now`) and what `next` placed in it changes (`gain`; lines
        // without a free cell cannot take it); the same with `card` in it for the touched lines.
        let mut now = [0.0; LINES];
        let mut gain = [f64::NEG_INFINITY; LINES];
        let mut now_c = [0.0; LINES];
        let mut gain_c = [f64::NEG_INFINITY; LINES];
        let mut total = 0.0;
        for l in 0..LINES {
            now[l] = if AbstractHand::counts_card(&plain[l], full, next) {
                value(&plain[l], l)
            } else {
                kept[l]
            };
            total += now[l];
            if plain[l].len < 5 {
                let class = AbstractHand::joining_class(&plain[l], next);
                gain[l] = joined[l].get(class, || value(&plain[l].with(next), l)) - now[l];
            }
            if touched[l] && plain[l].len < 5 {
                now_c[l] = if AbstractHand::counts_card(&with_card[l], full, next) {
                    value(&with_card[l], l)
                } else {
                    kept_c[l]
                };
                if with_card[l].len < 5 {
                    let class = AbstractHand::joining_class(&with_card[l], next);
                    gain_c[l] =
                        joined_c[l].get(class, || value(&with_card[l].with(next), l)) - now_c[l];
                }
            }
        }
        let mut m = cells;
        while m != 0 {
            let cell = m.trailing_zeros() as usize;
            m &= m - 1;
            let (r, k) = lines_of(cell);
            let base = total - now[r] - now[k] + now_c[r] + now_c[k];
            let mut best = f64::NEG_INFINITY;
            let mut rest = free & !(1 << cell);
            while rest != 0 {
                let other = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let (r2, k2) = lines_of(other);
                let gr = if r2 == r { gain_c[r] } else { gain[r2] };
                let gk = if k2 == k { gain_c[k] } else { gain[k2] };
                best = best.max(gr + gk);
            }
            if let Some(o) = out.get_mut(cell) {
                *o += base + best;
            }
        }
    }
    let n = f64::from(n.max(1));
    for c in out.iter_mut() {
        *c /= n;
    }
}

/// The per-line table as a [`Valuation`]: its own faster ways to the trait's results (a
/// placement valued by the change in its row and column; expectimax by `last_chance`).
impl Valuation for LearnedValues {
    fn system(&self) -> &super::points::PointSystem {
        LearnedValues::system(self)
    }

    fn afterstate(&self, lines: &Lines) -> f64 {
        self.lines_value(lines, lines.free_cells())
    }

    /// The change in the values of the card's row and column.
    fn placements(&self, lines: &Lines, card: Card, out: &mut [f64; CELLS]) {
        self.line_placements(lines, card, out);
    }

    fn greedy_placed_value(&self, lines: &Lines, card: Card) -> Option<f64> {
        LearnedValues::greedy_placed_value(self, lines, card)
    }

    /// Computed line by line, each line's value once per class of next cards
    /// (`last_chance`).
    fn one_card(&self, lines: &Lines, card: Card, cells: u32, out: &mut [f64; CELLS]) {
        last_chance(self, lines, card, cells, out);
    }
}

/// [`last_chance`] one card deeper: `out[c]` is the expected value, over the next card, of
/// that card placed where [`last_chance`] values it most (`node` has at least three free
/// cells and two cards to come).
fn two_chance<V: Valuation + ?Sized>(
    values: &V,
    node: &Node,
    card: Card,
    cells: u32,
    out: &mut [f64; CELLS],
) {
    let mut m = cells;
    while m != 0 {
        let cell = m.trailing_zeros() as usize;
        m &= m - 1;
        let mut child = *node;
        if !child.lines.place(cell, card) {
            continue;
        }
        let mut total = 0.0;
        let mut n = 0u32;
        for next in node.deck {
            n += 1;
            let mut grand = child;
            grand.lines.draw(next);
            grand.deck.remove(next);
            let inner_cells = grand.lines.distinct_free_mask();
            let mut inner = [0.0; CELLS];
            values.one_card(&grand.lines, next, inner_cells, &mut inner);
            total += best_of(inner_cells, &inner).map_or(0.0, |(_, v)| v);
        }
        if let Some(o) = out.get_mut(cell) {
            *o = total / f64::from(n.max(1));
        }
    }
}

/// Expectimax over the next card or two on a learned evaluation ([`expectimax_cell`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExpectimaxPlayer<'v, V: ?Sized = LearnedValues> {
    values: &'v V,
    lookahead: Lookahead,
}

impl<'v, V: Valuation + ?Sized> ExpectimaxPlayer<'v, V> {
    /// A player searching `lookahead` cards ahead with `values` (learned for the system it will
    /// play).
    #[must_use]
    pub const fn new(values: &'v V, lookahead: Lookahead) -> ExpectimaxPlayer<'v, V> {
        ExpectimaxPlayer { values, lookahead }
    }
}

impl<V: Valuation + ?Sized> Placer for ExpectimaxPlayer<'_, V> {
    fn place<R: Rng + ?Sized>(
        &mut self,
        game: &PokerSquares,
        _rng: &mut R,
    ) -> Result<usize, PlayError> {
        expectimax_cell(self.values, game, self.lookahead).ok_or(PlayError::NothingToPlace)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poker_squares::learned::{learned_cell, test_values};
    use crate::poker_squares::player::play_game;
    use crate::poker_squares::points::PointSystem;
    use crate::rng;

    #[test]
    fn full_grids_are_their_score_and_choices_are_free_cells() {
        let system = PointSystem::AMERICAN;
        let values = test_values(system, 300, 8);
        let mut p = ExpectimaxPlayer::new(&values, Lookahead::OneCard);
        let end = play_game(&mut p, &system, &mut rng::stream(1, 0)).unwrap();
        assert!(end.is_full());
        assert_eq!(
            values.grid_value(&end, Cards::EMPTY, 0),
            end.score(&system) as f64
        );
        // With one cell left there is no next card: the greedy choice, the only free cell.
        let mut game = PokerSquares::new(system);
        let deck = crate::poker_squares::shuffled_deck(&mut rng::seeded(2));
        for (i, &c) in deck.iter().take(CELLS).enumerate() {
            game.draw(c).unwrap();
            let cell = expectimax_cell(&values, &game, Lookahead::OneCard).unwrap();
            assert!(game.grid().is_free(cell), "placement {i}");
            if i == CELLS - 1 {
                assert_eq!(Some(cell), learned_cell(&values, &game));
            }
            game.place(cell).unwrap();
        }
    }

    /// The control variate's identity (`RolloutPlayer::with_control_variate`): over the next
    /// card, the value of the grid once it is placed greedily averages to the one-card
    /// expectimax value of the placement before it.
    #[test]
    fn greedy_placed_values_average_to_the_one_card_value() {
        let system = PointSystem::AMERICAN;
        let values = test_values(system, 300, 5);
        let mut game = PokerSquares::new(system);
        let deck = crate::poker_squares::shuffled_deck(&mut rng::seeded(4));
        for (i, &c) in deck.iter().take(CELLS - 2).enumerate() {
            game.draw(c).unwrap();
            let card = game.drawn().unwrap();
            let lines = Lines::of(game.grid(), game.deck());
            let cells = lines.distinct_free_mask();
            let mut out = [0.0; CELLS];
            assert!(expectimax_values(
                &values,
                &lines,
                game.deck(),
                card,
                Lookahead::OneCard,
                cells,
                &mut out
            ));
            let mut m = cells;
            while m != 0 {
                let cell = m.trailing_zeros() as usize;
                m &= m - 1;
                let mut sum = 0.0;
                for next in game.deck() {
                    let mut after = lines;
                    assert!(after.place(cell, card));
                    after.draw(next);
                    sum += values.greedy_placed_value(&after, next).unwrap();
                }
                let mean = sum / game.deck().len() as f64;
                assert!((mean - out[cell]).abs() < 1e-9, "placement {i} cell {cell}");
            }
            game.place(learned_cell(&values, &game).unwrap()).unwrap();
        }
    }

    /// With three cells left, two cards of lookahead reach the full grid: the choice is the
    /// exact expectimax of the final score, checked here by enumeration.
    #[test]
    fn two_cards_ahead_with_three_cells_left_is_exact() {
        let system = PointSystem::AMERICAN;
        let values = test_values(system, 200, 3);
        for seed in 0..4 {
            let mut game = PokerSquares::new(system);
            let deck = crate::poker_squares::shuffled_deck(&mut rng::seeded(seed));
            for &c in deck.iter().take(CELLS - 3) {
                game.draw(c).unwrap();
                game.place(learned_cell(&values, &game).unwrap()).unwrap();
            }
            game.draw(deck[CELLS - 3]).unwrap();
            let card = game.drawn().unwrap();
            let rest = game.deck();
            // Expected final score of each placement, the next card placed at its best.
            let exact = |cell: usize| {
                let mut g = *game.grid();
                g.place(cell, card).unwrap();
                let mut total = 0.0;
                for n1 in rest {
                    let mut best = f64::NEG_INFINITY;
                    let mut free = g.free_mask();
                    while free != 0 {
                        let c2 = free.trailing_zeros() as usize;
                        free &= free - 1;
                        let mut h = g;
                        h.place(c2, n1).unwrap();
                        let last = h.free_mask().trailing_zeros() as usize;
                        let mut sum = 0.0;
                        for n2 in rest.without(n1) {
                            let mut f = h;
                            f.place(last, n2).unwrap();
                            sum += f.score(&system) as f64;
                        }
                        best = best.max(sum / (rest.len() - 1) as f64);
                    }
                    total += best;
                }
                total / rest.len() as f64
            };
            let mut free = game.grid().free_mask();
            let mut top = f64::NEG_INFINITY;
            while free != 0 {
                let c = free.trailing_zeros() as usize;
                free &= free - 1;
                top = top.max(exact(c));
            }
            let chosen = expectimax_cell(&values, &game, Lookahead::TwoCards).unwrap();
            assert!((exact(chosen) - top).abs() < 1e-9, "seed {seed}");
        }
    }
}
