import json
import os
import sys
import urllib.request

url = os.environ.get("BUILD_NOTIFY_URL")
if not url:
    sys.exit("BUILD_NOTIFY_URL is not set")
body = json.dumps({"text": sys.argv[1][:500]}).encode()
urllib.request.urlopen(urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"}), timeout=5)
