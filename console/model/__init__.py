"""The campaign model: plain, validated dataclasses with ``to_dict``/``from_dict``.

No storage and no UI here; ``console.store`` persists these, ``console.rules`` checks stats.
Every class that is stored as its own document has a ``TABLE`` class attribute naming its
table, and an ``id``.
"""

from console.model.action_log import Change, LogEntry
from console.model.adventures import Adventure
from console.model.campaign import DEFAULT_KEEP_BACKUPS, SCHEMA_VERSION, Campaign
from console.model.characters import Allowance, PlayerCharacter, Weapon
from console.model.encounters import (
    Combatant,
    Condition,
    Encounter,
    Hold,
    InitiativeMode,
    Shock,
    Side,
    Status,
)
from console.model.errors import ModelError
from console.model.npcs import BodyType, NpcTemplate
from console.model.sessions import ApAward, AwardKind, Session
from console.model.stats import Stat

__all__ = [
    "DEFAULT_KEEP_BACKUPS",
    "SCHEMA_VERSION",
    "Adventure",
    "Allowance",
    "ApAward",
    "AwardKind",
    "BodyType",
    "Campaign",
    "Change",
    "Combatant",
    "Condition",
    "Encounter",
    "Hold",
    "InitiativeMode",
    "LogEntry",
    "ModelError",
    "NpcTemplate",
    "PlayerCharacter",
    "Session",
    "Shock",
    "Side",
    "Stat",
    "Status",
    "Weapon",
]
