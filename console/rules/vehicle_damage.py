"""Vehicle and ship damage (Rule Book: Vehicle Combat, Ship Combat; Tables 9, 10 and 11).

Hull points (HP) replace Vitality and count in the vessel's own type: damage from a lower type
is converted first (48 Personal on a vehicle = 4). Vessels never die. Once damage passes HP,
the critical damage (CD) is counted in the vessel's type points (5 CD on a vehicle is Dif 5,
not 50) and triggers, for a PC's vessel:

- a hull-breach check: armor (without shields, for ships) combined (cat) with a character's
  repair hull, vs 5 x CD. Made when CD first occurs and again whenever an armor check is made
  while CD remains; not every round;
- a system-failure check whenever a hull-breach check is due: the vessel's rating combined
  (cat) with one character's damage control, vs 5 x CD. A failure means a system fails
  (Table 9 or 11 picks it, Table 10 says how) and starts *cascade failure*: another
  system-failure check every round until one succeeds.

The tables are plain lookups, rolled by the console with an injected ``random.Random`` or
read from dice the GM rolled.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import replace
from enum import StrEnum
from fractions import Fraction

from console.records import record
from console.rules.combat import whole_number
from console.rules.combining import combine_cat
from console.rules.errors import RulesError
from console.rules.explosions import blast_rings
from console.rules.mixed_types import convert_damage
from console.rules.odds import chance_at_least
from console.rules.ratings import Rating, RatingType

__all__ = [
    "OTHER_SYSTEM",
    "SHIP_SYSTEMS",
    "SYSTEM_FAILURE_TABLE",
    "VEHICLE_SYSTEMS",
    "FailureKind",
    "FailureRow",
    "SystemFailure",
    "VesselCheck",
    "VesselCheckKind",
    "VesselCondition",
    "VesselHit",
    "after_system_failure_check",
    "checks_at_damage",
    "failure_effect",
    "hit_vessel",
    "hull_breach_check",
    "roll_ship_system",
    "roll_system_failure",
    "roll_vehicle_system",
    "ship_system",
    "system_failure_check",
    "vehicle_system",
]

OTHER_SYSTEM = "Other/Minor System (GM's choice)"

# Table 9, d10 (the Combat Related Tables print 9-10 as Other; seed 004 line 4333).
VEHICLE_SYSTEMS: tuple[str, ...] = (
    "Central Computer", "Engine", "Life Support", "Scanners/Sensors",
    "Station (Comm, Ast, etc.)", "Weapon System", "Shields", "Turret",
    OTHER_SYSTEM, OTHER_SYSTEM,
)

# Table 11: a first d10 of 1-5 picks the first list, 6-10 the second; a second d10 reads it.
SHIP_SYSTEMS: tuple[tuple[str, ...], tuple[str, ...]] = (
    (
        "Shield", "Central Computer", "Cloaking Device", "Life Support", "Scanners/Sensors",
        "Main Drive", "Weapon System", "Inertial Dampers", "Sublight Drive", OTHER_SYSTEM,
    ),
    (
        "View Screen", "Lab (Science, Eng, etc.)", "Artificial Gravity", "Tractor/Repulsor Beam",
        "Communications", "Turret", "Transporters", "Escape/Assault Pods",
        "Station (Comm, Med, etc.)", OTHER_SYSTEM,
    ),
)


class FailureKind(StrEnum):
    FAILURE = "failure"
    FIRE = "fire"
    BLOW_OUT = "blow-out"
    EXPLOSION = "explosion"


@record
class FailureRow:
    """One row of Table 10: multipliers of the vessel's CD."""

    kind: FailureKind
    low: int  # d8 range, inclusive
    high: int
    atk_dmg_times: int | None  # None: the failure does no damage
    explosive: bool
    repair_times: int


# Table 10, d8.
SYSTEM_FAILURE_TABLE: tuple[FailureRow, ...] = (
    FailureRow(FailureKind.FAILURE, 1, 3, None, False, 1),
    FailureRow(FailureKind.FIRE, 4, 5, 2, False, 2),
    FailureRow(FailureKind.BLOW_OUT, 6, 7, 5, False, 5),
    FailureRow(FailureKind.EXPLOSION, 8, 8, 10, True, 10),
)


def _die(name: str, value: object, sides: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
        raise RulesError(f"{name} must be a d{sides} roll, 1 to {sides}, not {value!r}")
    return value


def vehicle_system(d10: int) -> str:
    """Table 9: the vehicle system a d10 names (8 = Turret)."""
    return VEHICLE_SYSTEMS[_die("Table 9 roll", d10, 10) - 1]


def ship_system(half_d10: int, d10: int) -> str:
    """Table 11: the first d10 picks the list (1-5 first, 6-10 second), the second reads it."""
    half = 0 if _die("Table 11 first roll", half_d10, 10) <= 5 else 1
    return SHIP_SYSTEMS[half][_die("Table 11 second roll", d10, 10) - 1]


def _exists(pick: object, has: Collection[str] | None) -> bool:
    # "If you roll a system which does not exist, roll again"; Other always exists.
    return has is None or pick == OTHER_SYSTEM or pick in has


def roll_vehicle_system(
    rng: random.Random, has: Collection[str] | None = None
) -> tuple[tuple[int, ...], str]:
    """Roll Table 9, rerolling systems not in ``has`` (None: every system exists).

    Returns every d10 rolled (rerolls included, for the log) and the system.
    """
    dice: list[int] = []
    while True:
        dice.append(rng.randint(1, 10))
        system = vehicle_system(dice[-1])
        if _exists(system, has):
            return tuple(dice), system


def roll_ship_system(
    rng: random.Random, has: Collection[str] | None = None
) -> tuple[tuple[int, ...], str]:
    """Roll Table 11 (two d10 per try), rerolling systems not in ``has``."""
    dice: list[int] = []
    while True:
        dice += [rng.randint(1, 10), rng.randint(1, 10)]
        system = ship_system(dice[-2], dice[-1])
        if _exists(system, has):
            return tuple(dice), system


@record
class SystemFailure:
    """What Table 10 does to a failed system, with the numbers worked out for this CD."""

    system: str
    kind: FailureKind
    critical_damage: int
    atk_dmg: int | None  # Atk and Dmg against whoever uses the system; None for a failure
    explosive: bool  # Dmg is explosive ("CDx10x"): use explosions.blast_rings
    repair_difficulty: int
    extinguish_difficulty: int | None  # a fire burns until put out, Dif = CD
    fire_chance: Fraction  # a blow-out catches fire half the time; a fire is already one
    dice: tuple[int, ...]  # the rolls that chose the system, then the d8 (then a d2, see below)
    blow_out_fire: bool | None = None  # a blow-out's 50% fire, once rolled; None otherwise

    @property
    def blast(self) -> tuple[int, ...]:
        """Damage ring by ring for an explosion (empty otherwise)."""
        return blast_rings(self.atk_dmg) if self.explosive and self.atk_dmg else ()

    def describe(self) -> str:
        text = f"{self.system}: {self.kind}"
        if self.atk_dmg is not None:
            x = "x" if self.explosive else ""
            text += f", its user defends vs Atk {self.atk_dmg}, Dmg {self.atk_dmg}{x}"
        if self.extinguish_difficulty is not None:
            text += f", Dif {self.extinguish_difficulty} to put out"
        if self.kind is FailureKind.BLOW_OUT:
            text += {
                None: ", 50% chance it catches fire",
                True: ", and it catches fire",
                False: ", no fire",
            }[self.blow_out_fire]
        return text + f"; repair Dif {self.repair_difficulty}"


def failure_effect(
    d8: int,
    critical_damage: int,
    system: str = "",
    dice: tuple[int, ...] = (),
    *,
    blow_out_fire: bool | None = None,
) -> SystemFailure:
    """Table 10 for a d8 and the vessel's CD (Halberd: 5 at 6 CD = fire, Atk/Dmg 12, Dif 6 to
    put out, Dif 12 to repair). ``blow_out_fire`` is the result of a blow-out's 50% fire
    chance, if known: a blow-out that catches fire also gets the fire's Dif (CD) to put out."""
    roll = _die("Table 10 roll", d8, 8)
    cd = whole_number("critical damage", critical_damage, minimum=1)
    row = next(r for r in SYSTEM_FAILURE_TABLE if r.low <= roll <= r.high)
    if row.kind is not FailureKind.BLOW_OUT:
        blow_out_fire = None
    burning = row.kind is FailureKind.FIRE or blow_out_fire is True
    return SystemFailure(
        system=system,
        kind=row.kind,
        critical_damage=cd,
        atk_dmg=None if row.atk_dmg_times is None else cd * row.atk_dmg_times,
        explosive=row.explosive,
        repair_difficulty=cd * row.repair_times,
        extinguish_difficulty=cd if burning else None,
        fire_chance={FailureKind.FIRE: Fraction(1), FailureKind.BLOW_OUT: Fraction(1, 2)}.get(
            row.kind, Fraction(0)
        ),
        dice=(*dice, roll),
        blow_out_fire=blow_out_fire,
    )


def roll_system_failure(
    critical_damage: int,
    rng: random.Random,
    *,
    ship: bool = False,
    has: Collection[str] | None = None,
) -> SystemFailure:
    """Roll the failed system (Table 9, or 11 for a ship), its effect (Table 10) and, for a
    blow-out, the 50% chance of fire (a d2: 1 = fire, appended to ``dice``)."""
    whole_number("critical damage", critical_damage, minimum=1)
    dice, system = (roll_ship_system if ship else roll_vehicle_system)(rng, has)
    d8 = rng.randint(1, 8)
    if not 6 <= d8 <= 7:
        return failure_effect(d8, critical_damage, system, dice)
    d2 = rng.randint(1, 2)
    failure = failure_effect(d8, critical_damage, system, dice, blow_out_fire=d2 == 1)
    return replace(failure, dice=(*failure.dice, d2))


# ----- hits and checks ----------------------------------------------------------------------


class VesselCheckKind(StrEnum):
    HULL_BREACH = "hull breach"
    SYSTEM_FAILURE = "system failure"


@record
class VesselCheck:
    """A check the crew rolls, with the combined rating and its exact chance."""

    kind: VesselCheckKind
    rating: Rating  # already combined (cat)
    difficulty: int
    chance_success: Fraction

    def describe(self) -> str:
        return f"{self.kind}: roll {self.rating} vs {self.difficulty}"


def _combined(base: Rating, skill: Rating | None, what: str) -> Rating:
    if not isinstance(base, Rating) or (skill is not None and not isinstance(skill, Rating)):
        raise RulesError(f"{what}: expected ratings such as 6M and 10L")
    return base if skill is None else combine_cat(base, skill)


def hull_breach_check(
    armor: Rating, repair_hull: Rating | None, critical_damage: int
) -> VesselCheck:
    """Armor (without shields) combined (cat) with repair hull, vs 5 x CD."""
    cd = whole_number("critical damage", critical_damage, minimum=1)
    rating = _combined(armor, repair_hull, "hull breach")
    return VesselCheck(
        VesselCheckKind.HULL_BREACH, rating, 5 * cd, chance_at_least(rating, 5 * cd)
    )


def system_failure_check(
    vessel: Rating, damage_control: Rating | None, critical_damage: int
) -> VesselCheck:
    """The vessel's rating combined (cat) with damage control, vs 5 x CD (Halberd: 6M with
    10L is 8M, vs 30 at 6 CD)."""
    cd = whole_number("critical damage", critical_damage, minimum=1)
    rating = _combined(vessel, damage_control, "system failure")
    return VesselCheck(
        VesselCheckKind.SYSTEM_FAILURE, rating, 5 * cd, chance_at_least(rating, 5 * cd)
    )


@record
class VesselCondition:
    """A vessel's damage, counted in its own type's points, and whether it is cascading."""

    hull_points: int
    damage: int = 0
    type: RatingType = RatingType.V
    cascading: bool = False  # a system failed: a system-failure check is due every round

    def __post_init__(self) -> None:
        whole_number("hull points", self.hull_points)
        whole_number("damage", self.damage)
        if not isinstance(self.type, RatingType) or self.type is RatingType.B:
            raise RulesError(f"vessel type must be Personal, Vehicle, Ship ..., not {self.type}")

    @property
    def critical_damage(self) -> int:
        """Damage above the hull points (0 when none): the Dif base of every check."""
        return max(0, self.damage - self.hull_points)

    @property
    def system_failure_due_each_round(self) -> bool:
        """Cascade failure: checks go on round after round until one succeeds."""
        return self.cascading and self.critical_damage > 0


@record
class VesselHit:
    """The outcome of one hit on a vessel."""

    condition: VesselCondition
    damage_in_type: int  # the hit in the vessel's type points
    wounding: int  # after the armor roll
    checks_due: tuple[VesselCheckKind, ...]  # hull breach and system failure, if CD exists


def hit_vessel(
    condition: VesselCondition,
    damage: int,
    armor_result: int,
    *,
    damage_type: RatingType | None = None,
) -> VesselHit:
    """Apply a hit: convert ``damage`` (in ``damage_type`` points; default the vessel's type)
    to the vessel's type, take off the armor roll (in the vessel's type points), add it up.

    An armor check was made, so while CD exists both checks are due (Halberd: HP 24, 32
    damage, armor 2: 30 damage, 6 CD, hull breach and system failure checks).
    """
    if not isinstance(condition, VesselCondition):
        raise RulesError(f"expected a VesselCondition, not {condition!r}")
    source = condition.type if damage_type is None else damage_type
    converted = convert_damage(whole_number("damage", damage), source, condition.type)
    wounding = max(0, converted - whole_number("armor result", armor_result))
    after = replace(condition, damage=condition.damage + wounding)
    due = (
        (VesselCheckKind.HULL_BREACH, VesselCheckKind.SYSTEM_FAILURE)
        if after.critical_damage > 0 else ()
    )
    return VesselHit(after, converted, wounding, due)


def checks_at_damage(before_cd: int, after_cd: int, *,
                     armor_check: bool) -> tuple[VesselCheckKind, ...]:
    """The checks damage makes due on a character's vessel: a hull-breach check, and with it
    a system-failure check, when critical damage first occurs, and again whenever an armor
    check is made while critical damage exists (never merely because a round passes)."""
    before = whole_number("critical damage before", before_cd)
    after = whole_number("critical damage after", after_cd)
    if after > 0 and (before == 0 or armor_check):
        return (VesselCheckKind.HULL_BREACH, VesselCheckKind.SYSTEM_FAILURE)
    return ()


def after_system_failure_check(condition: VesselCondition, success: bool) -> VesselCondition:
    """A failed check starts (or continues) cascade failure and the console rolls the failed
    system; a successful one ends the cascade."""
    if condition.critical_damage == 0:
        raise RulesError("no system-failure check is due: the vessel has no critical damage")
    return replace(condition, cascading=not success)
