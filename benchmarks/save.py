"""One GM action to disk, against the real floor, measured interleaved.

    python benchmarks/save.py [--actions 300] [--sessions 100] [--dir /tmp/somewhere]

A long-running campaign (300 NPC templates, 12 PCs, ``--sessions`` past sessions of
logged actions) and the tracker's commonest action: a PC takes wounds in an encounter,
which writes pcs.json and the session file. Each step, in alternating order so both see
the same disk:

- the store: ``CampaignStore.apply`` as the console's commands call it (documents made by
  the model, so validated as they were built: ``built=True``), logged, written
  atomically, fsynced, backed up (the version past the number kept is removed after the
  action, by ``store.tidy``, timed on its own);
- the floor: the same documents serialised (``json.dumps``), written to a new file,
  fsynced and renamed over the old one, for each of the two files; and the same with
  the folder fsynced after the rename (what makes the rename itself survive a power cut,
  which the store does).

Prints medians and p90s and the ratio to each floor. Target (issue 14): <= 1.3x the floor.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from console.model import Combatant, Encounter, NpcTemplate, PlayerCharacter, Weapon
from console.store import CampaignStore
from console.store.atomic_storage import dump_json
from console.store.transaction import Write

TARGET = 1.3


def pc(pc_id: int) -> PlayerCharacter:
    return PlayerCharacter.new(
        pc_id, f"PC {pc_id}", f"Player {pc_id}", pc_id % 4, nish="10L", def_="8M", ar="6L",
        nar="6L", vit_max="10M", wp="8L", fr="8L", healing="6L", str_="8L", dex="10L",
        shock="8L", weapons=(Weapon("blaster", "8M", "10L"), Weapon("knife", "6M", "8L")),
        notes="Ex-marine; owes Dha a favour. " * 3,
    )


def npc(npc_id: int) -> NpcTemplate:
    return NpcTemplate(npc_id, f"NPC {npc_id}", atk="15", def_="10", dmg="12", ar="4",
                       vit="20", nish="9", mr="6", tags=("human", "pirate"),
                       notes="Listed in adventure 3, page 12.")


def encounter(pcs: int, round_: int) -> Encounter:
    fighters = [Combatant(i, f"PC {i}", "pc", i) for i in range(1, pcs + 1)]
    fighters += [Combatant(pcs + i, f"Thug {i}", "npc", 1, nish=9) for i in range(1, 7)]
    return Encounter(1, "Ambush", tuple(fighters), round=round_)


def wound_writes(store: CampaignStore, step: int) -> list[Write]:
    """The measured action: a PC takes 3 wounds, and so does a combatant in the fight."""
    target = store.pc(step % 12 + 1) or store.pc(1)
    fight = store.encounter(1)
    assert target is not None and fight is not None
    return [("pcs", target.id, target.with_changes(wounds=target.wounds + 3).to_dict()),
            ("encounters", 1, fight.with_changes(combatants=(
                fight.combatants[0].with_changes(wounds=fight.combatants[0].wounds + 3),
                *fight.combatants[1:],
            )).to_dict())]


def wound(store: CampaignStore, step: int) -> None:
    store.apply("pc.wounds", "takes 3 wounds", wound_writes(store, step), built=True)


@contextmanager
def no_fsync() -> Iterator[None]:
    """Only to *build* the big campaign quickly; never used while measuring."""
    real = os.fsync
    os.fsync = lambda fd: None  # type: ignore[assignment]
    try:
        yield
    finally:
        os.fsync = real


def build(saves: Path, sessions: int) -> None:
    with no_fsync(), CampaignStore.create(saves, "big") as store:
        with store.action("setup", "roster") as tx:
            for i in range(1, 13):
                tx.save(pc(i))
            for i in range(1, 301):
                tx.save(npc(i))
        for _ in range(sessions):
            store.start_session()
            store.apply("enc.add", "Ambush", [("encounters", 1, encounter(12, 1).to_dict())])
            for step in range(60):
                wound(store, step)
            store.stop_session()


def hot_files(store: CampaignStore) -> list[Path]:
    """The files the measured action writes."""
    assert store.root is not None
    return [store.root / "pcs.json",
            store.root / "sessions" / f"{store.session().number:04d}" / "session.json"]


def floor(contents: list[object], scratch: Path, *, folder_fsync: bool) -> float:
    """json + write + fsync + rename of each file (and the folder's fsync), timed."""
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
        if folder_fsync:
            folder = os.open(scratch, os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.fsync(folder)
            finally:
                os.close(folder)
    return time.perf_counter() - started


def describe(values: list[float]) -> str:
    return (f"median {statistics.median(values) * 1e3:.2f} ms, "
            f"p90 {statistics.quantiles(values, n=10)[-1] * 1e3:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        saves = Path(folder) / "saves"
        scratch = Path(folder) / "floor"
        scratch.mkdir()
        started = time.perf_counter()
        build(saves, args.sessions)
        print(f"built 300 templates, 12 PCs, {args.sessions} past sessions in "
              f"{time.perf_counter() - started:.1f} s")
        store_times: list[float] = []
        tidy_times: list[float] = []
        bare: list[float] = []
        durable: list[float] = []
        with CampaignStore.open(saves, "big") as store:
            store.start_session()
            store.apply("enc.add", "Ambush", [("encounters", 1, encounter(12, 1).to_dict())])
            for step in range(args.actions):
                writes = wound_writes(store, step)  # reading is not saving
                contents = [json.loads(path.read_bytes()) for path in hot_files(store)]
                order = ["store", "floor", "durable"]
                shift = step % 3  # each in every position in turn
                for which in order[shift:] + order[:shift]:
                    if which == "store":
                        started = time.perf_counter()
                        # built: the documents are model objects' to_dict, validated as
                        # they were made, as every command of the console commits them.
                        store.apply("pc.wounds", "takes 3 wounds", writes, built=True)
                        store_times.append(time.perf_counter() - started)
                        started = time.perf_counter()
                        store.tidy()  # the console's, once the action's frame is drawn
                        tidy_times.append(time.perf_counter() - started)
                    else:
                        durable_name = which == "durable"
                        (durable if durable_name else bare).append(
                            floor(contents, scratch, folder_fsync=durable_name))
            size = sum(len(dump_json(c)) for c in contents)
        print(f"one action (2 files, {size / 1024:.0f} KiB), {args.actions} times, interleaved:")
        print(f"  store.apply:                                  {describe(store_times)}")
        print(f"  floor: json + write + fsync + rename:         {describe(bare)}")
        print(f"  floor with the folder fsync (a durable name): {describe(durable)}")
        print(f"  after it, store.tidy (old backups removed once the frame is drawn; not "
              f"in the action's time): {describe(tidy_times)}")
        for label, against in (("the floor", bare), ("the durable floor", durable)):
            ratio = statistics.median(store_times) / statistics.median(against)
            verdict = "ok" if ratio <= TARGET else "OVER"
            print(f"  store / {label}: {ratio:.2f}x (target <= {TARGET}x: {verdict})")


if __name__ == "__main__":
    main()
