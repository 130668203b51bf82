"""Panic (Rule Book: Hazards, Panic).

WP vs a GM-set Dif; on a failure the GM invents an effect or picks (or rolls) one of six.
All but "fearful" last until a WP (15) check succeeds, rolled once a round (on the victim's
Nish); a fainted character also wakes when slapped or shaken. "Fearful" hands over to the
fear rules (:mod:`fear`) at once.
"""

from __future__ import annotations

import random
from dataclasses import replace

from console.records import record
from console.rules.errors import RulesError
from console.rules.hazards.common import (
    DueCheck,
    Effect,
    EffectKind,
    HazardState,
    HazardStep,
    check_count,
    check_difficulty,
    judge_check,
    rounds_so_far,
)

__all__ = [
    "EFFECTS",
    "END_DIF",
    "PanicEffect",
    "PanicState",
    "apply",
    "check",
    "due",
    "finished",
    "for_players",
    "nish",
    "resolve",
    "roll_effect",
    "shake_awake",
    "start",
    "status",
    "still_out",
    "woken",
]

END_DIF = 15
FEARFUL, PARALYSIS, FAINT = 1, 2, 4


@record
class PanicEffect:
    number: int
    name: str
    behaviour: str


EFFECTS: tuple[PanicEffect, ...] = (
    PanicEffect(1, "Fearful", "acts as if afraid (see fear)"),
    PanicEffect(2, "Paralysis", "falls down and does nothing"),
    PanicEffect(3, "Frenzy", "attacks the nearest target until it is destroyed, then the "
                "next nearest"),
    PanicEffect(4, "Faint", "faints; a slap or a shake brings the victim round"),
    PanicEffect(5, "Bolt", "runs flat out in a random direction"),
    PanicEffect(6, "Frantic search", "tears through gear and bodies for an unknown item"),
)


def check(difficulty: int) -> DueCheck:
    """The panic check: WP vs the GM's Dif."""
    return DueCheck("WP", check_difficulty(difficulty), "failure = panic", key="panic")


def resolve(due_check: DueCheck, result: int) -> HazardStep:
    """The player's result on the panic check; failure asks for an effect."""
    outcome = judge_check(due_check, result)
    if outcome.success:
        return HazardStep("keeps a clear head", (), due_check, outcome)
    effect = Effect(EffectKind.SIDE_EFFECT, note="panics: pick or roll an effect 1-6")
    return HazardStep("panics", (effect,), due_check, outcome)


def roll_effect(rng: random.Random) -> int:
    """A random effect number (d6) from the injected generator."""
    return rng.randint(1, len(EFFECTS))


@record
class PanicState(HazardState):
    HAZARD = "panic"

    effect: int
    rounds: int = 0
    pending: bool = False
    ended: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.effect, bool) or self.effect not in range(1, len(EFFECTS) + 1):
            raise RulesError(f"panic effect must be 1 to {len(EFFECTS)}, not {self.effect!r}")
        check_count(self.rounds, "rounds")
        if self.pending and self.ended:
            raise RulesError("an ended panic owes no check")
        if self.effect == FEARFUL and not self.ended:
            raise RulesError("a fearful panic passes straight to the fear rules")

    @property
    def info(self) -> PanicEffect:
        return EFFECTS[self.effect - 1]


def start(effect: int) -> tuple[PanicState, HazardStep]:
    """The chosen effect begins; "fearful" ends here and passes to the fear rules."""
    if effect == FEARFUL:
        step = HazardStep("becomes fearful: use the fear rules",
                          (Effect(EffectKind.SEVERITY, note="fearful"),))
        return PanicState(effect, ended=True), step
    state = PanicState(effect)
    # A faint puts him out (unconscious) until he snaps out of it or is shaken awake.
    fainted = (Effect(EffectKind.UNCONSCIOUS),) if effect == FAINT else ()
    return state, HazardStep(f"{state.info.name}: {state.info.behaviour}", fainted)


def nish(state: PanicState) -> PanicState:
    """His Nish: one WP (15) try to snap out of it."""
    if state.ended:
        raise RulesError("this panic is over")
    if state.pending:
        raise RulesError("the WP (15) check is still owed; apply it first")
    return replace(state, rounds=state.rounds + 1, pending=True)


def due(state: PanicState) -> DueCheck | None:
    """The WP (15) check owed this round, or None."""
    if not state.pending:
        return None
    return DueCheck("WP", END_DIF, f"{state.info.name}: success ends it", key="panic")


def apply(state: PanicState, result: int) -> tuple[PanicState, HazardStep]:
    """Apply the player's result; a success ends the panic."""
    check_ = due(state)
    if check_ is None:
        raise RulesError(f"no check is owed now ({status(state)})")
    outcome = judge_check(check_, result)
    if outcome.success:
        wakes = (Effect(EffectKind.WAKES),) if state.effect == FAINT else ()
        return replace(state, pending=False, ended=True), HazardStep(
            "snaps out of it", (Effect(EffectKind.RECOVERED), *wakes), check_, outcome)
    return replace(state, pending=False), HazardStep("still panicked", (), check_, outcome)


def shake_awake(state: PanicState) -> tuple[PanicState, HazardStep]:
    """Someone slaps or shakes a fainted character: he wakes."""
    if state.effect != FAINT or state.ended:
        raise RulesError("only a character who fainted in panic is woken by a shake")
    return replace(state, pending=False, ended=True), HazardStep(
        "shaken awake", (Effect(EffectKind.RECOVERED), Effect(EffectKind.WAKES)))


def woken(state: PanicState) -> tuple[PanicState, HazardStep] | None:
    """The GM marks him up again while his panic holds him: a faint ends as a shake ends
    it; any other effect is not sleep, so being up changes nothing (None)."""
    if state.effect != FAINT or state.ended:
        return None
    return shake_awake(state)


def still_out(state: PanicState) -> tuple[PanicState, HazardStep] | None:
    """He came round from something else (his wounds' unconsciousness check passed) while
    his faint holds him: he stays out until a shake or his WP (15) check (None: no faint)."""
    if state.effect != FAINT or state.ended:
        return None
    return state, HazardStep("is still out: fainted in panic (a slap or a shake ends it, or "
                             f"WP {END_DIF})", (Effect(EffectKind.UNCONSCIOUS),))


def finished(state: PanicState) -> bool:
    """A panic is over once he snaps out of it (or is shaken awake): it comes off him by
    itself. It had stayed on, "Faint: over", its next check still shown for a round to
    come."""
    return state.ended


def status(state: PanicState) -> str:
    """One line for the UI: the effect and how it ends."""
    if state.ended:
        return f"{state.info.name}: over"
    return f"{state.info.name}: {state.info.behaviour}; WP vs {END_DIF} each round"


def for_players(state: PanicState) -> str:
    """What the table may see: the panic's effect and for how many rounds."""
    if state.ended:
        return f"{state.info.name}: over"
    return f"{state.info.name}: {rounds_so_far(state.rounds)}"
