"""Small readers shared by every ``from_dict``: strict, and every message names the field.

Save files are read through these, so a wrong type in a file becomes a :class:`ModelError`
naming the field instead of a ``TypeError`` deep inside the UI.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, TypeVar

from console.model.errors import ModelError

__all__ = [
    "LONE_SURROGATES",
    "check_keys",
    "format_time",
    "local_minute",
    "lone_surrogate",
    "need_between",
    "need_choice",
    "need_int",
    "need_list",
    "need_mapping",
    "need_str",
    "opt_int",
    "parse_time",
]


def need_mapping(data: object, what: str) -> Mapping[str, Any]:
    """``data`` as a mapping, or a ModelError naming ``what``."""
    if not isinstance(data, Mapping):
        raise ModelError(f"{what}: expected an object, got {type(data).__name__}")
    return data


def check_keys(data: Mapping[str, Any], what: str, allowed: AbstractSet[str],
               required: AbstractSet[str]) -> None:
    """Refuse unknown keys (a typo or someone else's data) and missing required ones."""
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ModelError(f"{what}: unknown field(s) {', '.join(map(str, unknown))}")
    missing = sorted(required - set(data))
    if missing:
        raise ModelError(f"{what}: missing field(s) {', '.join(missing)}")


# Half of a UTF-16 pair, alone: JSON's "\ud800" reads as one, but no text holds it, and
# writing it back (UTF-8) fails: a campaign holding one could not be saved again.
LONE_SURROGATES = "\ud800-\udfff"  # as a range in a regular expression's class
_SURROGATE = re.compile(f"[{LONE_SURROGATES}]")


def lone_surrogate(text: str) -> bool:
    """Whether ``text`` holds half a UTF-16 pair alone."""
    return _SURROGATE.search(text) is not None


def need_str(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise ModelError(f"{what}: expected text, got {type(value).__name__}")
    if lone_surrogate(value):
        raise ModelError(f"{what}: holds a lone surrogate (half of a UTF-16 pair), which "
                         "is not text")
    return value


E = TypeVar("E", bound=StrEnum)


def need_choice(value: object, choices: type[E], what: str) -> E:
    """``value`` as one of ``choices``, or a ModelError listing them."""
    if isinstance(value, str) and value in {c.value for c in choices}:
        return choices(value)
    raise ModelError(f"{what} {value!r} is not one of {', '.join(c.value for c in choices)}")


def need_int(value: object, what: str, *, minimum: int | None = None) -> int:
    # bool is an int subclass; a stray true/false in a file is not a number of wounds.
    if isinstance(value, bool) or not isinstance(value, int):
        raise ModelError(f"{what}: expected a whole number, got {type(value).__name__}")
    if minimum is not None and value < minimum:
        raise ModelError(f"{what}: must be at least {minimum}, not {value}")
    return value


def need_between(value: object, what: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``."""
    need_int(value, what)
    assert isinstance(value, int)
    if not low <= value <= high:
        raise ModelError(f"{what}: {low} to {high}, not {value}")
    return value


def opt_int(value: object, what: str, *, minimum: int | None = None) -> int | None:
    return None if value is None else need_int(value, what, minimum=minimum)


def need_list(value: object, what: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise ModelError(f"{what}: expected a list, got {type(value).__name__}")
    return list(value)


def parse_time(value: object, what: str) -> datetime:
    """An ISO 8601 time with a UTC offset (naive times are ambiguous across machines)."""
    text = need_str(value, what)
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise ModelError(f"{what}: not an ISO 8601 time: {text[:40]!r}") from None
    if moment.tzinfo is None:
        raise ModelError(f"{what}: time {text[:40]!r} has no UTC offset")
    return moment


def format_time(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat()


def local_minute(moment: datetime) -> str:
    """``moment`` as the GM reads it: this machine's time, to the minute."""
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")
