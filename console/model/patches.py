"""Small structural diffs of JSON documents, for the action log.

A tracker action typically changes one number deep inside a big document (one combatant's
wounds in an encounter of twenty). Logging the whole field twice would make every log entry
kilobytes; a patch records only the path that changed:

- ``{"$fields": {key: patch, ...}}``: a dict whose other keys are unchanged;
- ``{"$items": {"<id>": patch, ...}}``: a list of documents with ``id`` keys, same ids in
  the same order, of which only these items changed;
- anything else: the whole new value.

``diff(before, after)`` returns the pair of patches that turn one into the other;
``apply_patch(value, patch)`` applies one. Documents in this console never hold a dict whose
only key is ``$fields`` or ``$items``, so patches cannot be mistaken for values.
"""

from __future__ import annotations

from typing import Any

from console.model.errors import ModelError

__all__ = ["FIELDS", "ITEMS", "apply_patch", "diff", "is_patch"]

FIELDS = "$fields"
ITEMS = "$items"


def is_patch(value: object) -> bool:
    """True if ``value`` is a ``$fields`` or ``$items`` patch rather than a whole value."""
    return isinstance(value, dict) and len(value) == 1 and (FIELDS in value or ITEMS in value)


def _item_ids(value: object) -> list[str] | None:
    if not isinstance(value, list) or not all(
        isinstance(item, dict) and "id" in item for item in value
    ):
        return None
    ids = [str(item["id"]) for item in value]
    return ids if len(set(ids)) == len(ids) else None


def diff(before: Any, after: Any) -> tuple[Any, Any]:
    """Patches ``(undo, redo)``: ``apply_patch(after, undo) == before`` and
    ``apply_patch(before, redo) == after``."""
    if (isinstance(before, dict) and isinstance(after, dict) and before.keys() == after.keys()
            and not is_patch(before) and not is_patch(after)):
        pairs = {key: diff(before[key], after[key]) for key in after if before[key] != after[key]}
        return ({FIELDS: {k: pair[0] for k, pair in pairs.items()}},
                {FIELDS: {k: pair[1] for k, pair in pairs.items()}})
    ids = _item_ids(before)
    if ids is not None and ids == _item_ids(after):
        pairs = {key: diff(old, new) for key, old, new in zip(ids, before, after, strict=True)
                 if old != new}
        return ({ITEMS: {k: pair[0] for k, pair in pairs.items()}},
                {ITEMS: {k: pair[1] for k, pair in pairs.items()}})
    return before, after


def apply_patch(value: Any, patch: Any) -> Any:
    """``value`` with ``patch`` applied (a new object; ``value`` is not changed)."""
    if not is_patch(patch):
        return patch
    if FIELDS in patch:
        if not isinstance(value, dict):
            raise ModelError("log patch: expected an object to patch")
        result = dict(value)
        for key, inner in patch[FIELDS].items():
            if key not in value:
                raise ModelError(f"log patch: field {key!r} is missing from the document")
            result[key] = apply_patch(value[key], inner)
        return result
    ids = _item_ids(value)
    if ids is None or not set(patch[ITEMS]) <= set(ids):
        raise ModelError("log patch: the list does not hold the items to patch")
    return [apply_patch(item, patch[ITEMS][key]) if key in patch[ITEMS] else item
            for key, item in zip(ids, value, strict=True)]
