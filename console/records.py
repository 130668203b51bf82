"""``@record``: a frozen dataclass with slots, as ``@dataclass(frozen=True, slots=True)``
makes it, created faster.

Why: Python 3.11 and 3.12 compile every method a dataclass writes for a class from source,
as the class is created: six for a frozen one. The console has about 200 such classes, in
every layer; the 140 it loads before its first frame took 112 ms to create, of every start
(issue 26: start to first frame), and take 82 ms as records. Three of the six need no code
of their own: here ``__eq__``, ``__hash__`` and ``__repr__`` are closures over a getter
of the fields the class compares, hashes or shows, made once for the class (a closure
compiles nothing). ``__init__``, ``__setattr__`` and ``__delattr__`` are still the
dataclass's own. The price: a comparison or a hash reads the fields by name, about 0.2 µs
more for eight fields; the forecast's 10,000 fights take as long as before. A type hashed
and compared by the hundred at every key (initiative's ``Entrant``) stays a dataclass.

They behave as the dataclass's do (``tests/test_records.py`` holds them to it): a record
equals only an instance of its very class whose compared fields are equal; its hash is
that of the tuple of its hashed fields; it shows as ``Name(field=value, ...)``, and as
"..." inside itself. A method the class body defines is kept, as a dataclass keeps it.
This module sits below every layer: it imports nothing of the console's.
"""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

__all__ = ["record"]

T = TypeVar("T")


def _getter(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The named fields of an instance, as a tuple (attrgetter's own is one for 2 or more)."""
    if len(names) >= 2:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda instance: (one(instance),)
    return lambda instance: ()


# Closures, not code: making one compiles nothing, and calling it looks nothing up. The
# __eq__ maker is compiled once, here, from "<string>" as a dataclass's __eq__ is: pytest
# explains a failed == field by field only for an __eq__ whose code file says so.
_EQ_SOURCE = """\
def _eq(compared):
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return compared(self) == compared(other)
        return NotImplemented
    return __eq__
"""
_made: dict[str, Any] = {}
exec(compile(_EQ_SOURCE, "<string>", "exec"), _made)
_eq: Callable[[Callable[[Any], tuple[Any, ...]]], Callable[[Any, object], Any]] = _made["_eq"]


def _hash(hashed: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(hashed(self))
    return __hash__


def _repr(shown: tuple[str, ...]) -> Callable[[Any], str]:
    @reprlib.recursive_repr()
    def __repr__(self: Any) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({fields})"
    return __repr__


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,
                                                            dataclasses.Field))
def record(cls: type[T]) -> type[T]:
    """The class as ``@dataclass(frozen=True, slots=True)`` would make it."""
    made: Any = dataclasses.dataclass(frozen=True, slots=True, eq=False, repr=False)(cls)
    fields = dataclasses.fields(made)
    body = cls.__dict__
    if "__eq__" not in body:
        made.__eq__ = _eq(_getter([f.name for f in fields if f.compare]))
    # As dataclasses decide: a body that defines __eq__ alone has __hash__ set to None by
    # Python, which is not a hash of its own.
    own_hash = body.get("__hash__", dataclasses.MISSING)
    if own_hash is dataclasses.MISSING or (own_hash is None and "__eq__" in body):
        made.__hash__ = _hash(_getter([f.name for f in fields
                                       if (f.compare if f.hash is None else f.hash)]))
    if "__repr__" not in body:
        made.__repr__ = _repr(tuple(f.name for f in fields if f.repr))
    return made
