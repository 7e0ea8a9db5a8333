//! `cardtree experiment plan`: one experiment command cut into shard commands, for a cluster.
//!
//! The sharded runner ([`super::run`] with [`super::Shard`]) already makes a run's items
//! independent: shard `i` of `n` runs the items `k` with `k % n = i - 1` into its own
//! directory, and `cardtree experiment merge` combines the directories into what an unsharded
//! run writes. A plan prints the `n` shard commands and the merge, or a Slurm job array
//! (one array task a shard) that runs them.

use std::fmt::Write as _;

/// A plan: the experiment's arguments (after `cardtree experiment`, without `--shard`) and the
/// number of shards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The experiment command's arguments, `--out` among them.
    args: Vec<String>,
    /// Where `--out`'s value is in `args`.
    out_value: usize,
    /// `args[out_value]` is `--out=DIR` rather than `DIR`.
    joined: bool,
    /// The run's output directory.
    out: String,
    /// Shards, at least 1.
    shards: u32,
}

/// Why a command cannot be planned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanError {
    /// No `--out DIR` among the arguments.
    NoOut,
    /// The command already names a shard.
    HasShard,
    /// Zero shards.
    NoShards,
    /// `merge` or `plan`: not a run.
    NotARun,
}

impl std::fmt::Display for PlanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PlanError::NoOut => "the experiment command needs --out DIR (the merged output)",
            PlanError::HasShard => "the experiment command must not name a --shard: the plan does",
            PlanError::NoShards => "--shards must be at least 1",
            PlanError::NotARun => "only a run (mckay, leads, blackjack, pps) is sharded",
        })
    }
}

impl std::error::Error for PlanError {}

impl Plan {
    /// The plan of `args` (an experiment command as typed after `cardtree experiment`) in
    /// `shards` shards.
    pub fn new(args: &[String], shards: u32) -> Result<Plan, PlanError> {
        if shards == 0 {
            return Err(PlanError::NoShards);
        }
        if matches!(args.first().map(String::as_str), Some("merge" | "plan")) {
            return Err(PlanError::NotARun);
        }
        if args
            .iter()
            .any(|a| a == "--shard" || a.starts_with("--shard="))
        {
            return Err(PlanError::HasShard);
        }
        let (out_value, joined, out) = args
            .iter()
            .enumerate()
            .find_map(|(i, a)| {
                if a == "--out" {
                    args.get(i + 1).map(|v| (i + 1, false, v.clone()))
                } else {
                    a.strip_prefix("--out=").map(|v| (i, true, v.to_string()))
                }
            })
            .ok_or(PlanError::NoOut)?;
        Ok(Plan {
            args: args.to_vec(),
            out_value,
            joined,
            out,
            shards,
        })
    }

    /// Shard `i`'s output directory (`DIR/shard-i-of-n`, as the committed runs name them);
    /// `i` may be a shell expression such as `$i`.
    fn shard_dir(&self, i: &str) -> String {
        format!(
            "{}/shard-{i}-of-{}",
            self.out.trim_end_matches('/'),
            self.shards
        )
    }

    /// Shard `i`'s arguments: the command's, with `--shard i/n` and the shard's `--out`.
    /// `i` may be a shell expression, left unquoted so that the shell expands it.
    fn shard_command(&self, i: &str) -> String {
        let mut words: Vec<String> = Vec::with_capacity(self.args.len() + 2);
        for (k, a) in self.args.iter().enumerate() {
            if k == self.out_value {
                let dir = self.shard_dir(i);
                let dir = if i.starts_with('$') {
                    format!("\"{dir}\"")
                } else {
                    quote(&dir)
                };
                words.push(if self.joined {
                    format!("--out={dir}")
                } else {
                    dir
                });
            } else {
                words.push(quote(a));
            }
        }
        let shard = format!("{i}/{}", self.shards);
        words.push("--shard".to_string());
        words.push(if i.starts_with('$') {
            format!("\"{shard}\"")
        } else {
            quote(&shard)
        });
        words.join(" ")
    }

    /// The merge command, every shard directory named.
    fn merge_command(&self) -> String {
        let mut line = format!("experiment merge --out {}", quote(&self.out));
        for i in 1..=self.shards {
            line.push(' ');
            line.push_str(&quote(&self.shard_dir(&i.to_string())));
        }
        line
    }

    /// One command a line: the shards (run them anywhere, in any order, each once; a stopped
    /// shard resumes when run again), then the merge.
    #[must_use]
    pub fn commands(&self) -> String {
        let mut text = format!(
            "# {} shards of `cardtree experiment {}`; run each line once, anywhere, then the merge\n",
            self.shards,
            self.args.join(" ")
        );
        for i in 1..=self.shards {
            let _ = writeln!(
                text,
                "cardtree experiment {}",
                self.shard_command(&i.to_string())
            );
        }
        let _ = writeln!(text, "cardtree {}", self.merge_command());
        text
    }

    /// A Slurm job-array script: one array task a shard, `--threads` from the task's CPUs
    /// unless the command sets it; the merge to run once every task has finished.
    #[must_use]
    pub fn slurm(&self, cpus_per_task: u32, time: Option<&str>) -> String {
        let threads = self
            .args
            .iter()
            .any(|a| a == "--threads" || a.starts_with("--threads="));
        let name = self
            .args
            .first()
            .map_or("run".to_string(), |kind| format!("cardtree-{kind}"));
        let mut s = String::from("#!/bin/bash\n");
        let _ = writeln!(s, "#SBATCH --job-name={name}");
        let _ = writeln!(s, "#SBATCH --array=1-{}", self.shards);
        let _ = writeln!(s, "#SBATCH --cpus-per-task={cpus_per_task}");
        if let Some(t) = time {
            let _ = writeln!(s, "#SBATCH --time={t}");
        }
        let _ = write!(
            s,
            "#\n# {} shards of `cardtree experiment {}`, one array task each.\n\
             # Submit with `sbatch` on a machine that shares the output directory's file system;\n\
             # a task that stops resumes where it was when submitted again. When every task has\n\
             # finished (for example `sbatch --dependency=afterok:JOBID --wrap \"...\"`), merge:\n\
             #   cardtree {}\n\
             # CARDTREE names the binary (default: `cardtree` on the PATH).\n",
            self.shards,
            self.args.join(" "),
            self.merge_command()
        );
        s.push_str(
            "set -euo pipefail\ni=\"${SLURM_ARRAY_TASK_ID:?run this as a Slurm array task}\"\n",
        );
        let mut line = format!(
            "exec \"${{CARDTREE:-cardtree}}\" experiment {}",
            self.shard_command("$i")
        );
        if !threads {
            line.push_str(" --threads \"${SLURM_CPUS_PER_TASK:-1}\"");
        }
        s.push_str(&line);
        s.push('\n');
        s
    }
}

/// `word` as one POSIX shell word: unchanged when it holds only characters no shell treats
/// specially, else in single quotes.
fn quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-./:=,+@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn shard_commands_and_the_merge() {
        let plan = Plan::new(&args("pps --table best --games 500 --out runs/best"), 3).unwrap();
        let text = plan.commands();
        let lines: Vec<&str> = text.lines().skip(1).collect();
        assert_eq!(
            lines,
            [
                "cardtree experiment pps --table best --games 500 --out runs/best/shard-1-of-3 --shard 1/3",
                "cardtree experiment pps --table best --games 500 --out runs/best/shard-2-of-3 --shard 2/3",
                "cardtree experiment pps --table best --games 500 --out runs/best/shard-3-of-3 --shard 3/3",
                "cardtree experiment merge --out runs/best runs/best/shard-1-of-3 runs/best/shard-2-of-3 runs/best/shard-3-of-3",
            ]
        );
    }

    #[test]
    fn slurm_array_expands_the_task_id() {
        let plan = Plan::new(&args("mckay --deals d.jsonl --out=out dir"), 8).unwrap();
        let s = plan.slurm(4, Some("02:00:00"));
        assert!(s.starts_with("#!/bin/bash\n#SBATCH --job-name=cardtree-mckay\n#SBATCH --array=1-8\n#SBATCH --cpus-per-task=4\n#SBATCH --time=02:00:00\n"), "{s}");
        assert!(s.contains("exec \"${CARDTREE:-cardtree}\" experiment mckay --deals d.jsonl --out=\"out/shard-$i-of-8\" dir --shard \"$i/8\" --threads \"${SLURM_CPUS_PER_TASK:-1}\"\n"), "{s}");
        let own = Plan::new(&args("pps --threads 2 --out o"), 2).unwrap();
        assert!(!own.slurm(1, None).contains("SLURM_CPUS_PER_TASK"));
    }

    #[test]
    fn refusals() {
        assert_eq!(
            Plan::new(&args("pps --table best"), 2),
            Err(PlanError::NoOut)
        );
        assert_eq!(
            Plan::new(&args("pps --out o --shard 1/2"), 2),
            Err(PlanError::HasShard)
        );
        assert_eq!(Plan::new(&args("pps --out o"), 0), Err(PlanError::NoShards));
        assert_eq!(
            Plan::new(&args("merge --out o a b"), 2),
            Err(PlanError::NotARun)
        );
    }

    #[test]
    fn words_are_quoted_for_the_shell() {
        assert_eq!(quote("a b"), "'a b'");
        assert_eq!(quote("it's"), "'it'\\''s'");
        assert_eq!(quote("-1,-1,1"), "-1,-1,1");
        assert_eq!(quote(""), "''");
    }
}
