import json
import os
import shutil
import subprocess
from pathlib import Path

import requests
import yaml


def archive(folder, dest):
    # ruleid: ST-FS-PY-READ
    names = os.listdir(folder)
    # ruleid: ST-FS-PY-WRITE
    with open(dest, "w") as out:
        json.dump(names, out)
    # ruleid: ST-FS-PY-WRITE
    shutil.rmtree(folder + ".tmp", ignore_errors=True)


def load(path):
    # ruleid: ST-FS-PY-READ
    text = Path(path).read_text()
    # ok: ST-DESERIALIZE-PY
    return yaml.safe_load(text)


def load_legacy(path):
    with open(path) as f:
        # ruleid: ST-DESERIALIZE-PY
        return yaml.load(f, Loader=yaml.Loader)


def status():
    # ruleid: ST-SHELL-PY
    # ok: ST-CMDI-PY
    return subprocess.run(["git", "status"], capture_output=True).stdout


def publish(doc):
    # ruleid: ST-NET-PY
    return requests.post("https://api.example.invalid/docs", json=doc, timeout=10)


def evaluate(expr):
    # ruleid: ST-DYN-PY
    # ok: ST-OBF-DECODE-EXEC-PY
    return eval(expr, {"__builtins__": {}})
