"""What the GM chooses for the table: what the players' view shows, and the turn timer.

Both are campaign settings (stored in ``campaign.json`` with the campaign, changed from the
console, undoable). The rules that read them are the players' view's
(:mod:`console.model.player_view`) and the turn timer's (:mod:`console.model.turn_timer`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from console.model.errors import ModelError
from console.model.fields import check_keys, need_choice, need_mapping, opt_int
from console.records import record

__all__ = ["AMBER_SHARE", "LIMIT_MAX", "LIMIT_MIN", "NpcNames", "PcHealth", "PlayersSettings",
           "TurnTimer", "clock_text"]

# A turn's limit, in seconds: from a quick call to a long negotiation.
LIMIT_MIN = 5
LIMIT_MAX = 3600
# The timer turns amber once this share of the limit has gone (its last quarter).
AMBER_SHARE = 0.75


class PcHealth(StrEnum):
    """A PC's health on the players' view: his wounds and Vit ("7/20", "22/20 CD 2"), or a
    word, as an NPC's (unhurt, hurt, badly hurt, critical, down)."""

    NUMBERS = "numbers"
    WORDS = "words"


class NpcNames(StrEnum):
    """An NPC on the players' view: by his name, or as "Foe 1", "Foe 2" until the GM
    tells the table his name (``Combatant.named``)."""

    NAMES = "names"
    FOES = "foes"


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise ModelError(f"{what}: must be true or false")
    return value


@record
class PlayersSettings:
    """What the players' view shows. The defaults are what it showed before the GM could
    choose: PCs' numbers, NPCs' names, everyone in the order, no NPC's conditions."""

    pc_health: PcHealth = PcHealth.NUMBERS
    npc_names: NpcNames = NpcNames.NAMES
    npcs_waiting: bool = True  # the order places NPCs whose turn has not come this round
    npc_conditions: bool = False  # NPCs' conditions show (a PC's always do)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pc_health",
                           need_choice(self.pc_health, PcHealth, "players' view: PCs' health"))
        object.__setattr__(self, "npc_names",
                           need_choice(self.npc_names, NpcNames, "players' view: NPC names"))
        _flag(self.npcs_waiting, "players' view: NPCs not yet acting")
        _flag(self.npc_conditions, "players' view: NPCs' conditions")

    def to_dict(self) -> dict[str, Any]:
        return {"pc_health": self.pc_health.value, "npc_names": self.npc_names.value,
                "npcs_waiting": self.npcs_waiting, "npc_conditions": self.npc_conditions}

    @classmethod
    def from_dict(cls, data: object) -> PlayersSettings:
        raw = need_mapping(data, "players' view")
        check_keys(raw, "players' view",
                   {"pc_health", "npc_names", "npcs_waiting", "npc_conditions"}, set())
        return cls(need_choice(raw.get("pc_health", "numbers"), PcHealth,
                               "players' view: PCs' health"),
                   need_choice(raw.get("npc_names", "names"), NpcNames,
                               "players' view: NPC names"),
                   raw.get("npcs_waiting", True), raw.get("npc_conditions", False))

    def describe(self) -> str:
        """One line for the log: what the players' view shows now."""
        parts = ["PCs' health as " + ("numbers" if self.pc_health is PcHealth.NUMBERS
                                      else "words"),
                 "NPCs by name" if self.npc_names is NpcNames.NAMES
                 else "NPCs as Foe 1, Foe 2 until named",
                 "NPCs placed before they act" if self.npcs_waiting
                 else "NPCs placed once they act",
                 "NPCs' conditions shown" if self.npc_conditions else "NPCs' conditions kept"]
        return "; ".join(parts)


@record
class TurnTimer:
    """The turn timer: on, it counts each turn from its start on the players' view and the
    GM's header, and the log keeps each turn's length. ``limit`` (seconds, None: none)
    turns it amber in its last quarter and red once past."""

    on: bool = True
    limit: int | None = None

    def __post_init__(self) -> None:
        _flag(self.on, "turn timer")
        limit = opt_int(self.limit, "turn timer limit (seconds)", minimum=LIMIT_MIN)
        if limit is not None and limit > LIMIT_MAX:
            raise ModelError(f"turn timer limit: at most {LIMIT_MAX} seconds, not {limit}")

    def level(self, seconds: float) -> str:
        """"" (in time), "amber" (the last quarter of the limit) or "red" (past it)."""
        if self.limit is None:
            return ""
        if seconds >= self.limit:
            return "red"
        return "amber" if seconds >= AMBER_SHARE * self.limit else ""

    def to_dict(self) -> dict[str, Any]:
        return {"on": self.on, "limit": self.limit}

    @classmethod
    def from_dict(cls, data: object) -> TurnTimer:
        raw = need_mapping(data, "turn timer")
        check_keys(raw, "turn timer", {"on", "limit"}, set())
        return cls(raw.get("on", True), raw.get("limit"))

    def describe(self) -> str:
        if not self.on:
            return "turn timer off"
        return "turn timer on" + ("" if self.limit is None
                                  else f", {clock_text(self.limit)} a turn")


def clock_text(seconds: float) -> str:
    """m:ss, as a turn is timed ("0:07", "12:40"); h:mm:ss past an hour."""
    whole = max(0, int(seconds))
    minutes, secs = divmod(whole, 60)
    if minutes >= 60:
        return f"{minutes // 60}:{minutes % 60:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"
