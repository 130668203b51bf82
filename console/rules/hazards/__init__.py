"""The Rule Book's hazards (Tables 21-28) as small immutable state machines and table lookups.

Each module is one hazard (Table 21, :mod:`tables`, says which); ``load_state`` brings back
any saved hazard in progress from its ``to_dict()``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from console.rules.errors import RulesError
from console.rules.hazards import common
from console.rules.hazards.common import (
    DueCheck,
    Effect,
    EffectKind,
    HazardState,
    HazardStep,
)

# A saved state's ``hazard`` tag -> the module whose functions drive it. Each is imported
# the first time a hazard of its kind is read or driven: the console's first frame shows
# the hazards of the fight in progress, most often none (fourteen modules, 12-16 ms).
MODULE_NAMES: dict[str, str] = {
    "suffocation": "suffocation",
    "vacuum": "vacuum",
    "falling": "falling",
    "temperature": "temperature",
    "fatigue": "fatigue",
    "panic": "panic",
    "sleep deprivation": "sleep_deprivation",
    "starvation": "starvation",
}


def __getattr__(name: str) -> Any:
    # ``hazards.panic`` and the like, imported on first use (PEP 562): any module of the
    # package, so no second list of them to keep beside the files.
    if not name.startswith("_"):
        try:
            return importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as missing:
            if missing.name != f"{__name__}.{name}":
                raise  # the module is there; something it imports is not
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _module(tag: object) -> ModuleType:
    if not isinstance(tag, str) or tag not in MODULE_NAMES:
        raise RulesError(f"not a saved hazard: {tag!r}; known: {sorted(MODULE_NAMES)}")
    return importlib.import_module(f"{__name__}.{MODULE_NAMES[tag]}")


def load_state(data: object) -> HazardState:
    """Any saved hazard, by its ``hazard`` tag (what the UI stores)."""
    if not isinstance(data, dict):
        raise RulesError(f"not a saved hazard: {data!r}; known: {sorted(MODULE_NAMES)}")
    _module(data.get("hazard"))  # imported, its module registers its state
    return common.load_registered(data)


def module_for(state: HazardState) -> ModuleType:
    """The module that drives ``state`` (its ``due``, ``apply``, ``status`` ...)."""
    try:
        return _module(state.HAZARD)
    except (RulesError, AttributeError):
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
    if tag == "suffocation":
        return _module(tag).name_of_medium(str(data.get("medium", "")))
    return tag


__all__ = [
    "MODULE_NAMES",
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
