"""Play sessions: when they ran and the AP handed out (Rule Book: Adventure Points).

The session's action log (its undo history) is kept by the store as
:class:`console.model.action_log.LogEntry` records next to the session.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from enum import StrEnum
from typing import Any, ClassVar

from console.model.errors import ModelError
from console.model.fields import (
    check_keys,
    format_time,
    need_choice,
    need_int,
    need_list,
    need_mapping,
    parse_time,
)
from console.model.session_close import AdvancementEntry, SessionClose
from console.model.system_points import PointsEntry
from console.model.text import need_line, need_notes
from console.records import record

__all__ = ["ApAward", "AwardKind", "Session"]


class AwardKind(StrEnum):
    """Where an AP award comes from (Rule Book: Adventure Points)."""

    TIME = "time"
    GROUP = "group"
    ADVENTURE = "adventure"
    JOURNAL = "journal"
    GRAB_BAG = "grab_bag"
    VETERAN = "veteran"
    OTHER = "other"


@record
class ApAward:
    """AP given to one PC during or at the close of a session."""

    pc_id: int
    amount: int
    kind: AwardKind = AwardKind.OTHER
    reason: str = ""
    giver: str = ""  # veteran's pocket: the player who gave it


    def __post_init__(self) -> None:
        need_int(self.pc_id, "award PC id", minimum=1)
        need_int(self.amount, "award amount", minimum=0)
        object.__setattr__(self, "kind", need_choice(self.kind, AwardKind, "award kind"))
        need_line(self.reason, "award reason")
        need_line(self.giver, "award giver")

    def to_dict(self) -> dict[str, Any]:
        data = {"pc_id": self.pc_id, "amount": self.amount, "kind": self.kind.value,
                "reason": self.reason}
        if self.giver:
            data["giver"] = self.giver
        return data

    @classmethod
    def from_dict(cls, data: object) -> ApAward:
        raw = need_mapping(data, "AP award")
        check_keys(raw, "AP award", {"pc_id", "amount", "kind", "reason", "giver"},
                   {"pc_id", "amount"})
        return cls(raw["pc_id"], raw["amount"], raw.get("kind", "other"), raw.get("reason", ""),
                   raw.get("giver", ""))


@record
class Session:
    """One session. Number 0 is the campaign's set-up (work done before the first session)."""

    TABLE: ClassVar[str] = "session"
    DOC_ID: ClassVar[int] = 1  # one session document per session file

    number: int
    started_at: datetime
    stopped_at: datetime | None = None
    ap_awards: tuple[ApAward, ...] = ()
    notes: str = ""
    closing: SessionClose | None = None  # set when the GM applies the close-of-session awards
    advancement: tuple[AdvancementEntry, ...] = ()
    points: tuple[PointsEntry, ...] = ()  # another system's awards and uses (issue 18)

    def __post_init__(self) -> None:
        need_int(self.number, "session number", minimum=0)
        if not isinstance(self.started_at, datetime) or self.started_at.tzinfo is None:
            raise ModelError("session start: expected a time with a UTC offset")
        if self.stopped_at is not None:
            if not isinstance(self.stopped_at, datetime) or self.stopped_at.tzinfo is None:
                raise ModelError("session stop: expected a time with a UTC offset")
            if self.stopped_at < self.started_at:
                raise ModelError("session stop: before its start")
        object.__setattr__(self, "ap_awards", tuple(self.ap_awards))
        if not all(isinstance(a, ApAward) for a in self.ap_awards):
            raise ModelError("session: AP awards must be ApAward records")
        need_notes(self.notes, "session notes")
        if self.closing is not None and not isinstance(self.closing, SessionClose):
            raise ModelError("session: closing must be a SessionClose record")
        object.__setattr__(self, "advancement", tuple(self.advancement))
        if not all(isinstance(a, AdvancementEntry) for a in self.advancement):
            raise ModelError("session: advancement must be AdvancementEntry records")
        object.__setattr__(self, "points", tuple(self.points))
        if not all(isinstance(p, PointsEntry) for p in self.points):
            raise ModelError("session: points must be PointsEntry records")

    @property
    def id(self) -> int:
        return self.DOC_ID

    @property
    def running(self) -> bool:
        return self.stopped_at is None

    def pc_ids(self) -> set[int]:
        """Every PC this session's records name: a new PC must never take one of these
        ids, or a deleted PC's history would become his."""
        ids = {a.pc_id for a in self.ap_awards} | {e.pc_id for e in self.advancement}
        ids |= {p.pc_id for p in self.points}
        if self.closing is not None:
            ids |= {row.pc_id for row in self.closing.rows}
            if self.closing.journal_pc is not None:
                ids.add(self.closing.journal_pc)
        return ids

    @property
    def closed(self) -> bool:
        """True once the close-of-session awards have been applied."""
        return self.closing is not None

    def with_changes(self, **changes: Any) -> Session:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "started_at": format_time(self.started_at),
            "stopped_at": None if self.stopped_at is None else format_time(self.stopped_at),
            "ap_awards": [award.to_dict() for award in self.ap_awards],
            "notes": self.notes,
            "closing": None if self.closing is None else self.closing.to_dict(),
            "advancement": [entry.to_dict() for entry in self.advancement],
            "points": [entry.to_dict() for entry in self.points],
        }

    @classmethod
    def from_dict(cls, data: object) -> Session:
        raw = need_mapping(data, "session")
        check_keys(raw, "session", {"number", "started_at", "stopped_at", "ap_awards", "notes",
                                    "closing", "advancement", "points"}, {"number", "started_at"})
        closing = raw.get("closing")
        stopped = raw.get("stopped_at")
        return cls(
            number=raw["number"],
            started_at=parse_time(raw["started_at"], "session start"),
            stopped_at=None if stopped is None else parse_time(stopped, "session stop"),
            ap_awards=tuple(ApAward.from_dict(a)
                            for a in need_list(raw.get("ap_awards", []), "AP awards")),
            notes=raw.get("notes", ""),
            closing=None if closing is None else SessionClose.from_dict(closing),
            advancement=tuple(AdvancementEntry.from_dict(a) for a in
                              need_list(raw.get("advancement", []), "advancement")),
            points=tuple(PointsEntry.from_dict(p) for p in
                         need_list(raw.get("points", []), "session points")),
        )
