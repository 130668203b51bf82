"""``E`` at the table (issue 29): the scene's prepared encounters, or a blank one as before.

Each line: the encounter's heading, its foes (with the copies hidden at launch), and whether
it was played. ``enter`` (or its number) launches the one under the cursor; ``b`` a blank
encounter; ``escape`` nothing. The dialog answers the encounter's id, :data:`BLANK`, or None.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical

from console.model.adventures import Adventure, Foe, Scene
from console.model.npcs import NpcTemplate
from console.model.text import shown
from console.ui.dialogs.dialog import Dialog
from console.ui.safety import on
from console.ui.widgets.plain import Label, Static
from console.ui.widgets.row_list import RowList

__all__ = ["BLANK", "ChooseDialog", "foes_summary"]

BLANK = 0  # the answer for a blank encounter (a prepared one's id is 1 or more)


def foes_summary(encounter_foes: Iterable[Foe], roster: Mapping[int, NpcTemplate]) -> str:
    """``4 x Skrak (1 hidden), 1 x Skrak leader``."""
    parts = []
    for foe in encounter_foes:
        template = roster.get(foe.template)
        name = template.name if template else "?"
        hidden = f" ({len(foe.hidden)} hidden)" if foe.hidden else ""
        parts.append(f"{foe.count} x {name}{hidden}")
    return ", ".join(parts) or "no foes"


class ChooseDialog(Dialog[int | None]):
    CSS_PATH = Path(__file__).with_name("prep.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "choose", "Launch", id="choose.launch"),
        Binding("b", "blank", "Blank encounter", id="choose.blank"),
        *[Binding(str(n), f"number({n})", f"Encounter {n}", show=False,
                  id=f"choose.number{n}") for n in range(1, 10)],
        Binding("escape", "dismiss(None)", "Cancel", id="choose.cancel"),
    ]

    def __init__(self, adventure: Adventure, scene: Scene,
                 roster: Mapping[int, NpcTemplate]) -> None:
        super().__init__()
        self.adventure = adventure
        self.scene = scene
        self.roster = roster
        self.ids = [e.id for e in scene.encounters]

    def compose(self) -> ComposeResult:
        with Vertical(id="choose"):
            yield Label(f"A new fight: {self.adventure.title}, {self.scene.name}",
                        classes="title")
            choices = RowList([("", 3), ("Encounter", 30), ("Foes", 40), ("", 8)],
                               stretch=2, drop_first=[3], id="choices")
            rows: list[tuple[Text | str, ...]] = []
            first_unplayed = None
            for number, encounter in enumerate(self.scene.encounters, start=1):
                played = "✓ played" if encounter.played is not None else ""
                if encounter.played is None and first_unplayed is None:
                    first_unplayed = number - 1
                rows.append((str(number), Text(shown(encounter.heading)),
                             Text(shown(foes_summary(encounter.foes, self.roster))),
                             Text(played, style="dim")))
            choices.set_rows(rows)
            choices.move_cursor(row=first_unplayed or 0)
            yield choices
            yield Static("enter or its number: launch it (the party's PCs, its foes, the "
                         "hidden ones hidden; its boxed text and notes shown to you) · b: a "
                         "blank encounter · escape: none", classes="hint")

    def on_mount(self) -> None:
        super().on_mount()
        self.set_focus(self.query_one("#choices", RowList))

    def action_choose(self) -> None:
        row = self.query_one("#choices", RowList).cursor_row
        if 0 <= row < len(self.ids):
            self.dismiss(self.ids[row])

    @on(RowList.Chosen)
    def _chosen(self, event: RowList.Chosen) -> None:
        if 0 <= event.row < len(self.ids):
            self.dismiss(self.ids[event.row])

    def action_number(self, number: int) -> None:
        if number <= len(self.ids):
            self.dismiss(self.ids[number - 1])
        else:
            self.app.notify(f"this scene has {len(self.ids)} encounters", severity="warning")

    def action_blank(self) -> None:
        self.dismiss(BLANK)
