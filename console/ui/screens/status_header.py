"""The line at the top: campaign, session and its clock, encounter, round, mode, and the
turn timer (amber, then red, past the campaign's limit)."""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from rich.text import Text

from console.model import Campaign, Encounter, Session
from console.model.awards import played_time
from console.model.table_settings import clock_text
from console.model.turn_timer import elapsed
from console.service import CampaignService, View
from console.ui.changes import STATE, Redraws
from console.ui.dialogs.dialog import show_through
from console.ui.widgets.plain import Static

__all__ = ["StatusHeader", "clock", "turn_clock"]


def clock(seconds: float) -> str:
    minutes = int(seconds // 60)
    return f"{minutes // 60}:{minutes % 60:02d}"


_TIMER_STYLES = {"": "bold", "amber": "bold black on dark_orange", "red": "bold white on red"}


def _timing(view: View) -> bool:
    return view.turn_timer.on and view.encounter is not None and view.encounter.round > 0


def turn_clock(view: View, now: datetime) -> Text | None:
    """The turn's clock ("turn 0:42", with its limit "turn 0:42/1:30"), amber in the
    limit's last quarter, red past it; None while no turn is being timed."""
    seconds = elapsed(view.encounter, now) if _timing(view) else None
    if seconds is None:
        return None
    timer = view.turn_timer
    limit = "" if timer.limit is None else f"/{clock_text(timer.limit)}"
    return Text(f" turn {clock_text(seconds)}{limit} ", style=_TIMER_STYLES[timer.level(seconds)])


class StatusHeader(Redraws, Static):
    """Shows the campaign as it last changed; ticks the session clock once a second."""

    SHOWS: ClassVar[frozenset[str]] = frozenset({Session.TABLE, Encounter.TABLE,
                                                 Campaign.TABLE, STATE})

    def __init__(self, service: CampaignService, **kwargs: object) -> None:
        super().__init__("", **kwargs)
        self.service = service
        self._view: View | None = None
        self._text = Text()
        self.clock = service.clock

    def on_mount(self) -> None:
        self.set_interval(1, self._tick)

    def on_resize(self) -> None:
        if self._view is not None:  # the turn's clock keeps to the right edge
            self._draw(self.render_view(self._view, self.clock(), self.size.width))

    def redraw(self) -> None:
        self.show(self.service.view())

    def show(self, view: View) -> None:
        self._view = view
        self._draw(self.render_view(view, self.clock(), self.size.width))

    def _tick(self) -> None:
        view = self._view
        if view is None or not (view.session.running or _timing(view)):
            return
        if self._draw(self.render_view(view, self.clock(), self.size.width)) \
                and not self.screen.is_current:
            # Under a form (an attack taken mid-turn) the turn's clock keeps counting.
            show_through(self)

    def _draw(self, text: Text) -> bool:
        """Show ``text``; True if it changed. One line high whatever it says: repainted
        when it changed, never laid out again."""
        if text != self._text or text.spans != self._text.spans:
            self._text = text
            self.update(text, layout=False)
            return True
        return False

    @staticmethod
    def render_view(view: View, now: datetime, width: int | None = None) -> Text:
        """The line; with the turn timer running, its clock at the right end of ``width``
        columns. Where the line does not fit, it says the same in fewer words ("S1 0:42"
        for "Session 1 running 0:42"), then cuts the encounter's name (shown whole by
        ``i``, the details): the round and the Initiative mode always show."""
        timer = turn_clock(view, now)
        room = None if not width or width <= 0 else (
            width - (timer.cell_len + 3 if timer is not None else 0))
        text = _line(view, now)
        if room is not None and text.cell_len > room:
            text = _line(view, now, short=True)
            if text.cell_len > room and view.encounter is not None:
                name = view.encounter.name
                keep = max(4, len(name) - (text.cell_len - room) - 1)
                text = _line(view, now, short=True, name=name[:keep] + "…")
        if timer is None:
            return text
        if room is None:
            text.append("  ·  ")
            text.append_text(timer)
            return text
        assert width is not None
        if text.cell_len > room:
            text.truncate(max(0, room - 1))
            text.append("…")
        text.append(" " * max(1, width - text.cell_len - timer.cell_len - 1))
        text.append_text(timer)
        text.append(" ")
        return text


def _line(view: View, now: datetime, *, short: bool = False, name: str | None = None) -> Text:
    """The header's words, or fewer of them (``short``), the encounter called ``name``."""
    dot = " · " if short else "  ·  "
    text = Text()
    text.append(f" {view.campaign} ", style="bold reverse")
    session = view.session
    if session.number == 0:
        text.append("  no session yet (S starts one)", style="yellow")
    else:
        # The play time the AP pane and the close use (played_time): once a close has
        # corrected it for a long break, the clock's span is no longer the truth.
        played = clock(played_time(session, now).total_seconds())
        state = ("closed" if session.closing is not None
                 else "running" if session.running else "stopped")
        if short:
            text.append(f" S{session.number}{'' if state == 'running' else ' ' + state} "
                        f"{played}")
        else:
            text.append(f"  Session {session.number} {state} {played}")
    encounter = view.encounter
    if encounter is None:
        text.append(f"{dot}no encounter (E)", style="dim")
    else:
        round_text = ("Nish not called" if encounter.round == 0 else
                      f"r{encounter.round}" if short else f"round {encounter.round}")
        order = ", lowest first" if encounter.lowest_first else ""  # a Façade campaign
        mode = encounter.mode.value
        if view.system == "facade":  # its turns, on Action (issue 31)
            round_text = ("no turn called" if encounter.round == 0 else
                          f"t{encounter.round}" if short else f"turn {encounter.round}")
            mode = f"{view.facade_combat.capitalize()} Combat"
        text.append(f"{dot}{encounter.name if name is None else name}{dot}{round_text}"
                    f"{dot}{mode}{order}")
    if view.read_only:
        text.append("  READ-ONLY" if short else
                    "  READ-ONLY, following the console that writes", style="bold red")
    if view.saving_stopped:
        text.append("  NOT SAVING: quit and reopen" if short else
                    "  NOT SAVING: the lock was taken from outside; quit and reopen",
                    style="bold red")
    return text
