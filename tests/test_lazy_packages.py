"""The packages that load their modules on first use (console.store, console.rules.forecast)
give each name they list as the module that holds it, whatever was imported before: a
submodule named as a name of the package, once imported, would shadow that name with
itself (``from console.rules.forecast import mix`` gave the module ``mix.py``)."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

import pytest


@pytest.mark.parametrize("package_name", ["console.store", "console.rules.forecast"])
def test_every_name_is_what_its_module_holds_after_every_submodule_is_loaded(
        package_name: str) -> None:
    package = importlib.import_module(package_name)
    for found in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{package_name}.{found.name}")
    lazy: dict[str, str] = package._LAZY
    assert set(package.__all__) <= set(lazy) | set(vars(package))
    for name, module in lazy.items():
        given = getattr(package, name)
        assert not isinstance(given, ModuleType), f"{package_name}.{name} is a module"
        assert given is getattr(importlib.import_module(module), name)
