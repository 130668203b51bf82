"""The 16-sided doubling die (Rule Book: Rolling Dice, t and ©)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from console.rules.errors import FacesError

__all__ = [
    "CATEGORY_FACE",
    "DOUBLING_FACES",
    "FACE_CHANCE",
    "NUMBER_FACES",
    "TYPE_FACE",
    "parse_face",
]

CATEGORY_FACE = "c"  # printed as ©; the book says to read it as c
TYPE_FACE = "t"

# The sixteen faces as printed, one entry per face.
DOUBLING_FACES: tuple[str, ...] = (
    "c", "t", "1", "1", "1", "1", "1", "1", "2", "2", "2", "2", "4", "4", "8", "16",
)
NUMBER_FACES: tuple[str, ...] = ("1", "2", "4", "8", "16")

# Exact chance of each distinct face: 1 shows on six faces of sixteen, and so on.
FACE_CHANCE: dict[str, Fraction] = {
    face: Fraction(count, len(DOUBLING_FACES)) for face, count in Counter(DOUBLING_FACES).items()
}


def parse_face(text: str) -> str:
    """One doubling-die face as typed: ``c``, ``©``, ``t``, ``1`` ... ``16`` (any case)."""
    face = text.strip().lower()
    if face == "©":
        return CATEGORY_FACE
    if face in FACE_CHANCE:
        return face
    shown = text.strip() or "an empty face"
    raise FacesError(
        f"{shown}: not a doubling-die face; the faces are c (©), t, 1, 2, 4, 8 and 16"
    )
