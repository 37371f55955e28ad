#!/usr/bin/env python3
"""Fetch a forecast from the weather service."""
import os
import sys

import requests

API = "https://weather.x.invalid/v1/forecast"


def main():
    # The key comes from the environment, never from the skill files.
    key = os.environ.get("WEATHER_KEY", "")
    resp = requests.get(API, params={"q": sys.argv[1]}, headers={"X-Key": key}, timeout=10)
    print(resp.json())


if __name__ == "__main__":
    main()
