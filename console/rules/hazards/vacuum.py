"""Vacuum (Rule Book: Hazards, Vacuum, Table 28; Ship Combat, Hull Breaches).

What comes at once, as exposure begins (the book's "immediately" and "immediate"):

- if his ears are exposed: FR vs 10, once only, or his eardrums rupture;
- a victim who tries to breathe passes out (the suffocation rules, :mod:`suffocation`,
  take effect with no held breath).

Then on each of his Nishes, the first this round if his turn has not come yet (rounds are
counted on his Initiative, as suffocation counts them), in Table 28's order:

- suffocation: WP vs 5 x the rounds that needed the roll; once passed out, Vit vs 5 x ...;
- 10 damage, resisted by his natural armor (NAR) only: wounds = 10 - NAR roll, if positive.

A dead victim rolls nothing more; an unconscious one still rolls NAR and Vit. An eardrum
check left unrolled when his first Nish comes stays owed, first in the queue (and a save from
before this reading, exposed with the check not yet asked, is asked it on his next Nish).

Started from a ship's hull breach (:func:`start_from_breach`), the area depressurizes over a
number of rounds the GM sets (typically 1-6, :func:`roll_depressurization`), counted on his
Nish like any round. On each of those Nishes the victim must hold on: Str vs CD x 5 with
something to hold, otherwise Dex at -1c vs CD x 5 (CD is the ship's critical damage in Ship
type, so 1 CD is Dif 5). A failure sucks him into space; surviving every round leaves him in
a depressurized area. Either way exposure begins there and then: the eardrum check at once,
the rest from his next Nish. Reading chosen: the hold-on check is made every Nish while the
air rushes out (the book does not say once or per round).
"""

from __future__ import annotations

import random
from dataclasses import replace
from enum import StrEnum

from console.records import record
from console.rules.errors import RulesError
from console.rules.hazards import suffocation
from console.rules.hazards.common import (
    DueCheck,
    Effect,
    EffectKind,
    HazardState,
    HazardStep,
    check_count,
    judge_check,
    rounds_so_far,
)
from console.rules.hazards.suffocation import Medium, SuffocationState

__all__ = [
    "EARDRUM_DIF",
    "HOLD_ON_DIF_PER_CD",
    "TABLE_28",
    "VACUUM_DAMAGE",
    "Phase",
    "VacuumEffect",
    "VacuumState",
    "apply",
    "breathe_in",
    "due",
    "end",
    "for_players",
    "hold_on_check",
    "nish",
    "opening",
    "roll_depressurization",
    "start",
    "start_from_breach",
    "status",
]

VACUUM_DAMAGE = 10
EARDRUM_DIF = 10
HOLD_ON_DIF_PER_CD = 5
DEPRESSURIZATION_TYPICAL = (1, 6)


@record
class VacuumEffect:
    """One row of Table 28: the ability rolled, the Dif as printed, what failure means."""

    ability: str
    difficulty: str
    effect: str


TABLE_28: tuple[VacuumEffect, ...] = (
    VacuumEffect("WP", "5 x rounds", "falls unconscious"),
    VacuumEffect("FR", "10", "eardrums rupture"),
    VacuumEffect("AR", "10", "damage, natural armor (NAR) only"),
)


class Phase(StrEnum):
    BREACH = "depressurizing"
    EXPOSED = "exposed"
    ENDED = "ended"


# Check keys, in the order they come up on a Nish.
_HOLD, _BREATH, _EARDRUM, _ARMOR = "hold", "breath", "eardrum", "armor"


@record
class VacuumState(HazardState):
    HAZARD = "vacuum"

    phase: Phase
    breathing: SuffocationState
    ears_exposed: bool = True
    eardrum_checked: bool = False
    tries_to_breathe: bool = False  # passes out as soon as exposure starts
    queue: tuple[str, ...] = ()  # checks still owed on this Nish
    breach_cd: int | None = None  # ship critical damage, when started from a breach
    handhold: bool = False
    depressurize_left: int = 0  # breach rounds still to come
    breach_rounds: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "phase", Phase(self.phase))
        check_count(self.depressurize_left, "depressurization rounds")
        check_count(self.breach_rounds, "breach rounds")
        if self.breathing.medium is not Medium.NO_AIR:
            raise RulesError("vacuum suffocation is always 'no air'")
        unknown = set(self.queue) - {_HOLD, _BREATH, _EARDRUM, _ARMOR}
        if unknown:
            raise RulesError(f"unknown vacuum checks owed: {sorted(unknown)}")
        if self.phase is Phase.BREACH:
            if self.breach_cd is None:
                raise RulesError("a breach needs the ship's critical damage")
            check_count(self.breach_cd, "critical damage", 1)
            if set(self.queue) - {_HOLD}:
                raise RulesError("only the hold-on check is owed while depressurizing")
            if not self.depressurize_left and not self.queue:
                raise RulesError("a breach with no rounds left is already depressurized")
        elif _HOLD in self.queue:
            raise RulesError("the hold-on check is owed only while depressurizing")
        if (_BREATH in self.queue) != self.breathing.pending:
            raise RulesError("the owed breath check and the suffocation state disagree")


def roll_depressurization(rng: random.Random) -> int:
    """A typical depressurization time, 1-6 rounds (the GM may pick instead)."""
    low, high = DEPRESSURIZATION_TYPICAL
    return rng.randint(low, high)


def hold_on_check(critical_damage: int, *, handhold: bool) -> DueCheck:
    """The breach check: Str vs CD x 5 with a handhold, else Dex at -1c vs CD x 5."""
    cd = check_count(critical_damage, "critical damage", 1)
    dif = HOLD_ON_DIF_PER_CD * cd
    if handhold:
        return DueCheck("Str", dif, "hold on or be sucked into space", key=_HOLD)
    return DueCheck("Dex", dif, "keep a footing or be sucked into space", _HOLD, "-1c")


def start(*, ears_exposed: bool = True, tries_to_breathe: bool = False) -> VacuumState:
    """Exposure begins now: the eardrum check is owed at once (ears exposed), a victim who
    tries to breathe has passed out (:func:`opening` says so), the rest comes on his Nish."""
    state = VacuumState(
        Phase.EXPOSED,
        suffocation.start(Medium.NO_AIR, prepared=False),
        ears_exposed=bool(ears_exposed),
        tries_to_breathe=bool(tries_to_breathe),
    )
    return _begin_exposure(state)


def opening(state: VacuumState) -> HazardStep | None:
    """What exposure did the moment it began, for the victim's record: passed out if he
    tried to breathe (None when nothing happened to him at once)."""
    if (state.phase is Phase.EXPOSED and state.tries_to_breathe and state.breathing.rounds == 0
            and state.breathing.phase is suffocation.Phase.UNCONSCIOUS):
        return HazardStep("tries to breathe in vacuum and passes out", (
            Effect(EffectKind.UNCONSCIOUS,
                   note="inhaled in vacuum; Vit checks from the victim's Nish"),))
    return None


def start_from_breach(
    critical_damage: int,
    *,
    depressurization_rounds: int,
    handhold: bool,
    ears_exposed: bool = True,
    tries_to_breathe: bool = False,
) -> VacuumState:
    """A hull breach in the victim's area: hold-on checks until it has depressurized."""
    check_count(critical_damage, "critical damage", 1)
    check_count(depressurization_rounds, "depressurization rounds", 1)
    return VacuumState(
        Phase.BREACH,
        suffocation.start(Medium.NO_AIR, prepared=False),
        ears_exposed=bool(ears_exposed),
        tries_to_breathe=bool(tries_to_breathe),
        breach_cd=critical_damage,
        handhold=bool(handhold),
        depressurize_left=depressurization_rounds,
    )


def _begin_exposure(state: VacuumState) -> VacuumState:
    """Exposure begins: the eardrum check is owed at once, and a gasp passes him out."""
    ears = (_EARDRUM,) if state.ears_exposed and not state.eardrum_checked else ()
    return _inhale_if_trying(replace(state, phase=Phase.EXPOSED, queue=ears))


def _inhale_if_trying(state: VacuumState) -> VacuumState:
    """A victim who tries to breathe in vacuum passes out as exposure begins."""
    if state.tries_to_breathe and state.breathing.phase is suffocation.Phase.STRUGGLING:
        breathing, _step = suffocation.inhale(state.breathing)
        return replace(state, breathing=breathing)
    return state


def breathe_in(state: VacuumState) -> tuple[VacuumState, HazardStep]:
    """He tries to breathe during exposure (GM's call): passes out at once."""
    if state.phase is not Phase.EXPOSED or _BREATH in state.queue:
        raise RulesError("a gasp in vacuum comes only between checks, while exposed")
    breathing, step = suffocation.inhale(state.breathing)
    return replace(state, breathing=breathing, tries_to_breathe=True), step


def nish(state: VacuumState) -> VacuumState:
    """The victim's Nish: one round, and the checks it brings (after an eardrum check still
    owed from the start: it does not hold the round up)."""
    if state.phase is Phase.ENDED:
        raise RulesError("this vacuum exposure has ended; start a new one")
    owed = due(state)
    if set(state.queue) - {_EARDRUM} and owed is not None:
        raise RulesError(f"the {owed.describe()} check is still owed; apply it first")
    if state.phase is Phase.BREACH:
        return replace(
            state,
            depressurize_left=state.depressurize_left - 1,
            breach_rounds=state.breach_rounds + 1,
            queue=(_HOLD,),
        )
    breathing = suffocation.nish(state.breathing)
    # The eardrum check was owed at once; one saved before that reading is asked now.
    queue: list[str] = [_EARDRUM] if state.ears_exposed and not state.eardrum_checked else []
    if breathing.pending:
        queue.append(_BREATH)
    if breathing.phase is not suffocation.Phase.DEAD:
        queue.append(_ARMOR)
    elif _EARDRUM in queue:
        queue.remove(_EARDRUM)
    return replace(state, breathing=breathing, queue=tuple(queue))


def due(state: VacuumState) -> DueCheck | None:
    """The next check owed on this Nish, or None when this Nish's checks are done."""
    if not state.queue:
        return None
    key = state.queue[0]
    if key == _HOLD:
        assert state.breach_cd is not None
        return hold_on_check(state.breach_cd, handhold=state.handhold)
    if key == _BREATH:
        check = suffocation.due(state.breathing)
        assert check is not None
        return check
    if key == _EARDRUM:
        return DueCheck("FR", EARDRUM_DIF, "ears exposed: failure = eardrums rupture", _EARDRUM)
    return DueCheck(
        "NAR", VACUUM_DAMAGE,
        f"{VACUUM_DAMAGE} vacuum damage, natural armor only: wounds = {VACUUM_DAMAGE} - roll",
        key=_ARMOR,
    )


def _gasped(state: VacuumState) -> tuple[Effect, ...]:
    step = opening(state)
    return () if step is None else step.effects


def apply(state: VacuumState, result: int) -> tuple[VacuumState, HazardStep]:
    """Apply the player's result to the check :func:`due` shows."""
    check = due(state)
    if check is None:
        raise RulesError(f"no check is owed now ({status(state)})")
    key, rest = state.queue[0], state.queue[1:]
    if key == _HOLD:
        outcome = judge_check(check, result)
        if not outcome.success:
            new = _begin_exposure(replace(state, depressurize_left=0))
            pulled = (Effect(EffectKind.SUCKED_OUT), Effect(EffectKind.EXPOSED),
                      *_gasped(new))
            return new, HazardStep("sucked into space", pulled, check, outcome)
        if state.depressurize_left == 0:
            new = _begin_exposure(state)
            emptied = (Effect(EffectKind.EXPOSED, note="area depressurized"), *_gasped(new))
            return new, HazardStep("holds on; the area is now airless", emptied, check,
                                   outcome)
        return replace(state, queue=rest), HazardStep("holds on", (), check, outcome)
    if key == _BREATH:  # WP while conscious, Vit once passed out
        breathing, step = suffocation.apply(state.breathing, result)
        queue = rest
        if breathing.phase is suffocation.Phase.DEAD:
            queue = ()
        return replace(state, breathing=breathing, queue=queue), step
    outcome = judge_check(check, result)
    if key == _EARDRUM:
        new = replace(state, eardrum_checked=True, queue=rest)
        if outcome.success:
            return new, HazardStep("eardrums hold", (), check, outcome)
        effect = Effect(EffectKind.EARDRUMS_RUPTURED)
        return new, HazardStep("eardrums rupture", (effect,), check, outcome)
    wounds = max(0, VACUUM_DAMAGE - outcome.result)
    effects: tuple[Effect, ...] = (Effect(EffectKind.WOUNDS, wounds, "vacuum"),) if wounds else ()
    return replace(state, queue=rest), HazardStep(f"{wounds} wounds", effects, check, outcome)


def end(state: VacuumState) -> tuple[VacuumState, HazardStep]:
    """Back in air: the suffocation's revive and brain damage Difs, if he passed out."""
    if state.phase is Phase.ENDED:
        raise RulesError("this vacuum exposure has already ended")
    if state.phase is Phase.BREACH:
        new = replace(state, phase=Phase.ENDED, queue=())
        return new, HazardStep("breach sealed before the area emptied", (Effect(EffectKind.ENDED),))
    breathing, step = suffocation.end(replace(state.breathing, pending=False))
    return replace(state, phase=Phase.ENDED, breathing=breathing, queue=()), step


def status(state: VacuumState) -> str:
    """One line for the UI: breach or exposure, and what is owed."""
    if state.phase is Phase.BREACH:
        return (
            f"hull breach, CD {state.breach_cd}: {state.depressurize_left} more round(s) "
            "of rushing air"
        )
    if state.phase is Phase.ENDED:
        return f"ended after {state.breathing.rounds} rounds in vacuum"
    ears = ", eardrum check" if state.ears_exposed and not state.eardrum_checked else ""
    return f"in vacuum: {suffocation.status(state.breathing)}; NAR vs 10 damage{ears}"


def for_players(state: VacuumState) -> str:
    """What the table may see: the breach or the vacuum, and for how many rounds."""
    if state.phase is Phase.BREACH:
        return f"hull breach: {rounds_so_far(state.breach_rounds)}"
    rounds = state.breathing.rounds
    if state.phase is Phase.ENDED:
        return f"vacuum: over after {rounds} rounds"
    return f"in vacuum: {rounds_so_far(rounds)}"
