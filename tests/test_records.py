"""``@record`` is ``@dataclass(frozen=True, slots=True)``, made faster to create: each class
below is made both ways from the same body, and the two must behave alike for any values,
so a Python whose dataclasses change what these methods do fails here."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.records import record

values = st.one_of(st.integers(), st.text(max_size=5), st.none(), st.booleans(),
                   st.tuples(st.integers(), st.text(max_size=3)))


def _both(body: dict[str, Any], annotations: dict[str, str]) -> tuple[Any, Any]:
    """The same class body made by ``dataclass(frozen=True, slots=True)`` and by ``record``."""
    made = []
    for decorate in (dataclass(frozen=True, slots=True), record):
        namespace = {"__annotations__": dict(annotations), "__module__": __name__,
                     "__qualname__": "Sample", **body}
        made.append(decorate(type("Sample", (), namespace)))
    return made[0], made[1]


FIELDS = {"a": "int", "b": "str", "hidden": "int", "uncompared": "int", "unhashed": "int",
          "listed": "tuple[int, ...]"}
BODY = {"hidden": field(default=0, repr=False),
        "uncompared": field(default=0, compare=False),
        "unhashed": field(default=0, hash=False),
        "listed": field(default_factory=tuple)}
PLAIN, RECORD = _both(BODY, FIELDS)
sample = st.fixed_dictionaries({"a": values, "b": values, "hidden": values,
                                "uncompared": values, "unhashed": values,
                                "listed": st.tuples(st.integers())})


@record
class Kept:
    a: int
    b: tuple[int, ...] = ()


def _hashable(made: Any) -> bool:
    try:
        hash(made)
    except TypeError:
        return False
    return True


@given(sample, sample)
def test_equality_hash_and_repr_are_the_dataclass_s(one: dict[str, Any],
                                                    two: dict[str, Any]) -> None:
    plain = PLAIN(**one), PLAIN(**two)
    made = RECORD(**one), RECORD(**two)
    assert (made[0] == made[1]) == (plain[0] == plain[1])
    assert (made[0] != made[1]) == (plain[0] != plain[1])
    assert repr(made[0]) == repr(plain[0])
    if _hashable(plain[0]):
        assert hash(made[0]) == hash(plain[0])
    else:
        assert not _hashable(made[0])


def test_a_record_equals_only_its_own_class() -> None:
    Child = record(type("Child", (RECORD,), {"__module__": __name__}))
    assert RECORD(1, "x") != Child(1, "x")
    assert RECORD(1, "x").__eq__(object()) is NotImplemented
    assert RECORD(1, "x") != (1, "x")


def test_it_is_frozen_with_slots_and_copies_pickles_and_replaces() -> None:
    made = RECORD(1, "x", listed=(1, 2))
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.a = 2  # type: ignore[misc]
    assert not hasattr(made, "__dict__")
    assert copy.deepcopy(made) == made
    kept = Kept(1, (2, 3))
    assert pickle.loads(pickle.dumps(kept)) == kept
    assert dataclasses.replace(made, a=2) == RECORD(2, "x", listed=(1, 2))
    assert RECORD.__match_args__ == PLAIN.__match_args__
    assert [f.name for f in dataclasses.fields(RECORD)] == list(FIELDS)


def test_a_record_inside_itself_shows_as_dots() -> None:
    holder: list[Any] = []
    made = RECORD(1, "x", listed=(holder,))  # type: ignore[arg-type]
    holder.append(made)
    plain = PLAIN(1, "x", listed=([],))  # type: ignore[arg-type]
    plain.listed[0].append(plain)
    assert repr(made) == repr(plain) == "Sample(a=1, b='x', uncompared=0, unhashed=0, " \
        "listed=([...],))"


def _own(name: str) -> Any:
    def method(self: Any, *args: Any) -> Any:
        return {"__eq__": True, "__hash__": 7, "__repr__": "own"}[name]
    return method


@pytest.mark.parametrize("body", [
    {"__eq__": _own("__eq__")},
    {"__hash__": _own("__hash__")},
    {"__repr__": _own("__repr__")},
    {"__hash__": None},
    {"__eq__": _own("__eq__"), "__hash__": None},
], ids=["own eq", "own hash", "own repr", "hash None", "own eq, hash None"])
def test_a_method_of_the_class_s_own_is_kept_as_the_dataclass_keeps_it(
        body: dict[str, Any]) -> None:
    plain, made = _both(body, {"a": "int"})
    assert (made(1) == made(2)) == (plain(1) == plain(2))
    assert repr(made(1)) == repr(plain(1))
    assert _hashable(made(1)) == _hashable(plain(1))
    if _hashable(plain(1)):
        assert hash(made(1)) == hash(plain(1))


def test_pytest_shows_the_fields_that_differ() -> None:
    # pytest explains a failed == between dataclasses field by field, for an __eq__ it
    # takes for a dataclass's own: so it must for records.
    with pytest.raises(AssertionError) as failed:
        assert RECORD(1, "x") == RECORD(1, "y")
    assert "Drill down into differing attribute b" in str(failed.value)


def test_no_field_at_all() -> None:
    plain, made = _both({}, {})
    assert made() == made() and repr(made()) == repr(plain()) and hash(made()) == hash(plain())
