"""No action ends the app: an unexpected error inside one becomes a message.

The GM's keys reach the campaign through four doors, and each is guarded: actions run by
bindings and the command palette (``GMConsoleApp.run_action``), the messages panes post to
their screen (:func:`failsafe` on the handler), what a dialog's answer sets off
(``GMConsoleApp.push_screen`` wraps the callback), and each step of a wizard
(``console.ui.wizard``). A refusal the rules foresaw
(:class:`ActionRefused`) is shown as it is. Anything else is a bug: its traceback goes to the
campaign's ``errors.log`` for a bug report, the GM reads one line saying the action failed,
and the screens are re-read from the campaign, which the store has kept as it was (a save
that fails part-way is rolled back before it returns).
"""

from __future__ import annotations

import functools
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from console.service import ActionRefused

if TYPE_CHECKING:
    from textual.app import App
    from textual.dom import DOMNode

__all__ = ["failsafe", "opno_of", "report_failure"]

P = ParamSpec("P")
R = TypeVar("R")


def report_failure(app: App[Any], error: BaseException, opno_before: int | None = None) -> None:
    """Tell the GM an action failed, keep its traceback, and show the campaign as it is."""
    if isinstance(error, ActionRefused):
        app.notify(str(error), severity="error")
        return
    service = getattr(app, "service", None)
    report = "".join(traceback.format_exception(error))
    where = service.log_error(report) if service is not None else None
    saved = (service is not None and opno_before is not None and service.opno != opno_before)
    first = ("that action was saved, but showing it failed" if saved
             else "that action failed and was not applied")
    detail = f"{type(error).__name__}: {error}"[:160]
    kept = f"; details in {where}" if where is not None else ""
    app.notify(f"{first} ({detail}){kept}", severity="error", timeout=15)
    for screen in app.screen_stack:
        refresh = getattr(screen, "refresh_view", None)
        if refresh is not None:
            try:
                refresh()
            except Exception as again:  # the report must not fail too
                if service is not None:
                    service.log_error("".join(traceback.format_exception(again)))


def opno_of(app: App[Any]) -> int | None:
    return getattr(getattr(app, "service", None), "opno", None)


def failsafe(method: Callable[P, R]) -> Callable[P, R | None]:
    """Wrap a message handler (or any method of a widget or screen) so that an error in it
    is reported instead of ending the app."""

    @functools.wraps(method)
    def run(*args: P.args, **kwargs: P.kwargs) -> R | None:
        node: DOMNode = args[0]  # type: ignore[assignment]
        before = opno_of(node.app)
        try:
            return method(*args, **kwargs)
        except Exception as error:  # the net under every action
            report_failure(node.app, error, before)
            return None

    return run

