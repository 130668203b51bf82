"""MetaScape behind the common interface: a rating rolled with the doubling die, the faces a
player rolled read by Table 5's sequences, the exact odds of the dice engine."""

from __future__ import annotations

import random
from fractions import Fraction

from console.rules.difficulty import DIFFICULTIES, judge
from console.rules.errors import RulesError
from console.rules.limits import RESULT
from console.rules.odds import chance_at_least, distribution, summarize
from console.rules.ratings import Rating
from console.rules.rolling import Roll, parse_faces, resolve_faces
from console.rules.rolling import roll as roll_rating
from console.rules.systems.common import Chart, Reading, System, Verdict, whole

__all__ = ["METASCAPE"]


def parse(text: str) -> Rating:
    return Rating.parse(text.strip())


# Table 6's words, as the GM may say them ("moderate", "very difficult").
_NAMED = {name.casefold(): value for value, name in DIFFICULTIES}


def parse_difficulty(text: str) -> int:
    """A number, or a word of Table 6 (Moderate is 15)."""
    named = _NAMED.get(" ".join(text.split()).casefold())
    if named is not None:
        return named
    if text.strip()[:1].isalpha():
        words = ", ".join(name for _, name in DIFFICULTIES)
        raise RulesError(f"difficulty: a number or a word of Table 6 ({words}), "
                         f"not {text.strip()[:20]!r}")
    return whole(text, "difficulty", RESULT.low, RESULT.high)


def chart(rating: Rating) -> Chart:
    """Results below a cap past the median and a critical success; the 16 chain's rest
    beyond it."""
    found = distribution(rating, max(128, 4 * int(rating.value)))
    return Chart(tuple(found.atoms.items()), beyond=found.at_or_above, cap=found.cap)


def _reading(made: Roll) -> Reading:
    steps = "; ".join(f"[{step.face}] {step.note}" for step in made.trail)
    return Reading(made.result, (made.die_face, *made.doubling_faces),
                   f"{steps}; result {made.result}")


def roll(rating: Rating, rng: random.Random) -> Reading:
    return _reading(roll_rating(rating, rng))


def read_faces(rating: Rating, text: str) -> Reading:
    try:
        die_face, faces = parse_faces(text)
    except ValueError as error:
        raise RulesError(str(error)) from None
    return _reading(resolve_faces(rating, die_face, faces))


def verdict(rating: Rating, reading: Reading, difficulty: int) -> Verdict:
    outcome = judge(reading.total, difficulty)
    return Verdict(outcome.success, outcome.describe())


def chance(rating: Rating, difficulty: int) -> Fraction:
    return chance_at_least(rating, difficulty)


def odds(rating: Rating, difficulty: int) -> dict[str, object]:
    summary = summarize(rating)
    return {"median": summary.median, "critical_success": float(summary.critical_success),
            "critical_failure": float(summary.critical_failure)}


METASCAPE = System(
    name="metascape", title="MetaScape",
    roll_help="a rating: 8M, 10HV (the doubling die, Table 5)",
    difficulty_help=("a number or its word (Table 6: 10 Average, 15 Moderate, 20 Challenging, "
                     "30 Hard)"),
    faces_help="the die face, a colon, the doubling faces: 5:4, 5:c,1", default_difficulty="15",
    parse=parse, parse_difficulty=parse_difficulty, chart=chart, chance=chance, roll=roll,
    read_faces=read_faces, verdict=verdict, odds=odds,
)
