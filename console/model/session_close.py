"""What the close of a session decided, kept in the session's file for the record.

A closed session carries a :class:`SessionClose`: the play time and rounding rule used, the
group bonus, the journal reading, the missions completed, and one :class:`CloseRow` per PC
with every award and his AP and rank before and after. Summaries and the AP history are
built from these records alone, so they read the same however the PCs change later.
:class:`AdvancementEntry` records AP spent, handicap AP and rank improvement rolls.
"""

from __future__ import annotations

from dataclasses import fields
from datetime import datetime
from enum import StrEnum
from fractions import Fraction
from typing import Any, ClassVar, TypeVar

from console.model.errors import ModelError
from console.model.fields import (
    check_keys,
    format_time,
    need_int,
    need_list,
    need_mapping,
    need_str,
    parse_time,
)
from console.model.text import need_line
from console.records import record
from console.rules.ap_awards import TimeRounding

__all__ = ["AdvancementEntry", "AdvancementKind", "CloseRow", "SessionClose", "parse_share"]

_R = TypeVar("_R", bound="_FlatRecord")


class _FlatRecord:
    """A record of ints, texts, bools and optional ints, stored as a flat object.

    Subclasses list their field kinds in ``KINDS``; values are checked on construction,
    so a hand-edited save file is refused with the field named.
    """

    KINDS: ClassVar[dict[str, str]]  # field -> "int", "int?", "str" or "bool"
    WHAT: ClassVar[str]

    def _check(self) -> None:
        for name, kind in self.KINDS.items():
            value = getattr(self, name)
            label = f"{self.WHAT}: {name.replace('_', ' ')}"
            if kind == "int" or (kind == "int?" and value is not None):
                need_int(value, label, minimum=0)
            elif kind == "str":
                need_line(value, label)
            elif kind == "bool" and not isinstance(value, bool):
                raise ModelError(f"{label}: expected true or false")

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]

    @classmethod
    def from_dict(cls: type[_R], data: object) -> _R:
        raw = need_mapping(data, cls.WHAT)
        optional = {n for n, k in cls.KINDS.items() if k == "int?"}
        check_keys(raw, cls.WHAT, set(cls.KINDS), set(cls.KINDS) - optional)
        return cls(**raw)


@record
class CloseRow(_FlatRecord):
    """One PC's line of a closed session: each award, and his AP and rank before/after."""

    KINDS: ClassVar[dict[str, str]] = {
        "pc_id": "int", "name": "str", "player": "str", "time": "int", "group": "int",
        "adventure": "int", "journal": "int", "grab_bag": "int", "pocket": "int",
        "total_before": "int", "total_after": "int", "unused_before": "int",
        "unused_after": "int", "rank_before": "int", "rank_after": "int", "rolls": "int",
        "mission_done": "bool", "allowance": "int?",
    }
    WHAT: ClassVar[str] = "close-of-session row"

    pc_id: int
    name: str
    player: str
    time: int
    group: int
    adventure: int
    journal: int
    grab_bag: int
    pocket: int
    total_before: int
    total_after: int
    unused_before: int
    unused_after: int
    rank_before: int
    rank_after: int
    rolls: int
    mission_done: bool = False
    allowance: int | None = None  # Dha credits, for a PC who completed a mission

    def __post_init__(self) -> None:
        self._check()

    @property
    def awarded(self) -> int:
        return self.time + self.group + self.adventure + self.journal + self.grab_bag + self.pocket


def parse_share(text: str) -> Fraction:
    """An allowance share as stored ("1", "3/4", "1/2"), checked to lie from 1/2 to 1."""
    try:
        share = Fraction(need_str(text, "allowance share"))
    except (ValueError, ZeroDivisionError):
        raise ModelError(f"allowance share: {text!r} is not a fraction such as 3/4") from None
    if not Fraction(1, 2) <= share <= 1:
        raise ModelError(f"allowance share: must be from 1/2 to 1, not {text}")
    return share


@record
class SessionClose:
    """The close of a session: the choices the GM made and what each PC received."""

    closed_at: datetime
    played_minutes: int
    rounding: str  # a TimeRounding member name: DOWN, UP or NEAREST
    hourly: int
    group_bonus: int
    journal_pc: int | None = None
    journal_ap: int = 0
    allowance_share: str = "1"
    rows: tuple[CloseRow, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.closed_at, datetime) or self.closed_at.tzinfo is None:
            raise ModelError("session close: expected a time with a UTC offset")
        for name in ("played_minutes", "hourly", "group_bonus", "journal_ap"):
            need_int(getattr(self, name), f"session close: {name.replace('_', ' ')}", minimum=0)
        if self.journal_pc is not None:
            need_int(self.journal_pc, "session close: journal reader", minimum=1)
        if need_str(self.rounding, "session close: rounding") not in TimeRounding.__members__:
            raise ModelError(f"session close: unknown rounding rule {self.rounding!r}")
        parse_share(self.allowance_share)
        rows = tuple(self.rows)
        if not all(isinstance(row, CloseRow) for row in rows):
            raise ModelError("session close: rows must be CloseRow records")
        object.__setattr__(self, "rows", rows)

    @property
    def time_rounding(self) -> TimeRounding:
        return TimeRounding[self.rounding]

    def row(self, pc_id: int) -> CloseRow | None:
        return next((row for row in self.rows if row.pc_id == pc_id), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "closed_at": format_time(self.closed_at), "played_minutes": self.played_minutes,
            "rounding": self.rounding, "hourly": self.hourly, "group_bonus": self.group_bonus,
            "journal_pc": self.journal_pc, "journal_ap": self.journal_ap,
            "allowance_share": self.allowance_share,
            "rows": [row.to_dict() for row in self.rows],
        }

    @classmethod
    def from_dict(cls, data: object) -> SessionClose:
        raw = need_mapping(data, "session close")
        keys = {"closed_at", "played_minutes", "rounding", "hourly", "group_bonus",
                "journal_pc", "journal_ap", "allowance_share", "rows"}
        check_keys(raw, "session close", keys,
                   {"closed_at", "played_minutes", "rounding", "hourly", "group_bonus"})
        return cls(
            closed_at=parse_time(raw["closed_at"], "session close time"),
            played_minutes=raw["played_minutes"], rounding=raw["rounding"],
            hourly=raw["hourly"], group_bonus=raw["group_bonus"],
            journal_pc=raw.get("journal_pc"), journal_ap=raw.get("journal_ap", 0),
            allowance_share=raw.get("allowance_share", "1"),
            rows=tuple(CloseRow.from_dict(r) for r in need_list(raw.get("rows", []), "rows")),
        )


class AdvancementKind(StrEnum):
    """What changed a PC's Unused AP or abilities between awards."""

    IMPROVE = "improve"  # Unused AP spent on +1d
    HANDICAP = "handicap"  # AP for taking a handicap: Unused only
    RANK_ROLL = "rank_roll"  # a free rank improvement roll at 10L
    ROLLS_LOST = "rolls_lost"  # rank improvement rolls not used at once


@record
class AdvancementEntry(_FlatRecord):
    """One improvement, handicap or rank improvement roll, for the session's record."""

    KINDS: ClassVar[dict[str, str]] = {
        "pc_id": "int", "kind": "str", "ability": "str", "amount": "int",
        "result": "int?", "success": "bool", "reason": "str",
    }
    WHAT: ClassVar[str] = "advancement entry"

    pc_id: int
    kind: str
    ability: str = ""
    amount: int = 0  # AP spent, handicap AP, the roll's AP cost, or rolls lost
    result: int | None = None  # the player's 10L roll
    success: bool = True
    reason: str = ""

    def __post_init__(self) -> None:
        self._check()
        try:
            object.__setattr__(self, "kind", AdvancementKind(self.kind).value)
        except ValueError:
            raise ModelError(f"advancement entry: unknown kind {self.kind!r}") from None

    def describe(self, pc_name: str) -> str:
        kind = AdvancementKind(self.kind)
        if kind is AdvancementKind.IMPROVE:
            return f"{pc_name} improves {self.ability} by +1d for {self.amount} AP"
        if kind is AdvancementKind.HANDICAP:
            why = f" ({self.reason})" if self.reason else ""
            return f"{pc_name} takes a handicap{why}: +{self.amount} Unused AP"
        if kind is AdvancementKind.ROLLS_LOST:
            return f"{pc_name} lets {self.amount} rank improvement roll(s) go"
        verdict = "improves it by +1d" if self.success else "fails"
        return (f"{pc_name} rank improvement roll on {self.ability}: {self.result} vs "
                f"{self.amount}, {verdict}")
