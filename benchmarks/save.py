"""How long one GM action takes to be on disk, new campaign vs a long-running one.

    python benchmarks/save.py [--actions 300] [--dir /tmp/somewhere]

(a) a new campaign (1 PC); (b) 300 NPC templates, 12 PCs and 100 past sessions of 200
logged actions each. The measured action is the tracker's commonest: a PC takes wounds in
an encounter (it writes pcs.json and the session file, each atomically with fsync, plus
backup copies of both). Prints the medians, their ratio (target <= 1.5; (b) under 5 ms), and the
json.dumps floor: the time just to serialise the files that action writes.
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
    store.apply("pc.wounds", "takes 3 wounds", wound_writes(store, step))


@contextmanager
def no_fsync() -> Iterator[None]:
    """Only to *build* the big campaign quickly; never used while measuring."""
    real = os.fsync
    os.fsync = lambda fd: None  # type: ignore[assignment]
    try:
        yield
    finally:
        os.fsync = real


def hot_files(store: CampaignStore) -> list[Path]:
    """The files the measured action writes."""
    assert store.root is not None
    return [store.root / "pcs.json",
            store.root / "sessions" / f"{store.session().number:04d}" / "session.json"]


def measure(store: CampaignStore, actions: int) -> tuple[list[float], list[float], list[int]]:
    """Per action: seconds in ``store.apply`` (validate, log, write, fsync, back up), the
    json.dumps floor of the files as written, and their size in bytes."""
    spent, floors, sizes = [], [], []
    for step in range(actions):
        writes = wound_writes(store, step)  # the reads are not the save
        start = time.perf_counter()
        store.apply("pc.wounds", "takes 3 wounds", writes)
        spent.append(time.perf_counter() - start)
        contents = [json.loads(path.read_bytes()) for path in hot_files(store)]
        start = time.perf_counter()
        blobs = [dump_json(data) for data in contents]
        floors.append(time.perf_counter() - start)
        sizes.append(sum(map(len, blobs)))
    return spent, floors, sizes


def build_big(saves: Path) -> None:
    with no_fsync(), CampaignStore.create(saves, "big") as store:
        with store.action("setup", "roster") as tx:
            for i in range(1, 13):
                tx.save(pc(i))
            for i in range(1, 301):
                tx.save(npc(i))
        for _ in range(100):
            store.start_session()
            store.apply("enc.add", "Ambush", [("encounters", 1, encounter(12, 1).to_dict())])
            for step in range(199):
                wound(store, step)
            store.stop_session()


def report(label: str, store: CampaignStore, actions: int) -> float:
    spent, floors, sizes = measure(store, actions)
    median = statistics.median(spent)
    p90 = statistics.quantiles(spent, n=10)[-1]
    print(f"{label}: median {median * 1e3:.2f} ms (p90 {p90 * 1e3:.2f} ms); "
          f"json.dumps floor {statistics.median(floors) * 1e3:.3f} ms for "
          f"{statistics.median(sizes) / 1024:.1f} KiB written (pcs.json + session file)")
    return median


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        saves = Path(folder)
        with CampaignStore.create(saves, "new") as store:
            store.apply("pc.add", "PC", [("pcs", 1, pc(1).to_dict())])
            store.start_session()
            store.apply("enc.add", "Ambush", [("encounters", 1, encounter(1, 1).to_dict())])
            new = report("(a) new campaign", store, args.actions)
        started = time.perf_counter()
        build_big(saves)
        built = time.perf_counter() - started
        files = sum(1 for p in (saves / "big").rglob("*.json") if "backups" not in p.parts)
        size = sum(p.stat().st_size for p in (saves / "big").rglob("*.json")
                   if "backups" not in p.parts)
        print(f"    built (b) in {built:.1f} s: {files} files, {size / 2**20:.1f} MiB")
        started = time.perf_counter()
        with CampaignStore.open(saves, "big") as store:
            opened = time.perf_counter() - started
            store.start_session()
            store.apply("enc.add", "Ambush", [("encounters", 1, encounter(12, 1).to_dict())])
            big = report("(b) 300 NPCs, 12 PCs, 100 x 200 logged", store, args.actions)
        print(f"    opening (b) took {opened * 1e3:.1f} ms")
        ratio = big / new
        verdict = "OK" if ratio <= 1.5 and big < 0.005 else "MISSED"
        print(f"ratio (b)/(a) = {ratio:.2f} (target <= 1.5), (b) median "
              f"{big * 1e3:.2f} ms (target < 5 ms): {verdict}")


if __name__ == "__main__":
    main()
