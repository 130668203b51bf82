"""The players' view's privacy rules (issue 16): hidden combatants, health words, no NPC
numbers, no notes, hazards without their difficulties."""

from __future__ import annotations

import json

import pytest

from console.model import Encounter, PlayerCharacter, Side, Status
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
from console.rules.hazards import MODULE_FOR, suffocation

PCS = {1: PlayerCharacter.new(1, "Vera", vit_max="20").with_changes(wounds=7)}


@pytest.mark.parametrize(("wounds", "vit", "status", "word"), [
    (0, 12, Status.ACTIVE, "unhurt"),
    (1, 12, Status.ACTIVE, "hurt"),
    (5, 12, Status.ACTIVE, "hurt"),  # under half
    (6, 12, Status.ACTIVE, "badly hurt"),  # exactly half
    (12, 12, Status.ACTIVE, "badly hurt"),  # at his Vit: 0 CD, still standing
    (13, 12, Status.ACTIVE, "down"),  # any critical damage kills an NPC
    (0, 12, Status.UNCONSCIOUS, "down"),
    (0, 12, Status.DEAD, "down"),
    (0, None, Status.ACTIVE, "unhurt"),
    (40, None, Status.ACTIVE, "hurt"),  # no Vit: nothing says how far from down
    (1, 0, Status.ACTIVE, "down"),
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
    # His turn (Nish 18) comes first: the players see no one marked as acting.
    assert encounter.current == "c3" and all(row.mark != "now" for row in picture.rows)
    assert [row.mark for row in picture.rows] == ["next", ""]  # Skrak, on deck
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
    assert (vera.health, vera.nish, vera.conditions) == ("7/20", 12, ("Stunned (to round 2)",))
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
    assert all(callable(getattr(module, "for_players", None))
               for module in MODULE_FOR.values())


def test_no_fight_and_removed_combatants() -> None:
    assert not player_picture("Dock", 2, None, PCS).fighting
    encounter = set_status(_fight(), 2, Status.REMOVED).encounter
    assert [r.name for r in player_picture("Dock", 2, encounter, PCS).rows] == ["Vera"]


def test_one_killed_before_the_first_call_for_nish_stays_listed() -> None:
    encounter = set_status(_fight(), 2, Status.DEAD).encounter
    rows = player_picture("Dock", 2, encounter, PCS).rows
    assert [(r.name, r.health) for r in rows] == [("Vera", "7/20"), ("Skrak", "down")]


def test_hidden_survives_a_save() -> None:
    combatant = Combatant(4, "Lurker", hidden=True)
    assert Combatant.from_dict(json.loads(json.dumps(combatant.to_dict()))).hidden
    assert not Combatant.from_dict({"id": 4, "name": "Old file"}).hidden


def test_a_hidden_turn_on_deck_passes_the_mark_to_the_next_shown_one() -> None:
    encounter = Encounter(1, "Alley")
    encounter = add_combatant(encounter, "Kira", Side.PC, ref=1).encounter
    encounter = add_combatant(encounter, "Assassin", Side.NPC, recorded_nish=15).encounter
    encounter = add_combatant(encounter, "Guard", Side.NPC, recorded_nish=10).encounter
    encounter = toggle_hidden(encounter, 2).encounter
    encounter = call_for_nish(encounter, {1: 20}).encounter
    rows = player_picture("Dock", 2, encounter, PCS).rows
    assert [(r.name, r.mark) for r in rows] == [("Kira", "now"), ("Guard", "next")]
