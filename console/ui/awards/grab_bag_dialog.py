"""The GM's grab bag in two keys: ``g`` opens this on the selected PC, ``1``/``2``/``3``
gives the points. A reason may follow (enter keeps it, escape leaves it blank); the award
is saved as the dialog closes, with its reason, by the flow that opened it.

Up and down pick another PC first; the list shows what each player has had this session,
so the bag goes round the table.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from console.model import AwardKind, PlayerCharacter, Session
from console.model.awards import player_of
from console.model.text import LINE_MAX, first_refused
from console.service import ActionRefused, Prepared
from console.ui.dialogs.dialog import Dialog
from console.ui.dialogs.discarding import AsksBeforeDiscarding
from console.ui.widgets.field_input import FieldInput
from console.ui.widgets.plain import Label, Static

# What the campaign says to an award: (PC, points, reason) -> the award prepared, or refused.
Check = Callable[[PlayerCharacter, int, str], Prepared]

__all__ = ["GrabBagDialog"]


class GrabBagDialog(AsksBeforeDiscarding, Dialog[Prepared]):
    """Returns the award as ``check`` prepared it (None: none given)."""

    # Escape after a reason typed had saved the award without it, unsaid.
    DISCARD_QUESTION = ("Leave out the reason you typed? escape again: the award without "
                        "it; enter keeps it")

    CSS_PATH = Path(__file__).with_name("awards.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "award(1)", "1 AP: usual", id="grab.one"),
        Binding("2", "award(2)", "2 AP: unusually good", id="grab.two"),
        Binding("3", "award(3)", "3 AP: exceptional", id="grab.three"),
        Binding("escape", "close", "Close", id="grab.close"),
    ]

    def __init__(self, session: Session, pcs: list[PlayerCharacter], selected: int | None,
                 check: Check) -> None:
        super().__init__()
        self.tonight = session  # the session's awards so far, for the tally
        self.pcs = pcs
        self.selected = selected
        self.check = check
        self.given: tuple[PlayerCharacter, int, Prepared] | None = None

    def compose(self) -> ComposeResult:
        tally: dict[int, int] = {}
        for award in self.tonight.ap_awards:
            if award.kind is AwardKind.GRAB_BAG:
                tally[award.pc_id] = tally.get(award.pc_id, 0) + award.amount
        with Vertical():
            yield Label("Grab bag", classes="title")
            yield OptionList(*[
                Option(f"{pc.name} ({player_of(pc)}) · {tally.get(pc.id, 0)} this session",
                       id=f"pc-{pc.id}") for pc in self.pcs], id="grab-pcs", markup=False)
            yield Static("", id="grab-done")
            yield FieldInput(placeholder="reason (optional): enter keeps it", id="grab-reason",
                             compact=True, max_length=LINE_MAX)
            yield Static("", classes="error", id="grab-error")
            yield Static("1, 2 or 3: give the points · up/down: another PC · escape: close",
                         classes="hint", id="grab-hint")

    def on_mount(self) -> None:
        options = self.query_one("#grab-pcs", OptionList)
        ids = [pc.id for pc in self.pcs]
        options.highlighted = ids.index(self.selected) if self.selected in ids else 0
        self.query_one("#grab-reason", Input).display = False
        self.set_focus(options)

    def _target(self) -> PlayerCharacter:
        highlighted = self.query_one("#grab-pcs", OptionList).highlighted
        return self.pcs[highlighted or 0]

    def action_award(self, points: int) -> None:
        if self.given is not None:
            return  # one award per opening; the digits now belong to the reason
        pc = self._target()
        try:
            prepared = self.check(pc, points, "")
        except ActionRefused as refusal:
            self.query_one("#grab-error", Static).update(str(refusal))
            return
        self.given = (pc, points, prepared)
        self.query_one("#grab-pcs", OptionList).display = False
        self.query_one("#grab-done", Static).update(
            f"{points} AP to {pc.name}. Reason? (optional)")
        self.query_one("#grab-hint", Static).update("enter: keep the reason · escape: none")
        reason = self.query_one("#grab-reason", Input)
        reason.display = True
        self.set_focus(reason)  # at once: the reason typed ahead follows it (FieldInput)

    def field_entered(self, field: Input) -> None:
        """Enter in the reason: the award with it, as the campaign checks it."""
        if self.given is None:
            return
        pc, points, prepared = self.given
        reason = field.value.strip()
        if reason:
            refused = first_refused(reason)
            try:
                if refused is not None:
                    raise ActionRefused(f"the reason holds {refused}, which is not text to show")
                prepared = self.check(pc, points, reason)
            except ActionRefused as refusal:
                self.query_one("#grab-error", Static).update(str(refusal))
                return
        self.dismiss(prepared)

    def action_close(self) -> None:
        """Escape: before the points, nothing given; after them, the award without a
        reason (asked first when one was typed)."""
        if self.given is not None and self.typed_anything() and not self._discarding:
            self._discarding = True
            self.say_discarding(True)
            return
        self.dismiss(None if self.given is None else self.given[2])

    def typed_anything(self) -> bool:
        return bool(self.query_one("#grab-reason", Input).value.strip())

    def say_discarding(self, asking: bool) -> None:
        self.query_one("#grab-error", Static).update(self.DISCARD_QUESTION if asking else "")
