"""Table 6 difficulties, amount of success/failure, criticals, repeated attempts."""

import pytest

from console.rules.difficulty import difficulty_label, judge, retry_difficulty
from console.rules.errors import RulesError


@pytest.mark.parametrize(
    ("dif", "label"),
    [(0, "Automatic"), (1, "Automatic"), (2, "Extremely Easy"), (5, "Easy"), (8, "Fairly Easy"),
     (10, "Average"), (12, "Average"), (15, "Moderate"), (20, "Challenging"), (30, "Hard"),
     (40, "Very Difficult"), (50, "Extremely Difficult"), (99, "Extremely Difficult"),
     (100, "Almost Impossible"), (10**9, "Almost Impossible")],
)
def test_table_6(dif: int, label: str) -> None:
    assert difficulty_label(dif) == label


def test_amount_of_success_and_failure_from_the_book() -> None:
    poison = judge(6, 10)  # Dif 10 poison, roll 6: unconscious 4 rounds
    assert not poison.success and poison.amount == 4
    stun = judge(20, 15)  # attack 20 vs Def 15: stunned 5 rounds
    assert stun.success and stun.amount == 5
    assert judge(15, 15).success  # ties go to the player


def test_criticals() -> None:
    assert judge(100, 10).critical_success
    assert not judge(99, 10).critical_success
    assert judge(1, 1).critical_failure and judge(1, 1).success
    assert judge(0, 5).critical_failure
    assert "critical failure" in judge(0, 5).describe()


def test_repeated_attempts_double() -> None:
    assert [retry_difficulty(15, n) for n in (1, 2, 3)] == [15, 30, 60]
    with pytest.raises(RulesError):
        retry_difficulty(15, 0)
