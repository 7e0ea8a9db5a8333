//! [`PlayedBoard`]s written as BBO's LIN, one board a line: what
//! [`lin::read`](crate::bridge::lin::read) reads back to the same board.

use cardtree::Seat;
use cardtree::Suit;
use cardtree::bridge::{Call, Vulnerability};

use crate::bridge::played::PlayedBoard;

/// `board` as a LIN line (`pn|...|md|...|...|pg||`): the players, deal, heading, room and
/// board (`qx`) when it has one, vulnerability, every call (`!` alerted, `an|` its
/// explanation), every card and the claim: what [`read`](crate::bridge::lin::read) reads
/// back to the same board.
pub fn write(board: &PlayedBoard) -> String {
    let order = [Seat::South, Seat::West, Seat::North, Seat::East];
    let mut out = String::new();
    if let Some(room) = &board.room {
        let r = if room.eq_ignore_ascii_case("closed") {
            'c'
        } else {
            'o'
        };
        out.push_str(&format!("qx|{r}{}|", board.board));
    }
    let names: Vec<&str> = order
        .iter()
        .map(|&s| board.names[s as usize].as_str())
        .collect();
    out.push_str(&format!("pn|{}|st||md|", names.join(",")));
    let digit = match board.dealer {
        Seat::South => '1',
        Seat::West => '2',
        Seat::North => '3',
        Seat::East => '4',
    };
    out.push(digit);
    let hands: Vec<String> = order
        .iter()
        .map(|&seat| {
            let hand = board.deal.hand(seat);
            let mut h = String::new();
            for suit in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs] {
                h.push(suit.char());
                for c in hand.iter().rev().filter(|c| c.suit() == suit) {
                    h.push(c.rank().char());
                }
            }
            h
        })
        .collect();
    out.push_str(&hands.join(","));
    out.push_str(&format!("|rh||ah|Board {}|sv|", board.board));
    out.push(match board.vulnerability {
        Vulnerability::None => 'o',
        Vulnerability::NorthSouth => 'n',
        Vulnerability::EastWest => 'e',
        Vulnerability::Both => 'b',
    });
    out.push('|');
    if let Some(a) = &board.auction {
        for (i, call) in a.calls().iter().enumerate() {
            let text = match call {
                Call::Pass => "p".to_owned(),
                Call::Double => "d".to_owned(),
                Call::Redouble => "r".to_owned(),
                // LIN writes no trump as `N`.
                Call::Bid(_) => call.to_string().replace("NT", "N"),
            };
            let alert = board.alerts.iter().find(|x| x.call == i);
            let bang = if alert.is_some_and(|x| x.alerted) {
                "!"
            } else {
                ""
            };
            out.push_str(&format!("mb|{text}{bang}|"));
            if let Some(x) = alert.filter(|x| !x.text.is_empty()) {
                out.push_str(&format!("an|{}|", x.text.replace('|', "/")));
            }
        }
    }
    for c in &board.play {
        out.push_str(&format!("pc|{c}|"));
    }
    if let Some(t) = board.claim {
        out.push_str(&format!("mc|{t}|"));
    }
    for n in &board.commentary {
        out.push_str(&format!("nt|{}|", n.replace('|', "/")));
    }
    out.push_str("pg||\n");
    out
}
