"""Table 8 ranks, the AP ledger, ability improvement, rank improvement rolls, Dha money."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.rules.advancement import (
    ApLedger,
    RankUp,
    ap_for_rank,
    award,
    handicap,
    improve_ability,
    improvement_cost,
    mission_allowance,
    rank_for_ap,
    rank_improvement_chance,
    rank_improvement_roll,
    rank_title,
    rank_up,
    resolve_rank_improvement,
    spend,
    split_salvage,
    starting_ledger,
)
from console.rules.errors import RulesError
from console.rules.odds import chance_at_least
from console.rules.ratings import Rating


@pytest.mark.parametrize(
    ("total", "rank"),
    [
        (0, 0), (99, 0), (100, 1), (199, 1), (200, 2), (999, 9), (1000, 10), (1199, 10),
        (1200, 11), (1400, 12), (2999, 19), (3000, 20), (3299, 20), (3300, 21), (3600, 22),
        (5999, 29), (6000, 30), (6299, 30), (10**6, 30),
    ],
)
def test_table_8_boundaries(total: int, rank: int) -> None:
    assert rank_for_ap(total, missions_completed=1) == rank


@pytest.mark.parametrize(
    ("rank", "ap"), [(0, 0), (1, 100), (10, 1000), (11, 1200), (20, 3000), (21, 3300), (30, 6000)]
)
def test_ap_for_rank(rank: int, ap: int) -> None:
    assert ap_for_rank(rank) == ap


def test_no_rank_past_30() -> None:
    with pytest.raises(RulesError, match="stops at rank 30"):
        ap_for_rank(31)
    with pytest.raises(RulesError):
        ap_for_rank(-1)


def test_rank_titles() -> None:
    assert rank_title(0) == "Initiate"
    assert rank_title(12) == "Rank-12"


def test_new_character_stays_rank_0_until_first_mission() -> None:
    ledger = starting_ledger(3)
    assert ledger == ApLedger(103, 103)
    assert rank_for_ap(ledger.total, missions_completed=0) == 0
    assert rank_for_ap(450, missions_completed=0) == 0
    assert rank_for_ap(ledger.total, missions_completed=1) == 1


def test_award_handicap_spend() -> None:
    ledger = award(ApLedger(150, 20), 15)
    assert ledger == ApLedger(165, 35)
    assert spend(ledger, 35) == ApLedger(165, 0)
    with pytest.raises(RulesError, match="only 35 Unused AP"):
        spend(ledger, 36)
    with pytest.raises(RulesError):
        award(ledger, -1)


def test_handicap_ap_does_not_count_toward_rank() -> None:
    ledger = ApLedger(190, 5)
    after = handicap(ledger, 30)
    assert after == ApLedger(190, 35)
    assert rank_for_ap(after.total, missions_completed=2) == 1


def test_ledger_refuses_nonsense() -> None:
    with pytest.raises(RulesError):
        ApLedger(-1, 0)
    with pytest.raises(RulesError):
        ApLedger(10, 2.5)  # type: ignore[arg-type]


def test_rank_up_rolls_are_the_new_rank_per_rank_reached() -> None:
    assert rank_up(1, 2).improvement_rolls == 2
    assert rank_up(0, 1).improvement_rolls == 1
    assert rank_up(2, 4).ranks_reached == (3, 4)
    assert rank_up(2, 4).improvement_rolls == 7
    assert rank_up(5, 5).improvement_rolls == 0
    with pytest.raises(RulesError, match="cannot fall"):
        RankUp(3, 2)


def test_improving_6m_dex_with_ic_20_costs_32() -> None:
    assert improvement_cost(Rating.parse("6M"), 20) == 32
    assert improvement_cost(12, 20) == 32
    done = improve_ability(ApLedger(300, 40), "Dex", Rating.parse("6M"), 20)
    assert done.ledger == ApLedger(300, 8)
    assert done.cost == 32
    assert done.improved_this_mission == frozenset({"Dex"})


def test_an_ability_improves_once_per_mission() -> None:
    done = improve_ability(ApLedger(300, 100), "Dex", 12, 20)
    with pytest.raises(RulesError, match="already improved this mission"):
        improve_ability(done.ledger, "Dex", 14, 20, done.improved_this_mission)
    other = improve_ability(done.ledger, "Str", 10, 10, done.improved_this_mission)
    assert other.improved_this_mission == frozenset({"Dex", "Str"})
    assert other.ledger == ApLedger(300, 48)


def test_improvement_needs_enough_unused_ap() -> None:
    with pytest.raises(RulesError, match="costs 32 AP: only 31"):
        improve_ability(ApLedger(300, 31), "Dex", 12, 20)


def test_rank_improvement_roll_at_10l_against_ap_cost() -> None:
    chance = rank_improvement_chance(32)
    assert chance == chance_at_least(Rating.parse("10L"), 32)
    assert 0 < rank_improvement_chance(100) < chance < rank_improvement_chance(10) < 1
    assert resolve_rank_improvement(32, 32).success  # ties to the player
    assert not resolve_rank_improvement(31, 32).success
    with pytest.raises(RulesError):
        rank_improvement_chance(0)


def test_rank_improvement_rolls_respect_once_per_mission() -> None:
    won = rank_improvement_roll("Dex", 32, 40)
    assert won.success
    assert won.improved_this_mission == frozenset({"Dex"})
    lost = rank_improvement_roll("Str", 20, 19, won.improved_this_mission)
    assert not lost.success
    assert lost.improved_this_mission == frozenset({"Dex"})  # a lost roll improves nothing
    with pytest.raises(RulesError, match="already improved this mission"):
        rank_improvement_roll("Dex", 34, 90, won.improved_this_mission)
    for bad in (7, "Dex"):
        with pytest.raises(RulesError, match="collection of names"):
            rank_improvement_roll("Str", 20, 25, bad)  # type: ignore[arg-type]


def test_bio_warrior_allowance() -> None:
    assert mission_allowance(750, 110, 2) == 970
    assert mission_allowance(750, 110, 2, Fraction(1, 2)) == 485
    assert mission_allowance(750, 110, 2, Fraction(3, 4)) == 727  # 727.5 rounded down
    assert mission_allowance(750, 110, 0) == 750


@pytest.mark.parametrize("fraction", [Fraction(2, 5), Fraction(11, 10), 0.75, 2, True])
def test_allowance_fraction_is_half_to_all(fraction: object) -> None:
    with pytest.raises(RulesError, match="fraction"):
        mission_allowance(750, 110, 2, fraction)  # type: ignore[arg-type]


def test_salvage_half_until_the_allowance_then_all_to_dha() -> None:
    assert split_salvage(1000, 2000) == split_salvage(1000, 2000, 0)
    first = split_salvage(1000, 2000)
    assert (first.team, first.dha, first.team_kept_after) == (500, 500, 500)
    capped = split_salvage(1000, 2000, 1800)
    assert (capped.team, capped.dha, capped.team_kept_after) == (200, 800, 2000)
    full = split_salvage(600, 2000, 2000)
    assert (full.team, full.dha) == (0, 600)
    odd = split_salvage(101, 2000)
    assert (odd.team, odd.dha) == (50, 51)


ops = st.lists(
    st.tuples(st.sampled_from(["award", "handicap", "spend"]), st.integers(-20, 300)),
    max_size=30,
)


@given(ops)
def test_ap_total_never_decreases(sequence: list[tuple[str, int]]) -> None:
    ledger = starting_ledger(0)
    for name, amount in sequence:
        before = ledger
        try:
            ledger = {"award": award, "handicap": handicap, "spend": spend}[name](ledger, amount)
        except RulesError as error:
            assert str(error)
            continue
        assert ledger.total >= before.total
        assert ledger.unused >= 0
        if name == "spend":
            assert ledger.total == before.total
        if name == "handicap":
            assert ledger.total == before.total


@given(st.integers(0, 8000), st.integers(0, 8000), st.integers(0, 5))
def test_rank_is_monotone_in_ap_total(a: int, b: int, missions: int) -> None:
    low, high = sorted((a, b))
    low_rank = rank_for_ap(low, missions_completed=missions)
    assert low_rank <= rank_for_ap(high, missions_completed=missions)
    if missions:
        assert ap_for_rank(low_rank) <= low


anything = st.one_of(
    st.integers(-50, 10_000), st.none(), st.text(max_size=3), st.floats(), st.booleans(),
    st.fractions(),
)


@given(anything, anything, anything, anything)
def test_any_input_works_or_raises_rules_error(a: object, b: object, c: object, d: object) -> None:
    calls = [
        lambda: ap_for_rank(a),
        lambda: rank_for_ap(a, missions_completed=b),
        lambda: starting_ledger(a),
        lambda: ApLedger(a, b),
        lambda: improvement_cost(a, b),
        lambda: mission_allowance(a, b, c, d),
        lambda: split_salvage(a, b, c),
        lambda: resolve_rank_improvement(a, b),
        lambda: rank_up(a, b),
        lambda: improve_ability(ApLedger(500, 100), a, b, c),
        lambda: rank_improvement_roll(a, b, c),
        lambda: rank_improvement_roll("Dex", a, b, c),
    ]
    for call in calls:
        try:
            call()
        except RulesError as error:
            assert str(error)
