"""Imports point downward only: ui -> service -> store -> model -> rules (as harlequin
enforces its own).

Each check imports a layer in a fresh interpreter and looks at what got loaded, so an
indirect import through a helper module is caught too.
"""

import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

import console

LAYERS = {
    # layer: modules it must never load
    "console.rules": {"textual", "tinydb", "rich", "console.store", "console.ui",
                      "console.model", "console.cli"},
    "console.model": {"textual", "tinydb", "rich", "console.store", "console.ui"},
    "console.store": {"textual", "console.ui", "console.service"},
    # The campaign's commands run without a screen: tests and the command line use them.
    "console.service": {"textual", "rich", "console.ui", "console.cli"},
    # The dice commands must start fast: the console's Textual app loads only when opened.
    "console.cli": {"textual", "console.ui"},
}


def _submodules(package: str) -> list[str]:
    module = __import__(package, fromlist=["__path__"])
    found = [package]
    for info in pkgutil.walk_packages(module.__path__, prefix=f"{package}."):
        found.append(info.name)
    return found


def _loaded_after_importing(modules: list[str]) -> set[str]:
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "print('\\n'.join(sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    return set(done.stdout.split())


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_layer_does_not_load_what_sits_above_it(layer: str) -> None:
    try:
        modules = _submodules(layer)
    except ModuleNotFoundError:
        pytest.fail(f"{layer} is missing")
    loaded = _loaded_after_importing(modules)
    forbidden = {
        name for name in loaded
        for banned in LAYERS[layer]
        if name == banned or name.startswith(banned + ".")
    }
    assert not forbidden, f"{layer} loads {sorted(forbidden)}"


def test_only_the_store_imports_tinydb() -> None:
    root = Path(console.__file__).parent
    offenders = [
        str(path.relative_to(root))
        for path in root.rglob("*.py")
        if "store" not in path.relative_to(root).parts
        and re.search(r"^\s*(import|from)\s+tinydb\b", path.read_text("utf-8"), re.MULTILINE)
    ]
    assert offenders == []


def test_the_screens_reach_the_campaign_only_through_the_service() -> None:
    """No module of the UI imports the store: what it reads and changes, it asks the
    service for (the command line opens the store and hands the service to the app)."""
    root = Path(console.__file__).parent / "ui"
    offenders = [
        str(path.relative_to(root))
        for path in root.rglob("*.py")
        if re.search(r"^\s*(import|from)\s+console\.store\b", path.read_text("utf-8"),
                     re.MULTILINE)
    ]
    assert offenders == []


@pytest.mark.parametrize("argv", [["--help"], ["odds", "8M", "16"], ["roll", "8M"]])
def test_commands_that_need_no_campaign_load_neither_the_store_nor_textual(
        argv: list[str]) -> None:
    """`gm-console --help` and the dice commands start without TinyDB, the store or
    Textual (they cost about 200 ms to import)."""
    probe = (
        "import sys, contextlib, io\n"
        "from console.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        f"        main({argv!r})\n"
        "    except SystemExit:\n"
        "        pass\n"
        "loaded = [m for m in ('tinydb', 'textual', 'console.store.campaign_store',\n"
        "                      'console.service', 'console.ui') if m in sys.modules]\n"
        "print(','.join(loaded))\n"
    )
    found = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                           check=True, cwd=Path(__file__).resolve().parent.parent)
    assert found.stdout.strip() == ""
