"""The GM's grab bag in two keys: ``g`` opens this on the selected PC, ``1``/``2``/``3``
gives the points at once. A reason may follow (enter keeps it, escape leaves it blank).

Up and down pick another PC first; the list shows what each player has had this session,
so the bag goes round the table.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from console.model import AwardKind, PlayerCharacter
from console.model.awards import player_of
from console.service import ActionRefused, CampaignService
from console.ui.dialogs.dialog import Dialog
from console.ui.widgets.plain import Label, Static

__all__ = ["GrabBagDialog"]


class GrabBagDialog(Dialog[bool]):
    """Returns True when an award was made (so the caller refreshes)."""

    CSS_PATH = Path(__file__).with_name("awards.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "award(1)", "1 AP: usual", id="grab.one"),
        Binding("2", "award(2)", "2 AP: unusually good", id="grab.two"),
        Binding("3", "award(3)", "3 AP: exceptional", id="grab.three"),
        Binding("escape", "close", "Close", id="grab.close"),
    ]

    def __init__(self, service: CampaignService, pcs: list[PlayerCharacter],
                 selected: int | None) -> None:
        super().__init__()
        self.service = service
        self.pcs = pcs
        self.selected = selected
        self.awarded_index: int | None = None

    def compose(self) -> ComposeResult:
        session = self.service.session()
        tally: dict[int, int] = {}
        for award in session.ap_awards:
            if award.kind is AwardKind.GRAB_BAG:
                tally[award.pc_id] = tally.get(award.pc_id, 0) + award.amount
        with Vertical():
            yield Label("Grab bag", classes="title")
            yield OptionList(*[
                Option(f"{pc.name} ({player_of(pc)}) · {tally.get(pc.id, 0)} this session",
                       id=f"pc-{pc.id}") for pc in self.pcs], id="grab-pcs", markup=False)
            yield Static("", id="grab-done")
            yield Input(placeholder="reason (optional): enter keeps it", id="grab-reason",
                        compact=True)
            yield Static("", classes="error", id="grab-error")
            yield Static("1, 2 or 3: give the points · up/down: another PC · escape: close",
                         classes="hint", id="grab-hint")

    def on_mount(self) -> None:
        options = self.query_one("#grab-pcs", OptionList)
        ids = [pc.id for pc in self.pcs]
        options.highlighted = ids.index(self.selected) if self.selected in ids else 0
        self.query_one("#grab-reason", Input).display = False
        options.focus()

    def _target(self) -> PlayerCharacter:
        highlighted = self.query_one("#grab-pcs", OptionList).highlighted
        return self.pcs[highlighted or 0]

    def action_award(self, points: int) -> None:
        if self.awarded_index is not None:
            return  # one award per opening; the digits now belong to the reason
        pc = self._target()
        try:
            self.service.awards.grab_bag(pc, points)
        except ActionRefused as refusal:
            self.query_one("#grab-error", Static).update(str(refusal))
            return
        self.awarded_index = len(self.service.session().ap_awards) - 1
        self.query_one("#grab-pcs", OptionList).display = False
        self.query_one("#grab-done", Static).update(
            f"{points} AP to {pc.name}. Reason? (optional)")
        self.query_one("#grab-hint", Static).update("enter: keep the reason · escape: none")
        reason = self.query_one("#grab-reason", Input)
        reason.display = True
        reason.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        index = self.awarded_index
        if event.value.strip() and index is not None:
            try:
                self.service.awards.set_reason(index, event.value)
            except ActionRefused as refusal:
                self.query_one("#grab-error", Static).update(str(refusal))
                return
        self.dismiss(True)

    def action_close(self) -> None:
        self.dismiss(self.awarded_index is not None)
