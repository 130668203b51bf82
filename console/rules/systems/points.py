"""The awarder's units for the seeds' other systems (issue 18): what a GM awards, what the
points bring, and the pools a mission refills. MetaScape's own AP are ``advancement`` and
``ap_awards``.

- **Metalface** (seed 000, Advancement): success points (SP), 2 for each successful action
  roll and 5 to 10 for each performance. The table "Awarded Every" is read as milestones
  on the SP a character has earned: +1 skill point every 10 SP and +1 value point every
  30 SP, both counted from the same total (30 SP bring 3 skill points and 1 value point),
  granted when a mission is completed ("advancement occurs when a character has completed a
  mission"). Faith and Blessing are pools as large as the character's values, one point a
  use, fully returned at the end of every mission.
- **Façade** (seed 002, Extra Points): EP awarded for experience, 3 to 10 a game by the
  book's advice (a new character rounds out with 50); each EP is traded for 1 AP, 2 SP or
  1 BP, whole EP only.
- **d10 pool** (seed 003): its rules give no advancement, so the awarder keeps the GM's own
  points and says so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from console.rules.errors import RulesError
from console.rules.limits import Range
from console.rules.systems.metalface import faith_bonus

__all__ = [
    "ALL_GAINS",
    "ALL_POOLS",
    "POINTS_RULES",
    "POOL_SIZE",
    "AwardRule",
    "Milestone",
    "PointsRules",
    "Pool",
    "Trade",
    "points_rules",
]


@dataclass(frozen=True, slots=True)
class AwardRule:
    """One kind of award: the GM types a number in ``typed``; it is worth ``each`` points
    apiece (2 SP per successful action; 1 when he types the points themselves)."""

    key: str
    label: str
    typed: Range
    each: int = 1
    advice: str = ""

    def points(self, typed: int) -> int:
        return self.typed.check(typed, self.label) * self.each


@dataclass(frozen=True, slots=True)
class Milestone:
    """Something granted every ``every`` points earned (Metalface's skill and value points)."""

    key: str
    label: str
    every: int

    def due(self, earned: int) -> int:
        """How many ``earned`` points have brought in all (the grants so far included)."""
        if earned < 0:
            raise RulesError(f"points earned cannot be negative, not {earned}")
        return earned // self.every


@dataclass(frozen=True, slots=True)
class Trade:
    """What one point is traded for: ``gives`` of ``label`` (Façade: 1 EP for 2 SP)."""

    key: str
    label: str
    name: str
    gives: int


@dataclass(frozen=True, slots=True)
class Pool:
    """A value spent one point a use and refilled at a mission's end (Faith, Blessing)."""

    key: str
    label: str
    use: str  # what one use does, for the form
    bonus: Callable[[int], int] | None = None  # a use rolls a d6 for a bonus (a faith roll)


@dataclass(frozen=True, slots=True)
class PointsRules:
    """One system's awarder: its unit, its awards, and what the points bring."""

    system: str
    unit: str  # "SP"
    unit_name: str  # "success points"
    awards: tuple[AwardRule, ...]
    milestones: tuple[Milestone, ...] = ()
    trades: tuple[Trade, ...] = ()
    pools: tuple[Pool, ...] = ()
    per_session: tuple[int, int] | None = None  # the book's advice for one session
    source: str = ""

    @property
    def missions(self) -> bool:
        """Whether a mission's end means anything here (milestones granted, pools refilled)."""
        return bool(self.milestones or self.pools)

    def award(self, key: str) -> AwardRule:
        for rule in self.awards:
            if rule.key == key:
                return rule
        raise RulesError(f"{key!r} is not an award in {self.system}: "
                         f"{', '.join(a.key for a in self.awards)}")

    def trade(self, key: str) -> Trade:
        for trade in self.trades:
            if trade.key == key:
                return trade
        known = ", ".join(t.label for t in self.trades) or "none"
        raise RulesError(f"{self.unit} are not traded for {key!r} in {self.system} "
                         f"(trades: {known})")

    def pool(self, key: str) -> Pool:
        for pool in self.pools:
            if pool.key == key:
                return pool
        raise RulesError(f"{self.system} has no {key!r} pool")

    def grants(self, earned: int, granted: Mapping[str, int]) -> dict[str, int]:
        """What a mission's end grants now: each milestone's count due from ``earned`` less
        what was ``granted`` before (never negative: what is given is given)."""
        return {m.key: max(m.due(earned) - granted.get(m.key, 0), 0) for m in self.milestones}

    def next_milestone(self, earned: int) -> tuple[Milestone, int] | None:
        """The nearest milestone and the points it still needs."""
        if not self.milestones:
            return None
        return min(((m, m.every - earned % m.every) for m in self.milestones),
                   key=lambda found: found[1])

    def trade_cost(self, trade: Trade, wanted: int) -> int:
        """Whole points for ``wanted`` of the trade's unit (2 SP cost 1 EP; 3 SP cannot be
        bought: 1 EP gives 2)."""
        if wanted < 1:
            raise RulesError(f"{trade.label}: at least 1, not {wanted}")
        lots, odd = divmod(wanted, trade.gives)
        if odd:
            raise RulesError(f"{trade.label} come {trade.gives} for 1 {self.unit}: "
                             f"{lots * trade.gives} or {(lots + 1) * trade.gives}, not {wanted}")
        return lots


SUCCESSFUL_ACTIONS = Range(1, 50, "successful action rolls at once")
PERFORMANCE = Range(5, 10, "SP for one performance, the book's 5 to 10")
EXTRA_POINTS = Range(1, 50, "EP in one award: 3-10 a game; 50 rounds out a new character")
PLAIN_POINTS = Range(1, 1_000, "points in one award")
POOL_SIZE = Range(0, 20, "uses a mission: the character's value")

METALFACE_POINTS = PointsRules(
    system="Metalface", unit="SP", unit_name="success points",
    awards=(
        AwardRule("action", "successful actions", SUCCESSFUL_ACTIONS, each=2,
                  advice="2 SP for each successful action roll"),
        AwardRule("performance", "performance", PERFORMANCE,
                  advice="5-10 SP for acting out the character's nature"),
    ),
    milestones=(Milestone("skill_point", "skill point", 10),
                Milestone("value_point", "value point", 30)),
    pools=(Pool("faith", "Faith", "a faith roll: one d6, +0/+1/+2 to the skill", faith_bonus),
           Pool("blessing", "Blessing", "a reroll of any roll made by or at him")),
    source="Metalface, Advancement; Faithfulness Rolls; Blessing",
)

FACADE_POINTS = PointsRules(
    system="Façade", unit="EP", unit_name="extra points",
    awards=(AwardRule("ep", "EP", EXTRA_POINTS,
                      advice="3-10 EP a game is the book's advice"),),
    trades=(Trade("ap", "AP", "attribute points", 1), Trade("sp", "SP", "skill points", 2),
            Trade("bp", "BP", "background points", 1)),
    per_session=(3, 10),
    source="Façade, Extra Points; Advancement",
)

D10POOL_POINTS = PointsRules(
    system="the d10 pool", unit="points", unit_name="points",
    awards=(AwardRule("points", "points", PLAIN_POINTS,
                      advice="the d10 pool's rules set no awards: these are the GM's own"),),
    source="the d10 pool's rules give no advancement",
)

POINTS_RULES: dict[str, PointsRules] = {
    "metalface": METALFACE_POINTS, "facade": FACADE_POINTS, "d10pool": D10POOL_POINTS,
}

# Every key a sheet may hold, whatever its campaign plays (the model checks against these).
ALL_GAINS = frozenset(m.key for r in POINTS_RULES.values() for m in r.milestones) | \
    frozenset(t.key for r in POINTS_RULES.values() for t in r.trades)
ALL_POOLS = frozenset(p.key for r in POINTS_RULES.values() for p in r.pools)


def points_rules(system: str) -> PointsRules:
    """The awarder of a system other than MetaScape (whose AP have their own screen)."""
    found = POINTS_RULES.get(system)
    if found is None:
        raise RulesError(f"{system!r} keeps AP, not points: its awards are the AP awarder's"
                         if system == "metascape" else f"no awarder for the system {system!r}")
    return found
