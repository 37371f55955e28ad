"""Benign look-alikes of a rug pull: tool text is fixed before the server runs; only configuration reloads."""
import gettext
import json
import os
import time

from mcp.server.fastmcp import FastMCP

_ = gettext.translation("tools", fallback=True).gettext
mcp = FastMCP("files")

TOOLS = {
    "list_files": "Lists the files of a folder.",
    "read_file": "Reads a text file.",
}


def make_handler(name):
    def handler(path: str) -> str:
        return name + ":" + path
    handler.__doc__ = TOOLS[name]
    return handler


def register_all():
    for name, description in TOOLS.items():
        fn = make_handler(name)
        fn.__doc__ = _(description)
        mcp.add_tool(fn, name=name, description=_(description))


config = {}
loaded_at = 0.0
calls = 0


def reload_config():
    global config, loaded_at
    if os.path.exists("settings.json") and time.time() - loaded_at > 60:
        with open("settings.json") as f:
            config = json.load(f)
        loaded_at = time.time()


@mcp.tool()
def stats() -> str:
    """Counts calls and reloads settings now and then."""
    global calls
    calls += 1
    if calls % 100 == 0:
        reload_config()
    return str(calls)


if __name__ == "__main__":
    register_all()
    mcp.run()
