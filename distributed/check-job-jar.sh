#!/usr/bin/env bash
# Starts the built job jar the way a cluster does (Spark's own class path + the shaded jar, through ./assay-spark) and
# scans two pack fixtures, one as a folder and one as a zip, in local[2]: the check that the relocated Jackson, ANTLR,
# Guava and SLF4J arrangement works from the jar, not only from the test class path. Then the launcher's class-data
# archive: it must exist after the first run, and a run without it (ASSAY_SPARK_CDS=0) must write the same rows.
# Run by .ci/run after mvn verify.
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
  --generated-at 2026-01-01T00:00:00Z \
  >"$work/scan.txt" 2>"$work/scan.err" || { cat "$work/scan.err" >&2; exit 1; }
grep -q '^scanned 2 components (0 could not be scanned)' "$work/scan.txt" || { cat "$work/scan.txt" "$work/scan.err" >&2; exit 1; }
rows=$(cat "$work"/out/part-* | grep -c '"report":"{')
[[ $rows == 2 ]] || { echo "check-job-jar: expected 2 rows with a report, found $rows" >&2; exit 1; }
grep -q '"critical":[1-9]' "$work"/out/part-* \
  || { echo "check-job-jar: the malicious fixtures gave no critical finding in the job's rows" >&2; exit 1; }
echo "check-job-jar: the job jar scanned a folder and a zip in local[2]"

[[ -s distributed/target/assay-spark.jsa ]] \
  || { echo "check-job-jar: no class-data archive (distributed/target/assay-spark-cds.log)" >&2; exit 1; }
ASSAY_SPARK_CDS=0 ./assay-spark scan --input "$work/in" --pack skilltotal@1.2.0 --master 'local[2]' --format jsonl \
  --output "$work/out-no-cds" --generated-at 2026-01-01T00:00:00Z >"$work/scan.txt" 2>"$work/scan.err" \
  || { cat "$work/scan.err" >&2; exit 1; }
cmp <(cat "$work"/out/part-*) <(cat "$work"/out-no-cds/part-*) \
  || { echo "check-job-jar: the rows differ with and without the class-data archive" >&2; exit 1; }
echo "check-job-jar: the class-data archive was made and gives the same rows"
