"""Diceless combat arithmetic both ways, with the Rule Book's worked examples."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.rules.combat import (
    apply_adjustments,
    armor_request,
    attack_request,
    defense_request,
    npc_attack_hits,
    pc_attack_hits,
    wound_npc,
    wounding_damage,
)
from console.rules.errors import RulesError
from console.rules.odds import chance_at_least
from console.rules.ratings import Rating
from console.rules.rolling import resolve_faces


def r(text: str) -> Rating:
    return Rating.parse(text)


def test_urgoth_kray_16_vs_def_15_hits_by_one() -> None:
    outcome = pc_attack_hits(16, 15)
    assert outcome.hit and outcome.margin == 1
    assert outcome.describe() == "Atk 16 vs Def 15: hit by 1"


def test_a_tie_goes_to_the_attacking_player_and_one_short_misses() -> None:
    assert pc_attack_hits(15, 15).hit
    assert not pc_attack_hits(14, 15).hit


def test_krrmyrra_def_8m_rolling_4_vs_atk_10_is_hit() -> None:
    outcome = npc_attack_hits(4, 10)
    assert outcome.hit and outcome.margin == 6
    assert outcome.describe() == "Def 4 vs Atk 10: hit by 6"


def test_a_tie_goes_to_the_defending_player() -> None:
    assert not npc_attack_hits(10, 10).hit
    assert npc_attack_hits(9, 10).hit


def test_hurakkimm_ar_16_vs_dmg_20_takes_4() -> None:
    assert wounding_damage(20, 16) == 4
    assert wounding_damage(20, 12) == 8  # the book's "20 - 12" example


def test_25_damage_vs_ar_10_deals_15_and_armor_above_damage_deals_nothing() -> None:
    assert wounding_damage(25, 10) == 15
    assert wounding_damage(9, 10) == 0


def test_five_missiles_12_damage_vs_ar_10_make_10_wounds() -> None:
    assert wounding_damage(12, 10, attacks=5) == 10
    assert wounding_damage(10, 12, attacks=5) == 0  # one roll stopped: every attack stopped


def test_npc_dies_with_any_critical_damage() -> None:
    hurt = wound_npc(0, 20, 15)
    assert (hurt.wounds, hurt.critical_damage, hurt.would_die) == (15, 0, False)
    exact = wound_npc(15, 20, 5)
    assert (exact.wounds, exact.critical_damage, exact.would_die) == (20, 0, False)
    over = wound_npc(20, 20, 1)
    assert (over.critical_damage, over.would_die) == (1, True)
    assert over.describe() == "1 wounding damage: 21/20, 1 critical damage: dies"


def test_what_to_ask_when_an_npc_attacks() -> None:
    ask = defense_request(r("8M"), 10)
    assert ask.prompt == "roll Def 8M vs 10"
    assert ask.chance_fail == 1 - chance_at_least(r("8M"), 10)  # the chance he is hit
    armor = armor_request(r("6M"), 20)
    assert armor.prompt == "roll AR 6M vs Dmg 20"
    assert armor.chance_success == chance_at_least(r("6M"), 20)


def test_the_hurakkimm_roll_read_from_real_dice() -> None:
    # 6M, die 4, doubling 2: 4 x 2 x 2 = 16 stopped of the pirate's 20.
    assert wounding_damage(20, resolve_faces(r("6M"), 4, ["2"]).result) == 4


def test_attack_request_shows_the_adjusted_rating() -> None:
    ask = attack_request(r("6M"), 15, ["+1c"])
    assert ask.rating == r("6H")
    assert ask.prompt == "roll Atk 6H (6M +3d) vs 15"
    assert ask.chance_success == chance_at_least(r("6H"), 15)


def test_adjustments_are_summed_before_moving() -> None:
    assert apply_adjustments(r("6LB"), ["-1d", "+1d"]) == r("6LB")
    with pytest.raises(RulesError, match="below 6LB"):
        apply_adjustments(r("6LB"), ["-1d"])


JUNK = st.one_of(
    st.none(), st.booleans(), st.text(max_size=3), st.floats(allow_nan=False),
    st.integers(max_value=-1),
)


@given(st.integers(0, 10**6), st.integers(0, 10**6), st.integers(1, 50))
def test_wounds_are_never_negative_and_scale_with_attacks(dmg: int, ar: int, n: int) -> None:
    one = wounding_damage(dmg, ar)
    assert one >= 0 and one == max(0, dmg - ar)
    assert wounding_damage(dmg, ar, attacks=n) == n * one


@given(JUNK, st.integers(0, 100))
def test_bad_numbers_raise_a_rules_error_naming_the_input(bad: object, good: int) -> None:
    for call in (
        lambda: pc_attack_hits(bad, good),  # type: ignore[arg-type]
        lambda: npc_attack_hits(good, bad),  # type: ignore[arg-type]
        lambda: wounding_damage(bad, good),  # type: ignore[arg-type]
        lambda: wound_npc(good, bad, good),  # type: ignore[arg-type]
        lambda: defense_request(r("8M"), bad),  # type: ignore[arg-type]
    ):
        with pytest.raises(RulesError, match="must be"):
            call()


def test_zero_attacks_is_refused() -> None:
    with pytest.raises(RulesError, match="number of attacks must be at least 1"):
        wounding_damage(10, 2, attacks=0)


@given(st.integers(0, 200), st.integers(0, 200))
def test_hit_rules_are_mirror_images(roll: int, value: int) -> None:
    # Ties go to the player both ways: a PC's roll equal to the NPC's number is in his favour.
    assert pc_attack_hits(roll, value).hit == (roll >= value)
    assert npc_attack_hits(roll, value).hit == (roll < value)
    assert pc_attack_hits(roll, value).margin == abs(roll - value) >= 0
    assert isinstance(defense_request(r("8M"), value).chance_fail, Fraction)
