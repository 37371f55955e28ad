#!/usr/bin/env bash
# Precision and recall of the SkillTotal packs over the labelled corpus (golden-tests/corpus/skilltotal/labels.yaml),
# per technique and overall. Builds the command line when needed (./assay), compiles the corpus classes of
# golden-tests' test sources against its class path, and runs dev.assay.golden.corpus.CorpusRunner.
#
#   bench/corpus.sh                         both packs listed in labels.yaml (latest first)
#   bench/corpus.sh --pack skilltotal@1.0.0 one pack
#
# Then, over real skills: every skill folder of the ClawHub mirror (../shared/corpora/clawhub/skills, or
# ASSAY_CLAWHUB=DIR) is scanned with the packs of golden-tests/corpus/clawhub/labels.yaml (hand labels: malicious,
# suspicious, benign, with the reason) and recall, precision over everything flagged, and the benign flag rate are
# printed (dev.assay.golden.realworld.RealWorldRunner). ASSAY_REAL=0 skips this part.
#
# Then fetches the real npm packages of golden-tests/real-npm/packages.tsv (fetch.sh: npm pack by exact version and
# sha512, never installed) and prints, per package, the default pack's score, level, verdict and whether its label
# (vulnerable/benign) holds (dev.assay.golden.realnpm.RealNpmPackages).
#
# Exit code 1 when a figure is below its threshold in labels.yaml or a real package's label is not held.
# See docs/skilltotal.md, "Measuring detection".
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$root"
./assay --version >/dev/null # builds cli/target and writes cli/target/classpath.txt when needed
classpath=$(<cli/target/classpath.txt)
out=golden-tests/target/corpus-classes
src=golden-tests/src/test/java/dev/assay/golden/corpus
mkdir -p "$out"
javac=${JAVA_HOME:+$JAVA_HOME/bin/}javac
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
"$javac" -Xlint:all -d "$out" -cp "$classpath" "$src/CorpusLabels.java" "$src/CorpusEvaluation.java" \
  "$src/CorpusRunner.java" golden-tests/src/test/java/dev/assay/golden/realworld/RealWorld{Labels,Evaluation,Runner}.java \
  golden-tests/src/test/java/dev/assay/golden/realnpm/RealNpmPackages.java
status=0
"$java" -XX:+UseSerialGC -cp "$out:$classpath" dev.assay.golden.corpus.CorpusRunner \
  golden-tests/corpus/skilltotal "$@" || status=$?
if [[ ${ASSAY_REAL:-1} != 0 ]]; then
  mirror=${ASSAY_CLAWHUB:-}
  if [[ -z $mirror ]]; then
    for d in ../shared/corpora/clawhub/skills ../../shared/corpora/clawhub/skills; do
      if [[ -d $d ]]; then mirror=$d; break; fi
    done
  fi
  if [[ -z $mirror || ! -d $mirror ]]; then
    echo "corpus: the ClawHub mirror is missing (set ASSAY_CLAWHUB=DIR or ASSAY_REAL=0)" >&2
    exit 1
  fi
  echo
  echo "machine load: $(uptime)"
  "$java" -XX:+UseSerialGC -cp "$out:$classpath" dev.assay.golden.realworld.RealWorldRunner \
    golden-tests/corpus/clawhub/labels.yaml "$mirror" --all || { r=$?; [[ $status -ne 0 ]] || status=$r; }
fi
echo
if command -v npm >/dev/null; then
  golden-tests/real-npm/fetch.sh || status=1
else
  echo "real-npm: npm not found; scanning only the tarballs already fetched"
fi
"$java" -XX:+UseSerialGC -cp "$out:$classpath" dev.assay.golden.realnpm.RealNpmPackages golden-tests/real-npm \
  || status=$(( status > 0 ? status : $? ))
exit "$status"
