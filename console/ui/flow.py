"""What every feature's flows share: the screen they run on, the campaign service, and
the three ways a GM action ends (saved and shown, refused, or a dialog cancelled).

A flow is a method of a feature's ``*Flows`` class, called by a pane's or a screen's key.
A one-key command runs at once (:meth:`Flows.command`); a wizard of several dialogs is a
coroutine started with :meth:`Flows.start`, which awaits each dialog's answer
(:meth:`Flows.form`), guarded like every other action (``console.ui.wizard``).
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, Protocol, runtime_checkable

from textual.app import App
from textual.screen import Screen

from console.model import Combatant, PlayerCharacter
from console.model.outcome import Outcome
from console.service import ActionRefused, CampaignService
from console.ui.alerts import show_outcome
from console.ui.dialogs.form_dialog import Field, FormDialog
from console.ui.wizard import dialog, run_wizard

__all__ = ["Flows", "Host", "Notebook"]


class Host(Protocol):
    """The screen a feature's flows run on: it re-reads the campaign after a change."""

    @property
    def app(self) -> App[Any]: ...

    def refresh_view(self) -> None: ...


@runtime_checkable
class Notebook(Protocol):
    """A host whose log keeps lines that are no saved action (the main screen)."""

    def note(self, lines: tuple[str, ...]) -> None: ...


class Flows:
    """Base of each feature's flows."""

    def __init__(self, host: Host, service: CampaignService) -> None:
        self.host = host
        self.service = service

    @property
    def app(self) -> App[Any]:
        return self.host.app

    # ----- how an action ends -------------------------------------------------------------

    def show(self, outcome: Outcome, *, confirm: bool = False, undoable: bool = False) -> None:
        """A command's outcome on screen: the panes re-read, its alerts shown; ``confirm``:
        its notices too, ``undoable``: with the way back (a far-reaching key done at once)."""
        # Always: some commands change the campaign outside their outcome's documents (a
        # session started), and a view that did not change costs next to nothing.
        self.host.refresh_view()
        show_outcome(self.app, outcome, confirm=confirm or undoable, undoable=undoable)

    def note(self, outcome: Outcome) -> None:
        """What a command worked out without saving (an explosion's damage), in the log:
        in view while the GM applies it, where a toast would be gone."""
        if isinstance(self.host, Notebook) and outcome.notices:
            self.host.note(outcome.notices)

    def refuse(self, message: str) -> None:
        """The campaign refused the command: nothing changed, and why."""
        self.app.notify(message, severity="error")
        if self.service.saving_stopped:
            self.host.refresh_view()  # the header says NOT SAVING from now on

    def decline(self, message: str) -> None:
        """The key finds nothing to act on (no checks owed, no condition to remove)."""
        self.app.notify(message, severity="warning")

    def command(self, run: Callable[[], Outcome], *, confirm: bool = False,
                undoable: bool = False) -> None:
        """A one-key command: carried out and shown, or its refusal said."""
        try:
            outcome = run()
        except ActionRefused as refusal:
            self.refuse(str(refusal))
            return
        self.show(outcome, confirm=confirm, undoable=undoable)

    # ----- wizards ------------------------------------------------------------------------

    def start(self, wizard: Coroutine[Any, Any, None]) -> None:
        """Run a wizard of dialogs; a refusal anywhere in it ends it with its message."""
        async def run() -> None:
            try:
                await wizard
            except ActionRefused as refusal:
                self.refuse(str(refusal))

        run_wizard(self.app, run())

    async def form(self, title: str, fields: list[Field], hint: str = "",
                   check: Callable[[dict[str, Any]], object] | None = None,
                   ) -> dict[str, Any] | None:
        """A form's answers (None: cancelled). ``check`` is what the campaign will say to
        them (a plan, a dry run): a refusal is shown in the form, which stays open with
        every value as typed, instead of ending the action."""
        if check is None:
            return await dialog(self.app, FormDialog(title, fields, hint))
        found = check

        def refused(values: dict[str, Any]) -> None:
            try:
                found(values)
            except ActionRefused as refusal:
                raise ValueError(str(refusal)) from None

        return await dialog(self.app, FormDialog(title, fields, hint, refused))

    async def ask(self, screen: Screen[Any]) -> Any:
        return await dialog(self.app, screen)

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
