"""A package's names loaded on first use (PEP 562): each name imported from the module that
holds it when it is first read, then kept. ``console.store`` (the command line's dice
commands never load TinyDB) and ``console.rules.forecast`` (the console starts without the
simulation) use it. This module sits below every layer: it imports nothing of the
console's. A submodule must not be named as a name it gives: once imported, it would set
the package's attribute of that name to itself (tests/test_lazy_packages.py)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(package: str, names: Mapping[str, str],
               kept: dict[str, Any]) -> Callable[[str], Any]:
    """The package's ``__getattr__``: ``names`` maps each name to its module; ``kept`` is
    the package's ``globals()``, where a name read once stays."""
    def __getattr__(name: str) -> Any:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        kept[name] = value
        return value

    return __getattr__
