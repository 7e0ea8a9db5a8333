//! The opening-lead advisor's options, once ([`LeadSpec`], a [`Spec`]): `cardtree bridge lead`'s
//! flags are derived from it, Python's `lead` keywords and the page's `LeadAdvisor` fields read
//! into it. Every option is checked here (the hand against the leader, the contract, the
//! constraints with the place of a fault), so each door refuses in its own spelling.

use cardtree::Seat;
use cardtree::bridge::{Constraints, Contract, DEFAULT_MAX_TRIES, Objective};

use crate::bridge::lead::MethodKind;
use crate::limits;
use crate::shared_opts::{TABLE_MIB, THREADS, a_seat, reads, seat_of};
use crate::spec::{Fallback, Given, OptSpec, Spec, SpecError, Value, had};

/// `cardtree bridge lead`'s options, typed and checked.
#[derive(Clone, Debug, PartialEq)]
pub struct LeadSpec {
    /// The leader's hand, PBN (`KQT2.853.AJ9.742`): 13 cards.
    pub hand: String,
    /// The contract.
    pub contract: Contract,
    /// The leader, if given (declarer's left-hand opponent).
    pub seat: Option<Seat>,
    /// The declarer.
    pub declarer: Seat,
    /// What the auction told (it reads as [`Constraints`]).
    pub constraints: String,
    /// Layouts to value.
    pub samples: u32,
    /// How to value the leads.
    pub method: MethodKind,
    /// Playouts per layout (UCT) or iterations in all (ISMCTS); `None`: the method's default.
    pub playouts: Option<u32>,
    /// McKay's exploration constant.
    pub c: f64,
    /// The power of the backups.
    pub p: f64,
    /// The seed: layout `i` is drawn from stream (`seed`, `i`).
    pub seed: u64,
    /// What chooses the best card.
    pub objective: Objective,
    /// Tries allowed to draw one layout.
    pub max_tries: u32,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Transposition-table memory per thread, in MiB.
    pub table_mib: usize,
}

/// A contract's text reads.
fn a_contract(v: &Value) -> Result<(), String> {
    reads(v, str::parse::<Contract>)
}

fn samples_fit(v: &Value) -> Result<(), String> {
    match *v {
        Value::Whole(n) => limits::samples_fit(n),
        _ => Ok(()),
    }
}

const HAND: OptSpec = OptSpec::text(
    "hand",
    "The leader's hand, PBN: spades.hearts.diamonds.clubs, e.g. \"KQT2.853.AJ9.742\"",
    Fallback::Required,
);
const SEAT: OptSpec = OptSpec::text(
    "seat",
    "The leader (declarer's left-hand opponent; the default)",
    Fallback::Decided,
)
.limited(a_seat);
const CONTRACT: OptSpec = OptSpec::text(
    "contract",
    "The contract: level and strain, e.g. 3NT, 4S, 6Cx",
    Fallback::Required,
)
.limited(a_contract);
const DECLARER: OptSpec = OptSpec::text(
    "declarer",
    "The declarer: N, E, S or W",
    Fallback::Text("S"),
)
.limited(a_seat);
const CONSTRAINTS: OptSpec = OptSpec::text(
    "constraints",
    "What the auction told: e.g. \"S: 15-17 hcp, 2-4 S; N: 8-15 hcp\"",
    Fallback::Text(""),
);
const SAMPLES: OptSpec = OptSpec::whole(
    "samples",
    "Layouts to value (solver, uct)",
    1,
    u32::MAX as u64,
    Fallback::Whole(100),
)
.limited(samples_fit);
const METHOD: OptSpec = OptSpec::choice(
    "method",
    "How to value the leads: solver, uct or ismcts",
    &MethodKind::NAMES,
    Fallback::Choice("solver"),
);
const PLAYOUTS: OptSpec = OptSpec::whole(
    "playouts",
    "Playouts per layout (uct, default 1000) or iterations in all (ismcts, default 100000)",
    1,
    limits::MOST_ITERATIONS as u64,
    Fallback::Decided,
);
const C: OptSpec = OptSpec::real(
    "c",
    "McKay's exploration constant c (uct, ismcts)",
    0.0,
    f64::MAX,
    Fallback::Real(16.0),
);
const P: OptSpec = OptSpec::real(
    "p",
    "The power of the backups, 1 = the mean (uct, ismcts)",
    1.0,
    f64::MAX,
    Fallback::Real(1.0),
);
const SEED: OptSpec = crate::shared_opts::seed("The seed: layout i is drawn from stream (seed, i)");
const OBJECTIVE: OptSpec = OptSpec::choice(
    "objective",
    "What chooses the best card: mean tricks or the chance to beat the contract",
    &Objective::NAMES,
    Fallback::Choice("set"),
);
const MAX_TRIES: OptSpec = OptSpec::whole(
    "max_tries",
    "Tries allowed to draw one layout before the constraints are called impossible",
    1,
    u32::MAX as u64,
    Fallback::Whole(DEFAULT_MAX_TRIES as u64),
);
impl Spec for LeadSpec {
    const COMMAND: &'static str = "bridge lead";
    const OPTIONS: &'static [OptSpec] = &[
        HAND,
        CONTRACT,
        SEAT,
        DECLARER,
        CONSTRAINTS,
        SAMPLES,
        METHOD,
        PLAYOUTS,
        C,
        P,
        SEED,
        OBJECTIVE,
        MAX_TRIES,
        THREADS,
        TABLE_MIB,
    ];

    fn from_given(g: &Given) -> Result<LeadSpec, SpecError> {
        let declarer = had(&DECLARER, seat_of(g, &DECLARER)?)?;
        let leader = declarer.next();
        let seat = seat_of(g, &SEAT)?;
        if let Some(s) = seat.filter(|&s| s != leader) {
            return Err(SpecError::new(
                SEAT.name,
                format!("{s} does not lead against {declarer}: the opening leader is {leader}"),
            ));
        }
        let hand = g.text(&HAND)?.unwrap_or_default().to_string();
        let cards = cardtree::pbn::hand(&hand, leader).map_err(|e| SpecError::new(HAND.name, e))?;
        if cards.len() != 13 {
            return Err(SpecError::new(
                HAND.name,
                format!("has {} cards, want 13", cards.len()),
            ));
        }
        let contract = g
            .text(&CONTRACT)?
            .unwrap_or_default()
            .parse::<Contract>()
            .map_err(|e| SpecError::new(CONTRACT.name, e))?;
        let constraints = g.text(&CONSTRAINTS)?.unwrap_or_default().to_string();
        if let Err(e) = constraints.parse::<Constraints>() {
            return Err(SpecError::at(CONSTRAINTS.name, &constraints, e.at, e.kind));
        }
        Ok(LeadSpec {
            hand,
            seat,
            contract,
            declarer,
            constraints,
            samples: had(&SAMPLES, g.whole(&SAMPLES))? as u32,
            method: had(&METHOD, g.choice(&METHOD)?)?,
            playouts: g.whole(&PLAYOUTS).map(|n| n as u32),
            c: had(&C, g.real(&C))?,
            p: had(&P, g.real(&P))?,
            seed: had(&SEED, g.whole(&SEED))?,
            objective: had(&OBJECTIVE, g.choice(&OBJECTIVE)?)?,
            max_tries: had(&MAX_TRIES, g.whole(&MAX_TRIES))? as u32,
            threads: had(&THREADS, g.whole(&THREADS))? as usize,
            table_mib: had(&TABLE_MIB, g.whole(&TABLE_MIB))? as usize,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Door;

    fn given(pairs: &[(&str, &str)]) -> Result<LeadSpec, SpecError> {
        let mut g = Given::new();
        for &(name, text) in pairs {
            let o = LeadSpec::OPTIONS.iter().find(|o| o.name == name).unwrap();
            let v = o.read(text).map_err(|p| SpecError::new(o.name, p))?;
            g.set(LeadSpec::OPTIONS, name, v)?;
        }
        LeadSpec::from_given(&g)
    }

    #[test]
    fn each_refusal_names_the_option_in_each_door() {
        let ok = given(&[("hand", "KQT2.853.AJ9.742"), ("contract", "3NT")]).unwrap();
        assert_eq!((ok.declarer, ok.samples, ok.seat), (Seat::South, 100, None));
        let e = given(&[("hand", "KQT2.853.AJ9.74"), ("contract", "3NT")]).unwrap_err();
        assert_eq!(e.message(Door::Python), "hand: has 12 cards, want 13");
        assert_eq!(e.message(Door::Cli), "--hand: has 12 cards, want 13");
        let e = given(&[("hand", "KQT2.853.AJ9.742")]).unwrap_err();
        assert_eq!(e.message(Door::Js), "contract: is needed");
        let e = given(&[
            ("hand", "KQT2.853.AJ9.742"),
            ("contract", "3NT"),
            ("max_tries", "0"),
        ])
        .unwrap_err();
        assert_eq!(
            e.message(Door::Js),
            "maxTries: 0 is not from 1 to 4294967295"
        );
        let e = given(&[
            ("hand", "KQT2.853.AJ9.742"),
            ("contract", "3NT"),
            ("constraints", "S: 15-17 hcpx"),
        ])
        .unwrap_err();
        let (cli, js) = (e.message(Door::Cli), e.message(Door::Js));
        assert!(
            cli.starts_with("--constraints: ") && cli.contains('^'),
            "{cli}"
        );
        assert!(js.starts_with("constraints: ") && !js.contains('^'), "{js}");
        let e = given(&[
            ("hand", "KQT2.853.AJ9.742"),
            ("contract", "3NT"),
            ("seat", "N"),
        ])
        .unwrap_err();
        assert!(e.message(Door::Cli).starts_with("--seat: N does not lead"));
    }
}
