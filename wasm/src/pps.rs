//! Parameterized Poker Squares: a grid scored under a point system, and a game a person plays
//! card by card with the players' suggestions on request, or watches a player play
//! (`std-host/src/pps/`: the same players, made by [`with_placer`]).

use std::cell::RefCell;

use cardtree::Card;
use cardtree::poker_squares::{
    Budget, CELLS, Placer, PlayError, PointSystem, PokerSquares, shuffled_deck,
};
use cardtree::rng::{self, Xoshiro256PlusPlus};
use cardtree_host::heap_tree::heap_tree;
use cardtree_host::pps::options::PlayOptions;
use cardtree_host::pps::options::PlayerKind;
use cardtree_host::pps::placements::placement_values;
use cardtree_host::pps::play::{
    HostClock, PlayConfig, PpsPlayer, TREE_NODES, UsePlacer, with_placer,
};
use cardtree_host::pps::play_spec::PlaySpec;
use cardtree_host::pps::score::{parse_inputs, score_json};
use cardtree_host::pps::tables;
use cardtree_host::pps::train::{Learner, Training};
use cardtree_host::spec::Door;
use serde::Deserialize;
use serde_json::json;
use wasm_bindgen::prelude::*;

use crate::js::{bad, error, options, parsed, whole};

/// The score of `grid` (25 cells row by row, `-` for an empty one: `cardtree pps score`'s
/// `--grid`) under `system` (`american`, `british`, `random:42` or ten integers):
/// `{hands: [10 class ids, rows then columns], score}`.
#[wasm_bindgen(js_name = ppsScore)]
pub fn pps_score(grid: &str, system: &str) -> Result<JsValue, JsError> {
    let (grid, system) = parse_inputs(grid, system).map_err(error)?;
    parsed(&score_json(&grid, &system))
}

/// Gives the package one of the learned tables cardtree ships (`american.txt`, `british.txt`,
/// which `wasm/build.sh` copies to `web/values/`): the package carries none, and the players
/// that need one (`best`, `expectimax`, `learned`) look for it here. Returns the point system
/// it is for (ten scores, comma-separated).
#[wasm_bindgen(js_name = ppsProvideValues)]
pub fn pps_provide_values(text: String) -> Result<String, JsError> {
    let system = cardtree_host::pps::tables::provide(text).map_err(error)?;
    Ok(system.to_string())
}

/// Which player suggests, and how long it may think: `{player, iterations, seconds}` by
/// `cardtree pps play`'s names (`best` by default; `seconds` is this move's budget).
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct Suggester {
    player: Option<String>,
    iterations: Option<u32>,
    seconds: Option<f64>,
}

/// One game: the deck shuffled from the seed, the grid, the card to place.
#[wasm_bindgen]
#[derive(Debug)]
pub struct PpsGame {
    system_name: String,
    game: PokerSquares,
    deck: [Card; 52],
    /// Cards drawn from `deck` so far.
    drawn: usize,
    rng: Xoshiro256PlusPlus,
    /// The last suggester's player, kept: a player for a system without a shipped table
    /// learns one when it is made.
    player: Option<(PlayerKind, Option<u32>, PlayConfig)>,
}

std::thread_local! {
    /// The table being learned, between calls of [`PpsGame::learn`]: kept across games, so
    /// that a stop or a new game under the same point system loses no batch.
    static LEARNING: RefCell<Option<Learner>> = const { RefCell::new(None) };
}

/// One placement of `game`'s drawn card by a player.
struct OnePlacement<'a> {
    game: &'a PokerSquares,
    rng: &'a mut Xoshiro256PlusPlus,
}

impl UsePlacer for OnePlacement<'_> {
    type Output = Result<usize, PlayError>;

    fn with<P: Placer>(self, player: &mut P) -> Self::Output {
        player.start_game(self.game.system());
        player.place(self.game, self.rng)
    }
}

#[wasm_bindgen]
impl PpsGame {
    /// A game under `system` (as [`ppsScore`](pps_score) takes it), its deck shuffled from
    /// `seed` as `cardtree pps play` deals game 0 of that seed; the first card drawn.
    #[wasm_bindgen(constructor)]
    pub fn new(system: &str, seed: f64) -> Result<PpsGame, JsError> {
        let points: PointSystem = system.parse().map_err(|e| bad("system", e))?;
        let mut rng = rng::stream(crate::js::seed(seed)?, 0);
        let deck = shuffled_deck(&mut rng);
        let mut g = PpsGame {
            system_name: system.to_string(),
            game: PokerSquares::new(points),
            deck,
            drawn: 0,
            rng,
            player: None,
        };
        g.draw()?;
        Ok(g)
    }

    /// Draws the next card of the deck, unless the grid is full.
    fn draw(&mut self) -> Result<(), JsError> {
        if self.game.grid().is_full() {
            return Ok(());
        }
        if let Some(&card) = self.deck.get(self.drawn) {
            self.game.draw(card).map_err(error)?;
            self.drawn += 1;
        }
        Ok(())
    }

    /// The card to place (`"SA"`), or `undefined` once the grid is full.
    #[wasm_bindgen(getter)]
    pub fn card(&self) -> Option<String> {
        self.game.drawn().map(|c| c.to_string())
    }

    /// The 25 cells row by row: a card (`"H7"`) or `null`.
    #[wasm_bindgen(getter)]
    pub fn grid(&self) -> Result<JsValue, JsError> {
        let cells: Vec<Option<String>> = (0..CELLS)
            .map(|i| self.game.grid().get(i).map(|c| c.to_string()))
            .collect();
        parsed(&json!(cells).to_string())
    }

    /// The score of the grid as it stands, and each line's hand: `ppsScore`'s object.
    pub fn score(&self) -> Result<JsValue, JsError> {
        parsed(&score_json(self.game.grid(), self.game.system()))
    }

    /// Whether the grid is full.
    #[wasm_bindgen(getter)]
    pub fn over(&self) -> bool {
        self.game.grid().is_full()
    }

    /// Puts the drawn card in `cell` (0 to 24, row by row) and draws the next.
    pub fn place(&mut self, cell: f64) -> Result<(), JsError> {
        let cell = whole(cell, "cell", CELLS - 1)?;
        if !self.game.grid().is_free(cell) {
            return Err(bad("cell", format!("{cell} is not a free cell (0 to 24)")));
        }
        self.game.place(cell).map_err(error)?;
        self.draw()
    }

    /// A player's placement of the drawn card: `{cell, value, player, rounds}`, where `value`
    /// is what the placement is worth to the learned table (for the players on one): the change
    /// it makes to the learned values of the card's row and column, not a score (`cardtree
    /// pps values` gives it for every cell),
    /// and `rounds` the rollouts or iterations the player ran. `spec`: `{player, iterations,
    /// seconds}` (`best` with its own budget when empty).
    pub fn suggest(&mut self, spec: JsValue) -> Result<JsValue, JsError> {
        let s: Suggester = options("suggest", &spec)?;
        if self.game.drawn().is_none() {
            return Err(error("the grid is full: nothing to place"));
        }
        let name = s.player.as_deref().unwrap_or("best");
        let kind: PlayerKind = name.parse().map_err(|e| bad("player", e))?;
        let mut config = self.config(kind, s.iterations)?;
        if let Some(t) = s.seconds {
            if !(t.is_finite() && t > 0.0 && t <= 3600.0) {
                return Err(bad("seconds", format!("{t} is not from 0 to 3600")));
            }
            let moves = u64::from(self.game.grid().free_mask().count_ones());
            config.mcts.budget = Budget::GameMicros((t * 1e6) as u64 * moves);
        }
        let mcts = config.player == PpsPlayer::Mcts;
        let mut tree = heap_tree(if mcts { TREE_NODES } else { 1 });
        let clock = HostClock::new();
        let usage = OnePlacement {
            game: &self.game,
            rng: &mut self.rng,
        };
        let (cell, stats) = with_placer(&config, &mut tree, &clock, usage).map_err(error)?;
        let cell = cell.map_err(error)?;
        let value = config.values.as_deref().and_then(|values| {
            placement_values(values, &self.game)
                .get(cell)
                .copied()
                .flatten()
        });
        parsed(
            &json!({
                "cell": cell,
                "value": value,
                "player": name,
                "rounds": stats.iterations,
            })
            .to_string(),
        )
    }

    /// Learns, a batch of games at a time, the table the player `spec` names plays by when
    /// cardtree ships none for the game's point system (`best`): `{games, target}` after the
    /// batch, or `null` when there is nothing (left) to learn. The page calls it until `null`,
    /// saying how far it is (and stops between calls), then [`suggest`](Self::suggest)
    /// plays by the table: the one `cardtree pps play` learns for that system, to the bit.
    pub fn learn(&mut self, spec: JsValue) -> Result<JsValue, JsError> {
        let s: Suggester = options("learn", &spec)?;
        let kind: PlayerKind = s
            .player
            .as_deref()
            .unwrap_or("best")
            .parse()
            .map_err(|e| bad("player", e))?;
        let system = *self.game.system();
        if !self.options(kind, s.iterations)?.learns_first(&system) {
            return Ok(JsValue::NULL);
        }
        let (games, target) = LEARNING.with_borrow_mut(|slot| {
            let learner = match slot {
                Some(l) if l.system() == &system => l,
                _ => slot.insert(
                    Learner::new(&Training::unshipped(&self.system_name, 1, false))
                        .map_err(error)?,
                ),
            };
            learner.batch().map_err(error)?;
            let progress = (learner.games(), learner.target());
            if learner.is_done() {
                tables::keep_learned(learner.values());
                *slot = None;
            }
            Ok::<_, JsError>(progress)
        })?;
        parsed(&json!({ "games": games, "target": target }).to_string())
    }

    /// The options of the player `kind` with `iterations`, by `pps play`'s spec, so that a
    /// refusal names the field as JavaScript does.
    fn options(&self, kind: PlayerKind, iterations: Option<u32>) -> Result<PlayOptions, JsError> {
        let count = iterations.map(|n| n.to_string());
        let mut given = vec![
            ("system", self.system_name.as_str()),
            ("player", kind.name()),
        ];
        if let Some(n) = &count {
            given.push(("iterations", n));
        }
        Ok(PlaySpec::with(&given)
            .map_err(|e| JsError::new(&e.message(Door::Js)))?
            .options)
    }

    /// The resolved player for `kind` and `iterations`, made once and kept.
    fn config(&mut self, kind: PlayerKind, iterations: Option<u32>) -> Result<PlayConfig, JsError> {
        if let Some((k, i, config)) = &self.player
            && *k == kind
            && *i == iterations
        {
            return Ok(config.clone());
        }
        let config = self.options(kind, iterations)?.resolve(1).map_err(error)?;
        self.player = Some((kind, iterations, config.clone()));
        Ok(config)
    }
}
