"""The players' link in a real browser (issue 28), as a player opens it: headless Chromium
on `gm-console serve` over 127.0.0.1. With the key the page shows the fight and follows
the GM's console, its turn timer restarting with each turn; the same link without the key
shows the refusal page. Skipped, saying so, where Chromium is not installed (Debian's
``chromium`` package)."""

from __future__ import annotations

import asyncio
import os
import re
from pathlib import Path

import pytest

from console.service import CampaignService
from console.store import CampaignStore
from tests.browser import CHROMIUM, Browser
from tests.test_cli_players import Server, _campaign

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed "
                                "(apt-get install chromium)")

# Set to a folder to keep the pages' pictures (to look at them).
PICTURES = os.environ.get("SERVE_PICTURES")


def test_a_player_opens_the_link_and_follows_the_fight(tmp_path: Path) -> None:
    _campaign(tmp_path)
    server = Server(tmp_path)

    async def play() -> None:
        async with Browser() as browser:
            await browser.open(server.link)
            text = await browser.text_once("Vera", "Skrak", "ROUND", "TURN",
                                           "following the GM's console",
                                           "Vit left: Vitality before critical damage")
            assert "Lurker" not in text  # hidden from the players
            assert "ctrl+q" not in text.lower()  # nothing a browser does otherwise
            counting = re.search(r"TURN\s+(\d+):(\d\d)", text)
            assert counting is not None
            if PICTURES:
                await browser.picture(Path(PICTURES) / "players-link.png")
            # The GM moves the turn on in his console: the page follows, the timer anew.
            await asyncio.sleep(2.2)
            gm_store = CampaignStore.open(tmp_path, "Dock")
            try:
                before = await browser.text_once("TURN")
                gm = CampaignService(gm_store)
                gm.tracker.next_turn()  # the hidden Lurker's turn: nothing tells (issue 27)
                await asyncio.sleep(1.5)  # the page follows within half a second
                assert await browser.evaluate(
                    "document.querySelector('tr.now td.name').textContent") == "Vera"
                assert not await browser.evaluate("document.querySelector('#timer').hidden")
                gm.tracker.next_turn()  # Skrak's
            finally:
                gm_store.close()
            assert re.search(r"TURN\s+0:0[2-9]", before), before
            await browser.value_once("document.querySelector('tr.now td.name').textContent",
                                     "Skrak", seconds=2)
            clock = await browser.evaluate("document.querySelector('#clock').textContent")
            assert clock in ("0:00", "0:01"), clock
            # The same link without its key: the refusal, and no view.
            await browser.open(f"{server.origin}/")
            refused = await browser.text_once("This link needs its key")
            assert "Vera" not in refused
            if PICTURES:
                await browser.picture(Path(PICTURES) / "players-no-key.png")

    try:
        asyncio.run(play())
    finally:
        server.stop()
    assert "Traceback" not in server.output
    assert "refused 127.0.0.1: the page without the key" in server.output
