#!/bin/bash
# The cluster recipe, run on a live Slurm: a one-node cluster on this machine (Debian's
# slurm-wlm and munge, 2 CPUs), started here and stopped at the end, whatever happens.
#
# 1. McKay's grid, small: the script `cardtree experiment plan --slurm` writes is submitted as
#    it is (`bash job.sh`: a job array of shards, and their merge as a job that waits for it);
#    the merged directory must be byte for byte what one process writes.
# 2. Hand records of 200 random deals (`experiment tables`), the same way; one task is requeued
#    (killed and started again) midway, and must resume from its journal; the merged
#    tables must be byte for byte one process's (whose tables.jsonl is `bridge table --json`'s:
#    std-host/tests/host/cli_experiment.rs).
#
# Usage: bash tests/cluster/run.sh   (as root: it installs packages and starts daemons)
# Environment: CARDTREE (the binary; default target/release/cardtree, built if missing),
# KEEP=1 to keep the scratch folder, TIMEOUT (seconds a job may take, default 600).
# Prints each step's wall time; the measured times in docs/experiments.md come from here.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
timeout=${TIMEOUT:-600}
say() { printf 'cluster: %s\n' "$*"; }
fail() { printf 'cluster: FAILED: %s\n' "$*" >&2; exit 1; }

if [ "$(id -u)" != 0 ]; then
  fail "run as root (it installs slurm-wlm and munge and starts their daemons)"
fi
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge
fi
B=${CARDTREE:-$repo/target/release/cardtree}
if [ ! -x "$B" ]; then
  cargo build --release -p cardtree-host --manifest-path "$repo/Cargo.toml"
fi
B=$(realpath "$B")

work=$(mktemp -d /tmp/cardtree-cluster.XXXXXX)
started_munge=
cleanup() {
  set +e
  if [ -n "${SLURM_CONF:-}" ] && [ -f "$work/slurmctld.pid" ]; then
    scancel --user=root >/dev/null 2>&1
  fi
  local pids=() pid
  for pid in "$work/slurmd.pid" "$work/slurmctld.pid"; do
    [ -f "$pid" ] && pids+=("$(cat "$pid")")
  done
  if [ -n "$started_munge" ] && [ -f /run/munge/munged.pid ]; then
    pids+=("$(cat /run/munge/munged.pid)")
  fi
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  # Wait for them to be gone (at most 10 s), then make sure.
  for _ in $(seq 100); do
    alive=
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ -z "$alive" ] && break
    sleep 0.1
  done
  for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null; done
  if [ -n "${KEEP:-}" ]; then
    say "kept $work"
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT

# munge: a key, its folders owned by munge, the daemon as the munge user (unless one runs).
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
  mkdir -p /etc/munge /run/munge /var/lib/munge /var/log/munge
  if [ ! -s /etc/munge/munge.key ]; then
    dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
  fi
  chown munge:munge /etc/munge /etc/munge/munge.key /run/munge /var/lib/munge /var/log/munge
  chmod 0400 /etc/munge/munge.key
  runuser -u munge -- /usr/sbin/munged
  started_munge=1
  munge -n | unmunge >/dev/null || fail "munge does not work"
fi

# A one-node cluster: this host, 2 CPUs, no cgroups, state and logs in the scratch folder.
host=$(hostname -s)
mkdir -p "$work/state" "$work/spool"
cat >"$work/slurm.conf" <<EOF
ClusterName=cardtree
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$work/slurm.conf
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for _ in $(seq 60); do
  state=$(sinfo -h -o %t 2>/dev/null || true)
  [ "$state" = idle ] && break
  sleep 1
done
[ "$state" = idle ] || fail "the node is not idle after 60 s (state: ${state:-none}); see $work/slurmd.log"
say "a one-node Slurm is up ($(sinfo -V), node $host, 2 CPUs)"

# The state of job $1 (an array job: its merge's dependency is what we wait for).
job_state() { scontrol show job "$1" -o 2>/dev/null | grep -o 'JobState=[A-Z_]*' | head -1 | cut -d= -f2; }

# Waits for job $1 to complete; fails on any other end.
wait_job() {
  local start=$SECONDS state
  while :; do
    state=$(job_state "$1")
    case "$state" in
      COMPLETED) return 0 ;;
      FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY | BOOT_FAIL | DEADLINE)
        fail "job $1 ended $state" ;;
    esac
    [ $((SECONDS - start)) -lt "$timeout" ] || fail "job $1 still $state after $timeout s"
    sleep 0.5
  done
}

# Submits the plan in $1 (a script) and sets shards and merge to the two job ids.
submit() {
  local line
  line=$(bash "$1")
  echo "$line"
  shards=$(sed -n 's/.*the shards as job \([0-9]*\) .*/\1/p' <<<"$line")
  merge=$(sed -n 's/.*their merge as job \([0-9]*\).*/\1/p' <<<"$line")
  [ -n "$shards" ] && [ -n "$merge" ] || fail "no job ids in: $line"
}

# Every top-level file of one process's directory $1 equals the merged directory $2's.
same_files() {
  local f n=0
  for f in "$1"/*; do
    [ -f "$f" ] || continue
    cmp "$f" "$2/$(basename "$f")" || fail "$2/$(basename "$f") differs from one process's"
    n=$((n + 1))
  done
  say "the merged $2 holds one process's $n files, byte for byte"
}

cd "$work"

# 1. McKay's grid, small: 6 deals x 2 constants x 2 powers, 3 shards.
head -6 "$repo/tests/data/bridge/dev_deals.jsonl" >deals6.jsonl
mckay=(mckay --file "$work/deals6.jsonl" --c 1,16 --p 1,8 --playouts 2000 --seed 3)
"$B" experiment "${mckay[@]}" --out single-mckay --quiet >/dev/null 2>&1
"$B" experiment plan --shards 3 --slurm -- "${mckay[@]}" --out slurm-mckay >mckay.sh
t0=$SECONDS
submit mckay.sh
wait_job "$merge"
say "McKay: 3 shards and the merge in $((SECONDS - t0)) s of wall time"
same_files single-mckay slurm-mckay

# 2. Hand records of 200 deals, 4 shards; shard 1 requeued midway.
"$B" bridge deal --seed 11 --count 200 >deals200.jsonl
"$B" experiment tables --file deals200.jsonl --out single-tables --quiet 2>/dev/null
"$B" experiment plan --shards 4 --slurm -- tables --file deals200.jsonl --out slurm-tables >tables.sh
t0=$SECONDS
submit tables.sh
journal=slurm-tables/shard-1-of-4/journal.jsonl
for _ in $(seq 600); do
  [ -f "$journal" ] && [ "$(wc -l <"$journal")" -ge 5 ] && break
  sleep 0.1
done
[ -f "$journal" ] && [ "$(wc -l <"$journal")" -ge 5 ] || fail "shard 1 did not start within a minute"
done_before=$(wc -l <"$journal")
[ "$(job_state "${shards}_1")" = RUNNING ] || fail "shard 1 is no longer running (it was too quick to requeue midway)"
scontrol requeue "${shards}_1"
say "requeued shard 1 (job ${shards}_1) with $done_before of its 50 boards done"
# Slurm holds a requeued job for two minutes (its begin time); let it start at once.
for _ in $(seq 100); do
  [ "$(job_state "${shards}_1")" = PENDING ] && break
  sleep 0.1
done
scontrol update JobId="${shards}_1" StartTime=now
wait_job "$merge"
say "tables: 4 shards (one requeued) and the merge in $((SECONDS - t0)) s of wall time"
resumed=$(grep -o '([0-9]* resumed' slurm-tables/slurm/shard-1.out | tail -1 | grep -o '[0-9]*')
[ "${resumed:-0}" -gt 0 ] || fail "shard 1 did not resume from its journal: $(cat slurm-tables/slurm/shard-1.out)"
say "shard 1 resumed $resumed boards from its journal"
same_files single-tables slurm-tables
say "passed"
