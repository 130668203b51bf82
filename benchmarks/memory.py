"""Memory over an evening: 3,000 actions in a 100-combatant fight, in-process and in a real
terminal.

    python benchmarks/memory.py [--actions 3000] [--terminal-only | --in-process-only]

The campaign is benchmarks/keys.py's. The actions go round a cycle of what a GM's evening
has, which leaves the fight where it was (so it never runs out of round): a turn handed
on and back (``space``, ``b``), a hold and its undo (``h``, ctrl+z), a condition put on
through its form (``c``, its name, enter, its rounds, enter: a flow of a dialog in a
worker, the keys typed ahead of it held), undone, redone and undone, and the dice
calculator opened and closed (``D``, escape).

- In-process: the console as in a terminal (frames drawn, benchmarks/frames.MeterDriver),
  the keys pressed one after the other; the process's resident memory read after a
  warm-up of 600 actions, then every 300 actions, after a full collection.
- In a real terminal: ``python -m console`` on a pseudo-terminal of 160x48, the keys
  written to it a few milliseconds apart (past the escape delay after an escape), its
  output drained; the child's resident memory read from /proc at the same points (no
  collection forced: what the GM's machine sees), and its log read from disk there too,
  which must have grown (a console stuck in a dialog measures nothing).

Target (issue 26): flat within 5% after the warm-up.
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import gc
import os
import pty
import random
import select
import struct
import subprocess
import sys
import tempfile
import termios
import time
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
# Textual's render caches (each bounded: lines of strips, the compositor's and each
# widget's styles cache) fill over the first ~500 actions of this cycle, about 4 MiB
# (tracemalloc, 300 -> 500 actions); after that only the session's own log grows.
WARM_UP = 600
EVERY = 300
ESCAPE_GAP = 0.15  # seconds after an escape before the next key (see in_terminal)
ROOT = Path(__file__).resolve().parent.parent

# One cycle: the keys of each action (12 actions).
CYCLE: list[tuple[str, ...]] = [
    ("space",), ("b",), ("h",), ("ctrl+z",), ("space",), ("b",),
    ("c", "S", "t", "u", "n", "n", "e", "d", "enter", "1", "enter"),
    ("ctrl+z",), ("ctrl+y",), ("ctrl+z",),
    ("D", "escape"), ("space",),
]
# The same keys as a terminal sends them.
BYTES = {"space": b" ", "enter": b"\r", "escape": b"\x1b", "ctrl+z": b"\x1a",
         "ctrl+y": b"\x19"}


def resident_mib(pid: int | str = "self") -> float:
    pages = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
    return pages * 4096 / 2**20


def actions(count: int) -> list[tuple[str, ...]]:
    return [CYCLE[n % len(CYCLE)] for n in range(count)]


def growth(readings: list[tuple[int, float]]) -> str:
    first, last = readings[0][1], readings[-1][1]
    change = (last - first) / first
    verdict = "ok" if abs(change) <= TARGET else "OVER"
    listed = ", ".join(f"{done}: {mib:.1f}" for done, mib in readings)
    return (f"{listed}\n  {first:.1f} -> {last:.1f} MiB, {change * 100:+.1f}% "
            f"(target within {TARGET * 100:.0f}%: {verdict})")


async def in_process(saves: Path, count: int) -> list[tuple[int, float]]:
    store = CampaignStore.open(saves, "Bench")
    service = CampaignService(store, random.Random(2))
    app = GMConsoleApp(service)
    app.driver_class = MeterDriver
    readings: list[tuple[int, float]] = []
    try:
        async with app.run_test(headless=False, size=SIZE) as pilot:
            await pilot.pause()
            for done, keys in enumerate(actions(WARM_UP + count), start=1):
                await pilot.press(*keys)
                encounter = service.encounter()
                if encounter is not None and encounter.current == END:
                    await pilot.press("b")  # back into the round (as benchmarks/keys.py)
                if keys == ("space",) and done % len(CYCLE) == 0:
                    await pilot.press("b")  # the cycle's last turn taken back
                driver = app._driver
                if isinstance(driver, MeterDriver):
                    driver.writes = []  # the meter's own record is not the console's memory
                if done >= WARM_UP and (done - WARM_UP) % EVERY == 0:
                    gc.collect()
                    readings.append((done - WARM_UP, resident_mib()))
    finally:
        store.close()
    return readings


def acted_on(saves: Path, logged: list[int]) -> None:
    """The console in the terminal did what the keys asked: its session's log (read from
    disk, as a second console would) grew since the last reading. A console left in a
    dialog takes every later key as text, and its memory says nothing of an evening."""
    with CampaignStore.open(saves, "Bench", read_only=True) as store:
        logged.append(store.history_length)
    if len(logged) > 1 and logged[-1] - logged[-2] < EVERY // 4:
        raise SystemExit(f"the console in the terminal stopped acting on the keys: its log "
                         f"went from {logged[-2]} to {logged[-1]} entries over {EVERY} actions")


def in_terminal(saves: Path, count: int) -> list[tuple[int, float]]:
    parent, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "console", "Bench", "--saves",
                                str(saves)], stdin=child, stdout=child, stderr=child,
                               env=env, start_new_session=True)
    os.close(child)

    def drain(seconds: float) -> None:
        until = time.monotonic() + seconds
        while True:
            left = until - time.monotonic()
            ready, _, _ = select.select([parent], [], [], max(0.0, left))
            if ready:
                try:
                    os.read(parent, 1 << 16)
                except OSError:
                    return
            elif left <= 0:
                return

    def settle(quiet: float = 0.05, longest: float = 3.0) -> None:
        """Drain until the console has written nothing for ``quiet`` seconds: it has
        caught up with the keys sent so far."""
        until = time.monotonic() + longest
        while time.monotonic() < until:
            ready, _, _ = select.select([parent], [], [], quiet)
            if not ready:
                return
            try:
                os.read(parent, 1 << 16)
            except OSError:
                return

    readings: list[tuple[int, float]] = []
    logged: list[int] = []
    try:
        drain(3.0)  # opened, first frame drawn, the history read
        acted_on(saves, logged)
        for done, keys in enumerate(actions(WARM_UP + count), start=1):
            for key in keys:
                if key == "escape":
                    # An escape followed within the terminal's escape delay (Textual's
                    # ESCDELAY, 100 ms) by another byte is read as alt+that key, as in
                    # any terminal program: sent once the console has caught up (a console
                    # behind the keys reads the escape with the bytes after it), and the
                    # next key waits past the delay.
                    settle()
                os.write(parent, BYTES.get(key, key.encode()))
                drain(ESCAPE_GAP if key == "escape" else 0.004)
            drain(0.03 if keys[0] in ("c", "D") else 0.012)
            if done % len(CYCLE) == 0:
                os.write(parent, b"b")  # the cycle's last turn taken back
                drain(0.012)
            if done >= WARM_UP and (done - WARM_UP) % EVERY == 0:
                settle(0.5, longest=10.0)
                readings.append((done - WARM_UP, resident_mib(process.pid)))
                acted_on(saves, logged)
    finally:
        os.write(parent, b"\x11")  # ctrl+q
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.terminate()
            process.wait()
        os.close(parent)
    return readings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=3000)
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--terminal-only", action="store_true")
    only.add_argument("--in-process-only", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        saves = Path(folder)
        build(saves)
        if not args.terminal_only:
            print("in-process, actions after the warm-up -> resident MiB (after a collection):")
            print("  " + growth(asyncio.run(in_process(saves, args.actions))))
        if not args.in_process_only:
            print("in a real terminal (python -m console on a pty), actions after the warm-up "
                  "-> the console's resident MiB:")
            print("  " + growth(in_terminal(saves, args.actions)))


if __name__ == "__main__":
    main()
