//! [`PlayedBoard`]s as plain data (JSON objects), for the doors that hand boards over as
//! values (Python's dicts, the page's objects): [`to_json`] and its inverse [`from_json`],
//! which checks a board as the readers do (the deal whole, the auction call by call, the
//! play legal from the opening lead).
//!
//! A board: `{"board": "7", "room": null, "deal": "N:AK2... ...", "dealer": "S",
//! "vulnerable": "All", "players": {"N": "Nick", ...}, "auction": ["2NT", "Pass", ...] or null,
//! "alerts": [{"call": 0, "alerted": true, "text": "..."}], "contract": "3NT" or null,
//! "declarer": "S" or null, "play": ["S9", "SA", ...], "claim": 9 or null, "result": 9 or
//! null, "commentary": ["..."]}`. A broken board of a record: `{"board": "board 10", "token":
//! "[Play \"Q\"]", "error": "not a seat (N, E, S, W)"}`.

use cardtree::bridge::{Auction, Call, Contract, Declared, Vulnerability};
use cardtree::{Seat, SizeRule, pbn};
use serde_json::{Value, json};

use crate::bridge::played::{Alert, BoardError, PlayedBoard, check_play, record_card};

/// `board` as a JSON object (see the module docs).
#[must_use]
pub fn to_json(board: &PlayedBoard) -> Value {
    let mut players = serde_json::Map::new();
    for s in Seat::ALL {
        players.insert(s.to_string(), json!(board.names[s as usize]));
    }
    json!({
        "board": board.board,
        "room": board.room,
        "deal": board.deal.pbn(Seat::North).to_string(),
        "dealer": board.dealer.to_string(),
        "vulnerable": board.vulnerability.to_string(),
        "players": players,
        "auction": board.auction.as_ref().map(|a| {
            a.calls().iter().map(ToString::to_string).collect::<Vec<_>>()
        }),
        "alerts": board.alerts.iter().map(|a| {
            json!({"call": a.call, "alerted": a.alerted, "text": a.text})
        }).collect::<Vec<_>>(),
        "contract": board.declared.map(|d| d.contract.to_string()),
        "declarer": board.declared.map(|d| d.declarer.to_string()),
        "play": board.play.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "claim": board.claim,
        "result": board.result,
        "commentary": board.commentary,
    })
}

/// A broken board as a JSON object (see the module docs).
#[must_use]
pub fn error_json(e: &BoardError) -> Value {
    json!({"board": e.board, "token": e.token, "error": e.message})
}

/// A reader's boards as a JSON array text: each board, or its error, in place.
#[must_use]
pub fn boards_text(read: &[Result<PlayedBoard, BoardError>]) -> String {
    let list: Vec<Value> = read
        .iter()
        .map(|r| match r {
            Ok(b) => to_json(b),
            Err(e) => error_json(e),
        })
        .collect();
    Value::Array(list).to_string()
}

/// Boards from a JSON array text (a door's list of boards): each read by [`from_json`], an
/// error naming the board's place in the list and the field.
pub fn boards_from_text(text: &str) -> Result<Vec<PlayedBoard>, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let items = v.as_array().ok_or("not a list of boards")?;
    items
        .iter()
        .enumerate()
        .map(|(i, b)| from_json(b).map_err(|e| format!("board {i}: {e}")))
        .collect()
}

fn text<'a>(v: &'a Value, key: &str) -> Result<Option<&'a str>, String> {
    match v.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(format!("{key}: not a string")),
    }
}

fn number(v: &Value, key: &str) -> Result<Option<u8>, String> {
    match v.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(n) => n
            .as_u64()
            .filter(|&n| n <= 13)
            .map(|n| Some(n as u8))
            .ok_or_else(|| format!("{key}: not declarer's tricks, 0 to 13")),
    }
}

fn strings<'a>(v: &'a Value, key: &str) -> Result<Option<Vec<&'a str>>, String> {
    match v.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Array(items)) => items
            .iter()
            .map(|x| {
                x.as_str()
                    .ok_or_else(|| format!("{key}: not a list of strings"))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some),
        Some(_) => Err(format!("{key}: not a list")),
    }
}

fn seat(s: &str, key: &str) -> Result<Seat, String> {
    crate::text::parse_seat(s).map_err(|e| format!("{key}: {e}"))
}

/// A board from a JSON object (see the module docs): `deal` is required, the rest optional
/// (dealer North, no one vulnerable, no names, no auction, no play). The contract is the
/// auction's when it is complete, else `contract` and `declarer`'s. An error names the field.
pub fn from_json(v: &Value) -> Result<PlayedBoard, String> {
    if !v.is_object() {
        return Err("a board is an object".into());
    }
    let deal_text = text(v, "deal")?.ok_or("deal: missing")?;
    let deal = pbn::parse(deal_text, SizeRule::Full).map_err(|e| format!("deal: {e}"))?;
    let dealer = text(v, "dealer")?.map_or(Ok(Seat::North), |s| seat(s, "dealer"))?;
    let vulnerability = match text(v, "vulnerable")? {
        Some(s) => s
            .parse::<Vulnerability>()
            .map_err(|e| format!("vulnerable: {e}"))?,
        None => Vulnerability::None,
    };
    let mut names: [String; 4] = Default::default();
    if let Some(p) = v.get("players").filter(|p| !p.is_null()) {
        let p = p.as_object().ok_or("players: not an object")?;
        for (k, name) in p {
            let s = seat(k, "players")?;
            names[s as usize] = name.as_str().ok_or("players: not strings")?.to_owned();
        }
    }
    let auction = match strings(v, "auction")? {
        Some(calls) => {
            let mut a = Auction::new(dealer);
            for (i, c) in calls.iter().enumerate() {
                let call: Call = c
                    .parse()
                    .map_err(|e| format!("auction, call {}: {e}", i + 1))?;
                a.call(call)
                    .map_err(|e| format!("auction, call {} ({c}): {e}", i + 1))?;
            }
            Some(a)
        }
        None => None,
    };
    let declared = match auction.as_ref().filter(|a| a.is_complete()) {
        Some(a) => a.declared(),
        None => match (text(v, "contract")?, text(v, "declarer")?) {
            (Some(c), Some(d)) if !c.eq_ignore_ascii_case("pass") => Some(Declared {
                contract: c
                    .parse::<Contract>()
                    .map_err(|e| format!("contract: {e}"))?,
                declarer: seat(d, "declarer")?,
            }),
            (Some(c), None) if !c.eq_ignore_ascii_case("pass") => {
                return Err("declarer: missing beside the contract".into());
            }
            _ => None,
        },
    };
    let mut play = Vec::new();
    for (i, c) in strings(v, "play")?.unwrap_or_default().iter().enumerate() {
        play.push(
            record_card(c).ok_or_else(|| format!("play, card {}: {c:?} is not a card", i + 1))?,
        );
    }
    check_play(&deal, declared, &play).map_err(|(i, m)| format!("play, card {}: {m}", i + 1))?;
    let mut alerts = Vec::new();
    if let Some(list) = v.get("alerts").and_then(Value::as_array) {
        for a in list {
            alerts.push(Alert {
                call: a
                    .get("call")
                    .and_then(Value::as_u64)
                    .ok_or("alerts: a call index")? as usize,
                alerted: a.get("alerted").and_then(Value::as_bool).unwrap_or(false),
                text: text(a, "text")?.unwrap_or_default().to_owned(),
            });
        }
    }
    let commentary = strings(v, "commentary")?
        .unwrap_or_default()
        .into_iter()
        .map(str::to_owned)
        .collect();
    Ok(PlayedBoard {
        board: text(v, "board")?.unwrap_or("1").to_owned(),
        room: text(v, "room")?.map(str::to_owned),
        deal,
        dealer,
        vulnerability,
        names,
        auction,
        alerts,
        declared,
        play,
        claim: number(v, "claim")?,
        result: number(v, "result")?,
        commentary,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_go_to_json_and_back() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/data/bridge/played/quirks.pbn"
        ))
        .unwrap();
        let mut n = 0;
        for b in crate::bridge::pbn_play::read(&text).into_iter().flatten() {
            let again = from_json(&to_json(&b)).unwrap();
            assert_eq!(again, b);
            n += 1;
        }
        assert!(n >= 3);
        let bad = json!({"deal": "N:AK.. ..", "play": []});
        assert!(from_json(&bad).unwrap_err().starts_with("deal:"));
        let b = from_json(&json!({
            "deal": "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
            "contract": "7NT", "declarer": "S", "play": ["SA"]
        }));
        assert!(b.unwrap_err().starts_with("play, card 1:"));
    }
}
