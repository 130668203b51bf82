"""The points of a campaign playing another system than MetaScape (issue 18), as stored.

A PC's sheet keeps :class:`SystemPoints`: whose system's points they are, the points he has
earned, those spent, those earned by his last completed mission (Metalface's SP are spent
then), what they bought (skill points, SP, ...), his pools' sizes (Faith, Blessing) and what
he has used of them this mission. A session keeps its :class:`PointsEntry` records (each
with its system): the awards made in it, the trades, the missions completed and the pool
uses, for its summary and for taking an award back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field, replace
from enum import StrEnum
from typing import Any

from console.model.errors import ModelError
from console.model.fields import check_keys, need_choice, need_int, need_mapping, need_str
from console.model.text import need_line
from console.records import record
from console.rules.systems.points import ALL_GAINS, ALL_POOLS, POINTS_RULES

__all__ = ["EntryKind", "PointsEntry", "SystemPoints"]


def _counts(data: object, what: str, known: frozenset[str]) -> dict[str, int]:
    raw = need_mapping(data, what)
    counts: dict[str, int] = {}
    for key, value in raw.items():
        if key not in known:
            raise ModelError(f"{what}: unknown {key!r} (known: {', '.join(sorted(known))})")
        count = need_int(value, f"{what}: {key}", minimum=0)
        if count:
            counts[key] = count  # zero is the same as absent: one form only, for equality
    return counts


@record
class SystemPoints:
    """One PC's points: ``system`` (whose; "" before the first), ``earned`` in all,
    ``spent`` on trades, ``counted`` (earned by his last completed mission), ``gained`` (what
    the trades bought), ``pools`` (sizes) and ``used`` (this mission)."""

    system: str = ""
    earned: int = 0
    spent: int = 0
    counted: int = 0
    gained: Mapping[str, int] = field(default_factory=dict)
    pools: Mapping[str, int] = field(default_factory=dict)
    used: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if need_str(self.system, "points: system") and self.system not in POINTS_RULES:
            raise ModelError(f"points: system {self.system!r} is not one of "
                             f"{', '.join(POINTS_RULES)}")
        need_int(self.earned, "points earned", minimum=0)
        need_int(self.spent, "points spent", minimum=0)
        need_int(self.counted, "points counted", minimum=0)
        if self.spent > self.earned:
            raise ModelError(f"points spent ({self.spent}) exceed those earned ({self.earned})")
        if self.counted > self.earned:
            raise ModelError(f"points counted ({self.counted}) exceed those earned "
                             f"({self.earned})")
        rules = POINTS_RULES.get(self.system)
        if rules is not None and rules.spend_after_mission and self.spent > self.counted:
            raise ModelError(f"points spent ({self.spent}) exceed those of completed missions "
                             f"({self.counted})")
        object.__setattr__(self, "gained", _counts(self.gained, "points gained", ALL_GAINS))
        object.__setattr__(self, "pools", _counts(self.pools, "pools", ALL_POOLS))
        used = _counts(self.used, "pools used", ALL_POOLS)
        for key, count in used.items():
            if count > self.pools.get(key, 0):
                raise ModelError(f"{key} used {count} times, more than the pool's "
                                 f"{self.pools.get(key, 0)}")
        object.__setattr__(self, "used", used)

    def left(self, pool: str) -> int:
        return self.pools.get(pool, 0) - self.used.get(pool, 0)

    def with_changes(self, **changes: Any) -> SystemPoints:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return {"system": self.system, "earned": self.earned, "spent": self.spent,
                "counted": self.counted,
                "gained": dict(self.gained), "pools": dict(self.pools),
                "used": dict(self.used)}

    @classmethod
    def from_dict(cls, data: object) -> SystemPoints:
        raw = need_mapping(data, "points")
        check_keys(raw, "points", {"system", "earned", "spent", "counted", "gained", "pools",
                                   "used"}, set())
        return cls(raw.get("system", ""), raw.get("earned", 0), raw.get("spent", 0),
                   raw.get("counted", 0), raw.get("gained", {}), raw.get("pools", {}),
                   raw.get("used", {}))


class EntryKind(StrEnum):
    AWARD = "award"  # what: the award's key; points: earned; count: the number typed
    TRADE = "trade"  # what: the trade's key; points: spent; count: what they bought
    MISSION = "mission"  # a mission completed; points: what he may spend now
    POOL = "pool"  # what: the pool's key; count: the bonus it gave (a faith roll's)


@record
class PointsEntry:
    """One line of a session's points record, in its system's units."""

    system: str
    pc_id: int
    kind: EntryKind
    what: str
    points: int = 0
    count: int = 0
    reason: str = ""

    def __post_init__(self) -> None:
        if need_str(self.system, "points entry: system") not in POINTS_RULES:
            raise ModelError(f"points entry: system {self.system!r} is not one of "
                             f"{', '.join(POINTS_RULES)}")
        need_int(self.pc_id, "points entry: PC id", minimum=1)
        object.__setattr__(self, "kind",
                           need_choice(self.kind, EntryKind, "points entry: kind"))
        need_line(self.what, "points entry: what")
        need_int(self.points, "points entry: points", minimum=0)
        need_int(self.count, "points entry: count", minimum=0)
        need_line(self.reason, "points entry: reason")

    def to_dict(self) -> dict[str, Any]:
        return {"system": self.system, "pc_id": self.pc_id, "kind": self.kind.value,
                "what": self.what, "points": self.points, "count": self.count,
                "reason": self.reason}

    @classmethod
    def from_dict(cls, data: object) -> PointsEntry:
        raw = need_mapping(data, "points entry")
        check_keys(raw, "points entry", {"system", "pc_id", "kind", "what", "points", "count",
                                         "reason"}, {"system", "pc_id", "kind", "what"})
        return cls(raw["system"], raw["pc_id"], raw["kind"], raw["what"], raw.get("points", 0),
                   raw.get("count", 0), raw.get("reason", ""))
