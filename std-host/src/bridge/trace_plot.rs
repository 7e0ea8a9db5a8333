//! The double-dummy trace of a played board as an SVG picture: declarer's tricks with
//! double-dummy play before every card and after the last, a step a card, tricks marked along
//! the bottom, the contract's target as a dashed line, and each card that gave tricks away as
//! a dot (red for declarer's, blue for the defence's) labelled with the card.

use std::fmt::Write;

use cardtree::bridge::{Review, Role};

use crate::bridge::played::PlayedBoard;
use crate::plot::{escape, header};

/// The picture of `board`'s `review`.
pub fn svg(board: &PlayedBoard, review: &Review) -> String {
    const W: f64 = 720.0;
    const H: f64 = 300.0;
    const L: f64 = 50.0;
    const R: f64 = 20.0;
    const T: f64 = 40.0;
    const B: f64 = 45.0;
    let values = review.trace.values();
    let cards = values.len().saturating_sub(1).max(1) as f64;
    let px = |i: usize| L + i as f64 / cards * (W - L - R);
    let py = |v: f64| T + (13.0 - v) / 13.0 * (H - T - B);
    let mut s = header(W, H);
    let title = match board.declared {
        Some(d) => format!("{}: {d}", board.label()),
        None => board.label(),
    };
    let _ = writeln!(
        s,
        r#"<text x="{L}" y="22" font-size="14" font-weight="bold">{}</text>"#,
        escape(&title)
    );
    // A grid line at every count of tricks, and the tricks' numbers along the bottom.
    for v in 0..=13 {
        let y = py(f64::from(v));
        let _ = writeln!(
            s,
            r##"<line x1="{L}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#eeeeee"/><text x="{:.1}" y="{:.1}" font-size="9" text-anchor="end">{v}</text>"##,
            W - R,
            L - 5.0,
            y + 3.0
        );
    }
    for trick in 0..=values.len().saturating_sub(1) / 4 {
        let i = trick * 4;
        if i >= values.len() {
            break;
        }
        let _ = writeln!(
            s,
            r##"<line x1="{0:.1}" y1="{T}" x2="{0:.1}" y2="{1:.1}" stroke="#dddddd"/><text x="{2:.1}" y="{3:.1}" font-size="9" text-anchor="middle">{4}</text>"##,
            px(i),
            H - B,
            px(i) + 2.0 * (W - L - R) / cards,
            H - B + 13.0,
            trick + 1
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="middle">trick</text><text x="14" y="{:.1}" font-size="11" transform="rotate(-90 14 {:.1})" text-anchor="middle">declarer's tricks, double dummy</text>"#,
        (L + W - R) / 2.0,
        H - 10.0,
        (T + H - B) / 2.0,
        (T + H - B) / 2.0
    );
    if let Some(d) = board.declared {
        let y = py(f64::from(d.contract.tricks_needed()));
        let _ = writeln!(
            s,
            r##"<line x1="{L}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#888888" stroke-dasharray="5,4"/><text x="{:.1}" y="{:.1}" font-size="9" text-anchor="end" fill="#666666">{} needed</text>"##,
            W - R,
            W - R,
            y - 3.0,
            d.contract.tricks_needed()
        );
    }
    // The trace: a step a card.
    let mut path = String::new();
    for (i, &v) in values.iter().enumerate() {
        let (x, y) = (px(i), py(f64::from(v)));
        if i == 0 {
            let _ = write!(path, "M{x:.1},{y:.1}");
        } else {
            let _ = write!(path, " H{x:.1} V{y:.1}");
        }
    }
    let _ = writeln!(
        s,
        r##"<path d="{path}" fill="none" stroke="#333333" stroke-width="2"/>"##
    );
    for (i, c) in review.cards().enumerate() {
        if c.cost == 0 {
            continue;
        }
        let colour = match review.role(c) {
            Role::Declarer => "#d62728",
            Role::Defender => "#1f77b4",
        };
        let (x, y) = (
            px(i + 1),
            py(f64::from(values.get(i + 1).copied().unwrap_or(0))),
        );
        let _ = writeln!(
            s,
            r#"<circle cx="{x:.1}" cy="{y:.1}" r="4" fill="{colour}"/><text x="{x:.1}" y="{:.1}" font-size="10" text-anchor="middle" fill="{colour}">{} {}</text>"#,
            y - 7.0,
            c.seat,
            c.card
        );
    }
    s.push_str("</svg>\n");
    s
}
