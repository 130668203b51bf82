"""Which toasts are up: the same message again is one toast with a count, and at most a few
are up at once.

Held down over a PC who owes checks, `space` or `b` raised one warning per key: the
toasts piled down the whole right side, over one another, and the console grew from 61 to
145 MiB in 1,000 keys (each toast a widget with its timer until it timed out). Space past a
round's end stacked ~30 identical "Round 6 is over". Here a message already up is raised
again, counted ("x30") and timed from now; the oldest of more than ``MOST`` goes.

Pure bookkeeping, no Textual: the app redraws its toasts from :meth:`NoticeBoard.add`'s
answer through Textual's public ``notify`` and ``clear_notifications``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from console.records import record

__all__ = ["MOST", "Notice", "NoticeBoard", "Shown"]

MOST = 4  # toasts up at once: each up to a few lines, they fit beside the panes


@dataclass(slots=True)
class Notice:
    message: str
    title: str
    severity: str
    timeout: float
    raised: float
    count: int = 1

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.message, self.title, self.severity)

    @property
    def text(self) -> str:
        """The message, with how many times it was raised while it was up."""
        return self.message if self.count == 1 else f"{self.message}  (x{self.count})"

    def left(self, now: float) -> float:
        return self.raised + self.timeout - now


@record
class Shown:
    """What the app must do: clear the toasts up (``again``), then show ``show``, each for
    the seconds beside it. ``recount``: only a count went up (the app may wait a moment
    before drawing the toasts again: each drawing makes new widgets)."""

    again: bool
    show: tuple[tuple[Notice, float], ...]
    recount: bool = False


@dataclass(slots=True)
class NoticeBoard:
    notices: list[Notice] = field(default_factory=list)

    def add(self, message: str, title: str, severity: str, timeout: float,
            now: float) -> Shown:
        self.notices = [n for n in self.notices if n.left(now) > 0]
        key = (message, title, severity)
        same = next((n for n in self.notices if n.key == key), None)
        if same is None and len(self.notices) < MOST:
            notice = Notice(message, title, severity, timeout, now)
            self.notices.append(notice)
            return Shown(False, ((notice, timeout),))
        if same is not None:  # up already: counted, timed from now, moved to the newest
            self.notices.remove(same)
            same.count += 1
            same.raised = now
            same.timeout = max(same.timeout, timeout)
            self.notices.append(same)
        else:  # one too many: the oldest goes
            self.notices = [*self.notices[1:], Notice(message, title, severity, timeout, now)]
        return Shown(True, self.current(now), recount=same is not None)

    def current(self, now: float) -> tuple[tuple[Notice, float], ...]:
        """Every notice still up, oldest first, with the seconds it has left."""
        self.notices = [n for n in self.notices if n.left(now) > 0]
        return tuple((n, n.left(now)) for n in self.notices)

    def clear(self) -> None:
        self.notices.clear()

    def withdraw(self, gone: Callable[[str], bool]) -> bool:
        """Every notice whose message is ``gone`` taken down; True if one was."""
        kept = [n for n in self.notices if not gone(n.message)]
        withdrawn = len(kept) != len(self.notices)
        self.notices = kept
        return withdrawn
