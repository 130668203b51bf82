"""The players' view (issue 16): what it shows and hides, that it follows the GM's console
live, and that it never writes: not a byte, not a lock, on a read-only copy of the saves."""

from __future__ import annotations

import os
import random
import shutil
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from console.model.player_view import LEGEND
from console.service import CampaignService
from console.store import CampaignStore
from console.ui.player.order_board import OrderBoard
from console.ui.player.player_app import PlayerViewApp
from tests.clock import FakeClock
from tests.ui.conftest import plain

SIZE = (100, 30)


def gm_fight(saves: Path) -> CampaignService:
    """Session 1: Vera and Kess against two Skraks and a hidden sniper, Skrak 1 hurt."""
    store = CampaignStore.create(saves, "Dock")
    gm = CampaignService(store, random.Random(1), FakeClock())
    gm.sessions.toggle()
    gm.tracker.new_encounter("Ambush (the captain's men)")
    gm.tracker.join_pc("Vera", vit_max=18)
    gm.tracker.join_pc("Kess", vit_max=16)
    gm.tracker.add_npc("Skrak 1", 10, 12)
    gm.tracker.add_npc("Skrak 2", 10, 12)
    gm.tracker.add_npc("Sniper", 19, 10)
    ids = {c.name: c.id for c in gm.running().combatants}
    gm.tracker.toggle_hidden(ids["Sniper"])
    gm.tracker.call_for_nish({ids["Vera"]: 14, ids["Kess"]: 8})
    gm.combat.change_wounds(gm.running().combatant(ids["Skrak 1"]), -7)  # type: ignore[arg-type]
    return gm


def board_text(app: PlayerViewApp) -> str:
    board = app.query_one(OrderBoard)
    return plain(board.render(), board.size.width)


@pytest.fixture
def gm(tmp_path: Path) -> Iterator[CampaignService]:
    service = gm_fight(tmp_path)
    yield service
    service._store.close()


def players_on(saves: Path) -> tuple[PlayerViewApp, CampaignStore]:
    store = CampaignStore.open(saves, "Dock", read_only=True)
    return PlayerViewApp(CampaignService(store)), store


async def test_the_players_see_the_order_words_and_no_secrets(
        gm: CampaignService, tmp_path: Path) -> None:
    app, store = players_on(tmp_path)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            text = board_text(app)
            line = {name: next(li for li in text.splitlines() if name in li)
                    for name in ("Vera", "Skrak 1", "Skrak 2", "Kess")}
            assert sorted(line, key=text.index) == ["Vera", "Skrak 1", "Skrak 2", "Kess"]
            # The hidden sniper's turn (Nish 19) is in progress: the picture is the one the
            # first shown turn gives (issue 27: a ▶ on no one told the table).
            assert "▶" in line["Vera"] and "▷" in line["Skrak 1"]
            assert "14" in line["Vera"] and "18 of 18 Vit left" in line["Vera"]
            assert "badly hurt" in line["Skrak 1"]
            assert "unhurt" in line["Skrak 2"] and "16 of 16 Vit left" in line["Kess"]
            legend = "\n".join(LEGEND)
            assert "Vit left: Vitality before critical damage" in text
            table = text[:text.index("Vit left: Vitality")]  # the legend has its own numbers
            for secret in ("Sniper", "captain", "7/12", "12", "10"):  # NPC Nish 10, Vit 12
                assert secret not in table, legend
    finally:
        store.close()


async def test_it_follows_the_gm_within_half_a_second(
        gm: CampaignService, tmp_path: Path) -> None:
    app, store = players_on(tmp_path)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.picture is not None and app.picture.round == 1
            sniper = next(c for c in gm.running().combatants if c.name == "Sniper")
            gm.tracker.toggle_hidden(sniper.id)  # the ambush strikes
            gm.tracker.next_turn()
            await pilot.pause(0.5)
            rows = app.picture.rows
            assert [(r.name, r.mark) for r in rows[:2]] == [("Sniper", ""), ("Vera", "now")]
            gm.tracker.end_encounter()
            await pilot.pause(0.5)
            assert not app.picture.fighting
            assert "No fight right now" in board_text(app)
    finally:
        store.close()


async def test_a_campaign_that_cannot_be_read_keeps_the_last_picture(
        gm: CampaignService, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app, store = players_on(tmp_path)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            shown = app.picture

            def broken() -> bool:
                raise OSError("session file gone")

            monkeypatch.setattr(app.service.players, "follow", broken)
            await pilot.pause(0.4)
            assert app.picture is shown and app.is_running
            assert "waiting for the campaign (session file gone)" in str(
                app.query_one("#status").render())
    finally:
        store.close()


# ----- never a write -----------------------------------------------------------------------

_WRITES = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
_CHANGING = {"os.rename", "os.replace", "os.remove", "os.unlink", "os.mkdir", "os.rmdir",
             "os.link", "os.symlink", "os.truncate", "os.chmod", "os.chown", "os.utime",
             "shutil.rmtree", "shutil.copyfile"}
_WATCHING: list[list[str]] = []  # the writes seen while a test watches (the hook stays)


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if not _WATCHING:
        return
    if event == "open":
        path, mode, flags = args
        writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
            isinstance(flags, int) and flags & _WRITES)
        if writes:
            _WATCHING[-1].append(f"open {path} {mode or ''} {flags}")
    elif event in _CHANGING:
        _WATCHING[-1].append(f"{event} {args[:2]}")


def _tree(root: Path) -> dict[str, tuple[bytes, int]]:
    return {str(p.relative_to(root)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(root.rglob("*")) if p.is_file()}


def _set_writable(root: Path, writable: bool) -> None:
    for path in [root, *root.rglob("*")]:
        mode = path.stat().st_mode
        bits = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH
        os.chmod(path, (mode | stat.S_IWUSR) if writable else (mode & ~bits))


async def test_it_never_writes_on_a_read_only_copy_of_the_saves(
        gm: CampaignService, tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(tmp_path / "Dock", copy / "Dock")
    _set_writable(copy, False)
    before = _tree(copy)
    sys.addaudithook(_audit)
    seen: list[str] = []
    try:
        _WATCHING.append(seen)
        app, store = players_on(copy)  # opened inside the watch: the opening reads only too
        try:
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause(0.6)  # two looks at the campaign
                _WATCHING.clear()  # the GM's console writes its own folder, not this copy
                gm.tracker.next_turn()
                _WATCHING.append(seen)
                await pilot.pause(0.3)
                assert "Vera" in board_text(app)
        finally:
            store.close()
    finally:
        _WATCHING.clear()
        _set_writable(copy, True)
    assert seen == []
    assert _tree(copy) == before


# ----- the turn timer and the GM's choices (issue 28) ------------------------------------

async def test_the_turn_timer_restarts_on_the_players_view_within_half_a_second_of_space(
        tmp_path: Path) -> None:
    import time
    from datetime import timedelta

    from textual.widgets import Digits

    from console.model.table_settings import PlayersSettings, TurnTimer

    gm = gm_fight(tmp_path)
    clock = gm.clock
    assert isinstance(clock, FakeClock)
    gm.settings.set_table(PlayersSettings(), TurnTimer(limit=60))
    store = CampaignStore.open(tmp_path, "Dock", read_only=True)
    app = PlayerViewApp(CampaignService(store), clock=clock)  # the GM's clock: one time
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            ids = {c.name: c.id for c in gm.running().combatants}
            gm.tracker.toggle_hidden(ids["Sniper"])  # his turn (19), now seen
            clock.now += timedelta(seconds=50)
            await pilot.pause(0.6)
            timer = app.query_one("#timer", Digits)
            assert timer.value == "0:50" and app.query_one("#timer-box").has_class("-amber")
            clock.now += timedelta(seconds=15)
            await pilot.pause(0.6)
            assert timer.value == "1:05" and app.query_one("#timer-box").has_class("-red")
            gm.tracker.next_turn()  # space on the GM's console: Vera's turn
            pressed = time.monotonic()
            while timer.value != "0:00":
                assert time.monotonic() - pressed < 0.5, f"still {timer.value}"
                await pilot.pause(0.05)
            box = app.query_one("#timer-box")
            assert box.display and not box.has_class("-red") and not box.has_class("-amber")
            assert [r.name for r in app.picture.rows if r.mark == "now"] == ["Vera"]
            gm.tracker.toggle_hidden(ids["Sniper"])
            gm.settings.set_table(PlayersSettings(), TurnTimer(on=False))
            await pilot.pause(0.5)
            assert not app.query_one("#timer-box").display  # the GM turned it off
    finally:
        store.close()
        gm._store.close()


async def test_the_players_see_foe_numbers_and_npcs_yet_to_act_apart(tmp_path: Path) -> None:
    from console.model.table_settings import NpcNames, PlayersSettings, TurnTimer

    gm = gm_fight(tmp_path)
    gm.settings.set_table(PlayersSettings(npc_names=NpcNames.FOES, npcs_waiting=False),
                          TurnTimer())
    app, store = players_on(tmp_path)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            text = board_text(app)
            assert "Skrak" not in text and "Sniper" not in text
            assert "Yet to act: Foe 1, Foe 2" in text  # in no order: their Nish untold
            skrak = next(c for c in gm.running().combatants if c.name == "Skrak 1")
            gm.tracker.toggle_named(skrak.id)
            await pilot.pause(0.5)
            assert "Yet to act: Foe 2, Skrak 1" in board_text(app)
    finally:
        store.close()
        gm._store.close()
