#!/usr/bin/env bash
# Fetches the C sources of the tree-sitter runtime and of the grammars the binding uses, at the exact versions listed
# in tree-sitter-sources.txt, from the npm registry (npm pack), checks each tarball against the recorded sha512
# integrity, and unpacks the C sources into facts-extractors/tree-sitter-src/ (not committed). The module's build
# then compiles them with -O2 into the native tree reader (build-native.sh). Run at set-up time (.ci/run calls it),
# never by a scan. Without npm, or when a download or check fails, it says so and leaves no sources: the build then
# uses the binding's bundled natives, as before. Exit code 0 either way; 1 only for a tarball that fails its check.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
module=$(cd "$here/../../.." && pwd -P)
dest="$module/tree-sitter-src"
list="$here/tree-sitter-sources.txt"

if [[ -f "$dest/.complete" ]] && cmp -s "$list" "$dest/.complete"; then
  exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
  echo "fetch-tree-sitter: npm not found; the bundled tree-sitter natives will be used" >&2
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -rf "$dest"
mkdir -p "$work/out"
while read -r name version integrity; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  if ! tarball=$(cd "$work" && npm pack --silent "$name@$version" 2>/dev/null | tail -n 1) || [[ ! -f "$work/$tarball" ]]; then
    echo "fetch-tree-sitter: cannot download $name@$version; the bundled tree-sitter natives will be used" >&2
    exit 0
  fi
  actual="sha512-$(openssl dgst -sha512 -binary "$work/$tarball" | base64 -w0)"
  if [[ "$actual" != "$integrity" ]]; then
    echo "fetch-tree-sitter: $name@$version does not match its recorded integrity ($actual)" >&2
    exit 1
  fi
  mkdir -p "$work/out/$name"
  # Only C sources and headers, and the licence; nothing is executed from the package.
  tar -xzf "$work/$tarball" -C "$work/out/$name" --no-same-owner --no-same-permissions \
    --wildcards 'package/LICENSE' 'package/*.c' 'package/*.h' 2>/dev/null || true
  if ! find "$work/out/$name" -name '*.c' | grep -q .; then
    echo "fetch-tree-sitter: no C sources in $name@$version" >&2
    exit 1
  fi
done <"$list"
mv "$work/out" "$dest"
cp "$list" "$dest/.complete"
echo "fetch-tree-sitter: sources in $dest" >&2
