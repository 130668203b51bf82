"""How the console refers to a character: the pronoun on his sheet, "they" by default.

A PC's sheet keeps one (``PlayerCharacter.pronoun``): ``he``, ``she``, ``they``, ``it``, or
one the GM types as subject/object/possessive (``xe/xem/xyr``, a reflexive may follow:
``xe/xem/xyr/xemself``). A combatant carries his sheet's into the fight
(``Combatant.pronoun``; an NPC's is "they"), so every line about him, in the log, a toast,
a form or the players' view, reads as his table calls him. Verbs agree as English has it:
"they act", "he acts" (a typed pronoun is singular unless its subject is "they").
"""

from __future__ import annotations

import functools
import re

from console.model.errors import ModelError
from console.records import record

__all__ = ["PRONOUN_CHOICES", "THEY", "Pronoun", "need_pronoun"]

_WORD = re.compile(r"[^\W\d_]{1,16}")  # a word of letters, in any script
_REFLEXIVE = re.compile(r"[^\W\d_]{1,24}")  # "xemself": an object form and "self"

_KNOWN = {
    "he": ("he", "him", "his", "himself"),
    "she": ("she", "her", "her", "herself"),
    "they": ("they", "them", "their", "themselves"),
    "it": ("it", "it", "its", "itself"),
}
PRONOUN_CHOICES = tuple(_KNOWN)


@record
class Pronoun:
    """One character's pronoun: ``they``, ``them``, ``their``, ``themself`` are its own
    forms (``he``, ``him``, ``his``, ``himself`` for "he")."""

    they: str
    them: str
    their: str
    themself: str

    @classmethod
    def parse(cls, text: str) -> Pronoun:
        """he, she, they, it, or subject/object/possessive[/reflexive]; a ModelError
        (a ValueError) says what is wrong."""
        cleaned = text.strip().lower()
        if cleaned in _KNOWN:
            return cls(*_KNOWN[cleaned])
        parts = [part.strip() for part in cleaned.split("/")]
        if len(parts) == 2 and parts[0] in _KNOWN:  # "he/him", "they/them"
            return cls(*_KNOWN[parts[0]])
        if (len(parts) not in (3, 4) or not all(_WORD.fullmatch(part) for part in parts[:3])
                or not all(_REFLEXIVE.fullmatch(part) for part in parts[3:])):
            raise ModelError(
                f"pronoun: he, she, they, it, or subject/object/possessive like xe/xem/xyr, "
                f"not {text.strip()[:40] or 'nothing'}")
        reflexive = parts[3] if len(parts) == 4 else f"{parts[1]}self"
        return cls(parts[0], parts[1], parts[2], reflexive)

    @property
    def text(self) -> str:
        """As the sheet keeps it: "he", or "xe/xem/xyr/xemself"."""
        for key, forms in _KNOWN.items():
            if forms == (self.they, self.them, self.their, self.themself):
                return key
        return "/".join((self.they, self.them, self.their, self.themself))

    @property
    def plural(self) -> bool:
        """Verbs agree with it as with "they"."""
        return self.they == "they"

    def verb(self, singular: str, plural: str) -> str:
        """The verb's form for this subject: ``verb("acts", "act")``."""
        return plural if self.plural else singular

    @property
    def is_(self) -> str:
        return self.verb("is", "are")

    @property
    def has(self) -> str:
        return self.verb("has", "have")

    @property
    def was(self) -> str:
        return self.verb("was", "were")

    @property
    def They(self) -> str:
        return self.they[:1].upper() + self.they[1:]

    @property
    def Their(self) -> str:
        return self.their[:1].upper() + self.their[1:]


THEY = Pronoun.parse("they")


def need_pronoun(value: object, who: str) -> Pronoun:
    """A pronoun as a document or a form gives it (its text) or as made; a ModelError
    names whose it is."""
    if isinstance(value, Pronoun):
        return value
    if not isinstance(value, str):
        raise ModelError(f"{who}: pronoun must be text, not {type(value).__name__}")
    try:
        return _parsed(value)
    except ModelError as error:
        raise ModelError(f"{who}: {error}") from None


@functools.lru_cache(maxsize=64)
def _parsed(text: str) -> Pronoun:
    """Read once per spelling: a fight of a hundred combatants is read at every key, and
    its pronouns are a handful of texts."""
    return Pronoun.parse(text)
