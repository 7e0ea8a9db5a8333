//! PBN files read as boards as played ([`PlayedBoard`]): the deal, dealer, vulnerability and
//! players' tags, the `Auction` section, `Contract` and `Declarer` when there is no auction,
//! and the `Play` section (Kooijman et al., the Portable Bridge Notation standard 2.1, section
//! 3.6, the play section).
//!
//! The play section gives each trick as a line of four cards in a fixed seat order, starting
//! from the seat the `Play` tag names (the opening leader), not in the order they were played:
//! each line is rotated so that the previous trick's winner comes first. `-` is a card not
//! known (the play is read up to it), `*` ends the play early (a claim: `Result` has declarer's
//! tricks). Annotations are skipped: suffixes (`!`, `?`, `!!`, `??`, `!?`, `?!`), `$n` NAGs;
//! a note reference `=n=` after a call makes it an alert explained by `[Note "n:..."]`;
//! `{...}` comments in the play become the board's commentary.

use std::ops::Range;

use cardtree::bridge::{
    Auction, BridgePlay, Call, Contract, Declared, Vulnerability, dealer_of_board,
};
use cardtree::{Card, Deal, Seat};

use crate::bridge::pbn_file::{PbnGame, Tag, games};
use crate::bridge::played::{Alert, BoardError, PlayedBoard, check_play, label, record_card};

/// The tokens of a section (`text[range]`): words, with `{...}` comments apart and `;`
/// comments skipped.
fn tokens(text: &str, range: Range<usize>) -> (Vec<&str>, Vec<String>) {
    let s = text.get(range).unwrap_or_default();
    let (mut words, mut comments) = (Vec::new(), Vec::new());
    let mut rest = s;
    while let Some(c) = rest.chars().next() {
        if c.is_whitespace() {
            rest = &rest[c.len_utf8()..];
        } else if c == '{' {
            let end = rest.find('}').unwrap_or(rest.len());
            comments.push(rest[1..end].trim().to_owned());
            rest = rest.get(end + 1..).unwrap_or_default();
        } else if c == ';' {
            rest = rest.find('\n').map_or("", |e| &rest[e..]);
        } else {
            let end = rest
                .find(|ch: char| ch.is_whitespace() || ch == '{' || ch == ';')
                .unwrap_or(rest.len());
            words.push(&rest[..end]);
            rest = &rest[end..];
        }
    }
    (words, comments)
}

/// A token with its annotation suffix (`!`, `?` and their pairs) taken off.
fn bare(token: &str) -> &str {
    token.trim_end_matches(['!', '?'])
}

/// Whether a token is an annotation only: a NAG (`$12`) or a note reference (`=1=`).
fn is_annotation(token: &str) -> bool {
    token.starts_with('$') || (token.len() > 2 && token.starts_with('=') && token.ends_with('='))
}

/// The number of a note reference (`=1=`).
fn note_number(token: &str) -> Option<u32> {
    token.strip_prefix('=')?.strip_suffix('=')?.parse().ok()
}

/// The text of note `n`: the `Note` tag whose value starts `n:`.
fn note(g: &PbnGame, n: u32) -> Option<String> {
    let prefix = format!("{n}:");
    g.tags
        .iter()
        .filter(|t| t.name == "Note")
        .find_map(|t| t.value.strip_prefix(&prefix).map(|v| v.trim().to_owned()))
}

/// A seat tag's value (`N`, `east`): its first letter.
fn seat_of(value: &str) -> Option<Seat> {
    Seat::from_char(value.trim().chars().next()?)
}

/// Reads every game of a PBN file that has a deal: each a [`PlayedBoard`] or an error naming
/// the board and the tag or token; one broken board leaves the others readable.
pub fn read(text: &str) -> Vec<Result<PlayedBoard, BoardError>> {
    games(text)
        .iter()
        .enumerate()
        .filter(|(_, g)| g.tag("Deal").is_some() || g.error.is_some())
        .map(|(i, g)| board(text, g, i + 1))
        .collect()
}

/// One game as a board.
fn board(text: &str, g: &PbnGame, n: usize) -> Result<PlayedBoard, BoardError> {
    let name = g
        .tag("Board")
        .map_or_else(|| n.to_string(), |t| t.value.trim().to_owned());
    let room = g
        .tag("Room")
        .map(|t| t.value.trim().to_owned())
        .filter(|r| !r.is_empty());
    let where_ = label(&name, room.as_deref());
    let err = |token: String, message: String| BoardError {
        board: where_.clone(),
        token,
        message,
    };
    let tag_err =
        |t: &Tag, message: &str| err(format!("[{} \"{}\"]", t.name, t.value), message.into());
    if let Some(e) = &g.error {
        return Err(err("a tag pair".into(), e.clone()));
    }
    let number: Option<u32> = name.parse().ok();
    let deal_tag = g
        .tag("Deal")
        .ok_or_else(|| err("the game".into(), "no Deal tag".into()))?;
    let deal: Deal = deal_tag
        .value
        .parse()
        .map_err(|e| tag_err(deal_tag, &format!("{e}")))?;
    let dealer = match g.tag("Dealer") {
        Some(t) => seat_of(&t.value).ok_or_else(|| tag_err(t, "not a seat (N, E, S, W)"))?,
        None => dealer_of_board(number.unwrap_or(1)),
    };
    let vulnerability = match g.tag("Vulnerable") {
        Some(t) => t
            .value
            .parse()
            .map_err(|_| tag_err(t, "not a vulnerability (None, NS, EW, All)"))?,
        None => number.map_or(Vulnerability::None, Vulnerability::of_board),
    };
    let names = [Seat::North, Seat::East, Seat::South, Seat::West].map(|s| {
        let tag = ["North", "East", "South", "West"][s as usize];
        g.tag(tag)
            .map(|t| t.value.trim().to_owned())
            .unwrap_or_default()
    });
    // The auction.
    let mut auction = None;
    let mut alerts = Vec::new();
    if let Some(t) = g.tag("Auction") {
        let first = seat_of(&t.value).ok_or_else(|| tag_err(t, "not a seat (N, E, S, W)"))?;
        if first != dealer {
            return Err(tag_err(
                t,
                "the auction starts with someone other than the dealer",
            ));
        }
        let mut a = Auction::new(dealer);
        let (words, _) = tokens(text, t.section.clone());
        for w in words {
            if let Some(n) = note_number(w) {
                // A note on the call before it: its explanation (an alert).
                if let Some(call) = a.calls().len().checked_sub(1) {
                    alerts.push(Alert {
                        call,
                        alerted: true,
                        text: note(g, n).unwrap_or_default(),
                    });
                }
                continue;
            }
            if is_annotation(w) || w == "+" {
                continue;
            }
            if w == "*" || w == "-" {
                break;
            }
            if w.eq_ignore_ascii_case("AP") {
                while !a.is_complete() {
                    a.call(Call::Pass)
                        .map_err(|e| err(w.into(), format!("{e}")))?;
                }
                continue;
            }
            let call: Call = bare(w)
                .parse()
                .map_err(|e| err(w.into(), format!("in the auction: {e}")))?;
            a.call(call)
                .map_err(|e| err(w.into(), format!("in the auction: {e}")))?;
        }
        auction = Some(a);
    }
    let declared = match auction.as_ref().filter(|a| a.is_complete()) {
        Some(a) => a.declared(),
        None => declared_from_tags(g).map_err(|(t, m)| tag_err(t, m))?,
    };
    // The play.
    let mut play = Vec::new();
    let mut commentary = Vec::new();
    let mut ended_early = false;
    if let Some(t) = g.tag("Play") {
        let leader = seat_of(&t.value).ok_or_else(|| tag_err(t, "not a seat (N, E, S, W)"))?;
        let Some(d) = declared else {
            return Err(tag_err(t, "a play section but no contract"));
        };
        if leader != d.leader() {
            return Err(tag_err(
                t,
                "the opening leader is not declarer's left-hand opponent",
            ));
        }
        let (words, comments) = tokens(text, t.section.clone());
        commentary = comments;
        let mut cards: Vec<Option<(Card, &str)>> = Vec::new();
        for w in words {
            if is_annotation(w) || w == "+" {
                continue;
            }
            if w == "*" {
                ended_early = true;
                break;
            }
            if w == "-" {
                cards.push(None);
                continue;
            }
            let c = record_card(bare(w))
                .ok_or_else(|| err(w.into(), "in the play: not a card (SA, HT, C2) or -".into()))?;
            cards.push(Some((c, w)));
        }
        let (ordered, words_of) = in_play_order(&deal, d, leader, &cards, &mut ended_early)
            .map_err(|(w, m)| err(w, m))?;
        if let Err((i, message)) = check_play(&deal, Some(d), &ordered) {
            let w = words_of.get(i).copied().unwrap_or("-");
            return Err(err(w.into(), message));
        }
        play = ordered;
    }
    let result = match g.tag("Result") {
        Some(t) => Some(
            t.value
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|&r| r <= 13)
                .ok_or_else(|| tag_err(t, "not declarer's tricks, 0 to 13"))?,
        ),
        None => None,
    };
    let claim = if ended_early && play.len() < 52 {
        result
    } else {
        None
    };
    Ok(PlayedBoard {
        board: name,
        room,
        deal,
        dealer,
        vulnerability,
        names,
        auction,
        alerts,
        declared,
        play,
        claim,
        result,
        commentary,
    })
}

/// Cards in the order played, each with the word it was read from.
type Ordered<'w> = (Vec<Card>, Vec<&'w str>);

/// The cards of a play section (in fixed seat order from `first`, four a trick) in the order
/// they were played, up to the first card not known; each with the word it came from. A trick
/// cut short by a card not known, or by the end, ends the play there (`ended` set).
fn in_play_order<'w>(
    deal: &Deal,
    d: Declared,
    first: Seat,
    cards: &[Option<(Card, &'w str)>],
    ended: &mut bool,
) -> Result<Ordered<'w>, (String, String)> {
    let mut out = Vec::new();
    let mut words = Vec::new();
    let mut p = BridgePlay::new(deal, d.contract.strain(), first).map_err(|e| {
        (
            "[Deal]".to_owned(),
            format!("the deal cannot be played: {e}"),
        )
    })?;
    for trick in cards.chunks(4) {
        let leader = p.to_move();
        for k in 0..4 {
            let seat = leader.offset(k as u8);
            // The seat's place in the line: counted from the `Play` seat.
            let place = (seat as usize + 4 - first as usize) % 4;
            let Some(Some((card, word))) = trick.get(place) else {
                *ended = true;
                return Ok((out, words));
            };
            if p.play(*card).is_err() {
                // Not legal here: reported with its place by check_play.
                out.push(*card);
                words.push(*word);
                return Ok((out, words));
            }
            out.push(*card);
            words.push(*word);
        }
    }
    Ok((out, words))
}

/// The contract from the `Contract` and `Declarer` tags (`4SX`, `Pass`; `E`, `^E` for an
/// irregular declarer): `None` when passed out or not given.
fn declared_from_tags(g: &PbnGame) -> Result<Option<Declared>, (&Tag, &'static str)> {
    let Some(ct) = g.tag("Contract") else {
        return Ok(None);
    };
    let v = ct.value.trim();
    if v.is_empty() || v.eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    let contract: Contract = v
        .to_ascii_uppercase()
        .parse()
        .map_err(|_| (ct, "not a contract (4S, 3NTX, Pass)"))?;
    let dt = g
        .tag("Declarer")
        .ok_or((ct, "a contract but no Declarer tag"))?;
    let declarer =
        seat_of(dt.value.trim().trim_start_matches('^')).ok_or((dt, "not a seat (N, E, S, W)"))?;
    Ok(Some(Declared { contract, declarer }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_play_section_is_rotated_to_play_order() {
        // South declares 3NT; West leads. Lines are W N E S.
        let text = r#"[Board "7"]
[Dealer "S"]
[Vulnerable "All"]
[Deal "N:AK2.432.5432.432 543.AK5.AK6.8765 QJT.QJT.QJT.AKQJ 9876.9876.987.T9"]
[West "w"]
[Auction "S"]
2NT Pass 3NT =1= AP
[Note "1:to play"]
[Contract "3NT"]
[Declarer "S"]
[Play "W"]
S9 SA S3 ST
S8 SK S4 SJ
D7 D2 DA? DQ $2
H6 H2 HK HQ {a note}
*
[Result "9"]
"#;
        let boards = read(text);
        assert_eq!(boards.len(), 1);
        let b = boards[0].as_ref().unwrap();
        assert_eq!(b.declared.unwrap().to_string(), "3NT by S");
        assert_eq!(b.alerts.len(), 1);
        assert_eq!(
            (b.alerts[0].call, b.alerts[0].text.as_str()),
            (2, "to play")
        );
        let play: Vec<String> = b.play.iter().map(ToString::to_string).collect();
        // Trick 1: W leads; N won (SA), so trick 2 starts with N: SK, E S4, S SJ, W S8.
        assert_eq!(&play[..4], ["S9", "SA", "S3", "ST"]);
        assert_eq!(&play[4..8], ["SK", "S4", "SJ", "S8"]);
        assert_eq!(b.claim, Some(9));
        assert_eq!(b.commentary, ["a note"]);
        assert_eq!(b.names[Seat::West as usize], "w");
        // Written and read back: the same board.
        let again = read(&crate::bridge::pbn_play_write::write(b, None, &[]));
        assert_eq!(again.len(), 1);
        assert_eq!(again[0].as_ref().unwrap(), b);
    }

    #[test]
    fn an_auction_cut_short_is_ended_when_written_as_lin() {
        // Found by fuzzing: the auction stops two passes early and the tags give the
        // contract; LIN takes the contract from a finished auction only.
        let text = r#"[Board "7"]
[Dealer "S"]
[Deal "N:AK2.432.5432.432 543.AK5.AK6.8765 QJT.QJT.QJT.AKQJ 9876.9876.987.T9"]
[Declarer "S"]
[Contract "3NT"]
[Auction "S"]
2NT Pass 3NT Pass Pass
"#;
        let b = read(text).remove(0).unwrap();
        assert_eq!(b.declared.unwrap().to_string(), "3NT by S");
        let lin = crate::bridge::lin_write::write(&b);
        assert!(lin.contains("mb|2N|mb|p|mb|3N|mb|p|mb|p|mb|p|"), "{lin}");
        let again = crate::bridge::lin::read(&lin).remove(0).unwrap();
        assert_eq!(again.declared, b.declared);
    }
}
