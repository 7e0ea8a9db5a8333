//! The opening lead by one information-set search: [`LeadInformationSet`], the leader's view,
//! and [`ismcts_lead`].

use rand_core::Rng;

use crate::bridge::play::BridgePlay;
use crate::bridge::seat::Seat;
use crate::card::Card;
use crate::cards::Cards;
use crate::game::{Game, MoveList};
use crate::rng;
use crate::search::{InformationSet, RandomPolicy, SearchError, UctConfig, ismcts};
use crate::tree::{Storage, TreeInner};

use super::tally::{CardLead, LeadReport};
use super::{LeadError, LeadProblem};

/// The leader's information set for [`ismcts`]: a layout per iteration, and every card a
/// hidden hand might hold as that hand's possible moves.
#[derive(Clone, Copy, Debug)]
pub struct LeadInformationSet<'p> {
    problem: &'p LeadProblem,
    max_tries: u32,
    /// Layouts drawn so far.
    pub layouts: u32,
    /// Tries they took.
    pub tries: u64,
    /// Why the last draw failed, if it did.
    pub error: Option<LeadError>,
}

impl<'p> LeadInformationSet<'p> {
    /// The information set of `problem`'s leader; each layout may take `max_tries` tries.
    #[must_use]
    pub fn new(problem: &'p LeadProblem, max_tries: u32) -> Self {
        LeadInformationSet {
            problem,
            max_tries,
            layouts: 0,
            tries: 0,
            error: None,
        }
    }
}

impl InformationSet<BridgePlay> for LeadInformationSet<'_> {
    fn determinize<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<BridgePlay> {
        let drawn = self
            .problem
            .layouts
            .draw(rng, self.max_tries)
            .map_err(LeadError::from)
            .and_then(|d| {
                self.tries += u64::from(d.tries);
                self.problem.position(&d.deal)
            });
        match drawn {
            Ok(p) => {
                self.layouts += 1;
                Some(p)
            }
            Err(e) => {
                self.error = Some(e);
                None
            }
        }
    }

    fn possible_moves(&self, state: &BridgePlay, moves: &mut MoveList<Card>) {
        let mover = state.to_move();
        if self.problem.layouts.known(mover).is_some() {
            state.legal_moves(moves);
            return;
        }
        // A hidden hand may hold any card no known hand holds and nobody has played: the
        // same set in every layout that agrees with the play so far.
        moves.clear();
        let hidden = Seat::ALL
            .iter()
            .filter(|&&s| self.problem.layouts.known(s).is_none())
            .fold(Cards::EMPTY, |a, &s| a | state.hand(s));
        for card in hidden.iter().rev() {
            let _ = moves.push(card);
        }
    }
}

/// Information-set MCTS for the lead: one [`ismcts`] search of `config` in `tree`, seeded by
/// [`rng::stream`](crate::rng::stream)`(seed, 0)`. Each card's `tricks` is its root child's value, `layouts` its
/// visits; `by_tricks` is the search's own choice ([`UctConfig::final_move`]); there are no
/// per-layout values, so no standard errors and no set chances. `tries` counts the layouts'.
pub fn ismcts_lead<B: Storage<Card>>(
    problem: &LeadProblem,
    tree: &mut TreeInner<Card, B>,
    config: &UctConfig,
    seed: u64,
    max_tries: u32,
) -> Result<LeadReport, LeadError> {
    let mut info = LeadInformationSet::new(problem, max_tries);
    let mut rng = rng::stream(seed, 0);
    let config = UctConfig {
        reuse_tree: false,
        ..*config
    };
    let result = match ismcts(tree, &mut info, &config, &mut RandomPolicy, &mut rng) {
        Ok(r) => r,
        Err(SearchError::NoDeterminization) => {
            return Err(info
                .error
                .unwrap_or(LeadError::Search(SearchError::NoDeterminization)));
        }
        Err(e) => return Err(e.into()),
    };
    // The root's side is the leader's: values are the leader's side's tricks.
    let mut cards = heapless::Vec::new();
    for (card, _) in problem.groups() {
        let child = result.children.iter().find(|c| c.mv == card);
        let (tricks, visits) = child.map_or((0.0, 0), |c| (c.value, c.visits));
        let _ = cards.push(CardLead {
            card,
            layouts: visits,
            tricks: Some(tricks),
            tricks_se: None,
            set: None,
            set_se: None,
        });
    }
    Ok(LeadReport {
        cards,
        by_tricks: result.best,
        by_set: None,
        layouts: info.layouts,
        tries: info.tries,
    })
}
