//! The computed basic strategy ([`ChartSolver`]) against the published one, and the exact value
//! of playing it against an exact walk over the [`Blackjack`] game played by the chart.

use cardtree::blackjack::{
    Blackjack, Cell, Chart, ChartRow, ChartSolver, MEMO_SLOTS, Move, Oracle, Pip, Rules, Shoe,
    Slot, basic_action,
};
use cardtree::{Game, Outcomes, Side, Turn};

fn solve(rules: Rules, shoe: &Shoe) -> cardtree::blackjack::ChartValue {
    let mut slots = vec![Slot::EMPTY; MEMO_SLOTS];
    ChartSolver::new(rules, &mut slots)
        .unwrap()
        .solve(shoe)
        .unwrap()
}

/// A row of the published card in our notation, up cards 2..10 then A.
fn cells(row: &str) -> Vec<&str> {
    row.split_whitespace().collect()
}

/// The Wizard of Odds "4-Deck to 8-Deck Blackjack Strategy" card for a dealer standing on
/// soft 17 with double after split (https://wizardofodds.com/games/blackjack/strategy/4-decks/;
/// the same card as Griffin, *The Theory of Blackjack*, ch. 2, and Wong, *Professional
/// Blackjack*, for these rules). Its "D" is our "Dh" (double, else hit), its "Ds" ours; with
/// late surrender its "Rh" cells are 16 against 9, 10, A and 15 against 10.
fn published(surrender: bool) -> Vec<(ChartRow, Vec<&'static str>)> {
    use Pip::*;
    let h16 = if surrender {
        "S S S S S H H Rh Rh Rh"
    } else {
        "S S S S S H H H H H"
    };
    let h15 = if surrender {
        "S S S S S H H H Rh H"
    } else {
        "S S S S S H H H H H"
    };
    let mut rows = vec![
        (ChartRow::Hard(19), cells("S S S S S S S S S S")),
        (ChartRow::Hard(18), cells("S S S S S S S S S S")),
        (ChartRow::Hard(17), cells("S S S S S S S S S S")),
        (ChartRow::Hard(16), cells(h16)),
        (ChartRow::Hard(15), cells(h15)),
        (ChartRow::Hard(14), cells("S S S S S H H H H H")),
        (ChartRow::Hard(13), cells("S S S S S H H H H H")),
        (ChartRow::Hard(12), cells("H H S S S H H H H H")),
        (ChartRow::Hard(11), cells("Dh Dh Dh Dh Dh Dh Dh Dh Dh H")),
        (ChartRow::Hard(10), cells("Dh Dh Dh Dh Dh Dh Dh Dh H H")),
        (ChartRow::Hard(9), cells("H Dh Dh Dh Dh H H H H H")),
        (ChartRow::Soft(20), cells("S S S S S S S S S S")),
        (ChartRow::Soft(19), cells("S S S S S S S S S S")),
        (ChartRow::Soft(18), cells("S Ds Ds Ds Ds S S H H H")),
        (ChartRow::Soft(17), cells("H Dh Dh Dh Dh H H H H H")),
        (ChartRow::Soft(16), cells("H H Dh Dh Dh H H H H H")),
        (ChartRow::Soft(15), cells("H H Dh Dh Dh H H H H H")),
        (ChartRow::Soft(14), cells("H H H Dh Dh H H H H H")),
        (ChartRow::Soft(13), cells("H H H Dh Dh H H H H H")),
        (ChartRow::Pair(Ace), cells("P P P P P P P P P P")),
        (ChartRow::Pair(Ten), cells("S S S S S S S S S S")),
        (ChartRow::Pair(Nine), cells("P P P P P S P P S S")),
        (ChartRow::Pair(Eight), cells("P P P P P P P P P P")),
        (ChartRow::Pair(Seven), cells("P P P P P P H H H H")),
        (ChartRow::Pair(Six), cells("P P P P P H H H H H")),
        (ChartRow::Pair(Five), cells("Dh Dh Dh Dh Dh Dh Dh Dh H H")),
        (ChartRow::Pair(Four), cells("H H H P P H H H H H")),
        (ChartRow::Pair(Three), cells("P P P P P P H H H H")),
        (ChartRow::Pair(Two), cells("P P P P P P H H H H")),
    ];
    for t in 5..=8 {
        rows.push((ChartRow::Hard(t), cells("H H H H H H H H H H")));
    }
    rows
}

const UP: [Pip; 10] = [
    Pip::Two,
    Pip::Three,
    Pip::Four,
    Pip::Five,
    Pip::Six,
    Pip::Seven,
    Pip::Eight,
    Pip::Nine,
    Pip::Ten,
    Pip::Ace,
];

fn check_published(surrender: bool) {
    let rules = Rules {
        decks: 6,
        max_split_hands: 4,
        late_surrender: surrender,
        ..Rules::new()
    };
    let v = solve(rules, &Shoe::standard(6).unwrap());
    let mut wrong = Vec::new();
    for (row, want) in published(surrender) {
        for (up, w) in UP.iter().zip(want) {
            let got = v.chart.cell(row, *up).map_or("?", Cell::label);
            if got != w {
                wrong.push(format!("{row:?} vs {up}: computed {got}, published {w}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(v.sweeps < cardtree::blackjack::MAX_SWEEPS, "did not settle");
}

#[test]
fn six_decks_s17_das_matches_the_published_card() {
    check_published(false);
}

#[test]
fn six_decks_s17_das_late_surrender_matches_the_published_card() {
    check_published(true);
}

/// The exact expected value of a round of `g` when every decision is `chart`'s.
fn played_by(g: &Blackjack, chart: &Chart) -> f64 {
    match g.turn() {
        Turn::Terminal => g.value(Side(0)),
        Turn::Chance => {
            let mut outcomes = Outcomes::new();
            assert!(g.chance_outcomes(&mut outcomes));
            let total: u32 = outcomes.iter().map(|&(_, w)| w).sum();
            outcomes
                .iter()
                .map(|&(mv, w)| {
                    let mut next = g.clone();
                    next.apply(mv);
                    f64::from(w) / f64::from(total) * played_by(&next, chart)
                })
                .sum()
        }
        Turn::Player(_) => {
            let mut next = g.clone();
            next.apply(Move::Act(basic_action(g, chart).unwrap()));
            played_by(&next, chart)
        }
    }
}

/// On small shoes (pairs to split and resplit, a peek under an ace and under a ten, surrender,
/// DAS and not, resplit aces), the solver's value of playing its chart is the game's, exactly:
/// the reach weights, the split model and the peek agree with the rules as the game plays
/// them. The shoes hold more pips than three hands and the dealer can take (3 x 30 + 26), so
/// no round runs out of cards (where the game and the solver's model part).
#[test]
fn the_value_of_a_chart_is_the_game_played_by_it() {
    let eights = Shoe::from_counts([1, 0, 1, 0, 1, 0, 1, 3, 0, 8]);
    let aces = Shoe::from_counts([3, 0, 1, 0, 1, 0, 1, 0, 1, 8]);
    for (shoe, rules) in [
        (
            eights,
            Rules {
                max_split_hands: 3,
                late_surrender: true,
                ..Rules::new()
            },
        ),
        (
            eights,
            Rules {
                max_split_hands: 3,
                double_after_split: false,
                dealer_hits_soft_17: true,
                dealer_peeks: false,
                ..Rules::new()
            },
        ),
        (
            aces,
            Rules {
                resplit_aces: true,
                max_split_hands: 3,
                ..Rules::new()
            },
        ),
    ] {
        let v = solve(rules, &shoe);
        let game = played_by(&Blackjack::new(rules, shoe).unwrap(), &v.chart);
        assert!(
            (v.total - game).abs() < 1e-12,
            "{rules:?}: solver {}, game {game}",
            v.total
        );
    }
}

/// Playing the chart costs little against optimal composition-dependent play (CDZ-), and on
/// a 1000-deck shoe, where the cards drawn hardly matter, next to nothing.
#[test]
fn the_chart_is_close_to_the_optimum() {
    for (decks, most) in [(6u16, 0.00005), (1000, 0.00001)] {
        let rules = Rules {
            decks,
            ..Rules::new()
        };
        let shoe = Shoe::standard(decks).unwrap();
        let chart = solve(rules, &shoe).total;
        let mut slots = vec![Slot::EMPTY; MEMO_SLOTS];
        let optimum = Oracle::new(rules, &mut slots)
            .unwrap()
            .round(&shoe)
            .unwrap()
            .total;
        eprintln!("{decks} decks: chart {chart:.7}, optimum {optimum:.7}");
        assert!(chart <= optimum + 1e-12 && optimum - chart < most);
    }
}
