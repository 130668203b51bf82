"""How did the fight end? One key: won, fled, or other (a parley, an escape, a scene cut).

Asked when a fight that has begun ends (ctrl+e, or E into the next); the answer is kept
with the fight and read by Table 18 for the recap (``console.model.fight_facts``).
``escape`` leaves the fight running.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical

from console.model.fight_end import EndHow
from console.ui.dialogs.dialog import Dialog
from console.ui.widgets.plain import Label, Static

__all__ = ["EndingDialog"]


class EndingDialog(Dialog[EndHow]):
    CSS_PATH = Path(__file__).with_name("ending_dialog.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "answer('won')", "Won", id="ending.won"),
        Binding("f", "answer('fled')", "Fled", id="ending.fled"),
        Binding("o", "answer('other')", "Other", tooltip="A parley, an escape, a scene cut",
                id="ending.other"),
        Binding("escape", "dismiss(None)", "Not yet", id="ending.cancel"),
    ]

    def __init__(self, fight: str, then: str = "", *, table_18: bool = True) -> None:
        super().__init__()
        self.fight = fight
        self.then = then
        self.table_18 = table_18  # MetaScape's: another game's fights reach no row of it

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"How did {self.fight} end?", classes="title")
            yield Static("w  won: the foes are beaten", classes="line")
            yield Static("f  fled: the party ran", classes="line")
            yield Static("o  other: a parley, an escape, a scene cut", classes="line")
            kept = ("The answer and the Table 18 row it reaches are" if self.table_18
                    else "The answer is")
            yield Static(f"{kept} kept with the fight for the recap{self.then}. escape: the "
                         "fight goes on.", classes="hint")

    def action_answer(self, how: str) -> None:
        self.dismiss(EndHow(how))
