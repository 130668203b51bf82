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
- kept in Unicode's composed form (NFC): ``é`` typed as ``e`` + accent is the same name.

Two names that differ only in case, or in how an accent is encoded, collide on macOS and
Windows (``Straße`` and ``STRASSE`` too, by Unicode's case folding): they are one campaign.
"""

from __future__ import annotations

import re
import unicodedata

from console.store.errors import BadCampaignName

__all__ = ["MAX_NAME_BYTES", "name_key", "validate_name"]

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


def _refuse(name: str, why: str) -> BadCampaignName:
    shown = name.encode("unicode_escape").decode("ascii")[:60]
    return BadCampaignName(f"campaign name {shown!r} {why}")


def validate_name(name: object) -> str:
    """``name`` in composed form (NFC) if it can be a campaign folder on any system; else a
    BadCampaignName saying why."""
    if not isinstance(name, str) or not name.strip():
        raise BadCampaignName("campaign name must not be empty")
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
        if unicodedata.category(char) in _INVISIBLE or (char.isspace() and char != " "):
            raise _refuse(name, f"contains U+{ord(char):04X}, a control or invisible "
                                "character")
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
