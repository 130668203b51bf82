"""The campaign itself: its name and settings. The schema version lives here."""

from __future__ import annotations

from dataclasses import field, replace
from datetime import datetime
from typing import Any, ClassVar

from console.model.errors import ModelError
from console.model.fields import (
    check_keys,
    format_time,
    need_int,
    need_mapping,
    need_str,
    parse_time,
)
from console.model.table_settings import PlayersSettings, TurnTimer
from console.model.text import need_name, need_notes
from console.records import record
from console.rules.ap_awards import TimeRounding
from console.rules.systems import DEFAULT, SYSTEMS

__all__ = ["DEFAULT_KEEP_BACKUPS", "FACADE_COMBATS", "SCHEMA_VERSION", "Campaign"]

# Version of every save file's contents. Bump it with a migration in console.store.migrations
# whenever a stored field changes meaning or shape (adding an optional field with a default
# does not need one: from_dict fills it in).
SCHEMA_VERSION = 15
# A campaign name is a folder name too: console.store.names checks it as one (120 bytes).
CAMPAIGN_NAME_MAX = 120

DEFAULT_KEEP_BACKUPS = 10
FACADE_COMBATS = ("dramatic", "simple")  # the seed's Dramatic Combat (its default), Simple


@record
class Campaign:
    """Campaign-wide settings. ``keep_backups``: how many old versions of each file to keep."""

    TABLE: ClassVar[str] = "campaign"
    DOC_ID: ClassVar[int] = 1

    name: str
    created_at: datetime
    notes: str = ""
    keep_backups: int = DEFAULT_KEEP_BACKUPS
    veterans_pocket: bool = False  # the optional veteran's pocket rule is in play
    time_rounding: str = "NEAREST"  # the GM's last choice (a TimeRounding member name)
    system: str = DEFAULT  # the dice system its table plays (console.rules.systems)
    players: PlayersSettings = field(default_factory=PlayersSettings)  # the players' view
    turn_timer: TurnTimer = field(default_factory=TurnTimer)
    # A Façade campaign's fights (issue 31): Dramatic Combat, the seed's default, or Simple.
    facade_combat: str = "dramatic"

    def __post_init__(self) -> None:
        need_name(self.name, "campaign name", CAMPAIGN_NAME_MAX)
        if not isinstance(self.created_at, datetime) or self.created_at.tzinfo is None:
            raise ModelError("campaign created: expected a time with a UTC offset")
        need_notes(self.notes, "campaign notes")
        need_int(self.keep_backups, "keep backups", minimum=1)
        if not isinstance(self.veterans_pocket, bool):
            raise ModelError("campaign veteran's pocket: expected true or false")
        if need_str(self.time_rounding, "campaign time rounding") not in TimeRounding.__members__:
            raise ModelError(f"campaign time rounding: unknown rule {self.time_rounding!r}")
        if need_str(self.system, "campaign dice system") not in SYSTEMS:
            raise ModelError(f"campaign dice system: one of {', '.join(SYSTEMS)}, not "
                             f"{self.system!r}")
        if not isinstance(self.players, PlayersSettings):
            raise ModelError("campaign players' view: expected its settings")
        if not isinstance(self.turn_timer, TurnTimer):
            raise ModelError("campaign turn timer: expected its settings")
        if need_str(self.facade_combat, "campaign Façade combat") not in FACADE_COMBATS:
            raise ModelError(f"campaign Façade combat: {' or '.join(FACADE_COMBATS)}, not "
                             f"{self.facade_combat!r}")

    @property
    def id(self) -> int:
        return self.DOC_ID

    def with_changes(self, **changes: Any) -> Campaign:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "created_at": format_time(self.created_at),
                "notes": self.notes, "keep_backups": self.keep_backups,
                "veterans_pocket": self.veterans_pocket, "time_rounding": self.time_rounding,
                "system": self.system, "players": self.players.to_dict(),
                "turn_timer": self.turn_timer.to_dict(),
                # only when chosen: a campaign that never chose reads as it was
                **({"facade_combat": self.facade_combat}
                   if self.facade_combat != "dramatic" else {})}

    @classmethod
    def from_dict(cls, data: object) -> Campaign:
        raw = need_mapping(data, "campaign")
        check_keys(raw, "campaign", {"name", "created_at", "notes", "keep_backups",
                                     "veterans_pocket", "time_rounding", "system",
                                     "players", "turn_timer", "facade_combat"},
                   {"name", "created_at"})
        return cls(raw["name"], parse_time(raw["created_at"], "campaign created"),
                   raw.get("notes", ""), raw.get("keep_backups", DEFAULT_KEEP_BACKUPS),
                   raw.get("veterans_pocket", False), raw.get("time_rounding", "NEAREST"),
                   raw.get("system", DEFAULT),
                   PlayersSettings.from_dict(raw.get("players", {})),
                   TurnTimer.from_dict(raw.get("turn_timer", {})),
                   raw.get("facade_combat", "dramatic"))
