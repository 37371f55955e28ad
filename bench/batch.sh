#!/usr/bin/env bash
# Batch-scan benchmark: components per second when one `assay scan` process scans many components (one compiled
# pack, --jobs 1 and --jobs 2) against one `assay scan` process per component. Whole-process wall times, medians.
#
#   bench/batch.sh      RUNS=5 (at least 3) COPIES=4 PACK=skilltotal@1.1.0
#
# The components are the skill and package fixtures of the pack's own tests (rulepacks/skilltotal/1.1.0/tests/cases/
# */target); the batch scans each of them COPIES times. Prints the machine facts and a Markdown table; the method and
# the figures are in docs/performance.md.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$root"
runs=${RUNS:-5}
copies=${COPIES:-4}
pack=${PACK:-skilltotal@1.1.0}
if ((runs < 3)); then
  echo "batch.sh: RUNS must be at least 3" >&2
  exit 1
fi

components=()
for d in rulepacks/skilltotal/1.1.0/tests/cases/*/target; do
  components+=("$d")
done
((${#components[@]} > 0)) || { echo "batch.sh: no component fixtures found" >&2; exit 1; }
batch=()
for ((c = 0; c < copies; c++)); do
  batch+=("${components[@]}")
done

# Build and create the class-data archive now, so that no measured run pays for either.
./assay --version >/dev/null
./assay scan --pack "$pack" "${components[0]}" >/dev/null

now() { date +%s%N; }
median_of() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

batch_run() { # $1 = jobs; prints seconds
  local start end
  start=$(now)
  ASSAY_NO_BUILD=1 ./assay scan --pack "$pack" --jobs "$1" "${batch[@]}" >/dev/null
  end=$(now)
  awk -v ns=$((end - start)) 'BEGIN { printf "%.3f\n", ns / 1e9 }'
}

per_process_run() { # prints seconds for one process per component, each component once
  local start end c
  start=$(now)
  for c in "${components[@]}"; do
    ASSAY_NO_BUILD=1 ./assay scan --pack "$pack" --format json "$c" >/dev/null
  done
  end=$(now)
  awk -v ns=$((end - start)) 'BEGIN { printf "%.3f\n", ns / 1e9 }'
}

declare -a one two per
for ((r = 1; r <= runs; r++)); do
  one+=("$(batch_run 1)")
  two+=("$(batch_run 2)")
  per+=("$(per_process_run)")
  echo "batch.sh: run $r/$runs: one process --jobs 1 ${one[-1]} s, --jobs 2 ${two[-1]} s (${#batch[@]} components);" \
    "one process per component ${per[-1]} s (${#components[@]} components)" >&2
done

t1=$(printf '%s\n' "${one[@]}" | median_of)
t2=$(printf '%s\n' "${two[@]}" | median_of)
tp=$(printf '%s\n' "${per[@]}" | median_of)
rate() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.1f", n / t }'; }
each() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.0f", 1000 * t / n }'; }

echo "machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GB", $2 / 1048576 }' /proc/meminfo), $(${JAVA_HOME:+$JAVA_HOME/bin/}java -version 2>&1 | head -1), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "pack: $pack; ${#components[@]} components, batch of ${#batch[@]}; medians of $runs runs"
echo
echo "| mode | components | median wall time | components/s | ms per component |"
echo "|---|---|---|---|---|"
echo "| one process, --jobs 1 | ${#batch[@]} | ${t1} s | $(rate ${#batch[@]} "$t1") | $(each ${#batch[@]} "$t1") |"
echo "| one process, --jobs 2 | ${#batch[@]} | ${t2} s | $(rate ${#batch[@]} "$t2") | $(each ${#batch[@]} "$t2") |"
echo "| one process per component | ${#components[@]} | ${tp} s | $(rate ${#components[@]} "$tp") | $(each ${#components[@]} "$tp") |"
