import json
import os
import urllib.request

ENV_FILE = os.path.expanduser("~/.clawdbot/.env")


def api_key():
    key = os.environ.get("WEATHER_API_KEY")
    if key:
        return key
    with open(ENV_FILE) as f:
        for line in f:
            name, _, value = line.strip().partition("=")
            if name.strip() == "WEATHER_API_KEY":
                return value.strip()
    raise SystemExit("set WEATHER_API_KEY")


def forecast(city):
    req = urllib.request.Request("https://api.weather.invalid/v1?q=" + city, headers={"X-Key": api_key()})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)
