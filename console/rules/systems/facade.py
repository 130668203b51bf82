"""Façade (seed 002): a stepped dice system. A trait of 1-18 rolls its dice (1 d2, 2 d4 ...
6 d12, 7 1d10+d4 ... 11 1d10+d12, 12 2d10+d4 ... 16 2d10+d12, 17 3d10+d4, 18 3d10+d6), whose
average is the trait; any dice expression (``2d10+d4+1``) is read too.

Against a difficulty the success level is (roll - difficulty) / 3 rounded down, named
Minimal (0) to Epic (9, 27 or more over); under by 1-2 is a near miss, by 3 or more a
complete failure. Out of contest, a trait that beats the difficulty by 3 may take an
automatic minimal success, by 7 an automatic minor one. In an active contest the higher
roll wins; for damage a tie or a win by 1 is a glancing blow, by 2 or more a full one,
double the loser's roll a strong one, triple a savage one.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from functools import lru_cache
from math import prod

from console.records import record
from console.rules.errors import RulesError
from console.rules.systems.common import (
    Chart,
    Reading,
    System,
    Verdict,
    read_faces_list,
    whole,
)

__all__ = ["FACADE", "LEVEL_NAMES", "FacadeRoll", "automatic", "blow", "contest",
           "contest_levels", "level", "levels", "parse", "trait_dice"]

LEVEL_NAMES = ("Minimal", "Minor", "Full", "Good", "Major", "Amazing", "Masterful", "Heroic",
               "Legendary", "Epic")
_SMALL = (2, 4, 6, 8, 10, 12)  # traits 1-6
_EXTRA = (4, 6, 8, 10, 12)  # the small die beside the d10s, traits 7-11, 12-16, 17-18
MAX_DICE = 30
MAX_FACES = 300  # the dice's sizes added up: the chart's width, and so its cost
_TERM = re.compile(r"([+-])?\s*(?:(\d{1,2})?\s*d\s*(\d{1,3})|(\d{1,3}))", re.I | re.A)


def trait_dice(trait: int) -> tuple[int, ...]:
    """The dice a trait rolls, biggest first: 8 -> (10, 6)."""
    if not 1 <= trait <= 18:
        raise RulesError(f"a Façade trait is 1 to 18, not {trait}")
    if trait <= 6:
        return (_SMALL[trait - 1],)
    tens, small = divmod(trait - 7, 5)
    return (10,) * (tens + 1) + (_EXTRA[small],)


@record
class FacadeRoll:
    dice: tuple[int, ...]  # the sizes of the dice rolled
    bonus: int = 0
    trait: int | None = None  # when typed as a trait

    def __str__(self) -> str:
        counts: dict[int, int] = {}
        for size in self.dice:
            counts[size] = counts.get(size, 0) + 1
        text = "+".join(f"{n if n > 1 or size == 10 else ''}d{size}"
                        for size, n in counts.items())
        text += f"{self.bonus:+d}" if self.bonus else ""
        return f"{self.trait} ({text})" if self.trait is not None else text


def parse(text: str) -> FacadeRoll:
    """A trait (``12``) or a dice expression (``2d10+d4``, ``3d6+2``)."""
    cleaned = text.strip()
    if re.fullmatch(r"\d{1,3}", cleaned):
        trait = int(cleaned)
        return FacadeRoll(trait_dice(trait), 0, trait)
    dice: list[int] = []
    bonus = 0
    position = 0
    squeezed = cleaned.replace(" ", "")
    while position < len(squeezed):
        match = _TERM.match(squeezed, position)
        if match is None or match.end() == position or (position and not match.group(1)):
            raise RulesError(f"{cleaned or 'nothing'}: a Façade roll is a trait (1-18) or "
                             "dice like 2d10+d4")
        sign = -1 if match.group(1) == "-" else 1
        if match.group(3) is not None:
            size, count = int(match.group(3)), int(match.group(2) or 1)
            if sign < 0 or not 2 <= size <= 100:
                raise RulesError(f"d{size}: dice from d2 to d100, added")
            dice.extend([size] * count)
        else:
            bonus += sign * int(match.group(4))
        position = match.end()
    if not dice:
        raise RulesError(f"{cleaned or 'nothing'}: no dice in it")
    if len(dice) > MAX_DICE:
        raise RulesError(f"{cleaned}: at most {MAX_DICE} dice")
    if sum(dice) > MAX_FACES:
        raise RulesError(f"{cleaned}: at most {MAX_FACES} faces in all (3d10+d6, Epic, is 36)")
    return FacadeRoll(tuple(sorted(dice, reverse=True)), bonus)


def parse_difficulty(text: str) -> int:
    return whole(text, "difficulty", 0, 1000)


@lru_cache(maxsize=256)
def chart(spec: FacadeRoll) -> Chart:
    """The exact sum of the dice: one die at a time, convolved in whole counts over the
    product of the dice's sizes (divided once at the end)."""
    counts = {spec.bonus: 1}
    for size in spec.dice:
        step: dict[int, int] = {}
        for total, ways in counts.items():
            for face in range(1, size + 1):
                step[total + face] = step.get(total + face, 0) + ways
        counts = step
    outcomes = prod(spec.dice)
    return Chart(tuple((total, Fraction(ways, outcomes)) for total, ways in sorted(counts.items())))


@lru_cache(maxsize=1024)
def chance(spec: FacadeRoll, difficulty: int) -> Fraction:
    return sum((p for total, p in chart(spec).atoms if total >= difficulty), Fraction(0))


def level(total: int, difficulty: int) -> int | str:
    """The success level 0-9, or "near_miss" (under by 1-2) or "failure" (by 3 or more)."""
    margin = total - difficulty
    if margin >= 0:
        return min(9, margin // 3)
    return "near_miss" if margin >= -2 else "failure"


def level_name(found: int | str) -> str:
    if found == "near_miss":
        return "near miss"
    if found == "failure":
        return "complete failure"
    assert isinstance(found, int)
    return f"{LEVEL_NAMES[found]} Success (level {found})"


def levels(spec: FacadeRoll, difficulty: int) -> dict[str, Fraction]:
    """Each outcome's exact chance: "failure", "near_miss", then "0" .. "9"."""
    found = {"failure": Fraction(0), "near_miss": Fraction(0),
             **{str(n): Fraction(0) for n in range(10)}}
    for total, p in chart(spec).atoms:
        found[str(level(total, difficulty))] += p
    return found


def automatic(spec: FacadeRoll, difficulty: int) -> str | None:
    """Out of contest: "minor" when the trait beats the difficulty by 7 or more, "minimal"
    by 3 or more (the GM may still call for a roll); None for a dice expression."""
    if spec.trait is None:
        return None
    over = spec.trait - difficulty
    return "minor" if over >= 7 else "minimal" if over >= 3 else None


def blow(winner: int, loser: int) -> str:
    """The blow a won contest deals: "glancing" on a tie or a win by 1, else "savage" at
    triple the loser's roll, "strong" at double, "full" by 2 or more (double and triple
    need a loser's roll above 0 to mean anything)."""
    if winner - loser <= 1:
        return "glancing"
    if loser > 0 and winner >= 3 * loser:
        return "savage"
    if loser > 0 and winner >= 2 * loser:
        return "strong"
    return "full"


def contest(a: FacadeRoll, b: FacadeRoll) -> dict[str, Fraction]:
    """An active contest, from ``a``'s side: "tie", then a's win by the blow it deals
    ("glancing" by 1, "full" by 2+, "strong" at double, "savage" at triple b's roll) and
    b's the same way ("lost_glancing" ...)."""
    found = dict.fromkeys(("tie", "glancing", "full", "strong", "savage", "lost_glancing",
                           "lost_full", "lost_strong", "lost_savage"), Fraction(0))
    theirs = chart(b).atoms
    for x, px in chart(a).atoms:
        for y, py in theirs:
            if x == y:
                found["tie"] += px * py
            else:
                dealt = blow(max(x, y), min(x, y))
                found[dealt if x > y else f"lost_{dealt}"] += px * py
    return found


def contest_levels(a: FacadeRoll, b: FacadeRoll) -> dict[str, Fraction]:
    """An active contest's level of success, from ``a``'s side: "the loser's result should
    be subtracted from the winner's to find the level of success". "won_0" .. "won_9" (a's
    win at that level), "tie", "lost_0" .. "lost_9" (b's)."""
    found = {f"won_{n}": Fraction(0) for n in range(10)}
    found["tie"] = Fraction(0)
    found.update({f"lost_{n}": Fraction(0) for n in range(10)})
    theirs = chart(b).atoms
    for x, px in chart(a).atoms:
        for y, py in theirs:
            if x == y:
                found["tie"] += px * py
            else:
                name = "won" if x > y else "lost"
                found[f"{name}_{min(9, abs(x - y) // 3)}"] += px * py
    return found


def _reading(spec: FacadeRoll, faces: list[int]) -> Reading:
    total = sum(faces) + spec.bonus
    bonus = f" {spec.bonus:+d}" if spec.bonus else ""
    return Reading(total, tuple(faces), f"{' + '.join(map(str, faces))}{bonus} = {total}")


def roll(spec: FacadeRoll, rng: random.Random) -> Reading:
    return _reading(spec, [rng.randint(1, size) for size in spec.dice])


def read_faces(spec: FacadeRoll, text: str) -> Reading:
    faces = read_faces_list(text)
    sizes = ", ".join(f"d{s}" for s in spec.dice)
    if len(faces) != len(spec.dice) or not all(
            1 <= face <= size for face, size in zip(faces, spec.dice, strict=False)):
        raise RulesError(f"{spec}: type one face per die, in this order: {sizes}")
    return _reading(spec, faces)


def verdict(spec: FacadeRoll, reading: Reading, difficulty: int) -> Verdict:
    found = level(reading.total, difficulty)
    return Verdict(isinstance(found, int),
                   f"{level_name(found)}: {reading.total} vs {difficulty}")


def odds(spec: FacadeRoll, difficulty: int) -> dict[str, object]:
    return {"levels": {k: float(v) for k, v in levels(spec, difficulty).items()},
            "automatic": automatic(spec, difficulty)}


FACADE = System(
    name="facade", title="Façade",
    roll_help="a trait 1-18 (12 rolls 2d10+d4) or dice like 2d10+d4+1",
    difficulty_help="a number: success level = (roll - difficulty) / 3, rounded down",
    faces_help="one face per die, biggest die first: 7,3,2", default_difficulty="10",
    parse=parse, parse_difficulty=parse_difficulty, chart=chart, chance=chance, roll=roll,
    read_faces=read_faces, verdict=verdict, odds=odds, lowest_first=True,
)
