"""The Rule Book's hazards (Tables 21-28) as small immutable state machines and table lookups.

Each module is one hazard (Table 21, :mod:`tables`, says which); ``load_state`` brings back
any saved hazard in progress from its ``to_dict()``.
"""

from collections.abc import Mapping
from types import ModuleType

from console.rules.errors import RulesError
from console.rules.hazards import (
    brain_damage,
    falling,
    fatigue,
    fear,
    materialization,
    panic,
    poison,
    radiation,
    sleep_deprivation,
    starvation,
    suffocation,
    tables,
    temperature,
    vacuum,
)
from console.rules.hazards.common import (
    DueCheck,
    Effect,
    EffectKind,
    HazardState,
    HazardStep,
    load_state,
)

# A saved state's ``hazard`` tag -> the module whose functions drive it.
MODULE_FOR: dict[str, ModuleType] = {
    "suffocation": suffocation,
    "vacuum": vacuum,
    "falling": falling,
    "temperature": temperature,
    "fatigue": fatigue,
    "panic": panic,
    "sleep deprivation": sleep_deprivation,
    "starvation": starvation,
}


def module_for(state: HazardState) -> ModuleType:
    """The module that drives ``state`` (its ``due``, ``apply``, ``status`` ...)."""
    try:
        return MODULE_FOR[state.HAZARD]
    except (KeyError, AttributeError):
        raise RulesError(f"not a hazard state: {state!r}") from None

def hazard_name(state: HazardState) -> str:
    """What the hazard is called where it is shown: its module's ``name`` for the state
    (drowning, not suffocation, under water), else its saved tag."""
    named = getattr(module_for(state), "name", None)
    return str(named(state)) if callable(named) else state.HAZARD


def saved_hazard_name(data: Mapping[str, object]) -> str:
    """:func:`hazard_name` of a saved state, read without loading it whole (the tracker's
    rows draw it at every key)."""
    tag = str(data.get("hazard", ""))
    if tag == suffocation.SuffocationState.HAZARD:
        return suffocation.name_of_medium(str(data.get("medium", "")))
    return tag


__all__ = [
    "MODULE_FOR",
    "DueCheck",
    "Effect",
    "EffectKind",
    "HazardState",
    "HazardStep",
    "brain_damage",
    "falling",
    "fatigue",
    "fear",
    "hazard_name",
    "load_state",
    "materialization",
    "module_for",
    "panic",
    "poison",
    "radiation",
    "saved_hazard_name",
    "sleep_deprivation",
    "starvation",
    "suffocation",
    "tables",
    "temperature",
    "vacuum",
]
