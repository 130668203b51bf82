"""The GM's choices for the table (issue 28): what the players' view shows and the turn
timer, in one form (``O`` on the main screen, "Players' view" in the palette; ``P`` is the
prep screen's since issue 29), and an NPC's name told to the table (``N`` in the tracker)
when the view calls NPCs "Foe 1", "Foe 2". Both are saved with the campaign as undoable
actions; the players' screens follow within half a second."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TypeVar

from console.model.table_settings import (
    LIMIT_MAX,
    LIMIT_MIN,
    NpcNames,
    PcHealth,
    PlayersSettings,
    TurnTimer,
    clock_text,
)
from console.ui.dialogs.form_dialog import Field, yes_no
from console.ui.flow import Flows

__all__ = ["TableFlows", "choice", "turn_limit"]

E = TypeVar("E", bound=StrEnum)


def choice(what: str, kind: type[E]) -> Callable[[str], E]:
    """One of ``kind``'s words, or its first letter (``w`` for words)."""
    def parse(text: str) -> E:
        answer = text.strip().lower()
        for member in kind:
            if answer and (answer == member.value or answer == member.value[0]):
                return member
        words = " or ".join(member.value for member in kind)
        raise ValueError(f"{what}: {words}, not {text.strip()[:20] or 'nothing'}")

    return parse


def turn_limit(text: str) -> int | None:
    """A turn's limit: seconds (90) or minutes and seconds (1:30); blank for none."""
    cleaned = text.strip()
    if not cleaned:
        return None
    minutes, colon, seconds = cleaned.rpartition(":")
    parts = [minutes, seconds] if colon else [seconds]
    if not all(part.isascii() and part.isdigit() and len(part) <= 5 for part in parts) or (
            colon and len(seconds) != 2):
        raise ValueError(f"limit per turn: seconds (90) or minutes:seconds (1:30), not "
                         f"{cleaned[:20]}")
    total = int(seconds) + (60 * int(minutes) if colon else 0)
    if not LIMIT_MIN <= total <= LIMIT_MAX:
        raise ValueError(f"limit per turn: from {LIMIT_MIN} seconds to "
                         f"{clock_text(LIMIT_MAX)}, not {clock_text(total)}")
    return total


def _yes(flag: bool) -> str:
    return "y" if flag else "n"


class TableFlows(Flows):
    def settings(self) -> None:
        """The players' view's privacy choices and the turn timer, as one form."""
        async def wizard() -> None:
            players, timer = self.service.settings.table()
            fields = [
                Field("pc_health", "PCs' health (numbers/words)",
                      choice("PCs' health", PcHealth), players.pc_health.value),
                Field("npc_names", "NPCs (names/foes: Foe 1, Foe 2)",
                      choice("NPCs", NpcNames), players.npc_names.value),
                Field("npcs_waiting", "Place NPCs before they act (y/n)",
                      yes_no("place NPCs before they act"), _yes(players.npcs_waiting)),
                Field("npc_conditions", "Show NPCs' conditions (y/n)",
                      yes_no("show NPCs' conditions"), _yes(players.npc_conditions)),
                Field("timer", "Turn timer (y/n)", yes_no("turn timer"), _yes(timer.on)),
                Field("limit", "Limit per turn (90, 1:30)", turn_limit,
                      "" if timer.limit is None else clock_text(timer.limit),
                      placeholder="none"),
            ]
            answers = await self.form(
                "The players' view and the turn timer", fields,
                "What the table's screens show; N in the tracker names an NPC to the "
                "players. enter: next · ctrl+s: save · escape: cancel")
            if answers is None:
                return
            chosen = PlayersSettings(answers["pc_health"], answers["npc_names"],
                                     answers["npcs_waiting"], answers["npc_conditions"])
            outcome = self.service.settings.set_table(
                chosen, TurnTimer(answers["timer"], answers["limit"]))
            if not outcome.changes:
                self.decline("the players' view and the timer stay as they were")
                return
            self.show(outcome, confirm=True)

        self.run(wizard())

    def toggle_named(self, combatant_id: int | None) -> None:
        """Tell the players the selected NPC's name, or take it back."""
        self.command(lambda: self.service.tracker.toggle_named(
            self.combatant(combatant_id).id))
