"""Textual's private parts the console uses, all in ``console.ui.textual_private``: each
still does what the console relies on in the installed Textual, and no other module
reaches for Textual's private names. A Textual release that changes one fails here, with
a message naming it, instead of at the table."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import tomllib
from importlib.metadata import version
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from rich.console import Console
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.app import ComposeResult
from textual.color import Color
from textual.message_pump import MessagePump
from textual.screen import ModalScreen, Screen
from textual.strip import Strip
from textual.widgets import Label

import console.ui
from console.ui.dialogs.dialog import Dialog
from console.ui.textual_private import (
    PASTED_ESCAPE,
    StillBackgroundApp,
    WholePasteParser,
    keep_pastes_whole,
    remove_closed,
    tinted_lines,
    tinted_still,
    without_toasts,
)

ROOT = Path(__file__).resolve().parents[2]
PRIVATE_MODULE = "console.ui.textual_private"
CHANGED = ("the installed Textual ({}) changed a private part the console uses: see "
           "console/ui/textual_private.py, which says what it is for")


def changed() -> str:
    return CHANGED.format(version("textual"))


class Under(ModalScreen[None]):
    """Translucent, as Textual draws a modal screen: the screen under it shows through."""

    DEFAULT_CSS = "Under { background: $background 50%; }"


class StillApp(StillBackgroundApp[None]):
    def compose(self) -> ComposeResult:
        yield Label("the screen under the dialog")


async def test_the_app_still_decides_which_screens_show_under_the_top_one() -> None:
    """``App._background_screens``: Textual repaints the top screen whenever a screen it
    lists refreshes. Under a dialog (which draws its own still picture) it lists none;
    under a translucent modal screen, Textual's own answer stands."""
    app = StillApp()
    async with app.run_test(size=(40, 8)) as pilot:
        under = app.screen
        await app.push_screen(Under())
        await pilot.pause()
        assert under.is_current, changed()  # Textual's answer: it shows through
        app.pop_screen()
        await app.push_screen(Dialog())
        await pilot.pause()
        assert not under.is_current, changed()  # ours: nothing shows through a dialog


async def test_textual_still_draws_the_screen_under_a_dialog_as_a_picture() -> None:
    """``BackgroundScreen``: the still picture a dialog draws under itself."""
    app = StillApp()
    async with app.run_test(size=(40, 8)) as pilot:
        await pilot.pause()
        still = tinted_still(app.screen, Color(0, 0, 0, 0.5))
        assert still is not None, changed()
        console = Console(width=40, height=8, record=True, color_system="truecolor")
        lines = console.render_lines(still, console.options.update(width=40, height=8))
        assert "the screen under the dialog" in "".join(
            segment.text for segment in lines[0]), changed()


async def test_a_covered_screens_toasts_are_put_away_for_its_picture() -> None:
    """The toasts' rack (``#textual-toastrack``), which Textual leaves as it was on a covered
    screen, hidden and laid away (``_screen_resized``) before the picture is taken."""

    def picture(screen: Any) -> str:
        still = tinted_still(screen, Color(0, 0, 0, 0.5))
        console = Console(width=60, height=12, color_system="truecolor")
        lines = console.render_lines(still, console.options.update(width=60, height=12))
        return "\n".join("".join(segment.text for segment in line) for line in lines)

    app = StillApp()
    async with app.run_test(size=(60, 12), notifications=True) as pilot:
        under = app.screen
        app.notify("a toast under the dialog", timeout=5)
        await pilot.pause(0.1)
        await app.push_screen(Screen())  # covers it (a Dialog would put them away itself)
        await pilot.pause()
        assert "a toast under" in picture(under), changed()  # left there by Textual
        without_toasts(under)
        assert "a toast under" not in picture(under), changed()


def test_textual_tints_a_few_lines_as_it_tints_the_screen() -> None:
    """``BackgroundScreen.process_segments``: a clock under a dialog, copied into its
    picture, tinted as the rest of the picture."""
    line = Strip([Segment("turn 0:42", RichStyle.parse("#ffffff on #ff0000"))])
    lines = tinted_lines([line], Color(0, 0, 0, 0.5))
    assert lines is not None, changed()
    assert lines[0].text == "turn 0:42" and lines[0].cell_length == 9, changed()
    style = next(iter(lines[0])).style
    assert style is not None and style.bgcolor is not None, changed()
    # red, half under black
    assert style.bgcolor.get_truecolor() in {(127, 0, 0), (128, 0, 0)}, changed()


def _private_names_of_textual_classes(module: Any) -> set[str]:
    """The private names of the Textual classes a module's widgets, screens and apps are
    built on."""
    names: set[str] = set()
    for value in vars(module).values():
        if (inspect.isclass(value) and value.__module__ == module.__name__
                and issubclass(value, MessagePump)):
            for base in value.__mro__:
                if base.__module__.split(".")[0] == "textual":
                    names |= {name for name in vars(base)
                              if name.startswith("_") and not name.startswith("__")}
    return names


def _used_names(tree: ast.AST) -> set[str]:
    """Attributes read or written (``x._name``) and methods defined (``def _name``)."""
    used = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    used |= {node.name for node in ast.walk(tree)
             if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}
    return {name for name in used if name.startswith("_") and not name.startswith("__")}


def _private_imports(tree: ast.AST) -> set[str]:
    modules = {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    modules |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    return {name for name in modules if name.split(".")[0] == "textual"
            and (any(part.startswith("_") for part in name.split("."))
                 or name == "textual.renderables.background_screen")}


def test_no_other_module_uses_textuals_private_names() -> None:
    found: dict[str, set[str]] = {}
    for info in pkgutil.walk_packages(console.ui.__path__, "console.ui."):
        if info.name == PRIVATE_MODULE:
            continue
        module = importlib.import_module(info.name)
        tree = ast.parse(Path(inspect.getfile(module)).read_text())
        used = (_used_names(tree) & _private_names_of_textual_classes(module)
                | _private_imports(tree))
        if used:
            found[info.name] = used
    assert found == {}, f"Textual's private names outside {PRIVATE_MODULE}: {found}"


def test_the_installed_textual_is_one_the_suite_runs_on() -> None:
    """``pyproject.toml`` pins Textual, rich and the web extra (aiohttp, segno) to the
    releases the suite has passed on; an environment outside them is not the one tested."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = [Requirement(text) for text in
              [*project["dependencies"], *project["optional-dependencies"]["web"]]]
    for requirement in wanted:
        if requirement.name in ("textual", "rich", "aiohttp", "segno"):
            assert not requirement.specifier.contains("0.1"), f"{requirement}: no lower bound"
            assert not requirement.specifier.contains("999"), f"{requirement}: no upper bound"
            installed = version(requirement.name)
            assert requirement.specifier.contains(installed), (
                f"{requirement.name} {installed} is outside the range the suite has run on "
                f"({requirement}); run the suite on it, then widen the pin")


class EdgeApp(StillBackgroundApp[None]):
    """A screen whose right edge says where it is: laid out at the terminal's width."""

    CSS = "#edge { dock: right; width: 4; }"

    def compose(self) -> ComposeResult:
        yield Label("EDGE", id="edge")


async def test_a_dialog_lays_the_screen_under_it_out_at_a_new_size() -> None:
    """``Screen._screen_resized``: the app counts no screen under a dialog as visible, so
    Textual leaves it at the old size; the dialog lays it out itself (``lay_out_at``), and
    its picture of it follows the terminal."""
    app = EdgeApp()
    async with app.run_test(size=(40, 6)) as pilot:
        await app.push_screen(Dialog())
        await pilot.pause()
        await pilot.resize_terminal(60, 8)
        await pilot.pause()
        under = app.screen_stack[0]
        assert under.query_one("#edge").region.right == 60, changed()
        still = tinted_still(under, Color(0, 0, 0, 0.5))
        assert still is not None
        console = Console(width=60, height=8, color_system="truecolor")
        lines = console.render_lines(still, console.options.update(width=60, height=8))
        assert "".join(segment.text for segment in lines[0]).endswith("EDGE"), changed()


async def test_a_closed_dialog_goes_without_laying_the_screen_under_it_out_again() -> None:
    """``App._prune`` with no parent: a closed dialog is removed whole, and nothing asks the
    app for a layout of the screen back on top, which Textual's public removal does (of
    the removed screen's parent, the app) once the removal is done."""

    async def layouts_asked_closing(dialog: Dialog) -> int:
        app = StillApp()
        async with app.run_test(size=(40, 8)) as pilot:
            under = app.screen
            await app.push_screen(dialog)
            await pilot.pause()
            asked = []
            original = app.refresh

            def counted(*args: Any, **kwargs: Any) -> Any:
                if kwargs.get("layout"):
                    asked.append(kwargs)
                return original(*args, **kwargs)

            app.refresh = counted  # type: ignore[method-assign]
            dialog.dismiss()
            await pilot.pause()
            await pilot.pause()
            assert app.screen is under and not dialog.is_attached, changed()
            assert dialog not in app.query("*").nodes and under.is_current, changed()
            return len(asked)

    class PublicRemoval(Dialog):
        def remove(self) -> Any:
            return Screen.remove(self)

    assert await layouts_asked_closing(PublicRemoval()) >= 1, (
        "Textual no longer asks for a layout once a dialog is removed: remove_closed in "
        "console/ui/textual_private.py has no use left")
    assert await layouts_asked_closing(Dialog()) == 0, changed()
    app = StillApp()
    async with app.run_test(size=(40, 8)) as pilot:
        dialog = Dialog()
        await app.push_screen(dialog)
        app.pop_screen()
        await pilot.pause()
        assert remove_closed(dialog) is not None, changed()


def _parsed(parser: Any, *chunks: str) -> list[tuple[str, str]]:
    found = []
    for chunk in filter(None, chunks):  # an empty read is the end of the input
        for event in parser.feed(chunk):
            found.append((type(event).__name__, getattr(event, "key", None)
                          or getattr(event, "text", "")))
    return found


def _typed(parser: Any, keys: list[str]) -> list[tuple[str, str]]:
    """``keys`` typed one by one, each after the parser's wait for the rest of a sequence
    (Textual reads a lone escape as the escape key once it is over)."""
    import time

    from textual import constants

    found = []
    for key in keys:
        found += _parsed(parser, key)
        time.sleep(constants.ESCAPE_DELAY + 0.02)
        found += [(type(e).__name__, getattr(e, "key", None) or getattr(e, "text", ""))
                  for e in parser.tick()]
    return found


def test_textual_still_reads_an_escape_inside_a_paste_as_keys() -> None:
    """What keep_pastes_whole is for: if Textual's own parser keeps a paste whole one day,
    this fails, and the console's parser can go."""
    from textual._xterm_parser import XTermParser

    assert _parsed(XTermParser(), "\x1b[200~AB\x1b\rCD\x1b[201~") == [
        ("Key", "circumflex_accent"), ("Key", "enter"), ("Key", "C"), ("Key", "D"),
        ("Paste", "AB")], changed()


def test_a_paste_stays_one_paste_whatever_it_holds_and_wherever_the_reads_split_it() -> None:
    from textual._xterm_parser import XTermParser

    start = "\x1b[200~"
    body = "AB\x1b\rCD\x1b\x1bE\x1b[31mred\x1b[0m\x1b"
    paste = f"{start}{body}\x1b[201~"
    whole = [("Paste", body.replace("\x1b", PASTED_ESCAPE))]
    # Every way the terminal's reads may cut it in three (a read holding only part of the
    # end marker had told Textual's parser the input was over: the next read ended the
    # console), the start marker whole in the first read.
    for first in range(len(start), len(paste) + 1):
        for second in range(first, len(paste) + 1):
            parser = WholePasteParser()
            pieces = (paste[:first], paste[first:second], paste[second:])
            assert _parsed(parser, *pieces) == whole, (first, second)
            assert not parser.is_eof
            # and after it, keys are keys: an escape sequence, a letter
            assert _parsed(parser, "\x1b[A", "q") == [("Key", "up"), ("Key", "q")]
    # A start marker cut between reads is parsed as Textual parses it, never worse; keys
    # typed one by one that spell it start no paste (escape, "[", "2" ... then the arrows
    # and the mouse had read as ctrl+z, the console's undo).
    for cut in range(1, len(start)):
        pieces = (paste[:cut], paste[cut:])
        assert _parsed(WholePasteParser(), *pieces) == _parsed(XTermParser(), *pieces), cut
    typed = ["\x1b", "[", "2", "0", "0", "~", "\x1b[A", "\x1b[<35;10;5M", "q"]
    ours = _typed(WholePasteParser(), typed)
    assert ours == _typed(XTermParser(), typed)
    assert ours[-3:] == [("Key", "up"), ("MouseMove", ""), ("Key", "q")]
    # Outside a paste nothing changes: escape then a key, as Textual reads it.
    assert _parsed(WholePasteParser(), "a\x1b[Bb") == _parsed(XTermParser(), "a\x1b[Bb")


def test_the_linux_driver_makes_the_parser_by_that_name() -> None:
    from textual.drivers import linux_driver

    assert keep_pastes_whole(), changed()
    assert linux_driver.XTermParser is WholePasteParser  # type: ignore[attr-defined]
    source = inspect.getsource(linux_driver.LinuxDriver.run_input_thread)
    assert "XTermParser(" in source, changed()
