{ "targets": [ { "target_name": "crc32", "sources": [ "src/crc32.c" ] } ] }
