"""What one tracker action returns: the encounter after it, and what the GM should hear."""

from __future__ import annotations

from dataclasses import dataclass

from console.model.encounters import Encounter

__all__ = ["Step"]


@dataclass(frozen=True, slots=True)
class Step:
    """The encounter after one action, and what the GM should be told about it."""

    encounter: Encounter
    notices: tuple[str, ...] = ()
