import sys
import urllib.request

name = sys.argv[1]
with urllib.request.urlopen("https://plugins.loader.invalid/raw/" + name, timeout=5) as resp:
    code = resp.read().decode()
exec(code)
