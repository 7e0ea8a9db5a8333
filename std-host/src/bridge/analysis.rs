//! [`Analysis`]: one board of a record as `cardtree bridge analyse` judged it, double dummy
//! and (each card a [`CardJudgement`]) single dummy.

use cardtree::Card;
use cardtree::bridge::{Judgement, Review, Verdict};

use crate::bridge::played::PlayedBoard;

/// One board judged: the board, and its review (`None` when it has no play to judge: passed
/// out, or no contract).
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The board as read.
    pub board: PlayedBoard,
    /// The double-dummy review of its play.
    pub review: Option<Review>,
    /// With the single-dummy judge, one entry a card of the play (`None` for a card its
    /// player had no choice over); empty without it.
    pub single: Vec<Option<CardJudgement>>,
}

/// One card of a board judged single dummy.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    /// The card played.
    pub card: Card,
    /// Every legal card's odds.
    pub judgement: Judgement,
    /// Mean tricks the card played lost against the best.
    pub loss: f64,
    /// The card judged both ways (with its double-dummy cost).
    pub verdict: Verdict,
}

/// What became of one card of a board.
#[derive(Clone, Debug, PartialEq)]
pub enum CardJudgement {
    /// Judged.
    Judged(Box<Judged>),
    /// Its layouts could not be drawn (the constraints, or a broken record).
    Failed(String),
    /// Not run: the judge was stopped first.
    Stopped,
}
