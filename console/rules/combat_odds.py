"""Exact odds of one exchange each way (issue 5: "computed by the dice engine, not estimated").

Notation: ``X`` is a roll of a rating, ``P(X >= k)`` is :func:`odds.chance_at_least`. For a
whole-number random variable ``W >= 0`` and a cap ``C``::

    E[min(W, C)] = sum_{j=1..C} P(W >= j)                                         (1)

**NPC attacks PC.** The PC is hit when his Def roll is below Atk, then takes
``W = N * max(0, Dmg - A)`` for his AR roll ``A`` and ``N`` attacks. Given a hit,
``W >= j  <=>  Dmg - A >= ceil(j / N)``, and ``W <= N * Dmg`` always, so by (1)::

    E[W] = P(hit) * N * sum_{j=1..Dmg} P(A < j)        (finite; hit and AR are independent)

**PC attacks NPC.** Wounds are ``W = N * max(0, conv(D) - AR)`` for the damage roll ``D``,
with ``conv`` the mixed-type conversion. ``D`` has an open-ended 16 chain: ``P(D >= d)`` falls
off like ``d ** -log_16(16)`` so slowly that ``E[D]`` diverges (each 16 multiplies by 16 with
chance 1/16). Wounds beyond what kills the NPC do not matter, so we report (1) with the cap
``C = Vit - wounds + 1`` (the wounds that give him 1 critical damage)::

    E[min(W, C)] = P(hit) * sum_{j=1..C} P(conv(D) >= AR + ceil(j / N))

and the chance the exchange kills him, ``P(hit) * P(W >= C)``. ``conv(D) >= t`` is turned
into ``D >= threshold`` exactly (divide: ``D >= t * 10**k``; multiply: ``D >= ceil(t / 10**k)``).

Neither sum is computed term by term: both are rewritten as sums over the roll's results
below a bound (``E[max(0, Dmg - A)]``; ``E[W; D < kill] + C * P(D >= kill)``), and a roll
has only a few dozen distinct results below any bound, so no typed number, however large,
makes the odds slow.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from fractions import Fraction
from itertools import accumulate

from console.records import record
from console.rules.combat import apply_adjustments, whole_number
from console.rules.doubling_die import CATEGORY_FACE, FACE_CHANCE, TYPE_FACE
from console.rules.errors import RulesError
from console.rules.limits import LARGEST_RESULT
from console.rules.mixed_types import convert_damage
from console.rules.odds import chance_at_least
from console.rules.ratings import Adjustment, Rating, RatingType
from console.rules.rolling import move_for_face, scaled_result

__all__ = [
    "NpcAttackOdds",
    "PcAttackOdds",
    "chance_below",
    "chance_to_wound",
    "npc_attack_odds",
    "pc_attack_odds",
    "results_below",
]


def results_below(rating: Rating, bound: int) -> dict[int, Fraction]:
    """Exact ``P(X == x)`` for every result ``x < bound`` of a doubling roll of ``rating``.

    Walks every path of the doubling die as :class:`rolling.RollInProgress` reads it. A 16
    chain is cut once its running result reaches ``bound``: every later face multiplies by at
    least 1, so nothing below ``bound`` can follow. Results are never negative.
    """
    if not isinstance(rating, Rating):
        raise RulesError(f"expected a rating such as 8M, not {rating!r}")
    limit = whole_number("bound", bound)
    found: dict[int, Fraction] = {}

    def end(current: Rating, die_face: int, multiplier: int, chance: Fraction) -> None:
        result = scaled_result(current, die_face, multiplier)
        if result < limit:
            found[result] = found.get(result, Fraction(0)) + chance

    def walk(current: Rating, phase: str, die_face: int, multiplier: int, chance: Fraction) -> None:
        for face, p in FACE_CHANCE.items():
            q = chance * p
            if phase == "chain":  # rerolling a 16: c and t count as 1
                if face == "16":
                    if scaled_result(current, die_face, multiplier * 16) < limit:
                        walk(current, "chain", die_face, multiplier * 16, q)
                else:
                    end(current, die_face, multiplier * (1 if face in "ct" else int(face)), q)
            elif face in (TYPE_FACE, CATEGORY_FACE):
                after = move_for_face(current, face)
                if after is None:  # already Personal / Light: counts as 1, roll ends
                    end(current, die_face, multiplier, q)
                else:
                    walk(after, "moved", die_face, multiplier, q)
            elif face == "16" and phase == "first":
                if scaled_result(current, die_face, 16) < limit:
                    walk(current, "chain", die_face, 16, q)
            else:  # a number, or a 16 after a t or c: the roll ends
                end(current, die_face, multiplier * int(face), q)

    for die_face in range(1, rating.die + 1):
        walk(rating, "first", die_face, 1, Fraction(1, rating.die))
    return dict(sorted(found.items()))


def chance_below(rating: Rating, value: int) -> Fraction:
    """Exact ``P(X < value)``; the complement of :func:`odds.chance_at_least`."""
    return 1 - chance_at_least(rating, whole_number("value", value))


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


# ----- NPC attacks PC -----------------------------------------------------------------------


@record
class NpcAttackOdds:
    """One NPC attack on a PC, exactly."""

    def_rating: Rating  # what the player rolls, after adjustments
    ar_rating: Rating
    atk: int
    dmg: int  # the NPC's Dmg in the PC's type points (already converted)
    attacks: int
    chance_hit: Fraction  # P(Def roll < Atk)
    expected_wounds: Fraction  # finite: at most attacks * dmg
    chance_wounded: Fraction  # P(hit and at least 1 wound)
    chance_critical: Fraction | None  # P(the PC ends with critical damage); None: no Vit given


def npc_attack_odds(
    pc_def: Rating,
    pc_ar: Rating,
    npc_atk: int,
    npc_dmg: int,
    *,
    attacks: int = 1,
    def_adjustments: Iterable[Adjustment | str] = (),
    dmg_type: RatingType = RatingType.P,
    pc_type: RatingType = RatingType.P,
    pc_wounds: int | None = None,
    pc_vit_max: int | None = None,
) -> NpcAttackOdds:
    """Chance the NPC hits the PC and the exact expected wounds (module docstring, NPC part).

    ``npc_dmg`` is in ``dmg_type`` points and converted to the PC's type first (a vehicle's 3
    Dmg is 30 Personal). ``pc_wounds``/``pc_vit_max`` (both or neither) add the chance the
    exchange takes the PC above his Vitality maximum.
    """
    def_rating = apply_adjustments(pc_def, def_adjustments)
    atk = whole_number("NPC Atk", npc_atk)
    dmg = convert_damage(whole_number("NPC Dmg", npc_dmg), dmg_type, pc_type)
    count = whole_number("number of attacks", attacks, minimum=1)
    if (pc_wounds is None) != (pc_vit_max is None):
        raise RulesError("give both the PC's wounds and Vit maximum, or neither")
    chance_hit = chance_below(def_rating, atk)
    # sum_{j=1..Dmg} P(A < j) = E[max(0, Dmg - A)]: one pass over the AR results below Dmg,
    # whose number grows with the digits of Dmg, not with Dmg itself.
    below = results_below(pc_ar, dmg)
    total = sum((p * (dmg - a) for a, p in below.items()), Fraction(0))
    expected = chance_hit * count * total

    def chance_at_least_wounds(w: int) -> Fraction:
        # W >= w  <=>  hit and Dmg - A >= ceil(w / N)  <=>  A < Dmg - ceil(w / N) + 1
        need = _ceil_div(w, count)
        if need > dmg:
            return Fraction(0)
        return chance_hit * chance_below(pc_ar, dmg - need + 1)

    critical = None
    if pc_wounds is not None and pc_vit_max is not None:
        wounds = whole_number("PC wounds", pc_wounds)
        vit = whole_number("PC Vit maximum", pc_vit_max)
        critical = Fraction(1) if wounds > vit else chance_at_least_wounds(vit - wounds + 1)
    return NpcAttackOdds(
        def_rating, pc_ar, atk, dmg, count, chance_hit, expected,
        chance_at_least_wounds(1), critical,
    )


# ----- PC attacks NPC -----------------------------------------------------------------------


@record
class PcAttackOdds:
    """One PC attack on an NPC, exactly, with wounds capped where they stop mattering."""

    atk_rating: Rating  # what the player rolls, after adjustments
    dmg_rating: Rating
    npc_def: int
    npc_ar: int
    attacks: int
    chance_hit: Fraction  # P(Atk roll >= Def)
    wound_cap: int  # wounds that would give the NPC critical damage (Vit - wounds + 1, >= 1)
    expected_wounds: Fraction  # E[min(wounds, wound_cap)]: the uncapped mean diverges
    chance_wounded: Fraction  # P(hit and at least 1 wound)
    chance_kill: Fraction  # P(hit and wounds >= wound_cap): the NPC would die


def pc_attack_odds(
    pc_atk: Rating,
    pc_dmg: Rating,
    npc_def: int,
    npc_ar: int,
    npc_vit: int,
    *,
    npc_wounds: int = 0,
    attacks: int = 1,
    atk_adjustments: Iterable[Adjustment | str] = (),
    dmg_type: RatingType = RatingType.P,
    npc_type: RatingType = RatingType.P,
) -> PcAttackOdds:
    """Chance the PC hits, capped expected wounds and the chance he kills (module docstring).

    The damage result is counted in ``dmg_type`` points and converted to the NPC's type before
    the NPC's AR (in his own type's points) is taken off. An NPC already above his Vit (kept
    up by the GM) has a cap of 1: any wound "kills" him again.
    """
    atk_rating = apply_adjustments(pc_atk, atk_adjustments)
    if not isinstance(pc_dmg, Rating):
        raise RulesError(f"expected a damage rating such as 10H, not {pc_dmg!r}")
    defense = whole_number("NPC Def", npc_def)
    ar = whole_number("NPC AR", npc_ar)
    vit = whole_number("NPC Vit", npc_vit)
    wounds = whole_number("NPC wounds", npc_wounds)
    count = whole_number("number of attacks", attacks, minimum=1)
    steps = npc_type - dmg_type
    convert_damage(0, dmg_type, npc_type)  # refuses bad types with a clear message

    def threshold(converted: int) -> int:
        # conv(D) >= converted, turned into a threshold on the roll itself.
        if steps >= 0:
            return converted * 10**steps
        return _ceil_div(converted, 10 ** (-steps))

    cap = max(1, vit - wounds + 1)
    # Given a hit, W = N * max(0, conv(D) - AR) reaches the cap exactly when D reaches
    # ``kill``; below it min(W, cap) = W. So E[min(W, cap)] is one sum over the damage
    # results below ``kill`` plus the cap times the rest: its cost follows the digits of
    # Vit and AR, not their size (a typo of Vit 10**20 is answered at once).
    kill = threshold(ar + _ceil_div(cap, count))
    below = results_below(pc_dmg, kill)
    support = list(below)  # sorted
    cumulative = list(accumulate(below.values(), initial=Fraction(0)))

    def wounds_at_least(w: int) -> Fraction:  # given a hit; w <= cap, so t <= kill
        t = threshold(ar + _ceil_div(w, count))
        return 1 - cumulative[bisect_left(support, t)]

    def wounding(roll: int) -> int:
        return count * max(0, convert_damage(roll, dmg_type, npc_type) - ar)

    capped = sum((p * wounding(d) for d, p in below.items()), Fraction(0))
    chance_kill = wounds_at_least(cap)
    chance_hit = chance_at_least(atk_rating, defense)
    expected = chance_hit * (capped + cap * chance_kill)
    return PcAttackOdds(
        atk_rating, pc_dmg, defense, ar, count, chance_hit, cap, expected,
        chance_hit * wounds_at_least(1), chance_hit * chance_kill,
    )


def chance_to_wound(dmg: Rating, armor: int, target: RatingType = RatingType.P) -> Fraction:
    """Exact P(a PC's Dmg roll wounds a ``target``-type NPC of AR ``armor``): the roll, in
    the target's type's points, over the armor. The damage step of an attack says it, as
    the hit step says its chance to hit."""
    armor = whole_number("armor", armor)
    # The least result that wounds: conversion only ever grows with the damage.
    low, high = 0, LARGEST_RESULT
    if convert_damage(high, RatingType.P, target) <= armor:
        return Fraction(0)
    while low < high:
        middle = (low + high) // 2
        if convert_damage(middle, RatingType.P, target) > armor:
            high = middle
        else:
            low = middle + 1
    return chance_at_least(dmg, low)
