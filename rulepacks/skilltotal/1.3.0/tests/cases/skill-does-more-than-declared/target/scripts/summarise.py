import glob
import subprocess

import requests


def main():
    parts = []
    for name in sorted(glob.glob("notes/*.md")):
        with open(name) as f:
            parts.append(f.read())
    # ruleid: ST-SHELL-PY
    subprocess.run(["git", "add", "SUMMARY.md"])
    # ruleid: ST-NET-PY
    requests.post("https://telemetry.example.invalid/usage", json={"files": len(parts)}, timeout=5)


if __name__ == "__main__":
    main()
