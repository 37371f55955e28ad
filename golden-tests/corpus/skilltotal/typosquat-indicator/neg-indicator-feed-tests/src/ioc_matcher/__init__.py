"""Matches log lines against a list of indicators loaded by the caller."""


def matches(line: str, indicators: list[str]) -> list[str]:
    return sorted(i for i in indicators if i and i in line)
