//! `cardtree blackjack strategy`: the total-dependent basic strategy of a rule set, computed by
//! [`ChartSolver`], printed as a strategy card (text, Markdown or JSON) with the exact value
//! of playing it beside the CDZ- optimum.

use crate::error::{Context, Error};
use std::fmt::Write as _;
use std::sync::Mutex;

use cardtree::blackjack::{
    Action, Allowed, Blackjack, Cell, Chart, ChartRow, ChartSolver, ChartValue, Hand, MEMO_SLOTS,
    Oracle, Pip, Rules, Shoe, Slot,
};
use std::collections::BTreeMap;

use serde::Serialize;

use crate::blackjack::oracle::{RulesJson, UP_ORDER, rules_json};

/// How `strategy` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Aligned text.
    Text,
    /// Markdown tables.
    Markdown,
    /// One JSON object.
    Json,
}

/// A computed strategy card and the values beside it.
#[derive(Clone, Debug)]
pub struct StrategyCard {
    /// The rules.
    pub rules: Rules,
    /// The chart and the value of playing it.
    pub value: ChartValue,
    /// The expected return of optimal composition-dependent play (CDZ-), in bets.
    pub optimum: f64,
    /// The two-card hands whose optimal composition-dependent action differs from the
    /// chart's.
    pub exceptions: Vec<Exception>,
    /// Seconds to compute both.
    pub seconds: f64,
}

/// A two-card hand where optimal composition-dependent play departs from the chart.
#[derive(Clone, Debug)]
pub struct Exception {
    /// The two cards.
    pub cards: [Pip; 2],
    /// The dealer's up card.
    pub up: Pip,
    /// The chart's action.
    pub chart: Action,
    /// The optimal action.
    pub optimal: Action,
    /// What the optimal action gains over the chart's, in bets.
    pub gain: f64,
}

fn action_label(a: Action) -> &'static str {
    match a {
        Action::Stand => "stand",
        Action::Hit => "hit",
        Action::Double => "double",
        Action::Split => "split",
        Action::Surrender => "surrender",
    }
}

/// Every two-card hand (no natural) against every up card, from a full shoe, where the
/// oracle's best action differs from the chart's.
pub(crate) fn exceptions(
    rules: Rules,
    shoe: &Shoe,
    chart: &Chart,
    slots: &mut [Slot],
) -> Result<Vec<Exception>, Error> {
    let mut out = Vec::new();
    let mut oracle = Oracle::new(rules, slots).map_err(Error::from)?;
    for up in UP_ORDER {
        for a in Pip::ALL {
            for b in Pip::ALL.into_iter().filter(|&b| b >= a) {
                let hand = Hand::of(&[a, b]);
                if hand.is_blackjack() {
                    continue;
                }
                let Ok(game) = Blackjack::dealt(rules, *shoe, a, up, b) else {
                    continue;
                };
                let values = oracle.actions(&game).map_err(Error::from)?;
                let allowed = Allowed {
                    double: values.double.is_some(),
                    surrender: values.surrender.is_some(),
                    split: values.split.is_some(),
                };
                let ours = chart.decide(&hand, up, allowed);
                let (best, v) = values.best();
                let mine = values.get(ours).unwrap_or(f64::NEG_INFINITY);
                if best != ours && v > mine {
                    out.push(Exception {
                        cards: [a, b],
                        up,
                        chart: ours,
                        optimal: best,
                        gain: v - mine,
                    });
                }
            }
        }
    }
    Ok(out)
}

/// The chart of `rules` (a standard shoe of their decks), computed once per process and rules
/// (threads asking for the same rules wait for the first).
pub fn chart_for(rules: Rules) -> Result<Chart, Error> {
    static CHARTS: Mutex<Vec<(String, Chart)>> = Mutex::new(Vec::new());
    let key = format!("{rules:?}");
    let mut charts = CHARTS.lock().map_err(|_| {
        Error::Internal("basic strategy: a thread failed while computing a chart".into())
    })?;
    if let Some((_, c)) = charts.iter().find(|(k, _)| *k == key) {
        return Ok(*c);
    }
    let shoe = Shoe::standard(rules.decks).map_err(Error::from)?;
    let mut slots = vec![Slot::EMPTY; MEMO_SLOTS];
    let chart = ChartSolver::new(rules, &mut slots)
        .and_then(|mut s| s.solve(&shoe))
        .context("basic strategy")?
        .chart;
    charts.push((key, chart));
    Ok(chart)
}

/// The rows of the card, in its order: (section, label, cells by up card 2..10, A).
fn rows(chart: &Chart) -> Vec<(&'static str, String, Vec<String>)> {
    let mut out = Vec::new();
    let cells = |row: ChartRow| -> Vec<String> {
        UP_ORDER
            .iter()
            .map(|&up| chart.cell(row, up).map_or("?", Cell::label).to_string())
            .collect()
    };
    let later = |total: u8, soft: bool| -> Vec<String> {
        UP_ORDER
            .iter()
            .map(|&up| {
                if chart.later_hit(total, soft, up) {
                    "H"
                } else {
                    "S"
                }
                .to_string()
            })
            .collect()
    };
    for t in (ChartRow::HARD).rev() {
        out.push(("hard", t.to_string(), cells(ChartRow::Hard(t))));
    }
    for t in (ChartRow::SOFT).rev() {
        out.push(("soft", format!("A,{}", t - 11), cells(ChartRow::Soft(t))));
    }
    for p in [
        Pip::Ace,
        Pip::Ten,
        Pip::Nine,
        Pip::Eight,
        Pip::Seven,
        Pip::Six,
        Pip::Five,
        Pip::Four,
        Pip::Three,
        Pip::Two,
    ] {
        out.push((
            "pairs",
            format!("{0},{0}", p.label()),
            cells(ChartRow::Pair(p)),
        ));
    }
    for t in (4..=20u8).rev() {
        out.push(("three cards or more, hard", t.to_string(), later(t, false)));
    }
    for t in (12..=20u8).rev() {
        out.push(("three cards or more, soft", t.to_string(), later(t, true)));
    }
    out
}

fn rules_line(r: &Rules) -> String {
    let mut s = format!(
        "{} deck{}, {}, {}, split to {} hands",
        r.decks,
        if r.decks == 1 { "" } else { "s" },
        if r.dealer_hits_soft_17 { "H17" } else { "S17" },
        if r.double_after_split {
            "DAS"
        } else {
            "no DAS"
        },
        r.max_split_hands
    );
    if r.resplit_aces {
        s.push_str(", resplit aces");
    }
    if r.late_surrender {
        s.push_str(", late surrender");
    }
    if !r.dealer_peeks {
        s.push_str(", no peek");
    }
    s
}

/// The JSON of `cardtree blackjack strategy --json`.
#[derive(Serialize)]
struct StrategyJson {
    rules: RulesJson,
    up_cards: Vec<&'static str>,
    /// Section -> row label -> the action of each up card.
    chart: BTreeMap<String, BTreeMap<String, Vec<String>>>,
    ev_chart_percent: f64,
    ev_chart_by_upcard_percent: BTreeMap<String, f64>,
    ev_optimal_percent: f64,
    composition_exceptions: Vec<ExceptionJson>,
    sweeps: u8,
    seconds: f64,
}

/// One composition exception of [`StrategyJson`].
#[derive(Serialize)]
struct ExceptionJson {
    cards: [&'static str; 2],
    up: &'static str,
    chart: &'static str,
    optimal: &'static str,
    gain_percent: f64,
}

/// The card as `layout` says.
pub fn render(card: &StrategyCard, layout: Layout) -> Result<String, Error> {
    let v = &card.value;
    let rows = rows(&v.chart);
    let ups: Vec<&str> = UP_ORDER.iter().map(|p| p.label()).collect();
    match layout {
        Layout::Json => {
            let mut chart: BTreeMap<String, BTreeMap<String, Vec<String>>> = BTreeMap::new();
            for (section, label, cells) in &rows {
                chart
                    .entry(section.replace([' ', ','], "_").replace("__", "_"))
                    .or_default()
                    .insert(label.clone(), cells.clone());
            }
            let report = StrategyJson {
                rules: rules_json(&card.rules),
                up_cards: ups,
                chart,
                ev_chart_percent: v.total * 100.0,
                ev_chart_by_upcard_percent: UP_ORDER
                    .iter()
                    .map(|p| (p.label().to_string(), v.by_up[p.index()] * 100.0))
                    .collect(),
                ev_optimal_percent: card.optimum * 100.0,
                composition_exceptions: card
                    .exceptions
                    .iter()
                    .map(|e| ExceptionJson {
                        cards: [e.cards[0].label(), e.cards[1].label()],
                        up: e.up.label(),
                        chart: action_label(e.chart),
                        optimal: action_label(e.optimal),
                        gain_percent: e.gain * 100.0,
                    })
                    .collect(),
                sweeps: v.sweeps,
                seconds: card.seconds,
            };
            crate::json::sorted_line(&report)
        }
        Layout::Text | Layout::Markdown => {
            let md = layout == Layout::Markdown;
            let mut s = String::new();
            let _ = writeln!(
                s,
                "{}Total-dependent basic strategy: {}",
                if md { "### " } else { "" },
                rules_line(&card.rules)
            );
            let _ = writeln!(
                s,
                "{}expected return playing this chart {:+.4} %, optimal composition-dependent play (CDZ-) {:+.4} %, difference {:.4} percentage points ({:.1} s)\n",
                if md { "\n" } else { "" },
                v.total * 100.0,
                card.optimum * 100.0,
                (card.optimum - v.total) * 100.0,
                card.seconds
            );
            let mut last = "";
            for (section, label, cells) in &rows {
                if *section != last {
                    if md {
                        let _ = writeln!(s, "\n| {section} | {} |", ups.join(" | "));
                        let _ = writeln!(s, "|---|{}", "---|".repeat(ups.len()));
                    } else {
                        let header: String = ups.iter().map(|u| format!("{u:>4}")).collect();
                        let _ = writeln!(s, "\n{section}\n{:<8}{header}", "");
                    }
                    last = section;
                }
                if md {
                    let _ = writeln!(s, "| {label} | {} |", cells.join(" | "));
                } else {
                    let _ = writeln!(
                        s,
                        "{label:<8}{}",
                        cells.iter().map(|c| format!("{c:>4}")).collect::<String>()
                    );
                }
            }
            let _ = writeln!(
                s,
                "\nH hit, S stand, Dh/Ds double (else hit/stand), P split, Rh/Rs/Rp surrender (else hit/stand/split)."
            );
            let _ = writeln!(
                s,
                "\n{}Two-card hands where optimal composition-dependent play departs from the chart: {}",
                if md { "**" } else { "" },
                card.exceptions.len()
            );
            if md && !card.exceptions.is_empty() {
                let _ = writeln!(
                    s,
                    "\n| hand | up | chart | optimal | gain (% of a bet) |\n|---|---|---|---|---|"
                );
            }
            for e in &card.exceptions {
                let hand = format!("{},{}", e.cards[1].label(), e.cards[0].label());
                if md {
                    let _ = writeln!(
                        s,
                        "| {hand} | {} | {} | {} | {:.4} |",
                        e.up.label(),
                        action_label(e.chart),
                        action_label(e.optimal),
                        e.gain * 100.0
                    );
                } else {
                    let _ = writeln!(
                        s,
                        "  {hand:<6} vs {:>2}: chart {}, optimal {} (+{:.4} % of a bet)",
                        e.up.label(),
                        action_label(e.chart),
                        action_label(e.optimal),
                        e.gain * 100.0
                    );
                }
            }
            Ok(s)
        }
    }
}
