"""Freezing and heat: Tables 23-26, grace period, schedule, wounds."""

import pytest

from console.rules.errors import RulesError
from console.rules.hazards import temperature as t
from console.rules.hazards.common import EffectKind
from console.rules.hazards.temperature import Frequency, Unit
from console.rules.ratings import Rating


def test_freezing_at_minus_40_is_dif_20_every_2_rounds() -> None:
    row = t.lookup("freezing", -40)
    assert row is not None
    assert (row.difficulty, row.frequency) == (20, Frequency(2, Unit.ROUNDS))


@pytest.mark.parametrize(
    ("temp", "dif", "freq"),
    [
        (30, 0, None), (10, 3, (30, "minutes")), (0, 5, (15, "minutes")),
        (-10, 10, (10, "minutes")), (-20, 12, (5, "minutes")), (-30, 15, (2, "rounds")),
        (-50, 25, (2, "rounds")), (-75, 30, (2, "rounds")), (-100, 35, (1, "rounds")),
        (-150, 40, (1, "rounds")), (-200, 50, (1, "rounds")),
    ],
)
def test_table_23_rows(temp: int, dif: int, freq: tuple[int, str] | None) -> None:
    row = t.lookup("freezing", temp)
    assert row is not None and row.difficulty == dif and not row.beyond_table
    assert row.frequency == (None if freq is None else Frequency(freq[0], Unit(freq[1])))


@pytest.mark.parametrize(
    ("temp", "dif", "freq"),
    [
        (100, 0, None), (110, 3, (15, "minutes")), (120, 12, (10, "rounds")),
        (130, 15, (5, "minutes")), (140, 20, (2, "rounds")), (150, 25, (2, "rounds")),
        (175, 30, (2, "rounds")), (200, 35, (1, "rounds")), (250, 40, (1, "rounds")),
        (300, 50, (1, "rounds")),
    ],
)
def test_table_25_rows(temp: int, dif: int, freq: tuple[int, str] | None) -> None:
    row = t.lookup("heat", temp)
    assert row is not None and row.difficulty == dif
    assert row.frequency == (None if freq is None else Frequency(freq[0], Unit(freq[1])))


def test_between_rows_uses_the_row_reached_and_mild_is_no_hazard() -> None:
    assert t.lookup("freezing", -45).difficulty == 20  # type: ignore[union-attr]
    assert t.lookup("freezing", -74).difficulty == 25  # type: ignore[union-attr]
    assert t.lookup("heat", 174).difficulty == 25  # type: ignore[union-attr]
    assert t.lookup("freezing", 31) is None and t.lookup("heat", 99) is None
    beyond = t.lookup("freezing", -250)
    assert beyond is not None and beyond.beyond_table and beyond.difficulty == 50
    assert t.lookup("heat", 301).beyond_table  # type: ignore[union-attr]


def test_table_24_and_26_modifiers_move_fr() -> None:
    assert t.modifier_steps("freezing", activity="sleeping", clothing="none") == -9
    assert t.modifier_steps("freezing", race="Mechnoid") == 9
    assert t.modifier_steps("heat", activity="working", home_planet="desert") == -3
    assert t.modifier_steps("heat", clothing="environmental", race="cold blooded") == 5
    assert t.modified_fr("8L", t.modifier_steps("freezing", clothing="heavy")) == Rating.parse(
        "8M"
    )
    with pytest.raises(RulesError, match="choose from"):
        t.modifier_steps("heat", clothing="good")  # Table 26 has no "good" row
    with pytest.raises(RulesError, match="unknown situation"):
        t.modifier_steps("heat", weather="rain")


def test_grace_of_fr_value_rounds_then_checks_by_frequency() -> None:
    state = t.start("freezing", -40, "6L", activity="working")  # FR value 6
    assert state.grace == 6
    due_at = []
    for _ in range(12):
        state = t.nish(state)
        check = t.due(state)
        if check is not None:
            due_at.append((state.rounds, check.difficulty, check.adjustment))
            state, _ = t.apply(state, 30)
    assert due_at == [(7, 20, "+1d"), (9, 20, "+1d"), (11, 20, "+1d")]


def test_failure_wounds_by_the_amount_of_failure() -> None:
    state = t.start("freezing", -40, "6L")
    for _ in range(7):
        state = t.nish(state)
    state, step = t.apply(state, 12)
    assert step.amount_of(EffectKind.WOUNDS) == 8  # the book's 12 vs 20


def test_minute_frequencies_count_minutes() -> None:
    state = t.start("freezing", 0, "6L")  # Dif 5 every 15 minutes
    state = t.pass_minutes(state, 31)
    assert state.owed == 3  # at once when the grace ends, then at 15 and 30
    state, _ = t.apply(state, 5)
    assert state.owed == 2
    assert t.due(t.pass_minutes(t.start("heat", 100, "6L"), 60)) is None  # no checks at 100F
    with pytest.raises(RulesError, match="round by round"):
        t.pass_minutes(t.start("freezing", -40, "6L"), 5)


def test_changing_temperature_keeps_time() -> None:
    state = t.start("heat", 140, "6L")
    for _ in range(7):
        state = t.nish(state)
    state = t.change_temperature(state, 300)
    check = t.due(state)
    assert check is not None and check.difficulty == 50
    state = t.change_temperature(state, 80)
    assert t.due(state) is None


def test_bad_inputs() -> None:
    with pytest.raises(RulesError, match="kind"):
        t.start("wet", 10, "6L")
    with pytest.raises(RulesError, match="whole degrees"):
        t.lookup("freezing", 1.5)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="FR"):
        t.start("freezing", 10, "9L")
    with pytest.raises(RulesError):
        t.start("freezing", 10, "6LB", clothing="none")  # below the staircase
    with pytest.raises(RulesError, match="no check"):
        t.apply(t.start("freezing", -40, "6L"), 10)
