"""Text from outside (typed, imported, read from a spec or a save file): what a name, a line
and a note may hold, how long each may be, and how any text is shown safely.

The first wall: every model object checks its text when it is built, so a name holding an
escape sequence (``ESC]0;...BEL`` retitles a terminal, ``ESC[2J`` clears it) is refused
with the field named, whether it was typed, imported or read from a file. The second wall:
:func:`shown` makes every such character visible as an escape (``\\x1b``), for outputs that
print text the model never saw (a folder's name, a command-line argument, an OS message).

Two sizes for each kind of text. What a field takes as it is typed fits its use (``*_MAX``:
a name fits a column and a table's line with a copy's number added; a line is a reason or a
label; a note is a few pages): the forms stop typing there. What a saved document may hold
(``*_HELD``, the model's own check) is a few times more, so that a campaign an earlier
console saved, which had no limit, still opens, and still bounded, so that no document
weighs megabytes: a note of 60 MB once made every action on its PC take 760 ms and its
campaign grow by a gigabyte. An import or a spec meets the model's check.
"""

from __future__ import annotations

import re
import unicodedata

from console.model.errors import ModelError
from console.model.fields import LONE_SURROGATES, lone_surrogate

__all__ = [
    "LINE_HELD",
    "LINE_MAX",
    "NAME_HELD",
    "NAME_MAX",
    "NOTES_HELD",
    "NOTES_MAX",
    "TAGS_HELD",
    "TITLE_MAX",
    "cleaned",
    "first_invisible",
    "first_refused",
    "need_line",
    "need_name",
    "need_notes",
    "shown",
    "visible",
]

# Typed (the forms' fields):
NAME_MAX = 40  # a name the GM gives: a PC, an NPC template, a weapon, a tag
TITLE_MAX = 60  # an encounter's name, a condition's
LINE_MAX = 300  # one line: a reason, a label
NOTES_MAX = 20_000  # a note: about eight pages of text
# Held (what a saved document may hold at most):
NAME_HELD = 200
LINE_HELD = 2_000
NOTES_HELD = 100_000
TAGS_HELD = 100

# Characters that steer a terminal or the reading order rather than show something: every
# C0 and C1 control (ESC among them), DEL, the bidirectional overrides and isolates (which
# make "gnp.exe" read "exe.png"), the line and paragraph separators, the byte-order mark.
_STEERING = frozenset(
    [*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0), 0x061C, 0x200E, 0x200F,
     *range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x2028, 0x2029, 0xFEFF])
_IN_NOTES = frozenset({0x09, 0x0A})  # a note keeps its tabs and line breaks
# The same as patterns: every name of a roster of 3,000 is checked when the roster is read.
# With them, half a UTF-16 pair alone, which JSON reads but UTF-8 cannot write back: one
# scan of each text for both (fields.need_str refuses it in the other texts).
_IN_LINE = re.compile("[" + "".join(re.escape(chr(c)) for c in sorted(_STEERING))
                      + LONE_SURROGATES + "]")
_IN_NOTE = re.compile("[" + "".join(re.escape(chr(c)) for c in sorted(_STEERING - _IN_NOTES))
                      + LONE_SURROGATES + "]")

# Letters and symbols that draw nothing: a name made only of these (and spaces, marks and
# invisible formatting) looks empty. Unicode's blank fillers and the braille blank.
BLANKS = frozenset({0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800})


def first_refused(text: str, *, notes: bool = False) -> str | None:
    """The first character of ``text`` a name or line may not hold, described, or None."""
    found = (_IN_NOTE if notes else _IN_LINE).search(text)
    if found is None:
        return None
    char = found.group()
    if lone_surrogate(char):
        return f"U+{ord(char):04X} (a lone surrogate, half of a UTF-16 pair)"
    return f"U+{ord(char):04X} ({unicodedata.name(char, 'a control character').lower()})"


# Format characters that have their use inside words: the joiners of Persian and the Indic
# scripts (and of emoji sequences). Any other draws nothing where it stands.
_JOINERS = frozenset({0x200C, 0x200D})


def first_invisible(text: str) -> str | None:
    """The first character of ``text`` that draws nothing where it stands (a zero-width
    space, a soft hyphen, a word joiner: Unicode's format characters, but for the
    joiners), described; or None. Refused in what identifies a thing to the GM (an
    adventure's title): two titles would look the same and be different."""
    for char in text:
        if unicodedata.category(char) == "Cf" and ord(char) not in _JOINERS:
            return f"U+{ord(char):04X} ({unicodedata.name(char, 'a format character').lower()})"
    return None


# Printable ASCII but the space: every one a letter, digit, punctuation mark or symbol.
_SHOWN_ASCII = re.compile("[!-~]")


def visible(text: str) -> bool:
    """True if ``text`` shows at least one letter, digit, punctuation mark or symbol."""
    if _SHOWN_ASCII.search(text) is not None:  # most names: no look at Unicode's tables
        return True
    return any(unicodedata.category(char)[0] in "LNPS" and ord(char) not in BLANKS
               for char in text)


def _need(value: object, what: str, limit: int, *, notes: bool = False) -> str:
    if not isinstance(value, str):
        raise ModelError(f"{what}: expected text, got {type(value).__name__}")
    if len(value) > limit:
        raise ModelError(f"{what}: {len(value):,} characters; at most {limit:,} fit")
    refused = first_refused(value, notes=notes)
    if refused is not None:
        raise ModelError(f"{what}: holds {refused}, which is not text to show")
    return value


def need_name(value: object, what: str, limit: int = NAME_HELD) -> str:
    """A name: one line, something visible in it, at most ``limit`` characters."""
    text = _need(value, what, limit)
    if not text.strip():
        raise ModelError(f"{what}: must not be empty")
    if not visible(text):
        raise ModelError(f"{what}: shows nothing (only blank or invisible characters)")
    return text


def need_line(value: object, what: str, limit: int = LINE_HELD) -> str:
    """One line of text, possibly empty."""
    return _need(value, what, limit)


def need_notes(value: object, what: str, limit: int = NOTES_HELD) -> str:
    """A note: line breaks and tabs allowed, possibly empty."""
    return _need(value, what, limit, notes=True)


def shown(text: str, *, notes: bool = False) -> str:
    """``text`` with every character that steers a terminal written as an escape
    (``\\x1b``, ``\\u202e``): the second wall, for text the model never checked."""
    if first_refused(text, notes=notes) is None:
        return text
    return "".join(
        char if ord(char) not in _STEERING or (notes and ord(char) in _IN_NOTES)
        else char.encode("unicode_escape").decode("ascii")
        for char in text)


def cleaned(text: str, *, notes: bool = False) -> str:
    """``text`` as a document may hold it: a line break typed as CR LF is a line break (in a
    note), any other character that steers a terminal is written as its escape. What an
    earlier console saved without these checks is read through this (a schema migration),
    so nothing is lost and nothing raw remains."""
    if notes:
        text = text.replace("\r\n", "\n")
    return shown(text, notes=notes)


def counted(count: int, word: str, plural: str | None = None) -> str:
    """``count`` and its word, singular for one: "1 wound", "2 wounds" ("1 wounds" was
    printed in the log and the recap)."""
    return f"{count} {word if count == 1 else plural or word + 's'}"
