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

import os
import sys
from typing import Any, TextIO

from console.cli.errors import OutputLost
from console.model.text import shown

__all__ = ["OutputLost", "ShownStream", "shown_output"]


class ShownStream:
    """A text stream that writes ``shown`` text to ``stream``."""

    def __init__(self, stream: TextIO, name: str = "standard output") -> None:
        self._stream = stream
        self._name = name

    def write(self, text: str) -> int:
        try:
            self._stream.write(shown(text, notes=True))
        except BrokenPipeError:
            raise  # the reader left (| head): the command line's own case
        except OSError as error:
            raise OutputLost(f"{self._name}: {error.strerror or error}") from None
        return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputLost(f"{self._name}: {error.strerror or error}") from None

    def __getattr__(self, name: str) -> Any:  # flush, fileno, encoding, isatty ...
        return getattr(self._stream, name)


def shown_output() -> None:
    """Wrap this process's standard output and error (for a subcommand that prints)."""
    for name, said in (("stdout", "standard output"), ("stderr", "standard error")):
        stream = getattr(sys, name)
        if stream is None:  # closed by the caller (>&-): what is printed is not wanted
            stream = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (for the run)
        if not isinstance(stream, ShownStream):
            setattr(sys, name, ShownStream(stream, said))
