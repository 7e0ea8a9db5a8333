//! `cardtree experiment plan`: one experiment command cut into shard commands, for a cluster.
//!
//! The sharded runner ([`super::run`] with [`super::Shard`]) already makes a run's items
//! independent: shard `i` of `n` runs the items `k` with `k % n = i - 1` into its own
//! directory, and `cardtree experiment merge` combines the directories into what an unsharded
//! run writes. A plan prints the `n` shard commands and the merge, or a Slurm job array
//! (one array task a shard) that runs them.

use std::fmt::Write as _;
use std::path::Path;

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
    /// The command's `--threads` is not a number of CPUs for a task, or differs from
    /// `--cpus-per-task`.
    Threads,
    /// A shard's command would not run: what its parser said.
    Unrunnable(String),
}

impl std::fmt::Display for PlanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let PlanError::Unrunnable(why) = self {
            return f.write_str(why);
        }
        f.write_str(match self {
            PlanError::NoOut => "the experiment command needs --out DIR (the merged output)",
            PlanError::HasShard => "the experiment command must not name a --shard: the plan does",
            PlanError::NoShards => "--shards must be at least 1",
            PlanError::NotARun => "only a run (mckay, leads, blackjack, pps, tables) is sharded",
            PlanError::Threads => {
                "a Slurm task's CPUs are the command's --threads: give them as a number above 0, the same as --cpus-per-task (or give only one of the two)"
            }
            PlanError::Unrunnable(_) => "",
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

    /// [`Plan::new`], and only if every shard's command parses as the shards will run it:
    /// `parse` reads a command's words (after `cardtree experiment`, the shard's `--shard`
    /// among them) as the program does, saying what is wrong if they do not read. The first
    /// shard's stands for all: they differ in the shard and the directory alone.
    pub fn runnable(
        args: &[String],
        shards: u32,
        parse: impl Fn(&[String]) -> Result<(), String>,
    ) -> Result<Plan, PlanError> {
        let plan = Plan::new(args, shards)?;
        let mut words = plan.args.clone();
        words.extend(["--shard".to_string(), format!("1/{shards}")]);
        parse(&words).map_err(PlanError::Unrunnable)?;
        Ok(plan)
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
    /// `i` may be a shell variable such as `$SLURM_ARRAY_TASK_ID`, which the shell expands.
    fn shard_command(&self, i: &str) -> String {
        // The shard's number inside a word: quoted text around it, the variable in double quotes.
        let word = |before: &str, after: &str| match i.strip_prefix('$') {
            Some(var) => {
                let before = if before.is_empty() {
                    String::new()
                } else {
                    quote(before)
                };
                format!("{before}\"${{{var}}}\"{}", quote(after))
            }
            None => quote(&format!("{before}{i}{after}")),
        };
        let mut words: Vec<String> = Vec::with_capacity(self.args.len() + 2);
        for (k, a) in self.args.iter().enumerate() {
            if k == self.out_value {
                let dir = word(
                    &format!("{}/shard-", self.out.trim_end_matches('/')),
                    &format!("-of-{}", self.shards),
                );
                words.push(if self.joined {
                    format!("--out={dir}")
                } else {
                    dir
                });
            } else {
                words.push(quote(a));
            }
        }
        words.push("--shard".to_string());
        words.push(word("", &format!("/{}", self.shards)));
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

    /// The same plan with every path the command names (`--out`, `--file`/`--deals`, `--pbn`,
    /// `--values`) made absolute against `cwd`, so that a job started in another folder (a
    /// cluster's, on another node) finds them.
    #[must_use]
    pub fn resolved(&self, cwd: &Path) -> Plan {
        let absolute = |v: &str| -> String {
            let p = Path::new(v);
            if p.is_absolute() {
                v.to_string()
            } else {
                cwd.join(p).display().to_string()
            }
        };
        let mut args = self.args.clone();
        let mut k = 0;
        while k < args.len() {
            let (flag, joined) = match args[k].split_once('=') {
                Some((flag, _)) => (flag.to_string(), true),
                None => (args[k].clone(), false),
            };
            if PATH_FLAGS.contains(&flag.as_str()) {
                if joined {
                    let value = args[k][flag.len() + 1..].to_string();
                    args[k] = format!("{flag}={}", absolute(&value));
                } else if let Some(value) = args.get(k + 1).cloned() {
                    args[k + 1] = absolute(&value);
                    k += 1;
                }
            }
            k += 1;
        }
        Plan {
            out: absolute(&self.out),
            args,
            ..self.clone()
        }
    }

    /// The threads the command sets (`--threads T`), if it does.
    fn threads(&self) -> Option<&str> {
        self.args.iter().enumerate().find_map(|(k, a)| {
            if a == "--threads" {
                self.args.get(k + 1).map(String::as_str)
            } else {
                a.strip_prefix("--threads=")
            }
        })
    }

    /// A Slurm script that runs the plan: `bash SCRIPT` submits the shards as one job array
    /// (one task a shard, `cpus` CPUs each: the command's `--threads`, else `cpus_per_task`,
    /// else 1) and their merge as a job that starts when every task has finished; the same
    /// file is what each job runs. Tasks may be requeued (a requeued or resubmitted task
    /// resumes from its journal). `binary` is the cardtree to run (the environment's
    /// `CARDTREE` overrides it); the paths are made absolute against `cwd`.
    pub fn slurm(
        &self,
        cpus_per_task: Option<u32>,
        time: Option<&str>,
        binary: &str,
        cwd: &Path,
    ) -> Result<String, PlanError> {
        let plan = self.resolved(cwd);
        let cpus = match (plan.threads(), cpus_per_task) {
            (Some(t), cpus) => {
                let t: u32 = t
                    .parse()
                    .ok()
                    .filter(|&t| t > 0)
                    .ok_or(PlanError::Threads)?;
                if cpus.is_some_and(|c| c != t) {
                    return Err(PlanError::Threads);
                }
                t
            }
            (None, cpus) => cpus.unwrap_or(1),
        };
        let name = plan
            .args
            .first()
            .map_or("run".to_string(), |kind| format!("cardtree-{kind}"));
        let n = plan.shards;
        let out = quote(&plan.out);
        let mut s = String::from("#!/bin/bash\n");
        let _ = write!(
            s,
            "# cardtree on Slurm: {n} shards of `cardtree experiment {}`,\n\
             # one array task each, then their merge in a job that starts when every task is done.\n\
             #\n\
             #   bash THIS_FILE    submits both (where sbatch runs and {out} is on a shared file system)\n\
             #\n\
             # Task i writes {out}/shard-i-of-{n}; a task requeued (scontrol requeue JOB_i) or\n\
             # submitted again (CARDTREE_STEP=shard sbatch --array=i THIS_FILE) resumes where it\n\
             # stopped. The merge writes {out}, as one unsharded run would. Logs: {out}/slurm/.\n\
             # CARDTREE in the environment names another binary.\n",
            plan.args.join(" ")
        );
        let _ = writeln!(s, "#SBATCH --job-name={name}");
        s.push_str("#SBATCH --requeue\n#SBATCH --open-mode=append\n");
        if let Some(t) = time {
            let _ = writeln!(s, "#SBATCH --time={t}");
        }
        let _ = write!(
            s,
            "set -euo pipefail\ncardtree=\"${{CARDTREE:-{}}}\"\n",
            binary.replace(['"', '\\', '$', '`'], "")
        );
        let mut task = format!(
            "  exec \"$cardtree\" experiment {}",
            plan.shard_command("$SLURM_ARRAY_TASK_ID")
        );
        if plan.threads().is_none() {
            task.push_str(" --threads \"${SLURM_CPUS_PER_TASK:-1}\"");
        }
        let _ = write!(
            s,
            "case \"${{CARDTREE_STEP:-submit}}\" in\n\
             shard)\n{task} ;;\n\
             merge)\n  exec \"$cardtree\" {} ;;\n\
             submit)\n  mkdir -p {out}/slurm\n\
             \x20 shards=$(CARDTREE_STEP=shard sbatch --parsable --export=ALL --array=1-{n} --cpus-per-task={cpus} --output={out}/slurm/shard-%a.out \"$0\")\n\
             \x20 shards=${{shards%%;*}}\n\
             \x20 merge=$(CARDTREE_STEP=merge sbatch --parsable --export=ALL --dependency=afterok:\"$shards\" --kill-on-invalid-dep=yes --cpus-per-task=1 --output={out}/slurm/merge.out \"$0\")\n\
             \x20 echo \"cardtree: submitted the shards as job $shards and their merge as job ${{merge%%;*}}\" ;;\n\
             *)\n  echo \"cardtree: CARDTREE_STEP must be shard, merge or submit\" >&2; exit 2 ;;\n\
             esac\n",
            plan.merge_command()
        );
        Ok(s)
    }
}

/// The flags of an experiment command whose value is a path.
const PATH_FLAGS: [&str; 5] = ["--out", "--file", "--deals", "--pbn", "--values"];

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
    fn a_plan_is_made_only_of_a_command_its_shards_can_run() {
        let command = args("pps --table cp --out runs/cp");
        let seen = std::cell::RefCell::new(Vec::new());
        let plan = Plan::runnable(&command, 4, |words| {
            seen.borrow_mut().extend_from_slice(words);
            Ok(())
        });
        assert!(plan.is_ok());
        assert_eq!(
            seen.into_inner(),
            args("pps --table cp --out runs/cp --shard 1/4")
        );
        let refused = Plan::runnable(&command, 4, |_| Err("no such table".to_string()));
        assert_eq!(refused.unwrap_err().to_string(), "no such table");
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
    fn slurm_script_submits_itself_and_resolves_paths() {
        let plan = Plan::new(&args("mckay --deals d.jsonl --out=out --c 1"), 8).unwrap();
        let cwd = Path::new("/work/runs");
        let s = plan
            .slurm(Some(4), Some("02:00:00"), "/opt/bin/cardtree", cwd)
            .unwrap();
        assert!(s.starts_with("#!/bin/bash\n"), "{s}");
        for line in [
            "#SBATCH --job-name=cardtree-mckay\n#SBATCH --requeue\n#SBATCH --open-mode=append\n#SBATCH --time=02:00:00\n",
            "cardtree=\"${CARDTREE:-/opt/bin/cardtree}\"\n",
            "  exec \"$cardtree\" experiment mckay --deals /work/runs/d.jsonl --out=/work/runs/out/shard-\"${SLURM_ARRAY_TASK_ID}\"-of-8 --c 1 --shard \"${SLURM_ARRAY_TASK_ID}\"/8 --threads \"${SLURM_CPUS_PER_TASK:-1}\" ;;\n",
            "  exec \"$cardtree\" experiment merge --out /work/runs/out /work/runs/out/shard-1-of-8 ",
            "--array=1-8 --cpus-per-task=4 --output=/work/runs/out/slurm/shard-%a.out \"$0\")\n",
            "--dependency=afterok:\"$shards\" --kill-on-invalid-dep=yes --cpus-per-task=1 --output=/work/runs/out/slurm/merge.out \"$0\")\n",
        ] {
            assert!(s.contains(line), "{line}\n---\n{s}");
        }
        // The command's --threads are the task's CPUs.
        let own = Plan::new(&args("pps --threads 2 --out /o"), 2).unwrap();
        let s = own.slurm(None, None, "cardtree", cwd).unwrap();
        assert!(!s.contains("SLURM_CPUS_PER_TASK") && s.contains("--cpus-per-task=2 "));
        assert_eq!(own.slurm(Some(3), None, "c", cwd), Err(PlanError::Threads));
        let zero = Plan::new(&args("pps --threads=0 --out /o"), 2).unwrap();
        assert_eq!(zero.slurm(None, None, "c", cwd), Err(PlanError::Threads));
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
