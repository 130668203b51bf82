"""Metalface (seed 000): roll as many d6 as the value, keep the highest, add skill and
bonuses; a success meets the difficulty (Easy 4, Normal 5, Hard 6, Extreme 8, Insane 12,
or a number). Opposed rolls: the higher final result wins, a tie is a standoff. A faith
roll (one d6) adds 0 on 1-2, +1 on 3-4, +2 on 5-6 to the skill put on faith.

The highest of N d6 is m with chance (m^N - (m-1)^N) / 6^N, exactly.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction

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

__all__ = ["DIFFICULTIES", "METALFACE", "RANKS", "MetalfaceRoll", "faith_bonus", "opposed",
           "parse", "professional_rank"]

DIFFICULTIES = {"easy": 4, "normal": 5, "hard": 6, "extreme": 8, "insane": 12}
MAX_DICE = 20
MAX_BONUS = 50
_SHAPE = re.compile(r"\s*(\d{1,3})\s*(?:d\s*6)?\s*(?:([+-])\s*(\d{1,3}))?\s*", re.I | re.A)


@record
class MetalfaceRoll:
    dice: int  # the value: how many d6
    bonus: int = 0  # skill levels and other bonuses

    def __str__(self) -> str:
        sign = "" if not self.bonus else f"{self.bonus:+d}"
        return f"{self.dice}d6{sign}"


def parse(text: str) -> MetalfaceRoll:
    """``3d6+2`` (or ``3+2``, ``3d6``): dice and bonus."""
    match = _SHAPE.fullmatch(text)
    if match is None:
        raise RulesError(f"{text.strip() or 'nothing'}: a Metalface roll is dice and a "
                         "bonus, like 3d6+2")
    dice = int(match.group(1))
    if not 1 <= dice <= MAX_DICE:
        raise RulesError(f"{dice}d6: 1 to {MAX_DICE} dice")
    bonus = int(match.group(3) or 0) * (-1 if match.group(2) == "-" else 1)
    if abs(bonus) > MAX_BONUS:
        raise RulesError(f"bonus {bonus:+d}: at most {MAX_BONUS} either way")
    return MetalfaceRoll(dice, bonus)


def parse_difficulty(text: str) -> int:
    word = text.strip().lower()
    if word in DIFFICULTIES:
        return DIFFICULTIES[word]
    if word.isdigit() or word.startswith(("+", "-")):
        return whole(word, "difficulty", 0, 100)
    names = ", ".join(f"{k} {v}" for k, v in DIFFICULTIES.items())
    raise RulesError(f"{text.strip() or 'nothing'}: a difficulty is {names}, or a number")


def _highest(dice: int, m: int) -> Fraction:
    return Fraction(m**dice - (m - 1) ** dice, 6**dice)


def chart(spec: MetalfaceRoll) -> Chart:
    return Chart(tuple((m + spec.bonus, _highest(spec.dice, m)) for m in range(1, 7)))


def chance(spec: MetalfaceRoll, difficulty: int) -> Fraction:
    """P(highest + bonus >= difficulty) = 1 - ((t - 1) / 6)^N for the face t it needs."""
    need = difficulty - spec.bonus
    if need <= 1:
        return Fraction(1)
    if need > 6:
        return Fraction(0)
    return 1 - Fraction(need - 1, 6) ** spec.dice


def _reading(spec: MetalfaceRoll, faces: list[int]) -> Reading:
    top = max(faces)
    bonus = f" {spec.bonus:+d}" if spec.bonus else ""
    return Reading(top + spec.bonus, tuple(faces),
                   f"highest {top}{bonus} = {top + spec.bonus}")


def roll(spec: MetalfaceRoll, rng: random.Random) -> Reading:
    return _reading(spec, [rng.randint(1, 6) for _ in range(spec.dice)])


def read_faces(spec: MetalfaceRoll, text: str) -> Reading:
    faces = read_faces_list(text)
    if len(faces) != spec.dice or not all(1 <= f <= 6 for f in faces):
        raise RulesError(f"{spec}: type {spec.dice} faces from 1 to 6, like "
                         f"{','.join(['4'] * spec.dice)}")
    return _reading(spec, faces)


def _name(difficulty: int) -> str:
    names = {v: k.capitalize() for k, v in DIFFICULTIES.items()}
    return f"{names[difficulty]} {difficulty}" if difficulty in names else str(difficulty)


def verdict(spec: MetalfaceRoll, reading: Reading, difficulty: int) -> Verdict:
    success = reading.total >= difficulty
    return Verdict(success, f"{'success' if success else 'failure'}: {reading.total} vs "
                            f"{_name(difficulty)}")


def opposed(a: MetalfaceRoll, b: MetalfaceRoll) -> tuple[Fraction, Fraction, Fraction]:
    """(a wins, standoff, b wins): the higher final result wins; a tie is a standoff."""
    win = tie = Fraction(0)
    for x, px in chart(a).atoms:
        for y, py in chart(b).atoms:
            if x > y:
                win += px * py
            elif x == y:
                tie += px * py
    return win, tie, 1 - win - tie


# "a character's professional rank is defined by the highest core skills that the character
# possess": Levels, highest skill level 0 to 6.
RANKS = ("Unskilled", "Average", "Above Average", "Impressive", "Exceptional", "Master",
         "Elite")


def professional_rank(highest_skill: int) -> str:
    """The rank of a character whose highest core skill is at this level ("a character with
    a doctor core skill of level 5 would considered a 'Master Doctor.'"); above 6, the
    table's last row, Elite."""
    if highest_skill < 0:
        raise RulesError(f"a skill level is 0 or more, not {highest_skill}")
    return RANKS[min(highest_skill, len(RANKS) - 1)]


def faith_bonus(face: int) -> int:
    """A faith roll's bonus to the skill: 1-2 none, 3-4 +1, 5-6 +2."""
    if not 1 <= face <= 6:
        raise RulesError(f"a faith roll is one d6, not {face}")
    return (face - 1) // 2


METALFACE = System(
    name="metalface", title="Metalface",
    roll_help="dice (the value) and bonus: 3d6+2 (keep the highest die, add the bonus)",
    difficulty_help="easy 4, normal 5, hard 6, extreme 8, insane 12, or a number",
    faces_help="each d6 rolled: 5,3,2", default_difficulty="normal",
    parse=parse, parse_difficulty=parse_difficulty, chart=chart, chance=chance, roll=roll,
    read_faces=read_faces, verdict=verdict,
)
