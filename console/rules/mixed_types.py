"""Mixed-type combat (Rule Book: Types in Combat, Mixed Combat; Tables 12 and 13).

Attack, defense, Nish and shock are always Personal (Table 12); damage, armor, hull points and
Vitality count in the body's own type. When attacker and defender differ in type, Table 13
shifts the *player's* roll one category per type step (the book: "the modifier is only applied
to the player controlled party"), and damage against a higher type counts only in whole tens
(hundreds for two steps), fractions dropped.
"""

from __future__ import annotations

from console.records import record
from console.rules.errors import RulesError
from console.rules.ratings import STEPS_PER_CATEGORY, Adjustment, RatingType

__all__ = [
    "COMBAT_TYPES",
    "TypeShift",
    "convert_damage",
    "type_shift",
]

# The types the Combat chapter talks about; the arithmetic works for any type above Bantam.
COMBAT_TYPES: tuple[RatingType, ...] = (RatingType.P, RatingType.V, RatingType.S)


def _check_type(kind: RatingType, role: str) -> RatingType:
    if not isinstance(kind, RatingType):
        raise RulesError(f"{role} type must be a rating type (P, V, S ...), not {kind!r}")
    if kind is RatingType.B:
        # Table 13 has no Bantam row; a Bantam body fights at Personal type in practice.
        raise RulesError(f"{role} type: Bantam is not a combat type; use Personal")
    return kind


def _adjustment(categories: int) -> Adjustment:
    text = "" if categories == 0 else f"{categories:+d}c"
    return Adjustment(categories * STEPS_PER_CATEGORY, text)


@record
class TypeShift:
    """Table 13 for one attacker/defender pair: what the player's roll gets.

    ``pc_attack`` applies when the PC is the attacker (he rolls Atk); ``pc_defense`` when the
    PC is the defender (he rolls Def). Only one of them is ever used for one attack.
    """

    attacker: RatingType
    defender: RatingType
    pc_attack: Adjustment
    pc_defense: Adjustment

    @property
    def type_steps(self) -> int:
        """Defender's type minus attacker's type: +1 for Personal attacking Vehicle."""
        return self.defender - self.attacker


def type_shift(attacker: RatingType, defender: RatingType) -> TypeShift:
    """Table 13: one category per type step, +c to the PC's Atk against a bigger target and
    +c to the PC's Def against a bigger attacker (Personal vs Ship: PC Atk +2c; Ship vs
    Personal: PC Def +2c; Personal vs Vehicle with the PC defending in the vehicle: -1c)."""
    steps = _check_type(defender, "defender") - _check_type(attacker, "attacker")
    return TypeShift(attacker, defender, _adjustment(steps), _adjustment(-steps))


def convert_damage(amount: int, source: RatingType, target: RatingType) -> int:
    """Damage counted in ``source`` type points, as ``target`` type points.

    Against a higher type it divides by 10 per step and drops the fraction (48 Personal on a
    vehicle = 4, 288 on a ship = 2, 335 on a ship = 3). Against a lower type it multiplies by
    10 per step: the book's types are plain powers of ten (Table 3) and "a 6MV caused 100
    points" when read at Personal scale.
    """
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise RulesError(f"damage must be a whole number, not {amount!r}")
    if amount < 0:
        raise RulesError(f"damage cannot be negative ({amount})")
    steps = _check_type(target, "target") - _check_type(source, "source")
    if steps >= 0:
        return amount // 10**steps
    return amount * 10 ** (-steps)
