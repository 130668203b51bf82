"""The players' view's privacy rules (issue 16): hidden combatants, health words, no NPC
numbers, no notes, hazards without their difficulties."""

from __future__ import annotations

import importlib
import json

import pytest

from console.model import Encounter, ModelError, PlayerCharacter, Side, Status
from console.model.encounters import Combatant, Condition
from console.model.hazards import attach_hazard
from console.model.player_view import health_word, player_picture
from console.model.tracker import (
    add_combatant,
    call_for_nish,
    next_turn,
    set_status,
    toggle_hidden,
)
from console.rules.hazards import MODULE_NAMES, suffocation

PCS = {1: PlayerCharacter.new(1, "Vera", vit_max="20").with_changes(wounds=7)}


@pytest.mark.parametrize(("wounds", "vit", "status", "word"), [
    (0, 12, Status.ACTIVE, "unhurt"),
    (1, 12, Status.ACTIVE, "hurt"),
    (5, 12, Status.ACTIVE, "hurt"),  # under half
    (6, 12, Status.ACTIVE, "badly hurt"),  # exactly half
    (12, 12, Status.ACTIVE, "badly hurt"),  # at his Vit: 0 CD, still standing
    (13, 12, Status.ACTIVE, "critical"),  # past his Vit and up: the GM kept him up
    (0, 12, Status.UNCONSCIOUS, "down"),
    (0, 12, Status.DEAD, "down"),
    (0, None, Status.ACTIVE, "unhurt"),
    (40, None, Status.ACTIVE, "hurt"),  # no Vit: nothing says how far from down
    (1, 0, Status.ACTIVE, "critical"),
    (13, 12, Status.DEAD, "down"),  # the blow killed him
])
def test_health_words(wounds: int, vit: int | None, status: Status, word: str) -> None:
    assert health_word(wounds, vit, status) == word


def _fight() -> Encounter:
    encounter = Encounter(1, "Ambush at the dock (secret: the captain's men)")
    encounter = add_combatant(encounter, "Vera", Side.PC, ref=1).encounter
    encounter = add_combatant(encounter, "Skrak", Side.NPC, recorded_nish=14,
                              vit_max=12).encounter
    encounter = add_combatant(encounter, "Sniper", Side.NPC, recorded_nish=18,
                              vit_max=10).encounter
    encounter = encounter.with_changes(combatants=tuple(
        c.with_changes(wounds=7, notes="carries the key") if c.name == "Skrak" else c
        for c in encounter.combatants),
        conditions=(Condition("Stunned", 1, 2, notes="GM: he fakes it"),
                    Condition("Smoke", None, 3), Condition("Marked", 2)))
    return toggle_hidden(encounter, 3).encounter


def test_a_hidden_combatant_is_left_out_until_revealed() -> None:
    encounter = call_for_nish(_fight(), {1: 12}).encounter
    picture = player_picture("Dock", 2, encounter, PCS)
    assert [row.name for row in picture.rows] == ["Skrak", "Vera"]
    # His turn (Nish 18) comes first: the players see the round as if it began with the
    # first turn they can see (a ▶ on no one would tell them someone unseen acts).
    assert encounter.current == "c3"
    assert [row.mark for row in picture.rows] == ["now", "next"]
    assert player_picture("Dock", 2, next_turn(encounter).encounter, PCS) == picture
    revealed = player_picture("Dock", 2, toggle_hidden(encounter, 3).encounter, PCS)
    assert [(row.name, row.mark) for row in revealed.rows] == [
        ("Sniper", "now"), ("Skrak", "next"), ("Vera", "")]
    assert next_turn(encounter).encounter.current == "c2"
    assert player_picture("Dock", 2, next_turn(encounter).encounter, PCS).rows[0].mark == "now"


def test_npcs_show_a_word_and_pcs_their_numbers_states_and_conditions() -> None:
    encounter = call_for_nish(_fight(), {1: 12}).encounter
    skrak, vera = player_picture("Dock", 2, encounter, PCS).rows
    assert (skrak.health, skrak.nish, skrak.states, skrak.conditions) == ("badly hurt", None,
                                                                          (), ())
    assert (vera.health, vera.nish, vera.conditions) == ("13 of 20 Vit left", 12,
                                                         ("Stunned (to round 2)",))
    down = set_status(encounter, 1, Status.UNCONSCIOUS).encounter
    vera = next(r for r in player_picture("Dock", 2, down, PCS).rows if r.name == "Vera")
    assert vera.states == ("unconscious",)


def test_no_stats_notes_or_encounter_name_reach_the_picture() -> None:
    encounter = call_for_nish(toggle_hidden(_fight(), 3).encounter, {1: 12}).encounter
    picture = player_picture("Dock", 2, encounter, PCS)
    text = json.dumps(repr(picture))
    for secret in ("carries the key", "fakes it", "captain", "14", "18"):
        assert secret not in text
    assert picture.in_effect == ("Smoke (to round 3)",)


def test_hazards_show_their_name_and_rounds_never_their_difficulty() -> None:
    encounter = call_for_nish(_fight(), {1: 12}).encounter
    state = suffocation.start(suffocation.Medium.NO_AIR, prepared=False)
    encounter = attach_hazard(encounter, 1, state, "smoke").encounter
    encounter = attach_hazard(encounter, 3, state, "smoke").encounter  # the hidden sniper
    picture = player_picture("Dock", 2, encounter, PCS)
    assert [(h.victim, h.line) for h in picture.hazards] == [("Vera", "out of air: just begun")]


def test_every_lasting_hazard_has_a_line_for_the_players() -> None:
    modules = [importlib.import_module(f"console.rules.hazards.{name}")
               for name in MODULE_NAMES.values()]
    assert all(callable(getattr(module, "for_players", None)) for module in modules)


def test_no_fight_and_removed_combatants() -> None:
    assert not player_picture("Dock", 2, None, PCS).fighting
    encounter = set_status(_fight(), 2, Status.REMOVED).encounter
    assert [r.name for r in player_picture("Dock", 2, encounter, PCS).rows] == ["Vera"]


def test_one_killed_before_the_first_call_for_nish_stays_listed() -> None:
    encounter = set_status(_fight(), 2, Status.DEAD).encounter
    rows = player_picture("Dock", 2, encounter, PCS).rows
    assert [(r.name, r.health) for r in rows] == [("Vera", "13 of 20 Vit left"), ("Skrak", "down")]


def test_hidden_survives_a_save() -> None:
    combatant = Combatant(4, "Lurker", hidden=True)
    assert Combatant.from_dict(json.loads(json.dumps(combatant.to_dict()))).hidden
    assert not Combatant.from_dict({"id": 4, "name": "Old file"}).hidden


def test_a_hidden_turn_leaves_the_picture_as_the_shown_turn_before_it() -> None:
    """Issue 27: while only hidden combatants act, the ▶ stays where the last shown turn
    put it, and nothing else moves: the table cannot tell someone unseen acts."""
    encounter = Encounter(1, "Alley")
    encounter = add_combatant(encounter, "Kira", Side.PC, ref=1).encounter
    encounter = add_combatant(encounter, "Assassin", Side.NPC, recorded_nish=15).encounter
    encounter = add_combatant(encounter, "Guard", Side.NPC, recorded_nish=10).encounter
    encounter = toggle_hidden(encounter, 2).encounter
    kira = call_for_nish(encounter, {1: 20}).encounter  # Kira 20, the Assassin 15, Guard 10
    assassin = next_turn(kira).encounter
    assert assassin.current == "c2"
    for settings in (PlayersSettings(), FOES):
        before = player_picture("Dock", 2, kira, PCS, settings)
        during = player_picture("Dock", 2, assassin, PCS, settings)
        assert during == before, settings
        assert (during.rows[0].name, during.rows[0].mark) == ("Kira", "now")
    guard = next_turn(assassin).encounter
    assert [(r.name, r.mark) for r in player_picture("Dock", 2, guard, PCS).rows] == [
        ("Kira", ""), ("Guard", "now")]


def test_a_hidden_turn_on_deck_passes_the_mark_to_the_next_shown_one() -> None:
    encounter = Encounter(1, "Alley")
    encounter = add_combatant(encounter, "Kira", Side.PC, ref=1).encounter
    encounter = add_combatant(encounter, "Assassin", Side.NPC, recorded_nish=15).encounter
    encounter = add_combatant(encounter, "Guard", Side.NPC, recorded_nish=10).encounter
    encounter = toggle_hidden(encounter, 2).encounter
    encounter = call_for_nish(encounter, {1: 20}).encounter
    rows = player_picture("Dock", 2, encounter, PCS).rows
    assert [(r.name, r.mark) for r in rows] == [("Kira", "now"), ("Guard", "next")]


# ----- the GM's choices (issue 28) ---------------------------------------------------------

from datetime import UTC, datetime, timedelta  # noqa: E402

from console.model.player_view import number_foes, shown_name  # noqa: E402
from console.model.table_settings import (  # noqa: E402
    NpcNames,
    PcHealth,
    PlayersSettings,
    TurnTimer,
)
from console.model.tracker import jump_to, toggle_named  # noqa: E402

FOES = PlayersSettings(npc_names=NpcNames.FOES)


def _gang() -> Encounter:
    """Vera (PC, Nish 12) against Skrak (14), a hidden Sniper (18) and Brute (9)."""
    encounter = _fight()
    encounter = add_combatant(encounter, "Brute", Side.NPC, recorded_nish=9).encounter
    return call_for_nish(encounter, {1: 12}).encounter


def test_pcs_health_as_words() -> None:
    words = PlayersSettings(pc_health=PcHealth.WORDS)
    vera = next(r for r in player_picture("Dock", 2, _gang(), PCS, words).rows if r.is_pc)
    assert vera.health == "hurt" and vera.nish == 12  # 7 of 20; his roll is no secret
    hurt = {1: PCS[1].with_changes(wounds=23)}
    vera = next(r for r in player_picture("Dock", 2, _gang(), hurt, words).rows if r.is_pc)
    assert vera.health == "critical"  # past his Vit, still fighting: never "down"
    vera = next(r for r in player_picture("Dock", 2, _gang(), hurt).rows if r.is_pc)
    assert vera.health == "0 of 20 Vit left, critical damage 3"


def test_foes_are_numbered_once_and_keep_their_numbers() -> None:
    encounter = number_foes(_gang())
    numbers = {c.name: c.foe for c in encounter.combatants}
    assert numbers == {"Vera": None, "Skrak": 1, "Sniper": None, "Brute": 2}
    # The sniper revealed: the next number, no one renumbered, no gap ever shown.
    revealed = number_foes(toggle_hidden(encounter, 3).encounter)
    assert {c.name: c.foe for c in revealed.combatants} == {**numbers, "Sniper": 3}
    assert number_foes(revealed) is revealed  # nothing more to give: the same object
    rows = player_picture("Dock", 2, revealed, PCS, FOES).rows
    assert [r.name for r in rows] == ["Foe 3", "Foe 1", "Vera", "Foe 2"]


def test_a_foe_named_to_the_table_shows_his_name() -> None:
    encounter = toggle_named(number_foes(_gang()), 2).encounter
    names = [r.name for r in player_picture("Dock", 2, encounter, PCS, FOES).rows]
    assert names == ["Skrak", "Vera", "Foe 2"]
    assert [r.name for r in player_picture("Dock", 2, encounter, PCS).rows] == [
        "Skrak", "Vera", "Brute"]
    skrak = encounter.combatant(2)
    assert skrak is not None and shown_name(skrak, FOES) == "Skrak"
    with pytest.raises(ModelError, match="no NPC"):
        toggle_named(encounter, 1)


def test_hazards_name_a_foe_as_the_order_does() -> None:
    state = suffocation.start(suffocation.Medium.NO_AIR, prepared=False)
    encounter = attach_hazard(_gang(), 4, state, "smoke").encounter
    picture = player_picture("Dock", 2, encounter, PCS, FOES)
    assert [h.victim for h in picture.hazards] == ["Foe 2"]


def test_npcs_not_yet_acting_can_keep_their_place() -> None:
    kept = PlayersSettings(npcs_waiting=False)
    encounter = _gang()  # the hidden sniper's turn (18); Skrak 14, Vera 12, Brute 9 to come
    picture = player_picture("Dock", 2, encounter, PCS, kept)
    assert [r.name for r in picture.rows] == ["Vera"]
    assert [r.name for r in picture.unplaced] == ["Brute", "Skrak"]  # by name: no order
    assert picture.rows[0].mark == "now"  # the hidden sniper acts: nothing tells
    encounter = next_turn(encounter).encounter  # Skrak's turn: he takes his place
    picture = player_picture("Dock", 2, encounter, PCS, kept)
    assert [(r.name, r.mark) for r in picture.rows] == [("Skrak", "now"), ("Vera", "next")]
    assert [r.name for r in picture.unplaced] == ["Brute"]
    encounter = next_turn(next_turn(encounter).encounter).encounter  # Brute's turn
    picture = player_picture("Dock", 2, encounter, PCS, kept)
    assert [r.name for r in picture.rows] == ["Skrak", "Vera", "Brute"] and not picture.unplaced


def test_npc_conditions_show_when_the_gm_says() -> None:
    encounter = _gang().with_changes(conditions=(Condition("Stunned", 2, 2, notes="GM"),))
    skrak = next(r for r in player_picture("Dock", 2, encounter, PCS).rows
                 if r.name == "Skrak")
    assert skrak.conditions == ()
    shown = PlayersSettings(npc_conditions=True)
    skrak = next(r for r in player_picture("Dock", 2, encounter, PCS, shown).rows
                 if r.name == "Skrak")
    assert skrak.conditions == ("Stunned (to round 2)",) and skrak.states == ()


def test_the_timer_shows_a_turn_the_players_see() -> None:
    start = datetime(2026, 11, 21, 20, 0, tzinfo=UTC)
    encounter = _gang().with_changes(turn_since=start)  # the hidden sniper's turn
    # It counts under the mark that stands in for it: a timer that stopped would tell.
    assert player_picture("Dock", 2, encounter, PCS).turn_since == start
    skrak = jump_to(encounter, 2).encounter.with_changes(turn_since=start)
    picture = player_picture("Dock", 2, skrak, PCS, timer=TurnTimer(limit=60))
    assert (picture.turn_since, picture.turn_limit) == (start, 60)
    off = player_picture("Dock", 2, skrak, PCS, timer=TurnTimer(on=False, limit=60))
    assert (off.turn_since, off.turn_limit) == (None, None)
    data = json.loads(json.dumps(picture.to_dict()))
    assert data["turn_since"] == start.isoformat() and data["turn_limit"] == 60
    assert [row["name"] for row in data["rows"]] == ["Skrak", "Vera", "Brute"]
    assert timedelta(0) < datetime.now(UTC) - start
