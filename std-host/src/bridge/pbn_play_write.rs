//! [`PlayedBoard`]s written as PBN games with their play, and with a review's marks: what
//! [`pbn_play::read`](crate::bridge::pbn_play::read) reads back to the same board.

use cardtree::Seat;
use cardtree::bridge::{Review, Verdict};

use crate::bridge::played::PlayedBoard;
use crate::bridge::single_dummy::CardJudgement;

/// `board` as a PBN game: the roster tags (`Board`, the players, `Dealer`, `Vulnerable`,
/// `Deal`, `Declarer`, `Contract`, `Result`), the `Auction` section with its alerts as notes,
/// and the `Play` section, each trick's line in seat order from the opening leader. With
/// `review`, each card that gave tricks away double dummy is marked `?` (one trick) or `??`
/// (more), and a comment after its trick names the cost and the cards that kept the value.
/// With the single-dummy judge's `single` (one entry a card), the marks are its instead (BEN's
/// thresholds, [`Verdict::mark`]) and the comment gives both views.
pub fn write(
    board: &PlayedBoard,
    review: Option<&Review>,
    single: &[Option<CardJudgement>],
) -> String {
    let mut out = String::new();
    let tag = |out: &mut String, name: &str, value: &str| {
        // A tag pair is one line: a record's line breaks and other control characters (LIN's
        // values may hold them) become spaces.
        let v: String = value
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{v}\"]\n"));
    };
    tag(&mut out, "Board", &board.board);
    if let Some(r) = &board.room {
        tag(&mut out, "Room", r);
    }
    for (name, seat) in [
        ("West", Seat::West),
        ("North", Seat::North),
        ("East", Seat::East),
        ("South", Seat::South),
    ] {
        tag(&mut out, name, &board.names[seat as usize]);
    }
    tag(&mut out, "Dealer", &board.dealer.to_string());
    tag(&mut out, "Vulnerable", &board.vulnerability.to_string());
    tag(&mut out, "Deal", &board.deal.pbn(board.dealer).to_string());
    match board.declared {
        Some(d) => {
            tag(&mut out, "Declarer", &d.declarer.to_string());
            tag(&mut out, "Contract", &d.contract.to_string());
        }
        None => {
            tag(&mut out, "Declarer", "");
            tag(&mut out, "Contract", "Pass");
        }
    }
    if let Some(t) = board.declarer_tricks().filter(|_| board.declared.is_some()) {
        tag(&mut out, "Result", &t.to_string());
    }
    if let Some(a) = &board.auction {
        tag(&mut out, "Auction", &a.dealer().to_string());
        let mut notes = Vec::new();
        let mut line = Vec::new();
        for (i, call) in a.calls().iter().enumerate() {
            let mut word = call.to_string();
            if let Some(x) = board.alerts.iter().find(|x| x.call == i) {
                notes.push(x.text.clone());
                word.push_str(&format!(" ={}=", notes.len()));
            }
            line.push(word);
            if line.len() == 4 {
                out.push_str(&line.join(" "));
                out.push('\n');
                line.clear();
            }
        }
        if !line.is_empty() {
            out.push_str(&line.join(" "));
            out.push('\n');
        }
        for (k, text) in notes.iter().enumerate() {
            let text = if text.is_empty() { "alert" } else { text };
            tag(&mut out, "Note", &format!("{}:{text}", k + 1));
        }
    }
    let (Some(d), Some(start)) = (board.declared, board.start()) else {
        return out;
    };
    if board.play.is_empty() && board.claim.is_none() {
        return out;
    }
    let first = d.leader();
    tag(&mut out, "Play", &first.to_string());
    let costs: Vec<(u8, cardtree::Cards)> = review
        .map(|r| r.cards().map(|c| (c.cost, c.kept)).collect())
        .unwrap_or_default();
    let mut p = start;
    let mut i = 0;
    while i < board.play.len() {
        let mut line: [String; 4] = Default::default();
        for slot in &mut line {
            *slot = "-".to_owned();
        }
        let mut notes = Vec::new();
        for _ in 0..4 {
            let Some(&card) = board.play.get(i) else {
                break;
            };
            let seat = p.to_move();
            let place = (seat as usize + 4 - first as usize) % 4;
            let mut word = card.to_string();
            let judged = match single.get(i) {
                Some(Some(CardJudgement::Judged(j))) => Some(j),
                _ => None,
            };
            let &(cost, kept) = costs.get(i).unwrap_or(&(0, cardtree::Cards::EMPTY));
            let mark = match judged {
                Some(j) => Verdict::mark(j.loss),
                None if single.is_empty() && cost == 1 => "?",
                None if single.is_empty() && cost > 1 => "??",
                None => "",
            };
            word.push_str(mark);
            let mut note = Vec::new();
            if cost > 0 {
                let kept: Vec<String> = kept.iter().rev().map(|c| c.to_string()).collect();
                note.push(format!(
                    "cost {cost} trick{}; {} kept the value",
                    if cost == 1 { "" } else { "s" },
                    kept.join(" ")
                ));
            }
            if let Some(j) = judged.filter(|_| cost > 0 || !mark.is_empty()) {
                let best = j
                    .judgement
                    .best()
                    .map_or(String::new(), |b| b.card.to_string());
                note.push(format!("single dummy {:.2} tricks below {best}", j.loss));
            }
            if !note.is_empty() {
                notes.push(format!("{seat} {card} {}", note.join("; ")));
            }
            line[place] = word;
            if p.play(card).is_err() {
                // Not legal (a board not read by `read`): the play stops here.
                i = board.play.len();
                break;
            }
            i += 1;
        }
        out.push_str(&line.join(" "));
        if !notes.is_empty() {
            out.push_str(&format!(" {{{}}}", notes.join(". ")));
        }
        out.push('\n');
    }
    for text in &board.commentary {
        out.push_str(&format!("{{{}}}\n", text.replace('}', ")")));
    }
    // `*` ends a play cut short by a claim (the reader takes `Result` as the claim then).
    if board.claim.is_some() && board.play.len() < 52 {
        out.push_str("*\n");
    }
    out
}
