"""The tracker's bookkeeping: rounds, turns, holds, shock, ties, modes, conditions."""

import random

import pytest

from console.model import Encounter, PlayerCharacter, Side, Status
from console.model.checks_owed import checks_due_for
from console.model.encounters import Hold, InitiativeMode, Shock
from console.model.errors import ModelError
from console.model.tracker import (
    END,
    act_now,
    add_combatant,
    add_condition,
    call_for_nish,
    choose_leader,
    current_turn,
    hold,
    jump_to,
    move_in_tie,
    next_turn,
    previous_turn,
    remove_condition,
    round_order,
    set_mode,
    set_nish,
    set_shock,
    set_status,
)


def fight() -> Encounter:
    """Brice (PC), Kara (PC), two Skraks on recorded Nish 10 and a Skrak leader on 14."""
    encounter = Encounter(1, "Ambush")
    for name, side, recorded in [("Brice", Side.PC, None), ("Kara", Side.PC, None),
                                 ("Skrak 1", Side.NPC, 10), ("Skrak 2", Side.NPC, 10),
                                 ("Skrak leader", Side.NPC, 14)]:
        encounter = add_combatant(encounter, name, side, ref=1 if name == "Brice" else None,
                                  recorded_nish=recorded).encounter
    return encounter


def names(encounter: Encounter) -> list[str]:
    by_id = {c.id: c.name for c in encounter.combatants}
    return [" + ".join(by_id[m] for m in t.members) for t in round_order(encounter).turns]


def current_names(encounter: Encounter) -> str:
    turn = current_turn(encounter)
    return "END" if encounter.current == END else ",".join(str(m) for m in turn.members)


def test_call_for_nish_orders_highest_first_and_starts_at_the_top() -> None:
    step = call_for_nish(fight(), {1: 256, 2: 9})
    encounter = step.encounter
    assert encounter.round == 1
    assert names(encounter) == ["Brice", "Skrak leader", "Skrak 1", "Skrak 2", "Kara"]
    assert encounter.current == "c1"
    assert "Round 1: Nish called" in step.notices


def test_turns_run_to_the_end_of_the_round_and_back() -> None:
    encounter = call_for_nish(fight(), {1: 256, 2: 9}).encounter
    seen = [current_names(encounter)]
    for _ in range(5):
        encounter = next_turn(encounter).encounter
        seen.append(current_names(encounter))
    assert seen == ["1", "5", "3", "4", "2", "END"]
    assert "call for Nish" in next_turn(encounter).alerts[0]
    encounter = previous_turn(encounter).encounter
    assert current_names(encounter) == "2"
    assert current_names(jump_to(encounter, 5).encounter) == "5"


def test_a_pc_without_a_roll_waits_until_entered_and_editing_reorders() -> None:
    encounter = call_for_nish(fight(), {1: 12}).encounter
    assert round_order(encounter).waiting == (2,)
    encounter = set_nish(encounter, 2, 30).encounter
    assert names(encounter)[0] == "Kara"
    assert encounter.current == "c5"  # the pointer stays with whoever had the turn


def test_ties_and_the_gms_order_inside_them() -> None:
    encounter = call_for_nish(fight(), {1: 10, 2: 3}).encounter
    order = round_order(encounter)
    assert [t.tie for t in order.turns] == [None, 1, 1, 1, None]
    assert names(encounter)[1:4] == ["Brice", "Skrak 1", "Skrak 2"]
    encounter = move_in_tie(encounter, 4, -1).encounter
    encounter = move_in_tie(encounter, 4, -1).encounter
    assert names(encounter)[1:4] == ["Skrak 2", "Brice", "Skrak 1"]
    # The order inside the tie is remembered into the next round.
    encounter = call_for_nish(encounter, {1: 10, 2: 3}).encounter
    assert names(encounter)[1:4] == ["Skrak 2", "Brice", "Skrak 1"]
    with pytest.raises(ModelError, match="not tied"):
        move_in_tie(encounter, 5, 1)


def test_saved_initiative_passes_the_turn_and_is_lost_at_the_next_nish() -> None:
    encounter = call_for_nish(fight(), {1: 256, 2: 9}).encounter
    step = hold(encounter, 1)
    encounter = step.encounter
    assert encounter.combatant(1).hold is Hold.ALL
    assert encounter.current == "c5"  # Brice held, the Skrak leader is up
    encounter = act_now(encounter, 1).encounter
    assert encounter.combatant(1).hold is Hold.NONE
    assert encounter.current == "c5"
    encounter = hold(encounter, 2, part=True).encounter
    lost = call_for_nish(encounter, {1: 4, 2: 5})
    assert lost.encounter.combatant(2).hold is Hold.NONE
    assert "Kara loses their saved Initiative" in lost.notices
    with pytest.raises(ModelError, match="no saved Initiative"):
        act_now(lost.encounter, 2)


def test_shock_before_the_first_nish_applies_to_round_1_only() -> None:
    encounter = set_shock(fight(), 1, Shock.FAILED).encounter
    encounter = set_shock(encounter, 2, Shock.CRITICAL).encounter
    encounter = call_for_nish(encounter, {1: 256, 2: 40}).encounter
    assert names(encounter)[-1] == "Brice"  # Nish 0
    assert round_order(encounter).waiting == (2,)
    encounter = call_for_nish(encounter, {1: 256, 2: 40}).encounter
    assert names(encounter)[:2] == ["Brice", "Kara"]


def test_unconscious_stays_dead_leaves_and_the_turn_moves_on() -> None:
    encounter = call_for_nish(fight(), {1: 256, 2: 9}).encounter
    encounter = set_status(encounter, 2, Status.UNCONSCIOUS).encounter
    assert "Kara" in names(encounter)
    encounter = set_status(encounter, 1, Status.DEAD).encounter
    assert "Brice" not in names(encounter)
    assert encounter.current == "c5"
    encounter = set_status(encounter, 3, Status.REMOVED).encounter
    assert "Skrak 1" not in names(encounter) and round_order(encounter).out == (1,)


def test_wave_mode_and_group_mode() -> None:
    encounter = call_for_nish(fight(), {1: 20, 2: 5}).encounter
    waves = set_mode(encounter, InitiativeMode.WAVE).encounter
    assert names(waves) == ["Brice", "Skrak leader + Skrak 1 + Skrak 2", "Kara"]
    assert round_order(waves).turns[1].nish * 3 == 34
    assert waves.current == "above"  # Brice was acting: he is still, in the top wave
    on_skrak = set_mode(jump_to(encounter, 3).encounter, InitiativeMode.WAVE).encounter
    assert on_skrak.current == "wave"
    # Switching to group mid-round: the party acts on the leader's roll this round, above
    # the NPC wave, and the turn stays with Brice, who was acting.
    grouped = set_mode(encounter, InitiativeMode.GROUP, leader=1).encounter
    assert names(grouped) == ["Brice + Kara", "Skrak leader + Skrak 1 + Skrak 2"]
    assert grouped.party_nish == 20 and grouped.current == "party"


def test_group_leader_from_the_sheets() -> None:
    encounter = fight()
    sheets = {1: PlayerCharacter.new(1, "Brice", rank=2)}
    key, reason = choose_leader(encounter, sheets, random.Random(0))
    assert (key, reason) == (1, "highest character rank")


def test_one_round_condition_lasts_to_the_end_of_the_next_round() -> None:
    encounter = call_for_nish(fight(), {1: 256, 2: 9}).encounter
    encounter = add_condition(encounter, "Stunned", 3, 1).encounter
    assert encounter.conditions[0].until_round == 2
    # Through the rest of round 1 ...
    for _ in range(5):
        encounter = next_turn(encounter).encounter
    assert encounter.conditions
    # ... and all of round 2.
    encounter = call_for_nish(encounter, {1: 256, 2: 9}).encounter
    notices: list[str] = []
    for _ in range(5):
        step = next_turn(encounter)
        encounter, notices = step.encounter, notices + list(step.notices)
    assert encounter.current == END
    assert "Ending with this round: Stunned on Skrak 1" in notices
    # It holds to the very end of round 2 and comes off when round 3 is called.
    step = call_for_nish(encounter, {1: 256, 2: 9})
    assert step.encounter.conditions == ()
    assert "Stunned on Skrak 1 ended with round 2" in step.notices


def test_a_condition_still_running_when_nish_is_called_early_expires_then() -> None:
    encounter = call_for_nish(fight(), {1: 256, 2: 9}).encounter
    encounter = add_condition(encounter, "Smoke", None, 1).encounter
    encounter = call_for_nish(encounter, {}).encounter
    step = call_for_nish(encounter, {})
    assert "Smoke ended with round 2" in step.notices
    lasting = add_condition(step.encounter, "Prone", 1, None).encounter
    assert remove_condition(lasting, 0).encounter.conditions == ()


def test_critical_damage_checks_are_owed_on_his_nish_once_a_round() -> None:
    encounter = fight()
    sheets = {1: PlayerCharacter.new(1, "Brice", vit_max="20", wounds=24)}
    assert checks_due_for(encounter, 1, sheets) == []  # no round yet: nothing asked
    encounter = call_for_nish(encounter, {1: 256, 2: 9}).encounter  # Brice acts first
    due = checks_due_for(encounter, 1, sheets)
    assert [(c.ability, c.difficulty) for c in due] == [("WP", 20), ("Healing", 20)]
    assert checks_due_for(encounter, 3, sheets) == []
    # Back and forth over his turn: his checks are asked once a round, not again.
    again = previous_turn(next_turn(encounter.with_changes(combatants=tuple(
        c.with_changes(checks_owed=()) for c in encounter.combatants))).encounter).encounter
    assert again.current == "c1" and checks_due_for(again, 1, sheets) == []


def test_only_an_active_combatant_saves_initiative_and_going_down_loses_it() -> None:
    encounter = call_for_nish(fight(), {1: 256, 2: 9}).encounter
    held = hold(encounter, 2).encounter
    down = set_status(held, 2, Status.UNCONSCIOUS).encounter
    assert down.combatant(2).hold is Hold.NONE
    with pytest.raises(ModelError, match="Kara is unconscious: they cannot save Initiative"):
        hold(down, 2)


def test_nish_must_be_called_before_turns() -> None:
    with pytest.raises(ModelError, match="call for Nish first"):
        next_turn(fight())
    with pytest.raises(ModelError, match="call for Nish first"):
        hold(fight(), 1)
