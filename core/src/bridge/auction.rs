//! [`Auction`]: the calls of a board's bidding, checked as they are made, and the contract
//! and declarer they end in.
//!
//! A [`Call`] is a pass, a double, a redouble or a bid. An auction starts with the dealer and
//! goes round the table; each call must be legal where it is made (a bid higher than the last,
//! a double of an opponent's undoubled bid, a redouble of an opponent's double, nothing after
//! the auction has ended), so an [`Auction`] never holds an impossible sequence. It ends after
//! four passes at the start (passed out) or three passes after any other call. The declarer is
//! the player of the side that made the final bid who first named its strain.

use core::fmt;
use core::str::FromStr;

use super::Strain;
use super::score::{Contract, Penalty};
use super::seat::Seat;

/// The most calls an auction can hold: three passes; then each of the 35 bids from 1C up,
/// followed by pass, pass, double, pass, pass, redouble (and two more passes before the next
/// bid); then the three passes that end it.
pub const MAX_CALLS: usize = 319;

/// One call of the auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Call {
    /// Pass (`P`, `Pass`, `-`).
    Pass,
    /// Double (`X`, `D`, `Dbl`).
    Double,
    /// Redouble (`XX`, `R`, `Rdbl`).
    Redouble,
    /// A bid: a level from 1 to 7 and a strain.
    Bid(Contract),
}

impl fmt::Display for Call {
    /// `Pass`, `X`, `XX`, `1C`, `3NT` (PBN's spelling).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("Pass"),
            Call::Double => f.write_str("X"),
            Call::Redouble => f.write_str("XX"),
            Call::Bid(c) => write!(f, "{}{}", c.level(), c.strain()),
        }
    }
}

/// A string that is no call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ParseCallError;

impl fmt::Display for ParseCallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a call is P (Pass, -), X (D, Dbl), XX (R, Rdbl) or a bid 1C to 7NT")
    }
}

impl core::error::Error for ParseCallError {}

impl FromStr for Call {
    type Err = ParseCallError;

    /// Any case; `P`, `Pass`, `-` (LIN's quirk) for a pass; `X`, `D`, `Dbl` for a double;
    /// `XX`, `R`, `Rdbl` for a redouble; a bid is a level and `C`, `D`, `H`, `S`, `N` or `NT`.
    fn from_str(s: &str) -> Result<Call, ParseCallError> {
        let eq = |a: &str| s.eq_ignore_ascii_case(a);
        if eq("p") || eq("pass") || s == "-" {
            return Ok(Call::Pass);
        }
        if eq("x") || eq("d") || eq("dbl") {
            return Ok(Call::Double);
        }
        if eq("xx") || eq("r") || eq("rdbl") {
            return Ok(Call::Redouble);
        }
        let bytes = s.as_bytes();
        let level = match bytes.first() {
            Some(&b @ b'1'..=b'7') => b - b'0',
            _ => return Err(ParseCallError),
        };
        let rest = s.get(1..).ok_or(ParseCallError)?;
        let strain = [
            ("C", Strain::Clubs),
            ("D", Strain::Diamonds),
            ("H", Strain::Hearts),
            ("S", Strain::Spades),
            ("N", Strain::NoTrump),
            ("NT", Strain::NoTrump),
        ]
        .into_iter()
        .find(|(name, _)| rest.eq_ignore_ascii_case(name))
        .map(|(_, strain)| strain)
        .ok_or(ParseCallError)?;
        Contract::new(level, strain)
            .map(Call::Bid)
            .map_err(|_| ParseCallError)
    }
}

/// A call that cannot be made where it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum AuctionError {
    /// The auction had ended (passed out, or three passes after a call).
    Ended,
    /// A bid not higher than the last bid.
    NotHigher {
        /// The bid made.
        bid: Contract,
        /// The last bid before it.
        last: Contract,
    },
    /// A double with no undoubled bid of the opponents to double.
    BadDouble,
    /// A redouble with no double of the opponents to redouble.
    BadRedouble,
}

impl fmt::Display for AuctionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AuctionError::Ended => f.write_str("a call after the auction ended"),
            AuctionError::NotHigher { bid, last } => {
                write!(
                    f,
                    "bid {}{} is not higher than {}{}",
                    bid.level(),
                    bid.strain(),
                    last.level(),
                    last.strain()
                )
            }
            AuctionError::BadDouble => f.write_str("a double with no opponents' bid to double"),
            AuctionError::BadRedouble => {
                f.write_str("a redouble with no double of the opponents' to redouble")
            }
        }
    }
}

impl core::error::Error for AuctionError {}

/// The contract an auction ended in and who plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Declared {
    /// The contract, with its penalty.
    pub contract: Contract,
    /// The declarer.
    pub declarer: Seat,
}

impl Declared {
    /// The player who leads to the first trick: declarer's left-hand opponent.
    #[must_use]
    pub const fn leader(&self) -> Seat {
        self.declarer.next()
    }
}

impl fmt::Display for Declared {
    /// `4SX by E`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} by {}", self.contract, self.declarer)
    }
}

/// The calls of a board's auction, from the dealer round the table, each legal where it was
/// made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Auction {
    dealer: Seat,
    calls: heapless::Vec<Call, MAX_CALLS>,
}

impl Auction {
    /// An auction with no call yet, `dealer` to call first.
    #[must_use]
    pub const fn new(dealer: Seat) -> Auction {
        Auction {
            dealer,
            calls: heapless::Vec::new(),
        }
    }

    /// The dealer.
    #[must_use]
    pub const fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The calls so far.
    #[must_use]
    pub fn calls(&self) -> &[Call] {
        &self.calls
    }

    /// The seat to call next (or that would, once the auction has ended).
    #[must_use]
    pub fn to_call(&self) -> Seat {
        self.seat_of(self.calls.len())
    }

    /// Whether the auction has ended: four passes, or three passes after another call.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        let n = self.calls.len();
        let passes = self
            .calls
            .iter()
            .rev()
            .take_while(|&&c| c == Call::Pass)
            .count();
        (n == 4 && passes == 4) || (n > 3 && passes == 3 && passes < n)
    }

    /// Whether the auction ended in four passes.
    #[must_use]
    pub fn passed_out(&self) -> bool {
        self.calls.len() == 4 && self.calls.iter().all(|&c| c == Call::Pass)
    }

    /// The last bid, the seat that made it, and how far it has been doubled since.
    fn last_bid(&self) -> Option<(Contract, Seat, Penalty)> {
        let mut penalty = Penalty::Undoubled;
        for (i, &call) in self.calls.iter().enumerate().rev() {
            match call {
                Call::Bid(c) => return Some((c, self.seat_of(i), penalty)),
                Call::Double if penalty == Penalty::Undoubled => penalty = Penalty::Doubled,
                Call::Redouble => penalty = Penalty::Redoubled,
                _ => {}
            }
        }
        None
    }

    /// The seat that made call `i`.
    fn seat_of(&self, i: usize) -> Seat {
        self.dealer.offset((i % 4) as u8)
    }

    /// Makes `call` for the seat to call, if it is legal there; otherwise the auction is left
    /// as it was.
    pub fn call(&mut self, call: Call) -> Result<(), AuctionError> {
        if self.is_complete() {
            return Err(AuctionError::Ended);
        }
        let me = self.to_call();
        let last = self.last_bid();
        match call {
            Call::Pass => {}
            Call::Bid(bid) => {
                if let Some((prev, _, _)) = last
                    && bid.bid_rank() <= prev.bid_rank()
                {
                    return Err(AuctionError::NotHigher { bid, last: prev });
                }
            }
            Call::Double => match last {
                Some((_, by, Penalty::Undoubled)) if by.side() != me.side() => {}
                _ => return Err(AuctionError::BadDouble),
            },
            Call::Redouble => match last {
                Some((_, by, Penalty::Doubled)) if by.side() == me.side() => {}
                _ => return Err(AuctionError::BadRedouble),
            },
        }
        // Capacity: MAX_CALLS is the longest legal auction, so a legal call always fits.
        self.calls.push(call).map_err(|_| AuctionError::Ended)
    }

    /// The contract and declarer the auction has reached so far (the final ones once it is
    /// complete); `None` before any bid, and when passed out.
    #[must_use]
    pub fn declared(&self) -> Option<Declared> {
        let (bid, by, penalty) = self.last_bid()?;
        let strain = bid.strain();
        let declarer = self
            .calls
            .iter()
            .enumerate()
            .find(|&(i, &c)| {
                matches!(c, Call::Bid(b) if b.strain() == strain)
                    && self.seat_of(i).side() == by.side()
            })
            .map_or(by, |(i, _)| self.seat_of(i));
        Some(Declared {
            contract: bid.with_penalty(penalty),
            declarer,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::fmt::Write;

    /// `x` as text (the core's tests have no allocator).
    fn text(x: impl fmt::Display) -> heapless::String<32> {
        let mut s = heapless::String::new();
        write!(s, "{x}").unwrap();
        s
    }

    fn auction(dealer: Seat, calls: &str) -> Result<Auction, AuctionError> {
        let mut a = Auction::new(dealer);
        for c in calls.split_whitespace() {
            a.call(c.parse().unwrap())?;
        }
        Ok(a)
    }

    #[test]
    fn calls_parse_in_every_spelling() {
        for (text, call) in [
            ("p", Call::Pass),
            ("PASS", Call::Pass),
            ("-", Call::Pass),
            ("d", Call::Double),
            ("Dbl", Call::Double),
            ("X", Call::Double),
            ("xx", Call::Redouble),
            ("R", Call::Redouble),
        ] {
            assert_eq!(text.parse::<Call>(), Ok(call), "{text}");
        }
        let bid = |l, s| Call::Bid(Contract::new(l, s).unwrap());
        assert_eq!("1n".parse(), Ok(bid(1, Strain::NoTrump)));
        assert_eq!("3NT".parse(), Ok(bid(3, Strain::NoTrump)));
        assert_eq!("7c".parse(), Ok(bid(7, Strain::Clubs)));
        for bad in ["", "8S", "0C", "1", "1X", "1NTX", "pas", "é"] {
            assert_eq!(bad.parse::<Call>(), Err(ParseCallError), "{bad:?}");
        }
        assert_eq!(text(bid(4, Strain::Spades)), "4S");
        assert_eq!(text(Call::Pass), "Pass");
    }

    #[test]
    fn the_declarer_first_named_the_strain() {
        // N 1H, S 4H: North declares; East doubled, South redoubled.
        let a = auction(Seat::North, "1H P 4H X XX P P P").unwrap();
        assert!(a.is_complete() && !a.passed_out());
        let d = a.declared().unwrap();
        assert_eq!((text(d.contract), d.declarer), (text("4HXX"), Seat::North));
        assert_eq!(d.leader(), Seat::East);
        // A double then a new bid: the double is gone.
        let a = auction(Seat::East, "1S X 2S P P P").unwrap();
        assert_eq!(text(a.declared().unwrap()), "2S by E");
        // The other side names the strain first, then this side bids it: this side's first.
        let a = auction(Seat::South, "1D 1S 2D 2S P P P").unwrap();
        assert_eq!(a.declared().unwrap().declarer, Seat::West);
    }

    #[test]
    fn illegal_calls_are_refused_and_change_nothing() {
        let mut a = auction(Seat::North, "1NT").unwrap();
        assert_eq!(a.call(Call::Redouble), Err(AuctionError::BadRedouble));
        assert!(matches!(
            a.call("1S".parse().unwrap()),
            Err(AuctionError::NotHigher { .. })
        ));
        a.call(Call::Pass).unwrap(); // E
        assert_eq!(a.call(Call::Double), Err(AuctionError::BadDouble)); // S: own side's bid
        assert_eq!(a.calls().len(), 2);
        let mut out = auction(Seat::West, "P P P P").unwrap();
        assert!(out.passed_out() && out.is_complete() && out.declared().is_none());
        assert_eq!(out.call(Call::Pass), Err(AuctionError::Ended));
        // Three passes at the start do not end it.
        assert!(!auction(Seat::West, "P P P").unwrap().is_complete());
    }

    #[test]
    fn the_longest_auction_fits() {
        let mut a = Auction::new(Seat::North);
        for _ in 0..3 {
            a.call(Call::Pass).unwrap();
        }
        for rank in 0..35u8 {
            let bid = Contract::new(rank / 5 + 1, Strain::ALL[usize::from(rank % 5)]).unwrap();
            a.call(Call::Bid(bid)).unwrap();
            for call in [
                Call::Pass,
                Call::Pass,
                Call::Double,
                Call::Pass,
                Call::Pass,
                Call::Redouble,
            ] {
                a.call(call).unwrap();
            }
            if rank < 34 {
                a.call(Call::Pass).unwrap();
                a.call(Call::Pass).unwrap();
            }
        }
        for _ in 0..3 {
            a.call(Call::Pass).unwrap();
        }
        assert!(a.is_complete());
        assert_eq!(a.calls().len(), MAX_CALLS);
        assert_eq!(text(a.declared().unwrap().contract), "7NTXX");
    }
}
