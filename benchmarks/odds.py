"""How fast the dice engine answers: exact odds and summaries, as the UI will call them.

Run: python benchmarks/odds.py
Prints the median time of chance_at_least and summarize per rating group, and the worst case.
"""

from __future__ import annotations

import statistics
import time

from console.rules.odds import chance_at_least, summarize
from console.rules.ratings import STAIRCASE, Rating


def median_ms(call, repeat: int = 7) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    groups = {
        "personal (6L..10H)": [r for r in STAIRCASE if r.type.name == "P"],
        "bantam": [r for r in STAIRCASE if r.type.name == "B"],
        "vehicle/ship": [r for r in STAIRCASE if r.type.name in "VS"],
        "world..universal": [r for r in STAIRCASE if r.type.name in "WCGU"],
    }
    print(f"{'ratings':<20} {'chance_at_least (ms)':>22} {'summarize (ms)':>16}")
    worst = (0.0, "")
    for label, ratings in groups.items():
        chance = [median_ms(lambda r=r: chance_at_least(r, int(r.value) + 1)) for r in ratings]
        summary = [median_ms(lambda r=r: summarize(r), repeat=3) for r in ratings]
        for rating, ms in zip(ratings, summary, strict=True):
            worst = max(worst, (ms, str(rating)))
        print(f"{label:<20} {statistics.median(chance):>22.3f} {statistics.median(summary):>16.2f}")
    print(f"slowest summarize: {worst[1]} {worst[0]:.1f} ms")
    huge = median_ms(lambda: chance_at_least(Rating.parse("6L"), 10**300))
    print(f"chance_at_least(6L, 10**300): {huge:.3f} ms (the 16 chain cut off exactly)")


if __name__ == "__main__":
    main()
