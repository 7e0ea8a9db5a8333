//! [`judge`]: a card of a played hand valued single dummy, from what its chooser could see.
//!
//! The double-dummy [`review`](crate::bridge::review) charges a card with the tricks it lost
//! against a player who could see every hand. A player sees only their own hand and dummy's;
//! the single-dummy judge asks instead what each card the chooser could have played was worth
//! given what they had seen ([`PlayView`]): it draws layouts of the hidden hands that agree
//! with it, solves each one exactly, and gives every legal card its mean tricks and its chance
//! to reach the side's target (make the contract for declarer, beat it for the defence). This
//! is how bridge programs choose a card (McKay & Kruskal, "A New Method of Averaging in Monte
//! Carlo Game Tree Search", undated, 2009 or later; introduction) and how BEN, the open-source
//! bridge engine, judges each card of a hand it analyses, marking a card that loses more than
//! [`DUBIOUS`] tricks against the best with `?` and more than [`MISTAKE`] with `??`.
//!
//! A card that cost a trick double dummy but is the best or nearly the best single dummy was
//! unlucky, not a mistake: [`Verdict`] names the four cases.
//!
//! Layout `i` is [`PlayView::sample`]`(seed, i)`; the tallies are integer sums, so a judgement
//! is the same bits on every machine and for any split of the work.

use super::seat::Seat;
use super::solver::{SolveStats, SolverConfig, TableMemory, TransTable, solve_with};
use super::view::{PlayView, ViewError};
use crate::card::Card;

/// BEN's threshold for a dubious card (`?`): it loses more than 0.1 tricks on average against
/// the best card single dummy.
pub const DUBIOUS: f64 = 0.1;

/// BEN's threshold for a mistake (`??`): more than 0.6 tricks.
pub const MISTAKE: f64 = 0.6;

/// How a [`judge`] runs.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct JudgeConfig {
    /// Layouts a card. Default 100.
    pub samples: u32,
    /// The seed of the layouts' streams. Default 1.
    pub seed: u64,
    /// Tries each layout may take ([`PlayView::draw`]). Default
    /// [`DEFAULT_MAX_TRIES`](crate::bridge::DEFAULT_MAX_TRIES).
    pub max_tries: u32,
    /// The solver's techniques. Default [`SolverConfig::ALL`].
    pub solver: SolverConfig,
}

impl Default for JudgeConfig {
    fn default() -> Self {
        JudgeConfig {
            samples: 100,
            seed: 1,
            max_tries: super::layout::DEFAULT_MAX_TRIES,
            solver: SolverConfig::ALL,
        }
    }
}

/// One legal card's worth over the layouts.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct CardOdds {
    /// The card.
    pub card: Card,
    /// Mean tricks the chooser's side takes from this point on (the trick in progress
    /// included) if the card is played and everyone then plays double dummy.
    pub tricks: f64,
    /// The share of layouts on which the card reaches the side's target.
    pub reach: f64,
}

/// What a [`judge`] found.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Judgement {
    /// Every legal card, highest first (spades to clubs).
    pub cards: heapless::Vec<CardOdds, 13>,
    /// Who chose.
    pub chooser: Seat,
    /// The tricks from this point on the chooser's side needs (see [`judge`]).
    pub target: u8,
    /// Layouts valued.
    pub samples: u32,
    /// Tries the layouts took.
    pub tries: u64,
    /// The solver's work.
    pub stats: SolveStats,
}

impl Judgement {
    /// The card with the most mean tricks (the higher chance to reach the target between
    /// equals, then the higher card).
    #[must_use]
    pub fn best(&self) -> Option<&CardOdds> {
        self.cards
            .iter()
            .fold(None, |best: Option<&CardOdds>, c| match best {
                Some(b) if (b.tricks, b.reach) >= (c.tricks, c.reach) => Some(b),
                _ => Some(c),
            })
    }

    /// `card`'s odds, if it was legal.
    #[must_use]
    pub fn of(&self, card: Card) -> Option<&CardOdds> {
        self.cards.iter().find(|c| c.card == card)
    }

    /// Mean tricks `card` loses against the best card (0 for the best).
    #[must_use]
    pub fn loss(&self, card: Card) -> Option<f64> {
        let best = self.best()?.tricks;
        self.of(card).map(|c| (best - c.tricks).max(0.0))
    }
}

/// A card judged both ways.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Verdict {
    /// Lost nothing double dummy, and within [`DUBIOUS`] of the best single dummy.
    Good = 0,
    /// Lost tricks double dummy, but within [`DUBIOUS`] of the best single dummy: the lie of
    /// the cards, not the player.
    Unlucky = 1,
    /// Lost nothing double dummy, but more than [`DUBIOUS`] single dummy: the lie of the cards
    /// forgave it.
    Lucky = 2,
    /// Lost tricks double dummy and more than [`DUBIOUS`] single dummy.
    Mistake = 3,
}

impl Verdict {
    /// The verdict for a card that cost `cost` tricks double dummy and `loss` mean tricks
    /// single dummy.
    #[must_use]
    pub fn of(cost: u8, loss: f64) -> Verdict {
        match (cost > 0, loss > DUBIOUS) {
            (false, false) => Verdict::Good,
            (true, false) => Verdict::Unlucky,
            (false, true) => Verdict::Lucky,
            (true, true) => Verdict::Mistake,
        }
    }

    /// The PBN annotation of a single-dummy loss: `??` past [`MISTAKE`], `?` past
    /// [`DUBIOUS`], none within it.
    #[must_use]
    pub fn mark(loss: f64) -> &'static str {
        if loss > MISTAKE {
            "??"
        } else if loss > DUBIOUS {
            "?"
        } else {
            ""
        }
    }
}

/// Values every legal card of `view`'s chooser over `config.samples` layouts, each solved
/// exactly on `table`; `target` is the tricks from this point on (the trick in progress
/// included) the chooser's side needs: to make the contract for declarer's side, to beat it
/// for the defence.
pub fn judge<M: TableMemory>(
    view: &PlayView,
    target: u8,
    config: &JudgeConfig,
    table: &mut TransTable<M>,
) -> Result<Judgement, ViewError> {
    let legal = view.position().legal();
    let mut sums = [(0u32, 0u32); 13];
    let mut out = Judgement {
        cards: heapless::Vec::new(),
        chooser: view.chooser(),
        target,
        samples: 0,
        tries: 0,
        stats: SolveStats::default(),
    };
    for card in legal.iter().rev() {
        let _ = out.cards.push(CardOdds {
            card,
            tricks: 0.0,
            reach: 0.0,
        });
    }
    for i in 0..config.samples {
        let (position, tries) = view.sample(config.seed, u64::from(i), config.max_tries)?;
        out.tries = out.tries.saturating_add(u64::from(tries));
        let solution = solve_with(&position, table, &config.solver);
        out.stats.add(&solution.stats);
        for &(card, tricks) in &solution.cards {
            let k = out.cards.iter().position(|c| c.card == card);
            if let Some(s) = k.and_then(|k| sums.get_mut(k)) {
                s.0 += u32::from(tricks);
                s.1 += u32::from(tricks >= target);
            }
        }
        out.samples += 1;
    }
    let n = f64::from(out.samples.max(1));
    for (c, &(tricks, reach)) in out.cards.iter_mut().zip(&sums) {
        c.tricks = f64::from(tricks) / n;
        c.reach = f64::from(reach) / n;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::pbn::{self, SizeRule};
    use crate::bridge::{BridgePlay, Constraints, Strain, TtLine};

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    /// Eight trumps missing the queen (AKJT9 facing 876): the textbook play is to cash the
    /// ace (a singleton queen falls), then finesse through East on the second round rather
    /// than play for the drop. Here West holds Q4, so double dummy the drop was right: the
    /// finesse is unlucky, the drop lucky.
    #[test]
    fn eight_ever_the_single_dummy_judge_finesses() {
        let deal = pbn::parse(
            "N:876.AKQ2.AKQ.432 532.JT98.JT9.T98 AKJT9.43.432.AK5 Q4.765.8765.QJ76",
            SizeRule::Full,
        )
        .unwrap();
        let start = BridgePlay::new(&deal, Strain::Spades, Seat::West).unwrap();
        // West leads a heart to dummy's ace; a spade to the ace; a heart to dummy's king;
        // dummy leads a second spade and East plays low.
        let played = [
            "H7", "HA", "H8", "H3", "S6", "S2", "SA", "S4", "H4", "H6", "HK", "H9", "S7", "S3",
        ]
        .map(card);
        let view = PlayView::new(&start, &played, Constraints::default()).unwrap();
        assert_eq!(view.chooser(), Seat::South);
        let mut lines = [TtLine::ZERO; 1 << 12];
        let mut table = crate::bridge::TransTable::new(&mut lines[..]);
        let truth = crate::bridge::solve(view.position(), &mut table);
        let of = |c: &str| truth.cards.iter().find(|x| x.0 == card(c)).unwrap().1;
        assert_eq!(of("SK"), of("S9") + 1, "double dummy the drop wins a trick");
        let config = JudgeConfig {
            samples: 200,
            ..JudgeConfig::default()
        };
        let j = judge(&view, of("SK"), &config, &mut table).unwrap();
        assert_eq!(j.samples, 200);
        let (king, finesse) = (j.of(card("SK")).unwrap(), j.of(card("S9")).unwrap());
        assert!(finesse.tricks > king.tricks + DUBIOUS, "{j:?}");
        assert!(finesse.reach > king.reach, "{j:?}");
        // J, T and 9 are equal cards: the same on every layout.
        assert_eq!(
            j.of(card("SJ")),
            Some(&CardOdds {
                card: card("SJ"),
                ..*finesse
            })
        );
        assert_eq!(j.loss(card("S9")), Some(0.0));
        assert_eq!(
            Verdict::of(1, j.loss(card("S9")).unwrap()),
            Verdict::Unlucky
        );
        assert_eq!(Verdict::of(0, j.loss(card("SK")).unwrap()), Verdict::Lucky);
        // The same bits again.
        assert_eq!(
            judge(&view, of("SK"), &config, &mut table).unwrap().cards,
            j.cards
        );
    }

    #[test]
    fn marks_follow_ben_s_thresholds() {
        assert_eq!(Verdict::mark(0.05), "");
        assert_eq!(Verdict::mark(0.2), "?");
        assert_eq!(Verdict::mark(0.7), "??");
        assert_eq!(Verdict::of(0, 0.0), Verdict::Good);
        assert_eq!(Verdict::of(2, 0.9), Verdict::Mistake);
    }
}
