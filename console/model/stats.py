"""A stat as the GM types it: a plain value (``15``) or a rating (``8M``).

Adventures print NPC stats as values and PCs carry ratings; both are valid everywhere a
stat is asked for. The text the GM typed is what is saved (so the sheet reads back exactly
as it was entered, stripped of surrounding spaces); the rating and the value are derived
from it on construction, which is also where bad input is refused.
"""

from __future__ import annotations

import functools
from dataclasses import field
from fractions import Fraction
from functools import lru_cache

from console.model.errors import ModelError
from console.records import record
from console.rules.errors import RatingError
from console.rules.ratings import Rating, RatingType, parse_value
from console.rules.value_conversion import rating_for_value

__all__ = ["Stat", "opt_stat"]


def _looks_numeric(text: str) -> bool:
    return bool(text) and (text[0].isdigit() or text[0] in "+-.") and not text[-1].isalpha()


_number = lru_cache(maxsize=4096)(parse_value)


@lru_cache(maxsize=4096)
def _read(text: str) -> Rating | None:
    """The rating ``text`` names (None for a plain value), or why it is no stat. Kept per
    text: a roster of 3,000 templates repeats a few dozen stats thousands of times."""
    if not text:
        raise ModelError("empty stat: expected a value like 15 or a rating like 8M")
    try:
        if _looks_numeric(text):
            if parse_value(text) < 0:
                raise ModelError(f"{text}: a stat cannot be negative")
            return None
        return Rating.parse(text)
    except RatingError as error:
        raise ModelError(str(error)) from None


@record
class Stat:
    """A rating-or-value stat. ``Stat("8M").value == 16``; ``Stat("15").rating is None``."""

    text: str
    rating: Rating | None = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.text, str):
            raise ModelError(f"a stat must be text like 15 or 8M, not {type(self.text).__name__}")
        text = self.text.strip()
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "rating", _read(text))

    @property
    def value(self) -> Fraction:
        """The stat as a number: the value typed, or the rating's value (8M = 16)."""
        # Computed when asked: loading a roster builds thousands of stats and reads few.
        return self.rating.value if self.rating is not None else _number(self.text)

    @property
    def is_rating(self) -> bool:
        return self.rating is not None

    def as_rating(self) -> Rating:
        """The rating this stat is rolled at: itself, or a value read by Table 7's simple
        column (a sheet that says 15 rolls 8M)."""
        return self.rating if self.rating is not None else rating_for_value(self.value)

    @property
    def explicit_type(self) -> bool:
        """A rating typed with its type letter (``10MV``, ``8MP``), not left to the default."""
        return self.rating is not None and len(self.text.lstrip("0123456789")) == 2

    def points(self, body: RatingType) -> Fraction:
        """The stat in points of a body's type, for damage, armor, Vit and hull points (Rule
        Book, Table 12: they count in the body's type). A plain value is already in them; a
        rating without a type is read at the body's type (a 10M vehicle's Damage is 10MV);
        a rating typed with one means exactly that rating (10MV on a vehicle is 20 Vehicle
        points, 200 Personal)."""
        if self.rating is None:
            return self.value
        rating = self.rating
        if not self.explicit_type:
            rating = Rating(rating.die, rating.category, body)
        return rating.value / body.multiplier

    @property
    def canonical(self) -> str:
        """The normal spelling: ``8m`` and ``8MP`` are both ``8M``; values keep their text."""
        return self.rating.format() if self.rating is not None else self.text

    def __str__(self) -> str:
        return self.text


def opt_stat(value: object, what: str, owner: str | None = None) -> Stat | None:
    """Coerce ``None``, text or a Stat into ``Stat | None``; errors name the field (``what``,
    after ``owner``: the message is made only for an error, as a roster's 21,000 stats are
    read at every opening)."""
    if value is None or isinstance(value, Stat):
        return value
    if isinstance(value, str):
        try:
            return _stat(value)
        except ModelError as error:
            problem = str(error)
    else:
        problem = (f"expected a value like 15 or a rating like 8M, got "
                   f"{type(value).__name__}")
    raise ModelError(f"{owner}: {what}: {problem}" if owner is not None
                     else f"{what}: {problem}")


@functools.lru_cache(maxsize=4096)
def _stat(text: str) -> Stat:
    # A Stat is immutable: one per spelling serves every sheet. A roster of 3,000 templates
    # spells its few dozen stats 21,000 times, each parsed when the campaign opens.
    return Stat(text)
