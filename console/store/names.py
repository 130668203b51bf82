"""Campaign names: what can be a folder name on every system, and when two names are the
same campaign.

A name becomes a folder under the saves folder, so it must be one on Linux, macOS and
Windows alike, and read the same to the GM as to the file system:

- at most 120 bytes of UTF-8 (a folder name is at most 255 bytes, and the console builds
  longer names from it while a campaign is being created or imported);
- no path separators or characters Windows refuses (``/ \\ : * ? " < > |``), no control or
  invisible formatting characters (a right-to-left override makes ``gnp.exe`` read as
  ``exe.png``), no characters that look like a slash;
- not a name Windows reserves (``CON``, ``NUL``, ``COM1`` ..., with or without an
  extension), not starting with a dot or a space, not ending with a dot or a space;
- kept in Unicode's composed form (NFC): ``é`` typed as ``e`` + accent is the same name;
- something visible: no character Unicode calls default-ignorable (it draws nothing:
  U+034F, U+115F, U+3164 ...), and not only blank ones (U+2800, the braille blank).

Two names that differ only in case, or in how an accent is encoded, collide on macOS and
Windows (``Straße`` and ``STRASSE`` too, by Unicode's case folding): they are one campaign.
A name that only *looks* like an existing one ("Demo" with a Cyrillic e, U+0435, or in
fullwidth letters, beside ``Demo``) is refused when a campaign is created or imported: its
confusable skeleton (Unicode Technical Standard #39) is the same (:func:`skeleton`, from
``confusables.txt``).
"""

from __future__ import annotations

import functools
import re
import unicodedata

from console.model.fields import lone_surrogate
from console.model.text import BLANKS, visible
from console.store.errors import BadCampaignName

__all__ = ["MAX_NAME_BYTES", "looks_like", "name_key", "skeleton", "validate_name"]

MAX_NAME_BYTES = 120
_WINDOWS_FORBIDDEN = re.compile(r'[/\\:*?"<>|]')
_LOOKALIKE_SLASHES = frozenset("\u2044\u2215\u2216\u29f5\u29f8\u29f9\ufe68\uff0f\uff3c")
_RESERVED = frozenset(
    {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"}
    | {f"{port}{n}" for port in ("COM", "LPT") for n in "123456789¹²³"}
)
# Unicode categories that are invisible or control: Cc control, Cf format (bidi overrides,
# zero-width joiners), Cs surrogates, Co private use, Cn unassigned, Zl/Zp line breaks.
_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# Default-ignorable code points that are not of those categories (Unicode's
# DerivedCoreProperties: they draw nothing), and the blank letters of console.model.text.
_IGNORABLE = frozenset(
    [0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, *range(0x180B, 0x1810), 0x3164, 0xFFA0,
     *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0), *BLANKS])


def _refuse(name: str, why: str) -> BadCampaignName:
    shown = name.encode("unicode_escape").decode("ascii")[:60]
    return BadCampaignName(f"campaign name '{shown}' {why}")


def validate_name(name: object) -> str:
    """``name`` in composed form (NFC) if it can be a campaign folder on any system; else a
    BadCampaignName saying why."""
    if not isinstance(name, str) or not name.strip():
        raise BadCampaignName("campaign name must not be empty")
    if lone_surrogate(name):
        # A byte that is not UTF-8 typed on the command line reaches Python as one.
        shown = "".join(
            char if not lone_surrogate(char)
            else f"\\x{ord(char) - 0xDC00:02x}" if 0xDC80 <= ord(char) <= 0xDCFF
            else f"\\u{ord(char):04x}" for char in name)
        raise BadCampaignName(f"campaign name '{shown}' holds a byte that is not UTF-8 text")
    name = unicodedata.normalize("NFC", name)
    if name[0].isspace() or name[-1].isspace():
        raise _refuse(name, "must not start or end with a space")
    if name.startswith(".") or name.endswith("."):
        raise _refuse(name, "must not start or end with a dot")
    size = len(name.encode("utf-8"))
    if size > MAX_NAME_BYTES:
        raise _refuse(name, f"is {size} bytes long in UTF-8; at most {MAX_NAME_BYTES} fit "
                            "a folder name everywhere")
    for char in name:
        if _WINDOWS_FORBIDDEN.match(char):
            raise _refuse(name, f"contains {char!r}: path separators and / \\ : * ? \" < > | "
                                "are not allowed")
        if char in _LOOKALIKE_SLASHES:
            raise _refuse(name, f"contains U+{ord(char):04X}, which looks like a slash")
        if (unicodedata.category(char) in _INVISIBLE or ord(char) in _IGNORABLE
                or (char.isspace() and char != " ")):
            raise _refuse(name, f"contains U+{ord(char):04X}, a control or invisible "
                                "character")
    if not visible(name):
        raise _refuse(name, "shows nothing: it needs a letter, a digit or a sign")
    if ".." in name:
        raise _refuse(name, "must not contain '..'")
    stem = name.split(".")[0].rstrip(" ").upper()
    if stem in _RESERVED:
        raise _refuse(name, f"is {stem}, a name Windows reserves for a device")
    return name


def name_key(name: str) -> str:
    """What two names must share to be the same campaign on some system: NFC, then
    Unicode case folding (``Straße`` and ``STRASSE`` are one)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


@functools.cache
def _prototypes() -> dict[str, str]:
    """confusables.txt: each code point's prototype (read once, when a name is compared)."""
    # Imported here: importlib.resources costs every start 2 ms, and most never compare names.
    from importlib import resources

    table: dict[str, str] = {}
    text = resources.files("console.store").joinpath("confusables.txt").read_text("utf-8")
    for line in text.splitlines():
        if line and not line.startswith("#"):
            source, target = line.split(";")
            table[chr(int(source, 16))] = "".join(chr(int(c, 16)) for c in target.split())
    return table


def skeleton(name: str) -> str:
    """UTS #39's skeleton of ``name`` in compatibility form (NFKC: fullwidth letters are
    letters): two names with the same skeleton look alike."""
    prototypes = _prototypes()
    mapped = "".join(prototypes.get(char, char) for char in
                     unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name)))
    return unicodedata.normalize("NFD", mapped)


def _skeletons(name: str) -> set[str]:
    # As typed (a capital I looks like an l: "KiII" beside "Kill"), and case folded (names
    # differing only in case are one campaign anyway, and "DEMO" with a Cyrillic M, U+041C,
    # beside "demo" looks alike too).
    return {skeleton(name), skeleton(unicodedata.normalize("NFKC", name).casefold())}


def looks_like(name: str, others: list[str]) -> str | None:
    """The first of ``others`` that ``name`` would be mistaken for (a skeleton in
    common)."""
    mine = _skeletons(name)
    return next((other for other in others if mine & _skeletons(other)), None)
