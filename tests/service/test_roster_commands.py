"""The roster through the service: templates, copies in the fight, sheets, what may be
deleted, and unique PC names."""

from __future__ import annotations

import pytest

from console.model import NpcTemplate, PlayerCharacter, Stat
from console.model.roster import parse_weapons
from console.service import ActionRefused, CampaignService
from console.store import CampaignStore
from tests.service.conftest import seeded


def test_templates_copies_and_sheets(memory: CampaignService) -> None:
    service = memory
    roster = service.roster
    service.sessions.toggle()
    service.tracker.new_encounter("Nest")
    made = roster.add_npc(lambda new_id: NpcTemplate(
        new_id, "Skrak", atk="15", def_="8M", dmg="12", ar="4", vit="20", nish="10",
        tags=("alien", "hive")))
    assert made.notices == ("Skrak made",)
    skrak = service.npcs()[1]
    assert skrak.def_ is not None and (skrak.def_.text, int(skrak.def_.value)) == ("8M", 16)

    roster.spawn(skrak, 4, shared_nish=True)  # four copies, one Nish between them
    encounter = service.encounter()
    assert encounter is not None
    assert [c.name for c in encounter.combatants] == ["Skrak 1", "Skrak 2", "Skrak 3", "Skrak 4"]
    assert {c.vit_max for c in encounter.combatants} == {20}
    assert len({c.group for c in encounter.combatants}) == 1

    roster.duplicate(skrak)
    assert [n.name for n in service.npcs().values()] == ["Skrak", "Skrak (copy)"]
    with pytest.raises(ActionRefused, match="Skrak is in the fight"):
        roster.delete(skrak)  # the template the fight uses stays
    roster.delete(service.npcs()[2])
    assert [n.name for n in service.npcs().values()] == ["Skrak"]

    roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "Brice", player="Ann",
                                                     player_rank=2, nish="8M", vit_max="20"))
    brice = service.pcs()[1]
    assert brice.player_rank == 2 and brice.ap_total == 102
    roster.save_pc(brice.with_changes(weapons=parse_weapons("blaster 8M/10L; knife 6L/6M")))
    assert [w.name for w in service.pcs()[1].weapons] == ["blaster", "knife"]
    roster.join(service.pcs()[1])
    assert "Brice" in [c.name for c in service.encounter().combatants]  # type: ignore[union-attr]
    roster.join(skrak)  # a template joins as one more copy
    assert service.encounter().combatants[-1].name == "Skrak 5"  # type: ignore[union-attr]
    assert roster.find("pc", 1) == service.pcs()[1] and roster.find("npc", 9) is None


def test_pc_names_are_unique_and_ids_are_the_campaigns(memory: CampaignService) -> None:
    service = memory
    service.roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "Kell"))
    with pytest.raises(ActionRefused, match="a PC called Kell is already in the roster"):
        service.roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "kell"))
    service.roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "Mora"))
    assert sorted(service.pcs()) == [1, 2]
    with pytest.raises(ActionRefused, match="Mora is in the fight"):
        service.tracker.new_encounter("Bar")
        service.tracker.join_pc("Mora")
        service.roster.delete(service.pcs()[2])


def test_template_names_are_unique_but_old_twins_stay_editable(
        memory: CampaignService) -> None:
    """A stat line finds its template by name, so two "Dock guard" made the prep's line
    update one of them at random. A second is refused; twins saved before names were
    checked can still be edited under the name they have."""
    service = memory
    roster = service.roster
    roster.add_npc(lambda new_id: NpcTemplate(new_id, "Dock guard", vit="14", nish="10"))
    with pytest.raises(ActionRefused, match="a template called Dock guard is already"):
        roster.add_npc(lambda new_id: NpcTemplate(new_id, " dock GUARD", vit="10"))
    roster.add_npc(lambda new_id: NpcTemplate(new_id, "Pirate", vit="12"))
    with pytest.raises(ActionRefused, match="a template called Dock guard"):
        roster.save_npc(service.npcs()[2].with_changes(name="Dock Guard"))  # a rename onto it
    # Twins from before: in the store as an earlier console saved them, unchecked.
    older = seeded(CampaignStore.in_memory("Old"), NpcTemplate(1, "Dock guard", vit="14"),
                   NpcTemplate(2, "Dock guard", vit="20"))
    older.roster.save_npc(older.npcs()[2].with_changes(vit=Stat("22")))  # its own name
    assert int(older.npcs()[2].vit.value) == 22  # type: ignore[union-attr]


def test_a_new_pc_never_takes_the_id_of_one_the_sessions_name(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Mora is given points and deleted: the next PC is #3, not #2, so Mora's record (and
    the AP history of a MetaScape campaign's closes) never becomes his; the same after a
    restart, when the sessions are read from their files."""
    from console.store import CampaignStore

    store = CampaignStore.create(tmp_path, "Rust")
    service = CampaignService(store)
    service.settings.set_system("metalface")
    service.sessions.toggle()
    for name in ("Kell", "Mora"):
        service.roster.add_pc(lambda new_id, name=name: PlayerCharacter.new(new_id, name))
    service.points.award(service.pcs()[2], "action", 1)
    service.roster.delete(service.pcs()[2])
    service.sessions.toggle()
    service.sessions.toggle()  # session 2: Mora is named only by session 1's file now
    store.close()
    again = CampaignStore.open(tmp_path, "Rust")
    reopened = CampaignService(again)
    reopened.roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "Tash"))
    assert sorted(reopened.pcs()) == [1, 3]
    again.close()


def test_the_set_up_s_records_keep_their_ids_too(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A handicap taken at the set-up (session 0) names the PC as much as a session does."""
    from console.store import CampaignStore

    store = CampaignStore.create(tmp_path, "Rust")
    service = CampaignService(store)
    service.roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "Old"))
    service.awards.handicap(service.pcs()[1], 5, "one eye")
    service.roster.delete(service.pcs()[1])
    service.roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "New"))
    service.sessions.toggle()  # session 1: the set-up is an earlier session now
    service.roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "Newer"))
    assert sorted(service.pcs()) == [2, 3]
    store.close()


def test_a_sheet_in_the_fight_is_refused_before_anything_is_asked() -> None:
    from console.model import Status
    from console.store import CampaignStore
    from tests.service.conftest import fight

    service = fight(CampaignService(CampaignStore.in_memory("Dock")))
    brice = next(pc for pc in service.pcs().values() if pc.name == "Brice")
    with pytest.raises(ActionRefused, match="Brice is in the fight"):
        service.roster.check_deletable(brice)
    service.tracker.toggle_status(service.running().combatants[0].id, Status.REMOVED)
    service.roster.check_deletable(brice)  # gone from the fight: his sheet may go
