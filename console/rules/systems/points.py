"""The awarder's units for the seeds' other systems (issue 18): what a GM awards, what the
points buy, and the pools a mission refills. MetaScape's own AP are ``advancement`` and
``ap_awards``.

- **Metalface** (seed 000, Advancement): success points (SP), 2 for each successful action
  roll and 5 to 10 for each performance. "Success points may be used to improve the skills
  or values": a skill point costs 10 SP and a value point 30 (the table's "awarded every"),
  spent when a character has completed a mission ("advancement occurs when a character has
  completed a mission"): SP earned since wait for the next mission's end. Faith and
  Blessing are pools as large as the character's values, one point a use, fully returned at
  the end of every mission.
- **Façade** (seed 002, Extra Points): EP awarded for experience, 3 to 10 a game by the
  book's advice (a new character rounds out with 50); each EP is traded for 1 AP, 2 SP or
  1 BP, whole EP only, whenever the GM allows.
- **d10 pool** (seed 003): its rules give no advancement, so the awarder keeps the GM's own
  points and says so.
"""

from __future__ import annotations

from collections.abc import Callable

from console.records import record
from console.rules.errors import RulesError
from console.rules.limits import Range
from console.rules.systems.metalface import faith_bonus

__all__ = [
    "ALL_GAINS",
    "ALL_POOLS",
    "POINTS_RULES",
    "POOL_SIZE",
    "AwardRule",
    "PointsRules",
    "Pool",
    "Trade",
    "points_rules",
]


@record
class AwardRule:
    """One kind of award: the GM types a number in ``typed``. Either he counts something,
    ``per`` (successful actions), each worth ``each`` points, or he types the points
    themselves (``per`` empty)."""

    key: str
    label: str
    typed: Range
    each: int = 1
    per: str = ""  # what is counted, one of it: "successful action"
    advice: str = ""

    def points(self, typed: int) -> int:
        return self.typed.check(typed, self.label) * self.each

    def counted(self, typed: int) -> str:
        """"1 successful action", "3 successful actions"."""
        return f"{typed} {self.per}{'s' if typed != 1 else ''}"


@record
class Trade:
    """What points buy: ``gives`` of ``label`` for ``cost`` points (Façade: 2 SP for 1 EP;
    Metalface: 1 skill point for 10 SP)."""

    key: str
    label: str
    name: str
    gives: int = 1
    cost: int = 1

    def rate(self, unit: str) -> str:
        return f"{self.gives} {self.label} for {self.cost} {unit}"


@record
class Pool:
    """A value spent one point a use and refilled at a mission's end (Faith, Blessing)."""

    key: str
    label: str
    use: str  # what one use does, for the form
    bonus: Callable[[int], int] | None = None  # a use rolls a d6 for a bonus (a faith roll)


@record
class PointsRules:
    """One system's awarder: its unit, its awards, and what the points bring."""

    name: str  # its key in SYSTEMS: "metalface"
    system: str  # its title: "Metalface"
    unit: str  # "SP"
    unit_name: str  # "success points"
    awards: tuple[AwardRule, ...]
    trades: tuple[Trade, ...] = ()
    spend_after_mission: bool = False  # points earned are spent once a mission is completed
    pools: tuple[Pool, ...] = ()
    per_session: tuple[int, int] | None = None  # the book's advice for one session
    source: str = ""

    @property
    def missions(self) -> bool:
        """Whether a mission's end means anything here (points freed, pools refilled)."""
        return bool(self.spend_after_mission or self.pools)

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

    def trade_cost(self, trade: Trade, wanted: int) -> int:
        """The points ``wanted`` of the trade's unit cost, whole lots only (4 SP cost 2 EP;
        3 SP cannot be bought: 1 EP gives 2)."""
        if wanted < 1:
            raise RulesError(f"{trade.label}: at least 1, not {wanted}")
        lots, odd = divmod(wanted, trade.gives)
        if odd:
            raise RulesError(f"{trade.label} come {trade.gives} for {trade.cost} {self.unit}: "
                             f"{lots * trade.gives} or {(lots + 1) * trade.gives}, not {wanted}")
        return lots * trade.cost

    def affordable(self, trade: Trade, points: int) -> int:
        """How many of the trade's unit ``points`` buy."""
        return max(points, 0) // trade.cost * trade.gives


SUCCESSFUL_ACTIONS = Range(1, 50, "successful action rolls at once")
PERFORMANCE = Range(5, 10, "SP for one performance, the book's 5 to 10")
EXTRA_POINTS = Range(1, 50, "EP in one award: 3-10 a game; 50 rounds out a new character")
PLAIN_POINTS = Range(1, 1_000, "points in one award")
POOL_SIZE = Range(0, 20, "uses a mission: the character's value")

METALFACE_POINTS = PointsRules(
    name="metalface", system="Metalface", unit="SP", unit_name="success points",
    awards=(
        AwardRule("action", "successful actions", SUCCESSFUL_ACTIONS, each=2,
                  per="successful action", advice="2 SP for each successful action roll"),
        AwardRule("performance", "performance", PERFORMANCE,
                  advice="5-10 SP for acting out the character's nature"),
    ),
    trades=(Trade("skill_point", "skill point", "skill points", cost=10),
            Trade("value_point", "value point", "value points", cost=30)),
    spend_after_mission=True,
    pools=(Pool("faith", "Faith", "a faith roll: one d6, +0/+1/+2 to the skill", faith_bonus),
           Pool("blessing", "Blessing", "a reroll of any roll made by or at him")),
    source="Metalface, Advancement; Faithfulness Rolls; Blessing",
)

FACADE_POINTS = PointsRules(
    name="facade", system="Façade", unit="EP", unit_name="extra points",
    awards=(AwardRule("ep", "EP", EXTRA_POINTS,
                      advice="3-10 EP a game is the book's advice"),),
    trades=(Trade("ap", "AP", "attribute points"), Trade("sp", "SP", "skill points", gives=2),
            Trade("bp", "BP", "background points")),
    per_session=(3, 10),
    source="Façade, Extra Points; Advancement",
)

D10POOL_POINTS = PointsRules(
    name="d10pool", system="the d10 pool", unit="points", unit_name="points",
    awards=(AwardRule("points", "points", PLAIN_POINTS,
                      advice="the d10 pool's rules set no awards: these are the GM's own"),),
    source="the d10 pool's rules give no advancement",
)

POINTS_RULES: dict[str, PointsRules] = {
    "metalface": METALFACE_POINTS, "facade": FACADE_POINTS, "d10pool": D10POOL_POINTS,
}

# Every key a sheet may hold, whatever its campaign plays (the model checks against these).
ALL_GAINS = frozenset(t.key for r in POINTS_RULES.values() for t in r.trades)
ALL_POOLS = frozenset(p.key for r in POINTS_RULES.values() for p in r.pools)


def points_rules(system: str) -> PointsRules:
    """The awarder of a system other than MetaScape (whose AP have their own screen)."""
    found = POINTS_RULES.get(system)
    if found is None:
        raise RulesError(f"{system!r} keeps AP, not points: its awards are the AP awarder's"
                         if system == "metascape" else f"no awarder for the system {system!r}")
    return found
