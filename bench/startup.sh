#!/usr/bin/env bash
# Start-up benchmark of the assay command line: whole-process wall times (medians) for an empty JVM, `assay --version`,
# a cold `assay scan` with and without the class-data archive, and a warm scan measured inside one JVM.
#
#   bench/startup.sh [TARGET]      RUNS=10 (at least 7) WARM_RUNS=100 WARM_MEASURED=40
#
# TARGET defaults to examples/openclaw-home, else the first folder under examples/, else bench/fixtures/openclaw-home.
# Uses hyperfine when it is installed (and tries `apt-get install hyperfine` as root when it is not), otherwise a bash
# loop timed with the shell's own `time`. Prints the machine facts and a Markdown table of medians; docs/performance.md
# explains the method and holds the figures measured here.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$root"
runs=${RUNS:-10}
if ((runs < 7)); then
  echo "startup.sh: RUNS must be at least 7" >&2
  exit 1
fi
warm_runs=${WARM_RUNS:-100}
warm_measured=${WARM_MEASURED:-40}
java=${JAVA_HOME:+$JAVA_HOME/bin/}java

target=${1:-}
if [[ -z $target ]]; then
  if [[ -d examples/openclaw-home ]]; then
    target=examples/openclaw-home
  else
    for d in examples/*/; do
      if [[ -d $d ]]; then target=${d%/}; break; fi
    done
    target=${target:-bench/fixtures/openclaw-home}
  fi
fi
[[ -e $target ]] || { echo "startup.sh: no such target: $target" >&2; exit 1; }

# Build and create the archive now, so that no measured run pays for either.
./assay --version >/dev/null
./assay scan "$target" >/dev/null || { echo "startup.sh: assay scan $target failed" >&2; exit 1; }
[[ -f cli/target/assay.jsa ]] || echo "startup.sh: note: no class-data archive was created; 'with CDS' runs without one" >&2
if [[ ! -d cli/target/test-classes/dev/assay/cli ]]; then
  (mvn -q -o test-compile -pl cli || mvn -q test-compile -pl cli) 1>&2
fi

if ! command -v hyperfine >/dev/null 2>&1 && [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "startup.sh: installing hyperfine" >&2
  { apt-get install -y -qq hyperfine || { apt-get update -qq && apt-get install -y -qq hyperfine; }; } >&2 || true
fi

names=("empty JVM (java -version)" "assay --version" "assay scan, cold, with CDS archive" "assay scan, cold, no CDS archive")
commands=(
  "$java -version"
  "env ASSAY_NO_BUILD=1 ./assay --version"
  "env ASSAY_NO_BUILD=1 ./assay scan $target"
  "env ASSAY_NO_BUILD=1 ASSAY_CDS=0 ./assay scan $target"
)
medians=()
cpus=()

median_of() { # prints the median of the numbers on stdin
  sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if command -v hyperfine >/dev/null 2>&1; then
  method="hyperfine $(hyperfine --version | awk '{print $2}'), --warmup 2, --runs $runs, --shell=none"
  for i in "${!commands[@]}"; do
    hyperfine --style none --shell=none --warmup 2 --runs "$runs" --export-json "$tmp/$i.json" "${commands[$i]}" >&2
    # hyperfine's JSON has one key per line; times are in seconds; user and system are means.
    medians+=("$(awk -F': *' '/"median"/ { gsub(/,/, "", $2); print $2; exit }' "$tmp/$i.json")")
    cpus+=("$(awk -F': *' '/"user"/ && !u { gsub(/,/, "", $2); u = $2 } /"system"/ && !s { gsub(/,/, "", $2); s = $2 }
      END { print u + s }' "$tmp/$i.json")")
  done
else
  method="bash loop timed with the shell's time builtin, 2 warm-up runs, $runs measured runs"
  TIMEFORMAT='%R %U %S'
  for i in "${!commands[@]}"; do
    read -r -a argv <<<"${commands[$i]}"
    for ((w = 0; w < 2; w++)); do "${argv[@]}" >/dev/null 2>&1 || true; done
    : >"$tmp/$i.times"
    for ((r = 0; r < runs; r++)); do
      { time "${argv[@]}" >/dev/null 2>&1; } 2>>"$tmp/$i.times"
    done
    medians+=("$(awk '{ print $1 }' "$tmp/$i.times" | median_of)")
    cpus+=("$(awk '{ t += $2 + $3 } END { print t / NR }' "$tmp/$i.times")")
  done
fi

classpath="cli/target/test-classes:$(<cli/target/classpath.txt)"
warm=$("$java" -cp "$classpath" dev.assay.cli.WarmScanBenchmark "$target" "$warm_runs" "$warm_measured")

cpu=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
mem=$(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo 2>/dev/null || true)
echo "## Start-up, $(date -u +%Y-%m-%d)"
echo
echo "- machine: ${cpu:-unknown CPU}, $(nproc) cores, ${mem:-unknown memory}, $(uname -sr)"
echo "- java: $("$java" -version 2>&1 | sed -n 2p)"
echo "- target: $target ($(find "$target" -type f | wc -l) files, $(du -sk "$target" | cut -f1) KiB)"
echo "- load average (1, 5, 15 min) before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
echo "- method: $method; warm: $warm_runs scans in one JVM (default JIT), median of the last $warm_measured"
echo
echo "| what | wall, median | CPU (user + sys), mean |"
echo "|---|---|---|"
for i in "${!names[@]}"; do
  printf '| %s | %.0f ms | %.0f ms |\n' "${names[$i]}" "$(awk -v s="${medians[$i]}" 'BEGIN { print s * 1000 }')" \
    "$(awk -v s="${cpus[$i]}" 'BEGIN { print s * 1000 }')"
done
while read -r name median p90 _; do
  printf '| %s (in-process; p90 %s ms) | %s ms | |\n' "$name" "${p90#p90_ms=}" "${median#median_ms=}"
done <<<"$warm"
