//! `cardtree experiment mckay`: McKay & Kruskal's experiment (`../shared/papers/000_…`,
//! "Method" and Figure 3). For every cell (exploration constant `c`, power `p`) of a grid and
//! every deal, power-mean UCT chooses an opening lead from a fixed number of playouts; the
//! chosen lead is scored by its double-dummy value.
//!
//! One work item is one (cell, deal) pair: item `k` is cell `k / deals`, deal `k % deals`, and
//! cells run constant-major (`c` of the row, `p` of the column, as in Figure 3). The item's
//! search draws from `rng::stream(seed, k)`.

use std::fmt::Write as _;

use cardtree::bridge::{BridgePlay, Strain, solve};
use cardtree::search::{
    Backup, Expansion, Exploration, FinalMove, RandomPolicy, UctConfig, UctResult, uct,
};
use cardtree::{Card, Power, Seat, SizeRule, pbn, rng};
use serde_json::{Value, json};

use crate::heap_tree::{HeapTree, heap_tree};
use crate::plot::{self, Heatmap};
use crate::runner::{Experiment, OutputFile, Row, Table};
use crate::solve as solve_cmd;

/// The experiment's kind, as `cardtree experiment mckay` names it.
pub const KIND: &str = "mckay";

/// The paper's grid of exploration constants, `0.125 .. 128` by powers of two ("Method").
pub const PAPER_CONSTANTS: [f64; 11] = [
    0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0,
];
/// The paper's powers, `1 .. 15` ("Method").
pub const PAPER_POWERS: [u32; 15] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
/// The paper's playouts per search ("Method": "running through 5000 plays of every hand").
pub const PAPER_PLAYOUTS: u32 = 5000;

/// Figure 3 of the paper: the mean |error| per (constant, power), rows `c`, columns `p`.
const PAPER_FIGURE_3: &str = include_str!("../data/mckay2009_figure3.csv");

/// Nodes of one search tree: 5000 of McKay's playouts from a full deal create at most about
/// 1.2 million nodes; trees of 16 bytes a node, so 40 MiB a thread.
pub const TREE_NODES: usize = 2_621_440;

/// A tree of one search, on the heap.
pub type LeadTree = HeapTree<Card>;

/// A fresh, empty tree of [`TREE_NODES`] nodes.
#[must_use]
pub fn lead_tree() -> LeadTree {
    heap_tree(TREE_NODES)
}

/// One deal of the experiment: the opening position and the double-dummy value of every lead.
#[derive(Clone, Debug, PartialEq)]
pub struct LeadDeal {
    /// The deal's id (from the input, or its position in it).
    pub id: String,
    /// The PBN deal as given.
    pub pbn: String,
    /// The player on lead.
    pub leader: Seat,
    /// The strain.
    pub strain: Strain,
    /// Every legal lead with the tricks the leader's side then takes double dummy.
    pub tricks: Vec<(Card, u8)>,
}

impl LeadDeal {
    /// The opening position.
    pub fn position(&self) -> Result<BridgePlay, String> {
        let deal =
            pbn::parse(&self.pbn, SizeRule::Full).map_err(|e| format!("deal {}: {e}", self.id))?;
        BridgePlay::new(&deal, self.strain, self.leader)
            .map_err(|e| format!("deal {}: {e}", self.id))
    }

    /// The double-dummy value of the best lead.
    #[must_use]
    pub fn best(&self) -> u8 {
        self.tricks.iter().map(|&(_, t)| t).max().unwrap_or(0)
    }

    /// The double-dummy value of `card`, if it is a lead.
    #[must_use]
    pub fn tricks_of(&self, card: Card) -> Option<u8> {
        self.tricks
            .iter()
            .find(|&&(c, _)| c == card)
            .map(|&(_, t)| t)
    }

    /// The lead `card` chosen by `method` (`None`: it chose none), scored: its double-dummy
    /// tricks and the best lead's; the cost is their difference.
    pub fn score(&self, card: Option<Card>, method: &str) -> Result<(Card, u8, u8), String> {
        let card = card.ok_or_else(|| format!("deal {}: {method} chose no lead", self.id))?;
        let tricks = self
            .tricks_of(card)
            .ok_or_else(|| format!("deal {}: {card} has no double-dummy value", self.id))?;
        Ok((card, tricks, self.best()))
    }

    /// The expected error of a uniformly random lead: best minus the mean over the leads.
    #[must_use]
    pub fn random_error(&self) -> f64 {
        let sum: u32 = self.tricks.iter().map(|&(_, t)| u32::from(t)).sum();
        f64::from(self.best()) - f64::from(sum) / self.tricks.len().max(1) as f64
    }

    /// The JSON line of `../shared/bridge/`'s format.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut tricks = serde_json::Map::new();
        for &(card, t) in &self.tricks {
            tricks.insert(card.to_string(), json!(t));
        }
        json!({
            "id": self.id,
            "pbn": self.pbn,
            "leader": self.leader.to_string(),
            "trump": self.strain.to_string(),
            "tricks": tricks,
        })
        .to_string()
    }
}

/// Reads deals in the JSON-lines format of `../shared/bridge/`. Each line's `tricks` gives the
/// leads' values; lines without it are valued by cardtree's solver (in parallel, a table of
/// `table_mib` per thread). Errors name the line.
pub fn read_deals(text: &str, source: &str, table_mib: usize) -> Result<Vec<LeadDeal>, String> {
    let mut deals = parse_deals(text, source)?;
    value_missing(&mut deals, table_mib)?;
    Ok(deals)
}

/// The deals of [`read_deals`] as the lines give them: a deal without `tricks` has an empty
/// [`LeadDeal::tricks`]. Errors name the line.
pub fn parse_deals(text: &str, source: &str) -> Result<Vec<LeadDeal>, String> {
    let mut deals = Vec::new();
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let at = |e: String| format!("{source}:{}: {e}", n + 1);
        let task = solve_cmd::parse_line(line).map_err(at)?;
        let v: Value = serde_json::from_str(line).map_err(|e| at(e.to_string()))?;
        let id = match &task.id {
            Some(Value::String(s)) => s.clone(),
            Some(v) => v.to_string(),
            None => n.to_string(),
        };
        let mut deal = LeadDeal {
            id,
            pbn: task.pbn.clone(),
            leader: task.leader,
            strain: task.strain,
            tricks: Vec::new(),
        };
        let position = deal.position().map_err(at)?;
        if position.tricks_left() != 13 {
            return Err(at(
                "not a full deal: the experiment starts from the opening lead".into(),
            ));
        }
        if let Some(tricks) = v.get("tricks").filter(|t| !t.is_null()) {
            let map = tricks
                .as_object()
                .ok_or_else(|| at("\"tricks\" is not an object".into()))?;
            for (card, t) in map {
                let quoted = crate::solve::quote(card);
                let c: Card = card
                    .parse()
                    .map_err(|e| at(format!("tricks: {quoted}: {e}")))?;
                let t = t
                    .as_u64()
                    .and_then(|t| u8::try_from(t).ok())
                    .filter(|&t| t <= 13)
                    .ok_or_else(|| at(format!("tricks: {quoted}: not a number of tricks")))?;
                deal.tricks.push((c, t));
            }
            let legal = position.legal();
            if deal.tricks.len() != legal.len()
                || deal.tricks.iter().any(|&(c, _)| !legal.contains(c))
            {
                return Err(at(
                    "\"tricks\" must give every card of the leader's hand once".into(),
                ));
            }
        }
        deals.push(deal);
    }
    if deals.is_empty() {
        return Err(format!("{source}: no deals"));
    }
    Ok(deals)
}

/// `count` random deals from `seed` (the generator of `cardtree bridge deal` and of
/// `../shared/bridge/`), West on lead at no trump, valued by cardtree's solver.
pub fn quick_deals(seed: u64, count: usize, table_mib: usize) -> Result<Vec<LeadDeal>, String> {
    let text = crate::deals::generate(seed, count, Seat::West, crate::deals::Format::Pbn);
    let mut deals: Vec<LeadDeal> = text
        .lines()
        .enumerate()
        .map(|(id, pbn)| LeadDeal {
            id: id.to_string(),
            pbn: pbn.to_string(),
            leader: Seat::West,
            strain: Strain::NoTrump,
            tricks: Vec::new(),
        })
        .collect();
    value_missing(&mut deals, table_mib)?;
    Ok(deals)
}

/// Solves every deal without values, in parallel (one solver table a worker thread).
fn value_missing(deals: &mut [LeadDeal], table_mib: usize) -> Result<(), String> {
    let missing: Vec<usize> = (0..deals.len())
        .filter(|&i| deals.get(i).is_some_and(|d| d.tricks.is_empty()))
        .collect();
    let shared: &[LeadDeal] = deals;
    let solved = crate::workers::map(
        &missing,
        0,
        || solve_cmd::host_table(table_mib),
        |table, &i| {
            let position = shared.get(i).ok_or("deal index")?.position()?;
            let solution = solve(&position, table);
            let mut tricks: Vec<_> = solution.cards.iter().copied().collect();
            tricks.sort_by_key(|&(c, _)| core::cmp::Reverse(c));
            Ok(tricks)
        },
    );
    for (&i, tricks) in missing.iter().zip(solved) {
        if let Some(d) = deals.get_mut(i) {
            d.tricks = tricks?;
        }
    }
    Ok(())
}

/// Exploration constants given on the command line.
#[derive(Clone, Debug, PartialEq)]
pub struct Constants(pub Vec<f64>);

/// Powers given on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Powers(pub Vec<u32>);

/// Reads constants: `0.5,2,8`; `0.125..128` (doubling); `0.125,0.25,...,128` (the ratio of the
/// first two, continued). Every constant must be positive and finite.
pub fn parse_constants(s: &str) -> Result<Constants, String> {
    let num = |t: &str| -> Result<f64, String> {
        t.trim()
            .parse::<f64>()
            .ok()
            .filter(|c| c.is_finite() && *c > 0.0)
            .ok_or_else(|| format!("{t:?} is not a positive constant"))
    };
    let (first, ratio, last) = match parse_list(s, "constants", num)? {
        ListSpec::Items(items) => return Ok(Constants(items)),
        ListSpec::Range { first, last } => (first, 2.0, last),
        ListSpec::Continued {
            first,
            second,
            last,
        } => (first, second / first, last),
    };
    let mut out = vec![first];
    while out.len() < 64 {
        let next = out[out.len() - 1] * ratio;
        if next > last * (1.0 + 1e-9) {
            break;
        }
        out.push(next);
    }
    Ok(Constants(out))
}

/// Reads powers (integers from 1): `1,5,15`; `1..15`; `1,2,...,15` (the step of the first
/// two, continued).
pub fn parse_powers(s: &str) -> Result<Powers, String> {
    let num = |t: &str| -> Result<u32, String> {
        t.trim()
            .parse::<u32>()
            .ok()
            .filter(|&p| (1..=Power::MAX_INTEGER).contains(&p))
            .ok_or_else(|| format!("{t:?} is not a power in 1..={}", Power::MAX_INTEGER))
    };
    let (first, step, last) = match parse_list(s, "powers", num)? {
        ListSpec::Items(items) => return Ok(Powers(items)),
        ListSpec::Range { first, last } => (first, 1, last),
        ListSpec::Continued {
            first,
            second,
            last,
        } => (first, second - first, last),
    };
    Ok(Powers((first..=last).step_by(step as usize).collect()))
}

/// A list of numbers as written on the command line.
#[derive(Clone, Debug, PartialEq)]
enum ListSpec<T> {
    /// `a,b,c`.
    Items(Vec<T>),
    /// `first..last`, `first <= last`.
    Range { first: T, last: T },
    /// `first,second,...,last`, `first < second`, `first <= last`.
    Continued { first: T, second: T, last: T },
}

/// Reads `a,b,c`, `a..b` or `a,b,...,c`, each number by `num`; `what` names the list in errors.
fn parse_list<T: Copy + PartialOrd>(
    s: &str,
    what: &str,
    num: impl Fn(&str) -> Result<T, String>,
) -> Result<ListSpec<T>, String> {
    let spec = if let Some((a, b)) = s.split_once("..").filter(|_| !s.contains("...")) {
        ListSpec::Range {
            first: num(a)?,
            last: num(b)?,
        }
    } else if let Some((head, last)) = s.split_once(",...,") {
        let mut head = head.split(',');
        let first = num(head.next().unwrap_or_default())?;
        let second = num(head
            .next()
            .ok_or_else(|| format!("\"...\" needs the first two {what} before it"))?)?;
        if head.next().is_some() || second <= first {
            return Err(format!("{s:?}: give two increasing {what} before \"...\""));
        }
        ListSpec::Continued {
            first,
            second,
            last: num(last)?,
        }
    } else {
        return s
            .split(',')
            .map(num)
            .collect::<Result<_, _>>()
            .map(ListSpec::Items);
    };
    match spec {
        ListSpec::Range { first, last } | ListSpec::Continued { first, last, .. }
            if last < first =>
        {
            Err(format!("{s:?}: the range ends below its start"))
        }
        spec => Ok(spec),
    }
}

/// The search variant of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// The paper's appendix: all children on first visit, playouts in the tree to the end.
    Paper,
    /// Standard UCT: one new node per playout, then a uniformly random rollout.
    Standard,
}

/// The (c, p) grid McKay & Kruskal sweep and the search settings of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepGrid {
    /// Exploration constants `c` of `V = X + sqrt(c ln n / T)` (rows).
    pub constants: Vec<f64>,
    /// Powers `p` (columns).
    pub powers: Vec<u32>,
    /// Playouts per search.
    pub playouts: u32,
    /// Seed of the run.
    pub seed: u64,
    /// Expansion and simulation.
    pub variant: Variant,
    /// The lead chosen: highest value (the paper) or most visits.
    pub choice: FinalMove,
}

impl SweepGrid {
    /// The paper's grid: 11 constants x 15 powers, 5000 playouts, its search and choice.
    #[must_use]
    pub fn paper(seed: u64) -> SweepGrid {
        SweepGrid {
            constants: PAPER_CONSTANTS.to_vec(),
            powers: PAPER_POWERS.to_vec(),
            playouts: PAPER_PLAYOUTS,
            seed,
            variant: Variant::Paper,
            choice: FinalMove::HighestValue,
        }
    }

    /// The search configuration of cell (`c`, `p`).
    pub fn config(&self, c: f64, p: u32) -> Result<UctConfig, String> {
        let exploration =
            Exploration::mckay(c).ok_or_else(|| format!("constant {c} is not >= 0"))?;
        let power = Power::integer(p).map_err(|e| e.to_string())?;
        let mut config = UctConfig::mckay(exploration, power, self.playouts);
        config.final_move = self.choice;
        if self.variant == Variant::Standard {
            config.expansion = Expansion::OneNode;
        }
        if p == 1 {
            // Bit for bit the same values as Power(1); stated as the plain mean.
            config.backup = Backup::Mean;
        }
        Ok(config)
    }
}

/// The experiment: a grid over a set of valued deals.
#[derive(Clone, Debug)]
pub struct McKay {
    /// The grid.
    pub grid: SweepGrid,
    /// The deals.
    pub deals: Vec<LeadDeal>,
    /// Where the deals came from (a file name, or `quick`), for the record.
    pub source: String,
}

/// The columns of `raw.csv` (after `item`).
pub const COLUMNS: [&str; 14] = [
    "c",
    "p",
    "deal",
    "card",
    "tricks",
    "best",
    "error",
    "root_value",
    "root_error",
    "child_error",
    "random_error",
    "playouts",
    "nodes",
    "tree_full",
];

impl McKay {
    /// Cell and deal of item `k`.
    fn split(&self, k: usize) -> (f64, u32, &LeadDeal) {
        let d = self.deals.len().max(1);
        let cell = k / d;
        let np = self.grid.powers.len().max(1);
        (
            self.grid.constants[cell / np],
            self.grid.powers[cell % np],
            &self.deals[k % d],
        )
    }

    /// Runs one search: the lead chosen from `deal` with cell (`c`, `p`), seeded by item `k`.
    pub fn search(
        &self,
        tree: &mut LeadTree,
        k: usize,
    ) -> Result<(UctResult<Card>, UctConfig), String> {
        let (c, p, deal) = self.split(k);
        let config = self.grid.config(c, p)?;
        let position = deal.position()?;
        let mut rng = rng::stream(self.grid.seed, k as u64);
        let result = uct(tree, &position, &config, &mut RandomPolicy, &mut rng)
            .map_err(|e| format!("deal {}: {e}", deal.id))?;
        Ok((result, config))
    }
}

impl Experiment for McKay {
    type Worker = LeadTree;

    fn kind(&self) -> &'static str {
        KIND
    }

    fn fingerprint(&self) -> Value {
        let deals: Vec<String> = self.deals.iter().map(LeadDeal::to_json).collect();
        json!({
            "constants": self.grid.constants,
            "powers": self.grid.powers,
            "playouts": self.grid.playouts,
            "seed": self.grid.seed,
            "variant": match self.grid.variant { Variant::Paper => "paper", Variant::Standard => "standard" },
            "choice": match self.grid.choice {
                FinalMove::HighestValue => "value",
                FinalMove::MostVisits => "visits",
                FinalMove::Robust => "robust",
            },
            "source": self.source,
            "deals": deals,
        })
    }

    fn columns(&self) -> Vec<String> {
        COLUMNS.iter().map(|c| (*c).to_string()).collect()
    }

    fn len(&self) -> usize {
        self.grid.constants.len() * self.grid.powers.len() * self.deals.len()
    }

    fn worker(&self) -> LeadTree {
        lead_tree()
    }

    fn run(&self, tree: &mut LeadTree, k: usize) -> Result<Vec<Row>, String> {
        let (c, p, deal) = self.split(k);
        let (result, _) = self.search(tree, k)?;
        let (card, tricks, best) = deal.score(result.best, "the search")?;
        let mut child_error = 0.0;
        let mut children = 0u32;
        for ch in result.children.iter().filter(|ch| ch.visits > 0) {
            if let Some(t) = deal.tricks_of(ch.mv) {
                child_error += (ch.value - f64::from(t)).abs();
                children += 1;
            }
        }
        let child_error = child_error / f64::from(children.max(1));
        Ok(vec![vec![
            c.to_string(),
            p.to_string(),
            deal.id.clone(),
            card.to_string(),
            tricks.to_string(),
            best.to_string(),
            (best - tricks).to_string(),
            result.root_value.to_string(),
            (result.root_value - f64::from(best)).abs().to_string(),
            child_error.to_string(),
            deal.random_error().to_string(),
            result.iterations.to_string(),
            result.nodes.to_string(),
            result.tree_full.to_string(),
        ]])
    }
}

/// One cell of the summary.
#[derive(Clone, Debug, Default, PartialEq)]
struct Cell {
    deals: usize,
    error: f64,
    root_error: f64,
    child_error: f64,
    nodes: f64,
    tree_full: u64,
}

/// The paper's Figure 3 as `(c, p, error)`.
fn paper_figure() -> Vec<(f64, u32, f64)> {
    let mut out = Vec::new();
    let mut lines = PAPER_FIGURE_3.lines().filter(|l| !l.starts_with('#'));
    let powers: Vec<u32> = lines
        .next()
        .map(|h| {
            h.split(',')
                .skip(1)
                .filter_map(|p| p.trim().parse().ok())
                .collect()
        })
        .unwrap_or_default();
    for line in lines {
        let mut fields = line.split(',');
        let Some(c) = fields.next().and_then(|c| c.trim().parse::<f64>().ok()) else {
            continue;
        };
        for (p, e) in powers.iter().zip(fields) {
            if let Ok(e) = e.trim().parse() {
                out.push((c, *p, e));
            }
        }
    }
    out
}

/// The paper's error for (`c`, `p`), if its grid has the cell.
fn paper_error(figure: &[(f64, u32, f64)], c: f64, p: u32) -> Option<f64> {
    figure
        .iter()
        .find(|&&(fc, fp, _)| fc == c && fp == p)
        .map(|&(_, _, e)| e)
}

/// The summary files from every row: `summary.csv`, `summary.md`, `heatmap.svg`.
pub fn summarize(fingerprint: &Value, table: &Table) -> Result<Vec<OutputFile>, String> {
    let num = |v: &Value| v.as_f64();
    let constants: Vec<f64> = fingerprint["constants"]
        .as_array()
        .and_then(|a| a.iter().map(num).collect())
        .ok_or("manifest: no constants")?;
    let powers: Vec<u32> = fingerprint["powers"]
        .as_array()
        .and_then(|a| {
            a.iter()
                .map(|p| p.as_u64().and_then(|p| u32::try_from(p).ok()))
                .collect()
        })
        .ok_or("manifest: no powers")?;
    let col = |name: &str| table.column(name);
    let (ic, ip, ie, ire, ice, irand, inodes, ifull, ideal) = (
        col("c")?,
        col("p")?,
        col("error")?,
        col("root_error")?,
        col("child_error")?,
        col("random_error")?,
        col("nodes")?,
        col("tree_full")?,
        col("deal")?,
    );
    let mut cells = vec![vec![Cell::default(); powers.len()]; constants.len()];
    let mut random: std::collections::BTreeMap<String, f64> = std::collections::BTreeMap::new();
    for (item, row) in table.rows() {
        let f = |i: usize| -> Result<f64, String> {
            row[i].parse::<f64>().map_err(|_| {
                format!(
                    "item {item}: {} is not a number",
                    crate::solve::quote(&row[i])
                )
            })
        };
        let (c, p) = (f(ic)?, f(ip)?);
        let ci = constants
            .iter()
            .position(|&x| x == c)
            .ok_or_else(|| format!("item {item}: c {c} not in the grid"))?;
        let pi = powers
            .iter()
            .position(|&x| f64::from(x) == p)
            .ok_or_else(|| format!("item {item}: p {p} not in the grid"))?;
        let cell = &mut cells[ci][pi];
        cell.deals += 1;
        cell.error += f(ie)?;
        cell.root_error += f(ire)?;
        cell.child_error += f(ice)?;
        cell.nodes += f(inodes)?;
        cell.tree_full += f(ifull)? as u64;
        random.insert(row[ideal].clone(), f(irand)?);
    }
    for cell in cells.iter_mut().flatten() {
        let n = cell.deals.max(1) as f64;
        cell.error /= n;
        cell.root_error /= n;
        cell.child_error /= n;
        cell.nodes /= n;
    }
    let baseline = random.values().sum::<f64>() / random.len().max(1) as f64;
    let figure = paper_figure();

    let mut csv =
        String::from("c,p,deals,error,paper_error,root_error,child_error,mean_nodes,tree_full\n");
    for (ci, &c) in constants.iter().enumerate() {
        for (pi, &p) in powers.iter().enumerate() {
            let cell = &cells[ci][pi];
            let paper = paper_error(&figure, c, p).map_or(String::new(), |e| e.to_string());
            let _ = writeln!(
                csv,
                "{c},{p},{},{:.4},{paper},{:.4},{:.4},{:.0},{}",
                cell.deals,
                cell.error,
                cell.root_error,
                cell.child_error,
                cell.nodes,
                cell.tree_full
            );
        }
    }

    let md = markdown(
        fingerprint,
        &constants,
        &powers,
        &cells,
        &figure,
        baseline,
        random.len(),
    );
    let rows: Vec<String> = constants.iter().map(|c| c.to_string()).collect();
    let columns: Vec<String> = powers.iter().map(|p| p.to_string()).collect();
    let ours = Heatmap {
        title: format!("cardtree: mean error in tricks ({} deals)", random.len()),
        row_name: "constant c".into(),
        rows: rows.clone(),
        column_name: "power p".into(),
        columns: columns.clone(),
        values: cells
            .iter()
            .map(|r| r.iter().map(|c| Some(c.error)).collect())
            .collect(),
        decimals: 3,
    };
    let paper = Heatmap {
        title: "McKay & Kruskal, Figure 3".into(),
        values: constants
            .iter()
            .map(|&c| powers.iter().map(|&p| paper_error(&figure, c, p)).collect())
            .collect(),
        ..ours.clone()
    };
    let svg = plot::heatmaps(&[ours, paper]);
    Ok(vec![
        ("summary.csv".into(), csv.into_bytes()),
        ("summary.md".into(), md.into_bytes()),
        ("heatmap.svg".into(), svg.into_bytes()),
    ])
}

/// The command line that repeats the run of `fingerprint`.
fn command(fingerprint: &Value) -> String {
    let list = |key: &str| -> String {
        fingerprint[key]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|v| v.as_f64().map_or_else(|| v.to_string(), |x| x.to_string()))
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .unwrap_or_default()
    };
    let source = fingerprint["source"].as_str().unwrap_or("?");
    let input = if source == "quick" {
        "--quick".to_string()
    } else {
        format!("--deals PATH/{source}")
    };
    format!(
        "cargo run --release -p cardtree-host -- experiment mckay {input} --c {} --p {} --playouts {} --seed {} --variant {} --choice {} --out DIR",
        list("constants"),
        list("powers"),
        fingerprint["playouts"],
        fingerprint["seed"],
        fingerprint["variant"].as_str().unwrap_or("?"),
        fingerprint["choice"].as_str().unwrap_or("?"),
    )
}

/// `summary.md`: Figure 3's layout, ours with the paper's beside each cell.
fn markdown(
    fingerprint: &Value,
    constants: &[f64],
    powers: &[u32],
    cells: &[Vec<Cell>],
    figure: &[(f64, u32, f64)],
    baseline: f64,
    deals: usize,
) -> String {
    let mut md = String::new();
    let _ = writeln!(
        md,
        "# McKay & Kruskal's experiment, reproduced by cardtree\n"
    );
    let _ = writeln!(
        md,
        "{deals} deals ({}), {} playouts per search, seed {}, search `{}`, lead chosen by `{}`.\n",
        fingerprint["source"].as_str().unwrap_or("?"),
        fingerprint["playouts"],
        fingerprint["seed"],
        fingerprint["variant"].as_str().unwrap_or("?"),
        fingerprint["choice"].as_str().unwrap_or("?"),
    );
    let _ = writeln!(
        md,
        "Command (from the run's arguments):\n\n```sh\n{}\n```\n",
        command(fingerprint)
    );
    let _ = writeln!(
        md,
        "A uniformly random lead loses **{baseline:.3}** tricks on average on these deals (the baseline).\n"
    );
    let mut best: Option<(f64, u32, f64)> = None;
    for (ci, &c) in constants.iter().enumerate() {
        for (pi, &p) in powers.iter().enumerate() {
            let e = cells[ci][pi].error;
            if best.is_none_or(|(_, _, b)| e < b) {
                best = Some((c, p, e));
            }
        }
    }
    if let Some((c, p, e)) = best {
        let _ = writeln!(
            md,
            "Lowest mean error: **{e:.3}** at c = {c}, p = {p} (the paper: 0.175 at c = 16, p = 1).\n"
        );
    }
    let grid_mean = |f: &dyn Fn(&Cell) -> f64| {
        let all: Vec<f64> = cells.iter().flatten().map(f).collect();
        all.iter().sum::<f64>() / all.len().max(1) as f64
    };
    let paper_cells: Vec<f64> = constants
        .iter()
        .flat_map(|&c| {
            powers
                .iter()
                .filter_map(move |&p| paper_error(figure, c, p))
        })
        .collect();
    let _ = writeln!(
        md,
        "Mean over the grid: error {:.3} (the paper's cells: {}), trick-prediction error at the root {:.3}, per root child {:.3}.\n",
        grid_mean(&|c| c.error),
        if paper_cells.is_empty() {
            "none in this grid".to_string()
        } else {
            format!(
                "{:.3}",
                paper_cells.iter().sum::<f64>() / paper_cells.len() as f64
            )
        },
        grid_mean(&|c| c.root_error),
        grid_mean(&|c| c.child_error),
    );
    let table = |md: &mut String, title: &str, f: &dyn Fn(&Cell, f64, u32) -> String| {
        let _ = writeln!(md, "## {title}\n");
        let _ = write!(md, "| c \\ p |");
        for p in powers {
            let _ = write!(md, " {p} |");
        }
        let _ = write!(md, "\n|---:|");
        for _ in powers {
            let _ = write!(md, "---:|");
        }
        md.push('\n');
        for (ci, &c) in constants.iter().enumerate() {
            let _ = write!(md, "| **{c}** |");
            for (pi, &p) in powers.iter().enumerate() {
                let _ = write!(md, " {} |", f(&cells[ci][pi], c, p));
            }
            md.push('\n');
        }
        md.push('\n');
    };
    table(
        &mut md,
        "Mean error in tricks (DD value of the best lead - DD value of the chosen lead): ours (paper's)",
        &|cell, c, p| match paper_error(figure, c, p) {
            Some(e) => format!("{:.3} ({e})", cell.error),
            None => format!("{:.3}", cell.error),
        },
    );
    table(
        &mut md,
        "Trick-prediction error at the root: mean |root value - DD value of the best lead|",
        &|cell, _, _| format!("{:.3}", cell.root_error),
    );
    table(
        &mut md,
        "Trick-prediction error per lead: mean over root children of |child value - DD value of its card|",
        &|cell, _, _| format!("{:.3}", cell.child_error),
    );
    let full: u64 = cells.iter().flatten().map(|c| c.tree_full).sum();
    let _ = writeln!(
        md,
        "Iterations that found the tree full (and simulated instead): {full}. Mean nodes per search: {:.0}.",
        grid_mean(&|c| c.nodes)
    );
    md
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_parse() {
        let paper = Constants(PAPER_CONSTANTS.to_vec());
        assert_eq!(parse_constants("0.125..128").unwrap(), paper);
        assert_eq!(parse_constants("0.125,0.25,...,128").unwrap(), paper);
        assert_eq!(parse_constants("0.5,2").unwrap().0, [0.5, 2.0]);
        assert_eq!(parse_powers("1..15").unwrap().0, PAPER_POWERS);
        assert_eq!(parse_powers("1,2,...,15").unwrap().0, PAPER_POWERS);
        assert_eq!(parse_powers("1,3,...,9").unwrap().0, [1, 3, 5, 7, 9]);
        for bad in ["", "0", "-1", "x", "4..1", "2,1,...,8", "nan"] {
            assert!(parse_constants(bad).is_err(), "{bad}");
        }
        for bad in ["0", "1.5", "9..2", "1,...,5", "100000"] {
            assert!(parse_powers(bad).is_err(), "{bad}");
        }
    }

    /// Found by the `deal_lines` fuzz target: a `tricks` key of 250 DEL characters was quoted
    /// whole (escaped, six bytes each) in the error line.
    #[test]
    fn a_long_bad_tricks_key_gives_a_short_error() {
        let key = format!("D{}6", "\u{7f}".repeat(250));
        let line = format!(
            r#"{{"id":34,"pbn":"W:2.876.AJT765.Q83 JT9853.Q2.82.A92 Q76.KJ3.94.JT764 AK4.AT954.KQ3.K5","leader":"W","trump":"NT","tricks":{{"{key}":4}}}}"#
        );
        let e = parse_deals(&line, "deals.jsonl").unwrap_err();
        assert!(e.starts_with("deals.jsonl:1: tricks: "), "{e}");
        assert!(e.len() < 200 && !e.contains('\n'), "{} bytes: {e}", e.len());
    }

    #[test]
    fn the_paper_figure_is_whole() {
        let f = paper_figure();
        assert_eq!(f.len(), 165);
        assert_eq!(paper_error(&f, 16.0, 1), Some(0.175));
        assert_eq!(paper_error(&f, 16.0, 5), Some(0.18));
        assert_eq!(paper_error(&f, 0.125, 15), Some(0.23));
        let min = f.iter().map(|&(_, _, e)| e).fold(f64::INFINITY, f64::min);
        assert_eq!(min, 0.175, "the paper says 0.175 is the least error");
    }
}
