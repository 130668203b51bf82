"""Issue 27: a burst of the same message is one toast with a count; a few toasts at most;
the toasts never over the log's newest lines."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.service import CampaignService
from console.ui.app import GMConsoleApp
from console.ui.notices import MOST, NoticeBoard
from console.ui.widgets.keys_footer import KeysFooter
from tests.ui.conftest import FakeClock
from tests.ui.test_snapshots import mid_fight


def test_the_same_message_again_is_counted_on_its_toast() -> None:
    board = NoticeBoard()
    first = board.add("Round 6 is over", "", "warning", 5, now=0)
    assert not first.again and [n.text for n, _ in first.show] == ["Round 6 is over"]
    for moment in range(1, 30):
        shown = board.add("Round 6 is over", "", "warning", 5, now=moment * 0.1)
    assert shown.again and shown.recount
    assert [n.text for n, _ in shown.show] == ["Round 6 is over  (x30)"]
    assert shown.show[0][1] == 5  # timed from the last time it was raised


def test_a_message_gone_is_new_again() -> None:
    board = NoticeBoard()
    board.add("Kess passes out", "", "warning", 5, now=0)
    again = board.add("Kess passes out", "", "warning", 5, now=6)
    assert not again.again and [n.text for n, _ in again.show] == ["Kess passes out"]


def test_the_oldest_goes_when_one_more_would_be_too_many() -> None:
    board = NoticeBoard()
    for index in range(MOST):
        board.add(f"alert {index}", "", "warning", 30, now=index)
    shown = board.add("one more", "", "warning", 30, now=MOST)
    assert shown.again and not shown.recount
    assert [n.text for n, _ in shown.show] == [f"alert {i}" for i in range(1, MOST)] + [
        "one more"]


@given(st.lists(st.tuples(st.sampled_from(["a", "b", "c", "d", "e", "f"]),
                          st.floats(min_value=0, max_value=2)), max_size=200))
def test_never_more_than_a_few_toasts_nor_one_message_twice(
        raised: list[tuple[str, float]]) -> None:
    board, now = NoticeBoard(), 0.0
    for message, pause in raised:
        now += pause
        board.add(message, "", "warning", 5, now)
        up = [n.message for n, _ in board.current(now)]
        assert len(up) <= MOST and len(set(up)) == len(up)
        assert message in up


@pytest.mark.parametrize("size", [(160, 48), (100, 30), (80, 24)])
async def test_space_held_past_the_rounds_end_is_one_toast_clear_of_the_log(
        tmp_path: Path, size: tuple[int, int]) -> None:
    app = GMConsoleApp(CampaignService(mid_fight(tmp_path), random.Random(3), FakeClock()))
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.press(*["space"] * 12)
        await pilot.pause(0.7)  # a count going up is drawn at most twice a second
        toasts = list(app.screen.query("Toast"))
        texts = [str(toast.render()) for toast in toasts]
        assert len(toasts) == 1, texts
        assert "is over" in texts[0] and "(x" in texts[0]
        log = app.screen.query_one("#log")
        assert not toasts[0].region.overlaps(log.region), (toasts[0].region, log.region)


@pytest.mark.parametrize("size", [(160, 48), (100, 30), (80, 24)])
async def test_a_toast_keeps_above_the_footer_however_many_lines_it_takes(
        tmp_path: Path, size: tuple[int, int]) -> None:
    """At 80 columns the AP screen's footer takes four lines, the roster's too: a toast
    sat over three of them, hiding keys ("a Adventure bonus", "i Improve ability")."""
    app = GMConsoleApp(CampaignService(mid_fight(tmp_path), random.Random(3), FakeClock()))
    async with app.run_test(size=size, notifications=True) as pilot:
        for keys in ((), ("2",), ("w",)):  # the tracker's footer, the roster's, the AP's
            await pilot.press(*keys)
            app.notify("Kess passes out: she is unconscious until she is healed "
                       "or 10 minutes have passed", severity="warning", timeout=30)
            await pilot.pause()
            footer = app.screen.query_one(KeysFooter)
            toasts = list(app.screen.query("Toast"))
            assert toasts, keys
            for toast in toasts:
                assert not toast.region.overlaps(footer.region), (
                    keys, footer.lines_needed(), toast.region, footer.region)
                assert toast.region.y >= 1, (keys, toast.region)  # the header's line free
            app.clear_notifications()
            await pilot.pause()


def test_withdrawn_notices_are_those_ending_so() -> None:
    board = NoticeBoard()
    board.add("Kara deleted (undo: ctrl+z)", "", "information", 30, now=0)
    board.add("Kess passes out", "", "warning", 30, now=1)
    assert board.withdraw(lambda message: message.endswith(" (undo: ctrl+z)"))
    assert [n.text for n, _ in board.current(2)] == ["Kess passes out"]
    assert not board.withdraw(lambda message: message.endswith(" (undo: ctrl+z)"))


async def test_a_turns_reminder_is_taken_down_when_the_next_turn_begins(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    """"Brice, before acting: WP vs 20 ..." stayed up through the next combatant's turn,
    for a turn already over (its timeout is up to 30 seconds)."""
    from tests.service.conftest import fight

    service = fight(seed)
    brice = service.pcs()[1]
    service.roster.save_pc(brice.with_changes(wounds=24, wp="10L"))  # Vit 20: 4 CD
    service.tracker.add_npc("Rat", 1, 4)  # acts after Brice
    service.tracker.call_for_nish({1: 5, 2: 40})  # Brice acts after the Skraks
    for _ in range(3):
        service.tracker.next_turn()
    app = open_app()
    async with app.run_test(size=(160, 48), notifications=True) as pilot:
        await pilot.press("space")  # Brice's turn: the reminder
        await pilot.pause()
        assert any("Brice, before acting" in text for text in _toasts_up(app))
        await pilot.press("space")  # the Rat's turn
        await pilot.pause()
        assert not any("Brice, before acting" in text for text in _toasts_up(app))


def _toasts_up(app: GMConsoleApp) -> list[str]:
    return [str(toast.render()) for toast in app.screen.query("Toast")]
