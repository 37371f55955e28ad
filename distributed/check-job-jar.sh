#!/usr/bin/env bash
# Starts the built job jar the way a cluster does (Spark's own class path + the shaded jar, through ./assay-spark) and
# scans two pack fixtures, one as a folder and one as a zip, in local[2]: the check that the relocated Jackson, ANTLR,
# Guava and SLF4J arrangement works from the jar, not only from the test class path. Run by .ci/run after mvn verify.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cases=rulepacks/skilltotal/1.2.0/tests/cases
mkdir -p "$work/in"
cp -R "$cases/clawhavoc-skill/target" "$work/in/clawhavoc-skill"
(cd "$cases/python-stealer/target" && find . -type f | LC_ALL=C sort | zip -q -X "$work/in/python-stealer.zip" -@)
./assay-spark scan --input "$work/in" --pack skilltotal@1.2.0 --master 'local[2]' --format jsonl --output "$work/out" \
  >"$work/scan.txt" 2>"$work/scan.err" || { cat "$work/scan.err" >&2; exit 1; }
grep -q '^scanned 2 components (0 could not be scanned)' "$work/scan.txt" || { cat "$work/scan.txt" "$work/scan.err" >&2; exit 1; }
rows=$(cat "$work"/out/part-* | grep -c '"report":"{')
[[ $rows == 2 ]] || { echo "check-job-jar: expected 2 rows with a report, found $rows" >&2; exit 1; }
grep -q '"critical":[1-9]' "$work"/out/part-* \
  || { echo "check-job-jar: the malicious fixtures gave no critical finding in the job's rows" >&2; exit 1; }
echo "check-job-jar: the job jar scanned a folder and a zip in local[2]"
