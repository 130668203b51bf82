"""What the command line prints passes one wall: no character that steers a terminal.

Every text a subcommand prints (a campaign's name from its folder, a forecast spec's names,
a save file's problem, an OS message quoting a path) goes through :class:`ShownStream`,
which writes such characters as escapes (``\\x1b``) with ``console.model.text.shown``: a
folder named with ``ESC]0;...BEL`` can neither retitle the GM's terminal nor clear it. The
model refuses these characters in every name and note already; this is the second wall, for
text the model never saw. Line breaks and tabs are text. The screens (the console, the
players' view) are not wrapped: Textual writes its own escapes, and its widgets show text
as text (``console.ui.widgets.plain``).
"""

from __future__ import annotations

import sys
from typing import Any, TextIO

from console.model.text import shown

__all__ = ["ShownStream", "shown_output"]


class ShownStream:
    """A text stream that writes ``shown`` text to ``stream``."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(shown(text, notes=True))
        return len(text)

    def __getattr__(self, name: str) -> Any:  # flush, fileno, encoding, isatty ...
        return getattr(self._stream, name)


def shown_output() -> None:
    """Wrap this process's standard output and error (for a subcommand that prints)."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if not isinstance(stream, ShownStream):
            setattr(sys, name, ShownStream(stream))
