"""The commonest key to disk: `space` (next turn) in a fight of 100 combatants, against the
real floor, measured interleaved.

    python benchmarks/space.py [--turns 300] [--chunk 10] [--dir /tmp/somewhere]

Through the service, as the console does it (``service.tracker.next_turn``; at a round's
end the Nish is called, unmeasured). For each `space`: the bytes the store writes, and the
time of its save (``CampaignStore.apply``: validate, log, write, fsync, back up) beside the
floor: the same files' bytes written to new files, fsynced and renamed over the old ones,
and the folder fsynced (what makes a rename survive a power cut, which the store does) -
what persisting what changed costs at the least. ``--chunk`` is the log chunk size
(entries the session file holds before they are sealed into their own file).

Targets (issue 26): bytes per `space` <= 16 KB; the store <= 1.3x the floor.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from console.model import Encounter, Side
from console.model.tracker import add_combatant, call_for_nish
from console.model.turns import END
from console.service import CampaignService
from console.store import CampaignStore
from console.store.atomic_storage import dump_json
from console.store.tree import CampaignTree

BYTES_TARGET = 16 * 1024
RATIO_TARGET = 1.3


def fight(combatants: int) -> Encounter:
    encounter = Encounter(1, "Siege")
    for number in range(1, combatants + 1):
        encounter = add_combatant(encounter, f"Skrak {number}", Side.NPC,
                                  recorded_nish=5 + number % 17, vit_max=12).encounter
    return call_for_nish(encounter, {}).encounter


class Recorder:
    """What CampaignTree.write is asked to write, and how long CampaignStore.apply takes."""

    def __init__(self) -> None:
        self.writes: list[tuple[str, bytes]] = []
        self.saving: list[float] = []
        write, apply = CampaignTree.write, CampaignStore.apply

        def recorded(tree: CampaignTree, rel: str, payload: bytes, **kwargs: object) -> None:
            if kwargs.get("durable", True):
                self.writes.append((rel, payload))
            write(tree, rel, payload, **kwargs)  # type: ignore[arg-type]

        def timed(store: CampaignStore, *args: object, **kwargs: object) -> object:
            started = time.perf_counter()
            try:
                return apply(store, *args, **kwargs)  # type: ignore[arg-type]
            finally:
                self.saving.append(time.perf_counter() - started)

        CampaignTree.write = recorded  # type: ignore[method-assign]
        CampaignStore.apply = timed  # type: ignore[method-assign,assignment]

    def clear(self) -> None:
        self.writes, self.saving = [], []


def floor(payloads: list[bytes], scratch: Path) -> float:
    """json + write + fsync + rename (+ the folder's fsync) of each file, timed."""
    contents = [json.loads(payload) for payload in payloads]  # not timed: the data in hand
    started = time.perf_counter()
    for index, data in enumerate(contents):
        payload = dump_json(data)
        final = scratch / f"file{index}.json"
        temp = scratch / f".file{index}.tmp"
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            os.write(fd, payload)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, final)
        folder = os.open(scratch, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--warm", type=int, default=50,
                        help="turns first, unmeasured: a session with a log already")
    parser.add_argument("--combatants", type=int, default=100)
    parser.add_argument("--chunk", type=int, default=None)
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    recorder = Recorder()
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        saves, scratch = Path(folder) / "saves", Path(folder) / "floor"
        scratch.mkdir()
        extra = {} if args.chunk is None else {"chunk_size": args.chunk}
        with CampaignStore.create(saves, "Siege", **extra) as store:
            service = CampaignService(store)
            service.sessions.start_next()
            store.apply("fight", "the siege", [("encounters", 1, fight(args.combatants)
                                                .to_dict())])
            sizes: list[int] = []
            store_times: list[float] = []
            floor_times: list[float] = []
            for turn in range(-args.warm, args.turns):
                encounter = service.encounter()
                if encounter is not None and encounter.current in (None, END):
                    service.tracker.call_for_nish({})  # a new round: not a `space`
                recorder.clear()
                service.tracker.next_turn()
                (elapsed,) = recorder.saving
                payloads = [payload for _rel, payload in recorder.writes]
                if turn < 0:
                    continue
                sizes.append(sum(map(len, payloads)))
                # Alternate which goes first, so both meet the disk in the same state.
                if turn % 2:
                    store_times.append(elapsed)
                    floor_times.append(floor(payloads, scratch))
                else:
                    floor_times.append(floor(payloads, scratch))
                    store_times.append(elapsed)
            chunk = store._undo_state.chunk_size
    kib = [size / 1024 for size in sizes]
    print(f"`space` in a fight of {args.combatants} combatants, {args.turns} turns after "
          f"{args.warm} logged, log chunk {chunk} entries:")
    print(f"  bytes written: median {statistics.median(kib):.1f} KiB, max {max(kib):.1f} KiB,"
          f" mean {statistics.mean(kib):.1f} KiB (target <= {BYTES_TARGET // 1024} KiB: "
          f"{'ok' if max(sizes) <= BYTES_TARGET else 'OVER'})")
    ratio = statistics.median(store_times) / statistics.median(floor_times)
    print(f"  store: median {statistics.median(store_times) * 1e3:.2f} ms; floor (the same "
          f"files, write + fsync + rename + folder fsync): median "
          f"{statistics.median(floor_times) * 1e3:.2f} ms")
    print(f"  store / the floor: {ratio:.2f}x (target <= {RATIO_TARGET}x: "
          f"{'ok' if ratio <= RATIO_TARGET else 'OVER'})")


if __name__ == "__main__":
    main()
