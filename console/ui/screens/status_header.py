"""The line at the top: campaign, session and its clock, encounter, round, mode, and the
turn timer (amber, then red, past the campaign's limit)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from rich.text import Text

from console.model.table_settings import clock_text
from console.model.turn_timer import elapsed
from console.service import View
from console.ui.widgets.plain import Static

__all__ = ["StatusHeader", "clock"]


def clock(seconds: float) -> str:
    minutes = int(seconds // 60)
    return f"{minutes // 60}:{minutes % 60:02d}"


_TIMER_STYLES = {"": "bold", "amber": "bold black on dark_orange", "red": "bold white on red"}


def _timing(view: View) -> bool:
    return view.turn_timer.on and view.encounter is not None and view.encounter.round > 0


class StatusHeader(Static):
    """Shows the view it was last given; ticks the session clock once a second."""

    def __init__(self, clock: Callable[[], datetime] | None = None, **kwargs: object) -> None:
        super().__init__("", **kwargs)
        self._view: View | None = None
        self._text = Text()
        self.clock = clock or (lambda: datetime.now(UTC))

    def on_mount(self) -> None:
        self.set_interval(1, self._tick)

    def show(self, view: View) -> None:
        self._view = view
        self._draw(self.render_view(view, self.clock()))

    def _tick(self) -> None:
        view = self._view
        if view is not None and (view.session.running or _timing(view)):
            self._draw(self.render_view(view, self.clock()))

    def _draw(self, text: Text) -> None:
        # One line high whatever it says: repainted when it changed, never laid out again.
        if text != self._text or text.spans != self._text.spans:
            self._text = text
            self.update(text, layout=False)

    @staticmethod
    def render_view(view: View, now: datetime) -> Text:
        text = Text()
        text.append(f" {view.campaign} ", style="bold reverse")
        session = view.session
        if session.number == 0:
            text.append("  no session yet (S starts one)", style="yellow")
        else:
            end = session.stopped_at or now
            played = clock((end - session.started_at).total_seconds())
            state = "running" if session.running else "stopped"
            text.append(f"  Session {session.number} {state} {played}")
        encounter = view.encounter
        if encounter is None:
            text.append("  ·  no encounter (E)", style="dim")
        else:
            round_text = "Nish not called" if encounter.round == 0 else f"round {encounter.round}"
            order = ", lowest first" if encounter.lowest_first else ""  # a Façade campaign
            text.append(f"  ·  {encounter.name}  ·  {round_text}")
            # The turn's clock beside the round (a narrow terminal cuts the line's end).
            seconds = elapsed(encounter, now) if _timing(view) else None
            if seconds is not None:
                timer = view.turn_timer
                limit = "" if timer.limit is None else f"/{clock_text(timer.limit)}"
                text.append("  ·  ")
                text.append(f"turn {clock_text(seconds)}{limit}",
                            style=_TIMER_STYLES[timer.level(seconds)])
            text.append(f"  ·  {encounter.mode.value}{order}")
        if view.read_only:
            text.append("  READ-ONLY, following the console that writes", style="bold red")
        if view.saving_stopped:
            text.append("  NOT SAVING: the lock was taken from outside; quit and reopen",
                        style="bold red")
        return text
