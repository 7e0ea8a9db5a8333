//! [`PlayView`]: what the player choosing a card of a played hand has seen, and the layouts of
//! the cards hidden from them that agree with it.
//!
//! Before each card of a hand, its chooser (the seat to play, or declarer for dummy's cards)
//! knows their own hand, dummy's once the opening lead is made, every card played so far and
//! who played it, the suits each player has shown out of, and (if the caller gives them) the
//! ranges the auction implies ([`Constraints`] on each seat's *whole* hand: the cards it holds
//! now and those it has played). The other hands are hidden: three at the opening lead, two
//! after it. A layout deals the hidden cards to the hidden seats in hands of their current
//! sizes (public: everyone sees how many cards each player has played).
//!
//! Draws are exactly uniform among the layouts that agree. An unseen card that only one hidden
//! seat can hold (the others have shown out of its suit) is dealt to it in every layout; the
//! other cards are dealt uniformly to the hidden seats (a partial Fisher-Yates shuffle, the
//! last seat taking the rest), and a try is kept only if every hand is within its seat's
//! suits and constraint. After the opening lead two seats are hidden and every card not forced
//! may go to either, so only the constraints reject tries. A draw that finds nothing in its
//! budget is [`LayoutError::TooManyTries`], never a hang.
//!
//! Draw `i` of a run seeded `seed` uses [`rng::stream`]`(seed, i)` ([`PlayView::sample`]), so a
//! layout depends on `(seed, i)` alone, whatever thread draws it.

use core::fmt;

use rand_core::Rng;

use super::constraints::Constraints;
use super::deal::Deal;
use super::layout::{LayoutError, deal_hand};
use super::play::{BridgePlay, PositionError};
use super::seat::{BySeat, Seat};
use super::trace::{TraceError, play_out};
use crate::card::{Card, Suit};
use crate::cards::Cards;
use crate::game::Side;
use crate::rng;

/// Why a view could not be set up or a layout drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum ViewError {
    /// The starting position is not the opening lead of a whole hand (13 cards each, no card
    /// played): what a player has seen is counted from there.
    NotOpeningLead,
    /// The cards played are not a legal play from the start.
    Play(TraceError),
    /// The hand is over: no card is left to choose.
    HandOver,
    /// No hidden hand can hold this unseen card: every hidden seat has shown out of its suit.
    Unplaceable(Card),
    /// Layouts could not be drawn (a known hand breaks its constraint, or none fits in the
    /// budget of tries).
    Layout(LayoutError),
    /// A drawn layout is no position of play (a bug in the sampler, reported not hidden).
    Position(PositionError),
}

impl fmt::Display for ViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ViewError::NotOpeningLead => {
                f.write_str("the play must start at the opening lead of a whole hand")
            }
            ViewError::Play(e) => write!(f, "the play: {e}"),
            ViewError::HandOver => f.write_str("the hand is over: no card to choose"),
            ViewError::Unplaceable(c) => {
                write!(f, "no hidden hand can hold {c}: every one has shown out")
            }
            ViewError::Layout(e) => write!(f, "layouts: {e}"),
            ViewError::Position(e) => write!(f, "layout: {e}"),
        }
    }
}

impl core::error::Error for ViewError {}

impl From<LayoutError> for ViewError {
    fn from(e: LayoutError) -> Self {
        ViewError::Layout(e)
    }
}

impl From<PositionError> for ViewError {
    fn from(e: PositionError) -> Self {
        ViewError::Position(e)
    }
}

/// What the chooser of the next card of a played hand has seen (their own hand, dummy's
/// after the opening lead, the cards played and by whom, the suits shown out of, the
/// auction's constraints), and the layouts of the hidden hands that agree with it, drawn
/// uniformly.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct PlayView {
    /// The real position before the card.
    position: BridgePlay,
    chooser: Seat,
    /// The hands the chooser sees now.
    known: BySeat<Option<Cards>>,
    /// The cards each seat has played.
    shown: BySeat<Cards>,
    /// The suits each seat has shown out of, as the cards it may still hold.
    allowed: BySeat<Cards>,
    /// Unseen cards only one hidden seat can hold, by seat.
    forced: BySeat<Cards>,
    /// The other unseen cards.
    free: Cards,
    hidden: heapless::Vec<Seat, 3>,
    constraints: Constraints,
}

impl PlayView {
    /// The view before card `played.len()` of the hand that starts at `start` (the opening
    /// lead: the declaring side is the one not on lead), after the cards of `played`; each
    /// seat's whole hand within its constraint in `constraints` (`Constraints::default()` for
    /// none).
    pub fn new(
        start: &BridgePlay,
        played: &[Card],
        constraints: Constraints,
    ) -> Result<PlayView, ViewError> {
        let whole = Seat::ALL.iter().all(|&s| start.hand(s).len() == 13);
        if !whole || !start.trick().is_empty() {
            return Err(ViewError::NotOpeningLead);
        }
        let declarer = start.leader().offset(3);
        let dummy = declarer.partner();
        let position = play_out(start, played).map_err(ViewError::Play)?;
        if position.tricks_left() == 0 {
            return Err(ViewError::HandOver);
        }
        // Replay to learn who played what and who showed out.
        let mut shown = BySeat([Cards::EMPTY; 4]);
        let mut allowed = BySeat([Cards::ALL; 4]);
        let mut p = *start;
        for &card in played.iter().take(52) {
            let seat = p.to_move();
            if let Some(led) = p.trick().first().map(|c| c.suit())
                && card.suit() != led
            {
                allowed[seat] = allowed[seat].difference(Cards::suit(led));
            }
            shown[seat].insert(card);
            if p.play(card).is_err() {
                break;
            }
        }
        let mover = position.to_move();
        let chooser = if mover == dummy { declarer } else { mover };
        let mut known = BySeat([None; 4]);
        known[chooser] = Some(position.hand(chooser));
        if !played.is_empty() {
            known[dummy] = Some(position.hand(dummy));
        }
        let mut hidden = heapless::Vec::<Seat, 3>::new();
        let mut seen = Cards::EMPTY;
        for seat in Seat::ALL {
            seen |= shown[seat];
            match known[seat] {
                Some(hand) => {
                    seen |= hand;
                    if !constraints.of(seat).holds(hand | shown[seat]) {
                        return Err(LayoutError::KnownHandBreaksConstraint(seat).into());
                    }
                }
                None => {
                    let _ = hidden.push(seat);
                }
            }
        }
        let unseen = Cards::ALL.difference(seen);
        let mut forced = BySeat([Cards::EMPTY; 4]);
        let mut free = Cards::EMPTY;
        for card in unseen {
            let mut holders = hidden.iter().filter(|&&s| allowed[s].contains(card));
            match (holders.next(), holders.next()) {
                (None, _) => return Err(ViewError::Unplaceable(card)),
                (Some(&s), None) => {
                    forced[s].insert(card);
                }
                _ => {
                    free.insert(card);
                }
            }
        }
        for &s in &hidden {
            if forced[s].len() > position.hand(s).len() {
                let card = forced[s].lowest().unwrap_or_default();
                return Err(ViewError::Unplaceable(card));
            }
        }
        Ok(PlayView {
            position,
            chooser,
            known,
            shown,
            allowed,
            forced,
            free,
            hidden,
            constraints,
        })
    }

    /// The real position before the card.
    #[must_use]
    pub fn position(&self) -> &BridgePlay {
        &self.position
    }

    /// The seat to play the card.
    #[must_use]
    pub fn mover(&self) -> Seat {
        self.position.to_move()
    }

    /// Who chooses it: the seat to play, or declarer for dummy's cards.
    #[must_use]
    pub fn chooser(&self) -> Seat {
        self.chooser
    }

    /// The seats whose hands the chooser cannot see.
    #[must_use]
    pub fn hidden(&self) -> &[Seat] {
        &self.hidden
    }

    /// The hand of `seat` as the chooser sees it now, if it is not hidden.
    #[must_use]
    pub fn known(&self, seat: Seat) -> Option<Cards> {
        self.known[seat]
    }

    /// The cards the chooser cannot place: in the hidden hands.
    pub fn unseen(&self) -> Cards {
        self.free
            | self
                .hidden
                .iter()
                .fold(Cards::EMPTY, |a, &s| a | self.forced[s])
    }

    /// Whether `seat` has shown out of `suit` (failed to follow to a trick led in it).
    #[must_use]
    pub fn shown_out(&self, seat: Seat, suit: Suit) -> bool {
        self.allowed[seat].in_suit(suit).is_empty()
    }

    /// Draws one layout with `rng`, making at most `max_tries` tries (at least one): the
    /// position before the card with the hidden hands dealt, and the tries it took.
    pub fn draw<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        max_tries: u32,
    ) -> Result<(BridgePlay, u32), ViewError> {
        let mut pool = [Card::default(); 52];
        let mut n = 0;
        for (slot, card) in pool.iter_mut().zip(self.free) {
            *slot = card;
            n += 1;
        }
        let pool = pool.get_mut(..n).unwrap_or_default();
        let mut hands = BySeat::from_fn(|s| self.position.hand(s));
        let last = self.hidden.len().saturating_sub(1);
        let max_tries = max_tries.max(1);
        'tries: for tries in 1..=max_tries {
            let mut next = 0;
            for (k, &seat) in self.hidden.iter().enumerate() {
                let size = self
                    .position
                    .hand(seat)
                    .len()
                    .saturating_sub(self.forced[seat].len());
                let (drawn, taken) = deal_hand(pool, next, size, k == last, rng);
                next += taken;
                let hand = drawn | self.forced[seat];
                if !drawn.is_subset(self.allowed[seat])
                    || !self.constraints.of(seat).holds(hand | self.shown[seat])
                {
                    continue 'tries;
                }
                hands[seat] = hand;
            }
            let deal = Deal::from_hands(hands).map_err(|o| LayoutError::Overlap(o.card))?;
            let p = &self.position;
            let position = BridgePlay::with_trick(&deal, p.strain(), p.leader(), p.trick())?
                .with_tricks_won(p.tricks_won(Side(0)), p.tricks_won(Side(1)))?;
            return Ok((position, tries));
        }
        Err(LayoutError::TooManyTries { tries: max_tries }.into())
    }

    /// Layout `index` of the run seeded `seed`: [`PlayView::draw`] with
    /// [`rng::stream`]`(seed, index)`, so it depends on `(seed, index)` alone.
    pub fn sample(
        &self,
        seed: u64,
        index: u64,
        max_tries: u32,
    ) -> Result<(BridgePlay, u32), ViewError> {
        self.draw(&mut rng::stream(seed, index), max_tries)
    }

    /// Whether `position` agrees with the view: the chooser's and dummy's hands as seen, the
    /// trick and tricks won as played, every hidden hand of its size, within the suits its
    /// seat has not shown out of and within its constraint.
    #[must_use]
    pub fn agrees(&self, position: &BridgePlay) -> bool {
        let p = &self.position;
        if position.trick() != p.trick()
            || position.leader() != p.leader()
            || position.strain() != p.strain()
            || position.tricks_won(Side(0)) != p.tricks_won(Side(0))
            || position.tricks_won(Side(1)) != p.tricks_won(Side(1))
        {
            return false;
        }
        let mut hidden_cards = Cards::EMPTY;
        for seat in Seat::ALL {
            let hand = position.hand(seat);
            let fits = match self.known[seat] {
                Some(k) => k == hand,
                None => {
                    hidden_cards |= hand;
                    hand.len() == p.hand(seat).len() && hand.is_subset(self.allowed[seat])
                }
            };
            if !fits || !self.constraints.of(seat).holds(hand | self.shown[seat]) {
                return false;
            }
        }
        hidden_cards == self.unseen()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{Strain, high_card_points, pbn};

    fn start() -> BridgePlay {
        let deal = pbn::parse(
            "N:AKQ2.AK2.AK2.AK2 JT98.QJT9.QJT.QJ 76.876.9876.T876 543.543.543.9543",
            pbn::SizeRule::Full,
        )
        .unwrap();
        // South declares spades: West leads.
        BridgePlay::new(&deal, Strain::Spades, Seat::West).unwrap()
    }

    fn cards(s: &str) -> heapless::Vec<Card, 52> {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn the_opening_leader_sees_only_their_hand() {
        let v = PlayView::new(&start(), &[], Constraints::default()).unwrap();
        assert_eq!(v.chooser(), Seat::West);
        assert_eq!(v.hidden(), &[Seat::North, Seat::East, Seat::South]);
        assert_eq!(v.unseen().len(), 39);
        for i in 0..50 {
            let (p, tries) = v.sample(1, i, 10).unwrap();
            assert_eq!(tries, 1);
            assert!(v.agrees(&p));
            assert_eq!(p.hand(Seat::West), start().hand(Seat::West));
        }
        assert_eq!(v.sample(1, 7, 10), v.sample(1, 7, 10));
        assert_ne!(v.sample(1, 7, 10), v.sample(1, 8, 10));
    }

    #[test]
    fn a_card_only_one_hidden_hand_can_hold_is_always_dealt_to_it() {
        // East shows out of clubs on the third round; South wins the fourth and is to lead.
        let played = cards("H3 HA H9 H6 CA CJ C6 C3 CK CQ C7 C4 C2 HT C8 C5");
        let v = PlayView::new(&start(), &played, Constraints::default()).unwrap();
        assert_eq!((v.mover(), v.chooser()), (Seat::South, Seat::South));
        assert_eq!(v.hidden(), &[Seat::East, Seat::West]);
        assert!(v.shown_out(Seat::East, Suit::Clubs));
        assert!(!v.shown_out(Seat::West, Suit::Clubs));
        let c9: Card = "C9".parse().unwrap();
        let mut west_hands = Cards::EMPTY;
        for i in 0..100 {
            let (p, _) = v.sample(3, i, 100).unwrap();
            assert!(v.agrees(&p), "{i}");
            assert!(p.hand(Seat::West).contains(c9));
            assert_eq!(p.hand(Seat::North), v.position().hand(Seat::North));
            west_hands |= p.hand(Seat::West);
        }
        // Every other unseen card reaches West in some layout.
        assert_eq!(west_hands, v.unseen());
    }

    #[test]
    fn in_mid_trick_the_layouts_keep_the_trick() {
        let v = PlayView::new(&start(), &cards("H3 HA"), Constraints::default()).unwrap();
        assert_eq!((v.mover(), v.chooser()), (Seat::East, Seat::East));
        assert_eq!(v.hidden(), &[Seat::South, Seat::West]);
        for i in 0..50 {
            let (p, _) = v.sample(5, i, 10).unwrap();
            assert!(v.agrees(&p));
            assert_eq!(p.trick(), v.position().trick());
            assert_eq!(p.hand(Seat::West).len(), 12);
            assert_eq!(p.hand(Seat::South).len(), 13);
        }
    }

    #[test]
    fn dummy_s_cards_are_chosen_by_declarer() {
        let v = PlayView::new(&start(), &cards("H3"), Constraints::default()).unwrap();
        assert_eq!((v.mover(), v.chooser()), (Seat::North, Seat::South));
        assert_eq!(v.hidden(), &[Seat::East, Seat::West]);
        assert_eq!(v.known(Seat::North), Some(v.position().hand(Seat::North)));
    }

    #[test]
    fn bad_starts_and_plays_are_errors() {
        let s = start();
        let mut later = s;
        later.play("H3".parse().unwrap()).unwrap();
        let none = Constraints::default;
        assert_eq!(
            PlayView::new(&later, &[], none()),
            Err(ViewError::NotOpeningLead)
        );
        assert!(matches!(
            PlayView::new(&s, &cards("SA"), none()),
            Err(ViewError::Play(_))
        ));
        let c: Constraints = "W: 20-37 hcp".parse().unwrap();
        assert_eq!(
            PlayView::new(&s, &[], c),
            Err(ViewError::Layout(LayoutError::KnownHandBreaksConstraint(
                Seat::West
            )))
        );
        let c: Constraints = "E: 37 hcp".parse().unwrap();
        let v = PlayView::new(&s, &cards("H3"), c).unwrap();
        assert_eq!(
            v.sample(1, 0, 50),
            Err(ViewError::Layout(LayoutError::TooManyTries { tries: 50 }))
        );
    }

    #[test]
    fn constraints_count_the_cards_already_played() {
        // The unseen cards hold 10 points (all East's): declarer is told East has at most 3.
        let c: Constraints = "E: 0-3 hcp".parse().unwrap();
        let v = PlayView::new(&start(), &cards("H3"), c).unwrap();
        for i in 0..50 {
            let (p, _) = v.sample(9, i, 1_000_000).unwrap();
            assert!(high_card_points(p.hand(Seat::East)) <= 3);
            assert!(v.agrees(&p));
        }
    }
}
