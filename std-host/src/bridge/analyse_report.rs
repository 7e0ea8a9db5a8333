//! `cardtree bridge analyse`'s report: each board as text or JSON (the contract and result,
//! the trace, each costly card with the cards that kept the value, the claim, and with the
//! single-dummy judge each card's verdict), and the summary per player across the session.

use std::collections::BTreeMap;

use cardtree::bridge::{DUBIOUS, Role};
use cardtree::{Card, Cards, Seat};
use serde_json::json;

use crate::bridge::analysis::Analysis;
use crate::bridge::played::{BoardError, PlayedBoard};
use crate::bridge::single_dummy::{CardJudgement, single_json, single_tally, single_text};

/// The name of whoever chose `seat`'s card: declarer for dummy's, the seat's player otherwise
/// (`N`, `E`... when the record names no one).
pub(crate) fn player(board: &PlayedBoard, seat: Seat) -> String {
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
        let single = a.single.get(i).and_then(Option::as_ref);
        let flagged = match single {
            Some(CardJudgement::Judged(j)) => j.loss > DUBIOUS,
            Some(CardJudgement::Failed(_)) => true,
            _ => false,
        };
        if c.cost == 0 && !flagged {
            continue;
        }
        let who = role_name(r.role(c));
        let dd = if c.cost == 0 {
            "no cost double dummy".to_owned()
        } else {
            format!(
                "cost {} trick{}; kept the value: {}",
                c.cost,
                if c.cost == 1 { "" } else { "s" },
                cards_text(c.kept)
            )
        };
        out.push_str(&format!(
            "  trick {}, card {}: {} {} ({}, {}) {dd}",
            i / 4 + 1,
            i % 4 + 1,
            c.seat,
            c.card,
            player(b, c.seat),
            who,
        ));
        match single {
            Some(CardJudgement::Judged(j)) => out.push_str(&format!("; {}", single_text(j))),
            Some(CardJudgement::Failed(e)) => out.push_str(&format!("; single dummy: {e}")),
            _ => {}
        }
        out.push('\n');
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
    if !a.single.is_empty() {
        out.push_str(&format!("  {}\n", single_tally(a)));
    }
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
            .enumerate()
            .map(|(i, c)| {
                json!({
                    "single_dummy": single_json(a.single.get(i).and_then(Option::as_ref)),
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
/// have beaten it counts for both defenders); with the single-dummy judge, the mean tricks
/// the player's cards lost against the best card single dummy, as declarer and as defender.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerSummary {
    /// Boards declared, and tricks given away in them.
    pub declared: (u32, u32),
    /// Boards defended, and tricks given away in them.
    pub defended: (u32, u32),
    /// Single-dummy tricks lost as declarer and as defender (`None` without the judge).
    pub single: Option<(f64, f64)>,
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
        let mut single_by: BTreeMap<String, f64> = BTreeMap::new();
        for (i, c) in r.cards().enumerate() {
            let name = player(&a.board, c.seat);
            if let Some(Some(CardJudgement::Judged(j))) = a.single.get(i) {
                *single_by.entry(name.clone()).or_default() += j.loss;
            }
            *lost_by.entry(name).or_default() += u32::from(c.cost);
        }
        let judged = !a.single.is_empty();
        let add = |e: &mut PlayerSummary, name: &str, declaring: bool| {
            if judged {
                let loss = single_by.get(name).copied().unwrap_or(0.0);
                let (d, f) = e.single.get_or_insert((0.0, 0.0));
                *(if declaring { d } else { f }) += loss;
            }
        };
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
        add(e, &decl, true);
        for s in [d.declarer.next(), d.declarer.next().next().next()] {
            let name = player(&a.board, s);
            let e = out.entry(name.clone()).or_default();
            e.defended.0 += 1;
            e.defended.1 += lost_by.get(&name).copied().unwrap_or(0);
            add(e, &name, false);
        }
    }
    out
}

/// The summary as text, a row a player.
fn summary_text(s: &BTreeMap<String, PlayerSummary>) -> String {
    let single = s.values().any(|p| p.single.is_some());
    let mut out =
        String::from("\nplayer                declared  tricks lost  defended  tricks lost");
    out.push_str(if single {
        "  single dummy: as declarer  as defender\n"
    } else {
        "\n"
    });
    for (name, p) in s {
        out.push_str(&format!(
            "{name:<20} {:>9} {:>12} {:>9} {:>12}",
            p.declared.0, p.declared.1, p.defended.0, p.defended.1
        ));
        if let Some((d, f)) = p.single {
            out.push_str(&format!("  {d:>26.2} {f:>12.2}"));
        }
        out.push('\n');
    }
    out
}

/// The summary as JSON: an object a player.
fn summary_json(s: &BTreeMap<String, PlayerSummary>) -> serde_json::Value {
    let players: serde_json::Map<String, serde_json::Value> = s
        .iter()
        .map(|(name, p)| {
            (
                name.clone(),
                json!({
                    "declared": p.declared.0, "declarer_lost": p.declared.1,
                    "defended": p.defended.0, "defence_lost": p.defended.1,
                    "single_dummy_declarer_lost": p.single.map(|s| s.0),
                    "single_dummy_defence_lost": p.single.map(|s| s.1),
                }),
            )
        })
        .collect();
    serde_json::Value::Object(players)
}

/// The whole report as one JSON value, as the doors that return data give it:
/// `{"boards": [...], "broken": [...], "summary": {...}}`, each board as in `--json`'s lines.
#[must_use]
pub fn report_value(analyses: &[Analysis], broken: &[BoardError]) -> serde_json::Value {
    json!({
        "boards": analyses.iter().map(to_json).collect::<Vec<_>>(),
        "broken": broken.iter().map(crate::bridge::played_json::error_json).collect::<Vec<_>>(),
        "summary": summary_json(&summary(analyses)),
    })
}

/// The whole report: every board, every broken board, the summary.
pub fn report(analyses: &[Analysis], broken: &[BoardError], json: bool) -> String {
    let s = summary(analyses);
    let mut out = String::new();
    if json {
        for a in analyses {
            out.push_str(&to_json(a).to_string());
            out.push('\n');
        }
        for e in broken {
            out.push_str(&crate::bridge::played_json::error_json(e).to_string());
            out.push('\n');
        }
        let players = summary_json(&s);
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
