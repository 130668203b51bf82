"""Limit Pools (seed 002, Part 2: Limit Pools): Strain, Fatigue, Stress, Passion and
Exhaustion, what raises them in a fight, and what they do.

"Whenever the Pool of a category reaches that category attribute ... all rolls based on that
category or its specific attributes cannot be at a lower difficulty (e.g. at 8 Strain all
rolls involving Body, Strength, Stamina, or Health would be a minimum difficulty of 8) ...
When the category pool reaches double the category, all rolls involving that category or
its specific attributes automatically fail until the Pool level drops back down below
double the level." Stress is the exception: at double Mind, Mind rolls do not fail but are
at least at the Stress level, and "Further Stress gained goes instead to Passion".

"Whenever a player fails a roll unless otherwise noted he gains a level of whatever pool was
appropriate for the roll", and in a fight "impose Strain for using too-heavy weapons". The
seed gives too-heavy Strain no figure; the console's reading: each attack with a weapon
whose Str. is above the wielder's Strength gains the difference in Strain (a bow's damage
is reduced by that Strain, its footnote 2 says). A pool at 0 has no effect, even for a 0
category (the seed's 0 attribute already fails every active contest).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from console.records import record
from console.rules.errors import RulesError
from console.rules.facade_combat.traits import CATEGORY_OF, POOL_OF, POOLS

__all__ = ["POOL_MAX", "Effect", "Level", "add", "effect", "heavy_strain", "pool_for"]

POOL_MAX = 99


class Level(StrEnum):
    NONE = "none"
    FLOOR = "floor"  # rolls at least at the pool's level
    DOUBLED = "doubled"  # rolls fail (Stress: at least at its level, still)


@record
class Effect:
    pool: str
    level: Level
    floor: int = 0  # the least difficulty of the category's rolls (FLOOR; Stress doubled)
    text: str = ""

    @property
    def fails(self) -> bool:
        return self.level is Level.DOUBLED and self.pool != "Stress"


# What each pool does besides at double its category (the seed's own sentences, shortened).
_DOUBLED = {
    "Strain": "must sit down and rest, no physical actions; beyond double Body he passes out "
              "(Will adds to it, a point of Exhaustion a Body roll)",
    "Fatigue": "beyond double Action, very tired the next day: Action rolls worse by the "
               "excess",
    "Stress": "the Phuket Point: Mind rolls at least at the Stress level; more Stress goes "
              "to Passion",
    "Passion": "falls into an unthinking bout of whatever emotion fits",
    "Exhaustion": "has run out of juice: no Soul-based rolls",
}


def effect(pool: str, level: int, category: int) -> Effect:
    """What ``level`` points in ``pool`` do to a character with ``category`` in its
    category attribute."""
    if pool not in POOL_OF:
        raise RulesError(f"{pool}: the pools are {', '.join(POOLS.values())}")
    name = POOL_OF[pool]
    if level <= 0 or level < category:
        return Effect(pool, Level.NONE)
    if level < 2 * category:
        return Effect(pool, Level.FLOOR, level,
                      f"{pool} {level}: {name} rolls at least difficulty {level}")
    floor = level if pool == "Stress" else 0
    verb = "" if pool == "Stress" else f"{name} rolls fail; "
    return Effect(pool, Level.DOUBLED, floor, f"{pool} {level}: {verb}{_DOUBLED[pool]}")


def pool_for(attribute: str) -> str:
    """The pool a failed roll of this attribute (or category) raises: Grace -> Fatigue."""
    category = CATEGORY_OF.get(attribute, attribute)
    if category not in POOLS:
        raise RulesError(f"{attribute}: no attribute of Façade's")
    return POOLS[category]


def add(pools: Mapping[str, int], pool: str, points: int, mind: int) -> dict[str, int]:
    """``pools`` with ``points`` more of ``pool``: Stress beyond double Mind goes to
    Passion."""
    found = dict(pools)
    if pool == "Stress":
        room = max(0, 2 * mind - found.get("Stress", 0))
        kept = min(points, room)
        found["Stress"] = found.get("Stress", 0) + kept
        points -= kept
        pool = "Passion" if points else "Stress"
    if points:
        found[pool] = min(POOL_MAX, found.get(pool, 0) + points)
    return found


def heavy_strain(weapon_strength: int, strength: int) -> int:
    """Strain an attack costs with a weapon of this Str. (the console's reading, above)."""
    return max(0, weapon_strength - strength)
