"""Demo tools."""
