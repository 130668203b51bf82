"""The table's keys (issue 28): the turn timer in the GM's header as `space` moves the turn,
`P` for what the players' view shows and the timer, `N` to name an NPC to the players,
both in the command palette (the behaviour is tested in tests/service/test_table_commands.py)."""

from __future__ import annotations

import html
import re
from datetime import timedelta

import pytest

from console.model.table_settings import NpcNames, PcHealth, PlayersSettings, TurnTimer
from console.service import CampaignService
from console.ui.app import GMConsoleApp
from console.ui.awards.awards_screen import AwardsScreen
from console.ui.dialogs.form_dialog import FormDialog
from console.ui.log.log_pane import LogPane
from console.ui.screens.help_screen import HelpScreen
from console.ui.screens.screen_head import ScreenHead
from console.ui.screens.status_header import StatusHeader
from console.ui.table.flows import turn_limit
from tests.service.conftest import fight
from tests.ui.conftest import SIZE, FakeClock, fill, select, table_names, toasts_of, type_in


def header(app: GMConsoleApp) -> str:
    return str(app.screen.query_one("#status", StatusHeader).render())


def _shown_row(app: GMConsoleApp, y: int) -> str:
    """Row ``y`` of what the terminal shows now: the screen on top as Textual paints it
    (a picture not repainted where it changed still shows the old)."""
    svg = app.export_screenshot()
    rows: dict[int, list[tuple[float, str]]] = {}
    for x, line, text in re.findall(
            r'<text[^>]*\bx="([0-9.]+)"[^>]*clip-path="url\(#terminal-(?:\d+-)?line-(\d+)\)"[^>]*>'
            r"([^<]*)</text>", svg):
        rows.setdefault(int(line), []).append(
            (float(x), html.unescape(text).replace("\xa0", " ").rstrip("\n")))
    return "".join(text for _, text in sorted(rows.get(y, [])))


async def test_space_starts_the_turn_timer_in_the_header_and_the_log_keeps_the_turn(
        seed: CampaignService, clock: FakeClock, open_app) -> None:  # type: ignore[no-untyped-def]
    fight(seed)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await type_in(pilot, "256", "9")
        assert "turn 0:00" in header(app)
        clock.now += timedelta(seconds=83)
        await pilot.pause(1.1)  # the header ticks once a second
        assert "turn 1:23" in header(app)
        await pilot.press("space")
        assert "turn 0:00" in header(app)
        log = app.screen.query_one("#log", LogPane)
        assert any("Brice's turn: 1:23" in str(entry) for entry in log.entries)
        # Under a form (a condition, taken mid-turn) the turn's clock keeps counting.
        await pilot.press("c")
        assert isinstance(app.screen, FormDialog)
        assert "turn 0:00" in _shown_row(app, 0)
        clock.now += timedelta(seconds=83)
        await pilot.pause(1.1)
        shown = _shown_row(app, 0)
        assert "turn 1:23" in shown  # in the picture under the form, not only in the header
        assert "running 0:02" in shown  # the session's clock too
        assert "Tracker" in _shown_row(app, 1)  # and the rest of the picture
        # Two dialogs over the header (no key opens one over a form today): the one on top
        # draws a picture of the form, which draws its picture of the header.
        await app.push_screen(HelpScreen("help"))
        await pilot.pause()
        clock.now += timedelta(seconds=10)
        await pilot.pause(1.1)
        assert "turn 1:33" in _shown_row(app, 0)
        await pilot.press("escape", "escape")
        assert "turn 1:33" in header(app)


async def test_the_turn_clock_and_the_play_time_tick_on_the_ap_screen(
        seed: CampaignService, clock: FakeClock, open_app) -> None:  # type: ignore[no-untyped-def]
    """w mid-fight (a grab bag for a good line): the turn's clock was gone and the session's
    play time stood still until an award. Both tick there as in the main header, the clock
    at the right end, at 80 columns too."""
    fight(seed)
    app = open_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await type_in(pilot, "256", "9")
        await pilot.press("w")
        assert isinstance(app.screen, AwardsScreen)
        head = app.screen.query_one("#awards-head", ScreenHead)
        assert str(head.render()).endswith(" turn 0:00 ")
        clock.now += timedelta(minutes=3, seconds=5)
        await pilot.pause(1.1)
        shown = str(head.render())
        assert shown.endswith(" turn 3:05 ") and len(shown) == 79
        assert "0 h 03 min" in shown
        assert "turn 3:05" in _shown_row(app, 0)


async def test_o_chooses_what_the_players_see_and_the_timers_limit(
        seed: CampaignService, clock: FakeClock, open_app) -> None:  # type: ignore[no-untyped-def]
    fight(seed)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await type_in(pilot, "256", "9")
        await pilot.press("O")
        assert isinstance(app.screen, FormDialog)
        await fill(pilot, pc_health="w", npc_names="foes", npcs_waiting="n",
                   npc_conditions="y", limit="1:30")
        assert app.service.settings.table() == (
            PlayersSettings(PcHealth.WORDS, NpcNames.FOES, False, True), TurnTimer(True, 90))
        assert "turn 0:00/1:30" in header(app)
        clock.now += timedelta(seconds=95)
        await pilot.pause(1.1)
        assert "turn 1:35/1:30" in header(app)  # past the limit: red
        # The foe numbers the players see, beside each NPC; N names the selected one.
        await select(pilot, app, "Skrak 2")
        await pilot.press("N")
        encounter = app.service.running()
        assert next(c for c in encounter.combatants if c.name == "Skrak 2").named
        assert table_names(app)  # still drawn
        await pilot.press("O", "ctrl+s")  # nothing changed: said, nothing saved
        assert toasts_of(app)[-1] == "the players' view and the timer stay as they were"


async def test_a_bad_limit_is_said_in_the_form(seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("O")
        await fill(pilot, limit="2")
        assert isinstance(app.screen, FormDialog)
        assert "from 5 seconds to 1:00:00, not 0:02" in str(app.screen.query_one("#error").render())


async def test_both_keys_are_in_the_command_palette(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE):
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert "What the players' view shows, and the turn timer" in titles
        assert ("Tracker: Tell the players an NPC's name (a view of Foe 1, Foe 2), or take "
                "it back") in titles


@pytest.mark.parametrize(("text", "seconds"), [("", None), ("90", 90), ("1:30", 90),
                                               ("60:00", 3600), (" 5 ", 5)])
def test_a_turn_limit_reads_seconds_or_minutes(text: str, seconds: int | None) -> None:
    assert turn_limit(text) == seconds


@pytest.mark.parametrize("text", ["4", "3601", "1:3", "1:60x", "a", "-5", "1::30", "٣٠"])
def test_a_turn_limit_out_of_range_or_unreadable_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="limit per turn"):
        turn_limit(text)
