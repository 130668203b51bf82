"""What happened in a fight, as facts: typed events kept with each action in the log.

A log entry's description is for people and is never read back by code. What the session's
recap needs (who acted each turn, attacks hit or missed and their wounds, downs, deaths,
conditions, hazard checks and their results, how the fight ended) is kept beside it as these
events, each naming the fight (its encounter's id in the session's file) and combatants by
id. Two sources make them:

- the commands that know an act no document shows say it in their ``Outcome.events``: an
  attack and whether it hit (a miss changes no document), a hazard's check and its result,
  a critical-damage or a vessel's check and its result;
- every change to a fight is read for its facts whatever the command
  (:mod:`console.model.fight_facts`): a round begun, a turn begun, someone joining, wounds,
  Façade's hits, a status, a condition, hidden or shown to the players, the fight's end.
  None can be forgotten by a new command.

Undoing an action takes its entry out of effect, and with it its events: the recap reads
only the entries in effect. Each event is small and validated like any saved document.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, fields
from typing import Any, ClassVar

from console.model.errors import ModelError
from console.model.fields import check_keys, need_int, need_list, need_mapping, need_str, opt_int
from console.model.text import need_name
from console.records import record
from console.rules.initiative import Status

__all__ = [
    "ActedNow",
    "Attacked",
    "ConditionChanged",
    "CriticalCheck",
    "FightEnded",
    "FightEvent",
    "HazardBegan",
    "HazardCheck",
    "HazardEnded",
    "Held",
    "Joined",
    "RoundBegan",
    "Shown",
    "StatusChanged",
    "Struck",
    "TurnBegan",
    "Wounded",
    "event_from_dict",
]

_END_HOWS = ("won", "fled", "other")
# A Façade hit's place and damage, as the seed names them (Location and DamageType in
# console.rules.facade_combat.health, which a test holds these to).
_PLACES = ("Torso", "Legs", "Arms", "Head")
_DAMAGE = ("B", "C", "D")


def _bool(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise ModelError(f"{what}: must be true or false")
    return value


def _opt_bool(value: object, what: str) -> bool | None:
    return None if value is None else _bool(value, what)


def _ids(value: object, what: str) -> tuple[int, ...]:
    return tuple(need_int(item, what, minimum=1) for item in need_list(value, what))


def _word(value: object, what: str) -> str:
    """A short identifier the console itself writes (a hazard's kind, a check's kind)."""
    text = need_str(value, what)
    if not 0 < len(text) <= 60 or not text.replace(" ", "").replace("_", "").isalnum():
        raise ModelError(f"{what}: {text[:60]!r} is not a name the console writes")
    return text


def _status(value: object, what: str) -> Status:
    try:
        return Status(need_str(value, what))
    except ValueError:
        raise ModelError(f"{what}: {value!r} is not a status") from None


# How each kind of field is read from a saved event (and checked when one is built).
_READERS: dict[str, Callable[[object, str], Any]] = {
    "fight": lambda v, w: need_int(v, w, minimum=1),
    "round": lambda v, w: need_int(v, w, minimum=0),
    "who": lambda v, w: need_int(v, w, minimum=1),
    "target": lambda v, w: need_int(v, w, minimum=1),
    "attacker": lambda v, w: opt_int(v, w, minimum=1),
    "on": lambda v, w: opt_int(v, w, minimum=1),
    "actors": _ids,
    "turn": lambda v, w: need_str(v, w),
    "hit": _bool,
    "stopped": _bool,
    "part": _bool,
    "hidden": _bool,
    "goes_on": _bool,
    "added": _bool,
    "passed": _opt_bool,
    "before": lambda v, w: need_int(v, w, minimum=0),
    "after": lambda v, w: need_int(v, w, minimum=0),
    "vit": lambda v, w: opt_int(v, w, minimum=0),
    "status": _status,
    "was": _status,
    "name": lambda v, w: need_name(need_str(v, w), w),
    "until": lambda v, w: opt_int(v, w, minimum=0),
    "hazard": _word,
    "check": _word,
    "ability": _word,
    "difficulty": lambda v, w: opt_int(v, w, minimum=0),
    "result": lambda v, w: need_int(v, w, minimum=0),
    "effects": lambda v, w: tuple(_word(item, w) for item in need_list(v, w)),
    "how": lambda v, w: None if v is None else _choice(v, w, _END_HOWS),
    "row": lambda v, w: None if v is None else _word(v, w),
    "where": lambda v, w: _choice(v, w, _PLACES),
    "damage": lambda v, w: _choice(v, w, _DAMAGE),
    "levels": lambda v, w: need_int(v, w, minimum=1),
}


def _choice(value: object, what: str, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise ModelError(f"{what}: one of {', '.join(choices)}, not {value!r}")
    return str(value)


class FightEvent:
    """The base of every event: ``KIND`` names it in the save file, every field is read
    and checked by its name's reader (``_READERS``)."""

    __slots__ = ()
    KIND: ClassVar[str] = ""
    fight: int

    def __post_init__(self) -> None:
        for field in fields(self):  # type: ignore[arg-type]
            value = _READERS[field.name](getattr(self, field.name),
                                         f"{self.KIND} event {field.name}")
            object.__setattr__(self, field.name, value)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.KIND}
        for field in fields(self):  # type: ignore[arg-type]
            value = getattr(self, field.name)
            if field.default is not MISSING and value == field.default:
                continue  # a field added later, left out at its default: older logs match
            data[field.name] = (value.value if isinstance(value, Status)
                                else list(value) if isinstance(value, tuple) else value)
        return data


@record
class RoundBegan(FightEvent):
    """Nish was called: round ``round`` begins (round 1: the fight's first Nish)."""

    KIND: ClassVar[str] = "round"
    fight: int
    round: int


@record
class TurnBegan(FightEvent):
    """A turn of the round's order began: ``turn`` is its key, ``actors`` who act in it
    (those in it still to act). ``goes_on``: no turn began, the one in progress was
    re-shaped by a mode switch (now ``turn``, with ``actors`` in it still to act)."""

    KIND: ClassVar[str] = "turn"
    fight: int
    round: int
    turn: str
    actors: tuple[int, ...]
    goes_on: bool = False


@record
class Held(FightEvent):
    """``who`` saved his Initiative (``part``: part of his actions) in his turn."""

    KIND: ClassVar[str] = "held"
    fight: int
    who: int
    part: bool


@record
class ActedNow(FightEvent):
    """``who`` took his saved Initiative: what follows in the same turn is his."""

    KIND: ClassVar[str] = "acts_now"
    fight: int
    who: int


@record
class Joined(FightEvent):
    KIND: ClassVar[str] = "joined"
    fight: int
    who: int


@record
class Attacked(FightEvent):
    """An attack and whether it hit; its wounds are the :class:`Wounded` of its target in
    the same entry (none: the armor stopped it). ``attacker`` None: a hit on the party's
    vessel, whose attacker the console does not ask."""

    KIND: ClassVar[str] = "attack"
    fight: int
    attacker: int | None
    target: int
    hit: bool
    stopped: bool = False  # a Façade blow the armor where it landed stopped whole


@record
class Wounded(FightEvent):
    """``who``'s wounds went from ``before`` to ``after`` (fewer: healed or repaired);
    ``vit`` his Vit then (None: none recorded)."""

    KIND: ClassVar[str] = "wounds"
    fight: int
    who: int
    before: int
    after: int
    vit: int | None


@record
class Struck(FightEvent):
    """Façade's damage noted on ``who``: ``levels`` more of ``damage`` (B, C or D) at
    ``where`` (an attack's blow through the armor, a blow landing at the end of a Simple
    Combat turn, the GM's own hit). Façade keeps no wounds: this is its :class:`Wounded`."""

    KIND: ClassVar[str] = "struck"
    fight: int
    who: int
    where: str
    damage: str
    levels: int

    @property
    def text(self) -> str:
        """"2D to the Legs", as the log says a hit."""
        return f"{self.levels}{self.damage} to the {self.where}"


@record
class StatusChanged(FightEvent):
    """``who`` became ``status`` (unconscious, dead, crippled, destroyed, removed, or
    active again) from ``was``."""

    KIND: ClassVar[str] = "status"
    fight: int
    who: int
    was: Status
    status: Status


@record
class ConditionChanged(FightEvent):
    """A condition put on (``added``) or off; ``on`` None: on the whole fight."""

    KIND: ClassVar[str] = "condition"
    fight: int
    on: int | None
    name: str
    until: int | None
    added: bool


@record
class Shown(FightEvent):
    """The GM hid ``who`` from the players' view (``hidden``) or revealed him."""

    KIND: ClassVar[str] = "shown"
    fight: int
    who: int
    hidden: bool


@record
class HazardBegan(FightEvent):
    """A hazard begins on ``who``: ``hazard`` is its name as shown (drowning under water,
    suffocation in vacuum), as the log says it."""

    KIND: ClassVar[str] = "hazard"
    fight: int
    who: int
    hazard: str


@record
class HazardCheck(FightEvent):
    """A hazard's check rolled by ``who``: the ability, its Dif, the result, whether it
    passed, and what came of it (the effects' kinds, ``console.rules.hazards.common``)."""

    KIND: ClassVar[str] = "hazard_check"
    fight: int
    who: int
    hazard: str
    ability: str
    difficulty: int | None
    result: int
    passed: bool | None
    effects: tuple[str, ...]


@record
class HazardEnded(FightEvent):
    KIND: ClassVar[str] = "hazard_end"
    fight: int
    who: int
    hazard: str


@record
class CriticalCheck(FightEvent):
    """A critical-damage check of a PC, or a check of the party's vessel (``check``: its
    kind), with its Dif and the result."""

    KIND: ClassVar[str] = "check"
    fight: int
    who: int
    check: str
    difficulty: int | None
    result: int
    passed: bool | None


@record
class FightEnded(FightEvent):
    """The fight ended: ``how`` (won, fled, other; None: ended without saying, as a fight
    never begun) and its Table 18 row (None: none read)."""

    KIND: ClassVar[str] = "ended"
    fight: int
    how: str | None
    row: str | None


_KINDS: dict[str, type[FightEvent]] = {
    kind.KIND: kind for kind in (RoundBegan, TurnBegan, Held, ActedNow, Joined, Attacked,
                                 Wounded, Struck,
                                 StatusChanged, ConditionChanged, Shown, HazardBegan,
                                 HazardCheck, HazardEnded, CriticalCheck, FightEnded)}


def event_from_dict(data: object) -> FightEvent:
    raw: Mapping[str, Any] = need_mapping(data, "fight event")
    kind = _KINDS.get(str(raw.get("kind")))
    if kind is None:
        raise ModelError(f"fight event: unknown kind {raw.get('kind')!r}")
    names = {field.name for field in fields(kind)}  # type: ignore[arg-type]
    needed = {field.name for field in fields(kind)  # type: ignore[arg-type]
              if field.default is MISSING}
    check_keys(raw, f"{kind.KIND} event", {"kind", *names}, {"kind", *needed})
    return kind(**{name: raw[name] for name in names if name in raw})
