"""Which blow an attack lands (seed 002): the Dramatic Combat chart by location, and Simple
Combat's blow by how far the winner's roll beats the loser's.

Dramatic Combat: "Level of success ([roll total - Action score]/3) is compared to the
following chart to determine how effective the strike was". Each row gives, for each
location, the blow it allows; the attacker takes any one of them ("Thus, a character who
succeeded by 9, gaining a level 3 success, may choose to have made a Full (normal damage)
blow to the torso, have made a Full blow to the legs, a Glancing (half damage) blow to the
arms or head, or a Scratch (1B damage) to any location"). The Specific column is "a smaller
spot on any existing location", so its blow may land on any of the four. A near miss (under
by 1 or 2) still scratches the torso; under by 3 or more is a miss.

With a defense, the console's reading (the seed's section on the actions themselves gives
headings only): the defender's roll, when it beats his Action, is the difficulty instead.
"""

from __future__ import annotations

from console.records import record
from console.rules.facade_combat.damage import Blow
from console.rules.facade_combat.health import Location
from console.rules.systems import facade

__all__ = ["CHART", "NEAR_MISS", "Choice", "choices", "row_of", "simple_blow"]

NEAR_MISS = "near_miss"
_S, _G, _F, _T, _V = Blow.SCRATCH, Blow.GLANCING, Blow.FULL, Blow.STRONG, Blow.SAVAGE
# The chart: Torso, Legs, Arms, Head, Specific (None: "-").
CHART: dict[int | str, tuple[Blow | None, ...]] = {
    NEAR_MISS: (_S, None, None, None, None),
    0: (_G, _S, None, None, None),
    1: (_G, _G, _S, None, None),
    2: (_F, _G, _G, _S, None),
    3: (_F, _F, _G, _G, _S),
    4: (_T, _F, _F, _G, _G),
    5: (_T, _T, _F, _F, _G),
    6: (_V, _T, _T, _F, _F),
    7: (_V, _V, _T, _T, _F),
    8: (_V, _V, _V, _T, _T),
    9: (_V, _V, _V, _V, _T),
}


@record
class Choice:
    """One blow the attacker may take: where, which blow, and whether it is the Specific
    column's (a smaller spot on that location: an insulting scratch to the cheek)."""

    location: Location
    blow: Blow
    specific: bool = False

    def __str__(self) -> str:
        where = "a spot on the " if self.specific else "the "
        return f"{self.blow.value} to {where}{self.location.value.lower()}"


def row_of(margin: int) -> int | str | None:
    """The chart's row for a roll beating the difficulty by ``margin`` (None: a miss)."""
    found = facade.level(margin, 0)
    return None if found == "failure" else found


def choices(margin: int) -> tuple[Choice, ...]:
    """Every blow the attacker may choose, the chart's columns in order, Specific last."""
    row = row_of(margin)
    if row is None:
        return ()
    cells = CHART[row]
    found = [Choice(location, blow) for location, blow in zip(Location, cells[:4], strict=True)
             if blow is not None]
    if cells[4] is not None:
        found += [Choice(location, cells[4], specific=True) for location in Location]
    return tuple(found)


def simple_blow(winner: int, loser: int) -> Blow:
    """Simple Combat's step 3: "If there is a tie or it only exceeds the other by 1, then a
    Glancing Blow is scored ... If the winner wins by 2 or more, full damage is scored. If
    the winner scores double the opponent's roll a Strong blow is scored. If the winner wins
    by triple the opponent's roll a Savage blow is scored.\""""
    return Blow(facade.blow(winner, loser).capitalize())
