"""Shared pieces of the hazard rules: the check a hazard asks for, what came of it, and
JSON-friendly persistence of a hazard in progress.

Every hazard is a small immutable state machine. The UI asks ``due(state)`` for the check
owed now, the player rolls it, the GM enters the result and ``apply(state, result)`` returns
the next state with a :class:`HazardStep` saying what happened (wounds, passing out, death,
the Dif to revive ...). The rules never roll the player's dice; the player does.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum, StrEnum
from typing import Any, ClassVar, TypeVar

from console.records import record
from console.rules.difficulty import Outcome, judge
from console.rules.errors import RatingError, RulesError
from console.rules.ratings import STEPS_PER_CATEGORY, STEPS_PER_TYPE, Rating

__all__ = [
    "SAID_BY_STEP",
    "DueCheck",
    "Effect",
    "EffectKind",
    "HazardState",
    "HazardStep",
    "check_count",
    "check_difficulty",
    "check_result",
    "format_steps",
    "judge_check",
    "load_registered",
    "rounds_so_far",
    "to_rating",
]

S = TypeVar("S", bound="HazardState")


class EffectKind(StrEnum):
    """What a hazard step does to the victim; the UI applies these to the character."""

    WOUNDS = "wounds"  # amount = wounds to add
    UNCONSCIOUS = "unconscious"
    DEAD = "dead"
    REVIVE_DIF = "revive dif"  # amount = first aid / medtech Dif to revive
    BRAIN_DAMAGE_DIF = "brain damage dif"  # amount = FR Dif against brain damage on revival
    EARDRUMS_RUPTURED = "eardrums ruptured"
    SUCKED_OUT = "sucked out"  # hull breach: pulled into space
    EXPOSED = "exposed to vacuum"
    PENALTY = "penalty"  # amount = steps (negative) on the named abilities
    SEVERITY = "severity"  # fear/panic: the new state is in the note
    SIDE_EFFECT = "side effect"  # a table result the GM should apply (note says which)
    TAKES_EFFECT = "takes effect"  # poison
    CAUGHT = "caught hold"
    RECOVERED = "recovered"
    WAKES = "wakes"  # a victim his hazard made faint comes round
    ENDED = "ended"


# Effects whose step always says them in its own text ("eardrums rupture"; "out of it after
# 3 rounds: revive Dif 3, then FR vs 3 against brain damage"; "breathes again after 2
# rounds"): said once, by the step, not again as a line of their own.
SAID_BY_STEP = frozenset({EffectKind.EARDRUMS_RUPTURED, EffectKind.ENDED, EffectKind.REVIVE_DIF,
                          EffectKind.BRAIN_DAMAGE_DIF, EffectKind.WAKES})


@record
class Effect:
    kind: EffectKind
    amount: int | None = None
    note: str = ""

    def describe(self) -> str:
        text = str(self.kind)
        if self.amount is not None:
            text += f" {self.amount}"
        return f"{text} ({self.note})" if self.note else text


@record
class DueCheck:
    """One check the player must roll now.

    ``adjustment`` is a staircase move on the player's rating (``-1c`` for a Dex check at
    -1c, the Table 24 total for a freezing check); empty when the rating is rolled as is.
    ``key`` names the check inside its hazard (``"breath"``, ``"eardrum"``, ``"armor"``).
    """

    ability: str
    difficulty: int
    why: str
    key: str = ""
    adjustment: str = ""

    def describe(self) -> str:
        adjust = f" {self.adjustment}" if self.adjustment else ""
        return f"{self.ability}{adjust} vs {self.difficulty}: {self.why}"


@record
class HazardStep:
    """What one applied result (or a GM transition such as "air is back") did."""

    text: str
    effects: tuple[Effect, ...] = ()
    check: DueCheck | None = None
    outcome: Outcome | None = None

    def amount_of(self, kind: EffectKind) -> int | None:
        """The amount of the first effect of ``kind``, or None if there is none."""
        for effect in self.effects:
            if effect.kind is kind:
                return effect.amount
        return None

    def has(self, kind: EffectKind) -> bool:
        return any(effect.kind is kind for effect in self.effects)


# ----- input checks ----------------------------------------------------------------------


def check_result(result: object) -> int:
    """A roll result as the GM enters it: a whole number, 0 or more."""
    if isinstance(result, bool) or not isinstance(result, int):
        raise RulesError(f"a roll result must be a whole number, not {result!r}")
    if result < 0:
        raise RulesError(f"a roll result cannot be negative ({result})")
    return result


def check_difficulty(difficulty: object, what: str = "difficulty") -> int:
    """A Dif: a whole number, 1 or more."""
    if isinstance(difficulty, bool) or not isinstance(difficulty, int):
        raise RulesError(f"{what} must be a whole number, not {difficulty!r}")
    if difficulty < 1:
        raise RulesError(f"{what} must be 1 or more, not {difficulty}")
    return difficulty


def rounds_so_far(rounds: int) -> str:
    """How long a hazard has run, for the players' view: "just begun", "1 round", "3 rounds"."""
    return "just begun" if rounds == 0 else f"{rounds} round{'' if rounds == 1 else 's'}"


def check_count(value: object, what: str, minimum: int = 0) -> int:
    """A count (rounds, days, feet ...): a whole number, at least ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{what} must be a whole number, not {value!r}")
    if value < minimum:
        raise RulesError(f"{what} must be {minimum} or more, not {value}")
    return value


def to_rating(rating: Rating | str, what: str) -> Rating:
    """Accept a Rating or its text (``"8L"``); the error names which ability was wrong."""
    if isinstance(rating, Rating):
        return rating
    if not isinstance(rating, str):
        raise RulesError(f"{what} must be a rating like 8L, not {rating!r}")
    try:
        return Rating.parse(rating)
    except RatingError as error:
        raise RatingError(f"{what}: {error}") from None


def judge_check(check: DueCheck, result: object) -> Outcome:
    """The player's result against a due check (ties go to the player)."""
    return judge(check_result(result), check.difficulty)


def format_steps(steps: int) -> str:
    """Staircase steps as the book writes them: 4 -> ``+1c+1d``, -9 -> ``-1t``, 0 -> ``""``."""
    if steps == 0:
        return ""
    sign = "+" if steps > 0 else "-"
    rest = abs(steps)
    parts = []
    for unit, size in (("t", STEPS_PER_TYPE), ("c", STEPS_PER_CATEGORY), ("d", 1)):
        count, rest = divmod(rest, size)
        if count:
            parts.append(f"{sign}{count}{unit}")
    return "".join(parts)


# ----- persistence -----------------------------------------------------------------------

_REGISTRY: dict[str, type[HazardState]] = {}


class HazardState:
    """Mixin for the frozen state dataclasses: ``to_dict``/``from_dict`` as plain JSON types.

    Fields may be int, bool, str, ``X | None``, tuples of str or int, StrEnums and nested
    states. ``from_dict`` checks every field's type and then the class's own invariants, so a
    damaged save raises RulesError instead of resuming nonsense.
    """

    __slots__ = ()
    HAZARD: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.HAZARD:
            _REGISTRY[cls.HAZARD] = cls

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"hazard": self.HAZARD}
        for field in dataclasses.fields(self):  # type: ignore[arg-type]
            data[field.name] = _encode(getattr(self, field.name))
        return data

    @classmethod
    def from_dict(cls: type[S], data: object) -> S:
        if not isinstance(data, dict):
            raise RulesError(f"a saved {cls.HAZARD} hazard must be a mapping, not {data!r}")
        if data.get("hazard") != cls.HAZARD:
            raise RulesError(
                f"saved hazard is {data.get('hazard')!r}, expected {cls.HAZARD!r}"
            )
        hints = typing.get_type_hints(cls)
        names = [field.name for field in dataclasses.fields(cls)]  # type: ignore[arg-type]
        unknown = set(data) - set(names) - {"hazard"}
        if unknown:
            raise RulesError(f"saved {cls.HAZARD} hazard has unknown fields: {sorted(unknown)}")
        missing = [name for name in names if name not in data]
        if missing:
            raise RulesError(f"saved {cls.HAZARD} hazard is missing fields: {missing}")
        values = {name: _decode(hints[name], data[name], name) for name in names}
        return cls(**values)


def load_registered(data: object) -> HazardState:
    """A saved hazard of a kind whose module is imported (its state class registers its
    tag then): ``console.rules.hazards.load_state`` imports it first."""
    tag = data.get("hazard") if isinstance(data, dict) else None
    if not isinstance(tag, str) or tag not in _REGISTRY:
        tag = data.get("hazard") if isinstance(data, dict) else data
        raise RulesError(f"not a saved hazard: {tag!r}; known: {sorted(_REGISTRY)}")
    return _REGISTRY[tag].from_dict(data)


def _encode(value: Any) -> Any:
    if isinstance(value, HazardState):
        return value.to_dict()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_encode(item) for item in value]
    return value


def _decode(hint: Any, value: Any, name: str) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return None
        (inner,) = [option for option in options if option is not type(None)]
        return _decode(inner, value, name)
    if origin is tuple:
        (item, _ellipsis) = typing.get_args(hint)
        if not isinstance(value, list | tuple):
            raise RulesError(f"saved field {name} must be a list, not {value!r}")
        return tuple(_decode(item, entry, name) for entry in value)
    if isinstance(hint, type) and issubclass(hint, HazardState):
        return hint.from_dict(value)
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(value)
        except ValueError:
            choices = ", ".join(str(member.value) for member in hint)
            raise RulesError(f"saved field {name}: {value!r} is not one of {choices}") from None
    if hint is bool:
        if not isinstance(value, bool):
            raise RulesError(f"saved field {name} must be true or false, not {value!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"saved field {name} must be a whole number, not {value!r}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise RulesError(f"saved field {name} must be text, not {value!r}")
        return value
    raise RulesError(f"saved field {name} has a type the hazards cannot load")  # pragma: no cover
