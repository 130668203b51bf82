"""The line at the top: campaign, session and its clock, encounter, round, mode."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from rich.text import Text
from textual.widgets import Static

from console.service import View
from console.ui.safety import Guarded

__all__ = ["StatusHeader", "clock"]


def clock(seconds: float) -> str:
    minutes = int(seconds // 60)
    return f"{minutes // 60}:{minutes % 60:02d}"


class StatusHeader(Guarded, Static):
    """Shows the view it was last given; ticks the session clock once a second."""

    def __init__(self, clock: Callable[[], datetime] | None = None, **kwargs: object) -> None:
        super().__init__("", **kwargs)  # type: ignore[arg-type]
        self._view: View | None = None
        self._text = Text()
        self.clock = clock or (lambda: datetime.now(UTC))

    def on_mount(self) -> None:
        self.set_interval(1, self._tick)

    def show(self, view: View) -> None:
        self._view = view
        self._draw(self.render_view(view, self.clock()))

    def _tick(self) -> None:
        if self._view is not None and self._view.session.running:
            self._draw(self.render_view(self._view, self.clock()))

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
            text.append(f"  ·  {encounter.name}  ·  {round_text}  ·  {encounter.mode.value}"
                        f"{order}")
        if view.read_only:
            text.append("  READ-ONLY, following the console that writes", style="bold red")
        return text
