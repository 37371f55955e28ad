def add_shim():
    """Prefer the bundled distutils over the standard library's."""
    return None
