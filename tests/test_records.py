"""``@record`` is ``@dataclass(frozen=True, slots=True)``, made faster to create: each class
below is made both ways from the same body, and the two must behave alike for any values,
so a Python whose dataclasses change what these methods do fails here."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from dataclasses import InitVar, dataclass, field
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


def _raised(make: Any, *args: Any, **kwargs: Any) -> tuple[type[BaseException], str] | None:
    try:
        make(*args, **kwargs)
    except TypeError as error:
        return type(error), str(error)
    return None


@pytest.mark.parametrize("call", [
    ((), {}), ((1,), {}), ((1, "x"), {}), ((), {"a": 1, "b": "x", "listed": (1,)}),
    ((1, "x", 2, 3, 4, (5,)), {}), ((1, "x", 2, 3, 4, (5,), 6), {}), ((1,), {"a": 1}),
    ((1, "x"), {"nope": 1}),
], ids=["none", "one missing", "two", "keywords", "all", "one too many", "twice",
        "unknown keyword"])
def test_init_takes_and_refuses_what_the_dataclass_s_does(
        call: tuple[tuple[Any, ...], dict[str, Any]]) -> None:
    # A fresh pair each time: the first call to a record's __init__ is the one that
    # compiles it, and it must behave as any other.
    for _ in range(2):
        plain, made = _both(BODY, FIELDS)
        args, kwargs = call
        assert _raised(made, *args, **kwargs) == _raised(plain, *args, **kwargs)
        if _raised(plain, *args, **kwargs) is None:
            assert repr(made(*args, **kwargs)) == repr(plain(*args, **kwargs))


def test_the_signature_is_known_before_the_first_instance() -> None:
    plain, made = _both(BODY, FIELDS)
    assert str(inspect.signature(made)) == str(inspect.signature(plain))
    assert made.__doc__ == plain.__doc__ == "Sample(a: 'int', b: 'str', hidden: 'int' = 0, " \
        "uncompared: 'int' = 0, unhashed: 'int' = 0, listed: 'tuple[int, ...]' = <factory>)"
    assert _both({"__doc__": "Its own."}, {"a": "int"})[1].__doc__ == "Its own."
    made(1, "x")
    assert str(inspect.signature(made)) == str(inspect.signature(plain))


def test_fields_outside_init_a_post_init_and_a_field_named_self() -> None:
    body = {"later": field(default=5, init=False), "made": field(default_factory=list,
                                                                 init=False),
            "unset": field(init=False),
            "__post_init__": lambda self: object.__setattr__(self, "unset", self.self * 2)}
    annotations = {"self": "int", "later": "int", "made": "list[int]", "unset": "int"}
    plain, made = _both(body, annotations)
    assert repr(made(3)) == repr(plain(3)) == "Sample(self=3, later=5, made=[], unset=6)"
    assert str(inspect.signature(made)) == str(inspect.signature(plain))


def test_frozen_against_setting_and_deleting_as_the_dataclass() -> None:
    for make in _both(BODY, FIELDS):
        made = make(1, "x")
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.a = 2
        with pytest.raises(dataclasses.FrozenInstanceError):
            del made.a
    # Any other name too (Python 3.11's own frozen dataclass with slots raises a
    # TypeError here instead: its __setattr__ names the class before slots replaced it).
    with pytest.raises(dataclasses.FrozenInstanceError):
        _both(BODY, FIELDS)[1](1, "x").other = 2
    made = _both(BODY, FIELDS)[1](1, "x", listed=(1,))
    assert pickle.loads(pickle.dumps(Kept(1))) == Kept(1)
    assert copy.copy(made) == made and copy.deepcopy(made) == made


def test_what_the_dataclass_refuses_as_the_class_is_made_is_refused_the_same() -> None:
    with pytest.raises(TypeError, match="non-default argument 'b' follows default"):
        _both({"a": 1}, {"a": "int", "b": "int"})
    with pytest.raises(TypeError, match="Cannot overwrite attribute __setattr__"):
        _both({"__setattr__": lambda self, name, value: None}, {"a": "int"})
    with pytest.raises(ValueError, match="mutable default"):
        _both({"a": []}, {"a": "list[int]"})


def test_a_plain_subclass_of_a_record_makes_the_record_s_init() -> None:
    Plain = type("Plain", (RECORD,), {"__module__": __name__})
    assert Plain(1, "x").a == 1 and RECORD(2, "y").a == 2


def test_an_initvar_or_a_keyword_only_field_is_refused_not_dropped() -> None:
    assert InitVar  # read by the dataclass machinery from this module, by name
    with pytest.raises(TypeError, match="no InitVar"):
        record(type("Sample", (), {"__annotations__": {"a": "int", "b": "InitVar[int]"},
                                   "__module__": __name__}))
    with pytest.raises(TypeError, match="no keyword-only field"):
        record(type("Sample", (), {"__annotations__": {"a": "int"},
                                   "a": field(kw_only=True), "__module__": __name__}))
