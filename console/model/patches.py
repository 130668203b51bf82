"""Small structural diffs of JSON documents, for the action log.

A tracker action typically changes one number deep inside a big document (one combatant's
wounds in an encounter of twenty). Logging the whole field twice would make every log entry
kilobytes; a patch records only the path that changed:

- ``{"$fields": {key: patch, ...}}``: a dict whose other keys are unchanged; a key the
  dict gains takes its whole value, a key it loses is ``{"$unset": 1}`` (a document leaves
  out a field at its default: a combatant's wounds going from 0 to 4 are still that one
  number);
- ``{"$items": {"<id>": patch, ...}}``: a list of documents with ``id`` keys, same ids in
  the same order, of which only these items changed;
- ``{"$append": [...]}``: a list that grew at its end by these items, and ``{"$cut": n}``:
  a list cut back to its first n items (who has acted this round grows by one a turn: a
  round of a hundred combatants logged the whole list twice at every turn);
- anything else: the whole new value.

``diff(before, after)`` returns the pair of patches that turn one into the other;
``apply_patch(value, patch)`` applies one. Documents in this console never hold a dict whose
only key is one of these, so patches cannot be mistaken for values.
"""

from __future__ import annotations

from typing import Any

from console.model.errors import ModelError

__all__ = ["FIELDS", "ITEMS", "apply_fields", "apply_patch", "diff", "diff_fields", "is_patch"]

FIELDS = "$fields"
ITEMS = "$items"
APPEND = "$append"
CUT = "$cut"
UNSET = "$unset"
_KINDS = frozenset({FIELDS, ITEMS, APPEND, CUT, UNSET})
_GONE = {UNSET: 1}


def is_patch(value: object) -> bool:
    """True if ``value`` is a patch rather than a whole value."""
    return isinstance(value, dict) and len(value) == 1 and next(iter(value)) in _KINDS


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
    if (isinstance(before, dict) and isinstance(after, dict)
            and not is_patch(before) and not is_patch(after)):
        undo, redo = diff_fields(before, after)
        return {FIELDS: undo}, {FIELDS: redo}
    ids = _item_ids(before)
    if ids is not None and ids == _item_ids(after):
        pairs = {key: diff(old, new) for key, old, new in zip(ids, before, after, strict=True)
                 if old != new}
        return ({ITEMS: {k: pair[0] for k, pair in pairs.items()}},
                {ITEMS: {k: pair[1] for k, pair in pairs.items()}})
    if (isinstance(before, list) and isinstance(after, list) and before
            and len(after) > len(before) and after[:len(before)] == before):
        return {CUT: len(before)}, {APPEND: after[len(before):]}
    if (isinstance(before, list) and isinstance(after, list) and after
            and len(before) > len(after) and before[:len(after)] == after):
        return {APPEND: before[len(after):]}, {CUT: len(after)}
    return before, after


def diff_fields(before: dict[str, Any], after: dict[str, Any]
                ) -> tuple[dict[str, Any], dict[str, Any]]:
    """The fields that differ, as patches each way (a field only one side has is set or
    ``$unset``); see :func:`apply_fields`."""
    undo: dict[str, Any] = {}
    redo: dict[str, Any] = {}
    for key in before.keys() | after.keys():
        if key not in after:
            undo[key], redo[key] = before[key], _GONE
        elif key not in before:
            undo[key], redo[key] = _GONE, after[key]
        elif before[key] != after[key]:
            undo[key], redo[key] = diff(before[key], after[key])
    return undo, redo


def apply_fields(value: dict[str, Any], fields: dict[str, Any]) -> dict[str, Any]:
    """``value`` with each field's patch applied (a new dict)."""
    result = dict(value)
    for key, inner in fields.items():
        if isinstance(inner, dict) and inner == _GONE:
            result.pop(key, None)
        elif key not in value and is_patch(inner):
            raise ModelError(f"log patch: field {key!r} is missing from the document")
        else:
            result[key] = apply_patch(value.get(key), inner)
    return result


def apply_patch(value: Any, patch: Any) -> Any:
    """``value`` with ``patch`` applied (a new object; ``value`` is not changed)."""
    if not is_patch(patch):
        return patch
    if APPEND in patch or CUT in patch:
        if not isinstance(value, list):
            raise ModelError("log patch: expected a list to patch")
        if APPEND in patch:
            return [*value, *patch[APPEND]]
        if not isinstance(patch[CUT], int) or not 0 <= patch[CUT] <= len(value):
            raise ModelError("log patch: a list cut past its end")
        return value[:patch[CUT]]
    if FIELDS in patch:
        if not isinstance(value, dict):
            raise ModelError("log patch: expected an object to patch")
        return apply_fields(value, patch[FIELDS])
    if UNSET in patch:
        raise ModelError("log patch: a field to leave out, outside its document")
    ids = _item_ids(value)
    if ids is None or not set(patch[ITEMS]) <= set(ids):
        raise ModelError("log patch: the list does not hold the items to patch")
    return [apply_patch(item, patch[ITEMS][key]) if key in patch[ITEMS] else item
            for key, item in zip(ids, value, strict=True)]
