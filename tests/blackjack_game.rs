//! The Blackjack game against the oracle: exact expectiminimax over the [`Game`] (the slow,
//! obviously correct reference) gives the oracle's values of stand, hit and double on small
//! shoes, with and without a peek; optimal play over many paired rounds averages the oracle's
//! round value.

use cardtree::blackjack::{
    Action, Blackjack, CardOrder, MEMO_SLOTS, Move, Optimal, Oracle, Pip, Rules, Shoe, Slot,
    play_round,
};
use cardtree::search::expectiminimax;
use cardtree::{Game, rng};

fn after(g: &Blackjack, a: Action) -> f64 {
    let mut h = g.clone();
    h.apply(Move::Act(a));
    expectiminimax(&h, None).unwrap().value
}

#[test]
fn expectiminimax_over_the_game_agrees_with_the_oracle() {
    let shoe = Shoe::from_counts([3, 1, 2, 1, 2, 1, 1, 2, 1, 5]);
    let mut slots = vec![Slot::EMPTY; MEMO_SLOTS];
    for rules in [
        Rules::new(),
        Rules {
            dealer_hits_soft_17: true,
            dealer_peeks: false,
            ..Rules::new()
        },
    ] {
        for (a, up, b) in [
            (Pip::Ten, Pip::Six, Pip::Two),
            (Pip::Five, Pip::Ace, Pip::Six),
            (Pip::Ace, Pip::Ten, Pip::Five),
            (Pip::Three, Pip::Seven, Pip::Nine),
        ] {
            let g = Blackjack::dealt(rules, shoe, a, up, b).unwrap();
            let v = Oracle::new(rules, &mut slots).unwrap().actions(&g).unwrap();
            let stand = after(&g, Action::Stand);
            let hit = after(&g, Action::Hit);
            let double = after(&g, Action::Double);
            assert!(
                (v.stand - stand).abs() < 1e-12,
                "{a} {up} {b}: {v:?} vs {stand}"
            );
            assert!(
                (v.hit.unwrap() - hit).abs() < 1e-12,
                "{a} {up} {b}: {v:?} vs {hit}"
            );
            assert!(
                (v.double.unwrap() - double).abs() < 1e-12,
                "{a} {up} {b}: {v:?} vs {double}"
            );
            let best = expectiminimax(&g, None).unwrap().value;
            assert!((v.best().1 - best).abs() < 1e-12);
        }
    }
}

#[test]
fn optimal_play_averages_the_oracle_round_value() {
    let rules = Rules {
        decks: 1,
        ..Rules::new()
    };
    let shoe = Shoe::standard(1).unwrap();
    let mut slots = vec![Slot::EMPTY; MEMO_SLOTS];
    let exact = Oracle::new(rules, &mut slots)
        .unwrap()
        .round(&shoe)
        .unwrap()
        .total;
    let mut player = Optimal::new(Oracle::new(rules, &mut slots).unwrap());
    let n = 2_000u64;
    let (mut sum, mut sq) = (0.0, 0.0);
    for round in 0..n {
        let mut order = CardOrder::new(shoe, 2024, round);
        let r = play_round(
            rules,
            shoe,
            &mut order,
            &mut player,
            &mut rng::seeded(round),
        )
        .unwrap()
        .value;
        sum += r;
        sq += r * r;
    }
    let mean = sum / n as f64;
    let sd = cardtree::math::sqrt((sq / n as f64 - mean * mean) / n as f64);
    assert!(
        (mean - exact).abs() < 4.0 * sd,
        "mean {mean} +- {sd}, exact {exact}"
    );
}

/// Asks one oracle that keeps values from decision to decision (and a decision cache in front
/// of it, as the host's optimal player does) and a fresh oracle at every decision; their
/// values must be the same, bit for bit.
struct Both<'a, 'm> {
    kept: Optimal<'m>,
    oracle: Oracle<'m>,
    rules: Rules,
    fresh: &'a mut [Slot],
    decisions: u32,
}

impl cardtree::blackjack::Strategy for Both<'_, '_> {
    fn name(&self) -> &'static str {
        "both"
    }

    fn decide<R: rand_core::Rng + ?Sized>(
        &mut self,
        game: &Blackjack,
        rng: &mut R,
    ) -> Result<Action, cardtree::blackjack::BlackjackError> {
        self.decisions += 1;
        let kept = self.oracle.actions(game)?;
        let fresh = Oracle::new(self.rules, self.fresh)?.actions(game)?;
        assert_eq!(kept, fresh, "{game:?}");
        let cached = self.kept.decide(game, rng)?;
        assert_eq!(cached, fresh.best().0, "{game:?}");
        Ok(cached)
    }
}

#[test]
fn values_kept_between_decisions_are_the_fresh_ones() {
    use cardtree::blackjack::{DECISION_SLOTS, Decision};
    for rules in [
        Rules {
            decks: 2,
            ..Rules::new()
        },
        Rules {
            decks: 1,
            max_split_hands: 4,
            late_surrender: true,
            dealer_hits_soft_17: true,
            ..Rules::new()
        },
    ] {
        let shoe = Shoe::standard(rules.decks).unwrap();
        let mut a = vec![Slot::EMPTY; MEMO_SLOTS];
        let mut b = vec![Slot::EMPTY; MEMO_SLOTS];
        let mut c = vec![Slot::EMPTY; MEMO_SLOTS];
        let mut cache = vec![Decision::EMPTY; DECISION_SLOTS];
        let mut both = Both {
            kept: Optimal::with_cache(Oracle::new(rules, &mut a).unwrap(), &mut cache),
            oracle: Oracle::new(rules, &mut b).unwrap(),
            rules,
            fresh: &mut c,
            decisions: 0,
        };
        for round in 0..150 {
            let mut order = CardOrder::new(shoe, 77, round);
            play_round(rules, shoe, &mut order, &mut both, &mut rng::seeded(round)).unwrap();
        }
        assert!(both.decisions > 150);
        assert!(both.kept.cache_counts().0 > 0);
    }
}
