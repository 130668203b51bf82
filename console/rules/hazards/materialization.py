"""Materialization (Rule Book: Hazards, Materialization; Table 27).

Partly materializing inside something does damage by the share of the body inside it;
only natural armor (NAR) resists it. With the head or chest inside, the victim also makes
suffocation rolls (start :mod:`suffocation` with ``"no air"``).

Reading chosen: a share between rows takes the next row up (30% reads as 50%: the body
part is in or it is not, and the table's quarters are the smallest step).
"""

from __future__ import annotations

from console.records import record
from console.rules.errors import RulesError
from console.rules.hazards.common import DueCheck, check_count

__all__ = ["TABLE_27", "MaterializationHit", "armor_check", "damage", "materialize", "wounds"]

# Table 27: percent of body -> damage.
TABLE_27: tuple[tuple[int, int], ...] = ((25, 10), (50, 20), (75, 30), (100, 40))


@record
class MaterializationHit:
    percent: int
    damage: int
    suffocates: bool  # head or chest inside: suffocation rolls too


def damage(percent: int) -> int:
    """Table 27 damage for a share of the body (next row up between rows)."""
    check_count(percent, "percent of body", 1)
    if percent > 100:
        raise RulesError(f"percent of body must be 1 to 100, not {percent}")
    for top, dmg in TABLE_27:
        if percent <= top:
            return dmg
    raise AssertionError("Table 27 reaches 100%")  # pragma: no cover


def materialize(percent: int, *, head_or_chest: bool) -> MaterializationHit:
    """The damage and whether suffocation rolls follow."""
    return MaterializationHit(percent, damage(percent), bool(head_or_chest))


def armor_check(hit: MaterializationHit) -> DueCheck:
    """The natural armor roll against the damage."""
    return DueCheck("NAR", hit.damage, "materialization: natural armor only", key="armor")


def wounds(hit: MaterializationHit, nar_result: int) -> int:
    """Damage less the natural armor roll, never below 0."""
    return max(0, hit.damage - check_count(nar_result, "NAR roll"))
