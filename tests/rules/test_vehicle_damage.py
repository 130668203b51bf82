"""Vehicle and ship damage: the Halberd transport and Tables 9, 10 and 11."""

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.rules.errors import RulesError
from console.rules.odds import chance_at_least
from console.rules.ratings import Rating, RatingType
from console.rules.rolling import resolve_faces
from console.rules.vehicle_damage import (
    OTHER_SYSTEM,
    FailureKind,
    VesselCheckKind,
    VesselCondition,
    after_system_failure_check,
    checks_at_damage,
    failure_effect,
    hit_vessel,
    hull_breach_check,
    roll_ship_system,
    roll_system_failure,
    roll_vehicle_system,
    ship_system,
    system_failure_check,
    vehicle_system,
)


def r(text: str) -> Rating:
    return Rating.parse(text)


def test_the_halberd_transport_every_number() -> None:
    armor_roll = resolve_faces(r("8M"), 1, ["1"]).result  # an 8M armor check stopping 2
    assert armor_roll == 2
    hit = hit_vessel(VesselCondition(24), 32, armor_roll)
    assert hit.wounding == 30 and hit.condition.damage == 30
    assert hit.condition.critical_damage == 6
    assert hit.checks_due == (VesselCheckKind.HULL_BREACH, VesselCheckKind.SYSTEM_FAILURE)

    check = system_failure_check(r("6M"), r("10L"), 6)  # transport 6M + damage control 10L
    assert (check.rating, check.difficulty) == (r("8M"), 30)
    assert check.describe() == "system failure: roll 8M vs 30"
    assert check.chance_success == chance_at_least(r("8M"), 30)
    assert check.difficulty > 12  # Sherri's 12 fails
    cascading = after_system_failure_check(hit.condition, success=False)
    assert cascading.system_failure_due_each_round

    assert vehicle_system(8) == "Turret"
    fire = failure_effect(5, 6, "Turret")
    assert fire.kind is FailureKind.FIRE
    assert fire.extinguish_difficulty == 6
    assert fire.atk_dmg == 12  # its operator defends against a Dif 12 fire
    assert fire.repair_difficulty == 12
    assert fire.describe() == (
        "Turret: fire, its user defends vs Atk 12, Dmg 12, Dif 6 to put out; repair Dif 12"
    )
    # A success the next round ends the cascade.
    assert not after_system_failure_check(cascading, success=True).cascading


def test_hull_breach_check_is_armor_with_repair_hull_vs_5_cd() -> None:
    check = hull_breach_check(r("8M"), r("8L"), 6)
    assert (check.rating, check.difficulty) == (r("8M").shifted(1), 30)
    assert hull_breach_check(r("8M"), None, 2).rating == r("8M")


def test_table_10_rows() -> None:
    rows = {d8: failure_effect(d8, 3) for d8 in range(1, 9)}
    assert [rows[d].kind for d in range(1, 9)] == [
        FailureKind.FAILURE] * 3 + [FailureKind.FIRE] * 2 + [FailureKind.BLOW_OUT] * 2 + [
        FailureKind.EXPLOSION]
    assert [(rows[d].atk_dmg, rows[d].repair_difficulty) for d in (1, 4, 6, 8)] == [
        (None, 3), (6, 6), (15, 15), (30, 30)]
    assert rows[6].fire_chance == Fraction(1, 2) and rows[1].fire_chance == 0
    assert "50% chance it catches fire" in rows[6].describe()
    burning = failure_effect(6, 3, "Engine", blow_out_fire=True)
    assert burning.extinguish_difficulty == 3 and "catches fire" in burning.describe()
    assert failure_effect(4, 3, blow_out_fire=False).blow_out_fire is None  # fire: n/a
    assert rows[8].explosive and rows[8].blast == (30, 15, 7, 3, 1)  # 30 .. 1.875
    assert rows[1].blast == ()


def test_tables_9_and_11_lookups() -> None:
    assert [vehicle_system(d) for d in (1, 2, 7, 9, 10)] == [
        "Central Computer", "Engine", "Shields", OTHER_SYSTEM, OTHER_SYSTEM]
    assert ship_system(1, 1) == "Shield" and ship_system(5, 9) == "Sublight Drive"
    assert ship_system(6, 6) == "Turret" and ship_system(10, 3) == "Artificial Gravity"
    for bad in (0, 11, True, "3"):
        with pytest.raises(RulesError, match="d10"):
            vehicle_system(bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="d8"):
        failure_effect(9, 2)


def test_rolled_failures_read_the_tables_with_the_dice_they_report() -> None:
    rng = random.Random(5)
    seen = Counter()
    fires = Counter()
    for _ in range(400):
        failure = roll_system_failure(4, rng)
        assert failure.system == vehicle_system(failure.dice[0])
        if failure.kind is FailureKind.BLOW_OUT:
            d8, d2 = failure.dice[1], failure.dice[2]
            assert failure.blow_out_fire == (d2 == 1)
            assert failure.extinguish_difficulty == (4 if d2 == 1 else None)
            fires[failure.blow_out_fire] += 1
            rebuilt = failure_effect(d8, 4, failure.system, failure.dice[:1],
                                     blow_out_fire=d2 == 1)
            assert failure.dice == (*rebuilt.dice, d2)
        else:
            assert failure == failure_effect(failure.dice[1], 4, failure.system,
                                             failure.dice[:1])
        seen[failure.dice[0]] += 1
    assert set(seen) == set(range(1, 11))  # every d10 face turns up
    assert set(fires) == {True, False}
    ship = roll_system_failure(2, random.Random(1), ship=True)
    assert ship.system == ship_system(ship.dice[0], ship.dice[1])


def test_systems_that_do_not_exist_are_rerolled() -> None:
    rng = random.Random(3)
    for _ in range(50):
        dice, system = roll_vehicle_system(rng, has={"Engine"})
        assert system in {"Engine", OTHER_SYSTEM}
        assert system == vehicle_system(dice[-1])
        dice, system = roll_ship_system(rng, has=())
        assert system == OTHER_SYSTEM and len(dice) % 2 == 0


def test_personal_damage_on_vessels() -> None:
    car = hit_vessel(VesselCondition(20), 48, 0, damage_type=RatingType.P)
    assert car.damage_in_type == 4 and car.condition.damage == 4
    ship = hit_vessel(VesselCondition(20, type=RatingType.S), 288, 1, damage_type=RatingType.P)
    assert ship.damage_in_type == 2 and ship.wounding == 1
    assert hit_vessel(VesselCondition(20), 9, 0, damage_type=RatingType.P).checks_due == ()


def test_no_checks_without_critical_damage() -> None:
    with pytest.raises(RulesError, match="no critical damage"):
        after_system_failure_check(VesselCondition(24, 10), success=False)
    with pytest.raises(RulesError, match="critical damage must be at least 1"):
        system_failure_check(r("6M"), r("10L"), 0)


@given(st.integers(0, 100), st.integers(0, 10**5), st.integers(0, 10**5), st.integers(0, 300))
def test_vessel_damage_never_negative(hp: int, damage: int, armor: int, before: int) -> None:
    hit = hit_vessel(VesselCondition(hp, before), damage, armor)
    assert hit.wounding == max(0, damage - armor)
    assert hit.condition.critical_damage == max(0, before + hit.wounding - hp)
    assert bool(hit.checks_due) == (hit.condition.critical_damage > 0)


@given(st.integers(0, 50), st.integers(0, 50), st.booleans())
def test_a_character_vessels_checks_come_with_critical_damage_or_an_armor_check(
        before: int, more: int, armor_check: bool) -> None:
    """Hull Breach: "This check need not be rolled every round, just once. However, anytime
    an armor check is made another hull breach check must be made so long as critical damage
    exists"; System Failure: "Any time a hull breach roll is required, a system failure
    check is also required"."""
    after = before + more
    due = checks_at_damage(before, after, armor_check=armor_check)
    first = before == 0 < after
    assert bool(due) == (first or (armor_check and after > 0))
    assert due in ((), (VesselCheckKind.HULL_BREACH, VesselCheckKind.SYSTEM_FAILURE))
