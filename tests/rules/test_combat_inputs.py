"""Every combat entry point either works or raises a RulesError: never a TypeError or a crash."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from console.rules import (
    combat,
    combat_modifiers,
    combat_odds,
    explosions,
    healing,
    mixed_types,
    vehicle_damage,
)
from console.rules import critical_damage as cd
from console.rules.errors import RulesError
from console.rules.ratings import Rating, RatingType

ANY = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 60), st.text(max_size=4),
    st.floats(allow_nan=False, allow_infinity=False), st.sampled_from(list(RatingType)),
    st.sampled_from([Rating.parse("8M"), Rating.parse("6LB"), Rating.parse("10HV")]),
    st.lists(st.sampled_from(["+1d", "-1c", "x", 3]), max_size=2),
)

CALLS = {
    "pc_attack_hits": lambda a, b, c: combat.pc_attack_hits(a, b),
    "npc_attack_hits": lambda a, b, c: combat.npc_attack_hits(a, b),
    "wounding_damage": lambda a, b, c: combat.wounding_damage(a, b, attacks=c),
    "wound_npc": lambda a, b, c: combat.wound_npc(a, b, c),
    "defense_request": lambda a, b, c: combat.defense_request(a, b, c),
    "armor_request": lambda a, b, c: combat.armor_request(a, b),
    "attack_request": lambda a, b, c: combat.attack_request(a, b, c),
    "npc_attack_odds": lambda a, b, c: combat_odds.npc_attack_odds(
        Rating.parse("8M"), a, b, c),
    "pc_attack_odds": lambda a, b, c: combat_odds.pc_attack_odds(
        a, Rating.parse("8M"), b, 3, c),
    "results_below": lambda a, b, c: combat_odds.results_below(a, b),
    "player_adjustment": lambda a, b, c: combat_modifiers.player_adjustment([a], b),
    "type_shift": lambda a, b, c: mixed_types.type_shift(a, b),
    "convert_damage": lambda a, b, c: mixed_types.convert_damage(a, b, c),
    "blast_rings": lambda a, b, c: explosions.blast_rings(a),
    "natural_healing": lambda a, b, c: healing.natural_healing(a, b, resting=True),
    "pc_condition": lambda a, b, c: cd.apply_check_result(cd.PcCondition(a, b), c, 5),
    "take_damage": lambda a, b, c: cd.take_damage(cd.PcCondition(30, 20), a),
    "vessel": lambda a, b, c: vehicle_damage.hit_vessel(vehicle_damage.VesselCondition(a), b, c),
    "failure_effect": lambda a, b, c: vehicle_damage.failure_effect(a, b),
    "ship_system": lambda a, b, c: vehicle_damage.ship_system(a, b),
    "system_failure_check": lambda a, b, c: vehicle_damage.system_failure_check(a, b, c),
    "roll_system_failure": lambda a, b, c: vehicle_damage.roll_system_failure(
        a, random.Random(0)),
}


@pytest.mark.parametrize("name", sorted(CALLS))
@settings(max_examples=60, deadline=None)
@given(a=ANY, b=ANY, c=ANY)
def test_works_or_raises_rules_error(name: str, a: object, b: object, c: object) -> None:
    try:
        CALLS[name](a, b, c)
    except RulesError as error:
        assert str(error)  # a message for the GM, never empty
