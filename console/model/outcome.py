"""What one GM command did: one type for every command of the console.

``changes`` are the documents as they are now (a removed one as :class:`Removed`);
``notices`` are the lines the action log keeps, for people; ``alerts`` are what the GM must
see and act on at once (a check due before someone acts, a condition running out, a rank-up
to roll for); ``events`` are the facts of a fight the command knows and no document shows
(an attack and whether it hit, a check and its result: ``console.model.fight_events``),
kept with the action in the log for the session's recap. The service layer writes
``changes`` as one undoable action, logs the notices and the events, and the screens show
the alerts; nothing ever reads meaning out of the text.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from console.model.adventures import Adventure
from console.model.campaign import Campaign
from console.model.characters import PlayerCharacter
from console.model.encounters import Encounter
from console.model.errors import ModelError
from console.model.fight_events import FightEvent
from console.model.npcs import NpcTemplate
from console.model.sessions import Session
from console.records import record

__all__ = ["Document", "Outcome", "Removed"]

Document = Campaign | PlayerCharacter | NpcTemplate | Session | Encounter | Adventure
D = TypeVar("D", Campaign, PlayerCharacter, NpcTemplate, Session, Encounter, Adventure)


@record
class Removed:
    """A document the command deletes."""

    table: str
    id: int


@record
class Outcome:
    """See the module docstring. Later changes to the same document replace earlier ones."""

    changes: tuple[Document | Removed, ...] = ()
    notices: tuple[str, ...] = ()
    alerts: tuple[str, ...] = ()
    events: tuple[FightEvent, ...] = ()

    @classmethod
    def told(cls, *changes: Document | Removed, notices: Iterable[str] = (),
             alerts: Iterable[str] = (), events: Iterable[FightEvent] = ()) -> Outcome:
        return cls(tuple(changes), tuple(notices), tuple(alerts), tuple(events))

    def then(self, later: Outcome) -> Outcome:
        """This command followed by ``later``, as one."""
        return Outcome(self.changes + later.changes, self.notices + later.notices,
                       self.alerts + later.alerts, self.events + later.events)

    def saying(self, notices: Iterable[str] = (), alerts: Iterable[str] = ()) -> Outcome:
        """The same changes with more to log or to show."""
        return Outcome(self.changes, self.notices + tuple(notices), self.alerts + tuple(alerts),
                       self.events)

    def with_events(self, *events: FightEvent) -> Outcome:
        """The same with these facts of the fight first (see the module docstring)."""
        return Outcome(self.changes, self.notices, self.alerts, (*events, *self.events))

    def latest(self, kind: type[D]) -> D | None:
        """The last document of ``kind`` the command changed (None: it changed none)."""
        return next((doc for doc in reversed(self.changes) if isinstance(doc, kind)), None)

    def _last(self, kind: type[D]) -> D:
        found = self.latest(kind)
        if found is None:
            raise ModelError(f"this command changed no {kind.__name__.lower()}")
        return found

    @property
    def encounter(self) -> Encounter:
        """The encounter as the command left it."""
        return self._last(Encounter)

    @property
    def session(self) -> Session:
        return self._last(Session)

    @property
    def pcs(self) -> tuple[PlayerCharacter, ...]:
        """The PC sheets the command changed, each as it now is, in the order first changed."""
        latest: dict[int, PlayerCharacter] = {}
        for doc in self.changes:
            if isinstance(doc, PlayerCharacter):
                latest[doc.id] = doc
        return tuple(latest.values())

    def pc(self, pc_id: int) -> PlayerCharacter | None:
        return next((pc for pc in self.pcs if pc.id == pc_id), None)

    def writes(self) -> list[tuple[str, int, dict[str, Any] | None]]:
        """(table, id, document or None) for the store, the last change of each winning."""
        final: dict[tuple[str, int], dict[str, Any] | None] = {}
        for doc in self.changes:
            if isinstance(doc, Removed):
                final[(doc.table, doc.id)] = None
            else:
                final[(doc.TABLE, doc.id)] = doc.to_dict()
        return [(table, doc_id, data) for (table, doc_id), data in final.items()]
