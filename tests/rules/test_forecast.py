"""The encounter forecast (issue 17): exact exchanges drawn honestly, fights that end as a
lopsided matchup must, seeded repeatability, and Table 18's thresholds row by row."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from console.rules.combat_odds import npc_attack_odds, pc_attack_odds
from console.rules.errors import RulesError
from console.rules.forecast import (
    BOOK,
    ROWS,
    UNPRINTED,
    FightEnd,
    Matchup,
    NpcFighter,
    PcFighter,
    Reading,
    classify,
    forecast,
)
from console.rules.forecast.exchange import npc_hits_pc, pc_hits_npc
from console.rules.ratings import Rating, RatingType

R = Rating.parse


def hero(name: str = "Vera", level: str = "8M", **changes: object) -> PcFighter:
    fields: dict[str, object] = dict(def_=R(level), ar=R("6M"), vit=20, vit_rating=R("10L"),
                                     nish=R("8M"), wp=R("8M"), atk=R(level), dmg=R("10M"),
                                     healing=R("6M"))
    fields.update(changes)
    return PcFighter(name, **fields)  # type: ignore[arg-type]


def foe(name: str = "Skrak", **changes: int) -> NpcFighter:
    values = dict(atk=15, def_=16, dmg=12, ar=4, vit=12, nish=10)
    values.update(changes)
    return NpcFighter(name, **values)  # type: ignore[arg-type]


# ----- one exchange, exactly and drawn ---------------------------------------------------------

def test_a_pc_attack_sampler_holds_the_dice_engines_exact_odds() -> None:
    sampler = pc_hits_npc(R("8M"), R("10M"), 16, 4, 12)
    odds = pc_attack_odds(R("8M"), R("10M"), 16, 4, 12)
    assert sum(sampler.exact) == 1
    assert 1 - sampler.chance_of(0) == odds.chance_wounded
    assert sampler.chance_of(13) == odds.chance_kill  # Vit 12: 13 wounds kill him
    expected = sum((v * p for v, p in zip(sampler.values, sampler.exact, strict=True)),
                   Fraction(0))
    assert expected == odds.expected_wounds  # the same capped mean


def test_an_npc_attack_sampler_holds_the_dice_engines_exact_odds() -> None:
    sampler = npc_hits_pc(R("8M"), R("6M"), 15, 12, attacks=2)
    odds = npc_attack_odds(R("8M"), R("6M"), 15, 12, attacks=2)
    assert 1 - sampler.chance_of(0) == odds.chance_wounded
    assert sum((v * p for v, p in zip(sampler.values, sampler.exact, strict=True)),
               Fraction(0)) == odds.expected_wounds


def test_mixed_types_convert_damage_as_the_detail_pane_does() -> None:
    # A PC's 10M damage (20 points on average) on a vehicle counts in tens.
    sampler = pc_hits_npc(R("8M"), R("10HV"), 10, 2, 5, RatingType.V)
    odds = pc_attack_odds(R("8M"), R("10HV"), 10, 2, 5, npc_type=RatingType.V,
                          atk_adjustments=["+1c"])  # Table 13: Personal on Vehicle, +1c
    assert sampler.chance_of(6) == odds.chance_kill


@pytest.mark.parametrize("kind", ["pc", "npc"])
def test_200000_draws_agree_with_the_exact_chances_within_4_standard_errors(kind: str) -> None:
    sampler = (pc_hits_npc(R("8M"), R("10M"), 16, 4, 12) if kind == "pc"
               else npc_hits_pc(R("8M"), R("6M"), 15, 12))
    draw = random.Random(2026).random
    n = 200_000
    counts: dict[int, int] = {}
    for _ in range(n):
        value = sampler.draw(draw())
        counts[value] = counts.get(value, 0) + 1
    for value, exact in zip(sampler.values, sampler.exact, strict=True):
        p = float(exact)
        error = math.sqrt(p * (1 - p) / n)
        assert abs(counts.get(value, 0) / n - p) <= 4 * error + 1e-12, value


# ----- whole fights ------------------------------------------------------------------------------

def test_four_strong_pcs_against_one_weak_npc_come_out_untouched() -> None:
    party = tuple(hero(f"PC {n}", "10H") for n in range(4))
    weakling = foe("Rat", atk=2, def_=2, dmg=3, ar=0, vit=2, nish=1)
    result = forecast(Matchup(party, (weakling,)), 2000, 1)
    assert result.outcomes["untouched"] > 0.9
    assert result.rounds_median == 1 and result.foes_left < 0.05


def test_one_weak_pc_against_six_strong_npcs_dies_or_flees() -> None:
    horde = tuple(foe(f"Brute {n}", atk=40, def_=40, dmg=40, ar=20, vit=60, nish=30)
                  for n in range(6))
    result = forecast(Matchup((hero("Kess", "6L"),), horde), 2000, 1)
    assert result.outcomes["death"] + result.outcomes["rout"] > 0.9
    assert result.pcs[0].down > 0.95


def test_pcs_above_every_npc_act_one_after_another_not_at_once() -> None:
    # Each hit kills a rat: acting in turn, the second PC takes the rat still up (acting at
    # once, both struck the same one and the other bit back: 60% untouched, 2 rounds).
    party = tuple(hero(name, ar=R("6L"), atk=R("10H"), dmg=R("10H"), nish=R("10M"))
                  for name in ("Vera", "Kara"))
    rats = tuple(foe(f"Rat {n}", atk=15, def_=5, dmg=10, ar=0, vit=5, nish=1) for n in (1, 2))
    result = forecast(Matchup(party, rats), 4000, 1)
    assert result.outcomes["untouched"] > 0.85 and result.rounds_median == 1


def test_the_same_seed_gives_the_same_json_and_another_seed_differs() -> None:
    matchup = Matchup((hero("Vera"), hero("Kara")), (foe("Skrak 1"), foe("Skrak 2")))
    first = json.dumps(forecast(matchup, 500, 7).to_json())
    assert json.dumps(forecast(matchup, 500, 7).to_json()) == first
    assert json.dumps(forecast(matchup, 500, 8).to_json()) != first


def test_a_party_already_bleeding_fares_worse_than_a_fresh_one() -> None:
    foes = (foe("Skrak 1"), foe("Skrak 2"), foe("Skrak 3"))
    fresh = forecast(Matchup((hero("Vera"), hero("Kara")), foes), 3000, 3)
    bleeding = forecast(Matchup((hero("Vera", wounds=22), hero("Kara", wounds=15)), foes,
                                rounds_before=2), 3000, 3)
    assert bleeding.pcs[0].down > fresh.pcs[0].down + 0.3
    assert bleeding.outcomes["untouched"] == 0  # already wounded: never untouched
    assert bleeding.rounds_median >= 3  # rounds count from the fight's start


def test_shares_sum_to_one_and_the_book_column_is_the_tables() -> None:
    result = forecast(Matchup((hero(),), (foe(),)), 300, 1)
    assert math.isclose(sum(result.outcomes.values()) + result.undecided, 1.0)
    assert list(result.outcomes) == [*ROWS, "party_down"]
    printed = [BOOK[row] for row in ROWS if BOOK[row] is not None]
    assert sum(printed, Fraction(0)) + UNPRINTED == 1  # rows 1 and 7 share the rest
    assert result.to_json()["book"] == {"untouched": None, "slight": 0.2, "moderate": 0.5,
                                        "heavy_win": 0.1, "heavy_flee": 0.05, "rout": 0.05,
                                        "death": None, "party_down": None}
    reading = result.to_json()["reading"]
    assert isinstance(reading, dict)
    assert (reading["slight"], reading["moderate"], reading["flee"]) == (0.25, 0.6, 0.5)


def test_a_fight_nobody_can_win_is_undecided_not_a_flight() -> None:
    """Armour neither side's damage gets through: no Table 18 row fits thirty rounds of
    nothing; it was read as "heavily wounded, must flee" with nobody hurt."""
    stalemate = forecast(Matchup((hero(ar=R("10H")),), (foe(dmg=1, ar=60, vit=10_000),)), 200, 4)
    # (The doubling die can still bring down 10,000 Vit: about one run in two hundred.)
    assert stalemate.undecided > 0.95 and stalemate.outcomes["heavy_flee"] == 0
    assert stalemate.rounds_median == 30
    assert stalemate.to_json()["undecided"] == stalemate.undecided


def test_runs_have_a_range() -> None:
    with pytest.raises(RulesError, match="runs: 1 to 200,000"):
        forecast(Matchup((hero(),), (foe(),)), 0)
    with pytest.raises(RulesError, match="runs"):
        forecast(Matchup((hero(),), (foe(),)), 10**12)


ratings = st.sampled_from(["6L", "10L", "8M", "6H", "10H"]).map(R)
values = st.integers(0, 60)


@settings(max_examples=40, deadline=None)
@given(pcs=st.lists(st.tuples(ratings, ratings, st.integers(1, 40)), min_size=1, max_size=3),
       npcs=st.lists(st.tuples(values, values, values, values, st.integers(0, 40), values,
                               st.sampled_from(list(RatingType)[1:4]), st.integers(1, 3)),
                     min_size=1, max_size=4),
       seed=st.integers(0, 99))
def test_any_matchup_forecasts_shares_that_add_up(pcs, npcs, seed) -> None:  # type: ignore[no-untyped-def]
    party = tuple(PcFighter(f"P{n}", def_=d, ar=a, vit=v, vit_rating=d, nish=a, wp=d, atk=d,
                            dmg=a) for n, (d, a, v) in enumerate(pcs))
    foes = tuple(NpcFighter(f"N{n}", atk, dfn, dmg, ar, vit, nish, kind, attacks)
                 for n, (atk, dfn, dmg, ar, vit, nish, kind, attacks) in enumerate(npcs))
    result = forecast(Matchup(party, foes), 30, seed)
    assert math.isclose(sum(result.outcomes.values()) + result.undecided, 1.0)
    assert all(0 <= fate.dead <= fate.down <= 1 for fate in result.pcs)
    # A death is a PC's death: the runs filed under death or rout are those someone died in.
    died = result.outcomes["death"] + result.outcomes["rout"]
    dead = [fate.dead for fate in result.pcs]
    assert max(dead) - 1e-9 <= died <= sum(dead) + 1e-9
    if len(party) == 1:
        assert result.outcomes["death"] == result.pcs[0].dead
    assert 1 <= result.rounds_median <= result.rounds_p90 <= 30


# ----- Table 18's rows ---------------------------------------------------------------------

def end(result: str = "won", worst: float = 0.0, *, critical: bool = False,
        down: bool = False, dead: bool = False) -> FightEnd:
    return FightEnd(result, 3, worst, critical, (down, False), (dead, False), 0)


@pytest.mark.parametrize(("fight", "row"), [
    (end(worst=0.0), "untouched"),
    (end(worst=0.05), "slight"),
    (end(worst=0.25), "slight"),  # 25% of his Vit: still slight
    (end(worst=0.26), "moderate"),
    (end(worst=0.60), "moderate"),  # 60%: still moderate
    (end(worst=0.61), "heavy_win"),
    (end(worst=0.10, down=True), "heavy_win"),  # anyone down: heavily wounded
    (end(worst=1.0, critical=True), "heavy_win"),
    (end("fled", worst=0.7), "heavy_flee"),
    (end("fled", worst=1.2, down=True, dead=True), "rout"),
    (end(worst=1.5, dead=True), "death"),  # won, at the cost of a life
    (end("lost", worst=1.1, down=True, dead=True), "death"),  # lost a life, foes standing
    (end("lost", worst=1.1, down=True), "party_down"),  # all down, none dead: no row
])
def test_each_threshold(fight: FightEnd, row: str) -> None:
    assert classify(fight) == row


def test_a_big_fight_gets_fewer_runs_but_never_under_a_thousand() -> None:
    from console.rules.forecast import RUNS, runs_for

    assert runs_for(Matchup((hero(),), (foe(),))) == RUNS
    assert runs_for(Matchup((hero(),) * 4, (foe(),) * 6)) == RUNS
    assert runs_for(Matchup((hero(),) * 20, (foe(),) * 50)) == 2000  # 2 million / 1,000
    assert runs_for(Matchup((hero(),) * 20, (foe(),) * 100)) == 1000
    assert runs_for(Matchup((hero(),) * 20, (foe(),) * 100), wanted=500) == 500


# ----- death is a PC's death; the reading is the console's, or a spec's (issue 25) -------


def duel(seed: int) -> tuple[float, float, float]:
    """Kess alone against a brute that often drops him: death, party_down, his dying."""
    brute = foe("Brute", atk=22, def_=14, dmg=26, ar=6, vit=40, nish=12)
    result = forecast(Matchup((hero("Kess", "8M", healing=None),), (brute,)), 1500, seed)
    return result.outcomes["death"], result.outcomes["party_down"], result.pcs[0].dead


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_in_a_one_pc_fight_death_is_his_chance_to_die(seed: int) -> None:
    """Issue 25: a one-PC duel read 68.8% death while he died in 16.6% of the runs: the
    runs he lay down, alive, with the foe standing were filed as deaths."""
    death, party_down, dies = duel(seed)
    assert death == dies
    assert party_down > 0  # down and alive: counted apart, never as a death


@pytest.mark.parametrize(("reading", "fight", "row"), [
    (Reading(slight=0.1), end(worst=0.2), "moderate"),
    (Reading(slight=0.3), end(worst=0.3), "slight"),
    (Reading(moderate=0.9), end(worst=0.8), "moderate"),
    (Reading(slight=0.05, moderate=0.05), end(worst=0.06), "heavy_win"),
])
def test_a_reading_moves_the_cut_offs(reading: Reading, fight: FightEnd, row: str) -> None:
    assert classify(fight, reading) == row


def test_the_flight_rule_is_the_readings() -> None:
    """Four PCs against a horde: with the console's reading they run when two are down;
    with a reading that runs at the first one down they flee sooner and more often, and a
    reading of 100% never runs (all down is lost, not fled)."""
    party = tuple(hero(f"PC {n}", "8M") for n in range(4))
    horde = tuple(foe(f"Brute {n}", atk=24, def_=16, dmg=30, ar=6, vit=30, nish=12)
                  for n in range(5))
    usual = forecast(Matchup(party, horde), 1500, 2)
    early = forecast(Matchup(party, horde, reading=Reading(flee=0.25)), 1500, 2)
    never = forecast(Matchup(party, horde, reading=Reading(flee=1.0)), 1500, 2)
    fled = ("heavy_flee", "rout")
    assert sum(early.outcomes[r] for r in fled) > sum(usual.outcomes[r] for r in fled)
    assert sum(never.outcomes[r] for r in fled) == 0
    assert early.reading.flee == 0.25 and early.to_json()["reading"]["flee"] == 0.25  # type: ignore[index]


@pytest.mark.parametrize(("changes", "said"), [
    ({"slight": 0}, "reading.slight"),
    ({"moderate": 1.5}, "reading.moderate"),
    ({"flee": True}, "reading.flee"),
    ({"flee": float("nan")}, "reading.flee"),
    ({"slight": 0.7, "moderate": 0.6}, "cannot be above moderate"),
])
def test_a_reading_out_of_its_range_is_refused(changes: dict[str, object], said: str) -> None:
    with pytest.raises(RulesError, match=said):
        Reading(**changes)  # type: ignore[arg-type]
