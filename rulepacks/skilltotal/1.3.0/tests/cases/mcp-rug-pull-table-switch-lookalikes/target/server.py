"""Inert fixture: a database server whose tool table depends on a read-only setting."""
import os

from mcp.server import Server
from mcp.types import Tool

server = Server("db")
READ_ONLY = os.environ.get("DB_READ_ONLY") == "1"


@server.list_tools()
async def handle_list_tools():
    if READ_ONLY:
        return [Tool(name="query", description="Runs a read-only SQL query.", inputSchema={"type": "object"})]
    return [Tool(name="query", description="Runs a SQL query.", inputSchema={"type": "object"})]
