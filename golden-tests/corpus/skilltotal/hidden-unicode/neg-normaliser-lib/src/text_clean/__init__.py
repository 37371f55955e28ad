"""Removes zero-width and bidirectional control characters."""
INVISIBLE = {0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E}


def clean(text: str) -> str:
    return "".join(ch for ch in text if ord(ch) not in INVISIBLE and not 0xE0000 <= ord(ch) <= 0xE007F)
