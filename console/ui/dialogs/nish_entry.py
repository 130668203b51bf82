"""Call for Nish: a form with a field for each PC, where the GM types the results as the
players call them out.

A form like the others (``FormDialog``: enter moves to the next PC, an empty entry is left
for later, a result his rating makes very unlikely is questioned once), with one key more:
ctrl+r rolls the PC's Nish rating for him with the dice engine and stays on his line, so
the habitual enter that follows moves on to the next PC instead of skipping him. NPCs need
nothing here: they act on recorded values.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets import Input

from console.rules.limits import RESULT
from console.rules.rolling import roll
from console.service.tracker import NishRoll
from console.ui.dialogs.form_dialog import Field, FormDialog, optional_int, roll_doubt
from console.ui.widgets.plain import Static

__all__ = ["NishForm", "nish_results"]


def _field(row: NishRoll) -> Field:
    rating = f" [{row.rating}]" if row.rating is not None else ""
    return Field(str(row.combatant_id), f"{row.label}{rating}",
                 optional_int(f"{row.label}'s Nish", RESULT), placeholder="result",
                 doubt=roll_doubt(row.rating, row.label))


def nish_results(values: dict[str, Any]) -> dict[int, int | None]:
    """The form's values as each combatant's result (None: none given yet)."""
    return {int(key): value for key, value in values.items()}


class NishForm(FormDialog[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+r", "roll", "Roll the rating", id="nish.roll"),
    ]
    COMPACT: ClassVar[bool] = False  # a few PCs: each result in a box of its own

    def __init__(self, title: str, rows: list[NishRoll], rng: random.Random) -> None:
        super().__init__(title, [_field(row) for row in rows],
                         "ctrl+r: roll the PC's Nish rating (enter then moves on) · enter: next "
                         "field · ctrl+s: save · escape: cancel")
        self.rows = {str(row.combatant_id): row for row in rows}
        self.rng = rng

    def beside(self, field: Field) -> Iterator[Widget]:
        yield Static("", classes="rolled", id=f"rolled-{field.name}")

    def action_roll(self) -> None:
        focused = self.focused
        if not isinstance(focused, Input) or not (focused.id or "").startswith("field-"):
            return
        name = (focused.id or "").removeprefix("field-")
        row = self.rows[name]
        if row.rating is None:
            self.show_error(f"{row.label} has no Nish rating on the sheet: type the result")
            return
        made = roll(row.rating, self.rng)
        focused.value = str(made.result)
        self._kept[name] = focused.value  # the engine rolled it: no typo to question
        faces = ",".join(made.doubling_faces)
        self.query_one(f"#rolled-{name}", Static).update(f"rolled {made.die_face}:{faces}")
        self.show_error("")
