//! [`PlayedBoard`]: a board as it was played at the table, whichever record it came from
//! (BBO's LIN, [`lin`](crate::bridge::lin); a PBN file's play section,
//! [`pbn_play`](crate::bridge::pbn_play)): the deal, dealer and vulnerability, the players,
//! the auction with its alerts, the contract and declarer, the cards in the order played and a
//! claim.

use std::fmt;

use cardtree::bridge::{Auction, BridgePlay, Declared, Strain, Vulnerability, play_out};
use cardtree::{Card, Deal, Seat};

/// An explanation of a call (LIN's `an|`, an alert's note in PBN).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alert {
    /// The call explained: its index in the auction.
    pub call: usize,
    /// Whether the call was alerted (`!`).
    pub alerted: bool,
    /// The explanation, if one was given.
    pub text: String,
}

/// One board as played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedBoard {
    /// The board's name as the record gives it (`1`, `Board 19`).
    pub board: String,
    /// The room of a team match (`Open`, `Closed`), if the record says.
    pub room: Option<String>,
    /// The deal (a fourth hand the record left out is the cards the other three do not hold).
    pub deal: Deal,
    /// The dealer.
    pub dealer: Seat,
    /// Who is vulnerable.
    pub vulnerability: Vulnerability,
    /// The players' names, empty where unknown, indexed by `Seat as usize` (N, E, S, W).
    pub names: [String; 4],
    /// The auction, if the record has one.
    pub auction: Option<Auction>,
    /// Alerts and explanations of the auction's calls.
    pub alerts: Vec<Alert>,
    /// The contract and declarer: the auction's, or the record's own when it has no auction;
    /// `None` when the board was passed out (or the record does not say).
    pub declared: Option<Declared>,
    /// The cards played, in the order played, from the opening lead.
    pub play: Vec<Card>,
    /// A claim: declarer's total tricks, made after the cards of `play`.
    pub claim: Option<u8>,
    /// Declarer's tricks as the record gives them (PBN's `Result`), if it does.
    pub result: Option<u8>,
    /// Commentary the record carries (LIN's `nt|`, PBN's `{...}` after the play).
    pub commentary: Vec<String>,
}

impl PlayedBoard {
    /// The opening lead's position, if there is a contract.
    pub fn start(&self) -> Option<BridgePlay> {
        let d = self.declared?;
        BridgePlay::new(&self.deal, d.contract.strain(), d.leader()).ok()
    }

    /// Where the board is in its file, for messages: `board 3` or `board 3 (Closed)`.
    pub fn label(&self) -> String {
        label(&self.board, self.room.as_deref())
    }

    /// Declarer's tricks by the end of the record: the claim, else the result, else the tricks
    /// won when all 52 cards were played; `None` for a play that stops short with neither.
    pub fn declarer_tricks(&self) -> Option<u8> {
        if let Some(c) = self.claim {
            return Some(c);
        }
        if let Some(r) = self.result {
            return Some(r);
        }
        let d = self.declared?;
        if self.play.len() < 52 {
            return None;
        }
        let mut p = self.start()?;
        for &c in &self.play {
            p.play(c).ok()?;
        }
        Some(p.tricks_won(d.declarer.side()))
    }

    /// The strain played, if any.
    pub fn strain(&self) -> Option<Strain> {
        self.declared.map(|d| d.contract.strain())
    }
}

/// `board 3` or `board 3 (Closed)`.
pub(crate) fn label(board: &str, room: Option<&str>) -> String {
    match room {
        Some(r) => format!("board {board} ({r})"),
        None => format!("board {board}"),
    }
}

/// Why one board of a record could not be read: the board, the token and what is wrong. The
/// other boards of the record are read all the same.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError {
    /// The board, as [`PlayedBoard::label`] names it (or its place in the file).
    pub board: String,
    /// The token at fault, as written (`mb|1Z|`, `[Play "Q"]`).
    pub token: String,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for BoardError {
    /// One line: control characters the record put in the board, token or message (a broken
    /// pair runs on to the next line) are written escaped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts = [&self.board, &self.token, &self.message];
        for (i, part) in parts.iter().enumerate() {
            if i > 0 {
                f.write_str(": ")?;
            }
            for c in part.chars() {
                if c.is_control() {
                    write!(f, "{}", c.escape_default())?;
                } else {
                    write!(f, "{c}")?;
                }
            }
        }
        Ok(())
    }
}

impl std::error::Error for BoardError {}

/// Plays `cards` in order from the opening lead of `declared` (the core's
/// [`play_out`](cardtree::bridge::play_out)): the place of the first card that cannot be
/// played there, and a message that says why (and names the card's place).
pub(crate) fn check_play(
    deal: &Deal,
    declared: Option<Declared>,
    cards: &[Card],
) -> Result<(), (usize, String)> {
    if cards.is_empty() {
        return Ok(());
    }
    let Some(d) = declared else {
        return Err((0, "cards played but no contract".into()));
    };
    let start = BridgePlay::new(deal, d.contract.strain(), d.leader())
        .map_err(|e| (0, format!("the deal cannot be played: {e}")))?;
    if cards.len() > usize::from(start.tricks_left()) * 4 {
        let i = usize::from(start.tricks_left()) * 4;
        return Err((
            i,
            format!("card {} of the play: after the last trick", i + 1),
        ));
    }
    play_out(&start, cards).map_err(|e| (usize::from(e.index()), e.to_string()))?;
    Ok(())
}

/// A card as play records write it: suit then rank (`SA`) or rank then suit, any case, `10`
/// for a ten.
pub(crate) fn record_card(text: &str) -> Option<Card> {
    text.trim()
        .to_ascii_uppercase()
        .replace("10", "T")
        .parse()
        .ok()
}

/// The whole deal from four hands, or from three (the fourth: the cards none of them holds).
/// `None` unless the hands are disjoint and every one holds 13 cards.
pub(crate) fn complete_deal(hands: [Option<cardtree::Cards>; 4]) -> Option<Deal> {
    let known: Vec<usize> = (0..4).filter(|&i| hands[i].is_some()).collect();
    let mut all = cardtree::Cards::EMPTY;
    for h in hands.iter().flatten() {
        if !all.intersection(*h).is_empty() {
            return None;
        }
        all = all.union(*h);
    }
    let filled: [cardtree::Cards; 4] = match known.len() {
        4 => hands.map(Option::unwrap_or_default),
        3 => {
            let rest = cardtree::Cards::ALL.difference(all);
            hands.map(|h| h.unwrap_or(rest))
        }
        _ => return None,
    };
    if filled.iter().any(|h| h.len() != 13) {
        return None;
    }
    Deal::from_hands(cardtree::BySeat(filled)).ok()
}
