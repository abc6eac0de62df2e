#!/usr/bin/env bash
# Runs the Slurm recipe of docs/studies.md on a one-node cluster on this
# machine: installs slurm-wlm and munge if missing, starts munged, slurmctld
# and slurmd of its own (own key, socket, ports, state, all in a temporary
# folder; a system Slurm or munge is left alone), submits the sweep as a job
# array (one shard per task) and a merge job that depends on it, waits,
# and compares the merged table with the unsharded one byte for byte; then
# again with one task killed, where the merge must refuse naming it.
# Stops the daemons it started and removes the folder at exit.
#
# Needs root (it installs packages and runs the daemons); a fresh Debian 12
# machine is enough.  Not part of tools/test.sh.
#   usage: tools/slurm-check.sh [SHARDS]      (default 8)
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
shards="${1:-8}"
if [ "$(id -u)" -ne 0 ]; then
  echo "slurm-check: run as root (it installs slurm-wlm and munge and starts their daemons)" >&2
  exit 2
fi

# the project, built (tools/setup.sh installs tools/deps.txt and builds)
"$top/tools/setup.sh" >/dev/null
cli="$top/build/src/cli/stickslip-cli"

missing=()
for pkg in slurm-wlm munge; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "slurm-check: installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    >/dev/null
fi

work="$(mktemp -d /tmp/slurm-check.XXXXXX)"
chmod 755 "$work"
pids=()
cleanup() {
  local status=$?
  # the daemons we started, slurmd first, munged last
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    kill "${pids[i]}" 2>/dev/null || true
    wait "${pids[i]}" 2>/dev/null || true
  done
  if [ $status -ne 0 ]; then
    for log in "$work"/*.log "$work"/munge/*.log "$work"/out/slurm-*.out; do
      [ -f "$log" ] && { echo "--- $log"; tail -n 20 "$log"; }
    done
  fi
  rm -rf "$work"
  exit $status
}
trap cleanup EXIT

# poll CMD until it succeeds, at most SECONDS s
wait_for() {
  local seconds=$1
  shift
  for _ in $(seq 1 $((seconds * 5))); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  echo "slurm-check: timed out waiting for: $*" >&2
  return 1
}

# munge: a key and a socket of our own; munged in the foreground as our child
# (setpriv execs it: the PID is munged's)
mkdir -p "$work/munge"
chown munge:munge "$work/munge"
chmod 755 "$work/munge" # munged wants its socket's folder open to all
setpriv --reuid=munge --regid=munge --init-groups -- \
  mungekey --create --keyfile="$work/munge/munge.key"
setpriv --reuid=munge --regid=munge --init-groups -- \
  munged --foreground --socket="$work/munge/munge.socket" --key-file="$work/munge/munge.key" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" \
  --seed-file="$work/munge/munged.seed" >"$work/munge/munged.out" 2>&1 &
pids+=($!)
wait_for 10 sh -c "munge --socket='$work/munge/munge.socket' -n | unmunge --socket='$work/munge/munge.socket'"

# slurm: one node, this machine, as slurmd -C sees it
node="$(hostname -s)"
mkdir -p "$work/etc" "$work/state" "$work/spool" "$work/out"
node_line="$(slurmd -C | grep '^NodeName=' | sed "s/^NodeName=[^ ]*/NodeName=$node/")"
cat > "$work/etc/slurm.conf" <<EOF
ClusterName=stickslip-check
SlurmctldHost=$node
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
AuthInfo=socket=$work/munge/munge.socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SchedulerParameters=sched_interval=1
DependencyParameters=kill_invalid_depend
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
$node_line State=UNKNOWN
PartitionName=check Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$work/etc/slurm.conf"
slurmctld -D -i >"$work/slurmctld.out" 2>&1 &
pids+=($!)
wait_for 30 scontrol ping
slurmd -D >"$work/slurmd.out" 2>&1 &
pids+=($!)
wait_for 60 sh -c "sinfo -h -n '$node' -o %T | grep -qx idle"
echo "slurm-check: cluster up after ${SECONDS} s ($node_line)"

# the recipe of docs/studies.md: an array job, one shard per task, part
# files named after the study, and a merge job after every task, done or
# failed (afterany: it never waits forever), which refuses unless every
# shard is there whole
name=one-mass-k-vd
study=(sweep one-mass --vary k=50:200:32 --vary v_drive=0.05:0.2:4
       --metric period --metric amplitude --metric base.stick_time)
cd "$work/out"
mkdir -p parts
cat > sweep.sbatch <<EOF
#!/bin/bash
#SBATCH --job-name=$name
#SBATCH --cpus-per-task=1
#SBATCH --output=slurm-%A_%a.out
# (the check's second round kills one task, as a node failure would)
[ "\$SLURM_ARRAY_TASK_ID" = "\${KILL_TASK:-0}" ] && kill -9 \$\$
exec "$cli" ${study[*]} --jobs "\${SLURM_CPUS_PER_TASK:-1}" \\
  --shard "\$SLURM_ARRAY_TASK_ID/\${SHARDS:-\$SLURM_ARRAY_TASK_COUNT}" \\
  --csv "parts/$name-\$SLURM_ARRAY_TASK_ID.csv"
EOF
# submits the array and its merge; the merge job's exit status
submit() {
  local array
  array=$(sbatch --parsable --array="1-$shards" --export="ALL,KILL_TASK=$1" sweep.sbatch)
  echo "slurm-check: submitted array job $array ($shards shards, killed task: $1)" \
    "at ${SECONDS} s"
  sbatch --parsable --wait --dependency="afterany:$array" --job-name="$name-merge" \
    --output="slurm-merge-$array.out" \
    --wrap="'$cli' merge parts/$name-*.csv --csv $name.csv" >/dev/null
}
if ! submit 0; then
  echo "slurm-check: FAIL: the merge job failed (logs below)" >&2
  cat slurm-merge-*.out >&2 || true
  exit 1
fi
echo "slurm-check: array and merge jobs done at ${SECONDS} s"

"$cli" "${study[@]}" --csv whole.csv 2>/dev/null
if ! cmp whole.csv "$name.csv"; then
  echo "slurm-check: FAIL: the merged table differs from the unsharded one" >&2
  diff whole.csv "$name.csv" | head >&2 || true
  exit 1
fi
echo "slurm-check: OK: $shards array tasks merged = the unsharded table" \
  "($(($(wc -l < "$name.csv") - 1)) variants)"

# again with task 3 killed: the merge must refuse, naming shard 3
rm -rf parts "$name.csv" "$name.csv.study" slurm-merge-*.out
mkdir parts
if submit 3; then
  echo "slurm-check: FAIL: the merge accepted the parts with shard 3 killed" >&2
  exit 1
fi
if ! grep -q "missing shard 3/$shards" slurm-merge-*.out || [ -e "$name.csv" ]; then
  echo "slurm-check: FAIL: the merge did not refuse naming shard 3:" >&2
  cat slurm-merge-*.out >&2 || true
  exit 1
fi
echo "slurm-check: OK: with task 3 killed the merge refused: $(cat slurm-merge-*.out)"
