"""`i`: the details of what the GM has selected, over the whole screen.

At 80x24 the details pane is not on the tracker's page, and at any size a combatant with
many opponents has more lines (the odds both ways, the checks he owes, when his conditions
end, his hazards) than the pane has rows: here they are whole, scrolled if need be, and
`up`/`down` step through the tracker (or the roster) as the pane would follow its cursor.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll

from console.model.outcome import Outcome
from console.service import CampaignService
from console.ui.dialogs.dialog import Dialog
from console.ui.tracker.detail_pane import FIGHT, DetailPane, Subject
from console.ui.widgets.row_list import RowList

__all__ = ["DetailsScreen"]


class DetailsScreen(Dialog[None]):
    CSS_PATH = Path(__file__).with_name("details_screen.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,i,q", "dismiss(None)", "Close", id="details.close"),
        Binding("up", "step(-1)", "Previous", tooltip="The details of the one above",
                id="details.previous"),
        Binding("down", "step(1)", "Next", tooltip="The details of the one below",
                id="details.next"),
        Binding("pageup", "scroll(-1)", "Scroll up", id="details.page_up", show=False),
        Binding("pagedown", "scroll(1)", "Scroll down", id="details.page_down", show=False),
    ]

    def __init__(self, service: CampaignService, subject: Subject,
                 cursor: RowList | None) -> None:
        super().__init__()
        self.service = service
        self._subject = subject
        self._cursor = cursor  # the list whose selection the details follow

    def compose(self) -> ComposeResult:
        scroll = VerticalScroll(id="details-scroll")
        scroll.border_title = "Details (i)"
        scroll.border_subtitle = "up/down: the next one · pgup/pgdn: scroll · escape: back"
        with scroll:
            pane = DetailPane(self.service, id="details-whole", every_opponent=True)
            pane.subject = self._subject
            yield pane

    def campaign_changed(self, outcome: Outcome | None) -> None:
        """Undo, redo or a reading of the writer's while it is up: drawn again."""
        self.query_one(DetailPane).redraw()
        self.query_one(DetailPane).refresh(layout=True)

    def action_step(self, offset: int) -> None:
        cursor = self._cursor
        if cursor is None or cursor.cursor_row < 0:
            return
        cursor.move_cursor(row=cursor.cursor_row + offset)
        selected = getattr(cursor, "selected_id", None)
        if selected is not None or self._subject[0] == FIGHT:
            subject: Subject = (FIGHT, selected)
        else:
            entry = getattr(cursor, "selected", None)
            subject = entry if entry is not None else self._subject
        self._subject = subject
        pane = self.query_one(DetailPane)
        pane.subject = subject
        pane.refresh(layout=True)
        self.query_one("#details-scroll", VerticalScroll).scroll_home(animate=False)

    def action_scroll(self, pages: int) -> None:
        scroll = self.query_one("#details-scroll", VerticalScroll)
        if pages < 0:
            scroll.scroll_page_up(animate=False)
        else:
            scroll.scroll_page_down(animate=False)
