"""Exact exchange odds, checked against a brute-force walk of the real roll state machine."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from console.rules.combat_odds import (
    chance_below,
    chance_to_wound,
    npc_attack_odds,
    pc_attack_odds,
    results_below,
)
from console.rules.doubling_die import FACE_CHANCE
from console.rules.errors import RulesError
from console.rules.odds import chance_at_least
from console.rules.ratings import Rating, RatingType
from console.rules.rolling import RollInProgress, scaled_result


def r(text: str) -> Rating:
    return Rating.parse(text)


def brute(rating: Rating, depth: int = 7) -> tuple[dict[int, Fraction], Fraction, int]:
    """Every roll of ``rating`` up to ``depth`` doubling faces, through RollInProgress itself.

    Returns the exact chance of each finished result, the chance left in unfinished rolls and
    the smallest running result among them (every one of them ends at least that high).
    """
    finished: dict[int, Fraction] = {}
    left = Fraction(0)
    least = None
    for die_face in range(1, rating.die + 1):
        paths = [((), Fraction(1, rating.die))]
        for _ in range(depth):
            longer = []
            for faces, p in paths:
                for face, q in FACE_CHANCE.items():
                    progress = RollInProgress(rating, die_face)
                    for earlier in faces:
                        progress.read(earlier)
                    if progress.read(face):
                        result = progress.finish().result
                        finished[result] = finished.get(result, Fraction(0)) + p * q
                    else:
                        longer.append(((*faces, face), p * q))
            paths = longer
        for faces, p in paths:
            progress = RollInProgress(rating, die_face)
            for face in faces:
                progress.read(face)
            running = scaled_result(progress.current, die_face, progress.multiplier)
            least = running if least is None else min(least, running)
            left += p
    return finished, left, least if least is not None else 10**9


@pytest.mark.parametrize("text", ["6L", "8M", "10HV", "8MB", "6LS"])
def test_results_below_match_the_brute_force_walk(text: str) -> None:
    rating = r(text)
    finished, _left, least = brute(rating, depth=5)
    bound = min(least, 300)
    assert results_below(rating, bound) == {
        x: p for x, p in sorted(finished.items()) if x < bound
    }


@pytest.mark.parametrize("text", ["6L", "8M", "10H", "10MB", "8LV"])
def test_results_below_agree_with_chance_at_least(text: str) -> None:
    rating = r(text)
    below = results_below(rating, 200)
    for j in range(0, 201):
        assert sum((p for x, p in below.items() if x < j), Fraction(0)) == chance_below(rating, j)


def expected_npc_brute(pc_def: str, pc_ar: str, atk: int, dmg: int, n: int) -> Fraction:
    defence, _, least_d = brute(r(pc_def))
    armor, _, least_a = brute(r(pc_ar))
    assert least_d >= atk and least_a >= dmg  # unfinished rolls neither hit nor wound
    hit = sum((p for x, p in defence.items() if x < atk), Fraction(0))
    wounds = sum((p * n * max(0, dmg - a) for a, p in armor.items()), Fraction(0))
    return hit * wounds


@pytest.mark.parametrize(
    ("pc_def", "pc_ar", "atk", "dmg", "n"),
    [("8M", "6M", 10, 20, 1), ("6L", "8L", 15, 12, 3), ("10MB", "6H", 2, 30, 1)],
)
def test_npc_attack_expected_wounds_equal_brute_force(
    pc_def: str, pc_ar: str, atk: int, dmg: int, n: int
) -> None:
    odds = npc_attack_odds(r(pc_def), r(pc_ar), atk, dmg, attacks=n)
    assert odds.expected_wounds == expected_npc_brute(pc_def, pc_ar, atk, dmg, n)
    assert odds.chance_hit == 1 - chance_at_least(r(pc_def), atk)


def test_npc_attack_tiny_case_by_hand() -> None:
    # Def 6L vs Atk 1: a Def roll is never below 1 (6L's least is 1), so never hit.
    assert npc_attack_odds(r("6L"), r("6L"), 1, 50).expected_wounds == 0
    # Dmg 1 against AR 6L: wounded only if AR rolls 0, impossible for 6L: 0 wounds.
    assert npc_attack_odds(r("6L"), r("6L"), 100, 1).expected_wounds == 0
    # AR 6LB: results 0..; Dmg 1 wounds 1 exactly when the AR roll is 0.
    odds = npc_attack_odds(r("6L"), r("6LB"), 10**6, 1)
    assert odds.expected_wounds == odds.chance_hit * chance_below(r("6LB"), 1)
    assert odds.expected_wounds == odds.chance_wounded


def test_npc_attack_chance_of_critical_damage() -> None:
    odds = npc_attack_odds(r("8M"), r("6M"), 10, 20, pc_wounds=10, pc_vit_max=16)
    # 7 wounds needed: AR roll <= 13.
    assert odds.chance_critical == odds.chance_hit * chance_below(r("6M"), 14)
    with pytest.raises(RulesError, match="both"):
        npc_attack_odds(r("8M"), r("6M"), 10, 20, pc_wounds=3)


def expected_pc_brute(atk: str, dmg: str, dfn: int, ar: int, cap: int, n: int, conv) -> tuple:
    attack, left_atk, least_atk = brute(r(atk))
    damage, left, least = brute(r(dmg))
    assert least_atk >= dfn
    assert n * max(0, conv(least) - ar) >= cap  # unfinished damage rolls reach the cap
    hit = sum((p for x, p in attack.items() if x >= dfn), left_atk)  # unfinished rolls hit
    capped = sum((p * min(cap, n * max(0, conv(d) - ar)) for d, p in damage.items()), Fraction(0))
    kill = sum((p for d, p in damage.items() if n * max(0, conv(d) - ar) >= cap), Fraction(0))
    return hit * (capped + left * cap), hit * (kill + left)


@pytest.mark.parametrize(
    ("atk", "dmg", "dfn", "ar", "vit", "wounds", "n", "npc_type"),
    [
        ("8M", "10H", 15, 10, 20, 0, 1, RatingType.P),
        ("6L", "8M", 8, 4, 12, 5, 2, RatingType.P),
        ("10M", "10H", 12, 1, 3, 0, 1, RatingType.V),  # Personal damage on a vehicle: /10
    ],
)
def test_pc_attack_capped_expectation_equals_brute_force(
    atk: str, dmg: str, dfn: int, ar: int, vit: int, wounds: int, n: int, npc_type: RatingType
) -> None:
    odds = pc_attack_odds(
        r(atk), r(dmg), dfn, ar, vit, npc_wounds=wounds, attacks=n, npc_type=npc_type
    )
    cap = vit - wounds + 1
    assert odds.wound_cap == cap
    div = 10 ** (npc_type - RatingType.P)
    expected, kill = expected_pc_brute(atk, dmg, dfn, ar, cap, n, lambda d: d // div)
    assert odds.expected_wounds == expected
    assert odds.chance_kill == kill


def test_vehicle_damage_counted_in_vehicle_points_on_a_personal_npc_multiplies() -> None:
    # A PC in a vehicle: his 6L Dmg result counts as vehicle points, x10 on a Personal NPC.
    odds = pc_attack_odds(r("6L"), r("6L"), 3, 25, 40, dmg_type=RatingType.V)
    expected, kill = expected_pc_brute("6L", "6L", 3, 25, 41, 1, lambda d: d * 10)
    assert odds.expected_wounds == expected
    assert odds.chance_kill == kill


def test_pc_attack_urgoth_chance_and_kill_chance() -> None:
    odds = pc_attack_odds(r("8M"), r("10H"), 15, 10, 20)
    assert odds.chance_hit == Fraction("0.45947265625")  # RULES.md reference: P(8M >= 15)
    assert odds.chance_kill == odds.chance_hit * chance_at_least(r("10H"), 31)
    assert odds.chance_kill < odds.chance_wounded < odds.chance_hit


def test_an_npc_kept_up_by_the_gm_has_a_cap_of_one() -> None:
    odds = pc_attack_odds(r("8M"), r("10H"), 15, 10, 20, npc_wounds=25)
    assert odds.wound_cap == 1
    assert odds.chance_kill == odds.chance_wounded


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["6L", "8M", "10H", "6LV", "8MB"]),
    st.sampled_from(["6L", "8M", "10H", "10LB"]),
    st.integers(0, 60),
    st.integers(0, 60),
    st.integers(1, 4),
)
def test_npc_expected_wounds_lie_in_0_to_dmg(
    pc_def: str, pc_ar: str, atk: int, dmg: int, n: int
) -> None:
    odds = npc_attack_odds(r(pc_def), r(pc_ar), atk, dmg, attacks=n)
    assert 0 <= odds.expected_wounds <= n * dmg
    assert 0 <= odds.chance_wounded <= odds.chance_hit <= 1


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["6L", "8M", "10H"]),
    st.sampled_from(["6L", "8M", "10H", "8LV"]),
    st.integers(0, 60),
    st.integers(0, 40),
    st.integers(0, 30),
    st.integers(0, 35),
)
def test_pc_expected_wounds_lie_in_0_to_cap(
    atk: str, dmg: str, dfn: int, ar: int, vit: int, wounds: int
) -> None:
    odds = pc_attack_odds(r(atk), r(dmg), dfn, ar, vit, npc_wounds=wounds)
    assert 0 <= odds.expected_wounds <= odds.wound_cap
    assert 0 <= odds.chance_kill <= odds.chance_wounded <= odds.chance_hit <= 1


@given(st.one_of(st.none(), st.booleans(), st.integers(max_value=-1), st.text(max_size=2)))
def test_bad_inputs_raise_rules_errors(bad: object) -> None:
    with pytest.raises(RulesError):
        npc_attack_odds(r("8M"), r("6M"), bad, 10)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        pc_attack_odds(r("8M"), r("6M"), 10, 5, bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        pc_attack_odds(r("8M"), bad, 10, 5, 10)  # type: ignore[arg-type]


def test_npc_vehicle_dmg_is_converted_to_the_pc_type() -> None:
    odds = npc_attack_odds(r("8M"), r("6M"), 10, 3, dmg_type=RatingType.V)
    assert odds.dmg == 30
    assert odds.expected_wounds == npc_attack_odds(r("8M"), r("6M"), 10, 30).expected_wounds


# ----- bounded work: no typed number, however large, makes the odds slow ------------------


def _term_by_term_pc(atk: Rating, dmg: Rating, dfn: int, ar: int, vit: int, n: int) -> Fraction:
    """E[min(W, cap)] summed one wound at a time (1): the old way, kept as an oracle."""
    cap = vit + 1
    below = results_below(dmg, ar + -(-cap // n))
    total = Fraction(0)
    for j in range(1, cap + 1):
        need = ar + -(-j // n)
        total += 1 - sum((p for d, p in below.items() if d < need), Fraction(0))
    return chance_at_least(atk, dfn) * total


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["6L", "8M", "10H", "6LV"]), st.sampled_from(["8L", "10M", "8H"]),
       st.integers(0, 40), st.integers(0, 30), st.integers(0, 300), st.integers(1, 4))
def test_the_closed_forms_equal_the_sums_one_wound_at_a_time(
        atk: str, dmg: str, dfn: int, ar: int, vit: int, n: int) -> None:
    odds = pc_attack_odds(r(atk), r(dmg), dfn, ar, vit, attacks=n)
    assert odds.expected_wounds == _term_by_term_pc(r(atk), r(dmg), dfn, ar, vit, n)
    npc = npc_attack_odds(r(atk), r(dmg), dfn, vit, attacks=n)
    one_by_one = sum((chance_below(r(dmg), j) for j in range(1, vit + 1)), Fraction(0))
    assert npc.expected_wounds == npc.chance_hit * n * one_by_one


def test_a_vit_or_dmg_of_ten_to_the_twenty_is_answered_at_once() -> None:
    # The typo that froze the console: the sums now run over the roll's results, a few
    # dozen, not over every point up to the typed number.
    odds = pc_attack_odds(r("8M"), r("10H"), 10, 5, 10**20)
    assert odds.wound_cap == 10**20 + 1 and 0 < odds.expected_wounds < 10**4
    assert 0 < odds.chance_kill < Fraction(1, 10**15)
    npc = npc_attack_odds(r("8M"), r("10H"), 10, 10**20)
    assert npc.expected_wounds > npc.chance_hit * (10**20 - 10**6)


@given(st.sampled_from(["6L", "8M", "10L", "10H", "8MV", "6LS"]), st.integers(0, 120),
       st.sampled_from([RatingType.P, RatingType.V, RatingType.S]))
def test_the_chance_to_wound_is_the_share_of_results_over_the_armor(
        text: str, armor: int, target: RatingType) -> None:
    """Exactly the chance of the results that wound once in the target's points, summed
    from the results below a bound and the chance at or over it (every result over it
    wounds)."""
    from console.rules.mixed_types import convert_damage

    rating = r(text)
    bound = 1
    while convert_damage(bound, RatingType.P, target) <= armor:
        bound *= 2
    below = results_below(rating, bound)
    wounding = sum((p for x, p in below.items()
                    if convert_damage(x, RatingType.P, target) > armor), Fraction(0))
    assert chance_to_wound(rating, armor, target) == wounding + chance_at_least(rating, bound)


def test_the_chance_to_wound_a_personal_npc_is_dmg_over_ar() -> None:
    assert chance_to_wound(r("10L"), 6) == chance_at_least(r("10L"), 7) == Fraction(49, 80)
