"""Issue 26: what a command, an undo, a redo, a session's start or stop and a reload changed,
as documents in its outcome: what the screens redraw from (each pane only when its own
documents changed), so no screen reads the whole campaign again after a key."""

from __future__ import annotations

from pathlib import Path

from console.model import Encounter, NpcTemplate, PlayerCharacter, Session
from console.model.outcome import Outcome, Removed
from console.service import CampaignService
from console.store import CampaignStore
from tests.clock import FakeClock
from tests.service.conftest import SKRAK, fight, seeded


def tables(outcome: Outcome) -> set[str]:
    return {doc.table if isinstance(doc, Removed) else doc.TABLE for doc in outcome.changes}


def test_undo_and_redo_give_the_documents_they_changed(memory: CampaignService) -> None:
    fight(memory)
    memory.encounter()
    memory.pcs()
    memory.npcs()
    memory.session()
    memory.campaign()  # every table read, as the screens have
    memory.tracker.call_for_nish({})
    turned = memory.tracker.next_turn()
    undone = memory.undo()
    assert undone.changes == (memory.encounter(),)  # the fight as it is again
    assert memory.encounter() != turned.encounter
    redone = memory.redo()
    assert redone.changes == (memory.encounter(),) and memory.encounter() == turned.encounter
    # The log entry's description: the action's notices (the turn's length first).
    assert undone.notices == ("Undo: " + "; ".join(turned.notices),)


def test_an_undone_template_is_given_as_removed(memory: CampaignService) -> None:
    memory.npcs()
    added = memory.roster.add_npc(lambda new_id: NpcTemplate(new_id, "Thug", vit="10"))
    template = added.changes[0]
    assert isinstance(template, NpcTemplate)
    memory.pcs()
    assert memory.undo().changes == (Removed(NpcTemplate.TABLE, template.id),)
    assert memory.redo().changes == (memory.npcs()[template.id],)


def test_undoing_a_sheets_change_gives_the_sheet_alone(memory: CampaignService) -> None:
    memory.roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "Vera", vit_max="18"))
    for read in (memory.pcs, memory.npcs, memory.encounters, memory.session, memory.campaign):
        read()
    vera = memory.pcs()[1]
    memory.roster.save_pc(vera.with_changes(wounds=4))
    assert memory.undo().changes == (vera,)  # the roster's templates are not read again


def test_a_sessions_start_and_stop_give_the_session(memory: CampaignService) -> None:
    memory.session()
    memory.encounters()
    started = memory.sessions.toggle()
    assert memory.session() in started.changes and memory.session().number == 1
    memory.tracker.new_encounter("Ambush")
    stopped = memory.sessions.toggle()
    assert stopped.changes == (memory.session(),) and not memory.session().running
    started = memory.sessions.toggle()  # the next one: the fight goes on in it, as it was
    assert tables(started) == {Session.TABLE} and memory.encounter() is not None


def test_following_gives_what_the_writer_changed(tmp_path: Path) -> None:
    with CampaignStore.create(tmp_path, "Tide") as writer_store:
        writer = seeded(writer_store, SKRAK, clock=FakeClock())
        writer.sessions.toggle()
        with CampaignStore.open(tmp_path, "Tide", read_only=True) as viewer_store:
            viewer = CampaignService(viewer_store, clock=FakeClock())
            viewer.session()
            viewer.npcs()
            viewer.encounters()
            assert viewer.follow() is None  # nothing saved since it opened
            writer.tracker.new_encounter("Ambush")
            followed = viewer.follow()
            assert followed is not None and tables(followed) == {Encounter.TABLE}
            assert viewer.encounter() is not None
