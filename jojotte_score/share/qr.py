"""The page's address as a QR code, drawn by segno (pure Python): PNG bytes for the window,
blocks of colour for a terminal."""

from __future__ import annotations

import io
from typing import TextIO

import segno


def qr_png(url: str, scale: int = 8) -> bytes:
    """The QR code of ``url`` as a PNG image, ``scale`` pixels a module, with the quiet zone
    a reader needs around it."""
    buffer = io.BytesIO()
    segno.make(url, error="m", micro=False).save(buffer, kind="png", scale=scale, border=4)
    return buffer.getvalue()


def print_qr(url: str, out: TextIO) -> None:
    """Draw the QR code of ``url`` on a terminal: with half blocks (two rows a line) where the
    terminal speaks UTF-8, else with spaces in two colours."""
    encoding = (getattr(out, "encoding", None) or "").lower().replace("-", "")
    compact = encoding == "utf8"
    segno.make(url, error="m", micro=False).terminal(out=out, compact=compact, border=2)
