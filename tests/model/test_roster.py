"""Roster bookkeeping: numbered copies, shared Nish, duplicates, search, weapon lists."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.model import Combatant, Encounter, NpcTemplate, PlayerCharacter, Side, Stat
from console.model.combat import npc_numbers
from console.model.errors import ModelError
from console.model.roster import (
    duplicate_template,
    format_weapons,
    matches,
    parse_weapons,
    spawn_copies,
    templates_in_use,
    whole_value,
)
from console.model.tracker import add_combatant, call_for_nish, round_order, set_nish
from console.rules.ratings import RatingType

SKRAK = NpcTemplate(4, "Skrak", atk="15", def_="8M", dmg="12", ar="4", vit="20", nish="10",
                    tags=("alien", "hive"))


def test_copies_are_numbered_and_carry_the_templates_values() -> None:
    step = spawn_copies(Encounter(1, "Nest"), SKRAK, 4)
    names = [c.name for c in step.encounter.combatants]
    assert names == ["Skrak 1", "Skrak 2", "Skrak 3", "Skrak 4"]
    first = step.encounter.combatants[0]
    assert (first.ref, first.recorded_nish, first.vit_max, first.side) == (4, 10, 20, Side.NPC)
    assert step.notices == ("Skrak 1 .. Skrak 4 join the encounter",)
    more = spawn_copies(step.encounter, SKRAK, 2).encounter
    assert [c.name for c in more.combatants][-2:] == ["Skrak 5", "Skrak 6"]


def test_copies_share_one_nish_and_act_together() -> None:
    encounter = add_combatant(Encounter(1, "Nest"), "Brice", Side.PC).encounter
    encounter = spawn_copies(encounter, SKRAK, 3).encounter
    encounter = call_for_nish(encounter, {1: 12}).encounter
    encounter = set_nish(encounter, 3, 14).encounter
    assert {c.nish for c in encounter.combatants if c.side is Side.NPC} == {14}
    turns = round_order(encounter).turns
    assert turns[0].tie == turns[1].tie == turns[2].tie is not None  # one bracket
    apart = spawn_copies(Encounter(1, "Nest"), SKRAK, 2, shared_nish=False).encounter
    apart = set_nish(apart, 1, 3).encounter
    assert [c.recorded_nish for c in apart.combatants] == [3, 10]


def test_a_copy_joining_mid_round_acts_this_round() -> None:
    encounter = call_for_nish(Encounter(1, "Nest"), {}).encounter
    encounter = spawn_copies(encounter, SKRAK, 1).encounter
    assert encounter.combatants[0].nish == 10


@pytest.mark.parametrize("count", [0, -1, 51])
def test_spawn_count_is_checked(count: int) -> None:
    with pytest.raises(ModelError, match="spawn 1 to 50"):
        spawn_copies(Encounter(1, "Nest"), SKRAK, count)


def test_templates_in_use() -> None:
    encounter = spawn_copies(Encounter(1, "Nest"), SKRAK, 2).encounter
    assert templates_in_use(encounter, 4) == ["Skrak 1", "Skrak 2"]
    assert templates_in_use(encounter, 5) == [] and templates_in_use(None, 4) == []


def test_duplicate_takes_a_free_name() -> None:
    copy = duplicate_template(SKRAK, 9, ["Skrak", "Skrak (copy)"])
    assert (copy.id, copy.name, copy.def_) == (9, "Skrak (copy 2)", SKRAK.def_)


def test_search_by_name_or_tag() -> None:
    assert matches("skr", "Skrak", ["alien"])
    assert matches("ALIEN sk", "Skrak", ["alien"])
    assert not matches("human", "Skrak", ["alien"])
    assert matches("", "Anything")


def test_weapons_read_and_written() -> None:
    weapons = parse_weapons(" blaster carbine 8M/10L ; knife 6L / 6M;")
    assert [(w.name, str(w.atk), str(w.dmg)) for w in weapons] == [
        ("blaster carbine", "8M", "10L"), ("knife", "6L", "6M")]
    pc = PlayerCharacter.new(1, "Brice", weapons=weapons + parse_weapons("fist -/6L"))
    assert parse_weapons(format_weapons(pc)) == pc.weapons
    with pytest.raises(ModelError, match="like blaster 8M/10L"):
        parse_weapons("blaster 8M")
    with pytest.raises(ModelError, match="die must be 6, 8 or 10"):
        parse_weapons("blaster 9M/10L")


@given(st.text(max_size=40))
def test_any_weapon_text_is_read_or_refused_clearly(text: str) -> None:
    try:
        parse_weapons(text)
    except ModelError as error:
        assert str(error)


# ----- Table 12: a body stat counts in the body's type --------------------------------------


def test_a_10m_vehicles_stats_as_the_book_lists_them() -> None:
    # Table 12: a 10M vehicle has Armor, Damage and Hull Points 10MV; Attack, Defense and
    # Initiative 10MP. 10MV is 200 Personal points, 20 Vehicle points.
    vehicle = NpcTemplate(1, "Skiff", atk="10MP", def_="10M", dmg="10MV", ar="10M", vit="10MV",
                          nish="10MP", body_type="V")
    numbers = npc_numbers(Combatant(1, "Skiff 1", Side.NPC, ref=1), vehicle)
    assert (numbers.atk, numbers.def_) == (20, 20)  # Personal, as always
    assert (numbers.dmg, numbers.ar, numbers.vit) == (20, 20, 20)  # Vehicle points, not 200
    assert whole_value(vehicle, "vit") == 20 and whole_value(vehicle, "nish") == 20


def test_an_explicit_type_means_exactly_that_rating() -> None:
    assert Stat("10MV").points(RatingType.V) == 20
    assert Stat("10MP").points(RatingType.V) == 2  # a Personal 20 is 2 Vehicle points
    assert Stat("10M").points(RatingType.V) == 20  # no type: the body's (Table 12)
    assert Stat("15").points(RatingType.S) == 15  # a value is already in the body's points
    assert Stat("6LS").points(RatingType.S) == 6 and Stat("6LS").points(RatingType.P) == 600
