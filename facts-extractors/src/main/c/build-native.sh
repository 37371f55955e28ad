#!/bin/sh
# Builds the native tree reader (called by the module's native-tree-reader profile in process-classes):
#   build-native.sh OUTPUT_DIR OBJECT_DIR JAVA_HOME
# When facts-extractors/tree-sitter-src holds the fetched runtime and grammar sources (fetch-tree-sitter.sh), they are
# compiled with -O2 into the library, their symbols hidden, and the reader parses with them (ASSAY_OWN_RUNTIME);
# the grammar objects are compiled once into OBJECT_DIR and reused while their source is unchanged (the large
# generated parser.c files take most of the time). Otherwise the reader binds to the binding's bundled library.
set -eu
out=$1
obj=$2
jdk=$3
src=src/main/c
ts=tree-sitter-src
mkdir -p "$out" "$obj"
cflags="-O2 -fPIC -fvisibility=hidden"
jni="-I$jdk/include -I$jdk/include/linux"
if [ ! -f "$ts/.complete" ]; then
  exec cc -O2 -Wall -Wextra -Werror -shared -fPIC $jni -o "$out/libassay-tree-reader.so" "$src/tree_reader.c" -ldl
fi
runtime="$ts/tree-sitter/package/vendor/tree-sitter/lib"
# name:source for each object; a grammar's own headers sit beside its parser.c.
set -- runtime:"$runtime/src/lib.c" \
  python-parser:"$ts/tree-sitter-python/package/src/parser.c" \
  python-scanner:"$ts/tree-sitter-python/package/src/scanner.c" \
  javascript-parser:"$ts/tree-sitter-javascript/package/src/parser.c" \
  javascript-scanner:"$ts/tree-sitter-javascript/package/src/scanner.c" \
  typescript-parser:"$ts/tree-sitter-typescript/package/typescript/src/parser.c" \
  typescript-scanner:"$ts/tree-sitter-typescript/package/typescript/src/scanner.c" \
  tsx-parser:"$ts/tree-sitter-typescript/package/tsx/src/parser.c" \
  tsx-scanner:"$ts/tree-sitter-typescript/package/tsx/src/scanner.c" \
  bash-parser:"$ts/tree-sitter-bash/package/src/parser.c" \
  bash-scanner:"$ts/tree-sitter-bash/package/src/scanner.c"
objects=
for entry in "$@"; do
  name=${entry%%:*}
  file=${entry#*:}
  o="$obj/$name.o"
  if [ ! -f "$o" ] || [ "$file" -nt "$o" ] || [ "$ts/.complete" -nt "$o" ]; then
    case $name in
      runtime) cc $cflags -std=c11 -D_POSIX_C_SOURCE=200112L -D_DEFAULT_SOURCE -I"$runtime/src" -I"$runtime/include" \
        -c "$file" -o "$o.tmp" ;;
      *) cc $cflags -std=c11 -I"$(dirname "$file")" -c "$file" -o "$o.tmp" ;;
    esac
    mv "$o.tmp" "$o"
  fi
  objects="$objects $o"
done
# Only the JNI entry points are exported (tree_reader.map), and -Bsymbolic keeps calls inside this library inside
# it, whatever other tree-sitter library is loaded.
cc -O2 -Wall -Wextra -Werror -shared -fPIC -fvisibility=hidden -Wl,-Bsymbolic -Wl,--version-script="$src/tree_reader.map" \
  -DASSAY_OWN_RUNTIME $jni \
  -o "$out/libassay-tree-reader.so.tmp" "$src/tree_reader.c" $objects -ldl
mv "$out/libassay-tree-reader.so.tmp" "$out/libassay-tree-reader.so"
