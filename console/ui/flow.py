"""What every feature's flows share: the screen they run on, the campaign service, and
the ways a GM action ends (saved and shown, refused, or a dialog cancelled).

A flow is a method of a feature's ``*Flows`` class, called by a pane's or a screen's key.
A one-key command runs at once, in the key's action (:meth:`Flows.command`). A sequence of
dialogs is a coroutine run as a Textual worker of the screen the flows serve
(:meth:`Flows.run`: one at a time, in the group ``flow``), awaiting each dialog's answer
with ``App.push_screen_wait`` (:meth:`Flows.ask`, :meth:`Flows.form`,
:meth:`Flows.checked`). The keys typed from the key that starts it until its dialog is
ready wait for that dialog (``console.ui.key_gate``).

A form that asks the campaign before it closes (a plan, a prepared command) dismisses with
what it checked (``Filled``): the flow uses it, never works it out again, and saves. No
dialog saves. A failure anywhere in a flow, a refusal included, ends its worker in error,
and the screen's guard says it (``console.ui.safety``): a refusal as its message, anything
else as a bug, the campaign as the steps before left it (each step that saves is its own
undoable action).
"""

from __future__ import annotations

import contextvars
import weakref
from collections.abc import Callable, Coroutine
from typing import Any, Protocol, TypeVar, runtime_checkable

from textual.app import App
from textual.screen import Screen

from console.model import Combatant, PlayerCharacter
from console.model.outcome import Outcome
from console.service import ActionRefused, CampaignService
from console.ui.alerts import show_outcome
from console.ui.changes import spread
from console.ui.dialogs.dialog import Dialog
from console.ui.dialogs.form_dialog import Field, Filled, FormDialog
from console.ui.key_gate import GatedApp, Hold, typed
from console.ui.paint_hold import PaintHold

__all__ = ["FLOW_GROUP", "Flows", "Notebook"]

T = TypeVar("T")
C = TypeVar("C")

FLOW_GROUP = "flow"  # the workers of flows: one at a time on a screen

# The hold on the keys of the flow running in this worker (each worker its own context),
# and on the painting of the screens from a dialog's answer to what the flow does with it.
_HOLD: contextvars.ContextVar[Hold | None] = contextvars.ContextVar("flow_hold", default=None)
_PAINT: contextvars.ContextVar[PaintHold | None] = contextvars.ContextVar("flow_paint",
                                                                         default=None)
# The hold of the flow running (or about to) on each screen.
_RUNNING: weakref.WeakKeyDictionary[Screen[Any], Hold] = weakref.WeakKeyDictionary()


@runtime_checkable
class Notebook(Protocol):
    """A host whose log keeps lines that are no saved action (the main screen)."""

    def note(self, lines: tuple[str, ...]) -> None: ...


class Flows:
    """Base of each feature's flows, on the screen ``host``."""

    def __init__(self, host: Screen[Any], service: CampaignService) -> None:
        self.host = host
        self.service = service

    @property
    def app(self) -> App[Any]:
        return self.host.app

    # ----- how an action ends -------------------------------------------------------------

    def show(self, outcome: Outcome, *, confirm: bool = False, undoable: bool = False) -> None:
        """A command's outcome on screen: every screen told what it changed, its alerts
        shown; ``confirm``: its notices too, ``undoable``: with the way back (a far-reaching
        key done at once)."""
        spread(self.app, outcome)
        show_outcome(self.app, outcome, confirm=confirm or undoable, undoable=undoable)
        paint = _PAINT.get()
        if paint is not None:  # the screen under the dialog just answered: drawn, changed
            paint.release_soon()

    def cut_short(self, outcome: Outcome) -> None:
        """An outcome that ends the flow before the step the GM may have typed ahead for
        (a miss: no damage step): shown, and the keys kept for that step are not sent on
        to the screen under it (a damage's "12 enter" there focuses panes, and enter on
        the tracker moves the turn); they are said, as a form says the keys typed before
        its mistake."""
        hold = _HOLD.get()
        kept = hold.set_aside() if hold is not None else []
        self.show(outcome)
        if kept:
            self.app.notify(f"(typed before this was said, not used: {typed(kept)})",
                            severity="warning")

    def note(self, outcome: Outcome) -> None:
        """What a command worked out without saving (an explosion's damage), in the log:
        in view while the GM applies it, where a toast would be gone."""
        if isinstance(self.host, Notebook) and outcome.notices:
            self.host.note(outcome.notices)

    def decline(self, message: str) -> None:
        """The key finds nothing to act on (no checks owed, no condition to remove)."""
        self.app.notify(message, severity="warning")

    def command(self, run: Callable[[], Outcome], *, confirm: bool = False,
                undoable: bool = False) -> None:
        """A one-key command: carried out and shown (a refusal goes to the guard, which
        says it)."""
        self.show(run(), confirm=confirm, undoable=undoable)

    # ----- flows of dialogs ---------------------------------------------------------------

    def run(self, steps: Coroutine[Any, Any, None], *, writes: bool = True,
            fight: bool = False) -> None:
        """Run a flow of dialogs as a worker of the host screen; the keys typed from now
        until its first dialog is ready are kept for it. A flow that ``writes`` is refused
        at its key in a read-only console, and one that changes a ``fight`` in a closed
        session, before its first dialog: its form was filled in and then refused at the
        save."""
        try:
            if writes and self.service.read_only:
                raise ActionRefused(f"campaign {self.service.name!r} is open read-only: the "
                                    "console that writes it makes this change")
            if fight:
                self.service.tracker.check_fight_open()
        except BaseException:
            steps.close()  # never begun
            raise
        app = self.app
        hold = Hold(app.key_gate) if isinstance(app, GatedApp) else None
        # The flow this one replaces (one at a time on a screen: Textual cancels its worker)
        # lets go of the keys now: cancelled before it ever ran, its worker would not, and
        # every key after it was held for a dialog that never came.
        replaced = _RUNNING.pop(self.host, None)
        if replaced is not None:
            replaced.end()
        if hold is not None:
            _RUNNING[self.host] = hold

        paint = PaintHold(app)

        async def flow() -> None:
            _HOLD.set(hold)
            _PAINT.set(paint)
            try:
                await steps
            finally:
                paint.release_soon()
                if hold is not None:
                    hold.end()
                    if _RUNNING.get(self.host) is hold:
                        del _RUNNING[self.host]

        self.host.run_worker(flow(), group=FLOW_GROUP, exclusive=True)

    async def ask(self, dialog: Dialog[T]) -> T | None:
        """Show ``dialog``: what it is dismissed with (None: cancelled). Only in a flow."""
        dialog.hold = _HOLD.get()
        paint = dialog.paint_hold = _PAINT.get()
        if paint is not None:  # drawn once pushed: the screen under it is not drawn between
            paint.release_soon()
        answer: T | None = await self.app.push_screen_wait(dialog)
        return answer

    async def form(self, title: str, fields: list[Field], hint: str = "",
                   ) -> dict[str, Any] | None:
        """A form's values by field name (None: cancelled)."""
        filled = await self.ask(FormDialog[None](title, fields, hint))
        return None if filled is None else filled.values

    async def checked(self, title: str, fields: list[Field], check: Callable[[dict[str, Any]], C],
                      hint: str = "") -> Filled[C] | None:
        """A form whose answers the campaign checks before it closes (``check``: a plan,
        or the command prepared): a refusal is shown in the form, which stays open with
        every value as typed. Its values, and what ``check`` gave for them."""
        return await self.ask(FormDialog(title, fields, hint, check))

    # ----- what the keys point at ---------------------------------------------------------

    def party(self) -> list[PlayerCharacter]:
        """The campaign's PCs by id, refused when there are none yet."""
        pcs = sorted(self.service.pcs().values(), key=lambda pc: pc.id)
        if not pcs:
            raise ActionRefused("no PCs yet: p on the roster adds one")
        return pcs

    def combatant(self, combatant_id: int | None) -> Combatant:
        """The combatant a key was pressed on."""
        encounter = self.service.encounter()
        if encounter is None:
            raise ActionRefused("no encounter running: start one with E")
        combatant = None if combatant_id is None else encounter.combatant(combatant_id)
        if combatant is None:
            raise ActionRefused("select a combatant first")
        return combatant
