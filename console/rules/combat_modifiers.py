"""Combat modifiers as quick picks (Rule Book: Combat Modifiers, Tables 14 and 15).

Table 14 lists what helps a *defender* (cover, a weapon port, lying prone against fire; prone
against melee hurts), Table 15 what helps an *attacker* (being hard to see, invisible, behind
or unexpected). In diceless play only the player rolls, so a modifier always lands on the
player's roll. We follow the rule the book states for Table 13 ("the modifier is only applied
to the player controlled party", seed 004 line 2954) and its ship example, where an
edge for the NPC is turned into the opposite shift on the PC's roll (line 2960):

- the PC's own side's modifier goes on his roll as printed: a PC in 50% cover rolls Def +2d;
  an invisible PC attacking rolls Atk +1c;
- the NPC side's modifier goes on the PC's roll reversed: attacking an NPC in 75% cover, the
  PC rolls Atk -1c; defending against an unexpected NPC attack, the PC rolls Def -1c.

This keeps the NPC's values as printed, so the GM's sheet never changes mid-fight.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from console.records import record
from console.rules.errors import RulesError
from console.rules.ratings import Adjustment, parse_adjustment

__all__ = [
    "ATTACK_MODIFIERS",
    "DEFENSE_MODIFIERS",
    "MODIFIERS",
    "Modifier",
    "PcRole",
    "Side",
    "modifier",
    "player_adjustment",
]


class Side(StrEnum):
    """Which side of an attack a modifier describes (and helps, when positive)."""

    ATTACKER = "attacker"  # Table 15
    DEFENDER = "defender"  # Table 14


class PcRole(StrEnum):
    """What the PC is doing in this attack, which decides the roll the player makes."""

    ATTACKING = "attacking"  # he rolls Atk against the NPC's Def
    DEFENDING = "defending"  # he rolls Def against the NPC's Atk


@record
class Modifier:
    """One row of Table 14 or 15: a stable key for the UI, its words and its shift."""

    key: str
    label: str
    side: Side
    adjustment: Adjustment
    table: int


def _row(key: str, label: str, side: Side, text: str, table: int) -> Modifier:
    return Modifier(key, label, side, parse_adjustment(text), table)


DEFENSE_MODIFIERS: tuple[Modifier, ...] = (
    _row("cover25", "25% cover", Side.DEFENDER, "+1d", 14),
    _row("cover50", "50% cover", Side.DEFENDER, "+2d", 14),
    _row("cover75", "75% cover", Side.DEFENDER, "+1c", 14),
    _row("weapon_port", "using a weapon port", Side.DEFENDER, "+2c", 14),
    _row("prone_ranged", "defending while prone (vs ranged)", Side.DEFENDER, "+1c", 14),
    _row("prone_melee", "defending while prone (vs melee)", Side.DEFENDER, "-1c", 14),
)

ATTACK_MODIFIERS: tuple[Modifier, ...] = (
    _row("hard_to_see", "attacker is hard to see", Side.ATTACKER, "+1d", 15),
    _row("invisible", "attacker is invisible", Side.ATTACKER, "+1c", 15),
    _row("behind_expected", "expected attack from behind", Side.ATTACKER, "+1d", 15),
    _row("unexpected", "unexpected attack", Side.ATTACKER, "+1c", 15),
    _row("behind_unexpected", "unexpected attack from behind", Side.ATTACKER, "+2c", 15),
)

MODIFIERS: dict[str, Modifier] = {m.key: m for m in DEFENSE_MODIFIERS + ATTACK_MODIFIERS}


def modifier(key: str) -> Modifier:
    """A quick pick by key (``"cover50"``), or a RulesError listing the keys."""
    try:
        return MODIFIERS[key]
    except (KeyError, TypeError):
        raise RulesError(
            f"{key!r} is not a combat modifier; choose one of {', '.join(MODIFIERS)}"
        ) from None


def player_adjustment(picks: Iterable[Modifier | str], role: PcRole) -> Adjustment:
    """The net shift on the player's roll for the chosen modifiers (see the module docstring).

    A modifier for the PC's own side counts as printed; one for the NPC's side is reversed.
    """
    try:
        role = PcRole(role)
    except ValueError:
        raise RulesError(f"{role!r}: the PC is either attacking or defending") from None
    pc_side = Side.ATTACKER if role is PcRole.ATTACKING else Side.DEFENDER
    steps = 0
    parts = []
    for pick in picks:
        row = pick if isinstance(pick, Modifier) else modifier(pick)
        sign = 1 if row.side is pc_side else -1
        steps += sign * row.adjustment.steps
        parts.append(f"{row.label} {'' if sign > 0 else 'reversed '}{row.adjustment}")
    return Adjustment(steps, "; ".join(parts))
