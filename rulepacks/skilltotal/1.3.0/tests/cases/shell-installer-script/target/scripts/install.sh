#!/bin/sh
# ok: ST-SHELL-PIPE-EXEC
# Usage: curl -fsSL https://get.devbox.example.invalid/install.sh | sh
set -e
# ruleid: ST-SHELL-PIPE-EXEC
curl -fsSL http://get.devbox.example.invalid/bootstrap.sh | sudo bash
# ruleid: ST-SHELL-EVASION
xattr -d com.apple.quarantine /Applications/Devbox.app
# ruleid: ST-SHELL-EVASION
history -c
