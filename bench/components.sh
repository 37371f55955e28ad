#!/usr/bin/env bash
# Component benchmarks for the SkillTotal scorer (not tests): cold single scan, components per second in one
# process, memory over a long batch, and a large source tree against bare tree-sitter parsing. Synthetic inputs are
# generated into a fresh folder under /tmp and removed at the end; nothing is committed. Figures and method:
# docs/performance.md, "Component scans".
#
#   bench/components.sh [cold|throughput|memory|tree]...   (default: all four, in that order)
#
# Environment: RUNS=5 (repetitions, at least 3), PACK=skilltotal@1.2.0 (the default pack), COUNT=250 (throughput components),
# MEMORY_COUNT=10000, MEMORY_EVERY=1000, TREE_MB=30, TREE_PROCESS_RUNS=3 (0: no whole-process tree scans), BENCH_JAVA_OPTS (extra JVM options for the in-process runs;
# by default they use the launcher's own: C1 only, serial GC).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$root"
runs=${RUNS:-5}
pack=${PACK:-skilltotal@1.2.0}
count=${COUNT:-250}
memory_count=${MEMORY_COUNT:-10000}
memory_every=${MEMORY_EVERY:-1000}
tree_mb=${TREE_MB:-30}
tree_process_runs=${TREE_PROCESS_RUNS:-3}
((runs >= 3)) || { echo "components.sh: RUNS must be at least 3" >&2; exit 1; }
modes=("$@")
((${#modes[@]})) || modes=(cold throughput memory tree)

java=${JAVA_HOME:+$JAVA_HOME/bin/}java
javac=${JAVA_HOME:+$JAVA_HOME/bin/}javac
./assay --version >/dev/null # build and class-data archive now, so that no measured run pays for them
classpath=$(<cli/target/classpath.txt)
classes=golden-tests/target/bench-classes
mkdir -p "$classes"
"$javac" -Xlint:all -d "$classes" -cp "$classpath" golden-tests/src/test/java/dev/assay/golden/bench/*.java
# shellcheck disable=SC2206 # BENCH_JAVA_OPTS is a list of options on purpose
jvm=(-XX:TieredStopAtLevel=1 -XX:+UseParallelGC -Dtree-sitter-lib=cli/target/tree-sitter ${BENCH_JAVA_OPTS:-}) # as ./assay
tmp=$(mktemp -d /tmp/assay-bench.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

bench() { "$java" "${jvm[@]}" -cp "$classes:$classpath" dev.assay.golden.bench.ScanBenchmarks "$@"; }
median_of() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
now() { date +%s%N; }
load() { echo "load: $(uptime | sed 's/.*load average/load average/')"; }

echo "machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GB", $2 / 1048576 }' /proc/meminfo)," \
  "$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo), $("$java" -version 2>&1 | head -1); pack $pack; runs $runs"

for mode in "${modes[@]}"; do
  echo
  echo "== $mode"
  load
  case $mode in
    cold)
      # A small skill (SKILL.md and one script) from the corpus; scorer chosen automatically, as a user would run it.
      skill=golden-tests/corpus/skilltotal/python-taint/pos-response-to-exec
      hyperfine -N --style basic --warmup 2 --runs $((runs * 2)) --export-json "$tmp/cold.json" \
        "env ASSAY_NO_BUILD=1 ./assay scan $skill" \
        "env ASSAY_NO_BUILD=1 ./assay scan --pack $pack --format json $skill" >"$tmp/cold.txt" 2>&1 || {
        cat "$tmp/cold.txt"; exit 1; }
      jq -r '.results[] | "RESULT cold \(.command): median \(.median * 1000 | floor) ms, min \(.min * 1000 | floor) ms, max \(.max * 1000 | floor) ms, \(.times | length) runs"' "$tmp/cold.json"
      ;;
    throughput)
      bench throughput "$tmp/tp" "$count" "$runs" "$pack"
      for jobs in 1 2; do # the same components through the command line: one whole process, start-up included
        times=()
        for ((r = 0; r < runs; r++)); do
          start=$(now)
          ASSAY_NO_BUILD=1 ./assay scan --pack "$pack" --jobs "$jobs" "$tmp"/tp/c* >/dev/null
          times+=("$(awk -v ns=$(($(now) - start)) 'BEGIN { printf "%.3f", ns / 1e9 }')")
        done
        t=$(printf '%s\n' "${times[@]}" | median_of)
        echo "RESULT throughput whole process --jobs $jobs: median $t s for $count components" \
          "($(awk -v n="$count" -v t="$t" 'BEGIN { printf "%.1f", n / t }')/s); runs: ${times[*]}"
      done
      rm -rf "$tmp/tp"
      ;;
    memory)
      bench memory "$tmp/mem" "$memory_count" "$memory_every" "$pack"
      rm -rf "$tmp/mem"
      ;;
    tree)
      bench tree "$tmp/tree" "$tree_mb" "$runs" "$pack"
      if ((tree_process_runs > 0)); then # the whole command line on the same tree, start-up included
        hyperfine -N --style basic --warmup 0 --runs "$tree_process_runs" --export-json "$tmp/tree.json" \
          "env ASSAY_NO_BUILD=1 ./assay scan --pack $pack --format json --output $tmp/tree-report.json $tmp/tree" \
          >"$tmp/tree.txt" 2>&1 || { cat "$tmp/tree.txt"; exit 1; }
        jq -r '.results[] | "RESULT tree whole process: median \(.median * 1000 | floor) ms, min \(.min * 1000 | floor) ms, max \(.max * 1000 | floor) ms, \(.times | length) runs"' "$tmp/tree.json"
      fi
      rm -rf "$tmp/tree"
      ;;
    *) echo "components.sh: unknown mode $mode" >&2; exit 1 ;;
  esac
  load
done
