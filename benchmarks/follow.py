"""The players' view following the GM's console on a long campaign (issue 16).

    python benchmarks/follow.py [--sessions 500] [--templates 3000]

Builds a long campaign (benchmarks/long_campaign.py), opens it as the GM's console does
and read-only as a players' view does, then times, interleaved action by action:

- a look with nothing new (four times a second, per view: what an idle table costs);
- after one GM action (a condition on a combatant), the view reading it and making its
  picture, against the floor: reading and parsing the one file that action replaced
  (json.loads of the session file).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from long_campaign import NAME, build

from console.service import CampaignService
from console.store import CampaignStore
from console.store.undo import session_rel


def ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:6.2f} ms, max {max(values) * 1000:6.2f}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=500)
    parser.add_argument("--templates", type=int, default=3000)
    parser.add_argument("--actions", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        saves = Path(folder)
        build(saves, args.sessions, args.templates)
        gm_store = CampaignStore.open(saves, NAME)
        gm = CampaignService(gm_store)
        gm.sessions.toggle() if not gm.session().running else None
        if gm.encounter() is None:
            gm.tracker.new_encounter("Benchmark")
            gm.tracker.add_npc("Skrak", 10, 12)
        view = CampaignService(CampaignStore.open(saves, NAME, read_only=True))
        view.players.picture()
        target = gm.running().combatants[0].id
        session_file = saves / NAME / session_rel(gm.session().number)
        idle, after, floor = [], [], []
        for number in range(args.actions):
            started = time.perf_counter()
            assert not view.players.follow()
            idle.append(time.perf_counter() - started)
            gm.tracker.add_condition(target, f"Mark {number}", 1)
            started = time.perf_counter()
            json.loads(session_file.read_bytes())
            floor.append(time.perf_counter() - started)
            started = time.perf_counter()
            assert view.players.follow()
            view.players.picture()
            after.append(time.perf_counter() - started)
        print(f"{args.sessions} sessions, {args.templates} NPC templates, "
              f"{args.actions} actions")
        print(f"  a look, nothing new:             {ms(idle)}")
        print(f"  after one action, read + picture: {ms(after)}")
        print(f"  floor (parse the replaced file):  {ms(floor)}")
        print(f"  ratio (medians): {statistics.median(after) / statistics.median(floor):.1f}x")
        gm_store.close()


if __name__ == "__main__":
    main()
