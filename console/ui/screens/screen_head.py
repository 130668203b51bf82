"""The first line of a screen over the main one (the AP awards, another system's points):
its own words, and at the right end the fight's turn clock as the main header shows it.

A GM who opens the AP screen mid-fight (a grab bag for a good line) still sees how long the
player has had the turn, amber then red past the table's limit, and the session's play time
goes on counting: both tick once a second, as the main header's do.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from rich.text import Text

from console.service import CampaignService
from console.ui.screens.status_header import turn_clock
from console.ui.widgets.plain import Static

__all__ = ["ScreenHead"]


class ScreenHead(Static):
    """``words(now)`` says the screen's line; the turn's clock, while a turn is timed,
    keeps to the right edge. Drawn again once a second, and repainted only when the
    line changed."""

    def __init__(self, service: CampaignService, words: Callable[[datetime], str],
                 **kwargs: object) -> None:
        super().__init__("", **kwargs)
        self.service = service
        self.words = words
        self._text = Text()

    def on_mount(self) -> None:
        self.set_interval(1, self.redraw)

    def on_resize(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        service = self.service
        now = service.clock()
        text = line(self.words(now), turn_clock(service.view(), now), self.size.width)
        if text != self._text or text.spans != self._text.spans:
            self._text = text
            self.update(text, layout=False)


def line(words: str, clock: Text | None, width: int) -> Text:
    """``words``, then ``clock`` at the right end of ``width`` cells; words that leave it
    no room are cut, ending in "…" (the clock always shows)."""
    text = Text(words)
    if clock is None:
        return text
    room = width - clock.cell_len - 1
    if text.cell_len > room - 1:
        text.truncate(max(0, room - 2))
        text.append("…")
    text.append(" " * max(1, width - text.cell_len - clock.cell_len - 1))
    text.append_text(clock)
    return text
