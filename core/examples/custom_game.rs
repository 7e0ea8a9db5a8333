//! A game of your own under cardtree's searches: implement `Game`, then alpha-beta proves its
//! value and UCT with McKay's power-mean backups finds the move.
//!
//! The game is Nim with one pile: players take 1, 2 or 3 counters in turn, and whoever takes
//! the last one wins. A pile that is a multiple of 4 is lost for the player to move.
//!
//!     cargo run -p cardtree --example custom_game [PILE]

use cardtree::search::{Backup, NaturalOrder, RandomPolicy, UctConfig, alpha_beta, uct};
use cardtree::{Game, MoveList, Player, Power, Side, Tree, Turn, ValueRange, rng};

/// One pile of counters and whose turn it is.
#[derive(Clone, Copy, Debug)]
struct Nim {
    pile: u8,
    to_move: u8,
}

impl Game for Nim {
    /// How many counters to take.
    type Move = u8;
    const PLAYERS: u8 = 2;
    const SIDES: u8 = 2;

    fn turn(&self) -> Turn {
        if self.pile == 0 {
            Turn::Terminal
        } else {
            Turn::Player(Player(self.to_move))
        }
    }

    fn legal_moves(&self, moves: &mut MoveList<u8>) {
        moves.clear();
        for take in 1..=self.pile.min(3) {
            let _ = moves.push(take);
        }
    }

    fn apply(&mut self, take: u8) {
        // The trait's rule: anything illegal must not panic (here it changes nothing).
        if (1..=3).contains(&take) && take <= self.pile {
            self.pile -= take;
            self.to_move ^= 1;
        }
    }

    fn value(&self, side: Side) -> f64 {
        // At the end the player to move is the one who did not take the last counter.
        if side.0 == self.to_move { 0.0 } else { 1.0 }
    }

    fn value_range(&self) -> ValueRange {
        ValueRange { lo: 0.0, hi: 1.0 }
    }
}

fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let pile: u8 = match std::env::args().nth(1) {
        Some(a) => a
            .parse()
            .map_err(|e| format!("PILE {a:?}: {e} (a number from 1 to 40)"))?,
        None => 10,
    };
    if !(1..=40).contains(&pile) {
        return Err(format!("PILE {pile}: give a number from 1 to 40").into());
    }
    let game = Nim { pile, to_move: 0 };

    // Alpha-beta: the exact value for the player to move (player 0's side).
    let exact = alpha_beta(&game, None, &mut NaturalOrder)?;
    println!(
        "pile {pile}: alpha-beta says the player to move {} ({} states)",
        if exact.value > 0.5 { "wins" } else { "loses" },
        exact.nodes
    );

    // UCT with power-mean backups (p = 5), in a fixed-capacity tree, seeded.
    let mut tree: Tree<u8, 50_000> = Tree::new();
    let config = UctConfig {
        iterations: 20_000,
        backup: Backup::Power(Power::new(5.0)?),
        ..UctConfig::new()
    };
    let r = uct(
        &mut tree,
        &game,
        &config,
        &mut RandomPolicy,
        &mut rng::seeded(1),
    )?;
    let take = r.best.ok_or("no move")?;
    println!(
        "UCT (20,000 iterations, p = 5): take {take}, leaving {} (a multiple of 4 is lost for the \
         player to move); root value {:.3}, {} nodes",
        pile - take,
        r.root_value,
        r.nodes
    );
    let winning = !pile.is_multiple_of(4);
    println!(
        "{}",
        match (winning, (pile - take).is_multiple_of(4)) {
            (true, true) => "the winning move, as alpha-beta's value says",
            (true, false) => "not the winning move: give UCT more iterations",
            (false, _) => "every move loses against best play",
        }
    );
    Ok(())
}
