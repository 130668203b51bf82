"""How a simulated fight ends: its result's names and :class:`FightEnd`. Apart from the
simulation (:mod:`console.rules.forecast.fight`), so that what reads an ending (a played
fight's recap, its row of Table 18) loads none of it."""

from __future__ import annotations

from console.records import record

__all__ = ["FLED", "LOST", "STALLED", "WON", "FightEnd"]

WON, FLED, LOST = "won", "fled", "lost"
STALLED = "stalled"  # still undecided after the last round the tactics allow


@record
class FightEnd:
    """How one fight ended, and what it did to the party."""

    result: str  # won, fled, lost or stalled
    rounds: int  # rounds fought in this run
    worst_share: float  # the most wounded PC's wounds over his Vit, at the end
    critical: bool  # a PC had critical damage at some point
    down: tuple[bool, ...]  # each PC was down (unconscious or dead) at some point
    dead: tuple[bool, ...]
    foes_left: int
