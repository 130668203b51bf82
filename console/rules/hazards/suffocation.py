"""Suffocation and drowning (Rule Book: Hazards, Suffocation/Drowning).

The victim's state moves on his Nish, one round each:

1. Holding his breath (only if he got a lungful first): WP *level* rounds with nothing to
   roll (6L = 1, 8L = 2 ...). Bantam WP has no level, so no rounds.
2. Air gone: each Nish WP vs 5 x the number of rounds that have needed this roll
   (5, 10, 15 ...); a failure means he passes out, i.e. inhales.
3. Inhaling in water is death. With no breathable air he is unconscious and, from his next
   Nish, rolls Vit vs 5 x the rounds of Vit checks (5, 10, 15 ...); the first failure is death.

The total rounds since the start keep counting whatever his condition (the book asks the
player to track them "in either case", dead included): when air is back it is the usual first
aid / medtech Dif to revive him and, if revived, the FR Dif against brain damage. Races that
do not breathe are immune: their state never asks for a check.
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum

from console.records import record
from console.rules.errors import RulesError
from console.rules.hazards.common import (
    DueCheck,
    Effect,
    EffectKind,
    HazardState,
    HazardStep,
    check_count,
    judge_check,
    rounds_so_far,
    to_rating,
)
from console.rules.ratings import Rating

__all__ = [
    "Medium",
    "Phase",
    "SuffocationState",
    "apply",
    "breath_rounds",
    "due",
    "end",
    "for_players",
    "inhale",
    "nish",
    "passes_out",
    "start",
    "status",
]

DIF_PER_ROUND = 5


class Medium(StrEnum):
    WATER = "water"  # drowning: passing out is death
    NO_AIR = "no air"  # suffocation: unconscious, then Vit checks


class Phase(StrEnum):
    HOLDING = "holding breath"
    STRUGGLING = "struggling"  # conscious, WP checks each Nish
    UNCONSCIOUS = "unconscious"  # no air only: Vit checks each Nish
    DEAD = "dead"
    ENDED = "ended"  # air is back
    IMMUNE = "immune"  # does not breathe


@record
class SuffocationState(HazardState):
    HAZARD = "suffocation"

    medium: Medium
    phase: Phase
    breath_left: int = 0  # rounds of held breath still to come
    rounds: int = 0  # total rounds elapsed (revive Dif, brain damage Dif)
    wp_rounds: int = 0  # rounds that needed a WP roll, the one owed now included
    vit_rounds: int = 0  # rounds that needed a Vit roll, the one owed now included
    pending: bool = False  # a check is owed on this Nish

    def __post_init__(self) -> None:
        object.__setattr__(self, "medium", Medium(self.medium))
        object.__setattr__(self, "phase", Phase(self.phase))
        for name in ("breath_left", "rounds", "wp_rounds", "vit_rounds"):
            check_count(getattr(self, name), name)
        if self.breath_left and self.phase is not Phase.HOLDING:
            raise RulesError("breath left only makes sense while holding breath")
        if self.phase is Phase.HOLDING and not self.breath_left:
            raise RulesError("holding breath needs at least one round of breath left")
        if self.pending and self.phase not in (Phase.STRUGGLING, Phase.UNCONSCIOUS):
            raise RulesError(f"no check can be owed while {self.phase}")
        if self.pending and self.phase is Phase.STRUGGLING and not self.wp_rounds:
            raise RulesError("a WP check is owed but no WP round was counted")
        if self.pending and self.phase is Phase.UNCONSCIOUS and not self.vit_rounds:
            raise RulesError("a Vit check is owed but no Vit round was counted")
        if self.phase is Phase.UNCONSCIOUS and self.medium is Medium.WATER:
            raise RulesError("in water, passing out is death, not unconsciousness")
        if self.wp_rounds + self.vit_rounds > self.rounds + 1:
            # +1: vacuum can make a victim pass out before his first round is counted
            raise RulesError("more rolled rounds than rounds elapsed")


def breath_rounds(wp: Rating | str) -> int:
    """Rounds a prepared character holds his breath: his WP level (Bantam: none)."""
    return to_rating(wp, "WP").level or 0


def start(
    medium: Medium | str,
    *,
    prepared: bool,
    wp: Rating | str | None = None,
    breathes: bool = True,
) -> SuffocationState:
    """Air or water closes over the victim. ``wp`` is needed when he is ``prepared``."""
    try:
        medium = Medium(medium)
    except ValueError:
        raise RulesError(f"medium must be 'water' or 'no air', not {medium!r}") from None
    if not breathes:
        return SuffocationState(medium, Phase.IMMUNE)
    if prepared:
        if wp is None:
            raise RulesError("a prepared character needs a WP rating to hold breath")
        held = breath_rounds(wp)
        if held:
            return SuffocationState(medium, Phase.HOLDING, breath_left=held)
    elif wp is not None:
        to_rating(wp, "WP")  # still refuse a bad rating, even though it is not needed
    return SuffocationState(medium, Phase.STRUGGLING)


def nish(state: SuffocationState) -> SuffocationState:
    """The victim's Nish comes up: one more round, and the check it brings (if any)."""
    if state.phase is Phase.ENDED:
        raise RulesError("this suffocation has ended; start a new one")
    owed = due(state)
    if state.pending and owed is not None:
        raise RulesError(f"the {owed.describe()} check is still owed; apply it first")
    if state.phase is Phase.IMMUNE:
        return state
    rounds = state.rounds + 1
    if state.phase is Phase.HOLDING:
        left = state.breath_left - 1
        phase = Phase.HOLDING if left else Phase.STRUGGLING
        return replace(state, rounds=rounds, breath_left=left, phase=phase)
    if state.phase is Phase.STRUGGLING:
        return replace(state, rounds=rounds, wp_rounds=state.wp_rounds + 1, pending=True)
    if state.phase is Phase.UNCONSCIOUS:
        return replace(state, rounds=rounds, vit_rounds=state.vit_rounds + 1, pending=True)
    return replace(state, rounds=rounds)  # dead: only the count goes on


def due(state: SuffocationState) -> DueCheck | None:
    """The check owed on this Nish, or None (see :func:`status` for why)."""
    if not state.pending:
        return None
    if state.phase is Phase.STRUGGLING:
        on_fail = "drowns" if state.medium is Medium.WATER else "passes out"
        return DueCheck(
            "WP", DIF_PER_ROUND * state.wp_rounds,
            f"{name(state)} round {state.wp_rounds}: failure = {on_fail}", key="breath",
        )
    return DueCheck(
        "Vit", DIF_PER_ROUND * state.vit_rounds,
        f"unconscious without air, Vit round {state.vit_rounds}: failure = death", key="vit",
    )


def _passed_out(state: SuffocationState) -> tuple[SuffocationState, tuple[Effect, ...]]:
    if state.medium is Medium.WATER:
        dead = replace(state, phase=Phase.DEAD, pending=False)
        return dead, (Effect(EffectKind.UNCONSCIOUS), Effect(EffectKind.DEAD, note="drowned"))
    out = replace(state, phase=Phase.UNCONSCIOUS, pending=False)
    return out, (Effect(EffectKind.UNCONSCIOUS, note="inhaled; Vit checks from next Nish"),)


def apply(state: SuffocationState, result: int) -> tuple[SuffocationState, HazardStep]:
    """Apply the player's result to the check owed now."""
    check = due(state)
    if check is None:
        raise RulesError(f"no check is owed now ({status(state)})")
    outcome = judge_check(check, result)
    if outcome.success:
        text = "holds on" if check.key == "breath" else "still alive"
        return replace(state, pending=False), HazardStep(text, (), check, outcome)
    if check.key == "breath":
        new, effects = _passed_out(state)
        text = "drowns" if new.phase is Phase.DEAD else "passes out"
        return new, HazardStep(text, effects, check, outcome)
    dead = replace(state, phase=Phase.DEAD, pending=False)
    cause = "drowned" if state.medium is Medium.WATER else "suffocated"
    return dead, HazardStep("dies", (Effect(EffectKind.DEAD, note=cause),), check, outcome)


def inhale(state: SuffocationState) -> tuple[SuffocationState, HazardStep]:
    """He breathes in where there is nothing to breathe (vacuum): passes out at once."""
    if state.phase in (Phase.DEAD, Phase.ENDED, Phase.IMMUNE, Phase.UNCONSCIOUS):
        raise RulesError(f"cannot pass out while {state.phase}")
    new, effects = _passed_out(replace(state, breath_left=0, phase=Phase.STRUGGLING))
    return new, HazardStep("tries to breathe and passes out", effects)


def passes_out(state: SuffocationState) -> tuple[SuffocationState, HazardStep] | None:
    """He passed out of another cause (a wound's unconsciousness check) while the water or
    the want of air holds him: "passing out means inhaling: in water that is death; with
    no breathable air, each Nish a Vit check". None when it changes nothing (immune, his
    check already past it, or the hazard over)."""
    if state.phase not in (Phase.HOLDING, Phase.STRUGGLING):
        return None
    new, effects = _passed_out(replace(state, breath_left=0, phase=Phase.STRUGGLING,
                                       pending=False))
    text = ("passes out under water: inhales, and drowns" if new.phase is Phase.DEAD
            else "passes out without air: inhales; Vit checks from his next Nish")
    return new, HazardStep(text, effects)


def end(state: SuffocationState) -> tuple[SuffocationState, HazardStep]:
    """Air is back (or he is pulled out): what it takes to bring him round, if anything."""
    if state.phase is Phase.ENDED:
        raise RulesError("this suffocation has already ended")
    ended = replace(state, phase=Phase.ENDED, pending=False, breath_left=0)
    if state.phase not in (Phase.UNCONSCIOUS, Phase.DEAD):
        return ended, HazardStep(f"breathes again after {_rounds(state.rounds)}", (Effect(
            EffectKind.ENDED, state.rounds),))
    effects = (
        Effect(EffectKind.REVIVE_DIF, state.rounds, "first aid or medtech"),
        Effect(EffectKind.BRAIN_DAMAGE_DIF, state.rounds, "FR, if revived"),
        Effect(EffectKind.ENDED, state.rounds),
    )
    text = (
        f"out of it after {_rounds(state.rounds)}, {state.phase}: revive Dif {state.rounds}, "
        f"then FR vs {state.rounds} against brain damage"
    )
    return ended, HazardStep(text, effects)


def status(state: SuffocationState) -> str:
    """One line for the tracker: where the victim stands and why nothing is due, if so."""
    match state.phase:
        case Phase.IMMUNE:
            return "does not breathe: immune"
        case Phase.HOLDING:
            return f"holding breath: {state.breath_left} more round(s) without a roll"
        case Phase.STRUGGLING:
            nxt = DIF_PER_ROUND * (state.wp_rounds + (0 if state.pending else 1))
            return (f"{_without(state)}: WP vs {nxt} on the victim's Nish; {state.rounds} "
                    "rounds so far")
        case Phase.UNCONSCIOUS:
            nxt = DIF_PER_ROUND * (state.vit_rounds + (0 if state.pending else 1))
            return f"unconscious: Vit vs {nxt} on the victim's Nish; {state.rounds} rounds so far"
        case Phase.DEAD:
            return f"dead; {state.rounds} rounds so far (revive Dif when air is back)"
    return f"ended after {_rounds(state.rounds)}"


def _rounds(count: int) -> str:
    return f"{count} round{'' if count == 1 else 's'}"


def name(state: SuffocationState) -> str:
    """The hazard's own name: drowning under water, suffocation where there is no air."""
    return name_of_medium(state.medium.value)


def name_of_medium(medium: str) -> str:
    """:func:`name` from a saved state's ``medium``."""
    return "drowning" if medium == Medium.WATER.value else "suffocation"


def _without(state: SuffocationState) -> str:
    return "under water" if state.medium is Medium.WATER else "out of air"


def for_players(state: SuffocationState) -> str:
    """What the table may see: drowning or out of air, and for how many rounds (no Dif)."""
    what = "drowning" if state.medium is Medium.WATER else "out of air"
    if state.phase is Phase.IMMUNE:
        return f"{what}: does not breathe"
    if state.phase is Phase.ENDED:
        return f"{what}: over after {_rounds(state.rounds)}"
    return f"{what}: {rounds_so_far(state.rounds)}"
