#!/usr/bin/env bash
# Precision and recall of the SkillTotal packs over the labelled corpus (golden-tests/corpus/skilltotal/labels.yaml),
# per technique and overall. Builds the command line when needed (./assay), compiles the corpus classes of
# golden-tests' test sources against its class path, and runs dev.assay.golden.corpus.CorpusRunner.
#
#   bench/corpus.sh                         both packs listed in labels.yaml (latest first)
#   bench/corpus.sh --pack skilltotal@1.0.0 one pack
#
# Exit code 1 when a figure is below its threshold in labels.yaml. See docs/skilltotal.md, "Measuring detection".
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
  "$src/CorpusRunner.java"
exec "$java" -XX:+UseSerialGC -cp "$out:$classpath" dev.assay.golden.corpus.CorpusRunner \
  golden-tests/corpus/skilltotal "$@"
