"""The d10 success pool (seed 003): roll N d10 (faces 0-9); a die at or under the easiness
is a success. With no success, nines make a critical failure (counted, as its severity).
When every die succeeds, one die is rolled on while it succeeds, each adding a success;
when every die shows nine, one die is rolled on while it shows nine, each adding to the
critical failure. A risk roll (one die at easiness 4) adds the risk level on a success and
takes it away on a failure.

The console reads a roll as one net score: the successes; 0 for a plain failure; minus the
nines for a critical failure. A risk level moves that score, which is how a risk can turn a
critical failure into a plain failure or a success into a critical failure, as the text
says. Both open-ended chains are geometric and summed in closed form:

    P(s successes), 1 <= s < N:   C(N, s) p^s q^(N-s)              p = (e + 1) / 10
    P(N + g successes):           p^N p^g (1 - p)                  q = 1 - p
    P(k nines, no success), k<N:  C(N, k) (1/10)^k ((8 - e)/10)^(N-k)
    P(N + g nines):               (1/10)^N (1/10)^g (9/10)
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from math import comb

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

__all__ = ["D10POOL", "RISK_EASINESS", "PoolRoll", "at_least", "critical_failure", "parse",
           "with_risk"]

RISK_EASINESS = 4
MAX_DICE = 30
MAX_RISK = 5
_TENTH = Fraction(1, 10)


@record
class PoolRoll:
    dice: int
    easiness: int  # faces 0 .. easiness succeed

    def __str__(self) -> str:
        return f"{self.dice}@{self.easiness}"

    @property
    def p(self) -> Fraction:
        return Fraction(self.easiness + 1, 10)


def parse(text: str) -> PoolRoll:
    """``5@3``: five dice at easiness 3."""
    match = re.fullmatch(r"\s*(\d{1,3})\s*@\s*(\d{1,2})\s*", text, re.A)
    if match is None:
        raise RulesError(f"{text.strip() or 'nothing'}: a pool is dice @ easiness, like 5@3")
    dice, easiness = int(match.group(1)), int(match.group(2))
    if not 1 <= dice <= MAX_DICE:
        raise RulesError(f"{dice} dice: 1 to {MAX_DICE}")
    if not 0 <= easiness <= 8:
        raise RulesError(f"easiness {easiness}: 0 to 8 (the faces that succeed, from 0; at 9 "
                         "every face succeeds and the roll never ends)")
    return PoolRoll(dice, easiness)


def parse_difficulty(text: str) -> int:
    return whole(text, "successes needed", 1, 100)


def _success_tail(spec: PoolRoll, s: int) -> Fraction:
    """P(score >= s) for s >= 1."""
    n, p = spec.dice, spec.p
    q = 1 - p
    partial = sum((comb(n, k) * p**k * q ** (n - k) for k in range(max(1, s), n)),
                  Fraction(0))
    return partial + p**n * (1 if s <= n else p ** (s - n))


def _nine_tail(spec: PoolRoll, m: int) -> Fraction:
    """P(score <= -m) for m >= 1: at least m nines with no success."""
    n = spec.dice
    other = Fraction(8 - spec.easiness, 10)  # a failure that is not a nine
    partial = sum((comb(n, k) * _TENTH**k * other ** (n - k) for k in range(max(1, m), n)),
                  Fraction(0))
    return partial + _TENTH**n * (1 if m <= n else _TENTH ** (m - n))


def at_least(spec: PoolRoll, score: int) -> Fraction:
    """P(net score >= ``score``), for any whole ``score``, exactly."""
    if score >= 1:
        return _success_tail(spec, score)
    return 1 - _nine_tail(spec, 1 - score)


def critical_failure(spec: PoolRoll) -> Fraction:
    return _nine_tail(spec, 1)


def with_risk(spec: PoolRoll, risk: int, needed: int) -> Fraction:
    """P(success) with a risk roll of level ``risk``: half the time the score moves up by
    it, half the time down (one die at easiness 4: faces 0-4 of ten)."""
    if not 0 <= risk <= MAX_RISK:
        raise RulesError(f"risk level {risk}: 0 to {MAX_RISK}")
    if risk == 0:
        return at_least(spec, needed)
    up = Fraction(RISK_EASINESS + 1, 10)
    return up * at_least(spec, needed - risk) + (1 - up) * at_least(spec, needed + risk)


def chance(spec: PoolRoll, needed: int) -> Fraction:
    return at_least(spec, needed)


def chart(spec: PoolRoll) -> Chart:
    """Scores from -(dice + 6) to dice + 6, the open chains' rest beyond either end."""
    cap = spec.dice + 7
    atoms = tuple((score, at_least(spec, score) - at_least(spec, score + 1))
                  for score in range(-cap + 1, cap))
    return Chart(atoms, beyond=at_least(spec, cap), below=_nine_tail(spec, cap), cap=cap)


def _read(spec: PoolRoll, faces: list[int]) -> Reading:
    """The pool's dice, then any dice rolled on (while they succeed, or show nine)."""
    n, e = spec.dice, spec.easiness
    if len(faces) < n or not all(0 <= f <= 9 for f in faces):
        raise RulesError(f"{spec}: type at least {n} faces from 0 to 9")
    pool, extra = faces[:n], faces[n:]
    successes = sum(1 for f in pool if f <= e)
    nines = sum(1 for f in pool if f == 9) if successes == 0 else 0
    chain_on = "success" if successes == n else "nine" if nines == n else None

    def goes_on(face: int) -> bool:
        return face <= e if chain_on == "success" else face == 9

    for index, face in enumerate(extra):
        if chain_on is None or (index and not goes_on(extra[index - 1])):
            raise RulesError(f"{spec}: a die is rolled on only while every die (and the one "
                             "before it) succeeds or shows nine; drop the faces after that")
        if goes_on(face):
            successes += chain_on == "success"
            nines += chain_on == "nine"
    score = successes if successes else -nines
    if score > 0:
        text = f"{score} success{'es' if score != 1 else ''}"
    elif score == 0:
        text = "failure"
    else:
        text = f"critical failure ({-score} nine{'s' if score != -1 else ''})"
    return Reading(score, tuple(faces), text)


def roll(spec: PoolRoll, rng: random.Random) -> Reading:
    faces = [rng.randint(0, 9) for _ in range(spec.dice)]
    if all(f <= spec.easiness for f in faces):
        while True:
            face = rng.randint(0, 9)
            faces.append(face)
            if face > spec.easiness:
                break
    elif all(f == 9 for f in faces):
        while True:
            face = rng.randint(0, 9)
            faces.append(face)
            if face != 9:
                break
    return _read(spec, faces)


def read_faces(spec: PoolRoll, text: str) -> Reading:
    return _read(spec, read_faces_list(text))


def verdict(spec: PoolRoll, reading: Reading, needed: int) -> Verdict:
    return Verdict(reading.total >= needed, f"{reading.text} ({needed} needed)")


def odds(spec: PoolRoll, needed: int) -> dict[str, object]:
    return {"critical_failure": float(critical_failure(spec)),
            "critical_failure_exact": str(critical_failure(spec))}


D10POOL = System(
    name="d10pool", title="d10 pool",
    roll_help="dice @ easiness: 5@3 (faces 0-3 succeed)",
    difficulty_help="successes needed (1 or more)",
    faces_help="every die in order, then any rolled on: 3,7,0,9,1", default_difficulty="1",
    parse=parse, parse_difficulty=parse_difficulty, chart=chart, chance=chance, roll=roll,
    read_faces=read_faces, verdict=verdict, odds=odds,
)
