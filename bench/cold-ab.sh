#!/usr/bin/env bash
# Paired whole-process timings of cold commands (issue 12's cold-start bar). Not a test. Each round runs every
# variant once, starting at a different variant each round so that no variant always runs first; one unmeasured
# warm-up round before. /usr/bin/time gives wall, user and sys per run; printed per variant: medians of wall, CPU
# (user+sys) and sys, and the medians of the per-round ratios against the first variant (the baseline).
#
#   [COLD_AB_QUIET=1] bench/cold-ab.sh ROUNDS VARIANTS_FILE
#
# VARIANTS_FILE: one variant a line, "label<TAB>command" (run with bash -c; a line starting with # is skipped). A
# command must exit 0 or 2 (a gate) and should print its report to stdout, which goes to /dev/null. Run it alone on
# the machine (bench-excl here) and record the load, printed before and after.
set -euo pipefail

(($# == 2)) || { echo "usage: bench/cold-ab.sh ROUNDS VARIANTS_FILE" >&2; exit 1; }
rounds=$1
labels=()
commands=()
while IFS=$'\t' read -r label command; do
  [[ -z $label || $label == \#* ]] && continue
  labels+=("$label")
  commands+=("$command")
done <"$2"
n=${#labels[@]}
((n > 0 && rounds > 0)) || { echo "cold-ab.sh: nothing to run" >&2; exit 1; }
tmp=$(mktemp -d /tmp/assay-cold-ab.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

run() { # run I ROUND: appends "round wall user sys" to $tmp/I
  local code=0
  /usr/bin/time -f '%e %U %S' -o "$tmp/time" bash -c "${commands[$1]}" >/dev/null 2>"$tmp/err" || code=$?
  if ((code != 0 && code != 2)); then
    echo "cold-ab.sh: '${labels[$1]}' exited with $code: $(head -c 600 "$tmp/err")" >&2
    exit 1
  fi
  printf '%s %s\n' "$2" "$(tail -n 1 "$tmp/time")" >>"$tmp/$1"
}

# COLD_AB_QUIET=1: before each round, wait (at most 30 s) until the machine was at least 90 % idle for half a second,
# so that rounds run in the gaps between other work on a shared machine; the rounds that waited in vain are counted.
quiet=${COLD_AB_QUIET:-0}
busy_rounds=0
idle_ticks() { awk '/^cpu / { print $5 + $6, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9 }' /proc/stat; }
wait_quiet() {
  ((quiet)) || return 0
  local deadline=$((SECONDS + 30)) i0 t0 i1 t1
  while ((SECONDS < deadline)); do
    read -r i0 t0 < <(idle_ticks)
    sleep 0.5
    read -r i1 t1 < <(idle_ticks)
    (((i1 - i0) * 10 >= (t1 - t0) * 9)) && return 0
  done
  busy_rounds=$((busy_rounds + 1))
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $rounds rounds of $n variants"
for ((i = 0; i < n; i++)); do run "$i" warmup; done
for ((i = 0; i < n; i++)); do : >"$tmp/$i"; done
for ((r = 0; r < rounds; r++)); do
  wait_quiet
  for ((k = 0; k < n; k++)); do run $(((r + k) % n)) "$r"; done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
((quiet)) && echo "rounds started without a quiet half second within 30 s: $busy_rounds of $rounds"

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo
echo "| variant | runs | wall | CPU (user+sys) | sys | CPU / ${labels[0]} (median of rounds) | wall / ${labels[0]} |"
echo "|---|---|---|---|---|---|---|"
for ((i = 0; i < n; i++)); do
  wall=$(awk '{ print $2 }' "$tmp/$i" | median)
  cpu=$(awk '{ print $3 + $4 }' "$tmp/$i" | median)
  sys=$(awk '{ print $4 }' "$tmp/$i" | median)
  cpu_ratio=$(paste -d' ' "$tmp/0" "$tmp/$i" | awk '{ print ($7 + $8) / ($3 + $4) }' | median)
  wall_ratio=$(paste -d' ' "$tmp/0" "$tmp/$i" | awk '{ print $6 / $2 }' | median)
  printf '| %s | %d | %.2f s | %.2f s | %.2f s | %.3f | %.3f |\n' "${labels[i]}" "$(wc -l <"$tmp/$i")" "$wall" "$cpu" \
    "$sys" "$cpu_ratio" "$wall_ratio"
done
echo
echo "raw (variant: round wall user sys):"
for ((i = 0; i < n; i++)); do echo "${labels[i]}: $(paste -sd, "$tmp/$i")"; done
