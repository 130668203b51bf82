"""Critical damage on a player character (Rule Book: Vitality, Critical Damage, Healing).

Critical damage (CD) is wounds above the Vitality maximum. What it asks of the player:

- CD exactly 0 (wounds == Vit): one WP (5) check or pass out, made once only;
- CD 1+: every round an unconsciousness check, WP vs 5 x CD (an unconscious character
  rolls it on his Nish to wake up), and Vitality drain, Healing vs 5 x CD, a failure adding
  one wound, a success (or any healing of 1+) stopping the drain until new damage;
- CD 10+: every round first a death check, Vit vs CD, a failure killing him.

The checks come when the damage is taken and then each round on the PC's Nish, before he
acts, in the book's order: death, unconsciousness, drain.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from console.rules.errors import RulesError

__all__ = [
    "DEATH_CHECK_FROM",
    "CheckKind",
    "DueCheck",
    "checks_due",
    "critical_damage",
]

DEATH_CHECK_FROM = 10


class CheckKind(StrEnum):
    PASS_OUT = "pass out"  # the single WP (5) check at exactly 0 CD
    DEATH = "death"
    UNCONSCIOUSNESS = "unconsciousness"
    VITALITY_DRAIN = "vitality drain"


@dataclass(frozen=True, slots=True)
class DueCheck:
    kind: CheckKind
    ability: str  # the PC ability the player rolls
    difficulty: int
    on_failure: str

    def describe(self) -> str:
        return f"{self.ability} vs {self.difficulty} ({self.kind}): failure = {self.on_failure}"


def critical_damage(wounds: int, vit_max: int) -> int | None:
    """Wounds above the Vitality maximum; 0 when they are equal; None below it."""
    if wounds < 0 or vit_max < 0:
        raise RulesError("wounds and Vitality cannot be negative")
    excess = wounds - vit_max
    return excess if excess >= 0 else None


def checks_due(
    wounds: int,
    vit_max: int,
    *,
    pass_out_check_done: bool = False,
    drain_stopped: bool = False,
    unconscious: bool = False,
) -> list[DueCheck]:
    """The checks a PC owes now (on taking the damage, or on his Nish before acting)."""
    cd = critical_damage(wounds, vit_max)
    if cd is None:
        return []
    if cd == 0:
        if pass_out_check_done or unconscious:
            return []
        return [DueCheck(CheckKind.PASS_OUT, "WP", 5, "passes out (this check is made once)")]
    due = []
    if cd >= DEATH_CHECK_FROM:
        due.append(DueCheck(CheckKind.DEATH, "Vit", cd, "dies"))
    on_failure = "stays unconscious" if unconscious else "falls unconscious"
    due.append(DueCheck(CheckKind.UNCONSCIOUSNESS, "WP", 5 * cd, on_failure))
    if not drain_stopped:
        due.append(DueCheck(CheckKind.VITALITY_DRAIN, "Healing", 5 * cd, "+1 wound"))
    return due
