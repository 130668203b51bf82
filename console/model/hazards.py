"""Hazards in the fight: attached to a victim, moved on once a round on his Nish (when his
turn begins: ``console.model.turns``), and the effects of each check written back to him
(wounds, unconscious, dead).

The hazards themselves are the rules core's (``console.rules.hazards``); an encounter keeps
each one's saved state, so a drowning in progress survives a restart.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping

from console.model.characters import PlayerCharacter
from console.model.combat import wound_npc_in_fight, wound_pc, wounds_and_vit
from console.model.encounters import Encounter, Hazard, Side, Status
from console.model.errors import ModelError
from console.model.fight_events import HazardBegan, HazardCheck, HazardEnded
from console.model.npcs import NpcTemplate
from console.model.outcome import Outcome
from console.model.turns import END, current_turn, settle
from console.model.vessels import is_vessel
from console.rules.errors import RulesError
from console.rules.hazards import hazard_name, load_state, module_for
from console.rules.hazards.common import (
    SAID_BY_STEP,
    DueCheck,
    EffectKind,
    HazardState,
    HazardStep,
)

__all__ = [
    "apply_hazard_result",
    "apply_step",
    "attach_hazard",
    "describe",
    "due_now",
    "end_hazard",
    "for_players",
    "hazard_checks_passed_by",
    "hazards_of",
    "moves_on_nish",
    "next_nish_round",
    "nish_to_come",
    "pass_time",
    "passing_out",
]


def _state(hazard: Hazard) -> HazardState:
    try:
        return load_state(hazard.state)
    except RulesError as error:
        raise ModelError(f"a saved hazard cannot be read: {error}") from None


def hazards_of(encounter: Encounter, target: int) -> list[tuple[int, HazardState]]:
    """(index, state) of every hazard on ``target``, oldest first."""
    return [(index, _state(h)) for index, h in enumerate(encounter.hazards)
            if h.target == target]


def due_now(encounter: Encounter, target: int) -> list[tuple[int, DueCheck]]:
    """The checks ``target`` owes now, hazard by hazard."""
    owed = []
    for index, state in hazards_of(encounter, target):
        check = module_for(state).due(state)
        if check is not None:
            owed.append((index, check))
    return owed


def hazard_checks_passed_by(encounter: Encounter) -> list[str]:
    """For the turn in progress as it is passed on: each one in it who owes a hazard's
    check not made (``Z``), said. The hazard waits on that check (it counts no further
    round), so a turn passed with it owed left "drowning round 2" standing, unsaid."""
    turn = current_turn(encounter)
    said = []
    for member in turn.members if turn is not None else ():
        owed = due_now(encounter, member)
        victim = encounter.combatant(member)
        if owed and victim is not None:
            checks = "; ".join(f"{hazard_name(_state(encounter.hazards[index]))}: "
                               f"{check.describe()}" for index, check in owed)
            said.append(f"{victim.name}'s turn passed with a hazard's check not made "
                        f"(Z makes it; the hazard waits on it): {checks}")
    return said


def nish_to_come(encounter: Encounter, target: int) -> bool:
    """Whether ``target``'s Nish is still to come this round: the round is under way, he
    has not had his turn, and his turn is not the one in progress (that one has begun)."""
    if encounter.round == 0 or encounter.current in (None, END):
        return False
    if target in encounter.acted:
        return False
    turn = current_turn(encounter)
    return turn is None or target not in turn.members


def next_nish_round(encounter: Encounter, hazard: Hazard) -> int:
    """The round of the next Nish at which ``hazard`` moves on: this round when its
    victim's Nish is still to come and it has not moved this round, else the next."""
    if hazard.ticked_round < encounter.round and nish_to_come(encounter, hazard.target):
        return encounter.round
    return encounter.round + 1


def moves_on_nish(state: HazardState) -> bool:
    """Whether the hazard counts rounds on its victim's Nish (suffocation, vacuum, cold,
    heat, panic), as opposed to checks all owed at once or days passing."""
    return hasattr(module_for(state), "nish")


def attach_hazard(encounter: Encounter, target: int, state: HazardState, label: str,
                  first: HazardStep | None = None,
                  sheets: Mapping[int, PlayerCharacter] | None = None,
                  templates: Mapping[int, NpcTemplate] | None = None) -> Outcome:
    """Start a hazard on a combatant, at its first moment (``console.rules.hazards.moments``):
    the checks it owes at once are due now, and it first moves on at his Nish, this round's
    if his turn has not begun yet, else the next round's. ``first`` is what its start did
    to him at once (a panic's effect; by default the hazard's own ``opening``, such as a
    gasp in vacuum passing him out): its effects are written to him."""
    victim = encounter.combatant(target)
    if victim is None:
        raise ModelError("no such combatant for the hazard")
    to_come = nish_to_come(encounter, target)
    # ``ticked_round`` is the last round whose Nish moved it: one before this round when
    # his Nish is still to come, so that Nish moves it (turns.begin_turn).
    hazard = Hazard(target, state.to_dict(),
                    ticked_round=encounter.round - 1 if to_come else encounter.round)
    changed = encounter.with_changes(hazards=(*encounter.hazards, hazard))
    said = f"{victim.name}: {label} begins"
    if moves_on_nish(state):
        when = next_nish_round(changed, hazard)
        said += (f"; its first round on {victim.pronoun.their} Nish in round {when} "
                 f"({'this round' if when == encounter.round else 'next round'})")
    module = module_for(state)
    check = module.due(state)
    alerts = [f"{victim.name}, now: {check.describe()}"] if check is not None else []
    opening = getattr(module, "opening", None)  # what the hazard itself did at once
    if first is None and opening is not None:
        first = opening(state)
    begun = Outcome.told(changed, notices=(said,), alerts=alerts,
                         events=(HazardBegan(encounter.id, target, hazard_name(state)),))
    if first is None:
        return begun
    return begun.then(apply_step(changed, target, first, sheets or {}, templates,
                                 hazard=hazard_name(state)))


def apply_step(encounter: Encounter, target: int, step: HazardStep,
               sheets: Mapping[int, PlayerCharacter],
               templates: Mapping[int, NpcTemplate] | None = None, *,
               hazard: str | None = None) -> Outcome:
    """Write a hazard step's effects to its victim: wounds (his sheet or the NPC), passing
    out, death; the rest (revive Dif, side effects ...) is said too. The GM sees it all at
    once: it is what the check he just asked for came to. A step that judged a check of
    ``hazard`` (its kind) keeps the check and its result as an event, for the recap."""
    before = encounter
    victim = encounter.combatant(target)
    if victim is None:
        raise ModelError("the hazard's victim is no longer in the encounter")
    said = [f"{victim.name}: {step.text}"]
    if step.check is not None and step.outcome is not None:
        # The roll said with it: "Dax: still panicked" left out the 8 against 15.
        said[0] += (f" ({step.check.ability} {step.outcome.result} vs "
                    f"{step.check.difficulty}, "
                    f"{'passed' if step.outcome.success else 'failed'})")
    alerts: list[str] = []
    sheet = sheets.get(victim.ref) if victim.side is Side.PC and victim.ref else None
    status = None
    for effect in step.effects:
        if effect.kind is EffectKind.WOUNDS and effect.amount:
            if sheet is not None:
                hurt = wound_pc(sheet, encounter, effect.amount, f"{victim.name} takes")
                sheet = hurt.pc(sheet.id) or sheet
                encounter = hurt.latest(Encounter) or encounter
                alerts.extend(hurt.alerts)
            elif victim.side is Side.NPC and victim.vit_max is not None:
                encounter = wound_npc_in_fight(
                    encounter, target, effect.amount,
                    vessel=is_vessel(victim, templates or {})).encounter
        elif effect.kind is EffectKind.UNCONSCIOUS:
            status = Status.UNCONSCIOUS
        elif effect.kind is EffectKind.DEAD:
            status = Status.DEAD
        elif effect.kind is EffectKind.WAKES and status is None:
            # Out because the hazard made him faint: up again. Dead or up stays so, and so
            # does one with critical damage (he may be out from his wounds: the GM's u).
            current = encounter.combatant(target)
            if current is not None and current.status is Status.UNCONSCIOUS:
                wounds, vit = wounds_and_vit(current, sheet)
                if vit is None or wounds <= vit:
                    status = Status.ACTIVE
        if effect.kind is not EffectKind.WOUNDS and effect.kind not in SAID_BY_STEP:
            said.append(f"  {effect.describe()}")
    if status is not None:
        current = encounter.combatant(target)
        assert current is not None
        encounter = encounter.with_changes(combatants=tuple(
            current.with_changes(status=status) if c.id == target else c
            for c in encounter.combatants))
    settled = settle(before, encounter, said, ["\n".join(said), *alerts])
    if hazard is not None and step.check is not None and step.outcome is not None:
        settled = settled.with_events(HazardCheck(
            before.id, target, hazard, step.check.ability, step.check.difficulty,
            step.outcome.result, step.outcome.success,
            tuple(effect.kind.value for effect in step.effects)))
    return settled if sheet is None else Outcome.told(sheet).then(settled)


def passing_out(before: Encounter | None, made: Outcome,
                sheets: Mapping[int, PlayerCharacter],
                templates: Mapping[int, NpcTemplate] | None = None, *,
                by_hand: bool = False) -> Outcome:
    """``made`` (a check applied, a status set, on the fight ``before``), followed by what
    the hazards on each combatant it made pass out make of it: a drowning PC who fails a
    wound's unconsciousness check, or is marked unconscious, inhales water and dies.
    ``by_hand``: ``made`` is the GM marking someone (``u``), and one who fainted in panic
    and is marked up again has been slapped or shaken: his panic is over and comes off.
    Otherwise (his wounds' unconsciousness check passed) a faint still holds him: he stays
    out, and is told so."""
    after = made.latest(Encounter)
    if before is None or after is None:
        return made
    sheets = _sheets_after(sheets, made)
    outcome = made
    encounter = after
    for combatant in after.combatants:
        was = before.combatant(combatant.id)
        if combatant.status is Status.UNCONSCIOUS and (
                was is None or was.status is not Status.UNCONSCIOUS):
            hook = "passes_out"
        elif (was is not None and was.status is Status.UNCONSCIOUS
              and combatant.status is Status.ACTIVE):
            hook = "woken" if by_hand else "still_out"
        else:
            continue
        gone = 0  # hazards of his that came off: the indices after them move up one each
        for index, hazard in enumerate(encounter.hazards):
            if hazard.target != combatant.id:
                continue
            state = _state(hazard)
            module = module_for(state)
            reacts = getattr(module, hook, None)
            found = reacts(state) if reacts is not None else None
            if found is None:
                continue
            moved, step = found
            over = getattr(module, "finished", None)
            kept = None if over is not None and over(moved) else moved
            stepped = apply_step(_replace_state(encounter, index - gone, kept), combatant.id,
                                 step, sheets, templates, hazard=hazard_name(state))
            gone += kept is None
            outcome = outcome.then(stepped)
            encounter = stepped.latest(Encounter) or encounter
            sheets = _sheets_after(sheets, stepped)
    return outcome


def _sheets_after(sheets: Mapping[int, PlayerCharacter],
                  outcome: Outcome) -> Mapping[int, PlayerCharacter]:
    """``sheets`` with the ones ``outcome`` changed, as it left them."""
    changed = {pc.id: pc for pc in outcome.changes if isinstance(pc, PlayerCharacter)}
    return {**sheets, **changed} if changed else sheets


def _replace_state(encounter: Encounter, index: int, state: HazardState | None) -> Encounter:
    hazards = list(encounter.hazards)
    if state is None:
        del hazards[index]
    else:
        hazards[index] = Hazard(hazards[index].target, state.to_dict(),
                                hazards[index].ticked_round)
    return encounter.with_changes(hazards=tuple(hazards))


def apply_hazard_result(encounter: Encounter, index: int, result: int,
                        sheets: Mapping[int, PlayerCharacter],
                        templates: Mapping[int, NpcTemplate] | None = None) -> Outcome:
    """The player's result on the check a hazard asks for now, and all that follows."""
    if not 0 <= index < len(encounter.hazards):
        raise ModelError("no such hazard")
    hazard = encounter.hazards[index]
    state = _state(hazard)
    module = module_for(state)
    try:
        moved, step = module.apply(state, result)
    except RulesError as error:
        raise ModelError(str(error)) from None
    # A fall is over once he lands or holds on: it comes off by itself, tag and all.
    over = getattr(module, "finished", None)
    kept = None if over is not None and over(moved) else moved
    return apply_step(_replace_state(encounter, index, kept), hazard.target, step, sheets,
                      templates, hazard=hazard_name(state))


def end_hazard(encounter: Encounter, index: int, sheets: Mapping[int, PlayerCharacter],
               templates: Mapping[int, NpcTemplate] | None = None) -> Outcome:
    """The GM ends it (air is back, out of the cold): the closing step (revive Dif ...),
    and the hazard leaves the victim."""
    if not 0 <= index < len(encounter.hazards):
        raise ModelError("no such hazard")
    hazard = encounter.hazards[index]
    state = _state(hazard)
    module = module_for(state)
    ending = getattr(module, "end", None)
    step = HazardStep("the hazard is over")
    if ending is not None:
        # Already over by itself (a landed fall): it just comes off.
        with contextlib.suppress(RulesError):
            _ended, step = ending(state)
    return apply_step(_replace_state(encounter, index, None), hazard.target, step, sheets,
                      templates).with_events(HazardEnded(encounter.id, hazard.target,
                                                         hazard_name(state)))


def pass_time(encounter: Encounter, target: int, *, days: int = 0, hours: int = 0,
              minutes: int = 0) -> Outcome:
    """Game time passes outside the rounds: each of ``target``'s hazards that runs on days,
    hours or minutes (sleep, hunger, thirst, cold, heat) moves on by it."""
    victim = encounter.combatant(target)
    if victim is None:
        raise ModelError("no such combatant")
    hazards = list(encounter.hazards)
    notices: list[str] = []
    moved_any = False
    for index, hazard in enumerate(hazards):
        if hazard.target != target:
            continue
        state = _state(hazard)
        module = module_for(state)
        moved = state
        # Time stops at a check that falls due: the player rolls it before more passes.
        try:
            for unit, count in (("day", days), ("hour", hours)):
                step_on = getattr(module, unit, None)
                if step_on is None:
                    continue
                for passed in range(count):  # at most the field's range: ten years of days
                    if module.due(moved) is not None:
                        notices.append(f"{victim.name}: stopped after {passed} {unit}s "
                                       "for the check that fell due")
                        break
                    moved = step_on(moved)
            if minutes and hasattr(module, "pass_minutes") and module.due(moved) is None:
                moved = module.pass_minutes(moved, minutes)
        except RulesError as error:
            raise ModelError(f"{victim.name}: {error}") from None
        if moved != state:
            moved_any = True
            hazards[index] = Hazard(target, moved.to_dict(), hazard.ticked_round)
            check = module.due(moved)
            if check is not None:
                notices.append(f"{victim.name}, now: {check.describe()}")
    if not moved_any:
        raise ModelError(f"none of {victim.name}'s hazards moves with that much time")
    shown = ", ".join(f"{n} {unit}" for n, unit in ((days, "days"), (hours, "hours"),
                                                    (minutes, "minutes")) if n)
    return Outcome.told(encounter.with_changes(hazards=tuple(hazards)),
                        notices=(f"{victim.name}: {shown} pass", *notices), alerts=notices)


def describe(state: HazardState) -> str:
    """One line for the tracker: the hazard and where the victim stands."""
    return str(module_for(state).status(state))


def for_players(state: HazardState) -> str:
    """One line for the players' view: the hazard and how long it has run, no Dif."""
    return str(module_for(state).for_players(state))
