"""The facts every change to a fight keeps, whatever the command, and how a fight ended.

:func:`facts` reads a fight before and after one action (and the PCs' sheets, where their
wounds and Façade hits live) for what happened in it (``console.model.fight_events``):
conditions put on and taken off, someone joining, hidden or shown to the players, wounds,
Façade's hits taken, a status, a round and a turn begun. The service calls it on every
change to a fight (``console.service.core``), so no command can forget one; what a command
alone knows (an attack and whether it hit, a check's result) it says itself, and those
come first.

:func:`mark` keeps on each combatant what the fight's end is read from: he was down at
some point, he had critical damage at some point. :func:`ending_of` reads that end by
Table 18, as the forecast reads each simulated fight (``console.rules.forecast.outcome``:
the same ``classify`` and the same reading):

- the GM says the fight was **won**: a won fight, its row by the worst wounds;
- every PC is down at the end, none dead, and it was not won: ``party_down``;
- **fled**: the party fled (``heavy_flee``, or ``rout`` with a PC dead);
- **other** (a parley, an escape, a scene cut): undecided by arms, as a simulated fight
  still running after its last round: ``undecided``, or ``death`` if a PC died.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from console.model.characters import PlayerCharacter
from console.model.combat import wounds_and_vit
from console.model.encounters import Combatant, Encounter, Side, Status
from console.model.facade_sheet import FacadeHealth
from console.model.fight_end import EndHow, Ending
from console.model.fight_events import (
    ConditionChanged,
    FightEnded,
    FightEvent,
    Joined,
    RoundBegan,
    Shown,
    StatusChanged,
    Struck,
    TurnBegan,
    Wounded,
)
from console.model.turns import END, current_turn, pending, reshaped
from console.rules.facade_combat.health import Hit
from console.rules.forecast import Reading, classify
from console.rules.forecast.ends import FLED, LOST, STALLED, WON, FightEnd

__all__ = ["ending_of", "facts", "fighting_pcs", "mark"]

_DOWN = (Status.UNCONSCIOUS, Status.DEAD)


def _sheet(combatant: Combatant,
           sheets: Mapping[int, PlayerCharacter]) -> PlayerCharacter | None:
    if combatant.side is not Side.PC or combatant.ref is None:
        return None
    return sheets.get(combatant.ref)


def _health(combatant: Combatant, sheets: Mapping[int, PlayerCharacter]
            ) -> tuple[int, int | None]:
    return wounds_and_vit(combatant, _sheet(combatant, sheets))


def _facade_health(combatant: Combatant,
                   sheets: Mapping[int, PlayerCharacter]) -> FacadeHealth:
    sheet = _sheet(combatant, sheets)
    return sheet.facade_health if sheet is not None else combatant.facade_health


def _levels_of(hits: tuple[Hit, ...]) -> Counter[tuple[str, str]]:
    """The levels noted at each place, of each damage (a hit's levels go down as it heals,
    so a place's total rising is a hit taken there)."""
    held: Counter[tuple[str, str]] = Counter()
    for hit in hits:
        held[hit.location.value, hit.type.value] += hit.levels
    return held


def _struck(fight: int, was: Combatant, now: Combatant,
            sheets_before: Mapping[int, PlayerCharacter],
            sheets_after: Mapping[int, PlayerCharacter]) -> list[Struck]:
    """Façade's hits noted on him by this action: each place and damage whose levels rose."""
    hits_before = _facade_health(was, sheets_before).hits
    hits_after = _facade_health(now, sheets_after).hits
    if hits_after is hits_before or hits_after == hits_before:  # most actions: no hit
        return []
    before, after = _levels_of(hits_before), _levels_of(hits_after)
    return [Struck(fight, now.id, where, damage, levels - before[where, damage])
            for (where, damage), levels in after.items() if levels > before[where, damage]]


def facts(before: Encounter | None, after: Encounter,
          sheets_before: Mapping[int, PlayerCharacter],
          sheets_after: Mapping[int, PlayerCharacter]) -> tuple[FightEvent, ...]:
    """What the change from ``before`` (None: the fight is new) to ``after`` did, in the
    order the recap tells it: what changed in the turn in progress, then a round and a
    turn begun, then what the new turn's beginning did to its actors (a hazard moving on)."""
    fight = after.id
    old = {c.id: c for c in before.combatants} if before is not None else {}
    said: list[FightEvent] = []
    if before is not None:
        gone = [c for c in before.conditions if c not in after.conditions]
        said += [ConditionChanged(fight, c.target, c.name, c.until_round, False) for c in gone]
    added = [c for c in after.conditions
             if before is None or c not in before.conditions]
    said += [ConditionChanged(fight, c.target, c.name, c.until_round, True) for c in added]
    moved = before is None or (before.round, before.current) != (after.round, after.current)
    # A re-shaped round (a mode switch ...: turns.reshaped) that keeps the turn with its
    # actor moves the pointer but begins no turn: the one in progress goes on, re-shaped
    # (said so, for the recap's account of it).
    goes_on = reshaped(before, after)  # (false where the pointer did not move)
    began = (current_turn(after) if moved and after.round > 0
             and after.current not in (None, END) else None)
    # Who the new turn brings in: what happened to them came with its beginning.
    was_turn = (current_turn(before) if before is not None and before.round == after.round
                else None)
    newly_acting = (set(began.members) - set(was_turn.members if was_turn else ())
                    if began is not None else set())
    now: list[FightEvent] = []  # what the new turn's beginning did
    for combatant in after.combatants:
        was = old.get(combatant.id)
        lines: list[FightEvent] = []
        if was is None:
            lines.append(Joined(fight, combatant.id))
        elif was.hidden != combatant.hidden:
            lines.append(Shown(fight, combatant.id, combatant.hidden))
        wounds, vit = _health(combatant, sheets_after)
        earlier = (_health(was, sheets_before)[0] if was is not None
                   else None if combatant.side is Side.PC else 0)
        if earlier is not None and earlier != wounds:
            lines.append(Wounded(fight, combatant.id, earlier, wounds, vit))
        if was is not None:
            lines += _struck(fight, was, combatant, sheets_before, sheets_after)
        if was is not None and was.status is not combatant.status:
            lines.append(StatusChanged(fight, combatant.id, was.status, combatant.status))
        # A hit noted as a turn begins is the last one's blow landing (Simple Combat's, at
        # its end): told with the turn that ended, with what it did to him.
        landed = any(isinstance(line, Struck) for line in lines)
        (now if combatant.id in newly_acting and was is not None and not landed
         else said).extend(lines)
    if before is not None and after.round > before.round:
        said.append(RoundBegan(fight, after.round))
    if began is not None:
        said.append(TurnBegan(fight, after.round, began.key,
                              pending(began, after.acted), goes_on=goes_on))
    if before is not None and before.active and not after.active:
        ending = after.ending
        said.append(FightEnded(fight, None if ending is None else ending.how.value,
                               None if ending is None else ending.row))
    return (*said, *now)


def fighting_pcs(encounter: Encounter) -> list[Combatant]:
    """The PCs who fought in it: the party's side less the removed and its vessel."""
    return [c for c in encounter.combatants if c.side is Side.PC
            and c.status is not Status.REMOVED and c.template is None]


def _critical(combatant: Combatant, sheets: Mapping[int, PlayerCharacter]) -> bool:
    wounds, vit = _health(combatant, sheets)
    return vit is not None and wounds > vit


def mark(encounter: Encounter, sheets: Mapping[int, PlayerCharacter]) -> Encounter:
    """``encounter`` with each PC marked down (unconscious or dead now) and critical
    (wounds past his Vit now) once he is: what the end is read from. The same object when
    nothing is new."""
    marked = []
    for combatant in encounter.combatants:
        if combatant.side is Side.PC and combatant.template is None:
            down = combatant.was_down or combatant.status in _DOWN
            critical = combatant.was_critical or _critical(combatant, sheets)
            if (down, critical) != (combatant.was_down, combatant.was_critical):
                combatant = combatant.with_changes(was_down=down, was_critical=critical)
        marked.append(combatant)
    if all(a is b for a, b in zip(marked, encounter.combatants, strict=True)):
        return encounter
    return encounter.with_changes(combatants=tuple(marked))


def ending_of(encounter: Encounter, how: EndHow, sheets: Mapping[int, PlayerCharacter],
              reading: Reading | None = None, table18: bool = True) -> Ending:
    """How the fight ended, read as the forecast reads a simulated one (module docstring).
    A fight with no PC in it reaches no row; nor does one of a campaign playing another
    system (``table18`` False): Table 18 reads wounds against Vitality, which a Façade
    fight does not keep, so only who went down and who died are told."""
    encounter = mark(encounter, sheets)
    pcs = fighting_pcs(encounter)
    down = tuple(c.id for c in pcs if c.was_down)
    dead = tuple(c.id for c in pcs if c.status is Status.DEAD)
    shares = []
    for combatant in pcs:
        wounds, vit = _health(combatant, sheets)
        if vit:
            shares.append(wounds / vit)
    worst = max(shares, default=0.0)
    critical = any(c.was_critical for c in pcs)
    if not table18:
        return Ending(how, None, 0.0, False, down, dead, encounter.round)
    if not pcs:
        return Ending(how, None, worst, critical, down, dead, encounter.round)
    all_down = all(c.status in _DOWN for c in pcs)
    result = (WON if how is EndHow.WON else LOST if all_down and not dead
              else FLED if how is EndHow.FLED else STALLED)
    foes = sum(1 for c in encounter.combatants
               if c.side is Side.NPC and c.status is Status.ACTIVE)
    end = FightEnd(result, encounter.round, worst, critical,
                   tuple(c.id in down for c in pcs), tuple(c.id in dead for c in pcs), foes)
    return Ending(how, classify(end, reading), worst, critical, down, dead, encounter.round)
