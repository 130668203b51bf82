"""One exchange as a distribution to draw from: built exactly (fractions, from the dice
engine's own sums in :mod:`console.rules.combat_odds`), drawn from in floating point.

A fight is thousands of draws, so each pairing's outcomes are worked out once: the wounds a
PC's attack does to an NPC (0 on a miss; capped at the wounds that kill him from fresh, as
more cannot matter), the wounds an NPC's attack does to a PC (finite: at most his Dmg times
his attacks), and a PC's Nish roll up to the highest NPC Nish (higher results all act
first). Mixed types as the console reckons them everywhere (Table 13 on the player's roll,
damage converted between types).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate

from console.records import record
from console.rules.combat import apply_adjustments
from console.rules.combat_odds import chance_below, results_below
from console.rules.mixed_types import convert_damage, type_shift
from console.rules.odds import chance_at_least
from console.rules.ratings import Rating, RatingType

__all__ = ["Sampler", "chance", "nish_sampler", "npc_hits_pc", "pc_hits_npc"]


@record
class Sampler:
    """A whole number drawn by its exact chances: ``draw(r)`` for ``r`` uniform in [0, 1)."""

    values: tuple[int, ...]
    cumulative: tuple[float, ...]  # rising, the last exactly 1.0
    exact: tuple[Fraction, ...]  # each value's own chance, for the tests and the odds shown

    @classmethod
    def of(cls, chances: Mapping[int, Fraction]) -> Sampler:
        kept = sorted((v, p) for v, p in chances.items() if p > 0)
        total = sum((p for _, p in kept), Fraction(0))
        assert total == 1, f"chances sum to {total}"
        running = [float(c) for c in accumulate(p for _, p in kept)]
        running[-1] = 1.0
        return cls(tuple(v for v, _ in kept), tuple(running), tuple(p for _, p in kept))

    def draw(self, r: float) -> int:
        return self.values[bisect_right(self.cumulative, r)]

    def chance_of(self, value: int) -> Fraction:
        return dict(zip(self.values, self.exact, strict=True)).get(value, Fraction(0))


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


@lru_cache(maxsize=4096)
def pc_hits_npc(atk: Rating, dmg: Rating, npc_def: int, npc_ar: int, npc_vit: int,
                npc_type: RatingType = RatingType.P, attacks: int = 1) -> Sampler:
    """Wounds one PC attack does to an NPC: 0 on a miss, else ``attacks * max(0, damage
    converted to his type - AR)``, counted up to ``Vit + 1`` (which kills him from fresh)."""
    shift = type_shift(RatingType.P, npc_type)
    chance_hit = chance_at_least(apply_adjustments(atk, [shift.pc_attack]), npc_def)
    cap = npc_vit + 1
    steps = npc_type - RatingType.P
    needed = npc_ar + _ceil_div(cap, attacks)  # converted damage that reaches the cap
    kill = needed * 10**steps if steps >= 0 else _ceil_div(needed, 10 ** (-steps))
    chances: dict[int, Fraction] = {0: 1 - chance_hit}
    below = results_below(dmg, kill)
    for roll, p in below.items():
        wounds = min(cap, attacks * max(0, convert_damage(roll, RatingType.P, npc_type) - npc_ar))
        chances[wounds] = chances.get(wounds, Fraction(0)) + chance_hit * p
    chances[cap] = chances.get(cap, Fraction(0)) + chance_hit * (1 - sum(below.values()))
    return Sampler.of(chances)


@lru_cache(maxsize=4096)
def npc_hits_pc(def_: Rating, ar: Rating, npc_atk: int, npc_dmg: int,
                npc_type: RatingType = RatingType.P, attacks: int = 1) -> Sampler:
    """Wounds one NPC attack does to a PC: hit when his Def roll is below the Atk, then
    ``attacks * max(0, Dmg in Personal points - his AR roll)``."""
    shift = type_shift(npc_type, RatingType.P)
    chance_hit = chance_below(apply_adjustments(def_, [shift.pc_defense]), npc_atk)
    dmg = convert_damage(npc_dmg, npc_type, RatingType.P)
    chances: dict[int, Fraction] = {0: 1 - chance_hit}
    below = results_below(ar, dmg)  # his AR roll under the Dmg: wounds; any higher: none
    for roll, p in below.items():
        wounds = attacks * (dmg - roll)
        chances[wounds] = chances.get(wounds, Fraction(0)) + chance_hit * p
    chances[0] += chance_hit * (1 - sum(below.values(), Fraction(0)))
    return Sampler.of(chances)


@lru_cache(maxsize=1024)
def nish_sampler(nish: Rating, bound: int) -> Sampler:
    """A PC's Nish roll; every result of ``bound`` or more is drawn as ``bound`` (above every
    NPC: only the order matters)."""
    below = results_below(nish, bound)
    chances = dict(below)
    chances[bound] = 1 - sum(below.values(), Fraction(0))
    return Sampler.of(chances)


@lru_cache(maxsize=4096)
def chance(rating: Rating, difficulty: int) -> float:
    """P(a roll of ``rating`` >= ``difficulty``), for the critical-damage checks."""
    return float(chance_at_least(rating, difficulty))
