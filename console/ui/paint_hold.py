"""A flow's screens held from painting between a dialog's answer and what the flow does with
it, so that the screen under the dialog is drawn once, changed.

Without it, the screen came back on top as the dialog closed and Textual repainted it whole
(still as it was), then the panes the flow's change reached repainted again a moment later:
two frames for the form's last key, the first one stale. Held with Textual's
``App.batch_update`` (no screen is drawn while a batch is open) from the dialog's dismissal
with an answer until the flow has shown what it did, asks its next dialog, or ends, and
never longer than :data:`LONGEST` whatever the flow does.
"""

from __future__ import annotations

import asyncio
from contextlib import AbstractContextManager
from typing import Any

from textual.app import App
from textual.timer import Timer

from console.ui.safety import guard_call

__all__ = ["LONGEST", "PaintHold"]

LONGEST = 0.25  # seconds: a flow's step after an answer takes milliseconds (one save)


class PaintHold:
    """One flow's hold on the painting of the app's screens."""

    def __init__(self, app: App[Any]) -> None:
        self._app = app
        self._batch: AbstractContextManager[None] | None = None
        self._timer: Timer | None = None

    @property
    def held(self) -> bool:
        return self._batch is not None

    def hold(self) -> None:
        if self._batch is not None:
            return
        batch = self._app.batch_update()
        batch.__enter__()
        self._batch = batch
        self._timer = self._app.set_timer(LONGEST, self.release, name="paint hold")

    def release_soon(self) -> None:
        """Released once the panes the flow just changed have told their screen (each does
        at its own next turn of the event loop), so that the screen's one repaint shows
        them: two turns later."""
        if self._batch is None:
            return
        loop = asyncio.get_running_loop()  # the release passes the one guard (ui/safety.py)
        loop.call_soon(loop.call_soon, guard_call, self._app, self.release)

    def release(self) -> None:
        batch, self._batch = self._batch, None
        if batch is None:
            return
        timer, self._timer = self._timer, None
        if timer is not None:
            timer.stop()
        batch.__exit__(None, None, None)
        # What the screen was asked to draw meanwhile waits for its next idle: asked now,
        # as App.delay_update does as its batch ends (unless the app is closing: no screen).
        if self._app.screen_stack:
            self._app.screen.refresh()
