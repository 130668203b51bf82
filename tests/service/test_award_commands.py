"""The AP awarder through the service: awards during play, the veteran's pocket, a whole
close of session on a four-PC party, spending, rank improvement rolls, the summary, and
the guards around sessions."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction
from pathlib import Path

import pytest

from console.model import AwardKind
from console.model.awards import CloseChoices
from console.model.outcome import Outcome
from console.model.recap_render import recap_markdown
from console.rules.ap_awards import TimeRounding
from console.service import ActionRefused, CampaignService
from console.store import CampaignStore
from tests.clock import START, FakeClock
from tests.model.test_awards import party
from tests.service.conftest import seeded

PARTY = list(party().values())  # the four-PC party of the model's tests


def seated(store: CampaignStore, clock: FakeClock) -> CampaignService:
    service = seeded(store, *PARTY, clock=clock)
    service.sessions.toggle()
    return service


def choices(played: timedelta, **more: object) -> CloseChoices:
    return CloseChoices(played, TimeRounding.NEAREST, more.pop("group", 0),  # type: ignore[arg-type]
                        (1, 2, 3, 4), **more)  # type: ignore[arg-type]


def test_a_whole_close_of_session(tmp_path: Path) -> None:
    clock = FakeClock()
    store = CampaignStore.create(tmp_path, "Iron Reach")
    service = seated(store, clock)
    awards = service.awards
    pcs = service.pcs()
    awards.grab_bag(pcs[1], 2)
    awards.grab_bag(pcs[2], 1)
    given = awards.grab_bag(pcs[2], 1, "first aid")
    assert given.notices == ("Grab bag: 1 AP to Kell (first aid)",)
    awards.grab_bag(pcs[3], 3)
    awards.adventure_bonus(pcs[4], 10, "decoded the beacon")
    with pytest.raises(ActionRefused, match="veteran's pocket is not used"):
        awards.pocket("Cat", pcs[2], 2, "covered me")
    assert awards.toggle_pocket().notices == ("Veteran's pocket on for this campaign",)
    awards.pocket("Cat", pcs[2], 2, "covered me")
    awards.pocket("Cat", pcs[4], 1, "")
    awards.pocket("Ann", pcs[3], 2, "")
    with pytest.raises(ActionRefused, match="at most 3 AP"):  # Cat's player rank is 3
        awards.pocket("Cat", pcs[2], 1, "")
    assert len(service.session().ap_awards) == 8

    # The close: 3:40 played, nearest hour: 4 AP each; Ann's Brice reads the journal (7).
    clock.now = START + timedelta(hours=3, minutes=40)
    assert awards.suggest_reader(list(pcs.values())) == pcs[1]  # nobody has read yet
    close = choices(timedelta(hours=3, minutes=40), group=6, journal_pc=1, journal_self=7,
                    missions=(1, 2, 3, 4), share=Fraction(3, 4))
    with pytest.raises(ActionRefused, match="over twice the hourly rate"):
        awards.preview_close(choices(timedelta(hours=3, minutes=40), group=9))
    preview = awards.preview_close(close)
    brice = preview.rows[0]
    assert (brice.time, brice.group, brice.journal, brice.grab_bag, brice.total) == (
        4, 6, 7, 2, 19)
    assert preview.allowances == {"Brice": 645, "Kell": 562, "Tash": 1462}
    assert service.pcs()[1].ap_total == 195  # still only a preview
    closed = awards.close(close)
    assert [(p.ap_total, p.unused_ap, p.rank, p.rank_rolls, p.missions_completed)
            for p in service.pcs().values()] == [
        (214, 59, 2, 2, 2), (114, 114, 1, 1, 1), (1005, 30, 10, 10, 5), (2971, 121, 19, 0, 13)]
    assert any("Brice reaches Rank-2: 2 rank improvement roll(s)" in a for a in closed.alerts)
    assert service.campaign().time_rounding == "NEAREST"  # remembered, in the same action
    written = awards.export_summary(1)
    path = tmp_path / "Iron Reach" / "summaries" / "session-0001.md"
    text = path.read_text()
    assert written.notices == (f"Summary written to {path}",)
    assert "| Kell | Ben | 4 | 6 | 0 | 0 | 2 | 2 | **14** |" in text
    assert "- Kell: 1 AP grab bag (“first aid”)" in text
    assert "- Tash: allowance 1462 cr" in text

    # A rank improvement roll from the player's 10L: Stealth 13 + IC 12 = 25.
    brice_pc = service.pcs()[1]
    assert awards.ability_cost(brice_pc, "Stealth", 13, 12) == 25
    awards.rank_roll(brice_pc, "Stealth", 25, 32)
    brice_pc = service.pcs()[1]
    assert brice_pc.rank_rolls == 1 and brice_pc.improved_this_mission == ("Stealth",)
    awards.improve(brice_pc, "Dex", 12, 20)  # 32 of his 59 Unused
    assert (service.pcs()[1].unused_ap, service.pcs()[1].ap_total) == (27, 214)
    # The sheet as it was before the improvement (a form opened earlier) spends from what
    # is saved: Dex was raised this mission, and 27 Unused cannot pay 32 again.
    with pytest.raises(ActionRefused, match="Dex"):
        awards.improve(brice_pc, "Dex", 12, 20)
    awards.lose_rolls(service.pcs()[1])
    assert service.pcs()[1].rank_rolls == 0
    # The recap tells what the AP bought, as the summary does (a new GM found the rank
    # roll in the summary only).
    recap = service.recap.session()
    assert len(recap.advancement) == len(service.session().advancement) >= 2
    assert any("Stealth" in line for line in recap.advancement)
    assert recap.to_json()["advancement"] == list(recap.advancement)
    assert "## Advancement" in recap_markdown(recap)
    with pytest.raises(ActionRefused, match="awards have been applied"):
        awards.grab_bag(service.pcs()[1], 1)
    for _ in range(4):
        service.undo()
    assert service.pcs()[1].ap_total == 195 and not service.session().closed
    store.close()


def test_the_next_session_loses_unused_rolls_and_rotates_the_reader() -> None:
    clock = FakeClock()
    service = seated(CampaignStore.in_memory("Iron Reach"), clock)
    clock.now = START + timedelta(hours=3)
    service.awards.close(choices(timedelta(hours=3), journal_pc=1, journal_self=6))
    assert service.pcs()[1].rank_rolls == 2  # 204 AP: Rank-2
    clock.advance(7 * 24 * 60)
    started = service.sessions.toggle()
    assert started.notices[0] == "Session 2 started"
    assert service.pcs()[1].rank_rolls == 0  # used at once or lost
    assert service.session().advancement[0].kind == "rolls_lost"
    # Ann (Brice) read last week: the rotation suggests Ben's Kell.
    assert service.awards.suggest_reader(list(service.pcs().values())) == service.pcs()[2]
    assert [n for n in service.session_numbers()] == [1, 2]
    assert service.played_sessions()[0].closing is not None


def test_reasons_take_backs_handicaps_and_deletes() -> None:
    service = seated(CampaignStore.in_memory("Iron Reach"), FakeClock())
    awards = service.awards
    awards.grab_bag(service.pcs()[1], 1)
    awards.grab_bag(service.pcs()[2], 3)
    awards.set_reason(0, "spotted the trap")
    assert [(a.pc_id, a.reason) for a in service.session().ap_awards] == [
        (1, "spotted the trap"), (2, "")]
    taken = awards.take_back(1)
    assert taken.notices == ("Taken back: 3 AP grab bag to Kell",)
    awards.handicap(service.pcs()[1], 20, "Code of honour")  # Unused AP only
    assert (service.pcs()[1].ap_total, service.pcs()[1].unused_ap) == (195, 60)
    with pytest.raises(ActionRefused, match="Brice has AP awards waiting"):
        service.roster.delete(service.pcs()[1])
    with pytest.raises(ActionRefused, match="1 award\\(s\\) waiting: close it first"):
        service.sessions.start_next()
    assert service.session().number == 1
    assert [a.kind for a in service.session().ap_awards] == [AwardKind.GRAB_BAG]


def test_no_awards_before_a_session_and_a_closed_fight_is_over() -> None:
    clock = FakeClock()
    service = seeded(CampaignStore.in_memory("Iron Reach"), *PARTY, clock=clock)
    with pytest.raises(ActionRefused, match="start one with S"):
        service.awards.check_open()
    service.sessions.toggle()
    service.tracker.new_encounter("Dock fight")
    service.tracker.join_pc("Brice")
    service.tracker.call_for_nish({1: 12})
    service.awards.close(choices(timedelta(hours=3)))
    refused = "session 1 is closed: start the next session"
    with pytest.raises(ActionRefused, match=refused):
        service.tracker.add_npc("Skrak", 9, 12)
    with pytest.raises(ActionRefused, match=refused):
        service.tracker.new_encounter("Another")
    with pytest.raises(ActionRefused, match=refused):
        service.tracker.end_encounter()
    with pytest.raises(ActionRefused, match=refused):  # before its dialog opens
        service.tracker.nish_call()
    service.sessions.toggle()  # the next session carries the fight on, and it goes on
    service.tracker.add_npc("Skrak", 9, 12)
    assert [c.name for c in service.encounter().combatants] == ["Brice", "Skrak"]  # type: ignore[union-attr]


def test_a_stopped_session_still_runs_its_fight(memory: CampaignService) -> None:
    service = memory
    service.sessions.toggle()
    service.tracker.new_encounter("Dock fight")
    stopped = service.sessions.toggle()  # stopped, not closed: the GM may still tidy up
    assert stopped.notices == ("Session 1 stopped",)
    service.tracker.add_npc("Skrak", 9, 12)
    assert len(service.encounter().combatants) == 1  # type: ignore[union-attr]


def test_a_prepared_command_says_what_would_be_refused_and_saves_nothing(
        tmp_path: Path) -> None:
    store = CampaignStore.create(tmp_path, "Iron Reach")
    service = seated(store, FakeClock())
    awards = service.awards
    pcs = service.pcs()
    awards.toggle_pocket()
    before = service.opno
    with pytest.raises(ActionRefused, match="at most 3 AP"):  # what a form asks first
        service.prepare(lambda: awards.pocket("Cat", pcs[2], 5, ""))
    given = service.prepare(lambda: awards.pocket("Cat", pcs[2], 2, "covered me"))
    assert given.outcome.changes and service.opno == before  # worked out, not saved
    assert service.session().ap_awards == ()
    saved = service.commit(given)  # what the form checked, saved as it was worked out
    assert saved.changes == given.outcome.changes and service.opno == before + 1
    assert [a.reason for a in service.session().ap_awards] == ["covered me"]
    store.close()


def test_a_prepared_command_is_worked_out_again_if_the_campaign_moved(
        tmp_path: Path) -> None:
    store = CampaignStore.create(tmp_path, "Iron Reach")
    service = seated(store, FakeClock())
    pcs = service.pcs()
    calls: list[int] = []

    def give() -> Outcome:
        calls.append(1)
        return service.awards.grab_bag(pcs[2], 1)

    prepared = service.prepare(give)
    service.awards.adventure_bonus(pcs[1], 5, "the beacon")  # saved meanwhile
    service.commit(prepared)
    assert len(calls) == 2  # on the campaign as it is now, both awards kept
    assert [a.amount for a in service.session().ap_awards] == [5, 1]
    service.commit(service.prepare(give))
    assert len(calls) == 3  # once when nothing moved in between
    store.close()


def test_after_a_corrected_close_the_header_and_the_ap_pane_say_one_play_time(
        tmp_path: Path) -> None:
    """Issue 27: stopped after 0:11 on the clock, closed as 4:00 played (a long break
    forgotten): the header said "stopped 0:11" while the AP pane said "4:00 played"."""
    from console.model.awards import played_time
    from console.ui.screens.status_header import StatusHeader

    clock = FakeClock()
    service = seated(CampaignStore.create(tmp_path, "Iron Reach"), clock)
    clock.now = START + timedelta(minutes=11)
    service.sessions.toggle()  # stopped: 0:11 on the clock
    service.awards.close(choices(timedelta(hours=4)))
    line = StatusHeader.render_view(service.view(), clock.now).plain
    assert "Session 1 closed 4:00" in line
    assert played_time(service.session(), clock.now) == timedelta(hours=4)


def test_the_history_read_after_start_up_is_where_the_awards_look(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker's reading of every earlier session leaves them with the service: the
    first `w` does not ask the store again (which would walk every session's folder)."""
    with CampaignStore.create(tmp_path, "Iron Reach") as store:
        for _ in range(3):
            store.start_session()
        service = CampaignService(store, clock=FakeClock())
        service.history_reader()()
        asked: list[list[int]] = []
        monkeypatch.setattr(store, "past_sessions",
                            lambda numbers: asked.append(numbers) or {})
        assert [s.number for s in service.played_sessions()] == [1, 2, 3]
        assert asked == []
