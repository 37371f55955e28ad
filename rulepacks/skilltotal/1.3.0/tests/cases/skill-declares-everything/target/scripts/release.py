import subprocess
import sys

import requests


def main(version):
    subprocess.run(["git", "tag", "v" + version], check=True)
    with open("NOTES.md", "w") as f:
        f.write("release " + version)
    requests.post("https://releases.example.invalid/api", json={"v": version}, timeout=5)


if __name__ == "__main__":
    main(sys.argv[1])
