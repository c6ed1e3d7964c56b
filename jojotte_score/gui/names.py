"""Players' names on widgets: shown exactly as written."""

from __future__ import annotations


def literal(text: str) -> str:
    """``text`` for a button, box title or label that reads "&" as a mnemonic marker: "&&"
    shows one "&", so "Anna & Carl" is not shown as "Anna _Carl"."""
    return text.replace("&", "&&")
