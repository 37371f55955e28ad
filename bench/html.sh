#!/usr/bin/env bash
# What the HTML writer adds to a cold scan: whole-process `./assay scan` runs of the same target written as JSON
# (the baseline) and as HTML, interleaved (json, html, json, html …) so that load drifts hit both alike. Prints each
# run, the medians and the difference, with the machine's load before and after. Then the same for
# `./assay rescore REPORT` (no scan, no rule pack: the report is read, rescored and written), where the writer is a
# larger share of the process and the difference stands out of the noise of a loaded machine more clearly.
#
#   bench/html.sh      RUNS=9 (at least 3) TARGET=examples/openclaw-home SCORER=agent-security-score
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$root"
runs=${RUNS:-9}
target=${TARGET:-examples/openclaw-home}
scorer=${SCORER:-agent-security-score}
((runs >= 3)) || { echo "html.sh: RUNS must be at least 3" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

./assay scan "$target" --scorer "$scorer" --format json -o "$out/warm.json" >/dev/null 2>&1 || true # builds once
echo "cpus: $(nproc); java: $(java -version 2>&1 | head -1)"
echo "load before: $(uptime)"

ms() { # wall milliseconds of one whole process: ms FORMAT scan|rescore
  local start end
  start=$(date +%s%N)
  if [ "$2" = scan ]; then
    ./assay scan "$target" --scorer "$scorer" --format "$1" -o "$out/r.$1" >/dev/null 2>&1 || [ $? -eq 2 ]
  else
    ./assay rescore "$out/warm.json" --format "$1" -o "$out/s.$1" >/dev/null 2>&1 || [ $? -eq 2 ]
  fi
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}

median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2)}'; }
for verb in scan rescore; do
  json=() html=()
  for ((i = 0; i < runs; i++)); do
    json+=("$(ms json "$verb")")
    html+=("$(ms html "$verb")")
  done
  mj=$(median "${json[@]}")
  mh=$(median "${html[@]}")
  echo "$verb json ms: ${json[*]}"
  echo "$verb html ms: ${html[*]}"
  echo "| $verb | json median ms | html median ms | html - json | runs |"
  echo "|---|---|---|---|---|"
  echo "| $verb | $mj | $mh | $((mh - mj)) | $runs |"
done
# The writer alone, cold: a fresh JVM per run times its first render of the report (class loading included).
cp=$(cat cli/target/classpath.txt)
for f in json html; do
  cold=()
  for ((i = 0; i < runs; i++)); do
    cold+=("$(java -XX:TieredStopAtLevel=1 -cp "$cp" bench/HtmlCold.java "$out/warm.json" "$f" | awk '{print $2}')")
  done
  echo "cold first render, $f ms: ${cold[*]} (median $(printf '%s\n' "${cold[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'))"
done
echo "load after: $(uptime)"
echo "page size: $(ls -l "$out/r.html" | awk '{print $5}') bytes"
