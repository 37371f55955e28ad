#!/usr/bin/env bash
# Spark benchmark: components per second for the ClawHub corpus (2,067 real skills) scanned by the Spark job in local
# mode with local[1] and local[2], against one `assay scan … --jobs 2` process on the same components, in the same run.
# Whole-process wall times (JVM and Spark start-up included), medians of RUNS runs, interleaved so that load changes on
# the shared machine hit every variant alike.
#
#   bench/spark.sh      RUNS=3 (at least 3) PACK=skilltotal@1.2.0 CORPUS=/work/shared/corpora/clawhub/skills
#                       LIMIT=N (only the first N skills, by path; default all)
#
# The corpus is real, unlabelled and partly malicious: it is only read by the scanners, never run. Prints the machine
# facts and a Markdown table; the method and the figures are in docs/scale-out.md.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$root"
runs=${RUNS:-3}
pack=${PACK:-skilltotal@1.2.0}
corpus=${CORPUS:-/work/shared/corpora/clawhub/skills}
if ((runs < 3)); then
  echo "spark.sh: RUNS must be at least 3" >&2
  exit 1
fi
[[ -d $corpus ]] || { echo "spark.sh: no corpus at $corpus" >&2; exit 1; }

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

# Build both launchers (and the CLI's class-data archive) now, so that no measured run pays for either.
./assay --version >/dev/null
./assay scan --pack "$pack" "${components[0]}" >/dev/null || true
./assay-spark --help >/dev/null

now() { date +%s%N; }
median_of() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
seconds_since() { awk -v ns=$(($(now) - $1)) 'BEGIN { printf "%.3f\n", ns / 1e9 }'; }

cli_run() {
  local start
  start=$(now)
  ASSAY_NO_BUILD=1 ./assay scan --pack "$pack" --jobs 2 "${components[@]}" >"$work/cli.jsonl" || true # 2 = a gate; 1 = some target failed
  seconds_since "$start"
}

spark_run() { # $1 = local[N]
  local start
  start=$(now)
  ASSAY_NO_BUILD=1 ./assay-spark scan --list "$work/components.txt" --pack "$pack" --master "$1" \
    --output "$work/spark.parquet" --overwrite >"$work/spark.out" 2>"$work/spark.err"
  seconds_since "$start"
}

echo "machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GB", $2 / 1048576 }' /proc/meminfo); $(java -version 2>&1 | head -1)"
echo "load before: $(uptime)"
declare -a cli one two
for ((r = 1; r <= runs; r++)); do
  cli+=("$(cli_run)")
  one+=("$(spark_run 'local[1]')")
  two+=("$(spark_run 'local[2]')")
  echo "run $r: cli --jobs 2 ${cli[-1]} s, local[1] ${one[-1]} s, local[2] ${two[-1]} s" >&2
done
echo "load after:  $(uptime)"
cat "$work/spark.out"

m_cli=$(printf '%s\n' "${cli[@]}" | median_of)
m_one=$(printf '%s\n' "${one[@]}" | median_of)
m_two=$(printf '%s\n' "${two[@]}" | median_of)
echo
echo "$n components ($corpus), pack $pack, $runs runs, medians of whole-process wall time:"
echo
echo "| run | median s | components/s | vs CLI --jobs 2 |"
echo "|---|---:|---:|---:|"
for row in "assay scan --jobs 2:$m_cli" "assay-spark local[1]:$m_one" "assay-spark local[2]:$m_two"; do
  name=${row%%:*}
  t=${row##*:}
  awk -v name="$name" -v t="$t" -v n="$n" -v base="$m_cli" \
    'BEGIN { printf "| %s | %.1f | %.1f | %.2fx |\n", name, t, n / t, t / base }'
done
awk -v a="$m_one" -v b="$m_two" 'BEGIN { printf "\nlocal[1] / local[2] = %.2fx\n", a / b }'
