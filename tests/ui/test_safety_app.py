"""No action ends the app (issue 11): a bug inside an action, a binding or a dialog's answer
becomes one line for the GM and a traceback in the campaign's errors.log; the campaign is
as it was and the console goes on."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.model import Encounter, Side
from console.model.tracker import add_combatant, call_for_nish
from console.service import CampaignService
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from tests.service.conftest import seeded
from tests.ui.conftest import SIZE, START, FakeClock, capture_toasts, marked, toasts_of, type_in
from tests.ui.test_tracker_app import encounter_of


def fight(saves: Path) -> GMConsoleApp:
    store = CampaignStore.create(saves, "Dock")
    encounter = add_combatant(Encounter(1, "Dock fight"), "Skrak", Side.NPC,
                              recorded_nish=9, vit_max=12).encounter
    encounter = add_combatant(encounter, "Thug", Side.NPC, recorded_nish=5).encounter
    encounter = call_for_nish(encounter, {}).encounter
    store.apply("setup", "the fight", [("encounters", 1, encounter.to_dict())], now=START)
    app = GMConsoleApp(CampaignService(store, clock=FakeClock()))
    capture_toasts(app)
    return app


def broken(*_args: object, **_kwargs: object) -> None:
    raise RuntimeError("a bug in the action")


async def test_a_bug_in_an_action_is_reported_and_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = fight(tmp_path)
    service = app.service
    async with app.run_test(size=SIZE) as pilot:
        before = (service.opno, encounter_of(app))
        monkeypatch.setattr("console.service.tracker.next_turn", broken)
        await pilot.press("space")
        assert app.is_running
        assert any(m.startswith("that action failed and was not applied (RuntimeError: "
                                "a bug in the action); details in ") for m in toasts_of(app))
        assert (service.opno, encounter_of(app)) == before  # the campaign is untouched
        log = (tmp_path / "Dock" / "errors.log").read_text()
        assert "Traceback" in log and "RuntimeError: a bug in the action" in log
        monkeypatch.undo()
        await pilot.press("space")  # and the console goes on
        assert marked(app) == ["Thug"]


async def test_a_bug_after_a_dialog_is_answered_is_reported_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = fight(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        monkeypatch.setattr("console.service.tracker.add_condition", broken)
        await pilot.press("1", "c")
        await type_in(pilot, "Stunned", "1")
        assert app.is_running and encounter_of(app).conditions == ()
        assert any("that action failed and was not applied" in m for m in toasts_of(app))
        await pilot.press("c")  # the screen still answers its keys
        await type_in(pilot, "Prone", "")
        assert [c.name for c in encounter_of(app).conditions] == []  # still broken, still up
        monkeypatch.undo()
        await pilot.press("c")
        await type_in(pilot, "Prone", "")
        assert [c.name for c in encounter_of(app).conditions] == ["Prone"]


async def test_a_bug_in_a_binding_of_the_app_is_reported(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = fight(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        monkeypatch.setattr(app.service, "undo", broken)
        await pilot.press("ctrl+z")
        assert app.is_running
        assert any("that action failed" in m for m in toasts_of(app))


async def test_a_read_only_console_keeps_its_reports_in_memory(tmp_path: Path) -> None:
    fight(tmp_path).service._store.close()
    with CampaignStore.open(tmp_path, "Dock", read_only=True) as store:
        assert store.log_error("Traceback: something") is None
        assert store.errors == ["Traceback: something"]
    assert not (tmp_path / "Dock" / "errors.log").exists()


def test_the_error_log_never_follows_a_planted_link(tmp_path: Path) -> None:
    app = fight(tmp_path)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    (tmp_path / "Dock" / "errors.log").symlink_to(victim)
    assert app.service._store.log_error("a report") is None  # refused, not followed
    assert victim.read_text() == "keep me"
    app.service._store.close()


async def test_a_read_only_console_refuses_a_change_at_its_key_not_after_its_form(
        tmp_path: Path) -> None:
    # A new GM on the read-only console pressed z, filled in a panic and was refused at
    # the save, his form gone. A flow that saves is refused before its first dialog; one
    # that only reads (the dice calculator, the log's filter) opens as anywhere.
    fight(tmp_path).service._store.close()
    with CampaignStore.open(tmp_path, "Dock", read_only=True) as store:
        app = GMConsoleApp(CampaignService(store, clock=FakeClock()))
        capture_toasts(app)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            main = app.screen
            for key in ("z", "a", "n", "E"):
                await pilot.press(key)
                await pilot.pause()
                assert app.screen is main, key
            refusals = [m for m in toasts_of(app) if "is open read-only" in m]
            assert len(refusals) == 4 and "Dock" in refusals[0]
            for key in ("D", "B"):  # the dice and the explosion calculators save nothing
                await pilot.press(key)
                await pilot.pause()
                assert app.screen is not main, key
                await pilot.press("escape")
                await pilot.pause()
                assert app.screen is main, key
            assert len([m for m in toasts_of(app) if "is open read-only" in m]) == 4
            assert app.is_running and store.errors == []


async def test_a_session_left_running_overnight_is_said_at_opening(tmp_path: Path) -> None:
    # A new GM reopened the next morning to "Session 1 running 8:06", and the close of
    # session would have counted the night as play.
    clock = FakeClock()
    with CampaignStore.create(tmp_path, "Dock") as store:
        CampaignService(store, clock=clock).sessions.toggle()  # begun, never stopped
    clock.advance(8 * 60 + 6)
    with CampaignStore.open(tmp_path, "Dock") as store:
        app = GMConsoleApp(CampaignService(store, clock=clock))
        capture_toasts(app)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            said = [t for t in toasts_of(app) if "is still running" in t]
            assert len(said) == 1 and "8 h 06 min ago" in said[0]


async def test_ctrl_c_says_how_to_quit_in_plain_words(tmp_path: Path) -> None:
    app = fight(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+c")
        await pilot.pause()
        said = [t for t in toasts_of(app) if "quit" in t]
        assert said and "ctrl+q" in said[-1] and "[b]" not in said[-1]
        assert app.is_running


async def test_a_closed_sessions_fight_is_refused_at_its_key_not_after_its_dialogs(
        tmp_path: Path) -> None:
    # A new GM closed the session, pressed E, answered how the fight ended and chose the
    # next encounter, and only then was told the session was closed.
    from datetime import timedelta

    from tests.service.test_award_commands import PARTY, choices

    clock = FakeClock()
    store = CampaignStore.create(tmp_path, "Iron Reach")
    service = seeded(store, *PARTY, clock=clock)
    service.sessions.toggle()
    service.tracker.new_encounter("Dock fight")
    service.tracker.join_pc("Brice")
    service.tracker.call_for_nish({1: 12})
    service.awards.close(choices(timedelta(hours=3)))
    app = GMConsoleApp(service)
    capture_toasts(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        main = app.screen
        for key in ("E", "a", "A", "z", "c"):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is main, key
        refused = [t for t in toasts_of(app) if "session 1 is closed" in t]
        assert len(refused) == 5
    store.close()
