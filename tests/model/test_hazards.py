"""Hazards in the encounter: attached, moved on once per round, effects applied, ended."""

from console.model import Encounter, PlayerCharacter, Side, Status
from console.model.hazards import (
    apply_hazard_result,
    attach_hazard,
    due_now,
    end_hazard,
)
from console.model.tracker import add_combatant, call_for_nish, next_turn, previous_turn
from console.rules.hazards import suffocation, vacuum


def fight() -> Encounter:
    encounter = add_combatant(Encounter(1, "Barge"), "Brice", Side.PC, ref=1).encounter
    return add_combatant(encounter, "Thug", Side.NPC, recorded_nish=5, vit_max=12).encounter


def test_a_hazard_moves_once_a_round_when_its_victims_turn_begins() -> None:
    encounter = call_for_nish(fight(), {1: 30}).encounter
    encounter = attach_hazard(encounter, 1, suffocation.start("no air", prepared=False),
                              "suffocation").encounter
    encounter = call_for_nish(encounter, {1: 30}).encounter  # round 2, Brice
    assert [check.difficulty for _, check in due_now(encounter, 1)] == [5]
    encounter = apply_hazard_result(encounter, 0, 9, {}).encounter
    for _ in range(3):  # back and forth over his turn: no second tick this round
        encounter = next_turn(encounter).encounter
        encounter = previous_turn(encounter).encounter
    assert due_now(encounter, 1) == []
    encounter = call_for_nish(encounter, {1: 30}).encounter  # round 3
    assert [check.difficulty for _, check in due_now(encounter, 1)] == [10]


def test_effects_reach_the_victim_and_ending_gives_the_revive_dif() -> None:
    sheets = {1: PlayerCharacter.new(1, "Brice", vit_max="20", nar="6L")}
    encounter = call_for_nish(fight(), {1: 30}).encounter
    encounter = attach_hazard(encounter, 2, vacuum.start(ears_exposed=False), "vacuum").encounter
    encounter = next_turn(call_for_nish(encounter, {1: 30}).encounter).encounter
    owed = due_now(encounter, 2)
    assert [check.ability for _, check in owed] == ["WP"]
    outcome = apply_hazard_result(encounter, 0, 2, sheets)  # fails: unconscious at once
    assert outcome.encounter.combatant(2).status is Status.UNCONSCIOUS  # type: ignore[union-attr]
    outcome = apply_hazard_result(outcome.encounter, 0, 1, sheets)  # NAR 1 vs 10: 9 wounds
    assert outcome.encounter.combatant(2).wounds == 9  # type: ignore[union-attr]
    drowned = attach_hazard(fight(), 1, suffocation.start("no air", prepared=False),
                            "suffocation").encounter
    ended = end_hazard(drowned, 0, sheets)
    assert ended.encounter.hazards == ()
    assert any("breathes again after 0 rounds" in line for line in ended.notices)
    assert not any(line.strip().startswith("ended") for line in ended.notices)  # said once


def test_what_a_step_says_is_not_said_again_by_its_effects() -> None:
    # "eardrums rupture" was followed by "eardrums ruptured"; a revival's Difs by "ended 2".
    sheets = {1: PlayerCharacter.new(1, "Brice", vit_max="20", nar="6L")}
    encounter = call_for_nish(fight(), {1: 30}).encounter
    encounter = attach_hazard(encounter, 1, vacuum.start(ears_exposed=True), "vacuum").encounter
    encounter = attach_hazard(encounter, 2, vacuum.start(ears_exposed=False), "vacuum").encounter
    eardrum = next(i for i, check in due_now(encounter, 1) if check.ability == "FR")
    burst = apply_hazard_result(encounter, eardrum, 1, sheets)  # FR 1 vs 10: they burst
    assert [line for line in burst.notices if "eardrum" in line] == [
        "Brice: eardrums rupture (FR 1 vs 10, failed)"]  # the roll said with it, once
    encounter = next_turn(call_for_nish(encounter, {1: 30}).encounter).encounter
    breath = next(i for i, check in due_now(encounter, 2) if check.ability == "WP")
    out = apply_hazard_result(encounter, breath, 2, sheets)  # WP fails: out cold in vacuum
    revived = end_hazard(out.encounter, 1, sheets)
    assert revived.notices[0].startswith("Thug: out of it after"), revived.notices
    assert "revive Dif" in revived.notices[0]
    assert not any(line.strip().startswith(("ended", "revive dif", "brain damage dif"))
                   for line in revived.notices), revived.notices
