"""What the players' server says in the GM's terminal: one line per event, never a
traceback, nothing from outside raw.

Whatever a browser sends (a Host, an Origin, a message) reaches these lines only through
:func:`console.model.text.shown` (a character that steers a terminal becomes an escape)
and cut to a length. The libraries under the server (aiohttp, asyncio) report through
Python's logging: :func:`take_over_logging` sends their records here as one line each,
without the traceback they carry. Lines are limited to a burst at a time, so a client
that hammers the server cannot scroll the GM's terminal away: what was left out is
counted and said with the next line.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable
from datetime import datetime
from typing import TextIO

from console.model.text import shown

__all__ = ["ServerLog", "outside", "take_over_logging"]

_OUTSIDE_MAX = 80


def outside(text: object, limit: int = _OUTSIDE_MAX) -> str:
    """Text that came from outside, fit for one line of the GM's terminal: escaped, cut."""
    value = shown(str(text))
    value = value.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
    return value if len(value) <= limit else value[:limit] + "…"


class ServerLog:
    """One timestamped line per event, at most ``burst`` lines per ``window`` seconds."""

    def __init__(self, out: TextIO | None = None, *, burst: int = 100, window: float = 10.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._out = out
        self._burst = burst
        self._window = window
        self._clock = clock
        self._window_start = clock()
        self._said = 0
        self._left_out = 0
        self.lines = 0  # said since the start (the tests count them)

    def say(self, line: str) -> None:
        now = self._clock()
        if now - self._window_start >= self._window:
            self._window_start, self._said = now, 0
        if self._said >= self._burst:
            self._left_out += 1
            return
        self._said += 1
        if self._left_out:
            line = f"({self._left_out} more lines left out) {line}"
            self._left_out = 0
        out = self._out or sys.stdout
        stamp = datetime.now().strftime("%H:%M:%S")
        try:
            out.write(f"{stamp} {shown(line)}\n")
            out.flush()
        except (OSError, ValueError):
            pass  # the terminal went away: the server goes on serving
        self.lines += 1


class _OneLine(logging.Handler):
    def __init__(self, log: ServerLog) -> None:
        super().__init__(logging.WARNING)
        self._log = log

    def emit(self, record: logging.LogRecord) -> None:
        try:
            message = record.getMessage()
        except Exception:  # a record whose arguments do not fit its message
            message = str(record.msg)
        reason = ""
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            # An HTTP parser's error spans lines, with the request quoted: its first words.
            said = getattr(error, "message", None) or str(error)
            reason = f" ({type(error).__name__}: {outside(' '.join(str(said).split()), 60)})"
        self._log.say(f"{record.name}: {outside(' '.join(message.split()), 100)}{reason}")


def take_over_logging(log: ServerLog) -> None:
    """Send aiohttp's and asyncio's warnings and errors to ``log`` as one line each
    (their own handlers print a traceback per bad request)."""
    for name in ("aiohttp", "asyncio"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [_OneLine(log)]
        logger.setLevel(logging.WARNING)
        logger.propagate = False
