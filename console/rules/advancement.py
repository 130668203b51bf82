"""Adventure points, rank (Table 8), ability improvement and Dha money.

Rule Book: Adventure Points, Advancement (Rank Improvement Rolls), Guild Currency.
Everything here is pure: ledgers are immutable and every function returns new values.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from console.records import record
from console.rules.difficulty import Outcome, judge
from console.rules.errors import RulesError
from console.rules.odds import chance_at_least
from console.rules.ratings import Rating

__all__ = [
    "MAX_RANK",
    "RANK_BANDS",
    "RANK_IMPROVEMENT_RATING",
    "STARTING_AP",
    "AbilityImprovement",
    "ApLedger",
    "RankImprovement",
    "RankUp",
    "SalvageSplit",
    "ap_for_rank",
    "award",
    "handicap",
    "improve_ability",
    "improvement_cost",
    "mission_allowance",
    "rank_for_ap",
    "rank_improvement_chance",
    "rank_improvement_roll",
    "rank_title",
    "rank_up",
    "resolve_rank_improvement",
    "spend",
    "split_salvage",
    "starting_ledger",
]

# Table 8 as data: (first rank, last rank, AP added per rank in the band).
RANK_BANDS: tuple[tuple[int, int, int], ...] = ((1, 10, 100), (11, 20, 200), (21, 30, 300))
MAX_RANK = RANK_BANDS[-1][1]
STARTING_AP = 100
RANK_IMPROVEMENT_RATING = Rating.parse("10L")


def _thresholds() -> tuple[int, ...]:
    needed = [0]
    for first, last, step in RANK_BANDS:
        for _ in range(first, last + 1):
            needed.append(needed[-1] + step)
    return tuple(needed)


# _AP_NEEDED[n] is the AP Total at which rank n is reached (index 0 is the Initiate).
_AP_NEEDED = _thresholds()


def _whole(name: str, amount: object, *, minimum: int = 0) -> int:
    # bool is an int subclass; True AP would be a UI bug, not a number.
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise RulesError(f"{name} must be a whole number, not {amount!r}")
    if amount < minimum:
        raise RulesError(f"{name} must be {minimum} or more, not {amount}")
    return amount


def ap_for_rank(rank: int) -> int:
    """AP Total needed for ``rank`` (Table 8); the table stops at rank 30."""
    _whole("rank", rank)
    if rank > MAX_RANK:
        raise RulesError(f"Table 8 stops at rank {MAX_RANK}; there is no rank {rank}")
    return _AP_NEEDED[rank]


def rank_for_ap(total: int, *, missions_completed: int) -> int:
    """Rank for an AP Total (Table 8), capped at rank 30 where the table ends.

    A character who has not yet completed a mission is rank 0 whatever his AP.
    """
    _whole("AP Total", total)
    _whole("missions completed", missions_completed)
    if missions_completed == 0:
        return 0
    rank = 0
    while rank < MAX_RANK and _AP_NEEDED[rank + 1] <= total:
        rank += 1
    return rank


def rank_title(rank: int) -> str:
    """Table 8's name for a rank: "Initiate" for 0, else "Rank-n"."""
    ap_for_rank(rank)  # validates
    return "Initiate" if rank == 0 else f"Rank-{rank}"


@record
class ApLedger:
    """AP Total (only ever grows, sets rank) and Unused AP (spent like cash)."""

    total: int
    unused: int

    def __post_init__(self) -> None:
        _whole("AP Total", self.total)
        _whole("Unused AP", self.unused)


def starting_ledger(player_rank: int) -> ApLedger:
    """A new character: 100 AP plus 1 per player rank, in both boxes."""
    start = STARTING_AP + _whole("player rank", player_rank)
    return ApLedger(start, start)


def award(ledger: ApLedger, amount: int) -> ApLedger:
    """An award adds to both Unused AP and AP Total."""
    _whole("award", amount)
    return ApLedger(ledger.total + amount, ledger.unused + amount)


def handicap(ledger: ApLedger, amount: int) -> ApLedger:
    """AP from taking a handicap go to Unused AP only: they never count toward rank."""
    _whole("handicap AP", amount)
    return ApLedger(ledger.total, ledger.unused + amount)


def spend(ledger: ApLedger, amount: int) -> ApLedger:
    """Spend Unused AP; AP Total is never touched. No spending into the negatives."""
    _whole("AP to spend", amount)
    if amount > ledger.unused:
        raise RulesError(f"cannot spend {amount} AP: only {ledger.unused} Unused AP")
    return ApLedger(ledger.total, ledger.unused - amount)


@record
class RankUp:
    """Ranks reached between two ranks and the rank improvement rolls they grant."""

    old_rank: int
    new_rank: int

    def __post_init__(self) -> None:
        ap_for_rank(self.old_rank)
        ap_for_rank(self.new_rank)
        if self.new_rank < self.old_rank:
            raise RulesError(f"rank cannot fall from {self.old_rank} to {self.new_rank}")

    @property
    def ranks_reached(self) -> tuple[int, ...]:
        return tuple(range(self.old_rank + 1, self.new_rank + 1))

    @property
    def improvement_rolls(self) -> int:
        # Each new rank reached grants as many rolls as that rank (1 at rank one, 2 at two...).
        return sum(self.ranks_reached)


def rank_up(old_rank: int, new_rank: int) -> RankUp:
    """The rank-up (possibly none) from ``old_rank`` to ``new_rank``."""
    return RankUp(old_rank, new_rank)


def improvement_cost(value: int | Rating, ic: int) -> int:
    """AP to improve an ability by +1d: its value plus its improvement cost (6M Dex, IC 20: 32).

    Also the difficulty of a rank improvement roll on that ability.
    """
    _whole("improvement cost (IC)", ic)
    if isinstance(value, Rating):
        if value.value.denominator != 1:
            raise RulesError(f"{value} has a fractional value ({value.value}); give a whole one")
        value = int(value.value)
    return _whole("ability value", value) + ic


def rank_improvement_chance(cost: int) -> Fraction:
    """Exact chance that a rank improvement roll (10L) reaches the ability's AP cost."""
    return chance_at_least(RANK_IMPROVEMENT_RATING, _whole("AP cost", cost, minimum=1))


def resolve_rank_improvement(result: int, cost: int) -> Outcome:
    """Judge the player's 10L roll against the AP cost. Ties succeed; criticals change nothing.

    A success learns the ability or improves it by +1d at no AP; a failure loses the roll.
    """
    return judge(_whole("roll result", result), _whole("AP cost", cost, minimum=1))


@record
class RankImprovement:
    """One rank improvement roll: the outcome and the abilities improved this mission."""

    ability: str
    outcome: Outcome
    improved_this_mission: frozenset[str]

    @property
    def success(self) -> bool:
        return self.outcome.success


def rank_improvement_roll(
    ability: str, cost: int, result: int, improved_this_mission: Iterable[str] = ()
) -> RankImprovement:
    """A free roll on ``ability``: refused if it was already improved this mission.

    On success the ability joins the improved set (+1d or learned); a failure costs nothing.
    """
    done = _fresh(ability, improved_this_mission)
    outcome = resolve_rank_improvement(result, cost)
    return RankImprovement(ability, outcome, done | {ability} if outcome.success else done)


def _fresh(ability: str, improved_this_mission: Iterable[str]) -> frozenset[str]:
    if not isinstance(ability, str) or not ability.strip():
        raise RulesError(f"ability must be a name, not {ability!r}")
    # A bare string would iterate as letters, so it is refused with the other non-collections.
    if isinstance(improved_this_mission, str) or not isinstance(improved_this_mission, Iterable):
        raise RulesError(
            f"abilities improved this mission must be a collection of names, not "
            f"{improved_this_mission!r}"
        )
    try:
        done = frozenset(improved_this_mission)
    except TypeError:
        raise RulesError(f"ability names must be text: {improved_this_mission!r}") from None
    if ability in done:
        raise RulesError(f"{ability} was already improved this mission; wait for the next one")
    return done


@record
class AbilityImprovement:
    """The ledger after paying for +1d and the abilities improved so far this mission."""

    ledger: ApLedger
    cost: int
    improved_this_mission: frozenset[str]


def improve_ability(
    ledger: ApLedger,
    ability: str,
    value: int | Rating,
    ic: int,
    improved_this_mission: Iterable[str] = (),
) -> AbilityImprovement:
    """Pay value + IC from Unused AP for +1d; once per ability per mission."""
    done = _fresh(ability, improved_this_mission)
    cost = improvement_cost(value, ic)
    if cost > ledger.unused:
        raise RulesError(f"improving {ability} costs {cost} AP: only {ledger.unused} Unused AP")
    return AbilityImprovement(spend(ledger, cost), cost, done | {ability})


def mission_allowance(base: int, per_rank: int, rank: int, fraction: Fraction | int = 1) -> int:
    """Dha pay after a mission: (base + per-rank x rank) x fraction, fraction from 1/2 to 1.

    Credits are whole; a scaled allowance is rounded down to the credit (the book is silent,
    and Dha is not generous with fractions of a credit).
    """
    _whole("allowance base", base)
    _whole("allowance per rank", per_rank)
    ap_for_rank(rank)
    if isinstance(fraction, bool) or not isinstance(fraction, int | Fraction):
        raise RulesError(f"allowance fraction must be exact (a Fraction), not {fraction!r}")
    if not Fraction(1, 2) <= fraction <= 1:
        raise RulesError(f"allowance fraction must be from 1/2 to 1, not {fraction}")
    full = base + per_rank * rank
    return int(full * Fraction(fraction))  # floor: everything is non-negative


@record
class SalvageSplit:
    """How one lot of salvage is divided at debriefing."""

    team: int
    dha: int
    team_kept_after: int


def split_salvage(value: int, allowance_total: int, already_kept: int = 0) -> SalvageSplit:
    """Team keeps half (rounded down) until its share equals its mission allowance; Dha the rest.

    ``allowance_total`` is the team's mission allowances added up; ``already_kept`` is what the
    team has kept of earlier lots this mission.
    """
    _whole("salvage value", value)
    _whole("team allowance", allowance_total)
    _whole("salvage already kept", already_kept)
    room = max(allowance_total - already_kept, 0)
    team = min(value // 2, room)
    return SalvageSplit(team, value - team, already_kept + team)
