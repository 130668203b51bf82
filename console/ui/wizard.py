"""Wizards: a GM action of several dialogs written as one coroutine, each dialog's answer
awaited (``answer = await dialog(app, FormDialog(...))``).

The coroutine is driven from the key that starts it, not from a worker: up to its first
dialog it runs at once, inside the key's handler, so that dialog is on screen before the
next key is read. (A worker starts on a later turn of the event loop; keys typed quickly
after ``a`` went to the main screen meanwhile: in a real terminal "Thug" held Brice and
knocked out a Skrak before the form appeared.) Each later step runs when the dialog before
it is dismissed. A failure in any step is reported (``console.ui.safety``) and ends the
wizard; the campaign is as the steps before left it, each step's change being its own
undoable action.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Coroutine
from typing import Any, TypeVar

from textual.app import App
from textual.screen import Screen

from console.ui.safety import opno_of, report_failure

__all__ = ["dialog", "run_wizard"]

T = TypeVar("T")


class _Answer(asyncio.Future[Any]):
    """What a wizard awaits: a dialog's answer, set when it is dismissed."""


def dialog(app: App[Any], screen: Screen[T]) -> Awaitable[T]:
    """Show ``screen`` now; ``await`` gives what it is dismissed with."""
    answer = _Answer()

    def dismissed(result: T | None) -> None:
        if not answer.done():
            answer.set_result(result)

    app.push_screen(screen, dismissed)
    return answer


def run_wizard(app: App[Any], wizard: Coroutine[Any, Any, None]) -> None:
    """Run ``wizard`` up to its first dialog now, and on from each dialog's answer."""
    before = opno_of(app)

    def step(_answered: _Answer | None) -> None:
        try:
            awaited = wizard.send(None)  # the answer, if any, is read by the await itself
        except StopIteration:
            return
        except Exception as error:  # the net under every wizard
            report_failure(app, error, before)
            return
        if not isinstance(awaited, _Answer):
            wizard.close()
            report_failure(app, TypeError(f"a wizard awaited {awaited!r}, not a dialog"),
                           before)
            return
        awaited.add_done_callback(step)

    step(None)
