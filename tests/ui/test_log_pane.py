"""The log pane: new actions appended, undone ones struck through, an evening capped."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace

from textual.app import App, ComposeResult

from console.model import LogEntry
from console.ui.log.log_pane import MAX_ENTRIES, LogPane
from tests.clock import START


def history(count: int, head: int | None = None, session: int = 1) -> SimpleNamespace:
    entries = [LogEntry(seq, "tracker.next_turn", f"action {seq}", START, ())
               for seq in range(1, count + 1)]
    return SimpleNamespace(history=entries, head=count if head is None else head,
                           session=SimpleNamespace(number=session))


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield LogPane(id="log")


async def test_new_actions_are_appended_and_undone_ones_struck_through() -> None:
    app = LogApp()
    async with app.run_test(size=(60, 8)) as pilot:
        log = app.query_one(LogPane)
        log.show(history(3))  # type: ignore[arg-type]
        log.show(history(5))  # type: ignore[arg-type]
        await pilot.pause()
        assert [text[6:] for text, _ in log.entries] == [f"action {n}" for n in range(1, 6)]
        log.show(history(5, head=3))  # type: ignore[arg-type]
        assert [undone for _, undone in log.entries] == [False, False, False, True, True]
        log.show(history(4, head=4))  # type: ignore[arg-type]  (a new branch after undo)
        assert [undone for _, undone in log.entries] == [False] * 4
        assert log.scroll_y == log.max_scroll_y  # the newest line is in view


async def test_the_pane_keeps_an_evening_not_everything() -> None:
    app = LogApp()
    async with app.run_test(size=(60, 8)) as pilot:
        log = app.query_one(LogPane)
        for count in range(50, MAX_ENTRIES + 200, 50):  # the screen reads the newest 50
            window = history(count)
            window.history = window.history[-50:]
            log.show(window)  # type: ignore[arg-type]
        await pilot.pause()
        assert len(log.entries) == MAX_ENTRIES
        assert log.entries[-1][0].endswith(f"action {count}")


async def test_a_filter_shows_only_the_lines_naming_a_combatant() -> None:
    app = LogApp()
    async with app.run_test(size=(60, 8)) as pilot:
        log = app.query_one(LogPane)
        window = history(4)
        window.history[1] = LogEntry(2, "combat", "Skrak 2 hits Brice", START, ())
        window.history[3] = LogEntry(4, "combat", "Brice heals 3", START, ())
        log.show(window)  # type: ignore[arg-type]
        log.set_filter("brice")
        await pilot.pause()
        assert [strip.text.strip()[6:] for strip in log.lines] == ["Skrak 2 hits Brice",
                                                                   "Brice heals 3"]
        assert "only 'brice'" in str(log.border_subtitle)
        window.history.append(LogEntry(5, "combat", "Kara hits Skrak 2", START, ()))
        log.show(window)  # type: ignore[arg-type]  (a new line not naming him: not shown)
        assert len(log.lines) == 2 and len(log.entries) == 5
        log.set_filter("")
        assert len(log.lines) == 5 and log.border_subtitle == ""


async def test_a_note_stays_in_its_place_until_the_session_ends() -> None:
    """An explosion's damage is worked out, not saved: its line follows the action it came
    after, through an undo that rewrites the window, and goes with the session."""
    app = LogApp()
    async with app.run_test(size=(60, 8)) as pilot:
        log = app.query_one(LogPane)
        log.show(history(3))  # type: ignore[arg-type]
        log.note("Blast: square hit 40", "20:15")
        log.show(history(4))  # type: ignore[arg-type]
        await pilot.pause()
        texts = [text[6:] for text, _ in log.entries]
        assert texts == ["action 1", "action 2", "action 3", "Blast: square hit 40", "action 4"]
        log.show(history(4, head=2))  # type: ignore[arg-type]  (two undone: written again)
        assert [text[6:] for text, _ in log.entries] == [
            "action 1", "action 2", "(undone) action 3", "Blast: square hit 40",
            "(undone) action 4"]  # said in words, not only struck through
        log.show(history(1, session=2))  # type: ignore[arg-type]
        assert [text[6:] for text, _ in log.entries] == ["action 1"]


async def test_a_note_keeps_its_place_when_an_undone_action_is_replaced() -> None:
    """A blast after action 2, then action 3 undone and a new action 3 made: the note stays
    before the new action, not after it (it came first)."""
    app = LogApp()
    async with app.run_test(size=(60, 8)) as pilot:
        log = app.query_one(LogPane)
        log.show(history(3))  # type: ignore[arg-type]
        log.show(history(3, head=2))  # type: ignore[arg-type]  (3 undone)
        log.note("Blast: square hit 40", "20:15")
        replaced = history(3)
        replaced.history[-1] = LogEntry(3, "tracker.hold", "action 3b",
                                        START + timedelta(minutes=1), ())
        log.show(replaced)  # type: ignore[arg-type]
        await pilot.pause()
        assert [text[6:] for text, _ in log.entries] == [
            "action 1", "action 2", "Blast: square hit 40", "action 3b"]


async def test_the_scrollbar_follows_the_lines_without_a_layout() -> None:
    """The log grows without laying the screen out again; its scrollbar is told the new
    length itself (its thumb shrinks, the newest line stays in view)."""
    app = LogApp()
    async with app.run_test(size=(60, 8)) as pilot:
        log = app.query_one(LogPane)
        log.show(history(3))  # type: ignore[arg-type]
        await pilot.pause()
        log.show(history(40))  # type: ignore[arg-type]
        await pilot.pause()
        bar = log.vertical_scrollbar
        assert bar.window_virtual_size == len(log.lines) == 40
        assert bar.window_size == log.scrollable_content_region.height
        assert log.scroll_y == log.max_scroll_y > 0


async def test_an_undone_line_is_struck_on_screen_at_once(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 27: struck as ctrl+z is pressed, not at the next action: the pane's painted
    line, not only what it holds."""
    import random

    from console.service import CampaignService
    from console.ui.app import GMConsoleApp
    from tests.ui.conftest import FakeClock
    from tests.ui.test_snapshots import mid_fight

    app = GMConsoleApp(CampaignService(mid_fight(tmp_path), random.Random(3), FakeClock()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        log = app.screen.query_one("#log", LogPane)

        def newest_painted() -> str:
            strip = log.render_line(len(log.lines) - 1 - int(log.scroll_y))
            assert "Turn:" in strip.text
            return "strike" if any(s.style is not None and s.style.strike
                                   for s in strip) else "plain"

        await pilot.pause()
        assert newest_painted() == "plain"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert newest_painted() == "strike"
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert newest_painted() == "plain"


async def test_an_undo_lays_out_again_only_the_lines_it_changed() -> None:
    """The window is written again at an undo, but an unchanged entry's wrapped lines are
    reused: only the struck-through one is laid out anew, and the picture is the same as
    laying every line out afresh."""
    app = LogApp()
    async with app.run_test(size=(60, 8)) as pilot:
        log = app.query_one(LogPane)
        log.show(history(300))  # type: ignore[arg-type]
        rendered: list[object] = []
        real = app.console.render

        def counting(renderable, options=None):  # type: ignore[no-untyped-def]
            rendered.append(renderable)
            return real(renderable, options)

        app.console.render = counting  # type: ignore[method-assign]
        log.show(history(300, head=299))  # type: ignore[arg-type]
        assert len(rendered) == 1  # the undone one
        reused = [strip.text for strip in log.lines]
        log._wrapped = {}  # nothing kept: every line laid out again
        log.show(history(300, head=300))  # type: ignore[arg-type]
        log.show(history(300, head=299))  # type: ignore[arg-type]
        assert [strip.text for strip in log.lines] == reused
        await pilot.resize_terminal(40, 8)  # another width: laid out again, not reused
        await pilot.pause()
        assert max(strip.cell_length for strip in log.lines) <= 40
