"""The session's action log, newest last; undone actions are struck through."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.widgets import RichLog

from console.ui.controller import View

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
        self._shown: list[tuple[int, bool]] = []  # (seq, undone) of each line written

    def show(self, view: View) -> None:
        wanted = [(entry.seq, entry.seq > view.head) for entry in view.history]
        if wanted == self._shown:
            return
        # The common case is one new action at the end: write just that line. Undo, redo
        # or a new session changes earlier lines: write them all again.
        fresh = wanted[len(self._shown):] if wanted[:len(self._shown)] == self._shown else None
        if fresh is None:
            self.clear()
            fresh = wanted
        entries = {entry.seq: entry for entry in view.history}
        for seq, undone in fresh:
            entry = entries[seq]
            when = entry.at.astimezone().strftime("%H:%M")
            self.write(Text(f"{when} {entry.description}", style="dim strike" if undone else ""))
        self._shown = wanted
