"""A session's summary, as the players will read it: ``x`` writes it beside the saves,
left and right step through the campaign's sessions."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from console.service import ActionRefused, CampaignService
from console.ui.alerts import show_outcome
from console.ui.dialogs.dialog import Dialog
from console.ui.screens.session_steps import stepped
from console.ui.widgets.keys_footer import KeysFooter

__all__ = ["SummaryScreen"]


class SummaryScreen(Dialog[None]):
    CSS_PATH = Path(__file__).with_name("awards.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x", "export", "Write to file", id="summary.export"),
        Binding("left", "step(-1)", "Earlier session", id="summary.earlier", priority=True),
        Binding("right", "step(1)", "Later session", id="summary.later", priority=True),
        Binding("escape,q", "close", "Close", id="summary.close"),
    ]

    def __init__(self, service: CampaignService, number: int, *,
                 applied: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.service = service
        self.number = number
        self.applied = applied  # what the close just granted, above its session's summary
        self.closed = number

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="summary-scroll"):
            yield Markdown("", id="summary")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._show()
        self.query_one("#summary-scroll").focus()

    def _show(self) -> None:
        try:
            text = self.service.awards.summary(self.number)
            if self.applied and self.number == self.closed:
                text = ("## Applied just now\n\n"
                        + "\n".join(f"- {line}" for line in self.applied) + "\n\n" + text)
        except ActionRefused as refusal:
            text = f"Session {self.number} cannot be read: {refusal}"
        self.query_one("#summary", Markdown).update(text)
        self.query_one("#summary-scroll").border_title = f"Session {self.number} summary"

    def action_step(self, delta: int) -> None:
        number = stepped(self, self.service.session_numbers(), self.number, delta)
        if number is not None:
            self.number = number
            self._show()

    def action_export(self) -> None:
        try:
            written = self.service.awards.export_summary(self.number)
        except ActionRefused as refusal:
            self.notify(str(refusal), severity="error")
            return
        show_outcome(self.app, written, confirm=True)

    def action_close(self) -> None:
        self.dismiss(None)
