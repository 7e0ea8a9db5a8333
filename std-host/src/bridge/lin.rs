//! BBO's LIN records read into [`PlayedBoard`]s: a single hand, a whole vugraph file (many
//! boards, both rooms), or the hand viewer's address (`...handviewer.html?lin=...`).
//!
//! LIN has no published specification (BBO's staff said so on its forum); what it holds is
//! `key|value|` pairs, as BBO's files write them: `pn` the players (South, West, North, East; 8
//! names in a vugraph file, the open room's then the closed room's), `md` the dealer (1 South,
//! 2 West, 3 North, 4 East) and the hands in the order South, West, North, East, `sv` the
//! vulnerability, `mb` a call (`!` alerted) and `an` its explanation, `pc` a card, `mc` a claim
//! of declarer's total tricks, `ah` the board's heading, `qx` the room and board (`o1`, `c12`),
//! `nt` commentary. Boards are split at `qx` when the file has it, else at `pn` when each board
//! names its players, else at `md`. Quirks read: a missing fourth hand (the cards the other
//! three do not hold), `10` for `T`, any case, `-` for a pass, `0` or `-` for no one
//! vulnerable, a claim in mid-trick, boards with no play, and pairs split over lines.

use cardtree::bridge::{Auction, Call, Vulnerability, dealer_of_board};
use cardtree::{Card, Cards, Deal, Seat, Suit};

use crate::bridge::lin_tokens::{Pair, pairs, unwrap_address};
use crate::bridge::played::{
    Alert, BoardError, PlayedBoard, check_play, complete_deal, label, record_card,
};

/// Reads every board of a LIN record (a file, one hand, or a hand viewer's address): each a
/// [`PlayedBoard`] or an error naming the board and the token; one broken board leaves the
/// others readable. An error for the whole text (no pairs at all) is one error.
pub fn read(text: &str) -> Vec<Result<PlayedBoard, BoardError>> {
    let text = unwrap_address(text);
    let all = match pairs(&text) {
        Ok(p) => p,
        Err(e) => return vec![Err(e)],
    };
    let count = |k: &str| all.iter().filter(|p| p.key == k).count();
    let boards = count("md");
    if boards == 0 {
        return vec![Err(BoardError {
            board: "the record".into(),
            token: all.first().map_or_else(String::new, Pair::token),
            message: "no board: a LIN board has an `md|` pair (dealer and hands)".into(),
        })];
    }
    let split = if count("qx") > 0 {
        "qx"
    } else if count("pn") >= boards && boards > 1 {
        "pn"
    } else {
        "md"
    };
    // The pairs before the first board's: what they say holds for every board (a vugraph
    // file's eight names, its event).
    let first = all.iter().position(|p| p.key == split).unwrap_or(0);
    let mut starts: Vec<usize> = all
        .iter()
        .enumerate()
        .filter(|(_, p)| p.key == split)
        .map(|(i, _)| i)
        .collect();
    // Pairs before the first split holding a deal are a board of their own (a hand, then a
    // vugraph's boards); otherwise they are the header.
    let header = if all[..first].iter().any(|p| p.key == "md") {
        starts.insert(0, 0);
        &all[..0]
    } else {
        &all[..first]
    };
    starts.push(all.len());
    starts
        .windows(2)
        .enumerate()
        .map(|(n, w)| board(header, &all[w[0]..w[1]], n + 1))
        .filter(|r| !matches!(r, Err(e) if e.message == NO_DEAL))
        .collect()
}

/// A segment with no `md|`: the rest of a file (a trailing `qx|` with nothing after).
const NO_DEAL: &str = "no deal (`md|`) in this board";

/// The names of `pn|`'s value in LIN's order (South, West, North, East, then the closed
/// room's four), as `[N, E, S, W]` for `room` (0 open or the only one, 1 closed).
fn names_of(value: &str, room: usize) -> [String; 4] {
    let list: Vec<&str> = value.split(',').map(str::trim).collect();
    // Four names are the board's own players, whichever room.
    let room = if list.len() > 4 { room } else { 0 };
    let at = |i: usize| {
        list.get(room * 4 + i)
            .copied()
            .unwrap_or_default()
            .to_owned()
    };
    // LIN's S, W, N, E at 0, 1, 2, 3; ours N, E, S, W.
    [at(2), at(3), at(0), at(1)]
}

/// A hand of `md|`: suit letters each followed by its ranks (`SKH4579QKAD69C58K`), `10` for a
/// ten, any case; `None` for an empty one.
fn hand(text: &str) -> Result<Option<Cards>, String> {
    let t = text.trim().to_ascii_uppercase().replace("10", "T");
    if t.is_empty() {
        return Ok(None);
    }
    let mut cards = Cards::EMPTY;
    let mut suit: Option<Suit> = None;
    for ch in t.chars() {
        if let Some(s) = Suit::from_char(ch) {
            suit = Some(s);
            continue;
        }
        let Some(s) = suit else {
            return Err(format!("rank {ch} before any suit letter"));
        };
        let Some(rank) = cardtree::Rank::from_char(ch) else {
            return Err(format!("{ch} is no rank"));
        };
        if !cards.insert(Card::new(s, rank)) {
            return Err(format!("{} twice", Card::new(s, rank)));
        }
    }
    Ok(Some(cards))
}

/// `md|`'s value: the dealer (if its digit is there) and the deal.
fn deal_of(value: &str) -> Result<(Option<Seat>, Deal), String> {
    let v = value.trim();
    let (dealer, hands) = match v.chars().next() {
        Some(c @ '1'..='4') => (
            Some([Seat::South, Seat::West, Seat::North, Seat::East][(c as u8 - b'1') as usize]),
            &v[1..],
        ),
        _ => (None, v),
    };
    let parts: Vec<&str> = hands.split(',').collect();
    if parts.len() > 4 {
        return Err(format!("{} hands, want at most 4", parts.len()));
    }
    // LIN's S, W, N, E into ours N, E, S, W.
    let mut ours: [Option<Cards>; 4] = [None; 4];
    for (i, &seat) in [Seat::South, Seat::West, Seat::North, Seat::East]
        .iter()
        .enumerate()
    {
        if let Some(p) = parts.get(i) {
            ours[seat as usize] = hand(p).map_err(|e| format!("{seat}'s hand: {e}"))?;
        }
    }
    let deal = complete_deal(ours).ok_or_else(|| {
        "not a deal: give four hands of 13 cards, or three (the fourth is the rest), with no \
         card twice"
            .to_owned()
    })?;
    Ok((dealer, deal))
}

/// `sv|`'s value.
fn vulnerability_of(value: &str) -> Option<Vulnerability> {
    match value.trim().to_ascii_lowercase().as_str() {
        "o" | "0" | "-" | "" | "none" => Some(Vulnerability::None),
        "n" | "ns" => Some(Vulnerability::NorthSouth),
        "e" | "ew" => Some(Vulnerability::EastWest),
        "b" | "both" | "all" => Some(Vulnerability::Both),
        _ => None,
    }
}

/// One board from its pairs (with the file's header pairs before it).
fn board(header: &[Pair<'_>], pairs: &[Pair<'_>], n: usize) -> Result<PlayedBoard, BoardError> {
    let mut name: Option<String> = None;
    let mut room: Option<(usize, String)> = None;
    for p in pairs {
        match p.key.as_str() {
            "qx" => {
                let v = p.value.trim();
                let (r, rest) = v.split_at(v.chars().next().map_or(0, char::len_utf8));
                let number: String = rest.chars().take_while(char::is_ascii_digit).collect();
                match r.to_ascii_lowercase().as_str() {
                    "o" => room = Some((0, "Open".into())),
                    "c" => room = Some((1, "Closed".into())),
                    _ => {}
                }
                if !number.is_empty() {
                    name = Some(number);
                }
            }
            "ah" if name.is_none() => {
                let v = p.value.trim();
                let lower = v.to_ascii_lowercase();
                name = Some(match lower.strip_prefix("board") {
                    Some(rest) => v[v.len() - rest.len()..].trim().to_owned(),
                    None => v.to_owned(),
                });
            }
            _ => {}
        }
    }
    let board_name = name.clone().unwrap_or_else(|| n.to_string());
    let where_ = label(&board_name, room.as_ref().map(|r| r.1.as_str()));
    let err = |p: &Pair<'_>, message: String| BoardError {
        board: where_.clone(),
        token: p.token(),
        message,
    };
    let mut names: [String; 4] = Default::default();
    for p in header.iter().chain(pairs).filter(|p| p.key == "pn") {
        names = names_of(p.value, room.as_ref().map_or(0, |r| r.0));
    }
    let Some(md) = pairs.iter().find(|p| p.key == "md") else {
        return Err(BoardError {
            board: where_,
            token: pairs.first().map_or_else(String::new, Pair::token),
            message: NO_DEAL.into(),
        });
    };
    let (dealer, deal) = deal_of(md.value).map_err(|m| err(md, m))?;
    let number: Option<u32> = board_name.parse().ok();
    let dealer = match (dealer, number) {
        (Some(d), _) => d,
        (None, Some(b)) => dealer_of_board(b),
        (None, None) => {
            return Err(err(
                md,
                "no dealer digit (1 S, 2 W, 3 N, 4 E) and no board number".into(),
            ));
        }
    };
    let mut vulnerability = number.map_or(Vulnerability::None, Vulnerability::of_board);
    let mut auction = Auction::new(dealer);
    let mut alerts: Vec<Alert> = Vec::new();
    let mut play: Vec<Card> = Vec::new();
    let mut play_tokens: Vec<&Pair<'_>> = Vec::new();
    let mut claim = None;
    let mut commentary = Vec::new();
    let mut any_call = false;
    for p in pairs {
        match p.key.as_str() {
            "sv" => {
                vulnerability = vulnerability_of(p.value).ok_or_else(|| {
                    err(
                        p,
                        "not a vulnerability: o (none), n (NS), e (EW) or b (both)".into(),
                    )
                })?;
            }
            "mb" => {
                if claim.is_some() || !play.is_empty() {
                    return Err(err(p, "a call after the play began".into()));
                }
                let v = p.value.trim();
                let alerted = v.ends_with('!');
                let text = v.trim_end_matches('!');
                let call: Call = text.parse().map_err(|e| err(p, format!("{e}")))?;
                auction.call(call).map_err(|e| err(p, format!("{e}")))?;
                any_call = true;
                if alerted {
                    alerts.push(Alert {
                        call: auction.calls().len() - 1,
                        alerted: true,
                        text: String::new(),
                    });
                }
            }
            "an" => {
                let Some(call) = auction.calls().len().checked_sub(1) else {
                    return Err(err(p, "an explanation before any call".into()));
                };
                match alerts.last_mut().filter(|a| a.call == call) {
                    Some(a) => a.text = p.value.trim().to_owned(),
                    None => alerts.push(Alert {
                        call,
                        alerted: false,
                        text: p.value.trim().to_owned(),
                    }),
                }
            }
            "pc" => {
                if claim.is_some() {
                    // Some records list the cards after a claim; the claim ended the play.
                    continue;
                }
                let card = record_card(p.value)
                    .ok_or_else(|| err(p, "not a card: a suit and a rank, as SA or C10".into()))?;
                play.push(card);
                play_tokens.push(p);
            }
            "mc" => {
                let tricks: u8 = p
                    .value
                    .trim()
                    .parse()
                    .ok()
                    .filter(|&t| t <= 13)
                    .ok_or_else(|| err(p, "a claim is declarer's tricks, 0 to 13".into()))?;
                claim = Some(tricks);
            }
            "nt" => commentary.push(p.value.trim().to_owned()),
            _ => {}
        }
    }
    let complete = auction.is_complete();
    if !complete && (!play.is_empty() || claim.is_some()) {
        let at = play_tokens
            .first()
            .copied()
            .or_else(|| pairs.iter().find(|p| p.key == "mc"))
            .unwrap_or(md);
        return Err(err(
            at,
            "the play starts before the auction has ended".into(),
        ));
    }
    let declared = if complete { auction.declared() } else { None };
    if let Err((i, message)) = check_play(&deal, declared, &play) {
        let at = play_tokens.get(i).copied().unwrap_or(md);
        return Err(err(at, message));
    }
    Ok(PlayedBoard {
        board: board_name,
        room: room.map(|r| r.1),
        deal,
        dealer,
        vulnerability,
        names,
        auction: any_call.then_some(auction),
        alerts,
        declared,
        play,
        claim,
        result: None,
        commentary,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: &str = "pn|Sam,Wes,Nora,Ed|st||md|3SKH4579QKAD69C58K,S569QAH3D5TJQAC69,\
        S47H8TD248KC347QA,|rh||ah|Board 1|sv|o|mb|p|mb|1S!|an|5+ spades|mb|p|mb|2S|mb|p|\
        mb|p|mb|p|pc|HA|pc|H3|pc|HT|pc|HJ|mc|8|pg||";

    #[test]
    fn a_single_hand_with_a_missing_fourth_hand() {
        let boards = read(ONE);
        assert_eq!(boards.len(), 1);
        let b = boards[0].as_ref().unwrap();
        assert_eq!(b.board, "1");
        assert_eq!(b.dealer, Seat::North);
        assert_eq!(b.names[Seat::North as usize], "Nora");
        assert_eq!(b.names[Seat::West as usize], "Wes");
        assert_eq!(b.deal.hand(Seat::East).len(), 13);
        assert_eq!(b.declared.unwrap().to_string(), "2S by E");
        assert_eq!(b.alerts.len(), 1);
        assert_eq!(b.alerts[0].text, "5+ spades");
        assert_eq!(b.play.len(), 4);
        assert_eq!(b.claim, Some(8));
        // Written and read back: the same board.
        let again = read(&crate::bridge::lin_write::write(b));
        assert_eq!(again.len(), 1);
        assert_eq!(again[0].as_ref().unwrap(), b);
    }
}
