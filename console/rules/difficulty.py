"""Difficulties (Table 6), amount of success or failure, critical rolls, repeated attempts."""

from __future__ import annotations

from console.records import record
from console.rules.errors import RulesError

__all__ = [
    "CRITICAL_FAILURE_AT_MOST",
    "CRITICAL_SUCCESS_AT_LEAST",
    "DIFFICULTIES",
    "Outcome",
    "difficulty_label",
    "judge",
    "retry_difficulty",
]

# Table 6: a general guide for low-rank characters.
DIFFICULTIES: tuple[tuple[int, str], ...] = (
    (1, "Automatic"),
    (2, "Extremely Easy"),
    (5, "Easy"),
    (8, "Fairly Easy"),
    (10, "Average"),
    (15, "Moderate"),
    (20, "Challenging"),
    (30, "Hard"),
    (40, "Very Difficult"),
    (50, "Extremely Difficult"),
    (100, "Almost Impossible"),
)

CRITICAL_SUCCESS_AT_LEAST = 100
CRITICAL_FAILURE_AT_MOST = 1


def difficulty_label(difficulty: int) -> str:
    """Table 6's word for a difficulty: the row at or below it (12 reads as Average)."""
    label = DIFFICULTIES[0][1]
    for dif, name in DIFFICULTIES:
        if difficulty >= dif:
            label = name
    return label


@record
class Outcome:
    """A result against a difficulty. Ties go to the player."""

    result: int
    difficulty: int

    @property
    def success(self) -> bool:
        return self.result >= self.difficulty

    @property
    def amount(self) -> int:
        """Amount of success or failure: how far the result is from the difficulty."""
        return abs(self.result - self.difficulty)

    @property
    def critical_success(self) -> bool:
        return self.result >= CRITICAL_SUCCESS_AT_LEAST

    @property
    def critical_failure(self) -> bool:
        return self.result <= CRITICAL_FAILURE_AT_MOST

    def describe(self) -> str:
        verdict = "success" if self.success else "failure"
        text = f"{self.result} vs {self.difficulty}: {verdict} by {self.amount}"
        if self.critical_success:
            text += " (critical success)"
        elif self.critical_failure:
            text += " (critical failure)"
        return text


def judge(result: int, difficulty: int) -> Outcome:
    """Success, amount and criticals of ``result`` against ``difficulty``."""
    return Outcome(result, difficulty)


def retry_difficulty(difficulty: int, attempt: int) -> int:
    """Repeated attempts double the difficulty each time: attempt 1 is the first try.

    The GM decides when this applies; the book excludes most combat rolls.
    """
    if attempt < 1:
        raise RulesError(f"attempt must be 1 or more, not {attempt}")
    return difficulty * 2 ** (attempt - 1)
