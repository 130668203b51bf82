"""Fear (Rule Book: Hazards, Fear; Table 22).

Three severities, mildest first: scared, fearful, terror. When the cause does not say, the
GM picks, or a shock roll reads Table 22. Each severity has a WP check that, failed, makes
it worse: scared and made to face the source (WP 10 -> fearful); fearful and stopped or
trapped (WP 20 -> terror); terrified and held back (WP 30, or he fights to break free or kill
whoever restrains him). Afterwards the same kind of source brings one severity less.
"""

from __future__ import annotations

from enum import StrEnum

from console.records import record
from console.rules.errors import RulesError
from console.rules.hazards.common import (
    DueCheck,
    Effect,
    EffectKind,
    HazardStep,
    check_result,
    judge_check,
)

__all__ = [
    "TABLE_22",
    "Severity",
    "SeverityRow",
    "escalate",
    "escalation_check",
    "later_severity",
    "severity_from_shock",
]


class Severity(StrEnum):
    SCARED = "scared"
    FEARFUL = "fearful"
    TERROR = "terror"


@record
class SeverityRow:
    low: int
    high: int | None  # None: and up
    severity: Severity


TABLE_22: tuple[SeverityRow, ...] = (
    SeverityRow(0, 5, Severity.TERROR),
    SeverityRow(6, 10, Severity.FEARFUL),
    SeverityRow(11, None, Severity.SCARED),
)

# severity -> (Dif, when it is rolled, what failure brings)
_ESCALATION = {
    Severity.SCARED: (10, "made to approach or deal with the source", "becomes fearful"),
    Severity.FEARFUL: (20, "stopped or trapped", "becomes terrified"),
    Severity.TERROR: (30, "someone slows or holds the victim", "fights to break free or kill"),
}


def severity_from_shock(result: int) -> Severity:
    """Table 22: the (possibly modified) shock roll's severity."""
    result = check_result(result)
    for row in TABLE_22:
        if result >= row.low and (row.high is None or result <= row.high):
            return row.severity
    raise AssertionError("Table 22 covers every result")  # pragma: no cover


def _severity(severity: Severity | str) -> Severity:
    try:
        return Severity(severity)
    except ValueError:
        raise RulesError(f"fear is scared, fearful or terror, not {severity!r}") from None


def escalation_check(severity: Severity | str) -> DueCheck:
    """The WP check that, failed, makes this fear worse."""
    severity = _severity(severity)
    dif, when, failure = _ESCALATION[severity]
    return DueCheck("WP", dif, f"{severity}, {when}: failure = {failure}", key="fear")


def escalate(severity: Severity | str, result: int) -> tuple[Severity, HazardStep]:
    """Apply the escalation check; the severity after it (terror stays terror)."""
    severity = _severity(severity)
    check = escalation_check(severity)
    outcome = judge_check(check, result)
    if outcome.success:
        return severity, HazardStep("keeps control", (), check, outcome)
    worse = {Severity.SCARED: Severity.FEARFUL, Severity.FEARFUL: Severity.TERROR}
    new = worse.get(severity, Severity.TERROR)
    note = _ESCALATION[severity][2]
    return new, HazardStep(note, (Effect(EffectKind.SEVERITY, note=str(new)),), check, outcome)


def later_severity(severity: Severity | str) -> Severity | None:
    """How he reacts to the same kind of source later: one step milder (scared: none)."""
    severity = _severity(severity)
    return {Severity.TERROR: Severity.FEARFUL, Severity.FEARFUL: Severity.SCARED}.get(severity)
