"""Sample documents for store tests."""

from __future__ import annotations

from console.model import NpcTemplate, PlayerCharacter, Weapon

__all__ = ["make_npc", "make_pc"]


def make_pc(pc_id: int = 1, name: str = "Kira", **fields: object) -> PlayerCharacter:
    return PlayerCharacter.new(
        pc_id, name, "Ann", 2, nish="10L", def_="8M", ar="6L", vit_max="10M", wp="8L",
        weapons=(Weapon("blaster", "8M", "10L"),), **fields,
    )


def make_npc(npc_id: int = 1, name: str = "Thug", **fields: object) -> NpcTemplate:
    return NpcTemplate(npc_id, name, atk="15", def_="10", dmg="12", ar="4", vit="20", nish="9",
                       mr="6", tags=("human",), **fields)
