"""Rolling a rating (Rule Book: Rolling Dice, If You Roll a 16, t and ©; Table 5).

One state machine, :class:`RollInProgress`, reads doubling-die faces one at a time. The
random roller feeds it faces from an injected ``random.Random``; :func:`resolve_faces` feeds it
the faces a player rolled on real dice and refuses a sequence no real roll could produce.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass, field
from enum import Enum

from console.records import record
from console.rules.doubling_die import CATEGORY_FACE, DOUBLING_FACES, TYPE_FACE, parse_face
from console.rules.errors import FacesError
from console.rules.ratings import Category, Rating, RatingType

__all__ = [
    "Phase",
    "Roll",
    "RollInProgress",
    "TrailStep",
    "move_for_face",
    "parse_faces",
    "read_non_doubling",
    "resolve_faces",
    "roll",
    "roll_non_doubling",
    "scaled_result",
]


class Phase(Enum):
    """Where a roll stands after the faces read so far."""

    FIRST = "first"  # waiting for the first doubling face
    SIXTEEN_CHAIN = "sixteen chain"  # after a 16 with no t/c before it: c/t count as 1
    MOVED = "moved"  # after a t or c: a 16 ends the roll
    ENDED = "ended"


@record
class TrailStep:
    """One face of a roll and what it did."""

    kind: str  # "die" or "doubling"
    face: str
    rating: Rating  # the rating in force after this face
    multiplier: int | None  # what the face multiplied the result by; None for die faces/moves
    note: str

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "face": self.face,
            "rating": self.rating.format(),
            "multiplier": self.multiplier,
            "note": self.note,
        }


@record
class Roll:
    """A finished roll: the result and the full trail of faces."""

    rating: Rating  # as asked for
    final_rating: Rating  # after any t/c moves: the table the result is read on
    die_face: int
    multiplier: int  # product of the doubling faces that counted
    result: int
    trail: tuple[TrailStep, ...]

    @property
    def doubling_faces(self) -> tuple[str, ...]:
        return tuple(step.face for step in self.trail if step.kind == "doubling")


def scaled_result(rating: Rating, die_face: int, multiplier: int) -> int:
    """die x category x type x doubling, Bantam dropping fractions (6LB rolling 6 and 1 = 0)."""
    return math.floor(die_face * rating.category.multiplier * rating.type.multiplier * multiplier)


def _type_toward_personal(rating: Rating) -> Rating | None:
    if rating.type is RatingType.P:
        return None
    # Bantam moves up to Personal; everything above moves down one type.
    target = RatingType.P if rating.type is RatingType.B else RatingType(rating.type - 1)
    return Rating(rating.die, rating.category, target)


def _category_toward_light(rating: Rating) -> Rating | None:
    if rating.type is RatingType.B:
        # Bantam categories move *up*: LB -> MB -> HB -> LP.
        if rating.category is Category.H:
            return Rating(rating.die, Category.L, RatingType.P)
        return Rating(rating.die, Category(rating.category + 1), RatingType.B)
    if rating.category is Category.L:
        return None
    return Rating(rating.die, Category(rating.category - 1), rating.type)


def move_for_face(rating: Rating, face: str) -> Rating | None:
    """The rating a t or c face moves ``rating`` to, or None when the face counts as 1."""
    if face == TYPE_FACE:
        return _type_toward_personal(rating)
    if face == CATEGORY_FACE:
        return _category_toward_light(rating)
    raise ValueError(f"{face} is not a t or c face")


@dataclass
class RollInProgress:
    """A roll being read face by face; :meth:`read` returns True once the roll has ended."""

    rating: Rating
    die_face: int
    current: Rating = field(init=False)
    multiplier: int = field(init=False, default=1)
    phase: Phase = field(init=False, default=Phase.FIRST)
    trail: list[TrailStep] = field(init=False)

    def __post_init__(self) -> None:
        if not 1 <= self.die_face <= self.rating.die:
            raise FacesError(
                f"{self.die_face}: not a face of the d{self.rating.die} that {self.rating} rolls"
            )
        self.current = self.rating
        self.trail = [
            TrailStep("die", str(self.die_face), self.rating, None, f"d{self.rating.die} shows "
                      f"{self.die_face} (never rerolled)")
        ]

    @property
    def ended(self) -> bool:
        return self.phase is Phase.ENDED

    def read(self, face: str) -> bool:
        """Read the next doubling-die face (already parsed) and return whether the roll ended."""
        if self.ended:
            raise FacesError(f"{face}: the roll had already ended; no face comes after it")
        if self.phase is Phase.SIXTEEN_CHAIN:
            self._read_in_sixteen_chain(face)
        elif face in (TYPE_FACE, CATEGORY_FACE):
            self._read_move_face(face)
        else:
            self._read_number(face)
        return self.ended

    def _step(self, face: str, multiplier: int | None, note: str) -> None:
        if multiplier is not None:
            self.multiplier *= multiplier
        self.trail.append(TrailStep("doubling", face, self.current, multiplier, note))

    def _read_in_sixteen_chain(self, face: str) -> None:
        if face in (TYPE_FACE, CATEGORY_FACE):
            self._step(face, 1, f"{face} counts as 1 when rerolling a 16; the roll ends")
            self.phase = Phase.ENDED
        elif face == "16":
            self._step(face, 16, "x16 again: roll the doubling die again")
        else:
            self._step(face, int(face), f"x{face}; the roll ends")
            self.phase = Phase.ENDED

    def _read_number(self, face: str) -> None:
        if face == "16" and self.phase is Phase.FIRST:
            self._step(face, 16, "x16: roll the doubling die again and multiply")
            self.phase = Phase.SIXTEEN_CHAIN
            return
        note = (
            "x16 after a t or c: the roll ends, no reroll"
            if face == "16"
            else f"x{face}; the roll ends"
        )
        self._step(face, int(face), note)
        self.phase = Phase.ENDED

    def _read_move_face(self, face: str) -> None:
        before = self.current
        after = move_for_face(before, face)
        if after is None:
            already = "Personal" if face == TYPE_FACE else "Light"
            self._step(face, 1, f"{face} counts as 1 (already {already}); the roll ends")
            self.phase = Phase.ENDED
            return
        self.current = after
        if face == TYPE_FACE:
            why = "type toward Personal"
        elif before.type is RatingType.B:
            why = "Bantam categories move up"
        else:
            why = "category toward Light"
        moved = f"{before.format(explicit_type=True)} -> {after.format(explicit_type=True)}"
        self._step(face, None, f"{face}: {moved} ({why}); roll the doubling die again")
        self.phase = Phase.MOVED

    def finish(self) -> Roll:
        """The finished roll; refuses a roll that still needs faces."""
        if not self.ended:
            read = ", ".join(step.face for step in self.trail[1:])
            raise FacesError(
                f"the roll of {self.rating} has not ended: after die {self.die_face} and "
                f"doubling {read} it needs another doubling-die face"
            )
        return Roll(
            rating=self.rating,
            final_rating=self.current,
            die_face=self.die_face,
            multiplier=self.multiplier,
            result=scaled_result(self.current, self.die_face, self.multiplier),
            trail=tuple(self.trail),
        )


def roll(rating: Rating, rng: random.Random) -> Roll:
    """Roll ``rating`` with both dice, rerolling the doubling die as the rules say."""
    progress = RollInProgress(rating, rng.randint(1, rating.die))
    while not progress.read(rng.choice(DOUBLING_FACES)):
        pass
    return progress.finish()


def resolve_faces(rating: Rating, die_face: int, doubling_faces: list[str]) -> Roll:
    """The roll a player made on real dice: the die face and the doubling faces in order."""
    progress = RollInProgress(rating, die_face)
    if not doubling_faces:
        raise FacesError(f"the roll of {rating} needs at least one doubling-die face")
    for position, text in enumerate(doubling_faces, start=1):
        face = parse_face(text)
        if progress.ended:
            raise FacesError(
                f"the roll ended at doubling face {position - 1} "
                f"({doubling_faces[position - 2].strip()}); face {position} ({face}) "
                "cannot follow it"
            )
        progress.read(face)
    return progress.finish()


_FACES_SHAPE = re.compile(r"\s*([0-9]+)\s*:(.*)", re.ASCII | re.DOTALL)


def parse_faces(text: str) -> tuple[int, list[str]]:
    """Read ``5:t,c,1`` (die face, a colon, the doubling faces in order)."""
    match = _FACES_SHAPE.fullmatch(text)
    if match is None or len(match.group(1)) > 3:
        raise FacesError(
            f"{text.strip() or 'empty'}: write the die face, a colon, then the doubling faces "
            "in order, like 5:t,c,1"
        )
    faces = [part for part in (p.strip() for p in match.group(2).split(",")) if part]
    return int(match.group(1)), faces


def read_non_doubling(rating: Rating, die_face: int) -> Roll:
    """Non-doubling roll (Rule Book: Non-Diceless GMing): the die alone, read in the x1 column.

    Used when the GM rolls, and when two players roll against each other.
    """
    progress = RollInProgress(rating, die_face)
    progress.trail.append(
        TrailStep("doubling", "-", rating, 1, "non-doubling roll: read in the x1 column")
    )
    progress.phase = Phase.ENDED
    return progress.finish()


def roll_non_doubling(rating: Rating, rng: random.Random) -> Roll:
    """A non-doubling roll of ``rating``: only its die is rolled."""
    return read_non_doubling(rating, rng.randint(1, rating.die))
