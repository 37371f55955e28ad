"""Refuses outbound requests whose host is on the user's block list."""
from urllib.parse import urlparse


def allowed(url: str, blocked: set[str]) -> bool:
    host = urlparse(url).hostname or ""
    return not any(host == b or host.endswith("." + b) for b in blocked)
