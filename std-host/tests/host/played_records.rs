//! Boards as played: the hand-written LIN and PBN records with real files' quirks
//! (`tests/data/bridge/played/`) read field by field, written back and read again, and hands
//! played out by the program itself with errors of known cost put in, analysed back through
//! both formats: every error found with its cost, nothing else flagged.

use std::path::PathBuf;

use cardtree::bridge::{
    Auction, BridgePlay, Call, Contract, Strain, TransTable, TtLine, Vulnerability, solve,
};
use cardtree::{Card, Deal, Seat, rng};
use cardtree_host::bridge::analyse::{Format, analyse, read};
use cardtree_host::bridge::played::PlayedBoard;
use cardtree_host::bridge::solver_pool::SolverPool;
use cardtree_host::bridge::{lin, lin_write, pbn_play, pbn_play_write};

fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/bridge/played")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn cards(b: &PlayedBoard) -> Vec<String> {
    b.play.iter().map(ToString::to_string).collect()
}

#[test]
fn the_lin_quirks_are_read() {
    let boards = lin::read(&data("quirks.lin"));
    assert_eq!(boards.len(), 5);
    let ok: Vec<&PlayedBoard> = boards.iter().filter_map(|b| b.as_ref().ok()).collect();
    assert_eq!(ok.len(), 4);

    let o1 = ok[0];
    assert_eq!((o1.board.as_str(), o1.room.as_deref()), ("1", Some("Open")));
    assert_eq!(o1.names[Seat::South as usize], "Sue");
    assert_eq!(o1.names[Seat::East as usize], "Eve");
    assert_eq!(
        o1.deal.hand(Seat::East).len(),
        13,
        "the fourth hand deduced"
    );
    assert_eq!(o1.declared.unwrap().to_string(), "2S by E");
    assert_eq!(
        (o1.alerts[0].call, o1.alerts[0].text.as_str()),
        (1, "5+ spades")
    );
    assert_eq!((o1.play.len(), o1.claim), (4, Some(8)));

    let c1 = ok[1];
    assert_eq!(c1.room.as_deref(), Some("Closed"));
    assert_eq!(
        c1.names[Seat::South as usize],
        "Sid",
        "the closed room's names"
    );
    assert_eq!(c1.deal, o1.deal, "lower case reads as upper case");
    assert_eq!(c1.vulnerability, Vulnerability::None, "sv|0|");
    assert_eq!(c1.declared, o1.declared, "`-` for a pass, `MB` for mb");
    assert_eq!(
        cards(c1),
        ["HA", "H3", "HT", "HJ", "HK"],
        "H10 and lower case"
    );
    assert_eq!(c1.claim, Some(7), "a claim in mid-trick");

    let o2 = ok[2];
    assert!(o2.declared.is_none() && o2.play.is_empty(), "passed out");
    assert!(o2.auction.as_ref().unwrap().passed_out());
    assert_eq!(o2.dealer, Seat::East);

    let o3 = ok[3];
    assert_eq!(o3.declared.unwrap().to_string(), "3NT by S");
    assert_eq!(
        cards(o3),
        ["S6", "ST", "SK", "S2"],
        "a pair split over two lines"
    );
    assert_eq!(o3.commentary, ["a pair split over two lines"]);
    assert_eq!(o3.vulnerability, Vulnerability::EastWest);

    let broken = boards.iter().find_map(|b| b.as_ref().err()).unwrap();
    assert_eq!(broken.board, "board 2 (Closed)");
    assert_eq!(broken.token, "mb|1Z|");

    // The viewer's address holds the open room's board 1.
    let viewer = lin::read(&data("viewer.txt"));
    let v = viewer[0].as_ref().unwrap();
    assert_eq!(
        (v.deal, v.declared, &v.play, v.claim),
        (o1.deal, o1.declared, &o1.play, o1.claim)
    );
    assert_eq!(v.alerts, o1.alerts);

    // Written as LIN and as PBN, and read back: the same boards.
    for b in &ok {
        let again = lin::read(&lin_write::write(b));
        assert_eq!(
            again[0].as_ref().unwrap(),
            *b,
            "LIN round trip of {}",
            b.label()
        );
    }
}

#[test]
fn the_pbn_quirks_are_read() {
    let boards = pbn_play::read(&data("quirks.pbn"));
    assert_eq!(boards.len(), 4);
    let b7 = boards[0].as_ref().unwrap();
    assert_eq!(b7.declared.unwrap().to_string(), "3NT by S");
    assert_eq!(
        (b7.alerts[0].call, b7.alerts[0].text.as_str()),
        (2, "to play")
    );
    assert_eq!(
        &cards(b7)[..12],
        [
            "S9", "SA", "S3", "ST", "SK", "S4", "SJ", "S8", "D2", "DA", "DQ", "D7"
        ]
    );
    assert_eq!(&cards(b7)[16..], ["H5", "HJ", "H7", "H3"]);
    assert_eq!((b7.claim, b7.result), (Some(9), Some(9)));
    assert_eq!(b7.commentary, ["East cashes"]);
    assert_eq!(b7.names[Seat::North as usize], "Nick");

    let b8 = boards[1].as_ref().unwrap();
    assert_eq!(b8.declared.unwrap().to_string(), "4SX by N");
    assert!(b8.auction.is_none());
    assert_eq!(cards(b8), ["CJ", "CT", "CA", "C4"]);

    let b9 = boards[2].as_ref().unwrap();
    assert!(b9.declared.is_none() && b9.auction.as_ref().unwrap().passed_out());

    let e = boards[3].as_ref().unwrap_err();
    assert_eq!(
        (e.board.as_str(), e.token.as_str()),
        ("board 10", "[Play \"Q\"]")
    );

    for b in boards.iter().filter_map(|b| b.as_ref().ok()) {
        let again = pbn_play::read(&pbn_play_write::write(b, None, &[]));
        assert_eq!(
            again[0].as_ref().unwrap(),
            b,
            "PBN round trip of {}",
            b.label()
        );
    }
}

/// A board played out by the program: a one-bid auction by the dealer, then each card the
/// double-dummy best, except every `every`th card (from `offset`), the worst; the cost of each
/// card for its side.
fn played_out(seed: u64, every: usize, offset: usize) -> (PlayedBoard, Vec<u8>) {
    let mut r = rng::seeded(seed);
    let deal = Deal::random(&mut r);
    let dealer = Seat::ALL[(seed % 4) as usize];
    let strain = Strain::ALL[(seed % 5) as usize];
    let contract = Contract::new(1 + (seed % 3) as u8, strain).unwrap();
    let mut auction = Auction::new(dealer);
    for call in [Call::Bid(contract), Call::Pass, Call::Pass, Call::Pass] {
        auction.call(call).unwrap();
    }
    let declared = auction.declared().unwrap();
    let mut lines = vec![TtLine::ZERO; 1 << 14];
    let mut table = TransTable::new(&mut lines[..]);
    let mut p = BridgePlay::new(&deal, strain, declared.leader()).unwrap();
    let (mut play, mut costs): (Vec<Card>, Vec<u8>) = (Vec::new(), Vec::new());
    while p.tricks_left() > 0 {
        let s = solve(&p, &mut table);
        let worst = play.len() % every == offset;
        let pick = if worst {
            s.cards.iter().min_by_key(|c| c.1)
        } else {
            s.cards.iter().max_by_key(|c| c.1)
        }
        .unwrap();
        costs.push(s.best - pick.1);
        play.push(pick.0);
        p.play(pick.0).unwrap();
    }
    let board = PlayedBoard {
        board: (seed + 1).to_string(),
        room: None,
        deal,
        dealer,
        vulnerability: Vulnerability::of_board(seed as u32 + 1),
        names: ["n", "e", "s", "w"].map(String::from),
        auction: Some(auction),
        alerts: Vec::new(),
        declared: Some(declared),
        play,
        claim: None,
        result: None,
        commentary: Vec::new(),
    };
    (board, costs)
}

#[test]
fn errors_put_in_are_found_through_both_formats() {
    let mut lin_text = String::new();
    let mut pbn_text = String::new();
    let mut expected = Vec::new();
    for seed in 0..6 {
        let (b, costs) = played_out(seed, 7, (seed % 7) as usize);
        assert!(costs.iter().any(|&c| c > 0), "seed {seed} put in no error");
        lin_text.push_str(&lin_write::write(&b));
        pbn_text.push_str(&pbn_play_write::write(&b, None, &[]));
        pbn_text.push('\n');
        expected.push(costs);
    }
    let pool = SolverPool::new(2, 4).unwrap();
    for (text, format) in [(&lin_text, Format::Lin), (&pbn_text, Format::Pbn)] {
        let boards: Vec<PlayedBoard> = read(text, format).into_iter().map(|b| b.unwrap()).collect();
        assert_eq!(boards.len(), expected.len());
        for (a, want) in analyse(boards, &pool, cardtree_host::workers::Stop::never())
            .iter()
            .zip(&expected)
        {
            let r = a.review.as_ref().unwrap();
            let got: Vec<u8> = r.cards().map(|c| c.cost).collect();
            assert_eq!(&got, want, "{format:?} {}", a.board.label());
            let lost = r.lost();
            assert_eq!(
                u32::from(want.iter().map(|&c| u16::from(c)).sum::<u16>()),
                lost[0] + lost[1]
            );
        }
    }
}

/// What the `played_records` fuzz target found, each kept fixed: a broken pair's error on one
/// line; a deal of short hands refused; a contract with no auction (or an auction cut short)
/// written to LIN as the shortest auction that reaches it; tag values with line breaks, and a
/// claim with no card played, written to PBN so that they read back.
#[test]
fn the_fuzzer_s_findings_stay_fixed() {
    let broken = lin::read("pn|a,b,c,d|md|\nbroken");
    let e = broken.into_iter().find_map(Result::err).expect("an error");
    assert!(!e.to_string().contains('\n'), "{e}");

    let short = lin::read("md|1SAK,SQJ,ST9,S87|sv|o|");
    assert!(short[0].is_err(), "{short:?}");

    let pbn = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
        [Deal \"N:74.T8.K842.AQ743 JT832.J62.73.JT2 K.AKQ9754.96.K85 AQ965.3.AQJT5.96\"]\n\
        [Declarer \"E\"]\n[Contract \"4SX\"]\n[Result \"9\"]\n[Auction \"N\"]\nPass 1S\n";
    let b = pbn_play::read(pbn).remove(0).expect("read");
    let again = lin::read(&lin_write::write(&b))
        .remove(0)
        .expect("LIN read");
    assert_eq!(again.declared, b.declared);
    let mut named = b.clone();
    named.names[0] = "two\nlines".into();
    named.play.clear();
    named.claim = Some(9);
    let text = pbn_play_write::write(&named, None, &[]);
    let again = pbn_play::read(&text).remove(0).expect("PBN read");
    assert_eq!(
        (again.claim, again.names[0].as_str()),
        (Some(9), "two lines")
    );
}
