"""A combatant's actions in one turn of Dramatic Combat (seed 002, Step 2: Actions).

"In a normal turn ... a character may choose to take a fully Active action, a fully Passive
action, or an Active and Passive action. A fully Active action involves forgoing movement
or defense to gain a bonus to an action or to make multiple Active actions at penalty. A
fully Passive action involves spending the entire turn avoiding or blocking attacks or
attempting to move a great distance."

So a turn holds one Active and one Passive action; or, going fully Active, Active actions
only (the GM sets the bonus or the penalties: the seed gives no figure); or, fully Passive,
Passive ones only (every defense of the turn). A defender with his Passive action spent
"may choose to go Fully Defensive" with his Active action: the turn is then fully Passive.
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum

from console.records import record
from console.rules.errors import RulesError

__all__ = ["Kind", "Stance", "TurnActions"]


class Kind(StrEnum):
    ACTIVE = "active"
    PASSIVE = "passive"


class Stance(StrEnum):
    NORMAL = "normal"  # one Active and one Passive action
    FULLY_ACTIVE = "fully active"
    FULLY_PASSIVE = "fully passive"


@record
class TurnActions:
    """What he has done this turn: how many actions of each kind, and his stance."""

    active: int = 0
    passive: int = 0
    stance: Stance = Stance.NORMAL

    def __post_init__(self) -> None:
        if self.active < 0 or self.passive < 0:
            raise RulesError("actions taken: 0 or more")
        if self.stance is Stance.NORMAL and (self.active > 1 or self.passive > 1):
            raise RulesError("a normal turn holds one Active and one Passive action")
        if self.stance is Stance.FULLY_ACTIVE and self.passive:
            raise RulesError("a fully Active turn forgoes movement and defense")
        if self.stance is Stance.FULLY_PASSIVE and self.active:
            raise RulesError("a fully Passive turn takes no Active action")

    def can(self, kind: Kind) -> bool:
        """May he take an action of this kind now?"""
        if kind is Kind.ACTIVE:
            return self.stance is Stance.FULLY_ACTIVE or (
                self.stance is Stance.NORMAL and not self.active)
        return self.stance is Stance.FULLY_PASSIVE or (
            self.stance is Stance.NORMAL and not self.passive)

    @property
    def any_left(self) -> bool:
        return self.can(Kind.ACTIVE) or self.can(Kind.PASSIVE)

    @property
    def fresh(self) -> bool:
        return self == TurnActions()

    def take(self, kind: Kind) -> TurnActions:
        if not self.can(kind):
            raise RulesError(f"no {kind.value.capitalize()} action left this turn "
                             f"({self.describe()})")
        if kind is Kind.ACTIVE:
            return replace(self, active=self.active + 1)
        return replace(self, passive=self.passive + 1)

    def go(self, stance: Stance) -> TurnActions:
        """Declare a full stance: only on a turn with nothing done yet; going Fully
        Defensive (fully Passive) also after the Passive action, with the Active one left."""
        if stance is Stance.NORMAL:
            return self
        if self.stance is not Stance.NORMAL:
            raise RulesError(f"this turn is {self.stance.value} already")
        if stance is Stance.FULLY_ACTIVE and not self.fresh:
            raise RulesError("going fully Active needs a turn with no action taken yet")
        if stance is Stance.FULLY_PASSIVE and self.active:
            raise RulesError("going fully Passive needs the Active action still left")
        return replace(self, stance=stance)

    def describe(self) -> str:
        if self.stance is Stance.FULLY_ACTIVE:
            done = f", {self.active} Active action{'s' * (self.active != 1)}" if self.active else ""
            return f"fully Active{done}"
        if self.stance is Stance.FULLY_PASSIVE:
            done = (f", {self.passive} Passive action{'s' * (self.passive != 1)}"
                    if self.passive else "")
            return f"fully Passive{done}"
        left = [kind.value.capitalize() for kind in Kind if self.can(kind)]
        return f"{' and '.join(left)} left" if left else "both actions taken"

    @property
    def marks(self) -> str:
        """Two letters for a narrow column: what is left, A and P (lower case: spent)."""
        if self.stance is Stance.FULLY_ACTIVE:
            return "A*"
        if self.stance is Stance.FULLY_PASSIVE:
            return "P*"
        return ("A" if self.can(Kind.ACTIVE) else "a") + ("P" if self.can(Kind.PASSIVE) else "p")
