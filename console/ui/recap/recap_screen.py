"""R: the session's recap, and the campaign's calibration as a chart.

The recap of the session shown is built on the event loop (one session's log); the
calibration reads every session's file, so it runs in a worker thread and appears when
it is ready. ``p`` shows the players' version, ``[`` and ``]`` step through the sessions.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll

from console.model.calibration import Calibration
from console.service import ActionRefused, CampaignService
from console.ui.dialogs.dialog import Dialog
from console.ui.recap.recap_view import calibration_chart, recap_text
from console.ui.screens.session_steps import stepped
from console.ui.widgets.keys_footer import KeysFooter
from console.ui.widgets.plain import Label, Static

__all__ = ["RecapScreen"]


class RecapScreen(Dialog[None]):
    CSS_PATH = Path(__file__).with_name("recap.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "players", "Players' version", tooltip="The recap as the players may "
                "read it (or the GM's again)", id="recap.players"),
        Binding("left_square_bracket", "step(-1)", "Earlier", key_display="[",
                tooltip="The session before", id="recap.earlier"),
        Binding("right_square_bracket", "step(1)", "Later", key_display="]",
                tooltip="The session after", id="recap.later"),
        Binding("escape,R", "close", "Close", id="recap.close"),
    ]

    def __init__(self, service: CampaignService, number: int | None = None) -> None:
        super().__init__()
        self.service = service
        numbers = service.session_numbers()
        self.number = number if number is not None else (numbers[-1] if numbers else 0)
        self.players = False
        self.calibration: Calibration | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("", id="title", classes="title")
            with VerticalScroll(id="body"):
                yield Static("", id="recap")
                yield Label("The campaign's forecasts against what happened",
                            id="calibration-title")
                yield Static("reading every session's fights ...", id="calibration")
            yield KeysFooter()

    def on_mount(self) -> None:
        self._show()
        self.query_one("#body").focus()
        reader = self.service.recap.calibration_reader()

        def work() -> None:
            found = reader()
            self.app.call_from_thread(self._calibrated, found)

        self.run_worker(work, name="calibration", group="calibration", thread=True,
                        exclusive=True)

    def _show(self) -> None:
        version = " (the players' version)" if self.players else ""
        self.query_one("#title", Label).update(f"Session {self.number}: recap{version}")
        try:
            shown = recap_text(self.service.recap.session(self.number, players=self.players))
        except ActionRefused as refusal:
            self.query_one("#recap", Static).update(f"Session {self.number}: {refusal}")
            return
        self.query_one("#recap", Static).update(shown)

    def _calibrated(self, calibration: Calibration) -> None:
        self.calibration = calibration
        self._chart()

    def _chart(self) -> None:
        if self.calibration is not None:
            chart = self.query_one("#calibration", Static)
            chart.update(calibration_chart(self.calibration, chart.size.width or 94,
                                           self.service.campaign().system))

    def on_resize(self) -> None:
        self.call_after_refresh(self._chart)  # the bars fit the new width

    def action_players(self) -> None:
        self.players = not self.players
        # The calibration is the GM's (it holds every forecast): not in the players' version.
        for part in ("#calibration-title", "#calibration"):
            self.query_one(part).display = not self.players
        self._show()

    def action_step(self, delta: int) -> None:
        number = stepped(self, self.service.session_numbers(), self.number, delta)
        if number is not None:
            self.number = number
            self._show()

    def action_close(self) -> None:
        self.dismiss(None)
