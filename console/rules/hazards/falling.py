"""Falling (Rule Book: Hazards, Falling).

- Accidental (or unplanned) fall: damage = feet fallen.
- Intentional leap or drop: free up to the character's own height; higher, damage = half the
  feet fallen, fractions dropped (the book drops fractions of damage elsewhere, e.g. damage
  against a higher type). A character hanging from a ledge falls only from his feet down:
  the GM enters that distance.
- Grabbing something on the way: Dex vs a GM-set Dif. If the hold is not at the top of the
  fall, he must also make Str vs the feet fallen so far to hang on. A failed Dex or Str check
  means he falls the whole way.
- An armor roll reduces the landing damage: wounds = damage - AR roll, never below 0.

Readings chosen: a successful catch ends the fall with no landing damage. The book says the
Str check "may also cause damage" without a number, so that is left to the GM (he can add
wounds himself); nothing here invents one.
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum
from fractions import Fraction

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
)

__all__ = [
    "FallState",
    "Phase",
    "apply",
    "due",
    "fall_damage",
    "finished",
    "for_players",
    "start",
    "status",
    "wounds_after_armor",
]


def _height(height_feet: object) -> Fraction:
    if isinstance(height_feet, bool) or not isinstance(height_feet, int | Fraction | float):
        raise RulesError(f"height must be a number of feet, not {height_feet!r}")
    height = Fraction(height_feet)
    if height <= 0:
        raise RulesError(f"height must be more than 0 feet, not {height_feet}")
    return height


def fall_damage(feet: int, *, intentional: bool, height_feet: int | Fraction | float) -> int:
    """Damage before armor: feet fallen, or for a deliberate drop 0 up to the character's
    height and half the feet (rounded down) above it."""
    feet = check_count(feet, "feet fallen")
    height = _height(height_feet)
    if not intentional:
        return feet
    if feet <= height:
        return 0
    return feet // 2


def wounds_after_armor(damage: int, armor_result: int) -> int:
    """Falling wounds: damage less the armor roll, never below 0."""
    check_count(damage, "damage")
    check_count(armor_result, "armor roll")
    return max(0, damage - armor_result)


class Phase(StrEnum):
    GRAB = "grabbing"  # Dex vs the GM's Dif
    HOLD = "holding on"  # Str vs feet fallen so far
    ARMOR = "landing"  # armor roll vs the damage
    DONE = "done"


@record
class FallState(HazardState):
    HAZARD = "falling"

    feet: int
    intentional: bool
    height_feet: str  # kept as text so a Fraction survives JSON ("11/2")
    phase: Phase
    grab_dif: int | None = None
    grab_at_feet: int | None = None  # feet fallen when the hold is reached; 0 = top

    def __post_init__(self) -> None:
        object.__setattr__(self, "phase", Phase(self.phase))
        check_count(self.feet, "feet fallen")
        try:
            _height(Fraction(self.height_feet))
        except (ValueError, ZeroDivisionError):
            raise RulesError(f"height {self.height_feet!r} is not a number of feet") from None
        if self.grab_dif is not None:
            check_difficulty(self.grab_dif, "grab Dif")
        if self.grab_at_feet is not None:
            check_count(self.grab_at_feet, "feet fallen before the hold")
            if self.grab_at_feet > self.feet:
                raise RulesError(
                    f"the hold ({self.grab_at_feet} ft) is below the bottom of the fall "
                    f"({self.feet} ft)"
                )
        if self.phase in (Phase.GRAB, Phase.HOLD) and (
            self.grab_dif is None or self.grab_at_feet is None
        ):
            raise RulesError("a grab needs both its Dif and where the hold is")
        if self.phase is Phase.HOLD and not self.grab_at_feet:
            raise RulesError("a hold at the top of the fall needs no Str check")
        if self.phase is Phase.ARMOR and not self.damage:
            raise RulesError("no armor roll is owed when the fall does no damage")

    @property
    def damage(self) -> int:
        """Landing damage if he falls the whole way, before armor."""
        return fall_damage(
            self.feet, intentional=self.intentional, height_feet=Fraction(self.height_feet)
        )


def start(
    feet: int,
    *,
    intentional: bool,
    height_feet: int | Fraction | float,
    grab_dif: int | None = None,
    grab_at_feet: int | None = None,
) -> FallState:
    """A fall begins. Give ``grab_dif`` (and ``grab_at_feet``, 0 = at the top) if he grabs."""
    height = _height(height_feet)
    if (grab_dif is None) != (grab_at_feet is None):
        raise RulesError("a grab needs both its Dif and how far down the hold is (0 = top)")
    phase = Phase.GRAB
    if grab_dif is None:
        landing = fall_damage(feet, intentional=intentional, height_feet=height)
        phase = Phase.ARMOR if landing else Phase.DONE
    return FallState(
        feet, bool(intentional), str(height), phase, grab_dif=grab_dif, grab_at_feet=grab_at_feet
    )


def _land(state: FallState) -> FallState:
    return replace(state, phase=Phase.ARMOR if state.damage else Phase.DONE)


def due(state: FallState) -> DueCheck | None:
    """The check owed now; None once the fall is over."""
    if state.phase is Phase.GRAB:
        assert state.grab_dif is not None
        return DueCheck("Dex", state.grab_dif, "grab something while falling", key="grab")
    if state.phase is Phase.HOLD:
        assert state.grab_at_feet is not None
        return DueCheck(
            "Str", state.grab_at_feet,
            f"hang on after falling {state.grab_at_feet} ft (GM: this may hurt too)", key="hold",
        )
    if state.phase is Phase.ARMOR:
        return DueCheck(
            "AR", state.damage, f"{state.damage} falling damage: wounds = damage - roll",
            key="armor",
        )
    return None


def apply(state: FallState, result: int) -> tuple[FallState, HazardStep]:
    """Apply the player's result to the check :func:`due` shows."""
    check = due(state)
    if check is None:
        raise RulesError("the fall is over; nothing to roll")
    outcome = judge_check(check, result)
    if check.key == "grab":
        if not outcome.success:
            new = _land(state)
            return new, HazardStep("misses the grab and falls", (), check, outcome)
        if state.grab_at_feet == 0:
            done = replace(state, phase=Phase.DONE)
            return done, HazardStep("catches hold at the top", (Effect(EffectKind.CAUGHT),),
                                    check, outcome)
        return replace(state, phase=Phase.HOLD), HazardStep("grabs hold", (), check, outcome)
    if check.key == "hold":
        if outcome.success:
            done = replace(state, phase=Phase.DONE)
            effect = Effect(EffectKind.CAUGHT, state.grab_at_feet, "feet fallen before the hold")
            return done, HazardStep("hangs on", (effect,), check, outcome)
        return _land(state), HazardStep("loses the hold and falls", (), check, outcome)
    wounds = wounds_after_armor(state.damage, outcome.result)
    effects = (Effect(EffectKind.WOUNDS, wounds, "fall"),) if wounds else ()
    done = replace(state, phase=Phase.DONE)
    return done, HazardStep(f"lands: {wounds} wounds", effects, check, outcome)


def finished(state: FallState) -> bool:
    """A fall is over once he has landed or caught hold: it comes off the victim by itself
    (the lasting hazards wait for the GM to end them)."""
    return state.phase is Phase.DONE


def status(state: FallState) -> str:
    """One line for the UI: the fall and its damage."""
    kind = "drops" if state.intentional else "falls"
    text = f"{kind} {state.feet} ft ({state.damage} damage before armor)"
    return text if state.phase is not Phase.DONE else text + ": over"


def for_players(state: FallState) -> str:
    """What the table may see: how far he falls (the GM's grab Dif stays his)."""
    kind = "dropping" if state.intentional else "falling"
    return f"{kind} {state.feet} ft" + (": landed" if state.phase is Phase.DONE else "")
