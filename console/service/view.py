"""Everything the main screen shows, read once per change."""

from __future__ import annotations

from dataclasses import dataclass, field

from console.model import Encounter, LogEntry, NpcTemplate, PlayerCharacter, Session
from console.model.table_settings import PlayersSettings, TurnTimer
from console.rules.initiative import RoundOrder

__all__ = ["View"]


@dataclass(frozen=True, slots=True)
class View:
    campaign: str
    session: Session
    encounter: Encounter | None
    order: RoundOrder
    pcs: dict[int, PlayerCharacter]
    npcs: dict[int, NpcTemplate]
    history: list[LogEntry]
    head: int
    read_only: bool
    system: str = "metascape"  # the campaign's dice system (its awards' units)
    saving_stopped: bool = False  # the writer's lock was taken from outside: nothing saves
    players: PlayersSettings = field(default_factory=PlayersSettings)  # the players' view
    turn_timer: TurnTimer = field(default_factory=TurnTimer)
    facade_combat: str = "dramatic"  # a Façade campaign's: Dramatic or Simple Combat
