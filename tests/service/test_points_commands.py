"""The awarder of the seeds' other systems through the service (issue 18): Metalface success
points, their milestones at a mission's end and the Faith and Blessing pools; Façade EP and
their trades; the d10 pool's plain points; undo, a restart, and the refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.model import PlayerCharacter
from console.model.points_awards import describe_entry
from console.model.system_points import EntryKind
from console.service import ActionRefused, CampaignService
from console.store import CampaignStore
from tests.service.conftest import seeded

VERA = PlayerCharacter.new(1, "Vera", "Ann")
DAX = PlayerCharacter.new(2, "Dax", "Bo")


def playing(store: CampaignStore, system: str) -> CampaignService:
    service = seeded(store, VERA, DAX)
    service.settings.set_system(system)
    service.sessions.toggle()
    return service


def sheet(service: CampaignService, pc_id: int) -> PlayerCharacter:
    return service.pcs()[pc_id]


def test_metalface_success_points_are_spent_once_a_mission_is_completed() -> None:
    service = playing(CampaignStore.in_memory("Rust"), "metalface")
    points = service.points
    said = points.award(sheet(service, 1), "action", 3, "climbed the pylon")
    assert said.notices[0] == ("3 successful actions: 6 SP to Vera (climbed the pylon); "
                               "SP 6 (0 to spend)")
    points.award(sheet(service, 1), "performance", 8)
    points.award(sheet(service, 1), "performance", 10)
    points.award(sheet(service, 1), "action", 3)  # 30 SP
    points.award(sheet(service, 2), "action", 2)
    # Advancement comes with a completed mission: until then nothing may be spent.
    with pytest.raises(ActionRefused, match=r"cost 10 SP; Vera has 0 to spend \(30 more wait"):
        points.trade(sheet(service, 1), "skill_point", 1)

    done = points.end_mission([sheet(service, 1), sheet(service, 2)])
    assert done.alerts == ("Vera may spend 30 SP now: 3 skill points or 1 value point (t)",)
    assert done.notices[0] == ("A mission completed by Vera, Dax; Faith and Blessing "
                               "refilled for the party")
    assert points.trade(sheet(service, 1), "value_point", 1).notices == (
        "Vera spends 30 SP on 1 value point (0 SP left to spend)",)
    with pytest.raises(ActionRefused, match="cost 10 SP; Dax has 4 to spend"):
        points.trade(sheet(service, 2), "skill_point", 1)
    # SP earned after the mission's end wait for the next one.
    points.award(sheet(service, 1), "action", 5)
    with pytest.raises(ActionRefused, match=r"Vera has 0 to spend \(10 more wait"):
        points.trade(sheet(service, 1), "skill_point", 1)
    quiet = points.end_mission([sheet(service, 2)])  # only Dax completes this one
    assert quiet.notices == ("A mission completed by Dax; Faith and Blessing refilled for "
                             "the party; not yet enough SP to spend",)
    points.end_mission([sheet(service, 1)])
    points.trade(sheet(service, 1), "skill_point", 1)
    vera = sheet(service, 1)
    assert vera.points.gained == {"value_point": 1, "skill_point": 1}
    assert (vera.points.earned, vera.points.spent, vera.points.counted) == (40, 40, 40)
    # SP already spent cannot be taken back; the record says what each line was.
    first = next(i for i, e in enumerate(service.session().points) if e.kind is EntryKind.AWARD)
    with pytest.raises(ActionRefused, match="spent 40 of their 40 SP"):
        points.take_back(first)
    lines = [describe_entry(e) for e in service.session().points if e.pc_id == 1]
    assert "completed a mission: 30 SP may be spent" in lines
    assert "spent 30 SP on 1 value point" in lines


def test_an_award_is_taken_back_after_a_mission_s_end_if_not_spent() -> None:
    """The mission's end freed the SP, but nothing bought with them: they may go, and
    what may be spent goes down with them."""
    service = playing(CampaignStore.in_memory("Rust"), "metalface")
    points = service.points
    points.award(sheet(service, 1), "action", 3)
    points.end_mission([sheet(service, 1)])
    points.award(sheet(service, 2), "action", 3)
    assert points.take_back(0).notices == ("Taken back: 6 SP to Vera; SP 0 (0 to spend)",)
    assert sheet(service, 1).points.counted == 0 and sheet(service, 2).points.earned == 6


def test_points_stay_in_the_system_they_were_earned_in() -> None:
    service = playing(CampaignStore.in_memory("Mask"), "facade")
    points = service.points
    points.award(sheet(service, 1), "ep", 50, "a new character")
    points.trade(sheet(service, 1), "sp", 40)
    service.settings.set_system("metalface")
    with pytest.raises(ActionRefused, match="Vera's 50 EP are Façade's; this campaign plays "
                                            "Metalface now"):
        points.end_mission([sheet(service, 1)])
    with pytest.raises(ActionRefused, match="Façade's"):
        points.award(sheet(service, 1), "action", 1)
    points.award(sheet(service, 2), "action", 1)  # Dax had none: his are Metalface's
    summary = service.awards.summary(1)
    assert "## Extra points (EP)" in summary and "## Success points (SP)" in summary
    assert "- Vera: spent 20 EP on 40 SP" in summary and "- Dax: 2 SP for 1 successful " \
        "action" in summary
    service.settings.set_system("facade")
    points.trade(sheet(service, 1), "bp", 30)
    assert sheet(service, 1).points.gained == {"sp": 40, "bp": 30}


def test_the_book_s_ranges_are_kept_at_the_service() -> None:
    service = playing(CampaignStore.in_memory("Rust"), "metalface")
    with pytest.raises(ActionRefused, match="5 to 10"):
        service.points.award(sheet(service, 1), "performance", 12)
    with pytest.raises(ActionRefused, match="not an award in Metalface"):
        service.points.award(sheet(service, 1), "ep", 5)
    with pytest.raises(ActionRefused, match="not traded for 'sp'"):
        service.points.trade(sheet(service, 1), "sp", 2)
    assert service.session().points == ()


def test_faith_and_blessing_are_used_per_mission_and_refilled() -> None:
    service = playing(CampaignStore.in_memory("Rust"), "metalface")
    points = service.points
    with pytest.raises(ActionRefused, match="no Faith: set their Faith value first"):
        points.use_pool(sheet(service, 1), "faith", 5, "Pilot")
    points.set_pools(sheet(service, 1), {"faith": 2, "blessing": 1})
    with pytest.raises(ActionRefused, match="one d6, not 7"):
        points.use_pool(sheet(service, 1), "faith", 7)
    with pytest.raises(ActionRefused, match="type the d6 the player rolled"):
        points.use_pool(sheet(service, 1), "faith")
    said = points.use_pool(sheet(service, 1), "faith", 5, "Pilot")
    assert said.notices == ("Vera acts on Faith in Pilot: rolled 5, +2 to Pilot "
                            "(Faith 1 of 2 left)",)
    assert points.use_pool(sheet(service, 1), "faith", 2).notices == (
        "Vera acts on Faith: rolled 2, no bonus (Faith 0 of 2 left)",)
    with pytest.raises(ActionRefused, match=r"no Faith left this mission \(2 used of 2\)"):
        points.use_pool(sheet(service, 1), "faith", 6)
    assert points.use_pool(sheet(service, 1), "blessing", None, "the fall").notices == (
        "Vera uses a Blessing: the fall (Blessing 0 of 1 left)",)
    assert sheet(service, 1).points.left("blessing") == 0
    points.end_mission([sheet(service, 2)])  # Dax completes it; Vera's pools come back too
    assert sheet(service, 1).points.left("faith") == 2 and sheet(service, 1).points.used == {}


def test_facade_extra_points_and_their_trades() -> None:
    service = playing(CampaignStore.in_memory("Mask"), "facade")
    points = service.points
    points.award(sheet(service, 1), "ep", 6, "solved the murder")
    late = points.award(sheet(service, 1), "ep", 5)
    assert late.notices == ("5 EP to Vera; EP 11 (11 to spend)",
                            "Vera has 11 EP this session: more than the book's 3-10")
    assert points.trade(sheet(service, 1), "sp", 4).notices == (
        "Vera spends 2 EP on 4 SP (9 EP left to spend)",)
    points.trade(sheet(service, 1), "ap", 3)
    with pytest.raises(ActionRefused, match="SP come 2 for 1 EP: 2 or 4, not 3"):
        points.trade(sheet(service, 1), "sp", 3)
    with pytest.raises(ActionRefused, match="7 BP cost 7 EP; Vera has 6 to spend"):
        points.trade(sheet(service, 1), "bp", 7)
    vera = sheet(service, 1)
    assert (vera.points.earned, vera.points.spent) == (11, 5)
    assert vera.points.gained == {"sp": 4, "ap": 3}
    # Taking back the 6 EP leaves the 5 already spent.
    assert points.take_back(0).notices == ("Taken back: 6 EP to Vera; EP 5 (0 to spend)",)
    with pytest.raises(ActionRefused, match="spent 5 of their 5 EP"):
        points.take_back(0)
    with pytest.raises(ActionRefused, match="changes nothing in Façade"):
        points.end_mission([sheet(service, 1)])


def test_the_d10_pool_keeps_plain_points_and_metascape_keeps_ap() -> None:
    service = playing(CampaignStore.in_memory("Pool"), "d10pool")
    assert service.points.award(sheet(service, 2), "points", 25, "the heist").notices == (
        "25 points to Dax (the heist); points 25",)
    service.settings.set_system("metascape")
    with pytest.raises(ActionRefused, match="keeps AP, not points"):
        service.points.award(sheet(service, 2), "points", 1)


def test_reasons_undo_and_a_restart(tmp_path: Path) -> None:
    store = CampaignStore.create(tmp_path, "Rust")
    service = playing(store, "metalface")
    points = service.points
    points.award(sheet(service, 2), "action", 1)
    assert points.set_reason(0, "picked the lock").notices == (
        "Reason for Dax's 2 SP: picked the lock",)
    service.undo()
    assert service.session().points[0].reason == ""
    service.redo()
    points.set_pools(sheet(service, 2), {"faith": 3})
    points.use_pool(sheet(service, 2), "faith", 4, "Stealth")
    store.close()
    again = CampaignStore.open(tmp_path, "Rust")
    reopened = CampaignService(again)
    dax = reopened.pcs()[2]
    assert (dax.points.earned, dax.points.left("faith")) == (2, 2)
    assert [e.reason for e in reopened.session().points] == ["picked the lock", "Stealth"]
    with pytest.raises(ActionRefused, match="no such award"):
        reopened.points.take_back(1)  # a faith roll is not an award: undo takes it back
    again.close()


def test_no_awards_before_the_first_session() -> None:
    service = seeded(CampaignStore.in_memory("Rust"), VERA)
    service.settings.set_system("metalface")
    with pytest.raises(ActionRefused, match="S on the main screen starts one before giving SP"):
        service.points.award(sheet(service, 1), "action", 1)


def test_a_sheet_read_before_an_award_does_not_undo_it() -> None:
    """A form holds the PC as he was when it opened: points add to the saved sheet."""
    service = playing(CampaignStore.in_memory("Rust"), "metalface")
    old = sheet(service, 1)
    service.points.award(old, "action", 2)
    service.points.award(old, "performance", 9)
    service.points.set_pools(old, {"faith": 2})
    assert sheet(service, 1).points.earned == 13
    service.points.use_pool(old, "faith", 3)
    service.points.end_mission([old])
    service.points.trade(old, "skill_point", 1)
    assert sheet(service, 1).points.gained == {"skill_point": 1}
    assert sheet(service, 1).points.left("faith") == 2


def test_the_session_summary_lists_the_points() -> None:
    service = playing(CampaignStore.in_memory("Mask"), "facade")
    service.points.award(sheet(service, 1), "ep", 6, "solved the murder")
    service.points.award(sheet(service, 2), "ep", 3)
    service.points.trade(sheet(service, 1), "bp", 2)
    summary = service.awards.summary(1)
    assert "## Extra points (EP)" in summary and "## Awards" not in summary
    assert "| Vera | **6** |" in summary and "| Dax | **3** |" in summary
    assert "- Vera: 6 EP (solved the murder)" in summary
    assert "- Vera: spent 2 EP on 2 BP" in summary


def test_the_system_waits_for_ap_awards_waiting_for_their_close() -> None:
    """A grab bag waits for the close of session (w, c): in another system w opens the
    points, so the close would be out of reach and the next session refused."""
    service = playing(CampaignStore.in_memory("Rust"), "metascape")
    service.awards.grab_bag(sheet(service, 1), 2)
    with pytest.raises(ActionRefused, match="AP awards waiting for its close"):
        service.settings.set_system("metalface")
    service.awards.take_back(0)
    assert service.settings.set_system("metalface").notices == (
        "This campaign plays Metalface",)


def test_taking_back_sp_a_mission_freed_frees_less() -> None:
    """10 SP before the mission's end, 5 after: taking back 5 of the first leaves 5 free to
    spend, not 10 (the 5 earned after it still wait for the next one)."""
    service = playing(CampaignStore.in_memory("Rust"), "metalface")
    points = service.points
    points.award(sheet(service, 1), "action", 5)  # 10 SP
    points.award(sheet(service, 1), "action", 3)  # 6 SP
    points.end_mission([sheet(service, 1)])  # 16 freed
    points.award(sheet(service, 1), "action", 5)  # 10 SP, waiting
    points.take_back(1)
    vera = sheet(service, 1).points
    assert (vera.earned, vera.counted) == (20, 10)
    with pytest.raises(ActionRefused, match="Vera has 10 to spend"):
        points.trade(sheet(service, 1), "skill_point", 2)
    lines = [describe_entry(e) for e in service.session().points]
    assert "completed a mission: 10 SP may be spent" in lines
    points.trade(sheet(service, 1), "skill_point", 1)
    with pytest.raises(ActionRefused, match="spent 10 of their 20 SP"):
        points.take_back(0)  # the 10 the spending used
    assert points.take_back(2).notices[0].startswith("Taken back: 10 SP to Vera")
