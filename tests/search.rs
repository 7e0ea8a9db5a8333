//! The searches against each other and against obviously-correct references: UCT against
//! minimax at tic-tac-toe, UCT and expectiminimax against a memoised dice-duel solution,
//! alpha-beta against minimax on random trees, and the backups' invariants.

use std::collections::HashMap;

use cardtree::search::{
    Backup, DeepeningBudget, Expansion, Exploration, NaturalOrder, RandomPolicy, UctConfig,
    alpha_beta, expectiminimax, flat_monte_carlo, iterative_deepening, minimax, uct,
};
use cardtree::{
    DiceDuel, Game, MoveList, NodeId, Outcomes, Player, Power, Side, TicTacToe, Tree, Turn,
    ValueRange, dice_moves, rng,
};
use cardtree_host::heap_tree::{HeapTree, heap_tree};
use proptest::prelude::*;

// ---- Tic-tac-toe: UCT never loses against minimax. ----

/// The value for the side to move, and the moves that achieve it.
fn optimal_moves(g: &TicTacToe) -> (f64, Vec<u8>) {
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    let me = g.side_of(g.turn().player().expect("a player moves"));
    let mut scored = Vec::new();
    for &m in &moves {
        let mut c = *g;
        c.apply(m);
        let v0 = alpha_beta(&c, None, &mut NaturalOrder)
            .expect("search")
            .value;
        scored.push((m, if me == Side(0) { v0 } else { 1.0 - v0 }));
    }
    let best = scored.iter().map(|s| s.1).fold(f64::NEG_INFINITY, f64::max);
    (
        best,
        scored.iter().filter(|s| s.1 == best).map(|s| s.0).collect(),
    )
}

/// Plays UCT (as the side to move at `start`) against a minimax player that picks among its
/// optimal moves at random; returns UCT's final value.
fn uct_vs_minimax(start: TicTacToe, seed: u64, backup: Backup, tree: &mut HeapTree<u8>) -> f64 {
    let uct_side = start.side_of(start.turn().player().expect("player"));
    let config = UctConfig {
        iterations: 6000,
        backup,
        ..UctConfig::new()
    };
    let mut r = rng::stream(seed, 0);
    let mut g = start;
    while let Turn::Player(p) = g.turn() {
        let mv = if g.side_of(p) == uct_side {
            uct(tree, &g, &config, &mut RandomPolicy, &mut r)
                .expect("uct")
                .best
                .expect("move")
        } else {
            let (_, best) = optimal_moves(&g);
            *rng::choose(&mut r, &best).expect("a move")
        };
        g.apply(mv);
    }
    g.value(uct_side)
}

#[test]
fn uct_never_loses_against_minimax() {
    // Both backups that suit a two-player game of rewards: the children's mean and the mean of
    // the returns (Kocsis & Szepesvari's, OpenSpiel's).
    for backup in [Backup::Mean, Backup::Returns] {
        let mut tree = heap_tree::<u8>(60_000);
        // From the empty board, as X, several games.
        for seed in 0..4 {
            let v = uct_vs_minimax(TicTacToe::new(), seed, backup, &mut tree);
            assert!(
                v >= 0.5,
                "UCT ({backup:?}) lost as X from the empty board (seed {seed})"
            );
        }
        // From every reachable position minimax values a draw or better for the side to move,
        // with UCT playing that side.
        let mut seen = std::collections::BTreeSet::new();
        let mut stack = vec![TicTacToe::new()];
        while let Some(g) = stack.pop() {
            let mut moves = MoveList::new();
            g.legal_moves(&mut moves);
            for &m in &moves {
                let mut c = g;
                c.apply(m);
                if c.turn() != Turn::Terminal && seen.insert(c.to_string()) {
                    stack.push(c);
                }
            }
        }
        let mut played = 0;
        for (i, text) in seen.iter().enumerate() {
            let g: TicTacToe = text.parse().expect("board");
            let (value, _) = optimal_moves(&g);
            if value < 0.5 {
                continue;
            }
            let v = uct_vs_minimax(g, 100 + i as u64, backup, &mut tree);
            assert!(
                v >= value,
                "UCT ({backup:?}) got {v} from {g}, which minimax values {value}"
            );
            played += 1;
        }
        println!("UCT ({backup:?}) held its minimax value in {played} positions");
        assert!(played > 2000, "only {played} positions");
    }
}

// ---- Dice duel: exact values by memoised recursion, the reference. ----

fn exact_dice(g: &DiceDuel, memo: &mut HashMap<DiceDuel, f64>) -> f64 {
    if let Some(&v) = memo.get(g) {
        return v;
    }
    let v = match g.turn() {
        Turn::Terminal => g.value(Side(0)),
        Turn::Chance => {
            let mut outs = Outcomes::new();
            assert!(g.chance_outcomes(&mut outs));
            let total: u32 = outs.iter().map(|o| o.1).sum();
            outs.iter()
                .map(|&(m, w)| {
                    let mut c = *g;
                    c.apply(m);
                    f64::from(w) / f64::from(total) * exact_dice(&c, memo)
                })
                .sum()
        }
        Turn::Player(p) => {
            let vals = [dice_moves::STOP, dice_moves::ROLL].map(|m| {
                let mut c = *g;
                c.apply(m);
                exact_dice(&c, memo)
            });
            if p == Player(0) {
                vals[0].max(vals[1])
            } else {
                vals[0].min(vals[1])
            }
        }
    };
    memo.insert(*g, v);
    v
}

#[test]
fn expectiminimax_is_exact_on_the_dice_duel() {
    let g = DiceDuel::new(9, 3).expect("game");
    let mut memo = HashMap::new();
    let exact = exact_dice(&g, &mut memo);
    let r = expectiminimax(&g, None).expect("search");
    assert!((r.value - exact).abs() < 1e-12, "{} vs {exact}", r.value);
    assert_eq!(
        r.nodes, 735_751,
        "every state of the tree, chance states included"
    );
    // Both root moves, and a depth-limited search that falls back on the evaluation.
    for m in [dice_moves::STOP, dice_moves::ROLL] {
        let mut c = g;
        c.apply(m);
        let v = expectiminimax(&c, None).expect("search").value;
        assert!((v - exact_dice(&c, &mut memo)).abs() < 1e-12);
    }
    let shallow = expectiminimax(&g, Some(2)).expect("search");
    assert!(shallow.nodes < 20 && (0.0..=1.0).contains(&shallow.value));
    // Minimax and alpha-beta refuse chance states.
    assert!(minimax(&g, None).is_err());
}

#[test]
fn uct_root_values_converge_to_expectiminimax() {
    let g = DiceDuel::new(9, 3).expect("game");
    let mut memo = HashMap::new();
    let exact_root = exact_dice(&g, &mut memo);
    let exact_child = [dice_moves::STOP, dice_moves::ROLL].map(|m| {
        let mut c = g;
        c.apply(m);
        exact_dice(&c, &mut memo)
    });
    // Mean backups converge slowly (exploration of the worse moves stays in the mean); the
    // slides' constant c = 0.5 on values in [0, 1] gets within 0.01 by a million iterations.
    let errors = {
        let mut tree = heap_tree::<u8>(400_000);
        let mut errors = Vec::new();
        for iterations in [20_000u32, 200_000, 1_000_000] {
            let exploration = Exploration::slides(0.5).expect("c");
            let config = UctConfig {
                iterations,
                exploration,
                ..UctConfig::new()
            };
            let r = uct(
                &mut tree,
                &g,
                &config,
                &mut RandomPolicy,
                &mut rng::seeded(7),
            )
            .expect("uct");
            assert_eq!(r.tree_full, 0);
            assert_eq!(r.best, Some(dice_moves::ROLL));
            let roll = r
                .children
                .iter()
                .find(|c| c.mv == dice_moves::ROLL)
                .expect("roll");
            errors.push((
                (r.root_value - exact_root).abs(),
                (roll.value - exact_child[1]).abs(),
            ));
        }
        errors
    };
    for (it, (root, roll)) in [20_000, 200_000, 1_000_000].iter().zip(&errors) {
        println!(
            "dice duel, UCT {it} iterations: |root - exact| = {root:.4}, |roll - exact| = {roll:.4}"
        );
    }
    // More iterations, closer; and close in the end.
    assert!(
        errors[2].0 < errors[1].0 && errors[1].0 < errors[0].0,
        "{errors:?}"
    );
    assert!(
        errors[2].0 < 0.015 && errors[2].1 < 0.015,
        "{errors:?} (exact {exact_root})"
    );
}

#[test]
fn flat_monte_carlo_finds_the_win() {
    let g: TicTacToe = "XX./OO./...".parse().expect("board");
    let r = flat_monte_carlo(&g, 200, &mut RandomPolicy, &mut rng::seeded(1), 100).expect("mc");
    assert_eq!(r.best, Some(2));
    assert_eq!(r.playouts, 5 * 200);
    assert_eq!(r.moves.len(), 5);
    assert!(r.moves.iter().all(|m| m.visits == 200));
}

// ---- Random trees: alpha-beta against minimax, backups' invariants. ----

/// A game tree drawn from a seed: each state hashes its path; its branching, whether it ends
/// and its leaf value come from that hash. Two sides alternate; some states are chance states.
#[derive(Clone, Copy, Debug, PartialEq)]
struct RandomTree {
    hash: u64,
    depth: u8,
    max_depth: u8,
    branching: u8,
    chance: bool,
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl RandomTree {
    fn new(seed: u64, max_depth: u8, branching: u8, chance: bool) -> RandomTree {
        RandomTree {
            hash: mix(seed),
            depth: 0,
            max_depth,
            branching,
            chance,
        }
    }
    fn ended(&self) -> bool {
        self.depth >= self.max_depth || (self.depth > 0 && self.hash.is_multiple_of(5))
    }
    fn width(&self) -> u8 {
        1 + (self.hash >> 8) as u8 % self.branching
    }
    fn is_chance(&self) -> bool {
        self.chance && (self.hash >> 16).is_multiple_of(4)
    }
}

impl Game for RandomTree {
    type Move = u8;
    const PLAYERS: u8 = 2;
    const SIDES: u8 = 2;

    fn turn(&self) -> Turn {
        if self.ended() {
            Turn::Terminal
        } else if self.is_chance() {
            Turn::Chance
        } else {
            Turn::Player(Player(self.depth % 2))
        }
    }
    fn legal_moves(&self, moves: &mut MoveList<u8>) {
        moves.clear();
        if let Turn::Player(_) = self.turn() {
            moves.extend(0..self.width());
        }
    }
    fn chance_outcomes(&self, outcomes: &mut Outcomes<u8>) -> bool {
        outcomes.clear();
        if self.turn() != Turn::Chance {
            return false;
        }
        outcomes.extend((0..self.width()).map(|i| (i, 1 + u32::from(i) % 3)));
        true
    }
    fn apply(&mut self, mv: u8) {
        self.hash = mix(self.hash ^ (u64::from(mv) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        self.depth += 1;
    }
    fn value(&self, side: Side) -> f64 {
        // Integer values in [-5, 5] for side 0, constant-sum.
        let v0 = (self.hash >> 24) as i64 % 11 - 5;
        let v0 = v0 as f64;
        if side == Side(0) { v0 } else { -v0 }
    }
    fn value_range(&self) -> ValueRange {
        ValueRange { lo: -5.0, hi: 5.0 }
    }
}

/// Walks the tree and checks every expanded node's value against its visited children's.
fn check_node_ranges(tree: &Tree<u8, 20_000>) -> Result<usize, TestCaseError> {
    let mut checked = 0;
    for i in 0..tree.len() {
        let node = tree.get(NodeId::from_index(i).expect("id")).expect("node");
        let kids: Vec<f32> = node
            .children()
            .filter_map(|c| tree.get(c))
            .filter(|c| c.visits > 0)
            .map(|c| c.value)
            .collect();
        if kids.is_empty() {
            continue;
        }
        let lo = kids.iter().copied().fold(f32::INFINITY, f32::min);
        let hi = kids.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        prop_assert!(
            lo <= node.value && node.value <= hi,
            "{} not in [{lo}, {hi}]",
            node.value
        );
        checked += 1;
    }
    Ok(checked)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn alpha_beta_equals_minimax(seed in any::<u64>(), depth in 1u8..7, branching in 1u8..6) {
        let g = RandomTree::new(seed, depth, branching, false);
        let mm = minimax(&g, None).expect("minimax");
        let ab = alpha_beta(&g, None, &mut NaturalOrder).expect("alpha-beta");
        prop_assert_eq!(ab.value, mm.value);
        prop_assert!(ab.nodes <= mm.nodes);
        // Reversed move order: same value.
        let mut rev = |_: &RandomTree, m: &mut MoveList<u8>| m.reverse();
        prop_assert_eq!(alpha_beta(&g, None, &mut rev).expect("alpha-beta").value, mm.value);
        // Iterative deepening without limits ends exact with the same value.
        let id = iterative_deepening(&g, DeepeningBudget::default(), &mut NaturalOrder, || false)
            .expect("deepening");
        prop_assert!(id.exact);
        prop_assert_eq!(id.outcome.value, mm.value);
        // Depth-limited: alpha-beta still equals minimax to the same depth.
        let cut = depth / 2;
        prop_assert_eq!(
            alpha_beta(&g, Some(u32::from(cut)), &mut NaturalOrder).expect("ab").value,
            minimax(&g, Some(u32::from(cut))).expect("mm").value
        );
    }

    #[test]
    fn power_mean_p1_is_the_mean_bit_for_bit(seed in any::<u64>(), depth in 2u8..8, mckay in any::<bool>()) {
        let g = RandomTree::new(seed, depth, 4, true);
        let expansion = if mckay { Expansion::AllChildren } else { Expansion::OneNode };
        let mean = UctConfig { iterations: 300, expansion, backup: Backup::Mean, ..UctConfig::new() };
        let p1 = UctConfig { backup: Backup::Power(Power::new(1.0).expect("p")), ..mean };
        let mut ta = Box::new(Tree::<u8, 20_000>::new());
        let mut tb = Box::new(Tree::<u8, 20_000>::new());
        let ra = uct(&mut *ta, &g, &mean, &mut RandomPolicy, &mut rng::seeded(seed)).expect("uct");
        let rb = uct(&mut *tb, &g, &p1, &mut RandomPolicy, &mut rng::seeded(seed)).expect("uct");
        prop_assert_eq!(&ra, &rb);
        prop_assert_eq!(ta.len(), tb.len());
        for i in 0..ta.len() {
            let id = NodeId::from_index(i).expect("id");
            let (a, b) = (ta.get(id).expect("a"), tb.get(id).expect("b"));
            prop_assert_eq!((a.value.to_bits(), a.visits), (b.value.to_bits(), b.visits));
        }
    }

    #[test]
    fn returns_keep_the_mean_of_every_reward(seed in any::<u64>(), depth in 2u8..8, mckay in any::<bool>()) {
        // The root is never a fresh leaf, so every iteration's reward reaches it through one
        // of its children: its value is their visit-weighted mean (up to the f32 rounding of
        // each running mean), and its visits their sum.
        let g = RandomTree::new(seed, depth, 4, true);
        let expansion = if mckay { Expansion::AllChildren } else { Expansion::OneNode };
        let config = UctConfig { iterations: 300, expansion, backup: Backup::Returns, ..UctConfig::new() };
        let mut tree = Box::new(Tree::<u8, 20_000>::new());
        let r = uct(&mut *tree, &g, &config, &mut RandomPolicy, &mut rng::seeded(seed)).expect("uct");
        let visits: u32 = r.children.iter().map(|c| c.visits).sum();
        prop_assert_eq!(visits, 300);
        let mean = r.children.iter().map(|c| c.value * f64::from(c.visits)).sum::<f64>() / 300.0;
        prop_assert!((r.root_value - mean).abs() < 1e-4, "root {} vs children {}", r.root_value, mean);
        // A node's own first playout counts too, so it may lie outside its children's values,
        // never outside the game's.
        for i in 0..tree.len() {
            let node = tree.get(NodeId::from_index(i).expect("id")).expect("node");
            prop_assert!((-5.0..=5.0).contains(&node.value), "{}", node.value);
        }
    }

    #[test]
    fn power_mean_nodes_lie_between_their_children(
        seed in any::<u64>(),
        depth in 2u8..8,
        p in prop_oneof![Just(1.0f64), 1.0f64..16.0, Just(64.0), Just(f64::INFINITY)],
        mckay in any::<bool>(),
    ) {
        let g = RandomTree::new(seed, depth, 4, true);
        let expansion = if mckay { Expansion::AllChildren } else { Expansion::OneNode };
        let backup = Backup::Power(Power::new(p).expect("p"));
        let config = UctConfig { iterations: 300, expansion, backup, ..UctConfig::new() };
        let mut tree = Box::new(Tree::<u8, 20_000>::new());
        let r = uct(&mut *tree, &g, &config, &mut RandomPolicy, &mut rng::seeded(seed)).expect("uct");
        prop_assert!((-5.0..=5.0).contains(&r.root_value));
        check_node_ranges(&tree)?;
    }
}
