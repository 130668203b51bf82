"""Table 18 (Encounter Outcome): each simulated fight read as one of the book's seven rows,
and the runs summed up against the book's column.

The book prints rows 2-6 (20, 50, 10, 5 and 5%, 90% together) and no figure for row 1 (no
damage at all) or row 7 (a character dies with no way out). The console reads those two as
sharing the remaining 10% between them, unsplit: it shows them with no figure of their own
(null in JSON) and their combined share against that 10%.

The thresholds, on the party as the fight leaves it (the slight and moderate cut-offs, 25%
and 60% of a PC's Vit, and the flight rule are this console's reading, :mod:`reading`; a
spec may set its own):
- ``untouched``: won, and no PC took a wound;
- ``slight``: won; every PC at or under 25% of his Vit in wounds, none critically damaged or
  down;
- ``moderate``: won; every PC at or under 60% of his Vit, none critically damaged or down;
- ``heavy_win``: won, someone above 60% of his Vit, critically damaged or down, no one dead;
- ``heavy_flee``: the party fled, no one dead;
- ``rout``: the party fled having lost a character;
- ``death``: a character died and the party did not flee.

Two ends have no row, and are counted apart from the seven (their book figure is null):
``party_down``, every PC down, none dead, foes standing (the stated tactics never strike a
downed PC: what becomes of them is the GM's story, not a death), and ``undecided``, a fight
still undecided after the tactics' last round, no one dead (two sides that can hardly hurt
each other). The rows' shares, ``party_down`` and ``undecided`` add up to 1; in a fight of
one PC, ``death`` is exactly his chance to die.
"""

from __future__ import annotations

import statistics
from dataclasses import field
from fractions import Fraction

from console.records import record
from console.rules.forecast.ends import FLED, STALLED, WON, FightEnd
from console.rules.forecast.reading import Reading

__all__ = [
    "BOOK",
    "LABELS",
    "MODERATE_SHARE",
    "OUTCOMES",
    "PARTY_DOWN",
    "ROWS",
    "SHORT_LABELS",
    "SLIGHT_SHARE",
    "UNDECIDED",
    "UNPRINTED",
    "Forecast",
    "PcFate",
    "classify",
    "summarize",
]

ROWS = ("untouched", "slight", "moderate", "heavy_win", "heavy_flee", "rout", "death")
PARTY_DOWN = "party_down"  # no Table 18 row: see the module docstring
OUTCOMES = (*ROWS, PARTY_DOWN)  # what ``Forecast.outcomes`` counts, in this order
BOOK: dict[str, Fraction | None] = {
    "untouched": None, "slight": Fraction(20, 100), "moderate": Fraction(50, 100),
    "heavy_win": Fraction(10, 100), "heavy_flee": Fraction(5, 100),
    "rout": Fraction(5, 100), "death": None, PARTY_DOWN: None,
}
UNPRINTED = Fraction(10, 100)  # untouched and death together
LABELS = {
    "untouched": "no damage at all", "slight": "slight damage", "moderate": "moderate wounds",
    "heavy_win": "heavily wounded, triumph", "heavy_flee": "heavily wounded, must flee",
    "rout": "must flee, heavy losses", "death": "a character dies",
    PARTY_DOWN: "every PC down, none dead",
}
UNDECIDED = "undecided"  # no Table 18 row: see the module docstring
# The rows in a few words, one wording wherever a screen has no room for LABELS (the prep's
# tables, the recap's one line of a forecast): the recap's "rout" and "death" were the
# prep's "fled, losses" and "a PC dies".
SHORT_LABELS = {
    "untouched": "no damage", "slight": "slight", "moderate": "moderate",
    "heavy_win": "heavy, won", "heavy_flee": "heavy, fled", "rout": "fled, losses",
    "death": "a PC dies", PARTY_DOWN: "all PCs down", UNDECIDED: "undecided",
}
SLIGHT_SHARE = Reading().slight
MODERATE_SHARE = Reading().moderate


def classify(end: FightEnd, reading: Reading | None = None) -> str:
    """The Table 18 row of one fight, ``party_down`` or ``undecided`` (module docstring),
    by ``reading`` (the console's own when None)."""
    reading = reading if reading is not None else Reading()
    died = any(end.dead)
    if end.result == STALLED and not died:
        return UNDECIDED
    if end.result == FLED:
        return "rout" if died else "heavy_flee"
    if died:
        return "death"
    if end.result != WON:  # every PC down, none dead, foes standing
        return PARTY_DOWN
    if end.worst_share == 0:
        return "untouched"
    hurt_badly = end.critical or any(end.down)
    if not hurt_badly and end.worst_share <= reading.slight:
        return "slight"
    if not hurt_badly and end.worst_share <= reading.moderate:
        return "moderate"
    return "heavy_win"


@record
class PcFate:
    name: str
    down: float  # share of the runs in which he went down
    dead: float


@record
class Forecast:
    runs: int
    seed: int
    outcomes: dict[str, float]  # each row's share of the runs, ROWS order
    pcs: tuple[PcFate, ...]
    rounds_median: float
    rounds_p90: int
    foes_left: float  # on average, at the end
    undecided: float = 0.0  # share still undecided after the last round (outcomes + it = 1)
    reading: Reading = field(default_factory=Reading)

    def to_json(self) -> dict[str, object]:
        return {
            "runs": self.runs, "seed": self.seed, "outcomes": dict(self.outcomes),
            "undecided": self.undecided,
            "book": {row: None if BOOK[row] is None else float(BOOK[row])  # type: ignore[arg-type]
                     for row in OUTCOMES},
            "reading": self.reading.to_json(),
            "pcs": [{"name": p.name, "down": p.down, "dead": p.dead} for p in self.pcs],
            "rounds": {"median": self.rounds_median, "p90": self.rounds_p90},
            "foes_left": self.foes_left,
        }


def summarize(ends: list[FightEnd], names: tuple[str, ...], seed: int,
              rounds_before: int = 0, reading: Reading | None = None) -> Forecast:
    reading = reading if reading is not None else Reading()
    runs = len(ends)
    counts = dict.fromkeys((*OUTCOMES, UNDECIDED), 0)
    for end in ends:
        counts[classify(end, reading)] += 1
    rounds = sorted(rounds_before + end.rounds for end in ends)
    p90 = rounds[min(runs - 1, -(-9 * runs // 10) - 1)]
    fates = tuple(
        PcFate(name, sum(end.down[i] for end in ends) / runs,
               sum(end.dead[i] for end in ends) / runs)
        for i, name in enumerate(names))
    return Forecast(runs, seed, {row: counts[row] / runs for row in OUTCOMES}, fates,
                    float(statistics.median(rounds)), p90,
                    sum(end.foes_left for end in ends) / runs, counts[UNDECIDED] / runs,
                    reading)
