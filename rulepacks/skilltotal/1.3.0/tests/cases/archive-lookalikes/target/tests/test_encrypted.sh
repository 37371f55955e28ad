#!/usr/bin/env bash
# The inspector must report an encrypted archive and stop; the fixture is made here, with a throwaway password.
set -euo pipefail
work=$(mktemp -d)
printf 'fixture\n' > "$work/a.txt"
zip -q -j -P fixturepass "$work/enc.zip" "$work/a.txt"
unzip -P fixturepass -t "$work/enc.zip"
