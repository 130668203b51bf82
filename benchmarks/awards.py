"""How fast the AP awarder is on a long campaign.

    python benchmarks/awards.py [--sessions 100] [--dir /tmp/somewhere]

Builds 12 PCs and N closed sessions, each with 20 grab-bag awards, a close of session and
150 other logged actions, then a running session with 20 awards waiting. Prints:

- reading every session back (the awards screen's first open: AP history, journal
  rotation, campaign grab bag), cold and warm (earlier sessions are read once);
- the awards screen's figures (fairness + 12 AP histories) from the sessions read;
- one close-of-session preview, which runs on every keystroke in the close dialog
  (target well under 16.7 ms, a frame);
- applying the close (the store's atomic writes included);
- through Textual's Pilot: key ``w`` to the awards screen drawn, and ``c`` to the close
  dialog with its preview (target under 250 ms on this 2-core machine).
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
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from save import encounter, no_fsync, pc, wound

from console.model import Allowance, PlayerCharacter, Session
from console.model.awards import (
    CloseChoices,
    ap_history,
    apply_close,
    fairness,
    give_grab_bag,
    preview_close,
)
from console.rules.ap_awards import TimeRounding
from console.service import CampaignService
from console.store import CampaignStore
from console.ui.app import GMConsoleApp
from console.ui.awards.awards_screen import AwardsScreen
from console.ui.awards.close_session_screen import CloseSessionScreen

START = datetime(2026, 1, 3, 19, 0, tzinfo=UTC)
PCS = 12


def close_choices() -> CloseChoices:
    return CloseChoices(timedelta(hours=4), TimeRounding.NEAREST, 4, tuple(range(1, PCS + 1)),
                        journal_pc=1, journal_self=7, missions=tuple(range(1, PCS + 1)))


def with_awards(session: Session, pcs: dict[int, PlayerCharacter]) -> Session:
    for n in range(20):
        session = give_grab_bag(session, pcs[n % PCS + 1], n % 3 + 1, f"deed {n}").session
    return session


def close(store: CampaignStore, when: datetime) -> None:
    pcs = {p.id: p for p in store.pcs()}
    session = with_awards(store.session(), pcs)
    step = apply_close(session, pcs, close_choices(), when)
    store.apply("awards.close", "close", [(Session.TABLE, Session.DOC_ID,
                                           step.session.to_dict())]
                + [(p.TABLE, p.id, p.to_dict()) for p in step.pcs])


def build(saves: Path, sessions: int) -> None:
    with no_fsync(), CampaignStore.create(saves, "long") as store:
        with store.action("setup", "party") as tx:
            for i in range(1, PCS + 1):
                tx.save(pc(i).with_changes(allowance=Allowance(750, 110)))
        for number in range(sessions):
            when = START + timedelta(days=7 * number)
            store.start_session(now=when)
            store.apply("enc.add", "Ambush", [("encounters", 1, encounter(PCS, 1).to_dict())])
            for step in range(150):
                wound(store, step)
            close(store, when + timedelta(hours=4))
        store.start_session(now=START + timedelta(days=7 * sessions))
        pcs = {p.id: p for p in store.pcs()}
        waiting = with_awards(store.session(), pcs)
        store.apply("awards", "waiting", [(Session.TABLE, Session.DOC_ID, waiting.to_dict())])


def timed(work: Callable[[], object], repeat: int) -> tuple[float, float]:
    spent = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        spent.append(time.perf_counter() - started)
    return statistics.median(spent), max(spent)


async def through_pilot(saves: Path, now: datetime) -> tuple[float, float]:
    store = CampaignStore.open(saves, "long")
    app = GMConsoleApp(CampaignService(store, random.Random(1), lambda: now))
    try:
        async with app.run_test(size=(160, 48)) as pilot:
            await pilot.pause()
            started = time.perf_counter()
            await pilot.press("w")
            while not isinstance(app.screen, AwardsScreen):
                await pilot.pause()
            await pilot.pause()
            awards = time.perf_counter() - started
            started = time.perf_counter()
            await pilot.press("c")
            while not isinstance(app.screen, CloseSessionScreen):
                await pilot.pause()
            await pilot.pause()
            closing = time.perf_counter() - started
    finally:
        store.close()
    return awards, closing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        saves = Path(folder)
        started = time.perf_counter()
        build(saves, args.sessions)
        print(f"built {PCS} PCs and {args.sessions} closed sessions in "
              f"{time.perf_counter() - started:.1f} s")
        now = START + timedelta(days=7 * args.sessions, hours=3)
        with CampaignStore.open(saves, "long") as store:
            service = CampaignService(store, clock=lambda: now)
            started = time.perf_counter()
            sessions = service.played_sessions()
            cold = time.perf_counter() - started
            warm, _ = timed(service.played_sessions, 20)
            print(f"read every session back: cold {cold * 1e3:.1f} ms "
                  f"({len(sessions)} sessions), warm {warm * 1e3:.2f} ms")
            pcs = service.pcs()
            session = store.session()

            def screen_figures() -> None:
                fairness(session, sessions, pcs, now)
                for pc_id in pcs:
                    ap_history(sessions, pc_id)

            median, worst = timed(screen_figures, 20)
            print(f"awards screen figures (fairness + {len(pcs)} AP histories): "
                  f"median {median * 1e3:.2f} ms, worst {worst * 1e3:.2f} ms")
            median, worst = timed(lambda: preview_close(session, pcs, close_choices()), 50)
            print(f"close preview ({len(pcs)} PCs, 20 awards waiting), per keystroke: "
                  f"median {median * 1e3:.2f} ms, worst {worst * 1e3:.2f} ms")
            started = time.perf_counter()
            service.awards.close(close_choices())
            print(f"applying the close (one action, {len(pcs) + 1} documents, fsync'd): "
                  f"{(time.perf_counter() - started) * 1e3:.1f} ms")
            service.undo()
        awards, closing = asyncio.run(through_pilot(saves, now))
        print(f"through Pilot: w to the awards screen {awards * 1e3:.0f} ms (cold read of "
              f"every session included); c to the close dialog with its preview "
              f"{closing * 1e3:.0f} ms (target < 250 ms)")


if __name__ == "__main__":
    main()
