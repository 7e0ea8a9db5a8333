//! Blackjack rules and shoes from raw bytes: invalid rules are refused by `validate` and by
//! the game; a shoe's counts, draws and probabilities stay consistent; a round of every simple
//! strategy from any shoe ends with a return within the rules' stakes, or with an error
//! (an empty shoe), never a panic.
#![no_main]

use cardtree::blackjack::{
    Basic, Blackjack, CardOrder, Cell, Chart, ChartRow, DealerLike, Pip, Rules, Shoe, Strategy,
    Timid, play_round,
};
use cardtree_fuzz::{Bytes, blackjack_rules, blackjack_shoe};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let rules = blackjack_rules(&mut bytes);
    let max = if bytes.byte() & 1 == 0 { 8 } else { u16::MAX };
    let mut shoe = blackjack_shoe(&mut bytes, max);
    let valid = rules.validate().is_ok();
    if !valid {
        assert!(
            Blackjack::new(rules, shoe).is_err(),
            "invalid {rules:?} accepted"
        );
    }
    let total: u32 = shoe.counts().iter().map(|&c| u32::from(c)).sum();
    assert_eq!(shoe.total(), total);
    if total > 0 {
        let p: f64 = Pip::ALL.iter().map(|&x| shoe.probability(x)).sum();
        assert!((p - 1.0).abs() < 1e-9, "{p}");
    }
    let mut rng = bytes.rng();
    for _ in 0..bytes.below(8) {
        let before = shoe;
        match shoe.draw(&mut rng) {
            Ok(pip) => {
                assert_eq!(shoe.count(pip) + 1, before.count(pip));
                assert!(shoe.add(pip).is_ok());
                assert_eq!(shoe, before);
                assert!(shoe.remove(pip).is_ok());
            }
            Err(_) => assert!(before.is_empty()),
        }
    }
    if !valid {
        return;
    }
    let seed = bytes.u64();
    let stake = rules.max_stake();
    round(rules, shoe, seed, &mut Timid, stake);
    round(rules, shoe, seed, &mut DealerLike, stake);
    round(rules, shoe, seed, &mut Basic::new(chart(&mut bytes)), stake);
});

/// A chart of any cells (the play must stay legal whatever the chart says).
fn chart(bytes: &mut Bytes<'_>) -> Chart {
    let mut c = Chart::dealer_like();
    let rows = ChartRow::HARD
        .map(ChartRow::Hard)
        .chain(ChartRow::SOFT.map(ChartRow::Soft))
        .chain(Pip::ALL.map(ChartRow::Pair));
    for row in rows {
        if !bytes.has_more() {
            break;
        }
        let cells = core::array::from_fn(|_| Cell::ALL[bytes.below(Cell::ALL.len())]);
        c.set_row(row, cells);
    }
    for total in 4..=21 {
        for soft in [false, true] {
            if bytes.has_more() {
                let bits = bytes.u16();
                c.set_later(total, soft, core::array::from_fn(|i| bits >> i & 1 == 1));
            }
        }
    }
    c
}

fn round<S: Strategy>(rules: Rules, shoe: Shoe, seed: u64, player: &mut S, stake: f64) {
    let mut order = CardOrder::new(shoe, seed, 0);
    if let Ok(r) = play_round(
        rules,
        shoe,
        &mut order,
        player,
        &mut cardtree::rng::seeded(seed),
    ) {
        assert!(
            r.value.is_finite() && r.value.abs() <= stake,
            "{r:?} {stake}"
        );
    }
}
