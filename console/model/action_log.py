"""The action log: what each GM action changed, enough to undo and redo it.

A change is a document image before and after, per touched document: generic, so every
later feature (tracker, roster, hazards, AP) is undoable without writing its own inverse.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

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
from console.model.fight_events import FightEvent, event_from_dict
from console.model.patches import apply_fields, diff_fields
from console.model.text import need_notes
from console.records import record

__all__ = ["Change", "LogEntry"]


def _opt_doc(value: object, what: str) -> dict[str, Any] | None:
    return None if value is None else dict(need_mapping(value, what))


@record
class Change:
    """One document's images: ``before is None`` = created, ``after is None`` = deleted.

    ``partial``: the images hold only the top-level fields that changed (a wound on a PC
    logs ``{"wounds": 3}`` -> ``{"wounds": 10}``, not the whole sheet twice), each as a
    patch (see console.model.patches: a combatant's wounds inside an encounter are logged as
    that one number), so the log stays small; undo/redo apply them on top of the current
    document. Use :meth:`between`.
    """

    table: str
    doc_id: int
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    partial: bool = False

    @classmethod
    def between(cls, table: str, doc_id: int, before: dict[str, Any] | None,
                after: dict[str, Any] | None) -> Change:
        """The change from ``before`` to ``after``: partial when both exist with the same
        fields (the usual edit), whole images otherwise."""
        if before is None or after is None:
            return cls(table, doc_id, before, after)
        undo, redo = diff_fields(before, after)
        return cls(table, doc_id, undo, redo, partial=True)

    def image(self, side: str, current: dict[str, Any] | None) -> dict[str, Any] | None:
        """The whole document on ``side`` ("before"/"after"), given the ``current`` one on
        the other side (needed for a partial change)."""
        fields = self.before if side == "before" else self.after
        if not self.partial:
            return fields
        if current is None or fields is None:
            raise ModelError(f"change to {self.table}/{self.doc_id}: document missing")
        try:
            return apply_fields(current, fields)
        except ModelError as error:
            raise ModelError(f"change to {self.table}/{self.doc_id}: {error}") from None

    def __post_init__(self) -> None:
        need_str(self.table, "change table")
        need_int(self.doc_id, "change document id", minimum=1)
        if self.before is None and self.after is None:
            raise ModelError(f"change to {self.table}/{self.doc_id}: neither before nor after")
        if self.partial and (self.before is None or self.after is None):
            raise ModelError(f"partial change to {self.table}/{self.doc_id} needs both sides")
        if not isinstance(self.partial, bool):
            raise ModelError("change partial: must be true or false")

    def to_dict(self) -> dict[str, Any]:
        data = {"table": self.table, "id": self.doc_id, "before": self.before,
                "after": self.after}
        if self.partial:
            data["partial"] = True
        return data

    @classmethod
    def from_dict(cls, data: object) -> Change:
        raw = need_mapping(data, "change")
        check_keys(raw, "change", {"table", "id", "before", "after", "partial"},
                   {"table", "id", "before", "after"})
        return cls(raw["table"], raw["id"], _opt_doc(raw["before"], "change before"),
                   _opt_doc(raw["after"], "change after"), raw.get("partial", False))


@record
class LogEntry:
    """One acknowledged GM action: its number in the session, name, description (for
    people), time, the documents it changed and the facts of the fight it made
    (``events``: console.model.fight_events, read by the session's recap)."""

    seq: int
    action: str
    description: str
    at: datetime
    changes: tuple[Change, ...]
    events: tuple[FightEvent, ...] = ()

    def __post_init__(self) -> None:
        need_int(self.seq, "log entry number", minimum=1)
        need_str(self.action, "log action")
        # Made from the notices, which name people and things (a close names every PC).
        need_notes(self.description, "log description")
        if not isinstance(self.at, datetime) or self.at.tzinfo is None:
            raise ModelError("log time: expected a time with a UTC offset")
        object.__setattr__(self, "changes", tuple(self.changes))
        object.__setattr__(self, "events", tuple(self.events))
        if not all(isinstance(event, FightEvent) for event in self.events):
            raise ModelError("log entry events: must be fight events")

    def to_dict(self) -> dict[str, Any]:
        data = {"seq": self.seq, "action": self.action, "description": self.description,
                "at": format_time(self.at), "changes": [c.to_dict() for c in self.changes]}
        if self.events:  # most entries outside a fight have none: nothing written
            data["events"] = [event.to_dict() for event in self.events]
        return data

    @classmethod
    def from_dict(cls, data: object) -> LogEntry:
        raw = need_mapping(data, "log entry")
        check_keys(raw, "log entry", {"seq", "action", "description", "at", "changes", "events"},
                   {"seq", "action", "description", "at", "changes"})
        return cls(raw["seq"], raw["action"], raw["description"], parse_time(raw["at"], "log time"),
                   tuple(Change.from_dict(c) for c in need_list(raw["changes"], "changes")),
                   tuple(event_from_dict(e) for e in need_list(raw.get("events", []),
                                                               "log entry events")))
