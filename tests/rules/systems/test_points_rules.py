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


def test_metalface_success_points_buy_skill_and_value_points() -> None:
    # "Success points may be used to improve the skills or values": 10 SP a skill point,
    # 30 SP a value point, spent once a mission is completed.
    skill, value = METALFACE.trade("skill_point"), METALFACE.trade("value_point")
    assert METALFACE.trade_cost(skill, 3) == 30 and METALFACE.trade_cost(value, 1) == 30
    assert METALFACE.affordable(skill, 47) == 4 and METALFACE.affordable(value, 47) == 1
    assert METALFACE.spend_after_mission and METALFACE.missions
    assert skill.rate("SP") == "1 skill point for 10 SP"


@given(st.integers(0, 5000), st.integers(1, 60))
def test_what_points_afford_costs_no_more_than_them(points: int, wanted: int) -> None:
    for rules in (METALFACE, FACADE):
        for trade in rules.trades:
            affordable = rules.affordable(trade, points)
            assert rules.trade_cost(trade, affordable or trade.gives) <= max(points, trade.cost)
            if wanted % trade.gives == 0:
                cost = rules.trade_cost(trade, wanted)
                assert (cost <= points) == (wanted <= affordable)


def test_facade_extra_points_trade_whole() -> None:
    sp, ap, bp = (FACADE.trade(key) for key in ("sp", "ap", "bp"))
    assert FACADE.trade_cost(sp, 4) == 2 and FACADE.trade_cost(ap, 3) == 3
    assert FACADE.trade_cost(bp, 1) == 1
    with pytest.raises(RulesError, match="SP come 2 for 1 EP: 2 or 4, not 3"):
        FACADE.trade_cost(sp, 3)
    with pytest.raises(RulesError, match="not traded for 'skill_point'"):
        FACADE.trade("skill_point")
    assert FACADE.per_session == (3, 10) and not FACADE.missions
    assert not FACADE.spend_after_mission  # EP are traded whenever the GM allows


def test_every_system_but_metascape_has_an_awarder() -> None:
    assert set(POINTS_RULES) == {"metalface", "facade", "d10pool"}
    assert points_rules("d10pool").unit == "points" and not points_rules("d10pool").missions
    with pytest.raises(RulesError, match="keeps AP"):
        points_rules("metascape")
    assert {"skill_point", "value_point", "ap", "sp", "bp"} == ALL_GAINS
    assert {r.name for r in POINTS_RULES.values()} == set(POINTS_RULES)
    assert {"faith", "blessing"} == ALL_POOLS
    faith = METALFACE.pool("faith")
    assert faith.bonus is not None and [faith.bonus(f) for f in range(1, 7)] == [0, 0, 1, 1, 2, 2]
