"""What the screens show, read from the service when a pane asks for it.

A :class:`View` is made for one drawing (``service.view()``) and reads each part the first
time a pane asks for it, through the service's cache: a pane that redraws after a key reads
what it shows (the fight, say), never the rest (the roster, the log). It is not kept: a
later drawing asks for a new one.
"""

from __future__ import annotations

from functools import cached_property
from typing import Protocol

from console.model import Campaign, Encounter, LogEntry, NpcTemplate, PlayerCharacter, Session
from console.model.table_settings import PlayersSettings, TurnTimer
from console.rules.initiative import RoundOrder

__all__ = ["View", "ViewSource"]


class ViewSource(Protocol):
    """The reads a view is made of (``CampaignCore``'s)."""

    @property
    def name(self) -> str: ...

    @property
    def read_only(self) -> bool: ...

    @property
    def saving_stopped(self) -> bool: ...

    @property
    def head(self) -> int: ...

    def session(self) -> Session: ...

    def encounter(self) -> Encounter | None: ...

    def round_order(self) -> RoundOrder: ...

    def pcs(self) -> dict[int, PlayerCharacter]: ...

    def npcs(self) -> dict[int, NpcTemplate]: ...

    def campaign(self) -> Campaign: ...

    def history(self) -> list[LogEntry]: ...


class View:
    """The campaign for one drawing; each part read once, when first asked for."""

    def __init__(self, source: ViewSource) -> None:
        self._source = source

    @cached_property
    def campaign(self) -> str:
        return self._source.name

    @cached_property
    def session(self) -> Session:
        return self._source.session()

    @cached_property
    def encounter(self) -> Encounter | None:
        return self._source.encounter()

    @cached_property
    def order(self) -> RoundOrder:
        """The running encounter's round in Nish order (empty with none running)."""
        return self._source.round_order()

    @cached_property
    def pcs(self) -> dict[int, PlayerCharacter]:
        return self._source.pcs()

    @cached_property
    def npcs(self) -> dict[int, NpcTemplate]:
        return self._source.npcs()

    @cached_property
    def history(self) -> list[LogEntry]:
        """The newest entries of the session's log, oldest first (those after ``head``
        undone)."""
        return self._source.history()

    @cached_property
    def head(self) -> int:
        return self._source.head

    @cached_property
    def read_only(self) -> bool:
        return self._source.read_only

    @cached_property
    def system(self) -> str:
        """The campaign's dice system (its awards' units)."""
        return self._source.campaign().system

    @cached_property
    def saving_stopped(self) -> bool:
        """The writer's lock was taken from outside: nothing saves."""
        return self._source.saving_stopped

    @cached_property
    def players(self) -> PlayersSettings:
        """What the GM lets the players' view show."""
        return self._source.campaign().players

    @cached_property
    def turn_timer(self) -> TurnTimer:
        return self._source.campaign().turn_timer
