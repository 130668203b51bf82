"""The session's action log, newest last; undone actions are struck through."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.widgets import RichLog

from console.service import View

__all__ = ["LogPane"]


class LogPane(RichLog):
    PANE_TITLE: ClassVar[str] = "Log"
    HELP: ClassVar[str] = """\
## Session log

Every change you make is logged here and saved as it happens. **ctrl+z** undoes the newest
action, **ctrl+y** redoes it; undone actions are shown struck through until a new action
replaces them. Undo reaches back to the start of the current session.
"""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(wrap=True, markup=False, **kwargs)  # type: ignore[arg-type]
        self._undone: dict[int, bool] = {}  # seq -> shown struck through, for lines written

    def show(self, view: View) -> None:
        """Append new actions; write the window again only when an earlier line changed
        (undo, redo, a new branch after undo, a new session)."""
        last = max(self._undone, default=0)
        window = {entry.seq: entry.seq > view.head for entry in view.history}
        changed = any(seq in self._undone and self._undone[seq] != undone
                      for seq, undone in window.items())
        shrunk = last > max(window, default=0)  # a redo branch dropped, or a new session
        if changed or shrunk:
            self.clear()
            self._undone = {}
            last = 0
        for entry in view.history:
            if entry.seq <= last:
                continue
            undone = window[entry.seq]
            when = entry.at.astimezone().strftime("%H:%M")
            self.write(Text(f"{when} {entry.description}", style="dim strike" if undone else ""))
            self._undone[entry.seq] = undone
