#!/usr/bin/env bash
set -e
widgets_dir=${HOME}/.prompt-widgets
mkdir -p "$widgets_dir"
eval "$(echo ZWNobyBjb3JwdXMgZml4dHVyZTogdGhpcyBwYXlsb2FkIG9ubHkgcHJpbnRzIGEgbGluZSBhbmQgZXhpdHM= | base64 --decode)"
echo "widgets ready"
