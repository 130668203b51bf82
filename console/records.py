"""``@record``: a frozen dataclass with slots, as ``@dataclass(frozen=True, slots=True)``
makes it, created faster.

Why: Python 3.11 and 3.12 compile every method a dataclass writes for a class from source,
as the class is created: six for a frozen one. The console has about 200 such classes, in
every layer; the 145 it loads before its first frame took 112 ms to create as dataclasses,
of every start (issue 26: start to first frame). Here the dataclass machinery only reads
the fields and makes the slots; it compiles nothing:

- ``__eq__``, ``__hash__`` and ``__repr__`` are closures over a getter of the fields the
  class compares, hashes or shows, made once for the class (a closure compiles nothing).
  The price: a comparison or a hash reads the fields by name, about 0.2 µs more for eight
  fields; the forecast's 10,000 fights take as long as before. A type hashed and compared
  by the hundred at every key (initiative's ``Entrant``) stays a dataclass.
- ``__setattr__`` and ``__delattr__`` (refusing any field, as a frozen dataclass's do) and
  ``__getstate__``/``__setstate__`` (for copy and pickle) are closures too.
- ``__init__`` is the dataclass's, written from the same source, but compiled at the first
  instance of the class, not at its creation: most records are not made before the first
  frame (145 records: 78 -> 20 ms to create). Its signature is known from the start.

They behave as the dataclass's do (``tests/test_records.py`` holds them to it): a record
equals only an instance of its very class whose compared fields are equal; its hash is
that of the tuple of its hashed fields; it shows as ``Name(field=value, ...)``, and as
"..." inside itself; it refuses a change to a field with ``FrozenInstanceError``, and
copies, pickles and ``dataclasses.replace``s. A method the class body defines is kept, as
a dataclass keeps it. The differences: ``__dataclass_params__.frozen`` is False, since
the dataclass machinery is not asked for its frozen methods (so a record is built on
records or plain classes only: on a frozen dataclass the machinery raises TypeError, a
class it takes for not frozen inheriting a frozen one); and a record refuses an
``InitVar`` and a keyword-only field, which its ``__init__`` does not write. This module
sits below every layer: it imports nothing of the console's.
"""

from __future__ import annotations

import dataclasses
import inspect
import reprlib
import sys
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


class _Factory:
    """The default the signature shows for a field made by a factory (as the dataclass's)."""

    def __repr__(self) -> str:
        return "<factory>"


_HAS_DEFAULT_FACTORY = _Factory()


def _init_source(cls: type, fields: tuple[dataclasses.Field[Any], ...]
                 ) -> tuple[str, dict[str, Any]]:
    """The source of a function making the class's ``__init__``, as dataclasses write it
    for a frozen class with slots, and the values it is called with."""
    self_name = _self_name(fields)
    names: dict[str, Any] = {"__dataclass_builtins_object__": object,
                             "_HAS_DEFAULT_FACTORY": _HAS_DEFAULT_FACTORY}
    params = [self_name]
    body = []
    for f in fields:
        default = f"_dflt_{f.name}"
        names[f"_type_{f.name}"] = f.type
        if f.default_factory is not dataclasses.MISSING:
            names[default] = f.default_factory
            value = (f"{default}() if {f.name} is _HAS_DEFAULT_FACTORY else {f.name}"
                     if f.init else f"{default}()")
        elif f.default is not dataclasses.MISSING:
            names[default] = f.default
            value = f.name if f.init else default
        elif f.init:
            value = f.name
        else:
            continue  # neither given nor defaulted: left unset, as the dataclass leaves it
        if f.init:
            given = ("=_HAS_DEFAULT_FACTORY" if f.default_factory is not dataclasses.MISSING
                     else "" if f.default is dataclasses.MISSING else f"={default}")
            params.append(f"{f.name}:_type_{f.name}{given}")
        body.append(f"__dataclass_builtins_object__.__setattr__({self_name},{f.name!r},{value})")
    if hasattr(cls, "__post_init__"):
        body.append(f"{self_name}.__post_init__()")
    lines = "\n".join(f"  {line}" for line in body or ["pass"])
    return (f"def __create_fn__({', '.join(names)}):\n"
            f" def __init__({', '.join(params)}) -> None:\n{lines}\n"
            " return __init__\n"), names


def _self_name(fields: tuple[dataclasses.Field[Any], ...]) -> str:
    return "__dataclass_self__" if any(f.name == "self" for f in fields) else "self"


def _lazy_init(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    """An ``__init__`` that compiles the class's own at its first call, puts it in its
    place and runs it; its signature is the one it stands for."""
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        source, names = _init_source(cls, fields)
        # Made in the class's module, as the dataclass's: its __globals__ are the module's.
        module = sys.modules.get(cls.__module__)
        made_here: dict[str, Any] = {}
        # dont_inherit: this module's "from __future__ import annotations" would make the
        # annotations the names they are read from ('_type_a'), not the field's types.
        code = compile(source, "<string>", "exec", dont_inherit=True)
        exec(code, vars(module) if module is not None else {}, made_here)
        made = made_here["__create_fn__"](**names)
        made.__qualname__ = f"{cls.__qualname__}.__init__"
        if cls.__dict__.get("__init__") is __init__:
            type.__setattr__(cls, "__init__", made)
        made(self, *args, **kwargs)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    __init__.__signature__ = _signature(fields)  # type: ignore[attr-defined]
    return __init__


def _signature(fields: tuple[dataclasses.Field[Any], ...]) -> inspect.Signature:
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    params = [inspect.Parameter(_self_name(fields), kind)]
    for f in fields:
        if not f.init:
            continue
        default: Any = inspect.Parameter.empty
        if f.default_factory is not dataclasses.MISSING:
            default = _HAS_DEFAULT_FACTORY
        elif f.default is not dataclasses.MISSING:
            default = f.default
        params.append(inspect.Parameter(f.name, kind, default=default, annotation=f.type))
    return inspect.Signature(params, return_annotation=None)


def _check_order(cls: Any, fields: tuple[dataclasses.Field[Any], ...]) -> None:
    """Refuse what the dataclass refuses as it writes ``__init__``, at the class's creation,
    and what a record's ``__init__`` does not write (an ``InitVar``, a keyword-only field):
    no record has one, and one would be dropped silently."""
    given = {f.name for f in fields}
    for name, pseudo in cls.__dataclass_fields__.items():
        if name not in given and (isinstance(pseudo.type, dataclasses.InitVar)
                                  or "InitVar" in str(pseudo.type)):
            raise TypeError(f"{cls.__name__}.{name}: a record takes no InitVar")
    seen_default = False
    for f in fields:
        if f.kw_only is True:
            raise TypeError(f"{cls.__name__}.{f.name}: a record takes no keyword-only field")
        if not f.init:
            continue
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")


def _frozen(cls: Any, names: frozenset[str]) -> tuple[Callable[..., None], Callable[..., None]]:
    """The frozen dataclass's ``__setattr__`` and ``__delattr__``."""
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__


def _state(names: tuple[str, ...]) -> tuple[Callable[[Any], list[Any]],
                                             Callable[[Any, list[Any]], None]]:
    """``__getstate__`` and ``__setstate__`` for copy and pickle, as the frozen dataclass
    with slots has them (its own ``__setattr__`` would refuse the default's)."""
    def __getstate__(self: Any) -> list[Any]:
        return [getattr(self, name) for name in names]

    def __setstate__(self: Any, state: list[Any]) -> None:
        for name, value in zip(names, state, strict=False):
            object.__setattr__(self, name, value)

    return __getstate__, __setstate__


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,
                                                            dataclasses.Field))
def record(cls: type[T]) -> type[T]:
    """The class as ``@dataclass(frozen=True, slots=True)`` would make it."""
    body = cls.__dict__
    for name in ("__setattr__", "__delattr__"):  # as a frozen dataclass refuses them
        if name in body:
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    # A class without a docstring is given one by the dataclass, from its signature; here
    # the signature is ours (the dataclass would read object's, at a cost).
    undocumented = not body.get("__doc__")
    if undocumented:
        cls.__doc__ = cls.__name__
    made: Any = dataclasses.dataclass(init=False, slots=True, eq=False, repr=False)(cls)
    fields = dataclasses.fields(made)
    _check_order(made, fields)
    names = tuple(f.name for f in fields)
    made.__init__ = _lazy_init(made, fields)
    if undocumented:
        signature = made.__init__.__signature__
        shown = signature.replace(parameters=list(signature.parameters.values())[1:])
        made.__doc__ = made.__name__ + str(shown).replace(" -> None", "")
    made.__setattr__, made.__delattr__ = _frozen(made, frozenset(names))
    if "__getstate__" not in body and "__setstate__" not in body:
        made.__getstate__, made.__setstate__ = _state(names)
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
