"""The awarder's units from the seeds (issue 18): Metalface's success points and milestones,
Façade's EP trades, the d10 pool's plain points."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.rules.errors import RulesError
from console.rules.systems.points import (
    ALL_GAINS,
    ALL_POOLS,
    POINTS_RULES,
    points_rules,
)

METALFACE = POINTS_RULES["metalface"]
FACADE = POINTS_RULES["facade"]


def test_metalface_awards_by_the_book() -> None:
    assert METALFACE.award("action").points(3) == 6  # 2 SP per successful action roll
    assert METALFACE.award("performance").points(5) == 5
    assert METALFACE.award("performance").points(10) == 10
    for outside in (4, 11):
        with pytest.raises(RulesError, match="5 to 10"):
            METALFACE.award("performance").points(outside)


def test_metalface_milestones_run_from_the_same_total() -> None:
    # "Awarded every": +1 skill point every 10 SP, +1 value point every 30 SP.
    assert METALFACE.grants(9, {}) == {"skill_point": 0, "value_point": 0}
    assert METALFACE.grants(30, {}) == {"skill_point": 3, "value_point": 1}
    assert METALFACE.grants(47, {"skill_point": 3, "value_point": 1}) == {
        "skill_point": 1, "value_point": 0}
    assert METALFACE.next_milestone(47) is not None
    milestone, needed = METALFACE.next_milestone(47)  # type: ignore[misc]
    assert (milestone.label, needed) == ("skill point", 3)
    milestone, needed = METALFACE.next_milestone(59)  # type: ignore[misc]
    assert needed == 1  # 60 is both; the skill point is listed first


@given(st.lists(st.integers(0, 40), max_size=12))
def test_missions_grant_exactly_what_the_total_has_reached(awards: list[int]) -> None:
    """However the SP come in and however often a mission ends, what has been granted is
    what the total has reached: nothing twice, nothing lost."""
    earned, granted = 0, {"skill_point": 0, "value_point": 0}
    for points in awards:
        earned += points
        for key, count in METALFACE.grants(earned, granted).items():
            assert count >= 0
            granted[key] += count
    assert granted == {"skill_point": earned // 10, "value_point": earned // 30}


def test_facade_extra_points_trade_whole() -> None:
    sp, ap, bp = (FACADE.trade(key) for key in ("sp", "ap", "bp"))
    assert FACADE.trade_cost(sp, 4) == 2 and FACADE.trade_cost(ap, 3) == 3
    assert FACADE.trade_cost(bp, 1) == 1
    with pytest.raises(RulesError, match="2 or 4, not 3"):
        FACADE.trade_cost(sp, 3)
    with pytest.raises(RulesError, match="not traded for 'skill_point'"):
        FACADE.trade("skill_point")
    assert FACADE.per_session == (3, 10) and not FACADE.missions


def test_every_system_but_metascape_has_an_awarder() -> None:
    assert set(POINTS_RULES) == {"metalface", "facade", "d10pool"}
    assert points_rules("d10pool").unit == "points" and not points_rules("d10pool").missions
    with pytest.raises(RulesError, match="keeps AP"):
        points_rules("metascape")
    assert {"skill_point", "value_point", "ap", "sp", "bp"} == ALL_GAINS
    assert {"faith", "blessing"} == ALL_POOLS
    faith = METALFACE.pool("faith")
    assert faith.bonus is not None and [faith.bonus(f) for f in range(1, 7)] == [0, 0, 1, 1, 2, 2]
