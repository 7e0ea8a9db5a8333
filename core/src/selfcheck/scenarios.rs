//! The scenarios themselves: fixed games, seeds and sizes, each feeding everything it computed
//! into a [`Digest`].

use super::{Arena, Check, Failure, SEED};
use crate::blackjack::{self, CardOrder, Rules, Shoe, play_round};
use crate::blank::Blank;
use crate::bridge::BySeat;
use crate::bridge::{
    BridgePlay, Constraints, DEFAULT_MAX_TRIES, Layouts, LeadConfig, LeadError, LeadProblem,
    LeadReport, Solution, SolverEvaluator, Strain, TransTable, UctEvaluator, dd_table,
    evaluate_leads, ismcts_lead, solve,
};
use crate::poker_squares::{
    self, AMERICAN_NET, AMERICAN_VALUES, AbstractHand, Budget, ExpectimaxPlayer, Grid,
    LearnedPlayer, Lines, Lookahead, MctsPlayer, Net, PointSystem, PokerSquares, net_cell,
    play_game, shuffled_deck,
};
use crate::search::{
    Exploration, NaturalOrder, NoClock, Outcome, RandomPolicy, UctConfig, UctResult, alpha_beta,
    uct,
};
use crate::selfcheck::Digest;
use crate::tree::{NodeId, Storage, TreeInner};
use crate::{Card, Deal, Game, Power, Seat, SizeRule, TicTacToe, pbn, rng};

/// The generator task of each randomised scenario, so that each draws its own stream of
/// [`rng::stream`]`(SEED, task)` whatever runs before it.
const TASK_TTT_UCT: u64 = 1;
const TASK_BRIDGE_UCT_P1: u64 = 2;
const TASK_BRIDGE_UCT_P5: u64 = 3;
const TASK_BLACKJACK_MCTS: u64 = 4;
const TASK_PPS_MCTS: u64 = 5;
const TASK_BRIDGE_LEAD: u64 = 6;
const TASK_PPS_LEARNED: u64 = 7;
const TASK_PPS_NET: u64 = 8;

/// MCTS iterations per searched move in the Poker Squares scenario (the papers' best player,
/// prune + UCT with best-move simulation, on a budget a Cortex-M0 under QEMU runs in seconds).
const PPS_ITERATIONS: u32 = 20;

/// Blackjack rounds the MCTS player plays, each from a fresh six-deck shoe.
const BLACKJACK_ROUNDS: u64 = 20;
/// The seed of the rounds' card orders (round `i` is dealt from `rng::stream(.., i)`).
const BLACKJACK_DEAL_SEED: u64 = SEED + 7;

/// Tic-tac-toe openings (cells played, in order) that alpha-beta solves from.
const TTT_OPENINGS: [&[u8]; 4] = [&[], &[4], &[0, 8], &[1, 4, 7]];

/// UCT iterations on tic-tac-toe, from the empty board.
const TTT_UCT_ITERATIONS: u32 = 2000;

/// UCT iterations per card in the bridge scenarios, and the cards searched (the first trick).
const BRIDGE_UCT_ITERATIONS: u32 = 500;
const BRIDGE_UCT_CARDS: usize = 4;

/// McKay's exploration parameter `c` in `V = X + sqrt(c ln n / T)` for the bridge scenarios,
/// from his grid `0.125 .. 128` (McKay & Kruskal, "A New Method of Averaging in Monte Carlo
/// Game Tree Search", undated, 2009 or later; appendix).
const BRIDGE_UCT_C: f64 = 16.0;

/// Endings from `tests/data/bridge/endings.jsonl` (ids 3, 7, 31, 35, 47, 91: six cards a hand,
/// every strain), with the seat on lead; DDS's answers are in this module's tests.
const ENDINGS: [(&str, Strain, Seat); 6] = [
    (
        "W:5.6.96.62 Q7.Q8.5.A .52.A.Q87 AT4.94..K",
        Strain::Clubs,
        Seat::West,
    ),
    (
        "W:4.Q73.5.A 5.K4.83.3 ..62.QJ97 ..QJ4.T86",
        Strain::Clubs,
        Seat::North,
    ),
    (
        "W:952..J5.7 3.42.K.J4 A.85.9.A8 K8.J..Q96",
        Strain::Spades,
        Seat::East,
    ),
    (
        "W:.A7.T9.86 .K6.7.Q52 K2..Q63.4 .T98.J82.",
        Strain::Hearts,
        Seat::South,
    ),
    (
        "W:J.2.JT5.A K4.K8..93 A8.AQ63.. 5.T.72.K7",
        Strain::Diamonds,
        Seat::West,
    ),
    (
        "W:4.Q.86.93 T.K9..K54 K.43.95.Q .5.AKT.A2",
        Strain::NoTrump,
        Seat::North,
    ),
];

/// The bridge UCT deal: the first of `tests/data/bridge/dev_deals.jsonl`, which is
/// `Deal::random(&mut rng::seeded(1))`; no trump, West on lead.
fn bridge_deal() -> Deal {
    Deal::random(&mut rng::seeded(1))
}

/// Alpha-beta solves tic-tac-toe from the empty board and three openings: value, move and
/// states visited of each. Needs no arena.
pub(super) fn ttt_alpha_beta(_: &mut Arena) -> Result<Check, Failure> {
    let mut d = Digest::new();
    let mut work = 0;
    for opening in TTT_OPENINGS {
        let mut game = TicTacToe::new();
        for &cell in opening {
            game.try_apply(cell).map_err(|_| Failure::Setup)?;
        }
        let out = alpha_beta(&game, None, &mut NaturalOrder)?;
        outcome(&mut d, &out, |m| m);
        work += out.nodes;
    }
    Ok(Check {
        digest: d.value(),
        work,
    })
}

/// UCT (UCB1, mean backups, one node per iteration) on tic-tac-toe from the empty board, in
/// the small tree: the result and every node of the tree.
pub(super) fn ttt_uct(arena: &mut Arena) -> Result<Check, Failure> {
    let config = UctConfig {
        iterations: TTT_UCT_ITERATIONS,
        ..UctConfig::new()
    };
    let mut rng = rng::stream(SEED, TASK_TTT_UCT);
    let tree = &mut arena.small_tree;
    let r = uct(
        tree,
        &TicTacToe::new(),
        &config,
        &mut RandomPolicy,
        &mut rng,
    )?;
    let mut d = Digest::new();
    uct_result(&mut d, &r, |m| m);
    whole_tree(&mut d, tree, |m| m);
    Ok(Check {
        digest: d.value(),
        work: u64::from(r.iterations),
    })
}

/// McKay's UCT (all children, power-mean backups with exponent `p`, `c = 16`, highest value)
/// plays the first trick of the fixed deal, one search per card in the card tree: every
/// search's result and tree.
fn bridge_uct(arena: &mut Arena, p: f64, task: u64) -> Result<Check, Failure> {
    let power = Power::new(p).map_err(|_| Failure::Setup)?;
    let exploration = Exploration::mckay(BRIDGE_UCT_C).ok_or(Failure::Setup)?;
    let config = UctConfig::mckay(exploration, power, BRIDGE_UCT_ITERATIONS);
    let mut rng = rng::stream(SEED, task);
    let mut state = BridgePlay::new(&bridge_deal(), Strain::NoTrump, Seat::West)?;
    let tree = &mut arena.card_tree;
    let mut d = Digest::new();
    let mut work = 0;
    for _ in 0..BRIDGE_UCT_CARDS {
        let r = uct(tree, &state, &config, &mut RandomPolicy, &mut rng)?;
        uct_result(&mut d, &r, card_byte);
        whole_tree(&mut d, tree, card_byte);
        work += u64::from(r.iterations);
        let Some(card) = r.best else { break };
        state.play(card).map_err(|_| Failure::Setup)?;
    }
    Ok(Check {
        digest: d.value(),
        work,
    })
}

/// [`bridge_uct`] with mean backups (`p = 1`).
pub(super) fn bridge_uct_p1(arena: &mut Arena) -> Result<Check, Failure> {
    bridge_uct(arena, 1.0, TASK_BRIDGE_UCT_P1)
}

/// [`bridge_uct`] with McKay's `p = 5`.
pub(super) fn bridge_uct_p5(arena: &mut Arena) -> Result<Check, Failure> {
    bridge_uct(arena, 5.0, TASK_BRIDGE_UCT_P5)
}

/// The exact solver on six endings, one table (cleared first) shared by all: every card's
/// value, the best, the solver's counts and the table's.
pub(super) fn bridge_solve(arena: &mut Arena) -> Result<Check, Failure> {
    let mut table = TransTable::new(&mut arena.table);
    let mut d = Digest::new();
    let mut work = 0;
    for (text, strain, leader) in ENDINGS {
        let deal = pbn::parse(text, SizeRule::Equal)?;
        let s = solve(&BridgePlay::new(&deal, strain, leader)?, &mut table);
        solution_digest(&mut d, &s);
        work += s.stats.nodes;
    }
    table_digest(&mut d, &table);
    Ok(Check {
        digest: d.value(),
        work,
    })
}

/// Deal 7 of `tests/data/bridge/dev_deals.jsonl`: West leads at no trump; its leads take 4, 6
/// or 7 tricks (DDS's values are in this module's tests).
const LEAD_DEAL: &str = "W:KT.AT872.AK.8432 Q7643.964.T987.K 952.Q53.J63.Q765 AJ8.KJ.Q542.AJT9";

/// The exact solver on a whole 13-card deal, every card of the player on lead, in a 512 KiB
/// table: every card's value, the best, the solver's counts and the table's.
pub(super) fn bridge_deal_leads(arena: &mut Arena) -> Result<Check, Failure> {
    let mut table = TransTable::new(&mut arena.deal_table);
    let deal = pbn::parse(LEAD_DEAL, SizeRule::Full)?;
    let s = solve(
        &BridgePlay::new(&deal, Strain::NoTrump, Seat::West)?,
        &mut table,
    );
    let mut d = Digest::new();
    solution_digest(&mut d, &s);
    d.u64(s.stats.tricks);
    table_digest(&mut d, &table);
    Ok(Check {
        digest: d.value(),
        work: s.stats.nodes,
    })
}

/// The double-dummy table of the lead deal (twenty solves, one table of 512 KiB): every
/// cell (strains clubs to no trump, declarers North to West), the tests and nodes, and the
/// table's counters. The C interface of `capi/embedded/` prints the same line from C.
pub(super) fn bridge_table(arena: &mut Arena) -> Result<Check, Failure> {
    let mut table = TransTable::new(&mut arena.deal_table);
    let deal = pbn::parse(LEAD_DEAL, SizeRule::Full)?;
    let s = dd_table(&deal, &mut table)?;
    let mut d = Digest::new();
    for strain in Strain::ALL {
        for seat in Seat::ALL {
            d.u8(s.table.tricks(seat, strain));
        }
    }
    d.u32(s.stats.tests);
    d.u64(s.stats.nodes);
    table_digest(&mut d, &table);
    Ok(Check {
        digest: d.value(),
        work: s.stats.nodes,
    })
}

/// Layouts the lead scenario values with the solver, and with UCT (and its playouts).
const LEAD_SOLVER_LAYOUTS: u32 = 8;
const LEAD_UCT_LAYOUTS: u32 = 4;
const LEAD_UCT_PLAYOUTS: u32 = 200;
/// ISMCTS iterations in the lead scenario.
const LEAD_ISMCTS_ITERATIONS: u32 = 300;
/// What West knows of the others in the lead scenario: East holds two or more hearts.
const LEAD_CONSTRAINTS: &str = "E: 2+ H";

/// West's opening lead of a 6-card ending (`ENDINGS[0]`, clubs) with only West's hand known
/// and East constrained: the solver on 8 layouts (ending table), McKay's UCT (p = 5) on 4 of
/// them and one ISMCTS search (card tree): every card's statistics, the choices, the tries,
/// the solver's nodes and the ISMCTS tree.
pub(super) fn bridge_lead(arena: &mut Arena) -> Result<Check, Failure> {
    let (text, strain, leader) = ENDINGS[0];
    let deal = pbn::parse(text, SizeRule::Equal)?;
    let mut known = BySeat([None; 4]);
    known[leader] = Some(deal.hand(leader));
    let unseen = deal.cards() - deal.hand(leader);
    let constraints: Constraints = LEAD_CONSTRAINTS.parse().map_err(|_| Failure::Setup)?;
    let layouts = Layouts::new(known, unseen, constraints).map_err(LeadError::from)?;
    let problem = LeadProblem::new(layouts, leader, strain, Some(3))?;
    let seed = rng::below(&mut rng::stream(SEED, TASK_BRIDGE_LEAD), u64::MAX);
    let mut d = Digest::new();

    let mut table = TransTable::new(&mut arena.table);
    let mut solver = SolverEvaluator::new(&mut table);
    let config = LeadConfig {
        layouts: LEAD_SOLVER_LAYOUTS,
        seed,
        ..LeadConfig::new()
    };
    lead_report(&mut d, &evaluate_leads(&problem, &mut solver, &config)?);
    d.u64(solver.stats.nodes);

    let exploration = Exploration::mckay(BRIDGE_UCT_C).ok_or(Failure::Setup)?;
    let power = Power::new(5.0).map_err(|_| Failure::Setup)?;
    let uct_config = UctConfig::mckay(exploration, power, LEAD_UCT_PLAYOUTS);
    let mut e = UctEvaluator::new(&mut arena.card_tree, uct_config);
    let config = LeadConfig {
        layouts: LEAD_UCT_LAYOUTS,
        ..config
    };
    lead_report(&mut d, &evaluate_leads(&problem, &mut e, &config)?);
    d.u64(e.playouts);
    d.u64(e.tree_full);

    let ismcts_config = UctConfig {
        iterations: LEAD_ISMCTS_ITERATIONS,
        ..uct_config
    };
    let tree = &mut arena.card_tree;
    let r = ismcts_lead(&problem, tree, &ismcts_config, seed, DEFAULT_MAX_TRIES)?;
    lead_report(&mut d, &r);
    whole_tree(&mut d, tree, card_byte);
    Ok(Check {
        digest: d.value(),
        work: u64::from(LEAD_SOLVER_LAYOUTS + LEAD_UCT_LAYOUTS + r.layouts),
    })
}

/// A lead report into a digest: every card's statistics (absent ones as all-ones bits), the
/// choices, the layouts and tries.
fn lead_report(d: &mut Digest, r: &LeadReport) {
    let opt = |d: &mut Digest, x: Option<f64>| d.u64(x.map_or(u64::MAX, f64::to_bits));
    d.usize(r.cards.len());
    for c in &r.cards {
        d.u8(card_byte(c.card));
        d.u32(c.layouts);
        opt(d, c.tricks);
        opt(d, c.tricks_se);
        opt(d, c.set);
        opt(d, c.set_se);
    }
    d.u8(r.by_tricks.map_or(0xFF, card_byte));
    d.u8(r.by_set.map_or(0xFF, card_byte));
    d.u32(r.layouts);
    d.u64(r.tries);
}

/// A solver's answer into a digest: every card's value, the best, the nodes and the tests
/// (not `stack_bytes`: it depends on the machine's frame layout).
fn solution_digest(d: &mut Digest, s: &Solution) {
    d.usize(s.cards.len());
    for &(card, tricks) in &s.cards {
        d.u8(card_byte(card));
        d.u8(tricks);
    }
    d.u8(s.best);
    d.u64(s.stats.nodes);
    d.u32(s.stats.tests);
}

/// What a solver table did, into a digest.
fn table_digest<M: crate::bridge::TableMemory>(d: &mut Digest, table: &TransTable<M>) {
    let t = table.stats();
    d.u64(t.lookups);
    d.u64(t.hits);
    d.u64(t.stores);
    d.u64(t.replaced);
    d.u64(t.harvests);
    d.u64(t.resets);
    d.usize(table.blocks_used());
}

/// A card as its index `0..52`.
fn card_byte(card: Card) -> u8 {
    card.index() as u8
}

/// An exhaustive search's value, move (`0xFF` for none) and states visited.
fn outcome<M: Copy>(d: &mut Digest, out: &Outcome<M>, mv: fn(M) -> u8) {
    d.f64(out.value);
    d.u8(out.best.map_or(0xFF, mv));
    d.u64(out.nodes);
}

/// Everything a UCT search returned.
fn uct_result<M: Copy>(d: &mut Digest, r: &UctResult<M>, mv: fn(M) -> u8) {
    d.u8(r.best.map_or(0xFF, mv));
    d.u8(r.side.0);
    d.f64(r.root_value);
    d.usize(r.children.len());
    for c in &r.children {
        d.u8(mv(c.mv));
        d.f64(c.value);
        d.u32(c.visits);
    }
    d.u32(r.iterations);
    d.usize(r.nodes);
    d.u32(r.tree_full);
    d.u64(r.playout_plies);
    d.u64(r.node_visits);
}

/// Every node of a tree in index order: value, visits, move, tag and child count.
fn whole_tree<M: Blank, B: Storage<M>>(d: &mut Digest, tree: &TreeInner<M, B>, mv: fn(M) -> u8) {
    d.usize(tree.len());
    let nodes = (0..tree.len()).filter_map(|i| NodeId::from_index(i).and_then(|id| tree.get(id)));
    for n in nodes {
        d.f32(n.value);
        d.u32(n.visits);
        d.u8(mv(n.mv));
        d.u8(n.tag);
        d.usize(n.child_count());
    }
}

/// The MCTS player of "MCTS for Black Jack" (an undated student report: 100 playouts a
/// decision, C = 2) plays fixed rounds of Blackjack on the default rules from six-deck shoes:
/// every round's return and decisions, and the playouts and tree overflows.
pub(super) fn blackjack_mcts(arena: &mut Arena) -> Result<Check, Failure> {
    let player = &mut arena.blackjack_mcts;
    player.configure(blackjack::MctsConfig::new());
    let rules = Rules::new();
    let shoe = Shoe::standard(rules.decks)?;
    let mut rng = rng::stream(SEED, TASK_BLACKJACK_MCTS);
    let mut d = Digest::new();
    for round in 0..BLACKJACK_ROUNDS {
        let mut order = CardOrder::new(shoe, BLACKJACK_DEAL_SEED, round);
        let r = play_round(rules, shoe, &mut order, player, &mut rng)?;
        d.f64(r.value);
        d.u32(r.decisions);
    }
    let stats = player.stats();
    d.u64(stats.decisions);
    d.u64(stats.playouts);
    d.u64(stats.tree_full);
    Ok(Check {
        digest: d.value(),
        work: stats.playouts,
    })
}

/// One American Poker Squares game played by the papers' best MCTS player (Arrington, Langley &
/// Bogaerts, "Using Domain Knowledge to Improve Monte-Carlo Tree Search Performance in
/// Parameterized Poker Squares", AAAI 2016, Table 3 row 12: prune + UCT, best-move simulation,
/// tuned weights, Cp = 200/sqrt(2)) with [`PPS_ITERATIONS`] iterations a move, in
/// [`Arena::small_tree`]: the deal, every placement, the score and the search's statistics.
pub(super) fn pps_mcts(arena: &mut Arena) -> Result<Check, Failure> {
    let config = poker_squares::MctsConfig {
        budget: Budget::Iterations(PPS_ITERATIONS),
        ..poker_squares::MctsConfig::new()
    };
    let system = PointSystem::AMERICAN;
    let mut player = MctsPlayer::new(&mut arena.small_tree, &NoClock, config);
    let mut rng = rng::stream(SEED, TASK_PPS_MCTS);
    let grid = play_game(&mut player, &system, &mut rng).map_err(Failure::PokerSquares)?;
    let mut d = Digest::new();
    for cell in 0..poker_squares::CELLS {
        d.usize(grid.get(cell).map_or(usize::MAX, Card::index));
    }
    for class in grid.classes() {
        d.u8(class as u8);
    }
    d.u32(grid.score(&system) as u32);
    let stats = player.stats();
    d.u64(stats.iterations);
    d.u32(stats.searched_moves);
    d.u32(stats.rule_moves);
    d.u64(stats.tree_full);
    d.usize(stats.max_nodes);
    Ok(Check {
        digest: d.value(),
        work: stats.iterations,
    })
}

/// Games the learned-value player plays in `pps-learned`.
const PPS_LEARNED_GAMES: u64 = 8;

/// The committed American table (`poker_squares::AMERICAN_VALUES`) parsed in place into the
/// arena, then [`PPS_LEARNED_GAMES`] seeded games of the greedy player on it: every value's
/// bits, every grid and score.
pub(super) fn pps_learned(arena: &mut Arena) -> Result<Check, Failure> {
    let values = &mut arena.pps_values;
    values.read(AMERICAN_VALUES).map_err(Failure::Values)?;
    let system = PointSystem::AMERICAN;
    if *values.system() != system {
        return Err(Failure::Setup);
    }
    let mut d = Digest::new();
    d.u64(values.games());
    for i in 0..AbstractHand::COUNT {
        let state = AbstractHand::from_index(i).ok_or(Failure::Setup)?;
        d.u64(values.value(state).to_bits());
    }
    let mut player = LearnedPlayer::new(values);
    for game in 0..PPS_LEARNED_GAMES {
        let mut rng = rng::stream(SEED, TASK_PPS_LEARNED * 1000 + game);
        let grid = play_game(&mut player, &system, &mut rng).map_err(Failure::PokerSquares)?;
        pps_grid(&mut d, &grid, &system);
    }
    Ok(Check {
        digest: d.value(),
        work: PPS_LEARNED_GAMES,
    })
}

/// Games the greedy player plays on the network in `pps-net` (then one game of expectimax over
/// the next card on it).
const PPS_NET_GAMES: u64 = 4;

/// The committed American network (`poker_squares::AMERICAN_NET`) read in place from flash
/// (no memory of the arena), then [`PPS_NET_GAMES`] seeded games of the greedy player on it,
/// every placement's afterstate value to the bit, and one game of expectimax over the next
/// card on it: every grid and score.
pub(super) fn pps_net(_: &mut Arena) -> Result<Check, Failure> {
    let net = Net::parse(AMERICAN_NET).map_err(Failure::Net)?;
    let system = PointSystem::AMERICAN;
    if *net.system() != system {
        return Err(Failure::Setup);
    }
    let mut d = Digest::new();
    d.u64(net.games());
    for g in 0..PPS_NET_GAMES {
        let mut rng = rng::stream(SEED, TASK_PPS_NET * 1000 + g);
        let deck = shuffled_deck(&mut rng);
        let mut game = PokerSquares::new(system);
        for &card in deck.iter().take(poker_squares::CELLS) {
            game.draw(card)
                .map_err(|e| Failure::PokerSquares(e.into()))?;
            let lines = Lines::of(game.grid(), game.deck());
            let (cell, value) = net_cell(&net, &lines, card).ok_or(Failure::Setup)?;
            d.usize(cell);
            d.u64(value.to_bits());
            game.place(cell)
                .map_err(|e| Failure::PokerSquares(e.into()))?;
        }
        pps_grid(&mut d, game.grid(), &system);
    }
    let mut player = ExpectimaxPlayer::new(&net, Lookahead::OneCard);
    let mut rng = rng::stream(SEED, TASK_PPS_NET * 1000 + PPS_NET_GAMES);
    let grid = play_game(&mut player, &system, &mut rng).map_err(Failure::PokerSquares)?;
    pps_grid(&mut d, &grid, &system);
    Ok(Check {
        digest: d.value(),
        work: PPS_NET_GAMES + 1,
    })
}

/// A Poker Squares grid into `d`: each cell's card (or none), then the score.
fn pps_grid(d: &mut Digest, grid: &Grid, system: &PointSystem) {
    for cell in 0..poker_squares::CELLS {
        d.usize(grid.get(cell).map_or(usize::MAX, Card::index));
    }
    d.u32(grid.score(system) as u32);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::TtLine;

    /// DDS's numbers for [`ENDINGS`], from `tests/data/bridge/endings.jsonl`.
    const DDS: [&[(&str, u8)]; 6] = [
        &[
            ("S5", 4),
            ("H6", 3),
            ("D9", 3),
            ("D6", 3),
            ("C6", 4),
            ("C2", 4),
        ],
        &[
            ("S5", 3),
            ("HK", 3),
            ("H4", 3),
            ("D8", 2),
            ("D3", 3),
            ("C3", 3),
        ],
        &[
            ("SA", 4),
            ("H8", 4),
            ("H5", 4),
            ("D9", 4),
            ("CA", 4),
            ("C8", 3),
        ],
        &[
            ("HT", 4),
            ("H9", 4),
            ("H8", 4),
            ("DJ", 4),
            ("D8", 3),
            ("D2", 3),
        ],
        &[
            ("SJ", 6),
            ("H2", 6),
            ("DJ", 6),
            ("DT", 6),
            ("D5", 5),
            ("CA", 6),
        ],
        &[
            ("ST", 5),
            ("HK", 6),
            ("H9", 4),
            ("CK", 6),
            ("C5", 6),
            ("C4", 6),
        ],
    ];

    #[test]
    fn endings_are_the_shared_ones_and_dds_agrees() {
        let mut slots = [TtLine::ZERO; 64];
        for ((text, strain, leader), dds) in ENDINGS.into_iter().zip(DDS) {
            let deal = pbn::parse(text, SizeRule::Equal).unwrap();
            let s = solve(
                &BridgePlay::new(&deal, strain, leader).unwrap(),
                &mut TransTable::new(&mut slots),
            );
            assert_eq!(s.cards.len(), dds.len(), "{text}");
            for &(card, tricks) in dds {
                let card: Card = card.parse().unwrap();
                assert!(s.cards.contains(&(card, tricks)), "{text}: {card}");
            }
        }
    }

    #[test]
    fn the_lead_deal_is_shared_deal_7_and_dds_agrees() {
        let dds = [
            ("SK", 4),
            ("ST", 4),
            ("HA", 7),
            ("HT", 7),
            ("H8", 7),
            ("H7", 7),
            ("H2", 7),
            ("DA", 7),
            ("DK", 7),
            ("C8", 6),
            ("C4", 6),
            ("C3", 6),
            ("C2", 6),
        ];
        let mut lines = [TtLine::ZERO; 256];
        let deal = pbn::parse(LEAD_DEAL, SizeRule::Full).unwrap();
        assert_eq!(deal, {
            let mut r = rng::seeded(1);
            for _ in 0..7 {
                let _ = Deal::random(&mut r);
            }
            Deal::random(&mut r)
        });
        let s = solve(
            &BridgePlay::new(&deal, Strain::NoTrump, Seat::West).unwrap(),
            &mut TransTable::new(&mut lines),
        );
        assert_eq!(s.cards.len(), 13);
        for (card, tricks) in dds {
            let card: Card = card.parse().unwrap();
            assert!(s.cards.contains(&(card, tricks)), "{card}");
        }
    }

    #[test]
    fn the_lead_deal_table_is_ddss() {
        // DDS 3.1 (endplay's calc_dd_table): clubs, diamonds, hearts, spades, no trump; North,
        // East, South, West.
        let dds = [
            [6, 7, 6, 7],
            [9, 4, 9, 4],
            [6, 7, 6, 7],
            [9, 4, 9, 4],
            [6, 6, 6, 6],
        ];
        let mut lines = [TtLine::ZERO; 256];
        let deal = pbn::parse(LEAD_DEAL, SizeRule::Full).unwrap();
        let t = dd_table(&deal, &mut TransTable::new(&mut lines))
            .unwrap()
            .table;
        for (strain, row) in Strain::ALL.into_iter().zip(dds) {
            for (seat, tricks) in Seat::ALL.into_iter().zip(row) {
                assert_eq!(t.tricks(seat, strain), tricks, "{seat} in {strain}");
            }
        }
    }

    #[test]
    fn the_uct_deal_is_the_first_shared_deal() {
        let shared = "W:98643.7.8754.AK9 5.JT62.KJ.QJ8653 AKQJ72.AQ9.Q62.T T.K8543.AT93.742";
        assert_eq!(bridge_deal(), pbn::parse(shared, SizeRule::Full).unwrap());
    }
}
