"""Façade's health (seed 002, Health and Damage): three tracks of levels, and hits noted by
location, which bring the penalties.

"A human without special circumstances or powers will have 1-18 Bruising levels, 1-12
Crushing levels, and 1-6 Deadly levels of damage that can be taken." The seed's sheet
notes each hit by its location and type ("Torso Hits: B, C; Leg Hits: C; Arm Hits: B");
"the GM may wish to track the wounds individually with their values and keep track of their
healing", which the console does: a hit keeps its levels, healing takes them off, and a
hit whose levels are healed is gone. The levels taken on a track are the sum of its hits'.

"all hits to the head and Crushing and Deadly hits to the torso each reduce the Skill Total
for all physical actions. Hits to arms and legs reduce physical actions with those
appendages." Each such hit is -1.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from console.records import record
from console.rules.errors import RulesError
from console.rules.facade_combat.damage import DamageType

__all__ = [
    "TRACK_RANGES",
    "Hit",
    "Location",
    "Penalties",
    "Tracks",
    "notation",
    "penalties",
    "taken",
]

TRACK_RANGES: dict[DamageType, tuple[int, int]] = {
    DamageType.B: (1, 18), DamageType.C: (1, 12), DamageType.D: (1, 6)}


class Location(StrEnum):
    """Where a blow lands, in the chart's order."""

    TORSO = "Torso"
    LEGS = "Legs"
    ARMS = "Arms"
    HEAD = "Head"

    @property
    def hits_label(self) -> str:  # the sheet's words: "Leg Hits"
        return {"Torso": "Torso", "Legs": "Leg", "Arms": "Arm", "Head": "Head"}[self.value]

    @property
    def letter(self) -> str:  # the armor table's coverage: T, L, A, H
        return self.value[0]


@record
class Hit:
    """A hit noted on the sheet: where, its type, and the levels it still holds."""

    location: Location
    type: DamageType
    levels: int

    def __post_init__(self) -> None:
        if not isinstance(self.location, Location) or not isinstance(self.type, DamageType):
            raise RulesError("a hit has a location and a damage type")
        if self.levels < 1:
            raise RulesError(f"a hit holds 1 level or more, not {self.levels}")

    def __str__(self) -> str:
        return f"{self.levels}{self.type.value} to the {self.location.value}"


@record
class Tracks:
    """How many levels of each type he can take."""

    bruising: int = 9
    crushing: int = 6
    deadly: int = 3

    def __post_init__(self) -> None:
        for kind, value in zip(DamageType, (self.bruising, self.crushing, self.deadly),
                               strict=True):
            low, high = TRACK_RANGES[kind]
            if not low <= value <= high:
                raise RulesError(f"{kind.word} levels: {low} to {high}, not {value}")

    def of(self, kind: DamageType) -> int:
        return {DamageType.B: self.bruising, DamageType.C: self.crushing,
                DamageType.D: self.deadly}[kind]


def taken(hits: Iterable[Hit]) -> dict[DamageType, int]:
    """The levels taken on each track."""
    found = dict.fromkeys(DamageType, 0)
    for hit in hits:
        found[hit.type] += hit.levels
    return found


@record
class Penalties:
    """What the hits take off a Skill Total: ``physical`` off every physical action,
    ``arms`` and ``legs`` besides off actions with those limbs."""

    physical: int = 0
    arms: int = 0
    legs: int = 0

    def on(self, *, arms: bool = False, legs: bool = False) -> int:
        """The whole penalty on a physical action using these limbs."""
        return self.physical + (self.arms if arms else 0) + (self.legs if legs else 0)

    def __str__(self) -> str:
        parts = [f"-{self.physical} physical" if self.physical else "",
                 f"-{self.arms} arms" if self.arms else "",
                 f"-{self.legs} legs" if self.legs else ""]
        return ", ".join(part for part in parts if part) or "none"


def penalties(hits: Iterable[Hit]) -> Penalties:
    physical = arms = legs = 0
    for hit in hits:
        if hit.location is Location.HEAD or (hit.location is Location.TORSO
                                             and hit.type is not DamageType.B):
            physical += 1
        elif hit.location is Location.ARMS:
            arms += 1
        elif hit.location is Location.LEGS:
            legs += 1
    return Penalties(physical, arms, legs)


def notation(hits: Iterable[Hit]) -> str:
    """The sheet's notation, location by location in the chart's order: "Torso Hits: B, C;
    Leg Hits: C; Arm Hits: B" (empty: no hits)."""
    found = list(hits)
    parts = []
    for location in Location:
        kinds = [hit.type.value for hit in found if hit.location is location]
        if kinds:
            parts.append(f"{location.hits_label} Hits: {', '.join(kinds)}")
    return "; ".join(parts)
