"""The prep screen's forecasts (issue 29): an adventure of five encounters, 10,000 fights
each, behind the progress bar, in under 5 s; a what-if forecast again in under 1 s.

    python benchmarks/prep.py [--repeat 3]

Runs the console headless (Textual's Pilot, 160x48) on the demo's party and the sample
adventure with its foe-less encounter given foes (so all five fight), opens the prep
screen (P), and times from the key to the forecast's last frame: ``f`` on the adventure,
then ``w`` on an encounter (a what-if of a foe's count and damage, whose encounter has
already been forecast: the what-if alone is fought). Each time is the GM's: the key, the
matchups read on the main thread, the fights in the worker thread while the bar moves,
the results drawn. Before each repeat the screen's kept forecasts are dropped.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual.widgets import Input

from console.cli.demo import _PARTY, _pc, sample_adventure
from console.service import CampaignService
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from console.ui.prep.prep_screen import PrepScreen

GUARD = "2 x Relay guard: Atk 12, Def 10, Dmg 12, AR 4, Vit 14, Nish 10, tags human"


def campaign(saves: Path) -> CampaignService:
    store = CampaignStore.create(saves, "Bench")
    service = CampaignService(store, random.Random(1))
    for fields in _PARTY:
        service.roster.add_pc(_pc(fields))
    relay = service.prep.import_markdown(sample_adventure()).adventure
    service.prep.paste(relay.id, 3, GUARD)  # the signal room fights too: five encounters
    return service


async def measure(repeat: int) -> tuple[list[float], list[float], int, int]:
    with tempfile.TemporaryDirectory() as folder:
        service = campaign(Path(folder))
        app = GMConsoleApp(service)
        adventure_times: list[float] = []
        what_if_times: list[float] = []
        fights = runs = 0
        async with app.run_test(size=(160, 48)) as pilot:
            await pilot.press("P")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, PrepScreen)
            for _ in range(repeat):
                screen.forget_forecasts()  # a fresh forecast each time
                await pilot.press("home")
                screen.outline.move_cursor(row=0, announce=True)
                await pilot.pause()
                started = time.perf_counter()
                await pilot.press("f")
                await app.workers.wait_for_complete()
                await pilot.pause()
                adventure_times.append(time.perf_counter() - started)
                prepared = service.forecast.adventure_matchups(1)
                fights = sum(1 for p in prepared if p.matchup is not None)
                runs = screen.RUNS
                # A what-if on the ambush, whose forecast the adventure's made.
                screen.outline.select(("encounter", 1, 2))
                await pilot.pause()
                await pilot.press("f")  # its -1/+1 first, as a GM looks before asking
                await app.workers.wait_for_complete()
                await pilot.pause()
                await pilot.press("w")
                for _ in range(10):
                    await pilot.pause()
                    if app.screen is not screen:
                        break
                app.screen.query_one("#field-count", Input).value = "3"
                app.screen.query_one("#field-dmg", Input).value = "12"
                started = time.perf_counter()
                await pilot.press("ctrl+s")
                await pilot.pause()
                await app.workers.wait_for_complete()
                await pilot.pause()
                what_if_times.append(time.perf_counter() - started)
        return adventure_times, what_if_times, fights, runs


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    adventure, what_if, fights, runs = asyncio.run(measure(args.repeat))
    print(f"adventure forecast: {fights} encounters x {runs:,} fights, key to last frame: "
          f"median {statistics.median(adventure):.2f} s "
          f"({', '.join(f'{t:.2f}' for t in adventure)}); budget 5 s")
    print(f"what-if forecast ({runs:,} fights): median {statistics.median(what_if):.2f} s "
          f"({', '.join(f'{t:.2f}' for t in what_if)}); budget 1 s")


if __name__ == "__main__":
    main()
