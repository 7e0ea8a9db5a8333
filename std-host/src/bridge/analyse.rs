//! `cardtree bridge analyse`: the boards of a LIN or PBN record as played, each judged double
//! dummy card by card (the core's [`review`]): the trace of declarer's tricks before every
//! card and after the last, each card's cost and the cards that would have kept the value, who
//! gave the tricks away, whether a claim held; then a summary per player across the session.
//! Boards are spread over a [`SolverPool`] (one table a thread, reused across a hand's cards);
//! a broken board is reported with its token and the others are analysed.

use std::collections::BTreeMap;
use std::path::Path;

use cardtree::bridge::{Review, Role, review};
use cardtree::{Card, Cards, Seat};
use serde_json::json;

use crate::bridge::played::{BoardError, PlayedBoard};
use crate::bridge::solver_pool::SolverPool;
use crate::error::Error;

/// Which reader a file goes through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// BBO's LIN (a file, one hand, or a hand viewer's address).
    Lin,
    /// PBN with play sections.
    Pbn,
}

/// One board judged: the board, and its review (`None` when it has no play to judge: passed
/// out, or no contract).
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The board as read.
    pub board: PlayedBoard,
    /// The double-dummy review of its play.
    pub review: Option<Review>,
}

/// Reads `text` with `format`'s reader.
pub fn read(text: &str, format: Format) -> Vec<Result<PlayedBoard, BoardError>> {
    match format {
        Format::Lin => crate::bridge::lin::read(text),
        Format::Pbn => crate::bridge::pbn_play::read(text),
    }
}

/// Judges every board on `pool`, in order.
pub fn analyse(boards: Vec<PlayedBoard>, pool: &SolverPool) -> Vec<Analysis> {
    pool.map(&boards, |table, b| {
        let review = b
            .start()
            .and_then(|start| review(&start, &b.play, b.claim, table).ok());
        Analysis {
            board: b.clone(),
            review,
        }
    })
}

/// The name of whoever chose `seat`'s card: declarer for dummy's, the seat's player otherwise
/// (`N`, `E`... when the record names no one).
fn player(board: &PlayedBoard, seat: Seat) -> String {
    let chooser = match board.declared {
        Some(d) if seat == d.declarer.partner() => d.declarer,
        _ => seat,
    };
    let name = &board.names[chooser as usize];
    if name.is_empty() {
        chooser.to_string()
    } else {
        name.clone()
    }
}

/// How the report names a role.
fn role_name(role: Role) -> &'static str {
    match role {
        Role::Declarer => "declarer",
        Role::Defender => "defence",
    }
}

fn cards_text(cards: Cards) -> String {
    cards
        .iter()
        .rev()
        .map(|c: Card| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A board's report as text.
pub fn to_text(a: &Analysis) -> String {
    let b = &a.board;
    let mut out = format!(
        "{}: dealer {}, {} vulnerable",
        b.label(),
        b.dealer,
        b.vulnerability
    );
    let Some(d) = b.declared else {
        out.push_str(", passed out\n");
        return out;
    };
    out.push_str(&format!(", {d}"));
    if let Some(t) = b.declarer_tricks() {
        let need = d.contract.tricks_needed();
        let result = match t.cmp(&need) {
            std::cmp::Ordering::Less => format!("down {}", need - t),
            std::cmp::Ordering::Equal => "made".to_owned(),
            std::cmp::Ordering::Greater => format!("made +{}", t - need),
        };
        out.push_str(&format!(": {t} tricks, {result}"));
    }
    out.push('\n');
    let names: Vec<String> = Seat::ALL
        .iter()
        .filter(|&&s| !b.names[s as usize].is_empty())
        .map(|&s| format!("{s} {}", b.names[s as usize]))
        .collect();
    if !names.is_empty() {
        out.push_str(&format!("  {}\n", names.join(", ")));
    }
    let Some(r) = &a.review else {
        out.push_str("  no play to judge\n");
        return out;
    };
    let v = r.trace.values();
    out.push_str(&format!(
        "  double dummy at the lead: {} tricks for declarer; after the last card: {}\n",
        v.first().copied().unwrap_or(0),
        v.last().copied().unwrap_or(0)
    ));
    for (i, c) in r.cards().enumerate() {
        if c.cost == 0 {
            continue;
        }
        let who = role_name(r.role(c));
        out.push_str(&format!(
            "  trick {}, card {}: {} {} ({}, {}) cost {} trick{}; kept the value: {}\n",
            i / 4 + 1,
            i % 4 + 1,
            c.seat,
            c.card,
            player(b, c.seat),
            who,
            c.cost,
            if c.cost == 1 { "" } else { "s" },
            cards_text(c.kept)
        ));
    }
    if let Some(cl) = r.claim {
        let given = match cl.given_away() {
            Some((Role::Declarer, n)) => format!("; declarer conceded {n} too many"),
            Some((Role::Defender, n)) => format!("; the defence accepted {n} too many"),
            None => String::new(),
        };
        out.push_str(&format!(
            "  claim of {} tricks: {}{given} (double dummy {})\n",
            cl.claimed,
            if cl.held() { "held" } else { "did not hold" },
            cl.value
        ));
    }
    let lost = r.lost();
    out.push_str(&format!(
        "  tricks given away: declarer {}, defence {}\n",
        lost[0], lost[1]
    ));
    out
}

/// A board's report as JSON.
pub fn to_json(a: &Analysis) -> serde_json::Value {
    let b = &a.board;
    let seat_names = |f: &dyn Fn(Seat) -> serde_json::Value| {
        let mut m = serde_json::Map::new();
        for s in Seat::ALL {
            m.insert(s.to_string(), f(s));
        }
        serde_json::Value::Object(m)
    };
    let mut o = json!({
        "board": b.board,
        "room": b.room,
        "dealer": b.dealer.to_string(),
        "vulnerable": b.vulnerability.to_string(),
        "players": seat_names(&|s| json!(b.names[s as usize])),
        "contract": b.declared.map(|d| d.contract.to_string()),
        "declarer": b.declared.map(|d| d.declarer.to_string()),
        "tricks": b.declarer_tricks(),
    });
    if let Some(r) = &a.review {
        let cards: Vec<serde_json::Value> = r
            .cards()
            .map(|c| {
                json!({
                    "card": c.card.to_string(),
                    "seat": c.seat.to_string(),
                    "player": player(b, c.seat),
                    "role": role_name(r.role(c)),
                    "cost": c.cost,
                    "kept": c.kept.iter().rev().map(|k| k.to_string()).collect::<Vec<_>>(),
                })
            })
            .collect();
        let lost = r.lost();
        o["trace"] = json!(r.trace.values());
        o["cards"] = json!(cards);
        o["claim"] = r.claim.map_or(
            serde_json::Value::Null,
            |c| json!({"tricks": c.claimed, "value": c.value, "held": c.held()}),
        );
        o["lost"] = json!({"declarer": lost[0], "defence": lost[1]});
        o["nodes"] = json!(r.stats.nodes);
    }
    o
}

/// Per player over a session: boards played, and tricks given away double dummy as declarer
/// (dummy's cards included) and as a defender (a claim the defence accepted though it could
/// have beaten it counts for both defenders).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerSummary {
    /// Boards declared, and tricks given away in them.
    pub declared: (u32, u32),
    /// Boards defended, and tricks given away in them.
    pub defended: (u32, u32),
}

/// The per-player summary of `analyses`, by name (seat letters where the record has none).
pub fn summary(analyses: &[Analysis]) -> BTreeMap<String, PlayerSummary> {
    let mut out: BTreeMap<String, PlayerSummary> = BTreeMap::new();
    for a in analyses {
        let (Some(d), Some(r)) = (a.board.declared, &a.review) else {
            continue;
        };
        let decl = player(&a.board, d.declarer);
        let mut lost_by: BTreeMap<String, u32> = BTreeMap::new();
        for c in r.cards() {
            *lost_by.entry(player(&a.board, c.seat)).or_default() += u32::from(c.cost);
        }
        // A claim's tricks given away: declarer's, or (accepted) both defenders'.
        match r.claim.and_then(|c| c.given_away()) {
            Some((Role::Declarer, n)) => *lost_by.entry(decl.clone()).or_default() += u32::from(n),
            Some((Role::Defender, n)) => {
                for s in [d.declarer.next(), d.declarer.next().next().next()] {
                    *lost_by.entry(player(&a.board, s)).or_default() += u32::from(n);
                }
            }
            None => {}
        }
        let e = out.entry(decl.clone()).or_default();
        e.declared.0 += 1;
        e.declared.1 += lost_by.get(&decl).copied().unwrap_or(0);
        for s in [d.declarer.next(), d.declarer.next().next().next()] {
            let name = player(&a.board, s);
            let e = out.entry(name.clone()).or_default();
            e.defended.0 += 1;
            e.defended.1 += lost_by.get(&name).copied().unwrap_or(0);
        }
    }
    out
}

/// The summary as text, a row a player.
fn summary_text(s: &BTreeMap<String, PlayerSummary>) -> String {
    let mut out =
        String::from("\nplayer                declared  tricks lost  defended  tricks lost\n");
    for (name, p) in s {
        out.push_str(&format!(
            "{name:<20} {:>9} {:>12} {:>9} {:>12}\n",
            p.declared.0, p.declared.1, p.defended.0, p.defended.1
        ));
    }
    out
}

/// `cardtree bridge analyse`: reads `path` with `format`, judges every board on `threads`
/// threads with `mib` MiB tables, and prints the report (text, or JSON lines with `json`: one
/// a board, one a broken board, then `{"summary": ...}`), or with `out` writes it into that
/// folder with the annotated PBN and a picture of each board's trace.
pub fn command(
    path: &Path,
    format: Format,
    threads: usize,
    mib: usize,
    json: bool,
    out: Option<&Path>,
) -> Result<(), Error> {
    if let Some(dir) = out {
        std::fs::create_dir_all(dir).map_err(|e| Error::write(dir, e))?;
        crate::output::check_writable(&dir.join("report.txt"))?;
    }
    let bytes = std::fs::read(path).map_err(|e| Error::read(path, e))?;
    let text = String::from_utf8_lossy(&bytes);
    let (mut boards, mut broken) = (Vec::new(), Vec::new());
    for r in read(&text, format) {
        match r {
            Ok(b) => boards.push(b),
            Err(e) => broken.push(e),
        }
    }
    if boards.is_empty() {
        return Err(match broken.into_iter().next() {
            Some(e) => invalid!("{}: {e}", path.display()),
            None => invalid!("{}: no board", path.display()),
        });
    }
    let pool = SolverPool::new(crate::workers::resolve(threads), mib)?;
    let analyses = analyse(boards, &pool);
    let report = report(&analyses, &broken, json);
    let Some(dir) = out else {
        return crate::output::emit(report.as_bytes(), None);
    };
    let name = if json { "report.jsonl" } else { "report.txt" };
    crate::output::emit(report.as_bytes(), Some(&dir.join(name)))?;
    let pbn: String = analyses
        .iter()
        .map(|a| crate::bridge::pbn_play_write::write(&a.board, a.review.as_ref()))
        .collect::<Vec<_>>()
        .join("\n");
    crate::output::emit(pbn.as_bytes(), Some(&dir.join("analysed.pbn")))?;
    for a in &analyses {
        if let Some(r) = &a.review {
            let room = a
                .board
                .room
                .as_deref()
                .map_or(String::new(), |r| format!("-{}", r.to_ascii_lowercase()));
            let safe: String = a
                .board
                .board
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect();
            let svg = crate::bridge::trace_plot::svg(&a.board, r);
            crate::output::emit(
                svg.as_bytes(),
                Some(&dir.join(format!("board-{safe}{room}.svg"))),
            )?;
        }
    }
    Ok(())
}

/// The whole report: every board, every broken board, the summary.
fn report(analyses: &[Analysis], broken: &[BoardError], json: bool) -> String {
    let s = summary(analyses);
    let mut out = String::new();
    if json {
        for a in analyses {
            out.push_str(&to_json(a).to_string());
            out.push('\n');
        }
        for e in broken {
            out.push_str(
                &json!({"board": e.board, "token": e.token, "error": e.message}).to_string(),
            );
            out.push('\n');
        }
        let players: serde_json::Map<String, serde_json::Value> = s
            .iter()
            .map(|(name, p)| {
                (
                    name.clone(),
                    json!({
                        "declared": p.declared.0, "declarer_lost": p.declared.1,
                        "defended": p.defended.0, "defence_lost": p.defended.1,
                    }),
                )
            })
            .collect();
        out.push_str(&json!({"summary": players}).to_string());
        out.push('\n');
    } else {
        for a in analyses {
            out.push_str(&to_text(a));
        }
        for e in broken {
            out.push_str(&format!("{e}\n"));
        }
        out.push_str(&summary_text(&s));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lin_hand_is_analysed() {
        let text = "pn|Sam,Wes,Nora,Ed|md|3SKH4579QKAD69C58K,S569QAH3D5TJQAC69,\
            S47H8TD248KC347QA,|ah|Board 1|sv|o|mb|p|mb|1S|mb|p|mb|2S|mb|p|mb|p|mb|p|\
            pc|HA|pc|H3|pc|HT|pc|HJ|";
        let boards: Vec<PlayedBoard> = read(text, Format::Lin)
            .into_iter()
            .map(Result::unwrap)
            .collect();
        let pool = SolverPool::new(1, 1).unwrap();
        let a = analyse(boards, &pool);
        let r = a[0].review.as_ref().unwrap();
        assert_eq!(r.trace.values().len(), 5);
        let t = to_text(&a[0]);
        assert!(t.contains("2S by E"), "{t}");
        let j = to_json(&a[0]);
        assert_eq!(j["cards"].as_array().unwrap().len(), 4);
        let s = summary(&a);
        assert_eq!(s["Ed"].declared.0, 1);
        assert_eq!(s["Sam"].defended.0, 1);
    }
}
