"""The AP awarder on a long campaign: the awards screen and the close of session.

    python benchmarks/awards.py [--sessions 500] [--templates 300] [--openings 5]

Builds a long campaign (benchmarks/long_campaign.py: 12 PCs, N closed sessions with
awards and closes). Prints:

- reading every earlier session's document for the AP history: cold (from the session
  files), then from the memo of earlier sessions (``.sessions``) as the next opening does;
- the awards screen's figures (fairness + 12 AP histories) and one close preview (it runs
  on every keystroke in the close dialog);
- in the console as in a terminal (benchmarks/frames.py), key to the last frame: ``w``
  (the GM looks at the main screen for a moment first, as the history is read in the
  background after start-up; once per console opened, ``--openings`` times), ``w`` again,
  and ``c`` to the close dialog.
Targets (issue 14): ``w`` <= 200 ms on 500 sessions; each dialog <= 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from frames import KeyFigures, measure_keys, press
from long_campaign import NAME, build, close_choices, now_after
from textual.app import App

from console.model.awards import ap_history, fairness, preview_close
from console.service import CampaignService
from console.store import CampaignStore
from console.store.layout import SESSIONS_MEMO
from console.ui.app import GMConsoleApp

SIZE = (160, 48)


def timed(work: Callable[[], object], repeat: int) -> tuple[float, float]:
    spent = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        spent.append(time.perf_counter() - started)
    return statistics.median(spent), max(spent)


def history_read(saves: Path, sessions: int) -> float:
    with CampaignStore.open(saves, NAME) as store:
        service = CampaignService(store, clock=lambda: now_after(sessions))
        started = time.perf_counter()
        service.played_sessions()
        return time.perf_counter() - started


async def first_w(app: App[Any], found: dict[str, KeyFigures]) -> None:
    await asyncio.sleep(1.5)  # the GM looks at the screen; the history is read meanwhile
    await press(app, "w", found.setdefault("w, first", KeyFigures()))


async def keys(app: App[Any], found: dict[str, KeyFigures]) -> None:
    await first_w(app, found)
    for _ in range(5):
        await press(app, "escape", KeyFigures())
        await press(app, "w", found.setdefault("w, again", KeyFigures()))
    for _ in range(3):
        await press(app, "c", found.setdefault("c, the close dialog", KeyFigures()))
        await press(app, "escape", KeyFigures())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=500)
    parser.add_argument("--templates", type=int, default=300)
    parser.add_argument("--openings", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        saves = Path(folder)
        started = time.perf_counter()
        build(saves, args.sessions, args.templates)
        print(f"built 12 PCs and {args.sessions} closed sessions in "
              f"{time.perf_counter() - started:.0f} s")
        (saves / NAME / SESSIONS_MEMO).unlink(missing_ok=True)
        cold = history_read(saves, args.sessions)
        memo = history_read(saves, args.sessions)
        print(f"every earlier session's document: from the session files {cold * 1e3:.0f} ms; "
              f"from the memo beside them {memo * 1e3:.0f} ms")
        now = now_after(args.sessions)
        with CampaignStore.open(saves, NAME) as store:
            service = CampaignService(store, clock=lambda: now)
            sessions, pcs, session = service.played_sessions(), service.pcs(), store.session()

            def screen_figures() -> None:
                fairness(session, sessions, pcs, now)
                for pc_id in pcs:
                    ap_history(sessions, pc_id)

            median, worst = timed(screen_figures, 20)
            print(f"awards screen figures (fairness + {len(pcs)} AP histories): median "
                  f"{median * 1e3:.2f} ms, worst {worst * 1e3:.2f} ms")
            median, worst = timed(lambda: preview_close(session, pcs, close_choices()), 50)
            print(f"close preview, per keystroke: median {median * 1e3:.2f} ms, worst "
                  f"{worst * 1e3:.2f} ms")
        found: dict[str, KeyFigures] = {}
        stores: list[CampaignStore] = []

        def make() -> App[Any]:
            store = CampaignStore.open(saves, NAME)
            stores.append(store)
            return GMConsoleApp(CampaignService(store, random.Random(1), lambda: now))

        def close() -> None:
            for store in stores:
                store.close()
            stores.clear()

        asyncio.run(measure_keys(make, SIZE, lambda app: keys(app, found)))
        close()
        for _ in range(args.openings - 1):  # w's first opening again, on a console of its own
            asyncio.run(measure_keys(make, SIZE, lambda app: first_w(app, found)))
            close()
    for name, figures in found.items():
        target = "w" if name.startswith("w") else "dialog"
        limit = 200 if target == "w" else 100
        verdict = "ok" if figures.median <= limit else "OVER"
        print(f"key {name}: {figures.describe()} (target <= {limit} ms: {verdict})")


if __name__ == "__main__":
    main()
