#!/usr/bin/env bash
# Fetches the real npm packages listed in packages.tsv into tarballs/ (git-ignored) with `npm pack NAME@VERSION`
# and checks each against its sha512 integrity. Never installs or runs anything from them. Idempotent: a tarball
# already present with the right hash is kept without asking the registry. Exit code 1 on a fetch or hash failure.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
dest="$here/tarballs"
mkdir -p "$dest"
# node comes with npm; the integrity string is the base64 sha512 of the tarball, as in the registry's dist.integrity
sri() { node -e 'process.stdout.write("sha512-" + require("crypto").createHash("sha512")
  .update(require("fs").readFileSync(process.argv[1])).digest("base64"))' "$1"; }
# npm pack names scoped packages @scope/name as scope-name-VERSION.tgz
file_of() { local n=${1#@}; printf '%s-%s.tgz' "${n//\//-}" "$2"; }
failed=0
while IFS=$'\t' read -r name version integrity label _; do
  [[ -z $name || $name == \#* || $name == name ]] && continue
  file="$dest/$(file_of "$name" "$version")"
  if [[ -f $file && $(sri "$file") == "$integrity" ]]; then
    continue
  fi
  command -v npm >/dev/null || { echo "real-npm: npm not found, cannot fetch $name@$version" >&2; exit 1; }
  rm -f "$file"
  if ! npm pack "$name@$version" --ignore-scripts --silent --pack-destination "$dest" >/dev/null; then
    echo "real-npm: npm pack $name@$version failed" >&2; failed=1; continue
  fi
  if [[ $(sri "$file") != "$integrity" ]]; then
    echo "real-npm: $name@$version does not match its sha512 in packages.tsv; removed" >&2
    rm -f "$file"; failed=1; continue
  fi
  echo "real-npm: fetched $name@$version ($label)"
done < "$here/packages.tsv"
exit $failed
