"""The undo log's state, kept in each session file's ``journal`` table.

``opno`` counts every committed operation in the campaign (action, undo, redo, session
start). Entries ``1..head`` of the session's log are applied, ``head+1..length`` are the redo
branch, and ``1..sealed`` live in sealed chunk files. Entries ``1..base`` record what the
session's start itself did (a fight carried into it): they are never undone, as the start
is not. ``last_op`` is the commit record of the
newest operation with the document images it writes: it goes to disk in the same atomic write
as the session file, *before* the other files are written, so opening a campaign can finish
an operation a crash interrupted (any file whose ``_meta.opno`` is older gets the images).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from console.model.errors import ModelError
from console.model.fields import check_keys, need_int, need_list, need_mapping, need_str

__all__ = ["DEFAULT_CHUNK_SIZE", "LastOp", "UndoState"]

# Entries in a log chunk. The newest, unsealed ones are in the session file, rewritten at
# every key with the running fight: ten keep that write small (a fight of a hundred
# combatants and ten entries is about 13 KB).
DEFAULT_CHUNK_SIZE = 10
OP_KINDS = ("apply", "undo", "redo", "start")


@dataclass(slots=True)
class LastOp:
    """The newest committed operation and the whole documents it writes into the files
    written after the session file (``doc`` None = delete)."""

    opno: int
    kind: str
    seq: int
    writes: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"opno": self.opno, "kind": self.kind, "seq": self.seq, "writes": self.writes}

    @classmethod
    def from_dict(cls, data: object) -> LastOp:
        raw = need_mapping(data, "last operation")
        check_keys(raw, "last operation", {"opno", "kind", "seq", "writes"},
                   {"opno", "kind", "seq", "writes"})
        kind = need_str(raw["kind"], "last operation kind")
        if kind not in OP_KINDS:
            raise ModelError(f"last operation kind {kind!r} is unknown")
        writes = []
        for item in need_list(raw["writes"], "last operation writes"):
            write = need_mapping(item, "last operation write")
            check_keys(write, "last operation write", {"table", "id", "doc"},
                       {"table", "id", "doc"})
            need_str(write["table"], "write table")
            need_int(write["id"], "write id", minimum=1)
            if write["doc"] is not None:
                need_mapping(write["doc"], "write document")
            writes.append(dict(write))
        return cls(need_int(raw["opno"], "opno", minimum=0), kind,
                   need_int(raw["seq"], "seq", minimum=0), writes)


@dataclass(slots=True)
class UndoState:
    """See the module docstring. Mutable: the store updates it in place per operation."""

    opno: int = 0
    head: int = 0
    length: int = 0
    sealed: int = 0
    chunk_size: int = DEFAULT_CHUNK_SIZE
    last_op: LastOp | None = None
    base: int = 0

    def __post_init__(self) -> None:
        need_int(self.opno, "journal opno", minimum=0)
        need_int(self.chunk_size, "journal chunk size", minimum=1)
        need_int(self.sealed, "journal sealed", minimum=0)
        need_int(self.length, "journal length", minimum=0)
        need_int(self.head, "journal head", minimum=0)
        if not self.head <= self.length:
            raise ModelError(f"journal head {self.head} is beyond its length {self.length}")
        if not 0 <= need_int(self.base, "journal base", minimum=0) <= self.head:
            raise ModelError(f"journal base {self.base} is beyond its head {self.head}")
        if self.sealed % self.chunk_size or self.sealed > self.length:
            raise ModelError(f"journal sealed count {self.sealed} is inconsistent")

    def to_dict(self) -> dict[str, Any]:
        data = {"opno": self.opno, "head": self.head, "length": self.length,
                "sealed": self.sealed, "chunk_size": self.chunk_size,
                "last_op": None if self.last_op is None else self.last_op.to_dict()}
        if self.base:
            data["base"] = self.base
        return data

    @classmethod
    def from_dict(cls, data: object) -> UndoState:
        raw = need_mapping(data, "journal")
        keys = {"opno", "head", "length", "sealed", "chunk_size", "last_op"}
        check_keys(raw, "journal", {*keys, "base"}, keys)
        last = raw["last_op"]
        return cls(raw["opno"], raw["head"], raw["length"], raw["sealed"], raw["chunk_size"],
                   None if last is None else LastOp.from_dict(last), raw.get("base", 0))
