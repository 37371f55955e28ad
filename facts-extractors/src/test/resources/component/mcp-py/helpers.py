def tool(name):
    return name
