"""Building one GM action: the documents it writes, collected before anything is saved."""

from __future__ import annotations

import copy
from typing import Any, Protocol

__all__ = ["Storable", "Transaction", "Write"]

# (table, document id, new document or None to delete)
Write = tuple[str, int, dict[str, Any] | None]


class Storable(Protocol):
    """A model object stored as its own document (PlayerCharacter, NpcTemplate, ...)."""

    TABLE: str

    @property
    def id(self) -> int: ...

    def to_dict(self) -> dict[str, Any]: ...


class Documents(Protocol):
    """Where a transaction reads what it has not written itself (the campaign store)."""

    def get(self, table: str, doc_id: int) -> dict[str, Any] | None: ...

    def new_id(self, table: str) -> int: ...


class Transaction:
    """The writes of one action, as yielded by :meth:`CampaignStore.action`.

    Reads through the transaction see its own pending writes. Nothing is saved (and nothing
    is logged) unless the ``with`` block ends normally.
    """

    def __init__(self, store: Documents) -> None:
        self._store = store
        self._writes: dict[tuple[str, int], dict[str, Any] | None] = {}

    @property
    def writes(self) -> list[Write]:
        return [(table, doc_id, doc) for (table, doc_id), doc in self._writes.items()]

    def put(self, table: str, doc_id: int, doc: dict[str, Any]) -> None:
        """Create or replace document ``doc_id`` of ``table``."""
        self._writes[(table, doc_id)] = copy.deepcopy(dict(doc))

    def delete(self, table: str, doc_id: int) -> None:
        self._writes[(table, doc_id)] = None

    def save(self, obj: Storable) -> None:
        """Create or replace a model object in its table: ``tx.save(pc.with_changes(...))``."""
        self.put(obj.TABLE, obj.id, obj.to_dict())

    def remove(self, obj: Storable) -> None:
        self.delete(obj.TABLE, obj.id)

    def get(self, table: str, doc_id: int) -> dict[str, Any] | None:
        if (table, doc_id) in self._writes:
            return copy.deepcopy(self._writes[(table, doc_id)])
        return self._store.get(table, doc_id)

    def new_id(self, table: str) -> int:
        """An unused id in ``table``, also unused by this transaction's pending writes."""
        pending = [doc_id for (name, doc_id) in self._writes if name == table]
        return max([self._store.new_id(table) - 1, *pending]) + 1
