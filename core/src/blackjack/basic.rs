//! [`Basic`]: the standard total-dependent basic strategy for multi-deck shoes.

use rand_core::Rng;

use super::{Action, Blackjack, BlackjackError, Hand, Pip, Rules, Strategy};

/// One cell of a basic-strategy table.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Hit,
    Stand,
    /// Double, else hit.
    DoubleHit,
    /// Double, else stand.
    DoubleStand,
    Split,
    /// Surrender, else hit.
    SurrenderHit,
}

fn cell(c: u8) -> Cell {
    match c {
        b'S' => Cell::Stand,
        b'D' => Cell::DoubleHit,
        b'd' => Cell::DoubleStand,
        b'P' => Cell::Split,
        b'R' => Cell::SurrenderHit,
        _ => Cell::Hit,
    }
}

/// The column of an up card: 2..10, then the ace.
fn column(up: Pip) -> usize {
    match up {
        Pip::Ace => 9,
        p => usize::from(p.value()) - 2,
    }
}

/// Looks up `row` (ten cells for up cards 2..10, A).
fn at(row: &[u8; 10], up: Pip) -> Cell {
    cell(row.get(column(up)).copied().unwrap_or(b'H'))
}

/// The basic-strategy cell of `hand` against `up` under `rules`: the standard four-to-eight
/// deck table (S17 or H17, DAS or not, late surrender or not), as published e.g. by the
/// Wizard of Odds "4-deck to 8-deck blackjack strategy" pages and Griffin, *The Theory of
/// Blackjack*, ch. 2. It depends on the totals and pairs only, never on the shoe; one- and
/// two-deck refinements are not applied.
fn table(hand: &Hand, up: Pip, rules: &Rules, can_split: bool) -> Cell {
    let h17 = rules.dealer_hits_soft_17;
    let das = rules.double_after_split;
    if can_split && let Some(p) = hand.pair() {
        //                         2  3  4  5  6  7  8  9  T  A
        let row: Option<&[u8; 10]> = match (p, das) {
            (Pip::Ace, _) | (Pip::Eight, _) => Some(b"PPPPPPPPPP"),
            (Pip::Two | Pip::Three, true) => Some(b"PPPPPPHHHH"),
            (Pip::Two | Pip::Three, false) => Some(b"HHPPPPHHHH"),
            (Pip::Four, true) => Some(b"HHHPPHHHHH"),
            (Pip::Six, true) => Some(b"PPPPPHHHHH"),
            (Pip::Six, false) => Some(b"HPPPPHHHHH"),
            (Pip::Seven, _) => Some(b"PPPPPPHHHH"),
            (Pip::Nine, _) => Some(b"PPPPPSPPSS"),
            _ => None,
        };
        if let Some(row) = row
            && at(row, up) == Cell::Split
        {
            return Cell::Split;
        }
    }
    if hand.is_soft() {
        let row: &[u8; 10] = match (hand.total(), h17) {
            (13 | 14, _) => b"HHHDDHHHHH",
            (15 | 16, _) => b"HHDDDHHHHH",
            (17, _) => b"HDDDDHHHHH",
            (18, false) => b"SddddSSHHH",
            (18, true) => b"dddddSSHHH",
            (19, true) => b"SSSSdSSSSS",
            _ => b"SSSSSSSSSS",
        };
        return at(row, up);
    }
    let total = hand.total();
    if rules.late_surrender {
        let surrender = match (total, up) {
            (16, Pip::Nine | Pip::Ten | Pip::Ace) => hand.pair() != Some(Pip::Eight),
            (15, Pip::Ten) => true,
            (15 | 17, Pip::Ace) => h17,
            _ => false,
        };
        if surrender {
            return Cell::SurrenderHit;
        }
    }
    let row: &[u8; 10] = match total {
        0..=8 => b"HHHHHHHHHH",
        9 => b"HDDDDHHHHH",
        10 => b"DDDDDDDDHH",
        11 if h17 => b"DDDDDDDDDD",
        11 => b"DDDDDDDDDH",
        12 => b"HHSSSHHHHH",
        13..=16 => b"SSSSSHHHHH",
        _ => b"SSSSSSSSSS",
    };
    at(row, up)
}

/// The basic-strategy action for the active hand of `game`, among its legal actions (a double
/// that is not allowed becomes a hit or a stand, a surrender a hit, as the tables say).
pub fn basic_action(game: &Blackjack) -> Result<Action, BlackjackError> {
    let hand = game.active_hand().ok_or(BlackjackError::NotADecision)?;
    let up = game.up().ok_or(BlackjackError::NotADecision)?;
    let mut legal = heapless::Vec::new();
    game.legal_actions(&mut legal);
    if legal.is_empty() {
        return Err(BlackjackError::NotADecision);
    }
    let can = |a| legal.contains(&a);
    let choice = match table(hand, up, game.rules(), can(Action::Split)) {
        Cell::Split => Action::Split,
        Cell::Stand => Action::Stand,
        Cell::Hit => Action::Hit,
        Cell::DoubleHit if can(Action::Double) => Action::Double,
        Cell::DoubleHit => Action::Hit,
        Cell::DoubleStand if can(Action::Double) => Action::Double,
        Cell::DoubleStand => Action::Stand,
        Cell::SurrenderHit if can(Action::Surrender) => Action::Surrender,
        Cell::SurrenderHit => Action::Hit,
    };
    Ok(if can(choice) { choice } else { Action::Stand })
}

/// The paper's "basic" player (`../shared/papers/003_*`, Part II): the basic-strategy table
/// for the rules in force ([`basic_action`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Basic;

impl Strategy for Basic {
    fn name(&self) -> &'static str {
        "basic"
    }

    fn decide<R: Rng + ?Sized>(
        &mut self,
        game: &Blackjack,
        _rng: &mut R,
    ) -> Result<Action, BlackjackError> {
        basic_action(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn act(rules: Rules, cards: [Pip; 2], up: Pip) -> Action {
        let g = Blackjack::dealt(
            rules,
            super::super::Shoe::standard(6).unwrap(),
            cards[0],
            up,
            cards[1],
        )
        .unwrap();
        basic_action(&g).unwrap()
    }

    #[test]
    fn spot_checks_of_the_six_deck_s17_das_table() {
        use Action::*;
        use Pip::*;
        let r = Rules::new();
        for (cards, up, want) in [
            ([Ten, Six], Ten, Hit),
            ([Ten, Six], Six, Stand),
            ([Ten, Two], Three, Hit),
            ([Ten, Two], Four, Stand),
            ([Six, Five], Ace, Hit),
            ([Six, Five], Ten, Double),
            ([Five, Four], Two, Hit),
            ([Five, Four], Three, Double),
            ([Five, Five], Nine, Double),
            ([Ace, Seven], Two, Stand),
            ([Ace, Seven], Three, Double),
            ([Ace, Seven], Nine, Hit),
            ([Ace, Six], Two, Hit),
            ([Ace, Two], Five, Double),
            ([Eight, Eight], Ten, Split),
            ([Ace, Ace], Ace, Split),
            ([Nine, Nine], Seven, Stand),
            ([Nine, Nine], Eight, Split),
            ([Ten, Ten], Six, Stand),
            ([Two, Two], Two, Split),
            ([Four, Four], Five, Split),
            ([Four, Four], Four, Hit),
            ([Ten, Seven], Ace, Stand),
        ] {
            assert_eq!(act(r, cards, up), want, "{cards:?} vs {up}");
        }
    }

    #[test]
    fn rule_variants_change_the_right_cells() {
        use Action::*;
        use Pip::*;
        let h17 = Rules {
            dealer_hits_soft_17: true,
            ..Rules::new()
        };
        assert_eq!(act(h17, [Six, Five], Ace), Double);
        assert_eq!(act(h17, [Ace, Eight], Six), Double);
        assert_eq!(act(h17, [Ace, Seven], Two), Double);
        let ndas = Rules {
            double_after_split: false,
            ..Rules::new()
        };
        assert_eq!(act(ndas, [Two, Two], Two), Hit);
        assert_eq!(act(ndas, [Four, Four], Five), Hit);
        let sur = Rules {
            late_surrender: true,
            ..Rules::new()
        };
        assert_eq!(act(sur, [Ten, Six], Ten), Surrender);
        assert_eq!(act(sur, [Ten, Five], Ten), Surrender);
        assert_eq!(act(sur, [Ten, Five], Nine), Hit);
        assert_eq!(act(sur, [Eight, Eight], Ten), Split);
    }
}
