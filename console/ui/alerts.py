"""How an outcome reaches the GM's eyes: its alerts as one warning toast (a party of six
must not bury the screen), and, where no log pane shows what was done, its notices as a
plain confirmation. Nothing here reads meaning out of the text: the model chose the alerts.
"""

from __future__ import annotations

from typing import Any

from textual.app import App

from console.model.fight_events import RoundBegan, TurnBegan
from console.model.outcome import Outcome

__all__ = ["UNDO_OFFER", "show_outcome"]

# Said after a far-reaching key done at once; taken down once an undo or redo has moved
# the history on (``GMConsoleApp._history``): it no longer says what ctrl+z would undo.
UNDO_OFFER = " (undo: ctrl+z)"


def _timeout(text: str) -> float:
    # Long enough to read: about 40 characters a second over a few seconds' start.
    return min(30.0, 5.0 + len(text) / 40)


def show_outcome(app: App[Any], outcome: Outcome, *, confirm: bool = False,
                 undoable: bool = False) -> None:
    raised: list[str] = []
    if outcome.alerts:
        text = "\n".join(outcome.alerts)
        app.notify(text, severity="warning", timeout=_timeout(text))
        raised.append(text)
    if confirm:
        # An alert may hold several notices' lines (a hazard's step, joined): each is said
        # once, in the warning.
        alerted = {line for alert in outcome.alerts for line in alert.split("\n")}
        said = [line for line in outcome.notices if line not in alerted]
        if said:
            if undoable:  # a far-reaching key done at once: say the way back
                said[-1] += UNDO_OFFER
            text = "\n".join(said)
            app.notify(text, timeout=_timeout(text))
            raised.append(text)
    remember = getattr(app, "said_for_action", None)  # the console's app (PlainNotices)
    if remember is not None:
        remember(raised)
    # An outcome that begins a turn or a round: what the start of the turn before raised
    # ("before acting") is for a turn now over.
    began = getattr(app, "turn_began", None)
    if began is not None and any(
            isinstance(event, RoundBegan)
            or (isinstance(event, TurnBegan) and not event.goes_on)  # not a mode switch
            for event in outcome.events):
        began()
