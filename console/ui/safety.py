"""No action ends the app: an unexpected error behind any door becomes one line for the GM.

A campaign action starts from a key, a click, a message, a timer, a worker or a dialog's
answer, and each of these passes one guard (:func:`report_failure`, through
:func:`failsafe` or :func:`guard_call`):

- bindings and palette commands: :class:`GuardedApp` (the app's ``run_action``);
- every message and event handler (a click on a row, an enter in a field, a screen mounted,
  a pane focused): :class:`Guarded`, mixed into every widget, screen and app of the
  console, guards each handler its classes define (``on_...``; one declared with ``@on``
  uses this module's :func:`on`);
- timers and callbacks they set (``set_interval``, ``set_timer``, ``call_later``,
  ``call_after_refresh``, ``call_next``): guarded where they are set, by :class:`Guarded`;
- workers, and so every flow of dialogs (``console.ui.flow``) and what a dialog's answer
  sets off in it: :class:`Guarded` runs them with ``exit_on_error=False`` and reports one
  that failed from its ``Worker.StateChanged`` message.

Why on every handler and not once in the app: Textual hands an exception from a handler, a
timer or a worker to the app's private ``_handle_exception``, which always exits, and by
then the message loop of the widget that raised it has stopped (Textual 8.2,
``MessagePump._process_messages_loop``); no public hook sees the exception first, and
``Worker.StateChanged`` does not bubble to the app. So the guard goes on every handler by
class, never by hand; ``tests/ui/test_every_door.py`` checks that every class of the
console is guarded and drives each door with every service command raising.

A refusal the rules foresaw (:class:`ActionRefused`) is shown as it is, whatever the door.
Anything else is a bug: its traceback goes to the campaign's ``errors.log`` for a bug
report, the GM reads one line saying the action failed, and every screen is drawn again
from the campaign, which the store has kept as it was (a save that fails part-way is
rolled back before it returns).
"""

from __future__ import annotations

import functools
import inspect
import traceback
import weakref
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from rich.console import RenderableType
from rich.text import Text
from textual import on as textual_on
from textual.app import App
from textual.timer import Timer
from textual.worker import Worker, WorkerState

from console.service import ActionRefused
from console.ui.changes import spread

if TYPE_CHECKING:
    from textual.actions import ActionParseResult
    from textual.dom import DOMNode
    from textual.message import Message
    from textual.timer import TimerCallback
    from textual.worker import WorkType

    _Node = DOMNode
    _App = App[Any]
else:
    _Node = object
    _App = object

__all__ = ["Guarded", "GuardedApp", "drawn_safely", "failsafe", "guard_call", "on", "opno_of",
           "report_failure"]

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")
ResultType = TypeVar("ResultType")

_GUARDED = "__console_guarded__"  # set on every function the guard wraps

# The campaign's operation count when each worker started: a worker that fails after
# saving (a flow whose last step failed to show) is said as saved.
_STARTED_AT: weakref.WeakKeyDictionary[Worker[Any], int | None] = weakref.WeakKeyDictionary()


def report_failure(app: App[Any], error: BaseException, opno_before: int | None = None) -> None:
    """Tell the GM an action failed, keep its traceback, and show the campaign as it is."""
    service = getattr(app, "service", None)
    if isinstance(error, ActionRefused):
        app.notify(str(error), severity="error")
        if getattr(service, "saving_stopped", False):
            _refresh(app, service)  # the header says NOT SAVING from now on
        return
    report = "".join(traceback.format_exception(error))
    where = service.log_error(report) if service is not None else None
    saved = (service is not None and opno_before is not None and service.opno != opno_before)
    first = ("that action was saved, but showing it failed" if saved
             else "that action failed and was not applied")
    detail = f"{type(error).__name__}: {error}"[:160]
    kept = f"; details in {where}" if where is not None else ""
    app.notify(f"{first} ({detail}){kept}", severity="error", timeout=15)
    _refresh(app, service)


def drawn_safely(node: DOMNode, draw: Callable[[], RenderableType]) -> RenderableType:
    """``draw()`` for a widget's ``render``, which Textual calls as it paints, outside every
    handler (an error there would end the app): on an error the widget shows one line and
    the GM is told once, with the traceback in errors.log. Nothing is drawn again for it
    (the campaign is unchanged; the next change draws anew)."""
    try:
        return draw()
    except Exception as error:  # the net under a widget drawn from the campaign
        app = node.app
        service = getattr(app, "service", None)
        report = "".join(traceback.format_exception(error))
        where = service.log_error(report) if service is not None else None
        kept = f"; details in {where}" if where is not None else ""
        app.call_later(app.notify, f"this pane could not be drawn ({type(error).__name__}: "
                       f"{error}"[:160] + f"){kept}", severity="error", timeout=15)
        return Text("(this pane could not be drawn: see the message)", style="red")


def _refresh(app: App[Any], service: Any) -> None:
    """Every screen shows the campaign as it is."""
    try:
        spread(app, None)
    except Exception as again:  # the report must not fail too
        if service is not None:
            service.log_error("".join(traceback.format_exception(again)))


def opno_of(app: App[Any]) -> int | None:
    return getattr(getattr(app, "service", None), "opno", None)


def is_guarded(function: object) -> bool:
    return bool(getattr(function, _GUARDED, False))


async def _finish(app: App[Any], pending: Awaitable[R], before: int | None) -> R | None:
    try:
        return await pending
    except Exception as error:  # the net under the awaited part of an action
        report_failure(app, error, before)
        return None


def guard_call(app: App[Any], call: Callable[[], R]) -> R | None:
    """``call()`` with the guard: an error becomes a report. What it returns to be awaited
    (a coroutine) is awaited under the guard too."""
    before = opno_of(app)
    try:
        result = call()
    except Exception as error:  # the net under every action
        report_failure(app, error, before)
        return None
    if inspect.isawaitable(result):
        return _finish(app, result, before)  # type: ignore[return-value]
    return result


def failsafe(method: Callable[P, R]) -> Callable[P, R | None]:
    """A handler (any method of a widget, screen or app) that reports an error instead of
    ending the app."""
    if is_guarded(method):
        return method

    if inspect.iscoroutinefunction(method):
        @functools.wraps(method)
        async def run_async(*args: P.args, **kwargs: P.kwargs) -> Any:
            app = args[0].app  # type: ignore[attr-defined]
            return await _finish(app, method(*args, **kwargs), opno_of(app))

        setattr(run_async, _GUARDED, True)
        return run_async  # type: ignore[return-value]

    @functools.wraps(method)
    def run(*args: P.args, **kwargs: P.kwargs) -> R | None:
        node: DOMNode = args[0]  # type: ignore[assignment]
        return guard_call(node.app, functools.partial(method, *args, **kwargs))

    setattr(run, _GUARDED, True)
    return run


def on(message_type: type[Message], selector: str | None = None,
       **kwargs: str) -> Callable[[Callable[P, R]], Callable[P, R | None]]:
    """Textual's ``@on``, the handler guarded."""
    declare = textual_on(message_type, selector, **kwargs)

    def decorate(method: Callable[P, R]) -> Callable[P, R | None]:
        return declare(failsafe(method))

    return decorate


class Guarded(_Node):
    """Mixed (first) into every widget, screen and app of the console: each handler its
    classes define by name is guarded, and so are the timers, callbacks and workers it sets
    off. (For the type checker a DOMNode; at run time a plain mixin, so Textual's CSS type
    chain, which follows each class's first DOMNode base, is untouched.)"""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, value in list(vars(cls).items()):
            if name.startswith("on_") and inspect.isfunction(value) and not is_guarded(value):
                setattr(cls, name, failsafe(value))

    def _guarded(self, callback: Callable[..., Any], *,
                 repeating: bool = False) -> Callable[..., Any]:
        """``callback`` under the guard. A ``repeating`` one (an interval's) that keeps
        failing is reported once, not at every tick, until it works again."""
        failing = False

        @functools.wraps(callback)
        def run(*args: Any, **kwargs: Any) -> Any:
            nonlocal failing
            before = opno_of(self.app)
            try:
                result = callback(*args, **kwargs)
            except Exception as error:  # the net under every timer and callback
                if not failing:
                    report_failure(self.app, error, before)
                failing = repeating
                return None
            failing = False
            if inspect.isawaitable(result):
                return _finish(self.app, result, before)
            return result

        return run

    def set_timer(self, delay: float, callback: TimerCallback | None = None, *,
                  name: str | None = None, pause: bool = False) -> Timer:
        guarded = None if callback is None else self._guarded(callback)
        return super().set_timer(delay, guarded, name=name, pause=pause)

    def set_interval(self, interval: float, callback: TimerCallback | None = None, *,
                     name: str | None = None, repeat: int = 0, pause: bool = False) -> Timer:
        guarded = None if callback is None else self._guarded(callback, repeating=True)
        return super().set_interval(interval, guarded, name=name, repeat=repeat, pause=pause)

    def call_later(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
        return super().call_later(self._guarded(callback), *args, **kwargs)

    def call_after_refresh(self, callback: Callable[..., Any], *args: Any,
                           **kwargs: Any) -> bool:
        return super().call_after_refresh(self._guarded(callback), *args, **kwargs)

    def call_next(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        super().call_next(self._guarded(callback), *args, **kwargs)

    def run_worker(self, work: WorkType[ResultType], name: str | None = "",
                   group: str = "default", description: str = "", exit_on_error: bool = True,
                   start: bool = True, exclusive: bool = False,
                   thread: bool = False) -> Worker[ResultType]:
        # A worker that fails is reported (on_worker_state_changed), never the app's end.
        worker = super().run_worker(work, name, group, description, False, start, exclusive,
                                    thread)
        _STARTED_AT[worker] = opno_of(self.app)
        return worker

    @failsafe
    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state is WorkerState.ERROR and event.worker.error is not None:
            report_failure(self.app, event.worker.error, _STARTED_AT.get(event.worker))


class GuardedApp(Guarded, _App):
    """Mixed (first) into each of the console's apps: what a binding or a palette command
    runs is guarded too."""

    async def run_action(self, action: str | ActionParseResult,
                         default_namespace: DOMNode | None = None,
                         namespaces: Mapping[str, DOMNode] | None = None) -> bool:
        """Every binding and palette command comes through here: a failure is reported."""
        before = opno_of(self)
        try:
            return await super().run_action(action, default_namespace, namespaces)
        except Exception as error:  # the net under every key
            report_failure(self, error, before)
            return True
