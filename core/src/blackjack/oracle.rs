//! [`Oracle`]: exact expected values of every action and of a whole round, by expectimax over
//! the cards left in the shoe.
//!
//! The model, stated once:
//!
//! - The cards are dealt in the physical order (player, up card, player, hole card, the
//!   player's draws, the dealer's draws) and every probability is exact: after a peek under an
//!   ace or ten-valued card found no blackjack, both the player's draws and the dealer's hole
//!   card are conditioned on the hole card not being the blackjack card
//!   ([`Shoe::draw_weights`]).
//! - Play is composition-dependent: every decision maximises the exact expected value given
//!   the hand's cards, the up card and the shoe.
//! - Splits: exact CDZ- with resplits (`resplit.rs`, after Eric Farmer's method): one split
//!   hand is valued with 0 to 4 extra pair cards out of the shoe (doubling only with DAS; split
//!   aces take one card), played as [`SplitPlay`] says, and those values are combined over
//!   every pair / not-pair sequence of the cards dealt to the split hands, so that every split
//!   hand's cards are out of the others' shoe. A hand dealt another pair card is resplit while
//!   the limit allows (aces only with resplit aces).
//! - No hole card (no peek): a dealer blackjack takes every bet, doubles and splits included;
//!   surrender is still worth half a bet.
//!
//! Memoisation: values of a hand are kept in a caller-provided table of [`Slot`]s, keyed by the
//! cards drawn since the position asked about (for a lone unsplit hand, by its cards since the
//! up card, and kept from call to call in a context per up card); a full table is an error,
//! never a panic.

use super::dealer::{DealerCache, dealer_outcomes_cached};
use super::memo::{Memo, Slot};
use super::resplit::{HandValues, MOST_HANDS, split_value};
use super::{Action, Blackjack, BlackjackError, Hand, Pip, Rules, Shoe, Stage};
use crate::spelled;

/// Slots enough for a round's values per up card (3,083 hand compositions from an empty
/// hand, and each pair's split hands with 0 to 4 extra pair cards out: at most 29,171 in use
/// at once for 6 decks resplitting to 4 hands, see [`Oracle::memo_peak`]), with room for the
/// probe sequence (a table is full at 7/8): 2 MiB.
pub const MEMO_SLOTS: usize = 1 << 16;

/// How split hands are played in the oracle's values of a split.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SplitPlay {
    /// CDZ-, the convention of combinatorial analysers (Eric Farmer's, whose values
    /// `tests/data/blackjack/exact_values.json` holds): a split hand is played with the
    /// strategy of an unsplit hand of the same cards (decided by the values of that hand with
    /// only its own cards out of the shoe), and valued exactly with the other pair card out.
    #[default]
    Cdz,
    /// Each split hand played optimally for its shoe with the pair cards known to be out (the
    /// analysers' CDP): close to what the [`Optimal`](super::Optimal) player does at the
    /// table; never below `Cdz`.
    Optimal,
}

spelled! {
    SplitPlay, "split play";
    Cdz => "cdz", "CDZ-: the strategy of an unsplit hand of the same cards";
    Optimal => "optimal", "Optimal for the split hand's own shoe";
}

/// The exact expected value, in bets, of each legal action at a decision (`None`: not legal).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ActionValues {
    /// Stand.
    pub stand: f64,
    /// Hit, then play on optimally.
    pub hit: Option<f64>,
    /// Double (two bets, one card).
    pub double: Option<f64>,
    /// Split, every hand then played optimally (see the split model in the module docs).
    pub split: Option<f64>,
    /// Surrender: -0.5.
    pub surrender: Option<f64>,
}

impl ActionValues {
    /// The value of `action`, if legal.
    #[must_use]
    pub fn get(&self, action: Action) -> Option<f64> {
        match action {
            Action::Stand => Some(self.stand),
            Action::Hit => self.hit,
            Action::Double => self.double,
            Action::Split => self.split,
            Action::Surrender => self.surrender,
        }
    }

    /// The best action and its value; ties go to the earlier action of [`Action::ALL`].
    #[must_use]
    pub fn best(&self) -> (Action, f64) {
        let mut best = (Action::Stand, self.stand);
        for a in Action::ALL {
            if let Some(v) = self.get(a)
                && v > best.1
            {
                best = (a, v);
            }
        }
        best
    }
}

/// The expected value of a round dealt from a full shoe, under optimal play.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct RoundValue {
    /// The expected return in bets given each up card (ace first; 0 where the shoe has none).
    pub by_up: [f64; 10],
    /// The probability of each up card.
    pub p_up: [f64; 10],
    /// The expected return in bets.
    pub total: f64,
}

/// Exact expected values by expectimax over the shoe; see the module docs for the model.
#[derive(Debug)]
pub struct Oracle<'m> {
    rules: Rules,
    memo: Memo<'m>,
    up: Pip,
    peeked: bool,
    dealer: DealerCache,
    split_play: SplitPlay,
    /// The context of the keys now in use (bits 50.. of a key): 0 for a round's values from
    /// an empty hand, 1 ..= 20 for lone hands' values (see `bases`), then one per position
    /// asked about and per split since the memo was cleared.
    context: u64,
    /// The last context handed out since the memo was cleared.
    contexts: u64,
    /// For the decisions of a lone unsplit hand ([`Oracle::actions`]), the shoe its values are
    /// relative to (the shoe after the up card), per up card and peek: context
    /// `1 + up index + 10 peek` keeps them across calls.
    bases: [Option<Shoe>; 20],
    /// The memo holds only such lone-hand values (no clear since the first of them).
    lone_only: bool,
}

/// Where a key's context starts: compositions take 50 bits (5 a pip).
const CONTEXT_SHIFT: u32 = 50;
/// The last context (13 bits, below the memo's mark bit).
const MAX_CONTEXT: u64 = (1 << 13) - 1;
/// Contexts 1 ..= 20 hold lone hands' values (one per up card, peeked or not).
const LONE_CONTEXTS: u64 = 20;
/// The most contexts one position asked about takes (itself, the unsplit hands, 5 splits).
const SPLIT_CONTEXTS: u64 = 8;

/// Free memo slots a lone hand's decision may need (its values down to every composition it
/// can reach, about 3,000 from two cards, doubled for room): below this, the memo starts over.
const ROOM: usize = 8_192;

/// Where a CDZ- split hand takes its decisions: the context of the unsplit hands' values, the
/// pair, and how many pair cards go back into the shoe to make the unsplit hand's shoe (the
/// hand's twin and any extra pair cards known out).
#[derive(Clone, Copy, Debug)]
struct Twin {
    unsplit: u64,
    pair: Pip,
    back: u8,
}

/// A pip's unit in a composition key (5 bits a pip).
pub(crate) fn unit(pip: Pip) -> u64 {
    1u64 << (5 * pip.index())
}

/// The expectation over the next card drawn to `hand` from `shoe` of `then` (given the
/// state `s`, the shoe less the card, the hand with it and its key; a bust is -1), the card
/// drawn as [`Shoe::next_card_weights`] says; `None` from an empty shoe.
pub(crate) fn expect_next<S>(
    s: &mut S,
    shoe: &mut Shoe,
    up: Pip,
    peeked: bool,
    hand: Hand,
    key: u64,
    mut then: impl FnMut(&mut S, &mut Shoe, Hand, u64) -> Result<f64, BlackjackError>,
) -> Result<Option<f64>, BlackjackError> {
    let Some((weights, w)) = shoe.next_card_weights(up, peeked) else {
        return Ok(None);
    };
    let mut sum = 0.0;
    for (pip, &c) in Pip::ALL.iter().copied().zip(&weights) {
        if c == 0 {
            continue;
        }
        let p = c as f64 / w;
        shoe.remove(pip)?;
        let next = hand.with(pip);
        let v = if next.is_bust() {
            Ok(-1.0)
        } else {
            then(s, shoe, next, key + unit(pip))
        };
        shoe.add(pip)?;
        sum += p * v?;
    }
    Ok(Some(sum))
}

/// Where a hand is valued against the dealer: the up card, S17 or H17, after a peek or not.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Against {
    pub(crate) up: Pip,
    pub(crate) h17: bool,
    pub(crate) peeked: bool,
}

impl Against {
    /// The value of standing on `hand` (not bust) with `shoe` left, kept in slot `i` of
    /// `memo` (computed from the dealer's exact outcomes the first time).
    pub(crate) fn stand(
        self,
        memo: &mut Memo<'_>,
        i: usize,
        dealer: &mut DealerCache,
        shoe: &Shoe,
        hand: Hand,
    ) -> f64 {
        if let Some(v) = memo.stand(i) {
            return v;
        }
        let d = dealer_outcomes_cached(shoe, self.up, self.h17, self.peeked, dealer);
        let v = d.stand_value(hand.total());
        memo.set_stand(i, v);
        v
    }
}

/// The chance that the player's first two cards from `s1` (the shoe less the up card) are `a`
/// and `b` in either order, before any peek.
pub(crate) fn deal_probability(s1: &Shoe, a: Pip, b: Pip) -> f64 {
    let (ca, cb) = (f64::from(s1.count(a)), f64::from(s1.count(b)));
    let w1 = f64::from(s1.total());
    let p = if a == b {
        ca * (ca - 1.0)
    } else {
        2.0 * ca * cb
    } / (w1 * (w1 - 1.0));
    if p > 0.0 { p } else { 0.0 }
}

/// Every two-card hand the player can be dealt from `s1` (the shoe less the up card), each
/// once (`a <= b`), with its chance before any peek and the shoe it leaves.
pub(crate) fn two_card_deals(s1: &Shoe) -> impl Iterator<Item = (Pip, Pip, f64, Shoe)> + '_ {
    Pip::ALL.into_iter().flat_map(move |a| {
        Pip::ALL
            .into_iter()
            .filter(move |&b| b >= a)
            .filter_map(move |b| {
                let p = deal_probability(s1, a, b);
                let mut s2 = *s1;
                (p > 0.0 && s2.remove(a).is_ok() && s2.remove(b).is_ok()).then_some((a, b, p, s2))
            })
    })
}

/// A two-card hand's value `v` (after any peek) with the dealer's blackjack settled: chance
/// `q` (from `s2`, the shoe the player's two cards leave), a push for a natural, else (with a
/// peek) the loss of one bet before the player acts; without a peek it is inside the dealer's
/// outcomes already, except for a natural.
pub(crate) fn settle(v: f64, natural: bool, peek: bool, q: f64) -> f64 {
    if natural {
        (1.0 - q) * v
    } else if peek {
        -q + (1.0 - q) * v
    } else {
        v
    }
}

/// How many hands a split of `pair` may grow to when it makes `hands_after` hands in the
/// round: what `max_split_hands` leaves (aces only with resplit aces), 2 to 4.
pub(crate) fn split_limit(rules: &Rules, pair: Pip, hands_after: u8) -> u8 {
    if pair != Pip::Ace || rules.resplit_aces {
        (rules.max_split_hands + 2)
            .saturating_sub(hands_after)
            .clamp(2, MOST_HANDS)
    } else {
        2
    }
}

impl<'m> Oracle<'m> {
    /// An oracle for `rules` keeping its memo in `slots` ([`MEMO_SLOTS`] is enough for any
    /// position).
    pub fn new(rules: Rules, slots: &'m mut [Slot]) -> Result<Oracle<'m>, BlackjackError> {
        rules.validate()?;
        Ok(Oracle {
            rules,
            memo: Memo::new(slots),
            up: Pip::Ten,
            peeked: false,
            dealer: DealerCache::new(),
            split_play: SplitPlay::Cdz,
            context: 0,
            contexts: 0,
            bases: [None; 20],
            lone_only: false,
        })
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The most memo slots this oracle has had in use at once (a memo of 8/7 of this many
    /// slots, or more, holds the same work).
    #[must_use]
    pub const fn memo_peak(&self) -> usize {
        self.memo.peak()
    }

    /// This oracle with split hands played as `play` says (default [`SplitPlay::Cdz`]).
    #[must_use]
    pub fn with_split_play(mut self, play: SplitPlay) -> Oracle<'m> {
        self.split_play = play;
        self
    }

    fn clear(&mut self, up: Pip, peeked: bool) {
        self.memo.clear();
        self.bases = [None; 20];
        self.lone_only = false;
        self.up = up;
        self.peeked = peeked;
        self.context = 0;
        self.contexts = 0;
    }

    /// The slot of `key` in the current context, created empty if new.
    fn slot(&mut self, key: u64) -> Result<usize, BlackjackError> {
        self.memo.find(key | (self.context << CONTEXT_SHIFT))
    }

    /// The value of standing on `hand` (not bust) with `shoe` left.
    fn stand(&mut self, shoe: &Shoe, hand: Hand, key: u64) -> Result<f64, BlackjackError> {
        let i = self.slot(key)?;
        let h17 = self.rules.dealer_hits_soft_17;
        let at = Against {
            up: self.up,
            h17,
            peeked: self.peeked,
        };
        Ok(at.stand(&mut self.memo, i, &mut self.dealer, shoe, hand))
    }

    /// The best of standing and hitting on `hand` (not bust).
    fn best(&mut self, shoe: &mut Shoe, hand: Hand, key: u64) -> Result<f64, BlackjackError> {
        if hand.total() >= 21 {
            return self.stand(shoe, hand, key);
        }
        let i = self.slot(key)?;
        if let Some(v) = self.memo.best(i) {
            return Ok(v);
        }
        let stand = self.stand(shoe, hand, key)?;
        let v = match self.hit(shoe, hand, key)? {
            Some(h) if h > stand => h,
            _ => stand,
        };
        // The recursion may have moved nothing, but look the slot up again: keys never move.
        let i = self.slot(key)?;
        self.memo.set_best(i, v);
        Ok(v)
    }

    /// The value of hitting `hand` and playing on optimally; `None` from an empty shoe.
    fn hit(
        &mut self,
        shoe: &mut Shoe,
        hand: Hand,
        key: u64,
    ) -> Result<Option<f64>, BlackjackError> {
        self.draw_then(shoe, hand, key, Oracle::best)
    }

    /// The value of doubling `hand`: two bets, one card; `None` from an empty shoe.
    fn double(
        &mut self,
        shoe: &mut Shoe,
        hand: Hand,
        key: u64,
    ) -> Result<Option<f64>, BlackjackError> {
        let one_bet = self.draw_then(shoe, hand, key, |o, s, h, k| o.stand(s, h, k))?;
        Ok(one_bet.map(|v| 2.0 * v))
    }

    /// The expectation over the next card drawn to `hand` of `then` ([`expect_next`]).
    fn draw_then(
        &mut self,
        shoe: &mut Shoe,
        hand: Hand,
        key: u64,
        then: impl FnMut(&mut Self, &mut Shoe, Hand, u64) -> Result<f64, BlackjackError>,
    ) -> Result<Option<f64>, BlackjackError> {
        let (up, peeked) = (self.up, self.peeked);
        expect_next(self, shoe, up, peeked, hand, key, then)
    }

    /// The value of a two-card hand made by a split, played optimally without splitting
    /// again (split aces stand on their one card).
    fn split_hand(&mut self, shoe: &mut Shoe, hand: Hand, key: u64) -> Result<f64, BlackjackError> {
        let stand = self.stand(shoe, hand, key)?;
        if hand.first() == Some(Pip::Ace) || hand.total() >= 21 {
            return Ok(stand);
        }
        let mut v = self.best(shoe, hand, key)?;
        if self.rules.double_any_two
            && self.rules.double_after_split
            && let Some(d) = self.double(shoe, hand, key)?
            && d > v
        {
            v = d;
        }
        Ok(v)
    }

    /// The value of splitting a pair of `pair` when `shoe` (less both pair cards) is left and
    /// the split makes `hands_after` hands in the round: the split may grow to
    /// `max_split_hands - hands_after + 2` hands (no resplit of aces without resplit aces),
    /// valued exactly by [`Resplit`] from one split hand's values with 0 ..= 2 (hands - 2)
    /// extra pair cards out. Clears the memo.
    fn split(
        &mut self,
        shoe: &Shoe,
        pair: Pip,
        hands_after: u8,
    ) -> Result<Option<f64>, BlackjackError> {
        let unsplit = self.context;
        let most = split_limit(&self.rules, pair, hands_after);
        let (up, peeked) = (self.up, self.peeked);
        split_value(self, shoe, pair, most, up, peeked, |o, out, a| {
            o.context = o.next_context()?;
            let values = o.split_hand_values(out, pair, a + 1, unsplit);
            o.context = unsplit;
            values
        })
    }

    /// One split hand of `pair` dealt its second card from `shoe` (which has the other pair
    /// cards out, `back` of them besides the hand's own) and played on without resplitting:
    /// its value over every second card, and given a pair card; `None` from an empty shoe.
    fn split_hand_values(
        &mut self,
        shoe: &Shoe,
        pair: Pip,
        back: u8,
        unsplit: u64,
    ) -> Result<Option<HandValues>, BlackjackError> {
        let (up, peeked) = (self.up, self.peeked);
        HandValues::over_second_card(self, shoe, up, peeked, pair, |o, shoe, hand, pip| {
            if o.split_play == SplitPlay::Cdz && pair != Pip::Ace {
                let twin = Twin {
                    unsplit,
                    pair,
                    back,
                };
                o.cdz_hand(shoe, hand, unit(pip), twin, true)
            } else {
                o.split_hand(shoe, hand, unit(pip))
            }
        })
    }

    /// The CDZ- value of split hand `hand` (drawn cards `key` since the split, `shoe` left):
    /// the action is the one an unsplit hand of the same cards would take, judged by its
    /// values in `twin`'s context (keys: the hand's whole composition, shoe: this one with
    /// the other pair cards back); the value is this hand's, exactly. `first`: a two-card
    /// decision (double allowed with DAS).
    fn cdz_hand(
        &mut self,
        shoe: &mut Shoe,
        hand: Hand,
        key: u64,
        twin: Twin,
        first: bool,
    ) -> Result<f64, BlackjackError> {
        if hand.total() >= 21 {
            return self.stand(shoe, hand, key);
        }
        if !first {
            let i = self.slot(key)?;
            if let Some(v) = self.memo.best(i) {
                return Ok(v);
            }
        }
        // The unsplit hand's decision.
        let own = self.context;
        self.context = twin.unsplit;
        let mut unsplit_shoe = *shoe;
        for _ in 0..twin.back {
            unsplit_shoe.add(twin.pair)?;
        }
        let full = key + unit(twin.pair);
        let decision = (|| {
            let stand = self.stand(&unsplit_shoe, hand, full)?;
            let best = self.best(&mut unsplit_shoe, hand, full)?;
            let mut action = if best > stand {
                Action::Hit
            } else {
                Action::Stand
            };
            if first
                && self.rules.double_any_two
                && self.rules.double_after_split
                && let Some(d) = self.double(&mut unsplit_shoe, hand, full)?
                && d > best.max(stand)
            {
                action = Action::Double;
            }
            Ok::<Action, BlackjackError>(action)
        })();
        self.context = own;
        let v = match decision? {
            Action::Double => self.double(shoe, hand, key)?.unwrap_or(-2.0),
            Action::Hit => {
                let cdz =
                    |o: &mut Self, s: &mut Shoe, h: Hand, k: u64| o.cdz_hand(s, h, k, twin, false);
                match self.draw_then(shoe, hand, key, cdz)? {
                    Some(v) => v,
                    None => return self.stand(shoe, hand, key),
                }
            }
            _ => self.stand(shoe, hand, key)?,
        };
        if !first {
            let i = self.slot(key)?;
            self.memo.set_best(i, v);
        }
        Ok(v)
    }

    /// The exact value of every legal action at `game`'s decision, the active hand played from
    /// the game's shoe (the other hands' cards already out of it). Clears the memo.
    pub fn actions(&mut self, game: &Blackjack) -> Result<ActionValues, BlackjackError> {
        if game.stage() != Stage::Decide {
            return Err(BlackjackError::NotADecision);
        }
        let hand = *game.active_hand().ok_or(BlackjackError::NotADecision)?;
        let up = game.up().ok_or(BlackjackError::NotADecision)?;
        let mut legal = heapless::Vec::new();
        game.legal_actions(&mut legal);
        let mut shoe = *game.shoe();
        let peeked = game.peeked();
        if self.memo.used() + ROOM > self.memo.capacity() / 8 * 7
            || self.contexts + SPLIT_CONTEXTS > MAX_CONTEXT
        {
            self.clear(up, peeked);
        }
        let key = match self.lone_hand_key(game, &legal) {
            Some(key) => key,
            None => {
                // Values relative to this position, in contexts of their own.
                self.up = up;
                self.peeked = peeked;
                self.contexts = self.contexts.max(LONE_CONTEXTS);
                self.context = self.next_context()?;
                0
            }
        };
        let mut values = ActionValues {
            stand: self.stand(&shoe, hand, key)?,
            hit: None,
            double: None,
            split: None,
            surrender: None,
        };
        if legal.contains(&Action::Hit) {
            values.hit = self.hit(&mut shoe, hand, key)?;
        }
        if legal.contains(&Action::Double) {
            values.double = self.double(&mut shoe, hand, key)?;
        }
        if legal.contains(&Action::Surrender) {
            values.surrender = Some(-0.5);
        }
        if legal.contains(&Action::Split)
            && let Some(pair) = hand.pair()
        {
            // The unsplit hands of CDZ- are keyed by whole compositions in a context of their
            // own, each count of extra pair cards takes one more.
            self.context = self.next_context()?;
            values.split = self.split(&shoe, pair, game.hand_count() + 1)?;
        }
        Ok(values)
    }

    /// A context not used since the memo was cleared.
    fn next_context(&mut self) -> Result<u64, BlackjackError> {
        if self.contexts >= MAX_CONTEXT {
            return Err(self.memo.full());
        }
        self.contexts += 1;
        Ok(self.contexts)
    }

    /// The context of a lone unsplit hand's values against `up` (after a peek or not).
    fn lone_context(up: Pip, peeked: bool) -> usize {
        1 + up.index() + if peeked { 10 } else { 0 }
    }

    /// Notes the base of `game`'s round when it is at the first decision of a lone unsplit
    /// hand: its shoe with the hand's two cards back. Later decisions of that hand, and of
    /// other rounds from the same shoe and up card, then share their values
    /// ([`Oracle::actions`] calls it; a player that answers some decisions without asking the
    /// oracle calls it at those too).
    pub fn note_round(&mut self, game: &Blackjack) {
        let (Some(hand), Some(up)) = (game.active_hand(), game.up()) else {
            return;
        };
        let (Some(a), Some(b)) = (hand.first(), hand.second()) else {
            return;
        };
        if game.hand_count() != 1 || hand.from_split || hand.len() != 2 {
            return;
        }
        let mut base = *game.shoe();
        if base.add(a).is_err() || base.add(b).is_err() {
            return;
        }
        let context = Oracle::lone_context(up, game.peeked());
        let known = self.bases.get(context - 1).copied().flatten();
        if known == Some(base) {
            return;
        }
        if known.is_some()
            || !self.lone_only
            || self.memo.used() + ROOM > self.memo.capacity() / 8 * 7
        {
            // Another base for this up card (another shoe), other values in the memo, or a
            // memo nearly full: start over.
            self.clear(up, game.peeked());
            self.lone_only = true;
        }
        if let Some(slot) = self.bases.get_mut(context - 1) {
            *slot = Some(base);
        }
    }

    /// For a decision on a lone unsplit hand that cannot split, whose round's base is noted:
    /// the key of the hand (its cards) in the context of its up card and peek, whose values
    /// stay in the memo from call to call. `None` for any other decision (its values are then
    /// computed relative to it, in a cleared memo).
    fn lone_hand_key(&mut self, game: &Blackjack, legal: &[Action]) -> Option<u64> {
        let hand = game.active_hand()?;
        let up = game.up()?;
        if game.hand_count() != 1 || hand.from_split || legal.contains(&Action::Split) {
            return None;
        }
        self.note_round(game);
        let peeked = game.peeked();
        let context = Oracle::lone_context(up, peeked);
        let base = self.bases.get(context - 1).copied().flatten()?;
        if !self.lone_only || self.memo.used() + ROOM > self.memo.capacity() / 8 * 7 {
            return None;
        }
        // The cards out since the base, if this hand is all of them.
        let shoe = game.shoe();
        let mut drawn = Hand::EMPTY;
        let mut key = 0;
        for pip in Pip::ALL {
            for _ in 0..base.count(pip).checked_sub(shoe.count(pip))? {
                drawn = drawn.with(pip);
                key += unit(pip);
            }
        }
        let same = drawn.hard() == hand.hard()
            && drawn.is_soft() == hand.is_soft()
            && drawn.len() == hand.len();
        if !same {
            return None;
        }
        self.up = up;
        self.peeked = peeked;
        self.context = context as u64;
        Some(key)
    }

    /// The expected value of a round dealt from `shoe` under optimal play, per up card and in
    /// total. Tens of thousands of positions: milliseconds to a second, depending on the shoe.
    pub fn round(&mut self, shoe: &Shoe) -> Result<RoundValue, BlackjackError> {
        let mut out = RoundValue {
            by_up: [0.0; 10],
            p_up: [0.0; 10],
            total: 0.0,
        };
        let w0 = shoe.total();
        for up in Pip::ALL {
            let c = shoe.count(up);
            if c == 0 {
                continue;
            }
            let mut s1 = *shoe;
            s1.remove(up)?;
            let ev = self.round_given_up(&s1, up)?;
            let p = f64::from(c) / f64::from(w0);
            let i = up.index();
            if let (Some(b), Some(q)) = (out.by_up.get_mut(i), out.p_up.get_mut(i)) {
                *b = ev;
                *q = p;
            }
            out.total += p * ev;
        }
        Ok(out)
    }

    /// The expected value of a round given the up card, `s1` the shoe less the up card.
    fn round_given_up(&mut self, s1: &Shoe, up: Pip) -> Result<f64, BlackjackError> {
        let rules = self.rules;
        let partner = up.blackjack_partner();
        let peek = rules.dealer_peeks && partner.is_some_and(|p| s1.count(p) > 0);
        // Values of every two-card hand but its split, then the splits (each clears the memo).
        let mut unsplit = [[0.0f64; 10]; 10];
        self.clear(up, peek);
        for (a, b, _, mut s2) in two_card_deals(s1) {
            let hand = Hand::of(&[a, b]);
            let key = unit(a) + unit(b);
            let v = if hand.is_blackjack() {
                rules.blackjack_pays
            } else {
                let mut v = self.best(&mut s2, hand, key)?;
                if rules.double_any_two
                    && let Some(d) = self.double(&mut s2, hand, key)?
                    && d > v
                {
                    v = d;
                }
                if rules.late_surrender && v < -0.5 {
                    v = -0.5;
                }
                v
            };
            if let Some(u) = unsplit
                .get_mut(a.index())
                .and_then(|r| r.get_mut(b.index()))
            {
                *u = v;
            }
        }
        let mut ev = 0.0;
        for (a, b, p, s2) in two_card_deals(s1) {
            let Some(&v) = unsplit.get(a.index()).and_then(|r| r.get(b.index())) else {
                continue;
            };
            let mut v = v;
            if a == b
                && let Some(sp) = self.split(&s2, a, 2)?
                && sp > v
            {
                v = sp;
            }
            let natural = Hand::of(&[a, b]).is_blackjack();
            let q = partner.map_or(0.0, |x| s2.probability(x));
            ev += p * settle(v, natural, peek, q);
        }
        Ok(ev)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn stand_on_twenty_against_a_six_by_hand() {
        // A shoe of tens only: the dealer (6 up) draws a ten to 16 and a ten to bust.
        let shoe = Shoe::from_counts([0, 0, 0, 0, 0, 0, 0, 0, 0, 20]);
        let mut full = shoe;
        for p in [Pip::Six, Pip::Ten, Pip::Ten] {
            full.add(p).unwrap();
        }
        let g = Blackjack::dealt(Rules::new(), full, Pip::Ten, Pip::Six, Pip::Ten).unwrap();
        let mut slots = [Slot::EMPTY; 64];
        let mut o = Oracle::new(Rules::new(), &mut slots).unwrap();
        let v = o.actions(&g).unwrap();
        assert_eq!(v.stand, 1.0);
        assert_eq!(v.hit, Some(-1.0));
        assert_eq!(v.double, Some(-2.0));
        assert!(v.split.is_some_and(|s| (s - 2.0).abs() < 1e-12), "{v:?}");
        assert_eq!(v.best(), (Action::Split, 2.0));
        assert!(g.turn() == crate::Turn::Player(crate::Player(0)));
    }

    #[test]
    fn a_tiny_memo_is_an_error_not_a_panic() {
        let g = Blackjack::dealt(
            Rules::new(),
            Shoe::standard(1).unwrap(),
            Pip::Two,
            Pip::Seven,
            Pip::Three,
        )
        .unwrap();
        let mut slots = [Slot::EMPTY; 4];
        let mut o = Oracle::new(Rules::new(), &mut slots).unwrap();
        assert_eq!(o.actions(&g), Err(BlackjackError::MemoFull { capacity: 4 }));
        let mut none: [Slot; 0] = [];
        let mut o = Oracle::new(Rules::new(), &mut none).unwrap();
        assert!(o.round(&Shoe::standard(1).unwrap()).is_err());
    }

    #[test]
    fn split_play_spellings_round_trip() {
        crate::spelling::check_spellings(
            &SplitPlay::ALL,
            &["cdz", "optimal"],
            SplitPlay::about,
            &["", "CDZ", "cdz-", "cdp", "Optimal"],
        );
    }
}
