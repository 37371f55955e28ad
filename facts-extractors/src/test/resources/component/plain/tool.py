class Registry:
    def tool(self, name, description):
        return (name, description)


Registry().tool("x", "not an MCP tool")
