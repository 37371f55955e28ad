#!/usr/bin/env bash
# Component benchmarks for the SkillTotal scorer (not tests): cold single scan, components per second in one
# process, memory over a long batch, and a large source tree against bare tree-sitter parsing (from C with the -O2
# tree-sitter when the build has it, bench/bare_parse.c). Synthetic inputs are
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
      # The floor: a bare parse from C with the -O2 tree-sitter the native reader is built from (bench/bare_parse.c),
      # when the build has it; else the binding's bare parse in process, as before.
      objects=facts-extractors/target/tree-sitter-obj
      tree_opts=()
      if [[ -f "$objects/runtime.o" ]] && cc -O2 -std=c11 -Wall -Wextra -Werror \
          -Ifacts-extractors/tree-sitter-src/tree-sitter/package/vendor/tree-sitter/lib/include \
          -o "$tmp/bare_parse" bench/bare_parse.c "$objects"/*.o; then
        tree_opts=(-Dbench.bindingParse=false)
      fi
      "$java" "${jvm[@]}" "${tree_opts[@]}" -cp "$classes:$classpath" dev.assay.golden.bench.ScanBenchmarks \
        tree "$tmp/tree" "$tree_mb" "$runs" "$pack" | tee "$tmp/tree.txt"
      if [[ -x "$tmp/bare_parse" ]]; then
        find "$tmp/tree" -type f \( -name '*.py' -o -name '*.js' \) | sort >"$tmp/tree-files.txt"
        walls=() cpus=()
        for ((r = 0; r < runs; r++)); do
          line=$("$tmp/bare_parse" "$tmp/tree-files.txt")
          echo "C $line"
          walls+=("$(sed 's/.*wall \([0-9.]*\) s.*/\1/' <<<"$line")")
          cpus+=("$(sed 's/.*cpu \([0-9.]*\) s.*/\1/' <<<"$line")")
        done
        parse_wall=$(printf '%s\n' "${walls[@]}" | median_of)
        parse_cpu=$(printf '%s\n' "${cpus[@]}" | median_of)
        scan_wall=$(sed -n 's/^RESULT tree .*scan median \([0-9.]*\) s.*/\1/p' "$tmp/tree.txt")
        scan_cpu=$(sed -n 's/^RESULT tree .*cpu median \([0-9.]*\) s.*/\1/p' "$tmp/tree.txt")
        echo "RESULT tree bare parse from C (-O2): median wall $parse_wall s, cpu $parse_cpu s; in-process scan/parse:" \
          "wall $(awk -v a="$scan_wall" -v b="$parse_wall" 'BEGIN { printf "%.2f", a / b }')," \
          "cpu $(awk -v a="$scan_cpu" -v b="$parse_cpu" 'BEGIN { printf "%.2f", a / b }')"
      fi
      if ((tree_process_runs > 0)); then # the whole command line on the same tree, start-up included
        walls=() cpus=() rss=()
        for ((r = 0; r < tree_process_runs; r++)); do
          /usr/bin/time -f '%e %U %S %M' -o "$tmp/time.txt" env ASSAY_NO_BUILD=1 ./assay scan --pack "$pack" \
            --format json --output "$tmp/tree-report.json" "$tmp/tree" >/dev/null
          read -r e u s m <"$tmp/time.txt"
          echo "whole process: wall $e s, cpu $(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }') s, peak RSS $((m / 1024)) MB"
          walls+=("$e") cpus+=("$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }')") rss+=("$((m / 1024))")
        done
        w=$(printf '%s\n' "${walls[@]}" | median_of)
        c=$(printf '%s\n' "${cpus[@]}" | median_of)
        echo "RESULT tree whole process: median wall $w s, cpu $c s, peak RSS median $(printf '%s\n' "${rss[@]}" |
          median_of) MB, $tree_process_runs runs${parse_wall:+; process/parse: wall $(awk -v a="$w" -v b="$parse_wall" \
          'BEGIN { printf "%.2f", a / b }'), cpu $(awk -v a="$c" -v b="$parse_cpu" 'BEGIN { printf "%.2f", a / b }')}"
      fi
      rm -rf "$tmp/tree"
      ;;
    *) echo "components.sh: unknown mode $mode" >&2; exit 1 ;;
  esac
  load
done
