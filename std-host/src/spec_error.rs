//! A spec's refusal ([`SpecError`]) and the doors that report it, each in its own spelling
//! ([`Door`]).

use std::fmt;

/// A way into cardtree, and how it spells an option's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Door {
    /// The command line: `--final-move`.
    Cli,
    /// Python keywords: `final_move`.
    Python,
    /// JavaScript fields: `finalMove`.
    Js,
}

impl Door {
    /// The spec's name (snake case) as this door writes it.
    #[must_use]
    pub fn spell(self, name: &str) -> String {
        match self {
            Door::Cli => format!("--{}", name.replace('_', "-")),
            Door::Python => name.to_string(),
            Door::Js => {
                let mut out = String::with_capacity(name.len());
                let mut upper = false;
                for c in name.chars() {
                    if c == '_' {
                        upper = true;
                    } else if upper {
                        out.extend(c.to_uppercase());
                        upper = false;
                    } else {
                        out.push(c);
                    }
                }
                out
            }
        }
    }
}

/// A refusal: the option and what is wrong with its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    /// The option's name (snake case).
    pub option: &'static str,
    /// What is wrong, without the option's name.
    pub problem: String,
    /// For a fault inside a text: the text around it, and the same with a `^` at the fault
    /// (the command line shows the caret; the other doors the text).
    pub near: Option<(String, String)>,
}

impl SpecError {
    /// The refusal of `option`.
    #[must_use]
    pub fn new(option: &'static str, problem: impl fmt::Display) -> SpecError {
        SpecError {
            option,
            problem: problem.to_string(),
            near: None,
        }
    }

    /// The refusal of `option`'s text `text` for `problem` at byte `at`: the problem says the
    /// character, and up to 40 characters either side are shown (control characters escaped,
    /// so the message stays one short line whatever the text holds).
    #[must_use]
    pub fn at(
        option: &'static str,
        text: &str,
        at: usize,
        problem: impl fmt::Display,
    ) -> SpecError {
        const AROUND: usize = 40;
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let (before, after) = text.split_at(at);
        let skip = before.chars().count().saturating_sub(AROUND);
        let lead = if skip > 0 { "..." } else { "" };
        let near_before: String = before.chars().skip(skip).collect();
        let near_after: String = after.chars().take(AROUND).collect();
        let tail = if after.chars().count() > AROUND {
            "..."
        } else {
            ""
        };
        let (b, a) = (near_before.escape_debug(), near_after.escape_debug());
        SpecError {
            option,
            problem: format!("{problem} at character {}", before.chars().count() + 1),
            near: Some((
                format!("{lead}{b}{a}{tail}"),
                format!("{lead}{b}^{a}{tail}"),
            )),
        }
    }

    /// The one-line message in `door`'s words: the option as that door spells it, then the
    /// problem (and for a fault in a text, the text near it: with a caret on the command line).
    #[must_use]
    pub fn message(&self, door: Door) -> String {
        let name = door.spell(self.option);
        match (&self.near, door) {
            (None, _) => format!("{name}: {}", self.problem),
            (Some((_, caret)), Door::Cli) => format!("{name}: {}: \"{caret}\"", self.problem),
            (Some((plain, _)), _) => format!("{name}: {} (near \"{plain}\")", self.problem),
        }
    }
}
