"""The encounter forecast's speed (issue 17: 10,000 fights of 4 PCs against 6 NPCs in
under 1 s on this machine).

    python benchmarks/forecast.py [--runs 10000] [--repeat 5]

Prints the time of the whole forecast (samplers built, fights run, summed up) for the
issue's matchup, against its floor in the same run: drawing the same number of random
numbers through the same samplers (random() and a bisect each), with no fight around them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from bisect import bisect_right
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from console.rules.forecast import Matchup, NpcFighter, PcFighter, forecast
from console.rules.forecast.exchange import npc_hits_pc
from console.rules.forecast.fight import prepare, run_fight
from console.rules.ratings import Rating

R = Rating.parse


def matchup() -> Matchup:
    pcs = tuple(PcFighter(name, def_=R("8M"), ar=R("6M"), vit=20, vit_rating=R("10L"),
                          nish=R(nish), wp=R("8M"), atk=R("8M"), dmg=R("10M"),
                          healing=R("6M"))
                for name, nish in (("Brice", "8M"), ("Kara", "10L"), ("Vera", "6M"),
                                   ("Dax", "8L")))
    skraks = [NpcFighter(f"Skrak {n}", atk=15, def_=16, dmg=12, ar=4, vit=12, nish=10)
              for n in range(1, 6)]
    npcs = (*skraks, NpcFighter("Skrak leader", 18, 18, 16, 6, 24, 16))
    return Matchup(pcs, npcs)


def draws_made(runs: int) -> int:
    prepared = prepare(matchup())
    source = random.Random(1).random
    count = 0

    def counted() -> float:
        nonlocal count
        count += 1
        return source()

    for _ in range(runs):
        run_fight(prepared, counted)
    return count


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    draws = draws_made(args.runs)
    sampler = npc_hits_pc(R("8M"), R("6M"), 15, 12)
    whole, floor = [], []
    for seed in range(args.repeat):
        started = time.perf_counter()
        forecast(matchup(), args.runs, seed)
        whole.append(time.perf_counter() - started)
        draw = random.Random(seed).random
        values, cumulative = sampler.values, sampler.cumulative
        started = time.perf_counter()
        for _ in range(draws):
            values[bisect_right(cumulative, draw())]
        floor.append(time.perf_counter() - started)
    print(f"{args.runs:,} fights, 4 PCs against 6 NPCs ({draws:,} draws), medians of "
          f"{args.repeat}:")
    print(f"  forecast:                  {statistics.median(whole) * 1000:7.1f} ms "
          f"(max {max(whole) * 1000:.1f}; target under 1,000)")
    print(f"  floor (the draws alone):   {statistics.median(floor) * 1000:7.1f} ms")
    print(f"  ratio: {statistics.median(whole) / statistics.median(floor):.1f}x")


if __name__ == "__main__":
    main()
