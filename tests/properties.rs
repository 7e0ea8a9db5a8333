//! Property tests of the core: parsers never panic and report sane errors, printing and parsing
//! round-trip, `Cards` agrees with a `u64` model, the rng helpers keep their contracts, power
//! means stay between the extremes and grow with `p`, the arena tree allocates exactly as a model
//! says, and tic-tac-toe playouts end properly.

use cardtree::bridge::{Constraints, LayoutError, Layouts, Span};
use cardtree::{
    Card, Cards, Deal, Game, MoveList, NodeId, ParseBoardError, ParseCardError, PbnError, Power,
    Seat, Side, SizeRule, TicTacToe, Tree, TreeError, Turn, pbn, rng,
};
use proptest::prelude::*;

const ALL_BITS: u64 = (1 << 52) - 1;

/// 256 cases per property (`PROPTEST_CASES` overrides), and no regression files written
/// next to the sources.
fn config() -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = 256;
    }
    config.failure_persistence = None;
    config
}

/// Strings of up to `max` characters drawn from `alphabet`.
fn string_from(alphabet: &'static str, max: usize) -> impl Strategy<Value = String> {
    let chars: Vec<char> = alphabet.chars().collect();
    prop::collection::vec(prop::sample::select(chars), 0..=max)
        .prop_map(|v| v.into_iter().collect::<String>())
}

/// Card and card-set text: ranks, suits, seats, separators, junk, and multi-byte characters
/// (`é`, a no-break space and an ideographic space, which are white space to `char`).
const CARD_ALPHABET: &str = "AKQJT98765432akqjtshdcSHDCNESW.:-, \t\n-x1é\u{a0}\u{3000}";
/// PBN text: the same, weighted towards what a deal is made of.
const PBN_ALPHABET: &str =
    "AKQJT98765432AKQJT98765432akqjt....----  NESWnesw::SHDCx1é\t\u{a0}\u{3000}";
/// Board text.
const BOARD_ALPHABET: &str = "XOxo..../// \t\u{a0}Zé0";

fn sizes() -> impl Strategy<Value = SizeRule> {
    prop_oneof![
        Just(SizeRule::Full),
        Just(SizeRule::Equal),
        Just(SizeRule::Any)
    ]
}

fn seats() -> impl Strategy<Value = Seat> {
    prop::sample::select(Seat::ALL.to_vec())
}

/// A byte offset that an error carries must lie in the input and on a character boundary.
fn check_offset(s: &str, at: usize) -> Result<(), TestCaseError> {
    prop_assert!(
        at <= s.len(),
        "offset {} beyond input of {} bytes: {:?}",
        at,
        s.len(),
        s
    );
    prop_assert!(
        s.is_char_boundary(at),
        "offset {} inside a character of {:?}",
        at,
        s
    );
    Ok(())
}

/// `ch` is the character at byte `at` of `s`.
fn check_char_at(s: &str, at: usize, ch: char) -> Result<(), TestCaseError> {
    check_offset(s, at)?;
    prop_assert_eq!(
        s.get(at..).and_then(|r| r.chars().next()),
        Some(ch),
        "in {:?} at {}",
        s,
        at
    );
    Ok(())
}

fn check_card_error(s: &str, e: ParseCardError) -> Result<(), TestCaseError> {
    prop_assert!(!e.to_string().is_empty());
    match e {
        ParseCardError::TooShort { at } | ParseCardError::TooLong { at } => check_offset(s, at)?,
        ParseCardError::BadSuit { ch, at } | ParseCardError::BadRank { ch, at } => {
            check_char_at(s, at, ch)?;
        }
        ParseCardError::Duplicate { card, at } => {
            check_offset(s, at)?;
            // The word at `at` is the repeated card.
            let word: String = s[at..]
                .chars()
                .take_while(|c| !c.is_whitespace() && *c != ',')
                .collect();
            prop_assert_eq!(word.parse::<Card>(), Ok(card), "in {:?}", s);
        }
        _ => {}
    }
    Ok(())
}

fn check_card(s: &str) -> Result<(), TestCaseError> {
    match s.parse::<Card>() {
        Ok(c) => {
            prop_assert_eq!(s.chars().count(), 2);
            prop_assert_eq!(c.to_string().parse::<Card>(), Ok(c));
        }
        Err(e) => check_card_error(s, e)?,
    }
    Ok(())
}

fn check_cards(s: &str) -> Result<(), TestCaseError> {
    match s.parse::<Cards>() {
        Ok(set) => {
            prop_assert_eq!(set.to_string().parse::<Cards>(), Ok(set));
            let words = s
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|w| !w.is_empty());
            prop_assert_eq!(words.count(), set.len());
        }
        Err(e) => check_card_error(s, e)?,
    }
    Ok(())
}

/// Whatever `pbn::parse` returns is well formed: a deal obeying `rule` that prints and parses
/// back, or an error that displays and whose offset lies in the input.
fn check_pbn(s: &str, rule: SizeRule) -> Result<(), TestCaseError> {
    match pbn::parse(s, rule) {
        Ok(deal) => {
            let lens: Vec<usize> = Seat::ALL
                .iter()
                .map(|&seat| deal.hand(seat).len())
                .collect();
            match rule {
                SizeRule::Full => prop_assert!(lens.iter().all(|&l| l == 13), "{:?}", lens),
                SizeRule::Equal => prop_assert!(lens.iter().all(|&l| l == lens[0] && l <= 13)),
                SizeRule::Any => prop_assert!(lens.iter().all(|&l| l <= 13), "{:?}", lens),
            }
            for seat in Seat::ALL {
                let text = deal.pbn(seat).to_string();
                prop_assert_eq!(pbn::parse(&text, rule), Ok(deal));
            }
        }
        Err(e) => {
            prop_assert!(!e.to_string().is_empty());
            match e {
                PbnError::BadSeat { at, .. }
                | PbnError::MissingColon { at }
                | PbnError::HandCount { at, .. }
                | PbnError::SuitCount { at, .. }
                | PbnError::BadRank { at, .. }
                | PbnError::Duplicate { at, .. } => {
                    prop_assert!(
                        at <= s.len(),
                        "offset {} beyond {} bytes: {:?}",
                        at,
                        s.len(),
                        s
                    );
                }
                PbnError::HandSize {
                    found, expected, ..
                } => {
                    prop_assert!(found <= 52 && expected <= 13, "{:?}", e);
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// The stricter promise of the PBN module: "every error says what is wrong and where": an
/// offset is a character boundary, and a reported character is the one found there.
fn check_pbn_offsets(s: &str, rule: SizeRule) -> Result<(), TestCaseError> {
    if let Err(e) = pbn::parse(s, rule) {
        match e {
            PbnError::BadSeat { ch, at } | PbnError::BadRank { ch, at, .. } => {
                check_char_at(s, at, ch)?;
            }
            PbnError::Duplicate { card, at } => {
                check_char_at(s, at, card.rank().char())
                    .or_else(|_| check_char_at(s, at, card.rank().char().to_ascii_lowercase()))?;
            }
            PbnError::MissingColon { at } | PbnError::SuitCount { at, .. } => {
                check_offset(s, at)?;
            }
            PbnError::HandCount { found, at } => {
                check_offset(s, at)?;
                if found < 4 {
                    prop_assert_eq!(at, s.len());
                }
            }
            _ => {}
        }
    }
    Ok(())
}

fn check_board(s: &str) -> Result<(), TestCaseError> {
    match s.parse::<TicTacToe>() {
        Ok(b) => prop_assert_eq!(b.to_string().parse::<TicTacToe>(), Ok(b)),
        Err(e) => {
            prop_assert!(!e.to_string().is_empty());
            if let ParseBoardError::BadChar { ch, at } = e {
                check_char_at(s, at, ch)?;
            }
        }
    }
    Ok(())
}

/// A valid PBN string with a few random edits (replace, insert or delete one character).
fn mutated_pbn() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = PBN_ALPHABET.chars().collect();
    let edit = (
        0u8..3,
        any::<prop::sample::Index>(),
        prop::sample::select(alphabet),
    );
    (
        any::<u64>(),
        seats(),
        any::<bool>(),
        any::<u64>(),
        prop::collection::vec(edit, 0..4),
    )
        .prop_map(|(seed, first, dash, keep, edits)| {
            let deal = Deal::random(&mut rng::seeded(seed));
            // Drop some cards so that part-played positions appear too.
            let hands = cardtree::BySeat::from_fn(|s| {
                let mask = if keep >> 62 == 0 {
                    u64::MAX
                } else {
                    keep.rotate_left(13 * s as u32)
                };
                Cards::from_bits_truncate(deal.hand(s).bits() & mask)
            });
            let deal = Deal::from_hands(hands).expect("subsets of a deal are disjoint");
            let mut chars: Vec<char> = deal
                .pbn(first)
                .void_dash(dash)
                .to_string()
                .chars()
                .collect();
            for (kind, at, ch) in edits {
                let i = at.index(chars.len() + 1);
                match kind {
                    0 if i < chars.len() => chars[i] = ch,
                    1 => chars.insert(i, ch),
                    _ if i < chars.len() => {
                        chars.remove(i);
                    }
                    _ => {}
                }
            }
            chars.into_iter().collect()
        })
}

proptest! {
    #![proptest_config(config())]

    // ---- 1. Parsers never panic and their errors are sane. ----

    #[test]
    fn card_parsers_never_panic(
        any_s in any::<String>(),
        s in string_from(CARD_ALPHABET, 12),
        long in string_from(CARD_ALPHABET, 60),
    ) {
        for t in [&any_s, &s, &long] {
            check_card(t)?;
            check_cards(t)?;
        }
    }

    #[test]
    fn pbn_parser_never_panics(
        any_s in any::<String>(),
        s in string_from(PBN_ALPHABET, 80),
        framed in (seats(), string_from(PBN_ALPHABET, 70)),
        mutated in mutated_pbn(),
        rule in sizes(),
    ) {
        let framed = format!("{}:{}", framed.0.char(), framed.1);
        for t in [&any_s, &s, &framed, &mutated] {
            check_pbn(t, rule)?;
        }
    }

    #[test]
    fn pbn_error_offsets_point_at_the_fault(
        s in string_from(PBN_ALPHABET, 80),
        framed in (seats(), string_from(PBN_ALPHABET, 70)),
        mutated in mutated_pbn(),
        rule in sizes(),
    ) {
        let framed = format!("{}:{}", framed.0.char(), framed.1);
        for t in [&s, &framed, &mutated] {
            check_pbn_offsets(t, rule)?;
        }
    }

    #[test]
    fn board_parser_never_panics(any_s in any::<String>(), s in string_from(BOARD_ALPHABET, 14)) {
        check_board(&any_s)?;
        check_board(&s)?;
    }

    // ---- 2. Cards: round trips, iteration, and set algebra against a u64 model. ----

    #[test]
    fn cards_print_and_parse_back(bits in any::<u64>()) {
        let set = Cards::from_bits_truncate(bits);
        prop_assert_eq!(set.bits(), bits & ALL_BITS);
        prop_assert_eq!(Cards::from_bits(bits), (bits & !ALL_BITS == 0).then_some(set));
        let text = set.to_string();
        prop_assert_eq!(text.parse::<Cards>(), Ok(set));
        // Either notation and either case, comma separated, parse to the same set.
        let other: Vec<String> = set
            .iter()
            .map(|c| format!("{}{}", c.rank().char(), c.suit().char()).to_lowercase())
            .collect();
        prop_assert_eq!(other.join(",").parse::<Cards>(), Ok(set));
        prop_assert_eq!(set.iter().collect::<Cards>(), set);
    }

    #[test]
    fn cards_iterate_in_order_with_exact_len(bits in any::<u64>(), ends in any::<u64>()) {
        let set = Cards::from_bits_truncate(bits);
        let model: Vec<u8> = (0..52u8).filter(|i| bits & (1 << i) != 0).collect();
        prop_assert_eq!(model.len(), set.len());

        let forward: Vec<usize> = set.iter().map(Card::index).collect();
        prop_assert_eq!(forward.len(), set.len());
        prop_assert!(forward.windows(2).all(|w| w[0] < w[1]));
        let backward: Vec<usize> = set.iter().rev().map(Card::index).collect();
        prop_assert_eq!(backward.len(), set.len());
        prop_assert!(backward.windows(2).all(|w| w[0] > w[1]));

        // Take from either end as `ends` says; `len` is right at every step.
        let mut it = set.iter();
        let (mut lo, mut hi) = (0, model.len());
        for step in 0.. {
            prop_assert_eq!(it.len(), hi - lo);
            prop_assert_eq!(it.size_hint(), (hi - lo, Some(hi - lo)));
            let got = if ends >> (step % 64) & 1 == 0 { it.next() } else { it.next_back() };
            if lo == hi {
                prop_assert_eq!(got, None);
                prop_assert_eq!(it.next(), None);
                prop_assert_eq!(it.next_back(), None);
                break;
            }
            let want = if ends >> (step % 64) & 1 == 0 {
                lo += 1;
                model[lo - 1]
            } else {
                hi -= 1;
                model[hi]
            };
            prop_assert_eq!(got.map(Card::index), Some(usize::from(want)));
        }
    }

    #[test]
    fn cards_algebra_matches_a_u64_model(a in any::<u64>(), b in any::<u64>(), n in 0usize..60) {
        let (ma, mb) = (a & ALL_BITS, b & ALL_BITS);
        let (x, y) = (Cards::from_bits_truncate(a), Cards::from_bits_truncate(b));
        prop_assert_eq!(x.union(y).bits(), ma | mb);
        prop_assert_eq!((x | y).bits(), ma | mb);
        prop_assert_eq!(x.intersection(y).bits(), ma & mb);
        prop_assert_eq!((x & y).bits(), ma & mb);
        prop_assert_eq!(x.difference(y).bits(), ma & !mb);
        prop_assert_eq!((x - y).bits(), ma & !mb);
        prop_assert_eq!((x ^ y).bits(), ma ^ mb);
        prop_assert_eq!(x.complement().bits(), !ma & ALL_BITS);
        prop_assert_eq!((!x).bits(), !ma & ALL_BITS);
        prop_assert_eq!(x.is_subset(y), ma & mb == ma);
        prop_assert_eq!(x.is_disjoint(y), ma & mb == 0);
        prop_assert_eq!(x.len(), ma.count_ones() as usize);
        prop_assert_eq!(x.is_empty(), ma == 0);

        let mut assigned = x;
        assigned |= y;
        prop_assert_eq!(assigned.bits(), ma | mb);
        assigned = x;
        assigned &= y;
        prop_assert_eq!(assigned.bits(), ma & mb);
        assigned = x;
        assigned ^= y;
        prop_assert_eq!(assigned.bits(), ma ^ mb);
        assigned = x;
        assigned -= y;
        prop_assert_eq!(assigned.bits(), ma & !mb);

        // nth, lowest and highest against a scan of the bits.
        let members: Vec<usize> = (0..52).filter(|&i| ma >> i & 1 == 1).collect();
        prop_assert_eq!(x.nth(n).map(Card::index), members.get(n).copied());
        prop_assert_eq!(x.lowest().map(Card::index), members.first().copied());
        prop_assert_eq!(x.highest().map(Card::index), members.last().copied());

        for i in 0..52u8 {
            let c = Card::from_index(i).expect("index below 52");
            let bit = 1u64 << i;
            prop_assert_eq!(x.contains(c), ma & bit != 0);
            prop_assert_eq!(x.with(c).bits(), ma | bit);
            prop_assert_eq!(x.without(c).bits(), ma & !bit);
            let mut m = x;
            prop_assert_eq!(m.insert(c), ma & bit == 0);
            prop_assert_eq!(m.bits(), ma | bit);
            prop_assert!(m.remove(c));
            prop_assert_eq!(m.bits(), ma & !bit);
            prop_assert!(!m.remove(c));
        }
        for suit in cardtree::Suit::ALL {
            let shift = 13 * suit.index();
            let ranks = (ma >> shift) & 0x1FFF;
            prop_assert_eq!(u64::from(x.suit_ranks(suit)), ranks);
            prop_assert_eq!(x.count_in(suit), ranks.count_ones() as usize);
            prop_assert_eq!(x.in_suit(suit).bits(), ranks << shift);
            prop_assert_eq!(Cards::from_suit_ranks(suit, x.suit_ranks(suit)), x.in_suit(suit));
        }
    }

    // ---- 3. Deals: PBN round trips. ----

    #[test]
    fn random_deals_round_trip_through_pbn(seed in any::<u64>(), first in seats(), dash in any::<bool>()) {
        let deal = Deal::random(&mut rng::seeded(seed));
        prop_assert_eq!(deal.cards(), Cards::ALL);
        for seat in Seat::ALL {
            prop_assert_eq!(deal.hand(seat).len(), 13);
        }
        prop_assert_eq!(Deal::random(&mut rng::seeded(seed)), deal);
        let text = deal.pbn(first).void_dash(dash).to_string();
        prop_assert!(text.starts_with(first.char()));
        prop_assert_eq!(pbn::parse(&text, SizeRule::Full), Ok(deal));
        prop_assert_eq!(pbn::parse(&text, SizeRule::Equal), Ok(deal));
        prop_assert_eq!(pbn::parse(&text, SizeRule::Any), Ok(deal));
        prop_assert_eq!(text.parse::<Deal>(), Ok(deal));
        prop_assert_eq!(deal.to_string().parse::<Deal>(), Ok(deal));
        // Lower case and extra white space read the same.
        let loose = format!("  {}  ", text.to_lowercase().replace(' ', " \t "));
        prop_assert_eq!(pbn::parse(&loose, SizeRule::Full), Ok(deal));
    }

    #[test]
    fn partial_positions_round_trip_through_pbn(
        seed in any::<u64>(),
        masks in prop::array::uniform4(any::<u64>()),
        sparse in prop::array::uniform4(0u32..4),
        first in seats(),
        dash in any::<bool>(),
    ) {
        let full = Deal::random(&mut rng::seeded(seed));
        // Thin each hand: AND with 0 to 3 random masks (sparse = 3 leaves about 1/8 of it).
        let hands = cardtree::BySeat::from_fn(|s| {
            let mut keep = masks[s as usize];
            for k in 0..sparse[s as usize] {
                keep &= masks[(s as usize + k as usize + 1) % 4].rotate_left(17 * (k + 1));
            }
            Cards::from_bits_truncate(full.hand(s).bits() & keep)
        });
        let deal = Deal::from_hands(hands).expect("subsets of a deal are disjoint");
        let text = deal.pbn(first).void_dash(dash).to_string();
        prop_assert_eq!(pbn::parse(&text, SizeRule::Any), Ok(deal));
        let lens: Vec<usize> = Seat::ALL.iter().map(|&s| deal.hand(s).len()).collect();
        let equal = lens.iter().all(|&l| l == lens[0]);
        prop_assert_eq!(pbn::parse(&text, SizeRule::Equal).is_ok(), equal, "{}", text);
        let full_ok = lens.iter().all(|&l| l == 13);
        prop_assert_eq!(pbn::parse(&text, SizeRule::Full).is_ok(), full_ok, "{}", text);
        for seat in Seat::ALL {
            let hand = deal.hand(seat).pbn_hand(dash).to_string();
            prop_assert_eq!(hand.split('.').count(), 4);
        }
    }

    // ---- 4. rng helpers. ----

    #[test]
    fn below_is_below(
        seed in any::<u64>(),
        n in prop_oneof![
            1u64..=64,
            any::<u64>().prop_filter("positive", |&n| n > 0),
            (0u32..64).prop_map(|k| 1u64 << k),
            (1u32..64).prop_map(|k| (1u64 << k) + 1),
            Just(u64::MAX),
            Just((1u64 << 63) + 1),
        ],
    ) {
        let mut r = rng::seeded(seed);
        for _ in 0..32 {
            prop_assert!(rng::below(&mut r, n) < n);
            prop_assert!(rng::index(&mut r, n as usize) < n as usize);
        }
        prop_assert_eq!(rng::below(&mut r, 0), 0);
    }

    #[test]
    fn shuffle_permutes(seed in any::<u64>(), items in prop::collection::vec(0u16..20, 0..80)) {
        let mut shuffled = items.clone();
        rng::shuffle(&mut rng::seeded(seed), &mut shuffled);
        let mut again = items.clone();
        rng::shuffle(&mut rng::seeded(seed), &mut again);
        prop_assert_eq!(&again, &shuffled, "a shuffle is determined by its seed");
        let (mut a, mut b) = (items, shuffled);
        a.sort_unstable();
        b.sort_unstable();
        prop_assert_eq!(a, b);
    }

    #[test]
    fn streams_are_pure_functions_of_seed_and_task(
        seed in any::<u64>(),
        task in any::<u64>(),
        other in any::<u64>(),
        draws in 0usize..8,
    ) {
        prop_assert_eq!(rng::stream(seed, 0), rng::seeded(seed));
        let mut a = rng::stream(seed, task);
        // Drawing from other generators in between changes nothing.
        let mut noise = rng::stream(seed, other);
        for _ in 0..draws {
            rng::below(&mut noise, u64::MAX);
        }
        let mut b = rng::stream(seed, task);
        prop_assert_eq!(&a, &b);
        for _ in 0..16 {
            prop_assert_eq!(rng::below(&mut a, u64::MAX), rng::below(&mut b, u64::MAX));
        }
        // Tasks below 2^62 get distinct states.
        let (t, u) = (task >> 2, other >> 2);
        if t != u {
            prop_assert_ne!(rng::stream(seed, t), rng::stream(seed, u));
        }
    }

    #[test]
    fn choices_are_members_and_never_weightless(
        seed in any::<u64>(),
        bits in any::<u64>(),
        weights in prop::collection::vec(
            prop_oneof![3 => Just(0u32), 2 => 1u32..5, 1 => any::<u32>(), 1 => Just(u32::MAX)],
            0..64,
        ),
    ) {
        let mut r = rng::seeded(seed);
        let set = Cards::from_bits_truncate(bits);
        let any_weight = weights.iter().any(|&w| w > 0);
        for _ in 0..16 {
            let card = set.choose(&mut r);
            prop_assert_eq!(card.is_some(), !set.is_empty());
            if let Some(c) = card {
                prop_assert!(set.contains(c));
            }
            match rng::choose_weighted(&mut r, &weights) {
                Some(i) => prop_assert!(i < weights.len() && weights[i] > 0, "{} of {:?}", i, weights),
                None => prop_assert!(!any_weight, "None with weights {:?}", weights),
            }
            match rng::choose(&mut r, &weights) {
                Some(w) => prop_assert!(weights.contains(w)),
                None => prop_assert!(weights.is_empty()),
            }
        }
    }
}

// ---- 5. Power means. ----

/// Values in `[0, 1e6]` and weights in `[0, 1e4]`, at least one weight positive; sometimes
/// all values equal (where rounding is most likely to step outside `[min, max]`).
fn weighted_values() -> impl Strategy<Value = Vec<(f64, f64)>> {
    let value = prop_oneof![
        4 => 0.0f64..=1e6,
        1 => Just(0.0),
        1 => Just(1e6),
        1 => (0u32..=13).prop_map(f64::from),
    ];
    let weight = prop_oneof![
        4 => 0.0f64..=1e4,
        1 => Just(0.0),
        1 => (1u32..=50).prop_map(f64::from),
    ];
    (
        prop::collection::vec((value, weight), 1..24),
        any::<bool>(),
        1e-3f64..=1e4,
    )
        .prop_map(|(mut items, same, w)| {
            if !items.iter().any(|&(_, w)| w > 0.0) {
                items[0].1 = w;
            }
            if same {
                let v = items[0].0;
                for item in &mut items {
                    item.0 = v;
                }
            }
            items
        })
}

fn exponents() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(1.0),
        Just(2.0),
        Just(64.0),
        Just(500.0),
        Just(1024.0),
        Just(1025.0),
        Just(1e9),
        Just(f64::INFINITY),
        1.0f64..2.0,
        1.0f64..1100.0,
        (1u32..=1100).prop_map(f64::from),
    ]
}

/// Smallest and largest value of positive weight.
fn extremes(items: &[(f64, f64)]) -> (f64, f64) {
    items
        .iter()
        .filter(|&&(_, w)| w > 0.0)
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &(x, _)| {
            (lo.min(x), hi.max(x))
        })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn p1_is_the_weighted_mean_bit_for_bit(items in weighted_values()) {
        let (mut s, mut t) = (0.0f64, 0.0f64);
        for &(x, w) in &items {
            if w > 0.0 {
                s += w * x;
                t += w;
            }
        }
        // `sum w x / sum w`, clamped into [min, max] where rounding steps an ulp outside.
        let (lo, hi) = extremes(&items);
        let m = Power::MEAN.mean(items.iter().copied()).expect("valid input");
        prop_assert_eq!(m.to_bits(), (s / t).clamp(lo, hi).to_bits());
        let m1 = Power::new(1.0).expect("p = 1").mean(items.iter().copied()).expect("valid input");
        prop_assert_eq!(m1.to_bits(), m.to_bits());
    }

    #[test]
    fn power_mean_lies_between_min_and_max(items in weighted_values(), p in exponents()) {
        let (lo, hi) = extremes(&items);
        let m = Power::new(p).expect("p >= 1").mean(items.iter().copied()).expect("valid input");
        prop_assert!(m.is_finite(), "p={}: {}", p, m);
        prop_assert!(m <= hi, "p={}: M_p = {:e} > max {:e} for {:?}", p, m, hi, items);
        prop_assert!(m >= lo, "p={}: M_p = {:e} < min {:e} for {:?}", p, m, lo, items);
        if p == f64::INFINITY {
            prop_assert_eq!(m.to_bits(), hi.to_bits());
        }
    }

    #[test]
    fn power_mean_grows_with_p(items in weighted_values(), p in exponents(), q in exponents()) {
        let (p1, p2) = if p <= q { (p, q) } else { (q, p) };
        let m1 = Power::new(p1).expect("p >= 1").mean(items.iter().copied()).expect("valid input");
        let m2 = Power::new(p2).expect("p >= 1").mean(items.iter().copied()).expect("valid input");
        prop_assert!(m1 <= m2 * (1.0 + 1e-12), "M_{} = {:e} > M_{} = {:e} for {:?}", p1, m1, p2, m2, items);
    }

    #[test]
    fn min_side_mean_lies_between_min_and_max(
        raw in weighted_values(),
        p in exponents(),
        hi in prop_oneof![Just(13.0f64), Just(1.0), 1.0f64..=1e6],
    ) {
        // Rescale the values from [0, 1e6] into [0, hi].
        let items: Vec<(f64, f64)> = raw.iter().map(|&(x, w)| ((x / 1e6 * hi).min(hi), w)).collect();
        let (lo, top) = extremes(&items);
        let m = Power::new(p).expect("p >= 1").mean_min(hi, items.iter().copied()).expect("valid input");
        prop_assert!(m.is_finite());
        prop_assert!(m <= top, "p={}: {:e} > max {:e} for {:?}", p, m, top, items);
        prop_assert!(m >= lo, "p={}: {:e} < min {:e} for {:?}", p, m, lo, items);
        if p == f64::INFINITY {
            prop_assert_eq!(m.to_bits(), lo.to_bits());
        }
    }
}

// ---- 6. The arena tree against a model. ----

#[derive(Clone, Debug)]
enum TreeOp {
    /// Expand node `node` (an index that may be past the end, or `NodeId::NONE` when `None`)
    /// with `count` moves starting at `base`.
    Expand {
        node: Option<usize>,
        count: usize,
        base: u8,
    },
    /// Scribble on a node's statistics.
    Touch { node: usize, visits: u32, tag: u8 },
    /// `reset` then `init`.
    Restart,
    /// `reset` only.
    Reset,
    /// `init` only.
    Init,
}

fn tree_ops() -> impl Strategy<Value = Vec<TreeOp>> {
    let op = prop_oneof![
        8 => (prop::option::weighted(0.97, 0usize..70), prop_oneof![0usize..8, 0usize..70], any::<u8>())
            .prop_map(|(node, count, base)| TreeOp::Expand { node, count, base }),
        2 => (0usize..70, any::<u32>(), any::<u8>())
            .prop_map(|(node, visits, tag)| TreeOp::Touch { node, visits, tag }),
        1 => Just(TreeOp::Restart),
        1 => Just(TreeOp::Reset),
        1 => Just(TreeOp::Init),
    ];
    prop::collection::vec(op, 1..40)
}

/// One node of the model: its move and its block of children, if expanded.
#[derive(Clone, Debug)]
struct ModelNode {
    mv: u8,
    children: Option<(usize, usize)>,
}

const CAP: usize = 64;

fn id(i: usize) -> NodeId {
    NodeId::from_index(i).expect("small index")
}

fn check_tree(tree: &Tree<u8, CAP>, model: &[ModelNode]) -> Result<(), TestCaseError> {
    prop_assert!(tree.len() <= tree.capacity());
    prop_assert_eq!(tree.capacity(), CAP);
    prop_assert_eq!(tree.len(), model.len());
    prop_assert_eq!(tree.free(), CAP - model.len());
    prop_assert_eq!(tree.is_empty(), model.is_empty());
    for (i, m) in model.iter().enumerate() {
        let node = tree.get(id(i));
        prop_assert!(node.is_some(), "node {} missing", i);
        let node = node.expect("checked");
        prop_assert_eq!(node.mv, m.mv);
        let (start, count) = m.children.unwrap_or((0, 0));
        prop_assert_eq!(node.child_count(), count);
        prop_assert_eq!(node.is_expanded(), count > 0);
        let kids = tree.children(id(i));
        prop_assert_eq!(kids.len(), count);
        let ids: Vec<usize> = kids.map(NodeId::index).collect();
        prop_assert_eq!(ids, (start..start + count).collect::<Vec<_>>());
    }
    prop_assert!(tree.get(id(model.len())).is_none());
    prop_assert!(tree.get(NodeId::NONE).is_none());
    prop_assert_eq!(tree.children(id(model.len())).len(), 0);
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn tree_expands_exactly_as_the_model_says(ops in tree_ops()) {
        let mut tree: Tree<u8, CAP> = Tree::new();
        let mut model: Vec<ModelNode> = Vec::new();
        let fresh = |mv| ModelNode { mv, children: None };
        check_tree(&tree, &model)?;
        prop_assert_eq!(tree.init(), Ok(NodeId::ROOT));
        model.push(fresh(0));
        for op in ops {
            match op {
                TreeOp::Expand { node, count, base } => {
                    let parent = node.map_or(NodeId::NONE, id);
                    let moves: Vec<u8> = (0..count).map(|k| base.wrapping_add(k as u8)).collect();
                    let before = tree.len();
                    let got = tree.expand(parent, &moves);
                    let want = match node {
                        Some(i) if i < model.len() => {
                            if model[i].children.is_some_and(|(_, c)| c > 0) {
                                Err(TreeError::AlreadyExpanded(parent))
                            } else if before + count > CAP {
                                Err(TreeError::Full { capacity: CAP, wanted: count })
                            } else {
                                Ok(before..before + count)
                            }
                        }
                        _ => Err(TreeError::UnknownNode(parent)),
                    };
                    match (got, want) {
                        (Ok(kids), Ok(range)) => {
                            prop_assert_eq!(kids.len(), count);
                            let ids: Vec<usize> = kids.clone().map(NodeId::index).collect();
                            prop_assert_eq!(ids, range.clone().collect::<Vec<_>>());
                            prop_assert_eq!(kids.clone().rev().map(NodeId::index).collect::<Vec<_>>(),
                                range.clone().rev().collect::<Vec<_>>());
                            for (k, kid) in kids.enumerate() {
                                let n = tree.get(kid).expect("new child");
                                prop_assert_eq!(n.mv, moves[k]);
                                prop_assert_eq!((n.visits, n.tag, n.value.to_bits()), (0, 0, 0));
                                prop_assert_eq!(n.child_count(), 0);
                            }
                            let i = node.expect("known");
                            model[i].children = Some((before, count));
                            model.extend(moves.iter().map(|&mv| fresh(mv)));
                        }
                        (Err(e), Err(w)) => {
                            prop_assert_eq!(e, w);
                            prop_assert!(!e.to_string().is_empty());
                            prop_assert_eq!(tree.len(), before, "a failed expand changes nothing");
                        }
                        (got, want) => prop_assert!(false, "expand({:?}, {} moves): got {:?}, want {:?}",
                            parent, count, got, want),
                    }
                }
                TreeOp::Touch { node, visits, tag } => {
                    let known = node < model.len();
                    match tree.get_mut(id(node)) {
                        Some(n) => {
                            prop_assert!(known);
                            n.visits = visits;
                            n.tag = tag;
                            n.value = 0.25;
                        }
                        None => prop_assert!(!known),
                    }
                }
                TreeOp::Restart => {
                    tree.reset();
                    prop_assert_eq!(tree.init(), Ok(NodeId::ROOT));
                    model.clear();
                    model.push(fresh(0));
                    let root = tree.get(NodeId::ROOT).expect("root");
                    prop_assert_eq!((root.visits, root.tag, root.value.to_bits()), (0, 0, 0));
                    prop_assert_eq!(tree.len(), 1);
                }
                TreeOp::Reset => {
                    tree.reset();
                    model.clear();
                }
                TreeOp::Init => {
                    prop_assert_eq!(tree.init(), Ok(NodeId::ROOT));
                    model.clear();
                    model.push(fresh(0));
                    let root = tree.get(NodeId::ROOT).expect("root");
                    prop_assert_eq!((root.visits, root.tag, root.value.to_bits()), (0, 0, 0));
                }
            }
            check_tree(&tree, &model)?;
        }
    }

    // ---- 7. Tic-tac-toe playouts. ----

    #[test]
    fn tictactoe_playouts_end_properly(picks in prop::collection::vec(any::<prop::sample::Index>(), 9)) {
        let mut game = TicTacToe::new();
        let mut moves = MoveList::new();
        let mut played = 0;
        loop {
            game.legal_moves(&mut moves);
            // Every cell that is not a legal move is refused without a change.
            for cell in 0..=u8::MAX {
                if !moves.contains(&cell) {
                    let before = game;
                    prop_assert!(game.try_apply(cell).is_err(), "{} accepted in {}", cell, game);
                    prop_assert_eq!(game, before);
                }
            }
            prop_assert_eq!(game.to_string().parse::<TicTacToe>(), Ok(game));
            match game.turn() {
                Turn::Terminal => {
                    prop_assert!(moves.is_empty());
                    break;
                }
                Turn::Player(p) => {
                    prop_assert!(!moves.is_empty());
                    prop_assert_eq!(p, game.mover());
                    prop_assert!(played < 9, "still moving after 9 moves: {}", game);
                    let cell = moves[picks[played].index(moves.len())];
                    prop_assert_eq!(game.try_apply(cell), Ok(()));
                    prop_assert_eq!(game.mark(cell), Some(p));
                    played += 1;
                }
                Turn::Chance => prop_assert!(false, "tic-tac-toe has no chance turns"),
            }
        }
        prop_assert!(played <= 9);
        let (v0, v1) = (game.value(Side(0)), game.value(Side(1)));
        prop_assert_eq!(v0 + v1, 1.0);
        let want = match game.winner() {
            Some(w) => if w.0 == 0 { (1.0, 0.0) } else { (0.0, 1.0) },
            None => (0.5, 0.5),
        };
        prop_assert_eq!((v0, v1), want);
        if game.winner().is_none() {
            prop_assert_eq!(played, 9);
        }
    }
}

/// Constraint text: seats, counts, units, separators and junk.
const CONSTRAINT_ALPHABET: &str = "NESWnesw:::;;,,0123456789--++ hcpHCPSHDCshdcx é\u{3000}";

proptest! {
    #![proptest_config(config())]

    /// The constraint parser never panics; an error points inside the text at a character
    /// boundary; what parses prints back to the same constraints.
    #[test]
    fn constraint_parser_never_panics_and_round_trips(
        any_s in any::<String>(),
        s in string_from(CONSTRAINT_ALPHABET, 30),
    ) {
        for text in [any_s.as_str(), s.as_str()] {
            match text.parse::<Constraints>() {
                Ok(c) => {
                    let again: Constraints = c.to_string().parse().expect("printed constraints parse");
                    prop_assert_eq!(again, c);
                }
                Err(e) => {
                    prop_assert!(e.at <= text.len() && text.is_char_boundary(e.at), "{e:?} in {text:?}");
                }
            }
        }
    }

    /// Every drawn layout keeps the known hand, deals the rest to the others 13 each and
    /// satisfies random point and length constraints, or the draw reports its tries.
    #[test]
    fn layouts_satisfy_random_constraints(
        seed in any::<u64>(),
        seat in seats(),
        lo in 0u8..25,
        width in 0u8..15,
        suit_lo in 0u8..6,
    ) {
        let deal = Deal::random(&mut rng::seeded(seed));
        let mut known = cardtree::BySeat([None; 4]);
        known[Seat::West] = Some(deal.hand(Seat::West));
        let mut constraints = Constraints::NONE;
        if seat != Seat::West {
            let c = &mut constraints.0[seat];
            c.hcp = Span::new(lo, lo.saturating_add(width).min(40)).unwrap();
            c.length[0] = Span::new(suit_lo, 13).unwrap();
        }
        let layouts = Layouts::of_deal(known, constraints).unwrap();
        for i in 0..8 {
            match layouts.sample(seed, i, 20_000) {
                Ok((d, _)) => {
                    prop_assert!(layouts.contains(&d.deal));
                    prop_assert_eq!(d.deal.hand(Seat::West), deal.hand(Seat::West));
                    prop_assert!(Seat::ALL.iter().all(|&s| d.deal.hand(s).len() == 13));
                    prop_assert!(constraints.of(seat).holds(d.deal.hand(seat)));
                    prop_assert!(d.tries >= 1);
                }
                Err(e) => prop_assert_eq!(e, LayoutError::TooManyTries { tries: 20_000 }),
            }
        }
    }
}
