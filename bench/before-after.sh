#!/usr/bin/env bash
# Scan time of this checkout against an earlier build of Assay, on the same inputs, back to back (issue 10: "scan
# time stays within 10 % of today's on bench/components.sh; measure before and after"). Not a test. Both sides scan
# the synthetic components of bench/components.sh (one generator, one set of files) in one whole process
# (`scan --jobs 1`, start-up included), and cold-scan the small skill components.sh uses; the sides alternate run by
# run so that a change in machine load hits both. Wall time and CPU time (user+sys, from /usr/bin/time) per run;
# medians printed. Inputs go to a fresh folder under /tmp and are removed at the end.
#
#   bench/before-after.sh BEFORE_CHECKOUT BEFORE_PACK AFTER_PACK
#   e.g. git worktree add /tmp/before b7b975b && bench/before-after.sh /tmp/before skilltotal@1.2.0 skilltotal@1.3.0
#
# Environment: RUNS=7 (at least 3), COUNT=1000 (components per whole-process run), ASSAY_CDS=0 (default here: both
# sides run java on PATH without the launchers' start-up caches, which differ between launcher versions; set 1 to
# use each side's own), TARGETS (a file listing real components, one path a line: these are scanned in the one
# process instead of the synthetic ones, and the cold scan is left out). Run it alone on the machine and record the
# load (printed before and after).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$root"
(($# == 3)) || { echo "usage: bench/before-after.sh BEFORE_CHECKOUT BEFORE_PACK AFTER_PACK" >&2; exit 1; }
before=$(cd "$1" && pwd -P)
sides=(before after)
dirs=("$before" "$root")
packs=("$2" "$3")
runs=${RUNS:-7}
count=${COUNT:-1000}
((runs >= 3)) || { echo "before-after.sh: RUNS must be at least 3" >&2; exit 1; }
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
javac=${JAVA_HOME:+$JAVA_HOME/bin/}javac
for d in "${dirs[@]}"; do (cd "$d" && ./assay --version >/dev/null); done # builds and start-up caches, not measured
classpath=$(<cli/target/classpath.txt)
classes=golden-tests/target/bench-classes
mkdir -p "$classes"
"$javac" -Xlint:all -d "$classes" -cp "$classpath" golden-tests/src/test/java/dev/assay/golden/bench/*.java
tmp=$(mktemp -d /tmp/assay-before-after.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
targets=()
if [[ -n ${TARGETS:-} ]]; then
  mapfile -t targets <"$TARGETS"
  ((${#targets[@]})) || { echo "before-after.sh: $TARGETS lists no target" >&2; exit 1; }
  count="${#targets[@]} real"
  modes=(throughput)
else
  modes=(throughput cold)
fi
cat >"$tmp/Generate.java" <<'JAVA'
public class Generate {
    public static void main(String[] a) throws Exception {
        dev.assay.golden.bench.SyntheticComponents.components(java.nio.file.Path.of(a[0]), Integer.parseInt(a[1]));
    }
}
JAVA
if ((${#targets[@]} == 0)); then
  "$java" -cp "$classes:$classpath" "$tmp/Generate.java" "$tmp/tp" "$count"
  targets=("$tmp"/tp/c*)
  count="$count synthetic"
fi
skill=$root/golden-tests/corpus/skilltotal/python-taint/pos-response-to-exec
median_of() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
load() { echo "load: $(uptime | sed 's/.*load average/load average/')"; }

# One measured run: "wall cpu" in seconds, appended to $tmp/<side>-<mode>.
measure() {
  local side=$1 mode=$2 dir=$3
  shift 3
  (cd "$dir" && ASSAY_NO_BUILD=1 ASSAY_CDS=${ASSAY_CDS:-0} /usr/bin/time -f "%e %U %S" -o "$tmp/time" "$@" >/dev/null)
  awk '{ printf "%s %.2f\n", $1, $2 + $3 }' "$tmp/time" >>"$tmp/$side-$mode"
}

echo "machine: $(nproc) cores, $("$java" -version 2>&1 | head -1); runs $runs; $count${TARGETS:+ (from $TARGETS)} components;" \
  "ASSAY_CDS=${ASSAY_CDS:-0}"
load
for ((r = 0; r < runs; r++)); do
  for i in 0 1; do
    measure "${sides[i]}" throughput "${dirs[i]}" ./assay scan --pack "${packs[i]}" --jobs 1 "${targets[@]}"
    if [[ ${modes[*]} == *cold* ]]; then
      measure "${sides[i]}" cold "${dirs[i]}" ./assay scan --pack "${packs[i]}" --format json "$skill"
    fi
  done
done
load
for mode in "${modes[@]}"; do
  for i in 0 1; do
    f=$tmp/${sides[i]}-$mode
    wall=$(cut -d' ' -f1 "$f" | median_of)
    cpu=$(cut -d' ' -f2 "$f" | median_of)
    echo "RESULT $mode ${sides[i]} (${packs[i]}): median wall $wall s, median CPU $cpu s;" \
      "runs (wall cpu): $(paste -sd, "$f")"
  done
done
