"""How fast the dice engine answers: exact odds and summaries, as the UI calls them.

    python benchmarks/odds.py

Prints, per rating group, the median time of ``chance_at_least`` and of ``summarize``
(median and criticals), each measured cold (``summarize`` remembers its distributions:
the memory is cleared before every call), and the slowest ``summarize`` over every rating
on the staircase. Target (issue 14): ``summarize`` <= 5 ms for every rating.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from console.rules import odds
from console.rules.odds import chance_at_least, summarize
from console.rules.ratings import STAIRCASE, Rating

TARGET_MS = 5.0


def cold_ms(call: Callable[[], object], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        odds._finite.cache_clear()
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
    print(f"{'ratings':<20} {'chance_at_least (ms)':>22} {'summarize, cold (ms)':>22}")
    worst = (0.0, "")
    for label, ratings in groups.items():
        chance = [cold_ms(lambda r=r: chance_at_least(r, int(r.value) + 1)) for r in ratings]
        summary = [cold_ms(lambda r=r: summarize(r)) for r in ratings]
        for rating, ms in zip(ratings, summary, strict=True):
            worst = max(worst, (ms, str(rating)))
        print(f"{label:<20} {statistics.median(chance):>22.3f} {statistics.median(summary):>22.2f}")
    verdict = "ok" if worst[0] <= TARGET_MS else "OVER"
    print(f"slowest summarize over {len(STAIRCASE)} ratings: {worst[1]} {worst[0]:.2f} ms "
          f"(target <= {TARGET_MS} ms: {verdict})")
    huge = cold_ms(lambda: chance_at_least(Rating.parse("6L"), 10**300))
    print(f"chance_at_least(6L, 10**300): {huge:.3f} ms (the 16 chain cut off exactly)")


if __name__ == "__main__":
    main()
