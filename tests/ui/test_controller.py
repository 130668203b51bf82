"""The campaign's commands without the screens: what the controller refuses, and why."""

from __future__ import annotations

from datetime import timedelta

import pytest

from console.model import Encounter, NpcTemplate, PlayerCharacter, Side
from console.model.awards import CloseChoices, apply_close
from console.model.roster import spawn_copies
from console.model.tracker import add_combatant, call_for_nish
from console.rules.ap_awards import TimeRounding
from console.store import CampaignStore
from console.ui.controller import ActionRefused, Controller
from tests.ui.conftest import START, FakeClock

SKRAK = NpcTemplate(1, "Skrak", nish="9", vit="12")


def playing() -> Controller:
    store = CampaignStore.in_memory("Dock")
    controller = Controller(store, clock=FakeClock())
    store.apply("setup", "setup", [("pcs", 1, PlayerCharacter.new(1, "Brice").to_dict()),
                                   ("npcs", 1, SKRAK.to_dict())], now=START)
    controller.toggle_session()  # session 1
    controller.new_encounter("Dock fight")
    encounter = controller.encounter()
    assert encounter is not None
    controller.run("setup", lambda e: call_for_nish(
        add_combatant(e, "Brice", Side.PC, ref=1).encounter, {2: 12}))
    return controller


def test_a_closed_sessions_fight_takes_no_more_changes() -> None:
    controller = playing()
    choices = CloseChoices(timedelta(hours=3), TimeRounding.DOWN, 0, (1,))
    controller.award("awards.close", lambda s: apply_close(
        s, controller.pcs(), choices, START + timedelta(hours=3)))
    assert controller.store.session().closed
    refused = "session 1 is closed: start the next session"
    with pytest.raises(ActionRefused, match=refused):  # an NPC joining after the close
        controller.run("roster.spawn", lambda e: spawn_copies(e, SKRAK, 1))
    with pytest.raises(ActionRefused, match=refused):
        controller.join_pc("Kell", 10, None)
    with pytest.raises(ActionRefused, match=refused):
        controller.new_encounter("Another")
    with pytest.raises(ActionRefused, match=refused):
        controller.end_encounter()
    # The next session carries the fight on, and it takes changes again.
    controller.toggle_session()
    step = controller.run("roster.spawn", lambda e: spawn_copies(e, SKRAK, 1))
    assert [c.name for c in step.encounter.combatants] == ["Brice", "Skrak 1"]


def test_a_stopped_session_still_runs_its_fight() -> None:
    controller = playing()
    controller.toggle_session()  # stopped, not closed: the GM may still tidy up the fight
    encounter = controller.encounter()
    assert isinstance(encounter, Encounter)
    controller.run("roster.spawn", lambda e: spawn_copies(e, SKRAK, 2))
    assert len(controller.encounter().combatants) == 3  # type: ignore[union-attr]
