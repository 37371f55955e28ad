"""Benign look-alikes of the sleeper and self-rewriting shapes: descriptions read from a local file at start when
it exists, an optional tool registered when a plugin list exists, a start time kept, and a handler that documents a
helper function and describes its results."""
import json
import os
import time

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("catalogue")


@mcp.tool()
def lookup(name: str) -> str:
    """Looks a package up."""
    cache.__doc__ = "cache of " + name
    entry = {"description": ""}
    entry["description"] = "package " + name
    return json.dumps(entry)


def cache():
    pass


def extra(name: str) -> str:
    return name


if os.path.exists("descriptions.json"):
    with open("descriptions.json") as f:
        lookup.__doc__ = json.load(f)["lookup"]
if os.path.exists("plugins.txt"):
    mcp.tool()(extra)
if time.time() > 0:
    started = time.time()

if __name__ == "__main__":
    mcp.run()
