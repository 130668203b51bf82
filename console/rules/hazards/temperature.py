"""Freezing and heat (Rule Book: Hazards, Freezing, Heat; Tables 23-26).

A character stands the cold (or heat) for as many rounds as his FR *value* (his unmodified
FR: the grace period). After that he rolls his FR, moved by the Table 24 (cold) or 26 (heat)
adjustments, vs the temperature's Dif, first as soon as the grace is over and then once per
the table's frequency. A failure wounds him by the amount of failure (12 vs 20 = 8 wounds).

Temperatures between rows (``INTERPOLATION_RULE``): no interpolation; the row of the most
severe printed temperature already reached applies (cold: the coldest row at or above the
actual temperature; heat: the hottest row at or below it). So -45 F reads as -40 F and
145 F as 140 F; the next row applies only once its temperature is reached. Milder than the
first row (above 30 F / below 100 F) is no hazard; beyond the last row (-200 F / 300 F) the
last row applies and ``beyond_table`` says so, for the GM to ad-lib.

Frequencies come in rounds or minutes, and the book gives no length of a round, so the two
are counted apart: :func:`nish` counts rounds (the grace, round frequencies) and
:func:`pass_minutes` counts minutes (minute frequencies); it is refused where checks come
every few rounds. Minutes passing also end the grace (FR-value rounds is taken to be well
under a minute) and count toward the next check from the start.

Table 25's 120 F row reads "10 rnd" between a "15 min" and a "5 min" row; kept as printed.
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum

from console.records import record
from console.rules.errors import RulesError
from console.rules.hazards.common import (
    DueCheck,
    Effect,
    EffectKind,
    HazardState,
    HazardStep,
    check_count,
    format_steps,
    judge_check,
    rounds_so_far,
    to_rating,
)
from console.rules.ratings import Rating

__all__ = [
    "FREEZING_MODIFIERS",
    "HEAT_MODIFIERS",
    "INTERPOLATION_RULE",
    "TABLE_23",
    "TABLE_25",
    "Frequency",
    "Kind",
    "TemperatureRow",
    "TemperatureState",
    "Unit",
    "apply",
    "change_temperature",
    "due",
    "end",
    "for_players",
    "grace_rounds",
    "lookup",
    "modified_fr",
    "modifier_steps",
    "nish",
    "pass_minutes",
    "start",
    "status",
]


INTERPOLATION_RULE = (
    "Between two rows of the table, the row of the most severe temperature already reached "
    "applies (-45 F uses the -40 F row; 145 F uses 140 F). Milder than the first row: no "
    "checks. Beyond the last row: the last row, and the GM may ad-lib."
)


class Kind(StrEnum):
    FREEZING = "freezing"
    HEAT = "heat"


class Unit(StrEnum):
    ROUNDS = "rounds"
    MINUTES = "minutes"


@record
class Frequency:
    every: int
    unit: Unit

    def __str__(self) -> str:
        return f"every {self.every} {self.unit}"


@record
class TemperatureRow:
    fahrenheit: int
    difficulty: int
    frequency: Frequency | None  # None: no checks at this temperature
    beyond_table: bool = False


def _row(temp: int, dif: int, every: int | None = None, unit: Unit = Unit.ROUNDS) -> TemperatureRow:
    return TemperatureRow(temp, dif, None if every is None else Frequency(every, unit))


_MIN, _RND = Unit.MINUTES, Unit.ROUNDS

# Table 23, mildest first.
TABLE_23: tuple[TemperatureRow, ...] = (
    _row(30, 0),
    _row(10, 3, 30, _MIN),
    _row(0, 5, 15, _MIN),
    _row(-10, 10, 10, _MIN),
    _row(-20, 12, 5, _MIN),
    _row(-30, 15, 2, _RND),
    _row(-40, 20, 2, _RND),
    _row(-50, 25, 2, _RND),
    _row(-75, 30, 2, _RND),
    _row(-100, 35, 1, _RND),
    _row(-150, 40, 1, _RND),
    _row(-200, 50, 1, _RND),
)

# Table 25, mildest first.
TABLE_25: tuple[TemperatureRow, ...] = (
    _row(100, 0),
    _row(110, 3, 15, _MIN),
    _row(120, 12, 10, _RND),
    _row(130, 15, 5, _MIN),
    _row(140, 20, 2, _RND),
    _row(150, 25, 2, _RND),
    _row(175, 30, 2, _RND),
    _row(200, 35, 1, _RND),
    _row(250, 40, 1, _RND),
    _row(300, 50, 1, _RND),
)

# Tables 24 and 26: situation -> option -> staircase steps on FR (d = 1, c = 3, t = 9).
# Blank cells ("-", "0-0", "_") are 0. Table 26 prints no "adequate" or "good" clothing.
# "mechnoid" is the book's spelling, kept as an alias.
FREEZING_MODIFIERS: dict[str, dict[str, int]] = {
    "activity": {"sleeping": -3, "sitting": -1, "walking": 0, "working": 1, "fighting": 3},
    "home planet": {"desert": -3, "arth": 0, "frozen waste": 3},
    "race": {"cold blooded": -2, "mechanoid": 9, "mechnoid": 9},
    "clothing": {
        "none": -6, "light": -3, "average": -1, "adequate": 0, "good": 1, "heavy": 3,
        "environmental": 9,
    },
}
HEAT_MODIFIERS: dict[str, dict[str, int]] = {
    "activity": {"sleeping": 2, "sitting": 0, "walking": -1, "working": -6, "fighting": -3},
    "home planet": {"desert": 3, "arth": 0, "frozen waste": -3},
    "race": {"cold blooded": 2, "mechanoid": 9, "mechnoid": 9},
    "clothing": {"environmental": 3, "none": 1, "light": 0, "average": -1, "heavy": -3},
}

_TABLES = {Kind.FREEZING: TABLE_23, Kind.HEAT: TABLE_25}
_MODIFIERS = {Kind.FREEZING: FREEZING_MODIFIERS, Kind.HEAT: HEAT_MODIFIERS}


def _kind(kind: Kind | str) -> Kind:
    try:
        return Kind(kind)
    except ValueError:
        raise RulesError(f"kind must be 'freezing' or 'heat', not {kind!r}") from None


def _degrees(fahrenheit: object) -> int:
    if isinstance(fahrenheit, bool) or not isinstance(fahrenheit, int):
        raise RulesError(f"temperature must be whole degrees Fahrenheit, not {fahrenheit!r}")
    return fahrenheit


def lookup(kind: Kind | str, fahrenheit: int) -> TemperatureRow | None:
    """The table row for a temperature (see the module docstring for the rule); None if mild."""
    kind = _kind(kind)
    temp = _degrees(fahrenheit)
    rows = _TABLES[kind]
    reached = [
        row for row in rows
        if (temp <= row.fahrenheit if kind is Kind.FREEZING else temp >= row.fahrenheit)
    ]
    if not reached:
        return None
    row = reached[-1]
    if row is rows[-1] and temp != row.fahrenheit:
        return replace(row, beyond_table=True)
    return row


def modifier_steps(kind: Kind | str, **situation: str | None) -> int:
    """Total staircase steps from Table 24/26, e.g. ``activity="working", clothing="light"``.

    Keys: activity, home_planet, race, clothing; None or a missing key = no modifier.
    """
    table = _MODIFIERS[_kind(kind)]
    total = 0
    for key, option in situation.items():
        name = key.replace("_", " ")
        if name not in table:
            raise RulesError(f"unknown situation {key!r}; use one of {sorted(table)}")
        if option is None:
            continue
        if not isinstance(option, str) or option.strip().lower() not in table[name]:
            raise RulesError(
                f"{name} {option!r} is not on the table; choose from {', '.join(table[name])}"
            )
        total += table[name][option.strip().lower()]
    return total


def modified_fr(fr: Rating | str, steps: int) -> Rating:
    """FR moved along the staircase by the situation's steps."""
    return to_rating(fr, "FR").shifted(steps)


def grace_rounds(fr: Rating | str) -> int:
    """Rounds before the first check: the FR value (Bantam fractions dropped)."""
    return int(to_rating(fr, "FR").value)


@record
class TemperatureState(HazardState):
    HAZARD = "temperature"

    kind: Kind
    fahrenheit: int
    fr: str  # unmodified FR, as text
    steps: int  # Table 24/26 total
    grace: int  # rounds before the first check
    rounds: int = 0
    minutes: int = 0
    since_check: int = 0  # rounds or minutes (the row's unit) since the last check
    checks_made: int = 0
    owed: int = 0  # checks owed now
    started: bool = False  # the grace is over and checks have begun
    ended: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", _kind(self.kind))
        _degrees(self.fahrenheit)
        modified_fr(self.fr, self.steps)  # refuses a bad rating or a move off the staircase
        if self.grace != grace_rounds(self.fr):
            raise RulesError(f"the grace is the FR value ({grace_rounds(self.fr)} rounds)")
        for name in ("grace", "rounds", "minutes", "since_check", "checks_made", "owed"):
            check_count(getattr(self, name), name)
        if self.owed and self.row is None:
            raise RulesError("no check can be owed at a harmless temperature")

    @property
    def row(self) -> TemperatureRow | None:
        found = lookup(self.kind, self.fahrenheit)
        return found if found is not None and found.frequency is not None else None

    @property
    def graced(self) -> bool:
        """Still within the grace period."""
        return self.rounds <= self.grace and self.minutes == 0


def start(
    kind: Kind | str,
    fahrenheit: int,
    fr: Rating | str,
    *,
    activity: str | None = None,
    home_planet: str | None = None,
    race: str | None = None,
    clothing: str | None = None,
) -> TemperatureState:
    """Exposure begins; modifiers are Table 24 (freezing) or 26 (heat) options."""
    kind = _kind(kind)
    lookup(kind, fahrenheit)
    steps = modifier_steps(
        kind, activity=activity, home_planet=home_planet, race=race, clothing=clothing
    )
    rating = to_rating(fr, "FR")
    modified_fr(rating, steps)
    return TemperatureState(kind, fahrenheit, str(rating), steps, grace_rounds(rating))


def _tick(state: TemperatureState, unit: Unit, amount: int) -> TemperatureState:
    rounds = state.rounds + (amount if unit is Unit.ROUNDS else 0)
    minutes = state.minutes + (amount if unit is Unit.MINUTES else 0)
    moved = replace(state, rounds=rounds, minutes=minutes)
    row = moved.row
    if row is None or moved.graced:
        return moved
    assert row.frequency is not None
    owed, since = state.owed, state.since_check
    if not state.started:
        # The grace ran out on this tick: the first check is due at once. Minutes that end
        # the grace also count toward the next check (the grace is a matter of seconds).
        owed, since = owed + 1, 0
        if unit is Unit.ROUNDS:
            return replace(moved, owed=owed, since_check=0, started=True)
    if row.frequency.unit is unit:
        more, since = divmod(since + amount, row.frequency.every)
        owed += more
    return replace(moved, owed=owed, since_check=since, started=True)


def nish(state: TemperatureState) -> TemperatureState:
    """One round passes (the victim's Nish)."""
    if state.ended:
        raise RulesError("this exposure has ended")
    return _tick(state, Unit.ROUNDS, 1)


def pass_minutes(state: TemperatureState, minutes: int) -> TemperatureState:
    """Minutes pass outside of rounds; may leave several checks owed."""
    if state.ended:
        raise RulesError("this exposure has ended")
    check_count(minutes, "minutes", 1)
    row = state.row
    if row is not None and row.frequency is not None and row.frequency.unit is Unit.ROUNDS:
        raise RulesError(
            f"at {state.fahrenheit} F checks come {row.frequency}: run it round by round "
            "(the book gives no length of a round to turn minutes into rounds)"
        )
    return _tick(state, Unit.MINUTES, minutes)


def change_temperature(state: TemperatureState, fahrenheit: int) -> TemperatureState:
    """The temperature changes; time counted so far is kept."""
    if state.ended:
        raise RulesError("this exposure has ended")
    found = lookup(state.kind, _degrees(fahrenheit))
    if found is None or found.frequency is None:
        return replace(state, fahrenheit=fahrenheit, owed=0, since_check=0)
    old_row = state.row
    if old_row is None or old_row.frequency != found.frequency:
        return replace(state, fahrenheit=fahrenheit, since_check=0)  # new schedule from now
    return replace(state, fahrenheit=fahrenheit)


def due(state: TemperatureState) -> DueCheck | None:
    """The modified FR check owed now, or None (grace, schedule, mild)."""
    row = state.row
    if not state.owed or row is None:
        return None
    rating = modified_fr(state.fr, state.steps)
    return DueCheck(
        "FR", row.difficulty,
        f"{state.kind} at {state.fahrenheit} F (roll {rating}): wounds = amount of failure",
        key=str(state.kind), adjustment=format_steps(state.steps),
    )


def apply(state: TemperatureState, result: int) -> tuple[TemperatureState, HazardStep]:
    """Apply the player's result; a failure wounds by the amount of failure."""
    check = due(state)
    if check is None:
        raise RulesError(f"no check is owed now ({status(state)})")
    outcome = judge_check(check, result)
    new = replace(state, owed=state.owed - 1, checks_made=state.checks_made + 1)
    if outcome.success:
        return new, HazardStep("withstands it", (), check, outcome)
    cause = "frostbite" if state.kind is Kind.FREEZING else "heat"
    effect = Effect(EffectKind.WOUNDS, outcome.amount, cause)
    return new, HazardStep(f"{outcome.amount} wounds ({cause})", (effect,), check, outcome)


def end(state: TemperatureState) -> tuple[TemperatureState, HazardStep]:
    """Out of the cold or heat."""
    if state.ended:
        raise RulesError("this exposure has already ended")
    return replace(state, ended=True, owed=0), HazardStep("out of the cold/heat", (
        Effect(EffectKind.ENDED),))


def status(state: TemperatureState) -> str:
    """One line for the UI: grace, or Dif and frequency."""
    row = lookup(state.kind, state.fahrenheit)
    if state.ended:
        return "ended"
    if row is None or row.frequency is None:
        return f"{state.fahrenheit} F: no {state.kind} checks at this temperature"
    if state.graced:
        return f"{state.fahrenheit} F: grace, {state.grace - state.rounds} round(s) left"
    extra = " (beyond the table: GM's call)" if row.beyond_table else ""
    return f"{state.fahrenheit} F: FR vs {row.difficulty} {row.frequency}{extra}"


def for_players(state: TemperatureState) -> str:
    """What the table may see: cold or heat, the temperature, and how long it has lasted."""
    if state.ended:
        return f"{state.kind}: over"
    spent = f"{state.minutes} min" if state.minutes else rounds_so_far(state.rounds)
    return f"{state.kind}, {state.fahrenheit} F: {spent}"
