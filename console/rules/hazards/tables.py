"""Table 21, the list of hazards, with the module that implements each.

The other hazard tables live with their hazard: Table 22 in :mod:`fear`, 23-26 in
:mod:`temperature`, 27 in :mod:`materialization`, 28 in :mod:`vacuum`.
"""

from __future__ import annotations

from console.records import record
from console.rules.errors import RulesError

__all__ = ["NOT_IN_TABLE_21", "TABLE_21", "HazardEntry", "entry"]


@record
class HazardEntry:
    name: str
    description: str
    module: str  # console.rules.hazards.<module>
    round_based: bool  # ticks on the victim's Nish (others: one-off checks, days, hours)


TABLE_21: tuple[HazardEntry, ...] = (
    HazardEntry("Brain Damage", "Mental damage", "brain_damage", False),
    HazardEntry("Falling", "Intentional or not", "falling", False),
    HazardEntry("Fatigue", "Overexertion", "fatigue", False),
    HazardEntry("Fear", "Scared", "fear", False),
    HazardEntry("Freezing", "Too cold", "temperature", True),
    HazardEntry("Heat", "Too hot", "temperature", True),
    HazardEntry("Materialization", "Power malfunction", "materialization", False),
    HazardEntry("Panic", "Irrational behavior", "panic", True),
    HazardEntry("Poison", "Poisoned", "poison", False),
    HazardEntry("Sleep Deprivation", "Lack of sleep", "sleep_deprivation", False),
    HazardEntry("Starvation/Thirst", "Lack of food/water", "starvation", False),
    HazardEntry("Suffocation", "Suffocation/drowning", "suffocation", True),
    HazardEntry("Vacuum", "Exposure to outer space or other airless conditions", "vacuum",
                True),
)

# The chapter also has a Radiation section that Table 21 does not list.
NOT_IN_TABLE_21: tuple[HazardEntry, ...] = (
    HazardEntry("Radiation", "Radiation wounds", "radiation", False),
)


def entry(name: str) -> HazardEntry:
    """A hazard by name, any case (Table 21, then the chapter's unlisted Radiation)."""
    wanted = name.strip().lower() if isinstance(name, str) else None
    for row in TABLE_21 + NOT_IN_TABLE_21:
        if row.name.lower() == wanted:
            return row
    known = ", ".join(row.name for row in TABLE_21 + NOT_IN_TABLE_21)
    raise RulesError(f"no hazard {name!r}; known: {known}")
