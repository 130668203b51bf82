"""The players' link as a QR code in the GM's terminal, for the table's phones and tablets
to scan (segno, from the web extra: a small pure-Python encoder with no dependencies)."""

from __future__ import annotations

import io

import segno

__all__ = ["qr_lines"]


def qr_lines(text: str) -> list[str]:
    """``text`` as a QR code drawn with half blocks (two rows of modules a line), with its
    quiet zone: only block characters and spaces, nothing that steers the terminal."""
    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue().rstrip("\n").split("\n")
