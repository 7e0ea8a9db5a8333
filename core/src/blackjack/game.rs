//! [`Blackjack`]: one round, one player against the dealer's fixed policy, as a [`Game`].

use super::{Action, BlackjackError, Hand, Move, Pip, Rules, Shoe};
use crate::game::{Game, MoveList, Outcomes, Player, Side, Turn, ValueRange};

/// The most hands a round can have (four, after three splits).
pub const MAX_HANDS: usize = 4;

/// Where a round is: which card is dealt next or who acts.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Stage {
    /// Chance: the player's first card.
    PlayerFirst,
    /// Chance: the dealer's up card.
    Up,
    /// Chance: the player's second card.
    PlayerSecond,
    /// Chance: the dealer peeks under an ace or ten-valued up card
    /// ([`Move::DealerBlackjack`] or [`Move::NoDealerBlackjack`]).
    Peek,
    /// The player acts on the active hand.
    Decide,
    /// Chance: a card to the active hand (after a hit, a double or a split).
    PlayerCard,
    /// Chance: the dealer's hole card, turned when the dealer plays.
    Hole,
    /// Chance: a card the dealer draws.
    DealerCard,
    /// The round is over.
    Done,
}

/// One round of Blackjack as a one-player [`Game`]: chance deals the cards from the shoe,
/// the player decides hit, stand, double, split or surrender, the dealer plays its fixed
/// policy. The value is the player's return in bets.
///
/// Order of play: player card, dealer up card, player card; then, if the dealer peeks and
/// shows an ace or ten-valued card, a chance move says whether it has blackjack. The hole
/// card stays in the shoe and is dealt (as chance) only when the dealer plays, never the
/// blackjack card after a peek; the player's draws after a peek are weighted by that
/// condition ([`Shoe::draw_weights`]), so every probability is that of a physical deal
/// while the player never sees the hole card, and the searches need no determinisation.
#[derive(Clone, Debug, PartialEq)]
pub struct Blackjack {
    rules: Rules,
    shoe: Shoe,
    stage: Stage,
    hands: [Hand; MAX_HANDS],
    hand_count: u8,
    active: u8,
    up: Option<Pip>,
    dealer: Hand,
    peeked: bool,
    value: f64,
}

impl Blackjack {
    /// A round about to be dealt from `shoe`.
    pub fn new(rules: Rules, shoe: Shoe) -> Result<Blackjack, BlackjackError> {
        rules.validate()?;
        Ok(Blackjack {
            rules,
            shoe,
            stage: Stage::PlayerFirst,
            hands: [Hand::EMPTY; MAX_HANDS],
            hand_count: 1,
            active: 0,
            up: None,
            dealer: Hand::EMPTY,
            peeked: false,
            value: 0.0,
        })
    }

    /// A round dealt the player's cards `first` and `second` and the up card `up` from
    /// `shoe`; if the dealer would peek, it has peeked and found no blackjack.
    pub fn dealt(
        rules: Rules,
        shoe: Shoe,
        first: Pip,
        up: Pip,
        second: Pip,
    ) -> Result<Blackjack, BlackjackError> {
        let mut g = Blackjack::new(rules, shoe)?;
        for c in [first, up, second] {
            g.try_apply(Move::Card(c))
                .map_err(|_| BlackjackError::CardNotInShoe)?;
        }
        if g.stage == Stage::Peek {
            g.try_apply(Move::NoDealerBlackjack)
                .map_err(|_| BlackjackError::ShoeExhausted)?;
        }
        Ok(g)
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The cards not yet seen by the player (the hole card is among them until the dealer
    /// plays).
    #[must_use]
    pub const fn shoe(&self) -> &Shoe {
        &self.shoe
    }

    /// Where the round is.
    #[must_use]
    pub const fn stage(&self) -> Stage {
        self.stage
    }

    /// The dealer's up card, once dealt.
    #[must_use]
    pub const fn up(&self) -> Option<Pip> {
        self.up
    }

    /// The dealer's cards so far (the up card, then the hole card and draws once it plays).
    #[must_use]
    pub const fn dealer(&self) -> &Hand {
        &self.dealer
    }

    /// The dealer peeked and has no blackjack: its hole card is not the blackjack card.
    #[must_use]
    pub const fn peeked(&self) -> bool {
        self.peeked
    }

    /// The player's hands, in order of play.
    #[must_use]
    pub fn hands(&self) -> &[Hand] {
        self.hands
            .get(..usize::from(self.hand_count))
            .unwrap_or(&self.hands)
    }

    /// The hand the player acts on or that takes the next card.
    #[must_use]
    pub fn active_hand(&self) -> Option<&Hand> {
        self.hands.get(usize::from(self.active))
    }

    /// The number of hands in play.
    #[must_use]
    pub const fn hand_count(&self) -> u8 {
        self.hand_count
    }

    fn active_mut(&mut self) -> Option<&mut Hand> {
        self.hands.get_mut(usize::from(self.active))
    }

    /// The card the hole card must not be, after a peek.
    fn excluded_hole(&self) -> Option<Pip> {
        if self.peeked {
            self.up.and_then(Pip::blackjack_partner)
        } else {
            None
        }
    }

    /// The actions legal on the active hand (empty unless at a decision).
    pub fn legal_actions(&self, out: &mut heapless::Vec<Action, 5>) {
        out.clear();
        self.each_legal_action(|a| {
            let _ = out.push(a);
        });
    }

    /// Calls `f` with each action legal on the active hand, in [`Action::ALL`] order.
    fn each_legal_action(&self, mut f: impl FnMut(Action)) {
        if self.stage != Stage::Decide {
            return;
        }
        let Some(h) = self.active_hand() else {
            return;
        };
        let r = &self.rules;
        let can_draw = !self.shoe.is_empty();
        let split_aces = h.from_split && h.first() == Some(Pip::Ace);
        let may_split = match h.pair() {
            Some(Pip::Ace) => !h.from_split || r.resplit_aces,
            Some(_) => true,
            None => false,
        } && self.hand_count < r.max_split_hands
            && usize::from(self.hand_count) < MAX_HANDS
            && can_draw;
        f(Action::Stand);
        if !split_aces {
            if can_draw {
                f(Action::Hit);
            }
            if can_draw
                && h.len() == 2
                && r.double_any_two
                && (!h.from_split || r.double_after_split)
            {
                f(Action::Double);
            }
        }
        if may_split {
            f(Action::Split);
        }
        if r.late_surrender && h.len() == 2 && !h.from_split && self.hand_count == 1 {
            f(Action::Surrender);
        }
    }

    /// After the first two cards: the peek, a natural, or the first decision.
    fn after_deal(&mut self) {
        let partner = self
            .up
            .and_then(Pip::blackjack_partner)
            .filter(|&p| self.shoe.count(p) > 0);
        let natural = self.hands[0].is_blackjack();
        if self.rules.dealer_peeks && partner.is_some() {
            self.stage = Stage::Peek;
        } else if natural {
            if partner.is_some() {
                self.hands[0].done = true;
                self.stage = Stage::Hole;
            } else {
                self.value = self.rules.blackjack_pays;
                self.stage = Stage::Done;
            }
        } else {
            self.advance();
        }
    }

    /// Moves to the next hand that needs a card or a decision, or to the dealer.
    fn advance(&mut self) {
        while self.active < self.hand_count {
            let Some(h) = self.active_hand() else {
                break;
            };
            if h.len() < 2 {
                self.stage = Stage::PlayerCard;
                return;
            }
            if !h.done {
                self.stage = Stage::Decide;
                return;
            }
            self.active += 1;
        }
        let live = self.hands().iter().any(|h| !h.is_bust() && !h.surrendered);
        if live && !self.shoe.is_empty() {
            self.stage = Stage::Hole;
        } else {
            self.settle();
        }
    }

    /// The dealer draws while its policy says so (and the shoe has cards).
    fn dealer_continue(&mut self) {
        let d = self.dealer;
        let live = self
            .hands()
            .iter()
            .any(|h| !h.is_bust() && !h.surrendered && !h.is_blackjack());
        let hits =
            d.total() < 17 || (d.total() == 17 && d.is_soft() && self.rules.dealer_hits_soft_17);
        if live && !d.is_blackjack() && hits && !self.shoe.is_empty() {
            self.stage = Stage::DealerCard;
        } else {
            self.settle();
        }
    }

    /// Pays every hand and ends the round.
    fn settle(&mut self) {
        let d = self.dealer;
        let dealer_bj = d.is_blackjack();
        let pays = self.rules.blackjack_pays;
        let mut value = 0.0;
        for h in self.hands() {
            let bet = f64::from(h.bet);
            value += if h.surrendered {
                -0.5
            } else if h.is_bust() {
                -bet
            } else if h.is_blackjack() {
                if dealer_bj { 0.0 } else { pays }
            } else if dealer_bj {
                -bet
            } else if d.is_bust() || h.total() > d.total() {
                bet
            } else if h.total() < d.total() {
                -bet
            } else {
                0.0
            };
        }
        self.value = value;
        self.stage = Stage::Done;
    }

    /// A card to the active hand.
    fn card_to_player(&mut self, pip: Pip) {
        let rules = self.rules;
        let count = self.hand_count;
        let Some(h) = self.active_mut() else {
            return;
        };
        *h = h.with(pip);
        let split_aces = h.from_split && h.first() == Some(Pip::Ace) && h.len() == 2;
        let resplittable = split_aces
            && h.pair() == Some(Pip::Ace)
            && rules.resplit_aces
            && count < rules.max_split_hands;
        if h.bet == 2 || h.is_bust() || h.total() == 21 || (split_aces && !resplittable) {
            h.done = true;
        }
        self.advance();
    }

    fn act(&mut self, action: Action) {
        let count = usize::from(self.hand_count);
        let active = usize::from(self.active);
        let Some(h) = self.active_mut() else {
            return;
        };
        match action {
            Action::Stand => {
                h.done = true;
                self.advance();
            }
            Action::Hit => self.stage = Stage::PlayerCard,
            Action::Double => {
                h.bet = 2;
                self.stage = Stage::PlayerCard;
            }
            Action::Surrender => {
                h.surrendered = true;
                h.done = true;
                self.advance();
            }
            Action::Split => {
                let half = h.split_half();
                if count >= MAX_HANDS {
                    return;
                }
                let mut i = count;
                while i > active + 1 {
                    self.hands.swap(i, i - 1);
                    i -= 1;
                }
                if let Some(slot) = self.hands.get_mut(active) {
                    *slot = half;
                }
                if let Some(slot) = self.hands.get_mut(active + 1) {
                    *slot = half;
                }
                self.hand_count += 1;
                self.stage = Stage::PlayerCard;
            }
        }
    }
}

impl Game for Blackjack {
    type Move = Move;
    const PLAYERS: u8 = 1;
    const SIDES: u8 = 1;

    fn turn(&self) -> Turn {
        match self.stage {
            Stage::Decide => Turn::Player(Player(0)),
            Stage::Done => Turn::Terminal,
            _ => Turn::Chance,
        }
    }

    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        self.each_legal_action(|a| {
            let _ = moves.push(Move::Act(a));
        });
    }

    fn apply(&mut self, mv: Move) {
        match (self.stage, mv) {
            (Stage::Decide, Move::Act(a)) => self.act(a),
            (Stage::Peek, Move::DealerBlackjack) => {
                if let Some(p) = self.up.and_then(Pip::blackjack_partner)
                    && self.shoe.remove(p).is_ok()
                {
                    self.dealer = self.dealer.with(p);
                    self.settle();
                }
            }
            (Stage::Peek, Move::NoDealerBlackjack) => {
                self.peeked = true;
                if self.hands[0].is_blackjack() {
                    self.value = self.rules.blackjack_pays;
                    self.stage = Stage::Done;
                } else {
                    self.advance();
                }
            }
            (stage, Move::Card(p)) => {
                if self.excluded_hole() == Some(p) && stage == Stage::Hole {
                    return;
                }
                if !matches!(
                    stage,
                    Stage::PlayerFirst
                        | Stage::Up
                        | Stage::PlayerSecond
                        | Stage::PlayerCard
                        | Stage::Hole
                        | Stage::DealerCard
                ) || self.shoe.remove(p).is_err()
                {
                    return;
                }
                match stage {
                    Stage::PlayerFirst => {
                        self.hands[0] = self.hands[0].with(p);
                        self.stage = Stage::Up;
                    }
                    Stage::Up => {
                        self.up = Some(p);
                        self.dealer = Hand::EMPTY.with(p);
                        self.stage = Stage::PlayerSecond;
                    }
                    Stage::PlayerSecond => {
                        self.hands[0] = self.hands[0].with(p);
                        self.after_deal();
                    }
                    Stage::PlayerCard => self.card_to_player(p),
                    _ => {
                        self.dealer = self.dealer.with(p);
                        self.dealer_continue();
                    }
                }
            }
            _ => {}
        }
    }

    fn chance_outcomes(&self, outcomes: &mut Outcomes<Move>) -> bool {
        outcomes.clear();
        match self.stage {
            Stage::Decide | Stage::Done => false,
            Stage::Peek => {
                let Some(p) = self.up.and_then(Pip::blackjack_partner) else {
                    return false;
                };
                let bj = u32::from(self.shoe.count(p));
                let rest = self.shoe.total() - bj;
                if bj > 0 {
                    let _ = outcomes.push((Move::DealerBlackjack, bj));
                }
                if rest > 0 {
                    let _ = outcomes.push((Move::NoDealerBlackjack, rest));
                }
                true
            }
            stage => {
                // The hole card is never the blackjack card after a peek; the player's cards
                // are conditioned on that too (the hole card is still in the shoe).
                let weights = match stage {
                    Stage::Hole => {
                        let mut w = self.shoe.draw_weights(None);
                        if let Some(x) = self.excluded_hole()
                            && let Some(wx) = w.get_mut(x.index())
                        {
                            *wx = 0;
                        }
                        w
                    }
                    Stage::PlayerCard => self.shoe.draw_weights(self.excluded_hole()),
                    _ => self.shoe.draw_weights(None),
                };
                for (p, &w) in Pip::ALL.iter().zip(&weights) {
                    if w > 0 {
                        let _ =
                            outcomes.push((Move::Card(*p), u32::try_from(w).unwrap_or(u32::MAX)));
                    }
                }
                true
            }
        }
    }

    fn value(&self, _side: Side) -> f64 {
        self.value
    }

    fn value_range(&self) -> ValueRange {
        ValueRange {
            lo: -(MAX_HANDS as f64) * 2.0,
            hi: self.rules.max_stake(),
        }
    }
}
