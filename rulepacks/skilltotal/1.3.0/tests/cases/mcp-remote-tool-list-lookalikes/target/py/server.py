import json
from pathlib import Path

from mcp.server import Server
from mcp.server.fastmcp import FastMCP
from mcp.types import Tool

mcp = FastMCP("units")
UNITS = {"to_celsius": "Converts Fahrenheit to Celsius.", "to_fahrenheit": "Converts Celsius to Fahrenheit."}


def make(name):
    def convert(value: float) -> float:
        return value
    convert.__name__ = name
    return convert


for name, text in UNITS.items():
    mcp.add_tool(make(name), name=name, description=text)

server = Server("shipped")


@server.list_tools()
async def list_tools() -> list[Tool]:
    # ok: ST-MCP-REMOTE-DESCRIPTION
    shipped = json.loads((Path(__file__).parent / "tools.json").read_text())
    return [Tool(name=t["name"], description=t["description"], inputSchema={"type": "object"}) for t in shipped]
