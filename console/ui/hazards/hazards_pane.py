"""The hazards running in the fight, at a glance: who, which, how it stands, and the check
that comes next with its difficulty and the victim's exact chance."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text

from console.model import Combatant, Encounter, PlayerCharacter
from console.model.hazards import describe, due_now, hazards_of, moves_on_nish, next_nish_round
from console.rules.hazards.common import DueCheck, HazardState
from console.rules.ratings import Rating
from console.service import CampaignService, View
from console.ui.changes import Redraws
from console.ui.formatting import chance_note
from console.ui.widgets.row_list import Cell, RowList

__all__ = ["HazardsPane", "hazard_rows", "hazard_victims"]

RatingFor = Callable[[Combatant, DueCheck], Rating | None]


def hazard_rows(view: View, rating_for: RatingFor) -> list[tuple[Cell, ...]]:
    """(victim, hazard and how it stands, what comes next) for every hazard running."""
    encounter = view.encounter
    if encounter is None:
        return []
    rows: list[tuple[Cell, ...]] = []
    for victim in encounter.combatants:
        due = dict(due_now(encounter, victim.id))
        for index, state in hazards_of(encounter, victim.id):
            check = due.get(index)
            if check is None:
                upcoming = Text(_when_next(encounter, index, state), style="dim")
            else:
                rating = rating_for(victim, check)
                chance = "" if rating is None else chance_note(rating, check.difficulty)
                upcoming = Text(f"Z: {check.ability} vs {check.difficulty}{chance}",
                                style="bold magenta")
            rows.append((Text(victim.name, style="bold" if victim.is_pc else ""),
                         describe(state), upcoming))
    return rows


def hazard_victims(view: View) -> list[int]:
    """The victim of each of ``hazard_rows``' rows, in their order."""
    encounter = view.encounter
    if encounter is None:
        return []
    return [victim.id for victim in encounter.combatants
            for _ in hazards_of(encounter, victim.id)]


def _when_next(encounter: Encounter, index: int, state: HazardState) -> str:
    """When the hazard next moves, with nothing due now: his Nish (and which round), or
    days passing."""
    if not moves_on_nish(state):
        return "as time passes (T)"
    round_ = next_nish_round(encounter, encounter.hazards[index])
    return f"Nish, round {round_}"


class HazardsPane(Redraws, RowList):
    PANE_TITLE: ClassVar[str] = "Hazards"
    HELP: ClassVar[str] = """\
## Hazards

Every hazard running in the fight: the victim, the hazard and how it stands (rounds so
far), and what comes next: a check due now, with its difficulty and the victim's exact
chance, or when it next moves: his Nish and its round (this round's while his turn is
still to come), or as time passes. `z` on the tracker starts one, `Z` takes a check.
"""

    # The sheets too: a victim's chance is worked out from his sheet's rating.
    SHOWS: ClassVar[frozenset[str]] = frozenset({Encounter.TABLE, PlayerCharacter.TABLE})

    def __init__(self, service: CampaignService, *, id: str | None = None) -> None:
        super().__init__([("Victim", 9), ("Hazard", 14), ("Next check", 21)], stretch=1,
                         narrow={0: 7, 1: 10, 2: 15}, id=id)
        self.service = service
        self._victims: list[int] = []

    def redraw(self) -> None:
        self.show(self.service.view())

    def show(self, view: View) -> None:
        rows = hazard_rows(view, self.service.hazards.rating_for) if view.encounter and \
            view.encounter.hazards else []
        self._victims = hazard_victims(view) if rows else []
        self.set_rows(rows)
        # A hazard's state is a sentence the pane's width cuts: the details say it whole.
        self.border_subtitle = (f"{len(rows)} running · i: whole" if rows else
                                "none running")

    @property
    def selected_victim(self) -> int | None:
        """The combatant whose hazard is under the cursor."""
        row = self.cursor_row
        return self._victims[row] if 0 <= row < len(self._victims) else None
