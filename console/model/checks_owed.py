"""The critical-damage checks a PC owes in a fight, read from the fight and his sheet: which
are due now, when they are made (as the damage lands, or on his Nish before he acts), the
reminder for the turn in progress, and the trace a turn passed on with them unrecorded
leaves in the log."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from console.model.characters import PlayerCharacter
from console.model.encounters import Encounter, Side, Status, combatant_of
from console.model.turns import current_turn
from console.rules.critical_damage import DueCheck, checks_due

__all__ = ["checks_due_for", "checks_moment", "checks_passed_by", "checks_reminder"]


def checks_due_for(
    encounter: Encounter, combatant_id: int, pcs: Mapping[int, PlayerCharacter]
) -> list[DueCheck]:
    """The critical-damage checks a PC owes now: those a hit has just made due, and on his
    Nish the round's checks before he acts; each is made once (none for NPCs: an NPC with
    critical damage simply dies)."""
    combatant = combatant_of(encounter, combatant_id)
    sheet = pcs.get(combatant.ref) if combatant.ref is not None else None
    if combatant.side is not Side.PC or sheet is None or sheet.vit_max is None:
        return []
    due = checks_due(
        sheet.wounds, int(sheet.vit_max.value),
        pass_out_check_done=combatant.pass_out_check_done,
        drain_stopped=combatant.drain_stopped or sheet.drain_stopped,
        unconscious=combatant.status is Status.UNCONSCIOUS,
    )
    return [check for check in due if check.kind in combatant.checks_owed]


def checks_moment(encounter: Encounter, combatant_id: int) -> str:
    """When the checks he owes now are made, said of him: "before he acts" on his Nish
    (his turn in progress, the round's checks asked), else "as the damage lands" (a hit,
    or the GM's wounds, made them due)."""
    combatant = combatant_of(encounter, combatant_id)
    turn = current_turn(encounter)
    on_nish = (turn is not None and combatant_id in turn.members
               and combatant.checks_round == encounter.round)
    pronoun = combatant.pronoun
    return (f"before {pronoun.they} {pronoun.verb('acts', 'act')}" if on_nish
            else "as the damage lands")


def _owing(encounter: Encounter,
           pcs: Mapping[int, PlayerCharacter]) -> Iterator[tuple[str, list[DueCheck]]]:
    """Each PC in the turn in progress who owes checks, with them."""
    turn = current_turn(encounter)
    for member in turn.members if turn is not None else ():
        due = checks_due_for(encounter, member, pcs)
        if due:
            yield combatant_of(encounter, member).name, due


def checks_passed_by(encounter: Encounter, pcs: Mapping[int, PlayerCharacter]) -> list[str]:
    """For the turn in progress as it is passed on: each PC in it who still owes checks
    the GM has not recorded, said for the log. Passing his turn does not make them (the
    players roll them, the GM records them with k): a held-down space that ran past them
    must leave a trace, not only a toast that goes."""
    return [f"{name}'s turn passed with checks not recorded: "
            + ", ".join(str(check.kind) for check in due)
            for name, due in _owing(encounter, pcs)]


def checks_reminder(encounter: Encounter, pcs: Mapping[int, PlayerCharacter]) -> list[str]:
    """For each critically wounded PC whose turn is in progress: the checks he rolls on his
    Nish before he acts."""
    return [f"{name}, before acting:\n" + "\n".join(check.describe() for check in due)
            for name, due in _owing(encounter, pcs)]
