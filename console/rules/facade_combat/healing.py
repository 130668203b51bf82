"""First aid and healing (seed 002, Part 4: Body Systems).

First aid: "an Insight + Appropriate First Aid roll (difficulty is the Total Damage the
character has taken, minus that character's Health attribute) will be sufficient to keep
the character stable".

Healing: "A character without serious medical treatment ... heals Health in Bruising levels
every day, Health in Deadly levels every month, and Health in Crushing levels every 6
months. These healing times overlap, and heal one at a time rather than all levels at once
at the end of the period." Bed rest treats Health as +2, strenuous days as -2; a doctor
adds his success level, doubled with complete medical care: "(Health 3 + 3 successes x2 + 2
for bed rest = 11)". The console counts a month as 30 days and six months as 180.
"""

from __future__ import annotations

from console.rules.errors import RulesError
from console.rules.facade_combat.damage import DamageType

__all__ = ["DAYS", "first_aid_difficulty", "healed", "healing_health"]

# Days to heal Health levels of each type.
DAYS = {DamageType.B: 1, DamageType.D: 30, DamageType.C: 180}


def first_aid_difficulty(total_damage: int, health: int) -> int:
    return total_damage - health


def healing_health(health: int, *, bed_rest: bool = False, strenuous: bool = False,
                   doctor: int = 0, complete_care: bool = False) -> int:
    """The Health he heals with: bed rest +2, strenuous days -2, a doctor's success level
    (doubled with complete care)."""
    if doctor < 0:
        raise RulesError(f"a doctor's success level is 0 or more, not {doctor}")
    return (health + (2 if bed_rest else 0) - (2 if strenuous else 0)
            + doctor * (2 if complete_care else 1))


def healed(health: int, days: int) -> dict[DamageType, int]:
    """The levels of each type healed in ``days`` days, one at a time."""
    if days < 0:
        raise RulesError(f"days: 0 or more, not {days}")
    return {kind: max(0, days * health) // period for kind, period in DAYS.items()}
