"""The seeds' dice systems (issue 18), each against its document's own tables and examples,
hand computations, brute force, and 200,000 seeded rolls; and what every system promises:
odds that never rise with the difficulty, charts that sum to one."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from console.rules.errors import RulesError
from console.rules.systems import SYSTEMS, d10pool, facade, metalface, system

# ----- Metalface ---------------------------------------------------------------------------


def test_metascape_difficulties_by_number_or_by_table_6s_word() -> None:
    metascape = system("metascape")
    assert [metascape.parse_difficulty(t) for t in ("15", "Moderate", "very  difficult",
                                                     "HARD", "Almost Impossible")] == \
        [15, 15, 40, 30, 100]
    with pytest.raises(RulesError, match="a number or a word of Table 6"):
        metascape.parse_difficulty("moderat")


def test_metalface_difficulties_are_the_documents() -> None:
    assert metalface.DIFFICULTIES == {"easy": 4, "normal": 5, "hard": 6, "extreme": 8,
                                      "insane": 12}
    assert metalface.parse_difficulty("Hard") == 6 and metalface.parse_difficulty("7") == 7


@pytest.mark.parametrize(("roll", "difficulty", "chance"), [
    ("1d6", "hard", Fraction(1, 6)),  # a six on one die
    ("2d6", "hard", Fraction(11, 36)),  # at least one six of two: 1 - (5/6)^2
    ("3d6+2", "hard", Fraction(7, 8)),  # needs a 4 on the highest: 1 - (3/6)^3
    ("3d6+2", "normal", Fraction(26, 27)),  # needs a 3: 1 - (2/6)^3
    ("4d6", "insane", Fraction(0)),  # 12 is out of reach without bonuses
    ("2d6+6", "insane", Fraction(11, 36)),
    ("1d6+5", "easy", Fraction(1)),
])
def test_metalface_odds_by_hand(roll: str, difficulty: str, chance: Fraction) -> None:
    spec = metalface.parse(roll)
    assert metalface.chance(spec, metalface.parse_difficulty(difficulty)) == chance


def test_metalface_keeps_the_highest_die() -> None:
    spec = metalface.parse("3d6+2")
    reading = metalface.read_faces(spec, "2,5,3")
    assert (reading.total, reading.text) == (7, "highest 5 +2 = 7")
    assert metalface.verdict(spec, reading, 6).text == "success: 7 vs Hard 6"
    with pytest.raises(RulesError, match="type 3 faces from 1 to 6"):
        metalface.read_faces(spec, "2,7,1")


def test_metalface_opposed_rolls_and_faith() -> None:
    win, standoff, lose = metalface.opposed(metalface.parse("1d6"), metalface.parse("1d6"))
    assert (win, standoff, lose) == (Fraction(15, 36), Fraction(6, 36), Fraction(15, 36))
    win, standoff, lose = metalface.opposed(metalface.parse("2d6"), metalface.parse("1d6"))
    assert win > lose and win + standoff + lose == 1
    assert [metalface.faith_bonus(face) for face in range(1, 7)] == [0, 0, 1, 1, 2, 2]


@pytest.mark.parametrize("text", ["0d6", "21d6", "3d8", "3d6+99", "x", ""])
def test_metalface_refuses(text: str) -> None:
    with pytest.raises(RulesError):
        metalface.parse(text)


# ----- Façade ----------------------------------------------------------------------------------

def test_facade_trait_table() -> None:
    table = {1: (2,), 2: (4,), 3: (6,), 4: (8,), 5: (10,), 6: (12,), 7: (10, 4),
             8: (10, 6), 9: (10, 8), 10: (10, 10), 11: (10, 12), 12: (10, 10, 4),
             13: (10, 10, 6), 14: (10, 10, 8), 15: (10, 10, 10), 16: (10, 10, 12),
             17: (10, 10, 10, 4), 18: (10, 10, 10, 6)}
    assert {t: facade.trait_dice(t) for t in range(1, 19)} == table


@pytest.mark.parametrize(("margin", "found"), [
    (-3, "failure"), (-2, "near_miss"), (-1, "near_miss"), (0, 0), (2, 0), (3, 1), (5, 1),
    (6, 2), (9, 3), (12, 4), (15, 5), (18, 6), (21, 7), (24, 8), (26, 8), (27, 9), (60, 9),
])
def test_facade_success_levels_are_the_chart(margin: int, found: int | str) -> None:
    assert facade.level(20 + margin, 20) == found


def test_facade_odds_agree_with_every_face_counted() -> None:
    for text, difficulty in (("12", 10), ("8", 9), ("3d6+2", 12), ("d12+d4", 7)):
        spec = facade.parse(text)
        faces = list(itertools.product(*(range(1, size + 1) for size in spec.dice)))
        hits = sum(1 for roll in faces if sum(roll) + spec.bonus >= difficulty)
        assert facade.chance(spec, difficulty) == Fraction(hits, len(faces))


def test_facade_the_documents_contest() -> None:
    # Richard rolls 10 against Conner's 6: full damage; 12 or better would double it.
    assert facade.blow(10, 6) == "full"
    assert facade.blow(12, 6) == "strong" and facade.blow(18, 6) == "savage"
    assert facade.blow(7, 6) == "glancing" and facade.blow(6, 6) == "glancing"
    assert facade.blow(2, 1) == "glancing"  # a win by 1, though it is double
    assert facade.blow(3, 1) == "savage" and facade.blow(3, 0) == "full"
    found = facade.contest(facade.parse("10"), facade.parse("10"))
    assert sum(found.values()) == 1
    assert found["full"] == found["lost_full"]  # the same trait: a fair contest


def test_facade_automatic_successes() -> None:
    assert facade.automatic(facade.parse("13"), 10) == "minimal"
    assert facade.automatic(facade.parse("17"), 10) == "minor"
    assert facade.automatic(facade.parse("12"), 10) is None
    assert facade.automatic(facade.parse("2d10+d4"), 3) is None  # dice, no trait


def test_facade_reads_faces_die_by_die() -> None:
    spec = facade.parse("12")  # 2d10+d4
    assert facade.read_faces(spec, "7,3,2").total == 12
    assert facade.verdict(spec, facade.read_faces(spec, "10,9,4"), 14).text == (
        "Good Success (level 3): 23 vs 14")  # over by 9: (23 - 14) / 3
    with pytest.raises(RulesError, match="d10, d10, d4"):
        facade.read_faces(spec, "7,3,5")


# ----- d10 pool ----------------------------------------------------------------------------------

def test_d10_pool_by_hand() -> None:
    spec = d10pool.parse("5@3")
    assert d10pool.at_least(spec, 1) == 1 - Fraction(6, 10) ** 5
    assert d10pool.critical_failure(spec) == Fraction(6, 10) ** 5 - Fraction(5, 10) ** 5
    one = d10pool.parse("1@4")  # a coin: 0-4 succeed
    assert d10pool.at_least(one, 2) == Fraction(1, 4)  # a success, then one more
    assert d10pool.at_least(one, 3) == Fraction(1, 8)
    assert d10pool.with_risk(one, 1, 1) == Fraction(1, 2) * (Fraction(9, 10) + Fraction(1, 4))


def test_d10_pool_reads_the_chains() -> None:
    spec = d10pool.parse("3@3")
    assert d10pool.read_faces(spec, "1,2,0,3,8").total == 4  # all succeed, one more, then 8
    assert d10pool.read_faces(spec, "1,5,9").total == 1  # one success: nines do not count
    crit = d10pool.read_faces(d10pool.parse("2@3"), "9,9,9,5")
    assert (crit.total, crit.text) == (-3, "critical failure (3 nines)")
    assert d10pool.read_faces(spec, "5,6,7").text == "failure"
    with pytest.raises(RulesError, match="rolled on only while"):
        d10pool.read_faces(spec, "1,5,7,2")


def test_d10_pool_agrees_with_every_face_counted() -> None:
    spec = d10pool.parse("3@2")
    faces = list(itertools.product(range(10), repeat=3))
    for needed in (1, 2):  # below the pool's size, no chain is involved
        hits = sum(1 for roll in faces if sum(f <= 2 for f in roll) >= needed)
        assert d10pool.at_least(spec, needed) == Fraction(hits, len(faces))
    crits = sum(1 for roll in faces if all(f > 2 for f in roll) and 9 in roll)
    assert d10pool.critical_failure(spec) == Fraction(crits, len(faces))


def test_facade_refuses_a_chart_too_wide_to_work_out() -> None:
    with pytest.raises(RulesError, match="at most 300 faces"):
        facade.parse("20d100")


@pytest.mark.parametrize("text", ["0@3", "31@3", "5@9", "5", "5@-1"])
def test_d10_pool_refuses(text: str) -> None:
    with pytest.raises(RulesError):
        d10pool.parse(text)


# ----- every system ----------------------------------------------------------------------------

EXAMPLES = {"metascape": "8M", "metalface": "3d6+2", "facade": "12", "d10pool": "5@3"}
DIFFICULTIES = {"metascape": 15, "metalface": 6, "facade": 12, "d10pool": 2}


@pytest.mark.parametrize("name", sorted(SYSTEMS))
def test_charts_sum_to_one(name: str) -> None:
    chosen = system(name)
    assert chosen.chart(chosen.parse(EXAMPLES[name])).total() == 1


@pytest.mark.parametrize("name", ["metalface", "facade", "d10pool"])
def test_200000_seeded_rolls_within_4_standard_errors(name: str) -> None:
    chosen = system(name)
    spec = chosen.parse(EXAMPLES[name])
    difficulty = DIFFICULTIES[name]
    rng = random.Random(18)
    n = 200_000
    hits = sum(1 for _ in range(n) if chosen.roll(spec, rng).total >= difficulty)
    p = float(chosen.chance(spec, difficulty))
    assert abs(hits / n - p) <= 4 * math.sqrt(p * (1 - p) / n)


SPECS = {
    "metalface": st.builds(lambda d, b: f"{d}d6{b:+d}", st.integers(1, 8), st.integers(-3, 6)),
    "facade": st.one_of(st.integers(1, 18).map(str),
                        st.builds(lambda n, s: f"{n}d{s}", st.integers(1, 3),
                                  st.sampled_from([4, 6, 8, 10, 12]))),
    "d10pool": st.builds(lambda d, e: f"{d}@{e}", st.integers(1, 8), st.integers(0, 8)),
    "metascape": st.sampled_from(["6L", "8M", "10H", "6LV"]),
}


@pytest.mark.parametrize("name", sorted(SYSTEMS))
@settings(max_examples=25, deadline=None)
@given(data=st.data(), low=st.integers(1, 40))
def test_odds_never_rise_with_the_difficulty(name: str, data: st.DataObject, low: int) -> None:
    chosen = system(name)
    spec = chosen.parse(data.draw(SPECS[name]))
    chances = [chosen.chance(spec, d) for d in range(low, low + 12)]
    assert all(a >= b for a, b in itertools.pairwise(chances))
    assert all(0 <= c <= 1 for c in chances)


def test_an_unknown_system_is_named() -> None:
    with pytest.raises(RulesError, match="metascape, metalface, facade, d10pool"):
        system("gurps")
