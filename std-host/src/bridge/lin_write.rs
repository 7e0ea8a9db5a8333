//! [`PlayedBoard`]s written as BBO's LIN, one board a line: what
//! [`lin::read`](crate::bridge::lin::read) reads back to the same board.

use cardtree::Seat;
use cardtree::Suit;
use cardtree::bridge::{Auction, Call, Declared, Penalty, Vulnerability};

use crate::bridge::played::PlayedBoard;

/// `board` as a LIN line (`pn|...|md|...|...|pg||`): the players, deal, heading, room and
/// board (`qx`) when it has one, vulnerability, every call (`!` alerted, `an|` its
/// explanation), every card and the claim: what [`read`](crate::bridge::lin::read) reads
/// back to the same board. A board with a contract but no auction that reaches it (a PBN
/// file's `Contract` and `Declarer` alone, or beside an auction cut short) gets the shortest
/// auction that does, since LIN carries the contract only in its calls.
pub fn write(board: &PlayedBoard) -> String {
    let order = [Seat::South, Seat::West, Seat::North, Seat::East];
    let mut out = String::new();
    if let Some(room) = &board.room {
        let r = if room.eq_ignore_ascii_case("closed") {
            'c'
        } else {
            'o'
        };
        out.push_str(&format!("qx|{r}{}|", value(&board.board)));
    }
    let names: Vec<String> = order
        .iter()
        .map(|&s| value(&board.names[s as usize]).replace(',', " "))
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
    out.push_str(&format!("|rh||ah|Board {}|sv|", value(&board.board)));
    out.push(match board.vulnerability {
        Vulnerability::None => 'o',
        Vulnerability::NorthSouth => 'n',
        Vulnerability::EastWest => 'e',
        Vulnerability::Both => 'b',
    });
    out.push('|');
    // The record's auction, if it reaches the board's contract (a PBN file may give an
    // auction cut short beside its `Contract` and `Declarer`: then it is ended with passes,
    // since LIN takes the contract from a finished auction only).
    let own = board
        .auction
        .as_ref()
        .filter(|a| board.declared.is_none() || a.declared() == board.declared)
        .map(|a| match board.declared {
            Some(_) => ended(a),
            None => a.clone(),
        });
    let shortest = match (&own, board.declared) {
        (None, Some(d)) => shortest_auction(board.dealer, d),
        _ => None,
    };
    if let Some(a) = own.or(shortest) {
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
                out.push_str(&format!("an|{}|", value(&x.text)));
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
        out.push_str(&format!("nt|{}|", value(n)));
    }
    out.push_str("pg||\n");
    out
}

/// A text as a LIN value: `|` ends a value, so it becomes `/`.
fn value(text: &str) -> String {
    text.replace('|', "/")
}

/// `auction` ended with passes: the same contract, since passes change no bid, double or
/// redouble.
fn ended(auction: &Auction) -> Auction {
    let mut a = auction.clone();
    while !a.is_complete() {
        if a.call(Call::Pass).is_err() {
            break;
        }
    }
    a
}

/// The shortest auction from `dealer` in which `declared.declarer` declares its contract:
/// passes up to declarer, the bid, a double by the next player (and a redouble by the one after)
/// if the contract has them, then three passes.
fn shortest_auction(dealer: Seat, declared: Declared) -> Option<Auction> {
    let mut a = Auction::new(dealer);
    while a.to_call() != declared.declarer {
        a.call(Call::Pass).ok()?;
    }
    let contract = declared.contract;
    let bid = Call::Bid(contract.with_penalty(Penalty::Undoubled));
    a.call(bid).ok()?;
    if contract.penalty() != Penalty::Undoubled {
        a.call(Call::Double).ok()?;
    }
    if contract.penalty() == Penalty::Redoubled {
        a.call(Call::Redouble).ok()?;
    }
    for _ in 0..3 {
        a.call(Call::Pass).ok()?;
    }
    Some(a)
}
