"""Flags obfuscated shell one-liners in text."""
import re

DECODE_TO_SHELL = re.compile(r"base64\s+(-d|--decode)\s*\|\s*(ba)?sh")


def flag(line: str) -> bool:
    return bool(DECODE_TO_SHELL.search(line))
