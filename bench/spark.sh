#!/usr/bin/env bash
# Spark benchmark: the ClawHub corpus (one component per <author>/<skill>/ folder) scanned by the Spark job in local
# mode with local[1] and local[2], against one `assay scan … --jobs 2` process on the same components, in the same run.
# Whole-process wall and CPU time (user+sys; JVM and Spark start-up included) and peak resident memory of each process;
# for the Spark runs also the job's own phases (--timings: JVM+Spark start-up, what is left of the pack load, which
# runs beside Spark's start-up, listing, scan+write), so that start-up is told apart from scanning. Runs are
# interleaved so that load changes on the shared machine hit every variant alike; with RUNS > 1 the figures are medians.
#
#   bench/spark.sh      RUNS=1 PACK=skilltotal@1.3.0 CORPUS=/work/shared/corpora/clawhub/skills
#                       LIMIT=N                 only the first N skills, by path (default all)
#                       PARTITION_SIZE=N        the job's --partition-size (default: the job's own)
#                       ASSAY_SPARK_JAVA_OPTS   extra JVM options for the Spark runs (e.g. -XX:TieredStopAtLevel=1)
#
# The corpus is real, unlabelled and partly malicious: it is only read by the scanners, never run. Prints the machine
# facts, one line per run, a Markdown table and a last line `summary: …` with both ratios the quality bar names
# (local[2] / CLI --jobs 2 at most 1.3, local[1] / local[2] at least 1.7). Method and figures: docs/scale-out.md.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$root"
runs=${RUNS:-1}
pack=${PACK:-skilltotal@1.3.0}
corpus=${CORPUS:-/work/shared/corpora/clawhub/skills}
((runs >= 1)) || { echo "spark.sh: RUNS must be at least 1" >&2; exit 1; }
[[ -d $corpus ]] || { echo "spark.sh: no corpus at $corpus" >&2; exit 1; }
[[ -x /usr/bin/time ]] || { echo "spark.sh: needs GNU time (/usr/bin/time; apt-get install time)" >&2; exit 1; }

# The corpus is <author>/<skill>/: each skill folder is one component (as --input CORPUS --depth 2 lists them).
components=()
for d in "$corpus"/*/*/; do
  components+=("${d%/}")
done
if [[ -n ${LIMIT:-} ]]; then
  components=("${components[@]:0:LIMIT}")
fi
n=${#components[@]}
((n > 0)) || { echo "spark.sh: no components in $corpus" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The job reads the same components from a list file, in the same order the CLI gets them.
printf '%s\n' "${components[@]}" >"$work/components.txt"
spark_opts=(--list "$work/components.txt" --pack "$pack" --output "$work/spark.parquet" --overwrite --timings)
if [[ -n ${PARTITION_SIZE:-} ]]; then spark_opts+=(--partition-size "$PARTITION_SIZE"); fi

# Build both launchers (and the CLI's start-up cache) now, so that no measured run pays for either.
./assay --version >/dev/null
./assay scan --pack "$pack" "${components[0]}" >/dev/null || true
./assay-spark --help >/dev/null

# measure OUT ERR CMD…: runs CMD under GNU time with its output into OUT and ERR; prints "wall cpu maxrss_mb"
# (seconds, seconds, MB).
measure() {
  local out=$1 err=$2
  shift 2
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" >"$out" 2>"$err" || true # assay: 2 = a gate, 1 = a target failed
  awk '{ printf "%.2f %.2f %.0f\n", $1, $2 + $3, $4 / 1024 }' "$work/time"
}

cli_run() {
  measure "$work/cli.jsonl" "$work/cli.err" env ASSAY_NO_BUILD=1 ./assay scan --pack "$pack" --jobs 2 "${components[@]}"
  local lines errors
  lines=$(grep -c '^{' "$work/cli.jsonl" || true) # one JSON line per component
  errors=$(grep -c '^{"target":.*"error":' "$work/cli.jsonl" || true)
  [[ $lines == "$n" ]] || { echo "spark.sh: the CLI wrote $lines reports for $n components" >&2; exit 1; }
  echo "$errors" >"$work/cli.errors"
}

spark_run() { # $1 = local[N]; prints "wall cpu maxrss startup pack scan"
  local m
  m=$(measure "$work/spark.out" "$work/spark.err" env ASSAY_NO_BUILD=1 ./assay-spark scan "${spark_opts[@]}" --master "$1")
  grep -q "^scanned $n components" "$work/spark.out" \
    || { echo "spark.sh: the job did not scan $n components:" >&2; cat "$work/spark.out" "$work/spark.err" >&2; exit 1; }
  # assay-spark: timings: jvm+spark 4.10 s, pack 1.20 s, list 0.05 s, scan+write 40.00 s, stop 0.30 s; heap peak …
  local t
  t=$(grep '^assay-spark: timings:' "$work/spark.err" | tail -1)
  phase() { sed -E "s/.*[:,] $1 ([0-9.]+) s.*/\\1/" <<<"$t"; }
  echo "$m $(phase 'jvm\+spark') $(phase pack) $(phase 'scan\+write')"
  sed -E 's/.*; heap peak/heap peak/' <<<"$t" >"$work/heap.$1"
}

median_of() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
column() { awk -v c="$1" '{ print $c }'; } # field c of every line

echo "machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GB", $2 / 1048576 }' /proc/meminfo)"
echo "spark JVM: $(java -version 2>&1 | head -1); CLI JVM: as ./assay picks it ($(grep -o 'temurin-[0-9]*' <<<"$(ls -d /usr/lib/jvm/*/)" | head -1 || echo PATH))"
echo "input: $n components from $corpus, pack $pack${PARTITION_SIZE:+, --partition-size $PARTITION_SIZE}${ASSAY_SPARK_JAVA_OPTS:+, spark JVM options $ASSAY_SPARK_JAVA_OPTS}"
echo "load before: $(uptime)"
: >"$work/cli" && : >"$work/one" && : >"$work/two"
for ((r = 1; r <= runs; r++)); do
  cli_run >>"$work/cli"
  spark_run 'local[1]' >>"$work/one"
  spark_run 'local[2]' >>"$work/two"
  echo "run $r (wall s, cpu s, max RSS MB[, start-up s, pack s, scan+write s]): cli --jobs 2: $(tail -1 "$work/cli");" \
    "local[1]: $(tail -1 "$work/one"); local[2]: $(tail -1 "$work/two"); $(uptime | sed 's/.*load/load/')"
done
echo "load after:  $(uptime)"
echo "CLI: $(cat "$work/cli.errors") of $n could not be scanned; job: $(cat "$work/spark.out")"
echo "local[1] $(cat "$work/heap.local[1]"); local[2] $(cat "$work/heap.local[2]")"

med() { column "$2" <"$work/$1" | median_of; } # med FILE FIELD
w_cli=$(med cli 1) c_cli=$(med cli 2) r_cli=$(med cli 3)
w_one=$(med one 1) c_one=$(med one 2) r_one=$(med one 3) s_one=$(med one 4) p_one=$(med one 5) x_one=$(med one 6)
w_two=$(med two 1) c_two=$(med two 2) r_two=$(med two 3) s_two=$(med two 4) p_two=$(med two 5) x_two=$(med two 6)
echo
echo "$n components, $runs run(s)$( ((runs > 1)) && echo ', medians'):"
echo
echo "| run | wall s | CPU s | CPU ms per component | components/s | wall vs CLI | max RSS MB | Spark start-up s | pack s | scan+write s |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
row() { # name wall cpu rss startup pack scan
  awk -v name="$1" -v w="$2" -v c="$3" -v rss="$4" -v s="$5" -v p="$6" -v x="$7" -v n="$n" -v base="$w_cli" \
    'BEGIN { printf "| %s | %.1f | %.1f | %.1f | %.1f | %.2fx | %d | %s | %s | %s |\n", name, w, c, 1000 * c / n, n / w, w / base, rss, s, p, x }'
}
row "assay scan --jobs 2" "$w_cli" "$c_cli" "$r_cli" - - -
row "assay-spark local[1]" "$w_one" "$c_one" "$r_one" "$s_one" "$p_one" "$x_one"
row "assay-spark local[2]" "$w_two" "$c_two" "$r_two" "$s_two" "$p_two" "$x_two"
echo
awk -v n="$n" -v cli="$w_cli" -v one="$w_one" -v two="$w_two" -v x1="$x_one" -v x2="$x_two" 'BEGIN {
  printf "summary: %d components; wall cli --jobs 2 %.1f s, local[1] %.1f s, local[2] %.1f s; local[2]/cli = %.2fx (bar <= 1.3: %s); local[1]/local[2] = %.2fx (bar >= 1.7: %s; scan+write phase alone %.2fx)\n",
    n, cli, one, two, two / cli, (two / cli <= 1.3 ? "met" : "missed"), one / two, (one / two >= 1.7 ? "met" : "missed"), x1 / x2 }'
