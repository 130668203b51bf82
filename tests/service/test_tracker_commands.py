"""The tracker's commands, as a GM runs a fight: the order, ties, holds, conditions, modes,
states, the log and undo, and a restart in the middle of it all."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.model.encounters import Hold, InitiativeMode, Shock, Status
from console.service import ActionRefused, CampaignService
from console.store import CampaignStore
from tests.service.conftest import fight, names, seeded, turn


def test_a_full_round_of_ties_holds_conditions_and_states(memory: CampaignService) -> None:
    service = fight(memory)
    tracker = service.tracker
    encounter = service.encounter()
    assert encounter is not None
    assert [c.name for c in encounter.combatants] == [
        "Brice", "Kara", "Skrak 1", "Skrak 2", "Skrak leader"]

    tracker.cycle_shock(2)  # Kara is startled by the ambush: Nish 0 in round 1
    assert service.encounter().combatant(2).shock is Shock.FAILED  # type: ignore[union-attr]
    call = tracker.nish_call()
    assert [roll.label for roll in call.rolls] == ["Brice", "Kara"]
    tracker.call_for_nish({1: 256, 2: 9})
    assert names(service) == ["Brice", "Skrak leader", "Skrak 1", "Skrak 2", "Kara"]
    assert turn(service) == ["Brice"]

    tracker.move_in_tie(4, -1)  # the two Skraks tie on 10: Skrak 2 goes first
    assert names(service)[2:4] == ["Skrak 2", "Skrak 1"]
    tracker.hold(1)  # Brice saves his Initiative: the leader's turn
    assert service.encounter().combatant(1).hold is Hold.ALL  # type: ignore[union-attr]
    assert turn(service) == ["Skrak leader"]
    said = tracker.add_condition(3, "Stunned", 1)  # to the end of next round
    assert said.notices == ("Stunned on Skrak 1, through round 2",)

    for _ in range(3):
        tracker.next_turn()
    assert turn(service) == ["Kara"]
    tracker.act_now(1)  # Brice acts on his saved Initiative after the Skraks
    assert service.encounter().combatant(1).hold is Hold.NONE  # type: ignore[union-attr]

    tracker.next_turn()
    tracker.call_for_nish({1: 12, 2: 30})  # round 2: Kara's shock is over
    encounter = service.encounter()
    assert encounter is not None and encounter.round == 2
    assert names(service)[0] == "Kara" and encounter.combatant(2).shock is Shock.NONE

    tracker.cycle_mode()  # wave: the PCs above the NPCs act together
    assert service.encounter().mode is InitiativeMode.WAVE  # type: ignore[union-attr]
    assert turn(service) == ["Kara"]
    service.undo()  # he changed his mind
    assert service.encounter().mode is InitiativeMode.INDIVIDUAL  # type: ignore[union-attr]

    alerts: list[str] = []
    for _ in range(5):
        alerts += tracker.next_turn().alerts
    assert service.encounter().current == "end"  # type: ignore[union-attr]
    assert "Ending with this round: Stunned on Skrak 1" in alerts
    assert [c.name for c in service.encounter().conditions] == ["Stunned"]  # type: ignore[union-attr]
    called = tracker.call_for_nish({1: 12, 2: 30})
    assert service.encounter().conditions == ()  # type: ignore[union-attr]
    assert any("Stunned on Skrak 1 ended with round 2" in line for line in called.alerts)

    tracker.toggle_status(3, Status.UNCONSCIOUS)
    tracker.toggle_status(4, Status.DEAD)
    encounter = service.encounter()
    assert encounter is not None
    assert encounter.combatant(3).status is Status.UNCONSCIOUS  # type: ignore[union-attr]
    assert encounter.combatant(4).status is Status.DEAD  # type: ignore[union-attr]
    assert names(service)[-1] == "Skrak 2"  # the dead are listed last
    tracker.toggle_status(4, Status.DEAD)  # the same key again: back in the fight
    assert service.encounter().combatant(4).status is Status.ACTIVE  # type: ignore[union-attr]


def test_a_restart_mid_fight_brings_back_the_round_and_its_undo(tmp_path: Path) -> None:
    store = CampaignStore.create(tmp_path, "Dock")
    service = fight(seeded(store))
    service.tracker.call_for_nish({1: 7, 2: 8})
    service.tracker.next_turn()
    service.tracker.next_turn()
    service.undo()
    before = service.encounter()
    assert before is not None
    store.close()
    with CampaignStore.open(tmp_path, "Dock") as reopened:
        again = seeded(reopened)
        assert again.encounter() == before
        again.redo()
        assert again.encounter().current != before.current  # type: ignore[union-attr]
        again.undo()
        assert again.encounter() == before


def test_a_critically_wounded_pcs_turn_reminds_the_gm(memory: CampaignService) -> None:
    service = fight(memory)
    brice = service.pcs()[1]
    service.roster.save_pc(brice.with_changes(wounds=24, wp="10L"))  # Vit 20: 4 CD
    service.tracker.call_for_nish({1: 5, 2: 40})  # Brice acts after the Skraks
    alerts: list[str] = []
    for _ in range(4):
        alerts = list(service.tracker.next_turn().alerts)
    assert turn(service) == ["Brice"]
    reminder = next(a for a in alerts if "before acting" in a)
    assert reminder.startswith("Brice, before acting:")
    assert "WP vs 20 (unconsciousness)" in reminder
    assert "Healing vs 20 (vitality drain)" in reminder
    # Passed on without the checks recorded (a held-down space): the log keeps it.
    passed = service.tracker.next_turn()
    said = ("Brice's turn passed with checks not recorded: unconsciousness, vitality drain")
    assert said in passed.notices
    assert said in service.view().history[-1].description


def test_the_log_follows_undo_and_a_new_branch(memory: CampaignService) -> None:
    service = memory
    service.tracker.new_encounter("Patrol")
    service.tracker.add_npc("Guard 1", 5, None)
    service.tracker.add_npc("Guard 2", 5, None)

    def log() -> list[str]:
        view = service.view()
        return [entry.description for entry in view.history]

    assert log() == ["Encounter Patrol begins", "Guard 1 joins the encounter",
                     "Guard 2 joins the encounter"]
    assert service.undo().notices == ("Undo: Guard 2 joins the encounter",)
    assert len(log()) == 3 and service.view().head == 2  # still listed, undone
    service.tracker.add_npc("Dog", 7, None)
    assert log()[-2:] == ["Guard 1 joins the encounter", "Dog joins the encounter"]
    service.sessions.toggle()  # a new session starts a new log
    assert log() == ["Encounter Patrol continues from the last session"]


def test_group_initiative_edits_and_newcomers_mid_encounter(memory: CampaignService) -> None:
    service = fight(memory)
    tracker = service.tracker
    kara = service.pcs()[2]
    service.roster.save_pc(kara.with_changes(rank=2))
    tracker.call_for_nish({1: 12, 2: 30})

    tracker.cycle_mode()
    said = tracker.cycle_mode()  # group: Kara (higher character rank) leads
    encounter = service.encounter()
    assert encounter is not None and encounter.mode is InitiativeMode.GROUP
    assert encounter.leader == 2
    assert "Group leader: Kara (highest character rank)" in said.alerts
    call = tracker.nish_call()
    assert [roll.label for roll in call.rolls] == ["Party: Kara (group leader)"]
    tracker.call_for_nish({2: 11}, call.leader)
    assert service.encounter().party_nish == 11  # type: ignore[union-attr]
    assert [t.key for t in service.view().order.turns] == ["wave", "party"]

    tracker.cycle_mode()  # back to individual; the leader's Nish corrected, he re-orders
    tracker.call_for_nish({1: 9, 2: 8})
    tracker.set_nish(5, 3)
    assert names(service)[-1] == "Skrak leader"
    assert service.encounter().combatant(5).recorded_nish == 3  # type: ignore[union-attr]

    tracker.toggle_status(3, Status.REMOVED)  # a Skrak runs off
    assert "Skrak 1" not in names(service)
    tracker.add_npc("Skrak 3", 20, 12)  # a reinforcement, this round
    assert names(service)[0] == "Skrak 3"


def test_a_nish_corrected_mid_round_skips_nobody(memory: CampaignService) -> None:
    service = fight(memory)
    service.tracker.call_for_nish({1: 256, 2: 8})
    assert turn(service) == ["Brice"]
    service.tracker.next_turn()  # the Skrak leader (16) is on
    service.tracker.set_nish(2, 20)  # Kara really rolled 20: above the leader
    assert turn(service) == ["Skrak leader"]  # he is acting: the turn stays his
    seen = []
    for _ in range(4):
        service.tracker.next_turn()
        seen.append(turn(service))
    assert seen == [["Kara"], ["Skrak 1"], ["Skrak 2"], []]


def test_a_pc_added_by_name_gets_a_sheet_once(memory: CampaignService) -> None:
    service = memory
    service.tracker.new_encounter("Patrol")
    made = service.tracker.join_pc("Vera", 14, 18)
    assert [pc.name for pc in made.pcs] == ["Vera"]  # a sheet, in the same action
    assert service.pcs()[1].vit_max.value == 18  # type: ignore[union-attr]
    with pytest.raises(ActionRefused, match="Vera is already in the encounter"):
        service.tracker.join_pc("vera")
    service.undo()  # one undo takes both back
    assert service.pcs() == {} and service.encounter().combatants == ()  # type: ignore[union-attr]


def test_what_the_tracker_refuses(memory: CampaignService) -> None:
    service = memory
    with pytest.raises(ActionRefused, match="no encounter running: start one with E"):
        service.tracker.next_turn()
    with pytest.raises(ActionRefused, match="no encounter is running"):
        service.tracker.end_encounter()
    with pytest.raises(ActionRefused, match="nothing to undo"):
        service.undo()
    fight(service)
    with pytest.raises(ActionRefused, match="no condition number 3"):
        service.tracker.remove_condition(2)
    opno = service.opno
    with pytest.raises(ActionRefused):
        service.tracker.move_in_tie(1, -1)  # no round yet: nothing to reorder
    assert service.opno == opno  # a refusal saves nothing


def test_conditions_on_one_combatant_come_off_one_by_one(memory: CampaignService) -> None:
    service = fight(memory)
    service.tracker.add_condition(3, "Stunned", 1)
    service.tracker.add_condition(3, "Blinded", None)
    service.tracker.add_condition(4, "Prone", None)
    on_him = service.tracker.conditions_on(3)
    assert [c.name for _, c in on_him] == ["Stunned", "Blinded"]
    service.tracker.remove_condition(on_him[1][0])
    assert [c.name for c in service.encounter().conditions] == ["Stunned", "Prone"]  # type: ignore[union-attr]


def test_a_read_only_console_refuses_changes(tmp_path: Path) -> None:
    CampaignStore.create(tmp_path, "Dock").close()
    with CampaignStore.open(tmp_path, "Dock", read_only=True) as store:
        service = seeded(store)
        with pytest.raises(ActionRefused, match="read-only"):
            service.tracker.new_encounter("Nope")
        assert service.encounter() is None


def test_the_whole_party_joins_with_one_key_and_leaves_with_one_undo() -> None:
    from console.model import PlayerCharacter
    from console.store import CampaignStore
    from tests.service.conftest import seeded

    service = seeded(CampaignStore.in_memory("Dock"), PlayerCharacter.new(1, "Brice"),
                     PlayerCharacter.new(2, "Kara"), PlayerCharacter.new(3, "Abel"))
    service.sessions.toggle()
    service.tracker.new_encounter("Patrol")
    service.tracker.join_pc("Kara")
    joined = service.tracker.join_party()
    assert [n.split(" ")[0] for n in joined.notices] == ["Abel", "Brice"]
    assert sorted(c.name for c in service.encounter().combatants) == ["Abel", "Brice", "Kara"]  # type: ignore[union-attr]
    with pytest.raises(ActionRefused, match="in the fight already"):
        service.tracker.join_party()
    service.undo()
    assert [c.name for c in service.encounter().combatants] == ["Kara"]  # type: ignore[union-attr]


def test_hiding_from_the_players_is_stored_undoable_and_read_by_their_view(
        tmp_path: Path) -> None:
    store = CampaignStore.create(tmp_path, "Dock")
    service = fight(seeded(store))
    service.tracker.call_for_nish({1: 7, 2: 8})
    leader = next(c for c in service.encounter().combatants  # type: ignore[union-attr]
                  if c.name == "Skrak leader")
    order_before = names(service)
    outcome = service.tracker.toggle_hidden(leader.id)
    assert outcome.notices == ("Skrak leader: hidden from the players",)
    assert names(service) == order_before  # the GM's round is untouched
    assert "Skrak leader" not in [r.name for r in service.players.picture().rows]
    store.close()
    with CampaignStore.open(tmp_path, "Dock", read_only=True) as reopened:
        players = seeded(reopened).players.picture()  # another console agrees
        assert [r.name for r in players.rows] == ["Skrak 1", "Skrak 2", "Kara", "Brice"]
        assert {r.health for r in players.rows if not r.is_pc} == {"unhurt"}
    with CampaignStore.open(tmp_path, "Dock") as reopened:
        again = seeded(reopened)
        again.undo()
        assert "Skrak leader" in [r.name for r in again.players.picture().rows]


def test_a_facade_campaigns_new_fights_act_lowest_first(memory: CampaignService) -> None:
    assert memory.settings.system() == "metascape"
    outcome = memory.settings.set_system("facade")
    assert outcome.notices == ("This campaign plays Façade (new fights act lowest first)",)
    fight(memory)
    memory.tracker.call_for_nish({1: 7, 2: 8})
    assert names(memory) == ["Brice", "Kara", "Skrak 1", "Skrak 2", "Skrak leader"]
    assert turn(memory) == ["Brice"]
    memory.undo()  # the call for Nish
    with pytest.raises(ActionRefused, match="metascape, metalface, facade, d10pool"):
        memory.settings.set_system("gurps")


def test_a_call_for_nish_mid_round_says_how_many_it_leaves_out(
        memory: CampaignService) -> None:
    service = fight(memory)
    tracker = service.tracker
    assert tracker.nish_call().title == "Round 1: call for Nish"  # the first: nothing ends
    tracker.call_for_nish({1: 256, 2: 9})
    # Brice's turn: the leader, the two Skraks and Kara are still to act.
    assert tracker.nish_call().title == "Round 2 (ends round 1: 4 still to act): call for Nish"
    for _ in range(4):
        tracker.next_turn()
    assert turn(service) == ["Kara"]  # the last turn: calling Nish now ends nothing early
    assert tracker.nish_call().title == "Round 2: call for Nish"
