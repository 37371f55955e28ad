#!/usr/bin/env bash
# Registry throughput: scans a registry mirror (one folder per component, e.g. the ClawHub skills) and, optionally, a
# set of real components in one process with --jobs, RUNS times each, and reports medians: components per second, CPU
# milliseconds per component, and the peak resident set size (all whole-process figures from GNU time). The machine's
# load average is recorded before every run: on a shared machine absolute figures move with it, so compare runs made
# back to back (A/B), not figures from different days.
#
#   bench/registry.sh MIRROR [COMPONENTS]       MIRROR: folder of <author>/<skill>/ folders (the ClawHub layout) or
#                                               of component folders; COMPONENTS: a folder of component folders
#   RUNS=3 JOBS=2 SCORER=skilltotal             defaults
#   KEEP=DIR                                    keep the first run's reports of the mirror in DIR (one JSON a target)
#   COMPARE=DIR                                 compare those reports with a kept folder, apart from generatedAt;
#                                               exit code 1 when any report differs (reports must be byte-identical
#                                               before and after an optimisation)
#
# Nothing it writes goes into the repository; its temporary folder is removed at the end.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
mirror=${1:?usage: bench/registry.sh MIRROR [COMPONENTS]}
components=${2:-}
runs=${RUNS:-3}
jobs=${JOBS:-2}
scorer=${SCORER:-skilltotal}
command -v /usr/bin/time >/dev/null || { echo "registry.sh: needs GNU time (/usr/bin/time)" >&2; exit 1; }

cd "$root"
./assay --version >/dev/null # builds, and makes the class-data archive or AOT cache, before anything is timed
export ASSAY_NO_BUILD=1
tmp=$(mktemp -d /tmp/assay-registry.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

# The component folders of a tree: <author>/<skill>/ when the first level holds only folders of folders with a
# SKILL.md, else the first level itself.
targets_of() {
  local dir=$1
  if compgen -G "$dir/*/*/SKILL.md" >/dev/null; then
    find "$dir" -mindepth 2 -maxdepth 2 -type d | LC_ALL=C sort
  else
    find "$dir" -mindepth 1 -maxdepth 1 -type d | LC_ALL=C sort
  fi
}

median() { LC_ALL=C sort -g | awk '{v[NR]=$1} END {if (NR % 2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'; }

# Runs one set RUNS times; prints a summary line. $1 name, $2 file listing the targets.
measure() {
  local name=$1 list=$2 n i out
  n=$(wc -l <"$list")
  : >"$tmp/$name.times"
  for ((i = 1; i <= runs; i++)); do
    out=$tmp/$name.out.$i
    rm -rf "$out"
    echo "$name run $i/$runs: $n components, load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
    mapfile -t targets <"$list"
    /usr/bin/time -f '%e %U %S %M' -o "$tmp/$name.time" ./assay scan "${targets[@]}" --scorer "$scorer" --jobs "$jobs" --format json --output-dir "$out" >/dev/null 2>"$tmp/$name.err" \
      || echo "$name run $i: exit code $? (see a target's line in the JSON Lines; continuing)" >&2
    tail -n 1 "$tmp/$name.time" >>"$tmp/$name.times"
    if ((i == 1)) && [[ $name == mirror ]]; then
      if [[ -n ${KEEP:-} ]]; then rm -rf "$KEEP" && cp -r "$out" "$KEEP"; fi
      if [[ -n ${COMPARE:-} ]]; then compare "$COMPARE" "$out"; fi
    fi
    rm -rf "$out"
  done
  local wall cpu rss
  wall=$(awk '{print $1}' "$tmp/$name.times" | median)
  cpu=$(awk '{print $2 + $3}' "$tmp/$name.times" | median)
  rss=$(awk '{print $4}' "$tmp/$name.times" | LC_ALL=C sort -g | tail -n 1)
  awk -v name="$name" -v n="$n" -v wall="$wall" -v cpu="$cpu" -v rss="$rss" -v runs="$runs" -v jobs="$jobs" 'BEGIN {
    printf "%-10s %5d components, --jobs %d, %d runs: median wall %.1f s = %.1f components/s; median CPU %.1f s = %.1f ms per component; peak RSS %.0f MB\n",
      name, n, jobs, runs, wall, n / wall, cpu, 1000 * cpu / n, rss / 1024 }'
}

compare() {
  local kept=$1 now=$2 f differ=0 missing=0
  for f in "$kept"/*; do
    if [[ ! -f $now/${f##*/} ]]; then missing=$((missing + 1)); continue; fi
    cmp -s <(grep -v '"generatedAt"' "$f") <(grep -v '"generatedAt"' "$now/${f##*/}") || differ=$((differ + 1))
  done
  echo "report comparison with $kept: $(find "$kept" -maxdepth 1 -type f | wc -l) kept, $differ differ, $missing missing" >&2
  if ((differ + missing > 0)); then exit 1; fi
}

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GB", $2 / 1048576}' /proc/meminfo); $(uptime)"
targets_of "$mirror" >"$tmp/mirror.list"
measure mirror "$tmp/mirror.list"
if [[ -n $components ]]; then
  targets_of "$components" >"$tmp/components.list"
  measure components "$tmp/components.list"
fi
echo "after: $(uptime)"
