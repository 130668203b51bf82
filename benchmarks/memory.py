"""Memory over an evening: 1,000 next turns in a 100-combatant fight.

    python benchmarks/memory.py [--turns 1000]

The console runs as in a terminal (frames drawn, benchmarks/frames.MeterDriver) on the
campaign of benchmarks/keys.py; the process's resident memory is read after a warm-up of
100 turns and then every 100 turns. Target (issue 14): flat within 5% over 1,000 turns.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from frames import MeterDriver
from keys import SIZE, build

from console.model.tracker import END
from console.service import CampaignService
from console.store import CampaignStore
from console.ui.app import GMConsoleApp

TARGET = 0.05
WARM_UP = 100


def resident_mib() -> float:
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * 4096 / 2**20


async def evening(saves: Path, turns: int) -> list[tuple[int, float]]:
    store = CampaignStore.open(saves, "Bench")
    service = CampaignService(store, random.Random(2))
    app = GMConsoleApp(service)
    app.driver_class = MeterDriver
    readings: list[tuple[int, float]] = []
    try:
        async with app.run_test(headless=False, size=SIZE) as pilot:
            assert service.view().order.turns, "the fight has a round in progress"
            await pilot.pause()
            for turn in range(1, WARM_UP + turns + 1):
                await pilot.press("space")
                encounter = service.encounter()
                if encounter is not None and encounter.current == END:
                    await pilot.press("b")  # back into the round (as benchmarks/keys.py)
                driver = app._driver
                if isinstance(driver, MeterDriver):
                    driver.writes = []  # the meter's own record is not the console's memory
                if turn >= WARM_UP and (turn - WARM_UP) % 100 == 0:
                    gc.collect()
                    readings.append((turn - WARM_UP, resident_mib()))
    finally:
        store.close()
    return readings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        saves = Path(folder)
        build(saves)
        readings = asyncio.run(evening(saves, args.turns))
    first, last = readings[0][1], readings[-1][1]
    growth = (last - first) / first
    print("turns after the warm-up -> resident MiB: "
          + ", ".join(f"{turn}: {mib:.1f}" for turn, mib in readings))
    verdict = "ok" if growth <= TARGET else "OVER"
    print(f"growth over {args.turns} next turns: {first:.1f} -> {last:.1f} MiB, "
          f"{growth * 100:+.1f}% (target within {TARGET * 100:.0f}%: {verdict})")


if __name__ == "__main__":
    main()
