"""Close-of-session AP awards: time, group bonus, adventure bonuses, journal, grab bag,
veteran's pocket, journal rotation and the preview table (Rule Book: Adventure Points).

Pure functions over immutable records; applying a preview is left to the caller.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import timedelta
from enum import Enum
from fractions import Fraction
from typing import TypeVar

from console.records import record
from console.rules.advancement import ApLedger, RankUp, award, rank_for_ap, rank_up
from console.rules.errors import RulesError

__all__ = [
    "GRAB_BAG_POINTS",
    "GROUP_BONUS_HOURLY_FACTOR",
    "JOURNAL_MAX",
    "JOURNAL_MIN",
    "AdventureBonus",
    "GrabBagAward",
    "GrabBagFairness",
    "PcState",
    "PlayerGrabBag",
    "PocketAward",
    "PreviewRow",
    "TimeRounding",
    "check_group_bonus",
    "check_veteran_pocket",
    "close_session",
    "grab_bag_fairness",
    "journal_award",
    "next_journal_reader",
    "time_ap",
]

GRAB_BAG_POINTS = (1, 2, 3)  # usual, unusually good, exceptional
GROUP_BONUS_HOURLY_FACTOR = 2  # group bonus ranges from 0 to twice the hourly rate
JOURNAL_MIN, JOURNAL_MAX = 1, 10
_HOUR = timedelta(hours=1)
_T = TypeVar("_T")


def _whole(name: str, amount: object, *, minimum: int = 0) -> int:
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise RulesError(f"{name} must be a whole number, not {amount!r}")
    if amount < minimum:
        raise RulesError(f"{name} must be {minimum} or more, not {amount}")
    return amount


def _name(what: str, text: object) -> str:
    if not isinstance(text, str) or not text.strip():
        raise RulesError(f"{what} must be a name, not {text!r}")
    return text


def _names(what: str, names: object) -> list[str]:
    # A bare string would iterate as letters, so it is refused like any non-list.
    if isinstance(names, str) or not isinstance(names, Iterable):
        raise RulesError(f"{what}s must be a list of names, not {names!r}")
    return [_name(what, n) for n in names]


def _all_of(kind: type[_T], what: str, items: Iterable[object]) -> tuple[_T, ...]:
    checked = tuple(items)
    for item in checked:
        if not isinstance(item, kind):
            raise RulesError(f"not a {what}: {item!r}")
    return checked  # type: ignore[return-value]


class TimeRounding(Enum):
    """How real play time becomes whole hours (1 AP each); the GM picks, the UI shows it."""

    DOWN = "down to the hour"
    UP = "up to the hour"
    NEAREST = "to the nearest hour, half an hour rounds up"


def time_ap(played: timedelta, rounding: TimeRounding) -> int:
    """Time award: 1 AP per hour of real play, rounded by ``rounding``."""
    if not isinstance(played, timedelta):
        raise RulesError(f"play time must be a timedelta, not {played!r}")
    if played < timedelta(0):
        raise RulesError(f"play time cannot be negative ({played})")
    if not isinstance(rounding, TimeRounding):
        raise RulesError(f"unknown rounding rule {rounding!r}")
    # Microseconds keep the arithmetic exact; no floats.
    whole, rest = divmod(played, _HOUR)
    round_up = {
        TimeRounding.DOWN: False,
        TimeRounding.UP: rest > timedelta(0),
        TimeRounding.NEAREST: rest * 2 >= _HOUR,
    }[rounding]
    return whole + round_up


def check_group_bonus(bonus: int, hourly_ap: int) -> int:
    """The group bonus, checked to lie from 0 to twice the hourly award (``time_ap``)."""
    _whole("group bonus", bonus)
    limit = GROUP_BONUS_HOURLY_FACTOR * _whole("hourly AP", hourly_ap)
    if bonus > limit:
        raise RulesError(
            f"group bonus {bonus} is over twice the hourly rate ({hourly_ap} h: at most {limit})"
        )
    return bonus


def journal_award(self_assessment: int, gm_award: int | None = None) -> int:
    """The reader's AP: his 1-10 self-assessment unless the GM sets another 1-10 figure."""
    marks = [("self-assessment", self_assessment)]
    if gm_award is not None:
        marks.append(("journal award", gm_award))
    for label, mark in marks:
        _whole(label, mark)
        if not JOURNAL_MIN <= mark <= JOURNAL_MAX:
            raise RulesError(f"{label} must be from {JOURNAL_MIN} to {JOURNAL_MAX}, not {mark}")
    return marks[-1][1]


def next_journal_reader(players: Sequence[str], history: Sequence[str]) -> str:
    """Who reads next: equal turns, a different person each week.

    Among the players (the last session's reader excluded when anyone else is there), pick
    the one with the fewest readings so far; ties go to whoever read longest ago (never
    having read counts as longest), then to the earlier place in ``players``.
    Readers in ``history`` (oldest first) who have left the table are ignored.
    """
    players = _names("player", players)
    history = _names("journal reader", history)
    if not players:
        raise RulesError("no players to choose a journal reader from")
    if len(set(players)) != len(players):
        raise RulesError("a player is listed twice")
    candidates = [p for p in players if not history or p != history[-1]] or list(players)

    def key(item: tuple[int, str]) -> tuple[int, int, int]:
        place, player = item
        readings = history.count(player)
        last = max((i for i, r in enumerate(history) if r == player), default=-1)
        return readings, last, place

    return min(enumerate(candidates), key=key)[1]


@record
class AdventureBonus:
    """An AP bonus listed in the adventure, given to one PC."""

    pc: str
    amount: int
    reason: str

    def __post_init__(self) -> None:
        _name("PC", self.pc)
        _whole("adventure bonus", self.amount, minimum=1)


@record
class GrabBagAward:
    """A GM's grab-bag token: 1 AP, 2 for unusually good play, 3 for exceptional."""

    pc: str
    player: str
    points: int
    reason: str = ""

    def __post_init__(self) -> None:
        _name("PC", self.pc)
        _name("player", self.player)
        if isinstance(self.points, bool) or self.points not in GRAB_BAG_POINTS:
            raise RulesError(f"grab bag awards are 1, 2 or 3 AP, not {self.points!r}")


@record
class PocketAward:
    """Veteran's pocket: AP a ranked player hands to another player's PC."""

    veteran: str
    pc: str
    player: str
    amount: int
    reason: str = ""

    def __post_init__(self) -> None:
        _name("veteran", self.veteran)
        _name("PC", self.pc)
        _name("player", self.player)
        _whole("veteran's pocket award", self.amount, minimum=1)


def check_veteran_pocket(
    awards: Iterable[PocketAward], player_ranks: Mapping[str, int]
) -> tuple[PocketAward, ...]:
    """Check pocket awards: never to oneself, at most the veteran's player rank in all.

    What a veteran does not hand out is simply lost, so nothing is returned for it.
    """
    checked = tuple(awards)
    given: dict[str, int] = {}
    for a in checked:
        if not isinstance(a, PocketAward):
            raise RulesError(f"not a veteran's pocket award: {a!r}")
        if a.player == a.veteran:
            raise RulesError(f"{a.veteran} cannot give veteran's pocket AP to the PC of the "
                             f"same player ({a.pc})")
        rank = player_ranks.get(a.veteran, 0)
        _whole(f"player rank of {a.veteran}", rank)
        if rank == 0:
            raise RulesError(f"{a.veteran} is not a ranked player: no veteran's pocket")
        given[a.veteran] = given.get(a.veteran, 0) + a.amount
        if given[a.veteran] > rank:
            raise RulesError(
                f"{a.veteran} may hand out at most {rank} AP (player rank), not {given[a.veteran]}"
            )
    return checked


@record
class PlayerGrabBag:
    """One player's grab-bag tally."""

    player: str
    session_count: int
    session_points: int
    campaign_count: int
    campaign_points: int


@record
class GrabBagFairness:
    """Spread of grab-bag points and the pace against about one point per hour."""

    players: tuple[PlayerGrabBag, ...]
    session_points: int
    hours: Fraction
    points_per_hour: Fraction | None  # None when no time was played
    left_out: tuple[str, ...]  # players with nothing this session


def grab_bag_fairness(
    players: Sequence[str],
    session: Iterable[GrabBagAward],
    campaign: Iterable[GrabBagAward],
    played: timedelta,
) -> GrabBagFairness:
    """Tally per player for the session and the campaign (``campaign`` includes the session)."""
    if not isinstance(played, timedelta) or played < timedelta(0):
        raise RulesError(f"play time must be a non-negative timedelta, not {played!r}")
    session = _all_of(GrabBagAward, "grab bag award", session)
    campaign = _all_of(GrabBagAward, "grab bag award", campaign)
    rows = []
    for p in _names("player", players):
        mine = [a.points for a in session if a.player == p]
        ever = [a.points for a in campaign if a.player == p]
        rows.append(PlayerGrabBag(p, len(mine), sum(mine), len(ever), sum(ever)))
    points = sum(a.points for a in session)
    hours = Fraction(played // timedelta(microseconds=1), _HOUR // timedelta(microseconds=1))
    pace = points / hours if hours else None
    left_out = tuple(r.player for r in rows if r.session_count == 0)
    return GrabBagFairness(tuple(rows), points, hours, pace, left_out)


@record
class PcState:
    """A PC at the close of the session, before the awards."""

    pc: str
    player: str
    ledger: ApLedger
    missions_completed: int

    def __post_init__(self) -> None:
        _name("PC", self.pc)
        _name("player", self.player)
        _whole("missions completed", self.missions_completed)


@record
class PreviewRow:
    """One PC's line of the close-of-session table; nothing is applied."""

    pc: str
    player: str
    time: int
    group: int
    adventure: int
    journal: int
    grab_bag: int
    pocket: int
    total: int
    old_ledger: ApLedger
    new_ledger: ApLedger
    rank: RankUp

    @property
    def rank_improvement_rolls(self) -> int:
        return self.rank.improvement_rolls


def close_session(
    pcs: Sequence[PcState],
    played: timedelta,
    rounding: TimeRounding,
    group_bonus: int,
    adventure_bonuses: Iterable[AdventureBonus] = (),
    journal: tuple[str, int] | None = None,
    grab_bag: Iterable[GrabBagAward] = (),
    pocket: Iterable[PocketAward] = (),
    player_ranks: Mapping[str, int] | None = None,
    missions_completed_now: Iterable[str] = (),
) -> tuple[PreviewRow, ...]:
    """Preview every PC's awards, new AP and rank; nothing is applied.

    ``journal`` is (reader's PC, AP from ``journal_award``). ``missions_completed_now`` names
    the PCs who finish a mission this session, so a rank-0 character can reach rank 1.
    """
    pcs = _all_of(PcState, "PC state", pcs)
    names = [s.pc for s in pcs]
    if len(set(names)) != len(names):
        raise RulesError("a PC is listed twice")
    known = set(names)
    hourly = time_ap(played, rounding)
    check_group_bonus(group_bonus, hourly)
    bonuses = _all_of(AdventureBonus, "adventure bonus", adventure_bonuses)
    grabs = _all_of(GrabBagAward, "grab bag award", grab_bag)
    if player_ranks is not None and not isinstance(player_ranks, Mapping):
        raise RulesError(f"player ranks must map players to ranks, not {player_ranks!r}")
    pockets = check_veteran_pocket(pocket, player_ranks or {})
    finishing = frozenset(_names("PC completing a mission", missions_completed_now))
    players = {s.pc: s.player for s in pcs}
    for pc in [b.pc for b in bonuses] + [g.pc for g in grabs] + [p.pc for p in pockets]:
        if pc not in known:
            raise RulesError(f"an award names {pc!r}, who is not in this session")
    given: list[GrabBagAward | PocketAward] = [*grabs, *pockets]
    for g in given:
        if players[g.pc] != g.player:
            raise RulesError(f"{g.pc} is played by {players[g.pc]}, not {g.player}")
    if finishing - known:
        strangers = ", ".join(sorted(map(str, finishing - known)))
        raise RulesError(f"completing a mission but not in this session: {strangers}")
    reader_ap: dict[str, int] = {}
    if journal is not None:
        if not isinstance(journal, tuple) or len(journal) != 2:
            raise RulesError(f"journal must be (reader's PC, AP), not {journal!r}")
        reader, ap = journal
        if reader not in known:
            raise RulesError(f"journal reader {reader!r} is not in this session")
        reader_ap[reader] = journal_award(ap)
    rows = []
    for s in pcs:
        parts = (
            hourly,
            group_bonus,
            sum(b.amount for b in bonuses if b.pc == s.pc),
            reader_ap.get(s.pc, 0),
            sum(g.points for g in grabs if g.pc == s.pc),
            sum(p.amount for p in pockets if p.pc == s.pc),
        )
        total = sum(parts)
        new = award(s.ledger, total)
        after = s.missions_completed + (s.pc in finishing)
        old_rank = rank_for_ap(s.ledger.total, missions_completed=s.missions_completed)
        new_rank = rank_for_ap(new.total, missions_completed=after)
        rows.append(
            PreviewRow(s.pc, s.player, *parts, total, s.ledger, new, rank_up(old_rank, new_rank))
        )
    return tuple(rows)
