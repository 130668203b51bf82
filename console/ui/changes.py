"""What changed in the campaign, as the screens hear it.

Every command, undo, redo and reload of the campaign returns an ``Outcome`` whose
``changes`` are the documents it changed (``console.service``). :func:`spread` hands it to
every screen open that shows the campaign (:class:`Shows`); a screen turns it into one
:class:`Changed` value, the *topics* it touched (the tables of its documents, the log, the
console's own state), and sets it on itself: the main screen's panes are bound to that
value (``Widget.data_bind``) and each redraws only when a topic it shows is in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

from textual.app import App
from textual.reactive import var

from console.model import Adventure, Campaign, Encounter, NpcTemplate, PlayerCharacter, Session
from console.model.outcome import Outcome, Removed
from console.records import record
from console.service import CampaignCore

if TYPE_CHECKING:
    from textual.widget import Widget

    _Widget = Widget
else:
    _Widget = object

__all__ = ["EVERYTHING", "LOG", "STATE", "ChangeTally", "Changed", "Redraws", "Shows",
           "spread"]

LOG = "log"  # the session's action log moved: an action saved, undone or redone
STATE = "state"  # the console's own state: saving stopped (the lock taken from outside)
TABLES = (Encounter.TABLE, PlayerCharacter.TABLE, NpcTemplate.TABLE, Session.TABLE,
          Campaign.TABLE, Adventure.TABLE)
EVERYTHING = frozenset((*TABLES, LOG, STATE))


@record
class Changed:
    """The topics one change touched. ``serial`` tells two changes of the same topics
    apart (a reactive calls its watchers only when its value differs)."""

    topics: frozenset[str]
    serial: int = 0

    def touches(self, topics: frozenset[str]) -> bool:
        return not self.topics.isdisjoint(topics)


class ChangeTally:
    """A screen's count of the changes it has heard, and what it last saw of the log and
    of the console's state (an outcome does not say those)."""

    def __init__(self, service: CampaignCore) -> None:
        self._service = service
        self._opno = service.opno
        self._stopped = service.saving_stopped
        self._serial = 0

    def changed(self, outcome: Outcome | None) -> Changed:
        """What ``outcome`` touched (None: anything may have changed)."""
        topics: set[str] = set(EVERYTHING) if outcome is None else {
            doc.table if isinstance(doc, Removed) else doc.TABLE for doc in outcome.changes}
        service = self._service
        if service.opno != self._opno:
            self._opno = service.opno
            topics.add(LOG)
        if service.saving_stopped != self._stopped:
            self._stopped = service.saving_stopped
            topics.add(STATE)
        self._serial += 1
        return Changed(frozenset(topics), self._serial)


@runtime_checkable
class Shows(Protocol):
    """A screen that shows the campaign: told of every change."""

    def campaign_changed(self, outcome: Outcome | None) -> None: ...


def spread(app: App[Any], outcome: Outcome | None) -> None:
    """Tell every screen open what ``outcome`` changed (None: anything may have): the main
    screen under the awards screen too, so it is right when the GM goes back to it."""
    for screen in list(app.screen_stack):
        if isinstance(screen, Shows):
            screen.campaign_changed(outcome)
    service = getattr(app, "service", None)
    if isinstance(service, CampaignCore):
        # After the frame that shows the change: the store's housekeeping (old backups
        # removed) is no part of the key's time.
        app.call_after_refresh(service.tidy)


class Redraws(_Widget):
    """Mixed (first) into a pane: bound to its screen's ``changed``
    (``pane.data_bind(MainScreen.changed)``), it redraws when a change touches one of the
    topics it shows (``SHOWS``), and only then."""

    SHOWS: ClassVar[frozenset[str]] = EVERYTHING
    changed = var[Changed | None](None, init=False)

    def watch_changed(self, changed: Changed | None) -> None:
        if changed is not None and changed.touches(self.SHOWS):
            self.redraw()

    def redraw(self) -> None:
        """Draw again from the campaign as it is now."""
        raise NotImplementedError
