"""`gm-console player-view`: the fight as the players may see it, on a second monitor, a TV,
or (through `gm-console serve`) a browser at the table.

Read-only from end to end: the store is opened without a lock and never writes, the app
has no keys but quitting, and it follows the GM's console four times a second (a stat of
the newest session file when nothing was saved). What it shows, and what it must never
show, is the model's (:mod:`console.model.player_view`), by the GM's choices. The turn
timer counts from the turn's start the picture gives, by this computer's clock, turning
amber then red past the campaign's limit. A read that fails (a save half-way, a file
gone) keeps the last picture and says so quietly: nothing ends this app.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Digits

from console.model.player_view import PlayerPicture
from console.model.table_settings import AMBER_SHARE, clock_text
from console.service import CampaignService
from console.ui.player.order_board import OrderBoard
from console.ui.safety import GuardedApp
from console.ui.widgets.plain import PlainNotices, Static

__all__ = ["PlayerViewApp"]


class PlayerViewApp(PlainNotices, GuardedApp, App[int]):
    CSS_PATH = "player_app.tcss"
    TITLE = "MetaScape: players' view"
    ENABLE_COMMAND_PALETTE = False  # no GM keys, and no way to reach any
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Close", id="players.quit", show=False),
    ]

    TICK = 0.5  # seconds between the timer's looks at the clock

    def __init__(self, service: CampaignService,
                 clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        super().__init__()
        self.service = service
        self.clock = clock
        self.picture: PlayerPicture | None = None
        self._trouble: str | None = ""  # not yet said: the first look says how it stands

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            with Vertical(id="round-box"):
                yield Static("ROUND", id="round-label")
                yield Digits("", id="round")
            yield Static("", id="where")
            with Vertical(id="timer-box"):
                yield Static("TURN", id="timer-label")
                yield Digits("", id="timer")
        yield Static("", id="read-aloud")
        yield OrderBoard(id="order")
        yield Static("", id="hazards")
        yield Static("", id="status")

    def on_mount(self) -> None:
        self._read(first=True)
        self.set_interval(self.service.FOLLOW_EVERY, self._read)
        self.set_interval(self.TICK, self._tick)

    def _read(self, first: bool = False) -> None:
        try:
            changed = self.service.players.follow()
            if changed or first:
                self._show(self.service.players.picture())
        except Exception as error:  # a read half-way through a save, a file gone: wait
            self._say(f"waiting for the campaign ({str(error)[:80]})")
            return
        self._say(None)

    def _say(self, trouble: str | None) -> None:
        if trouble != self._trouble:
            self._trouble = trouble
            self.query_one("#status", Static).update(
                trouble or "following the GM's console · ctrl+q closes this view")
            self.query_one("#status").set_class(trouble is not None, "-trouble")

    def _show(self, picture: PlayerPicture) -> None:
        if picture == self.picture:
            return
        self.picture = picture
        self.query_one("#round", Digits).update(str(picture.round) if picture.fighting
                                                and picture.round else "-")
        _, round_word, turn_word = picture.labels
        self.query_one("#round-label", Static).update(round_word.upper())
        self.query_one("#timer-label", Static).update(turn_word.upper())
        session = f"session {picture.session}" if picture.session else "no session yet"
        where = f"{picture.campaign}\n{session}"
        if picture.in_effect:
            where += "\n" + " · ".join(picture.in_effect)
        self.query_one("#where", Static).update(where)
        aloud = self.query_one("#read-aloud", Static)
        aloud.update(picture.read_aloud)  # the boxed text the GM revealed (issue 29)
        aloud.display = bool(picture.read_aloud)
        self.query_one(OrderBoard).show(picture)
        hazards = self.query_one("#hazards", Static)
        hazards.update("\n".join(f"{h.victim}: {h.line}" for h in picture.hazards))
        hazards.display = bool(picture.hazards)
        self._tick()

    def _tick(self) -> None:
        """The turn's clock: shown while a turn the players see is in progress."""
        picture = self.picture
        box = self.query_one("#timer-box")
        if picture is None or picture.turn_since is None:
            box.display = False
            return
        seconds = max(0.0, (self.clock() - picture.turn_since).total_seconds())
        self.query_one("#timer", Digits).update(clock_text(seconds))
        limit = picture.turn_limit
        box.set_class(limit is not None and seconds >= limit, "-red")
        box.set_class(limit is not None and AMBER_SHARE * limit <= seconds < limit, "-amber")
        box.display = True
