"""Encounters: who is fighting, the round and the turn, the initiative mode and conditions.

The initiative vocabulary (mode, side, status, shock) is the rules core's own: an encounter
stores it, ``console.rules.initiative`` orders the round from it.
"""

from __future__ import annotations

from dataclasses import field, replace
from datetime import datetime
from enum import StrEnum
from typing import Any, ClassVar

from console.model.errors import ModelError
from console.model.facade_sheet import FacadeHealth
from console.model.fields import (
    check_keys,
    format_time,
    need_int,
    need_list,
    need_mapping,
    need_str,
    opt_int,
    parse_time,
)
from console.model.fight_end import Ending, KeptForecast
from console.model.fight_words import FightWords, fight_words
from console.model.pronouns import THEY, Pronoun, need_pronoun
from console.model.text import NOTES_HELD, need_name, need_notes
from console.records import record
from console.rules.critical_damage import CheckKind
from console.rules.errors import RulesError
from console.rules.facade_combat.actions import Stance, TurnActions
from console.rules.initiative import InitiativeMode, Shock, Side, Status
from console.rules.vehicle_damage import VesselCheckKind

__all__ = [
    "Combatant",
    "Condition",
    "Encounter",
    "Hazard",
    "Hold",
    "InitiativeMode",
    "Shock",
    "Side",
    "Status",
    "combatant_of",
]


class Hold(StrEnum):
    """Saved Initiative: none, all of the actions, or part of them (e.g. the attack)."""

    NONE = "none"
    ALL = "all"
    PART = "part"


def _enum(kind: type[StrEnum], value: object, what: str) -> Any:
    if isinstance(value, kind):
        return value
    try:
        return kind(str(value))
    except ValueError:
        choices = ", ".join(member.value for member in kind)
        raise ModelError(f"{what} must be one of {choices}, not {value!r}") from None


@record
class Combatant:
    """One participant. ``ref`` is the PC id (side pc) or NPC template id it came from.

    PCs keep wounds and Vitality on their sheet; an NPC's are here. ``recorded_nish`` is an
    NPC's set Nish (never rolled); ``nish`` is the number called this round (None: not yet).
    """

    id: int
    name: str
    side: Side = Side.NPC
    ref: int | None = None
    nish: int | None = None
    recorded_nish: int | None = None
    wounds: int = 0
    vit_max: int | None = None
    status: Status = Status.ACTIVE
    shock: Shock = Shock.NONE
    hold: Hold = Hold.NONE
    tie_order: int = 0
    group: int | None = None  # copies spawned together share one Nish
    pass_out_check_done: bool = False  # the one-off WP (5) check at exactly 0 CD
    drain_stopped: bool = False  # Vitality drain stopped until new damage
    notes: str = ""
    # A PC's critical-damage checks owed now: those a hit has just made due, and, once his
    # turn comes, the round's checks on his Nish (each is made once; see checks_owed_by).
    checks_owed: tuple[CheckKind, ...] = ()
    checks_round: int = 0  # the round whose on-Nish checks were last asked of him
    hidden: bool = False  # kept from the players' view until the GM reveals him
    # The players' view may call NPCs "Foe 1", "Foe 2" (console.model.table_settings):
    # ``foe`` is his number, given once when he is first shown and kept, so the table's
    # "Foe 2" stays the same man; ``named``: the GM has told the table his name.
    foe: int | None = None
    named: bool = False
    # The party's own vehicle or ship: the roster template it was made from (a PC-side
    # combatant with no sheet: its hull is its wounds and Vit here), the critical checks it
    # owes now, and cascade failure (a system-failure check every round after a system
    # failed, until one succeeds; ``cascade_round``: the round of the last one made).
    template: int | None = None
    vessel_owed: tuple[VesselCheckKind, ...] = ()
    cascading: bool = False
    cascade_round: int = 0
    # What the fight's end is read from (console.model.fight_facts): he was down
    # (unconscious or dead) at some point, he had critical damage at some point. Kept as
    # the fight goes, so an undo takes them back with the change that set them.
    was_down: bool = False
    was_critical: bool = False
    # A Façade fight (issue 31): his hits and Limit Pools when they are not on a PC's sheet
    # (an NPC's, a sheetless PC's), and his actions this turn.
    facade_health: FacadeHealth = field(default_factory=FacadeHealth)
    actions: TurnActions = field(default_factory=TurnActions)
    # How the console refers to him (console.model.pronouns): a PC's from his sheet as he
    # joins (and as it is edited), "they" for anyone else.
    pronoun: Pronoun = THEY

    _KEYS: ClassVar[frozenset[str]] = frozenset(
        {"id", "name", "side", "ref", "nish", "recorded_nish", "wounds", "vit_max", "status",
         "shock", "hold", "tie_order", "group", "pass_out_check_done", "drain_stopped",
         "notes", "checks_owed", "checks_round", "hidden", "template", "vessel_owed",
         "cascading", "cascade_round", "foe", "named", "was_down", "was_critical",
         "facade_health", "actions", "pronoun"}
    )

    def __post_init__(self) -> None:
        need_int(self.id, "combatant id", minimum=1)
        need_name(self.name, "combatant name")
        who = self.name
        object.__setattr__(self, "side", _enum(Side, self.side, f"{who}: side"))
        opt_int(self.ref, f"{who}: ref", minimum=1)
        opt_int(self.nish, f"{who}: Nish", minimum=0)
        opt_int(self.recorded_nish, f"{who}: recorded Nish", minimum=0)
        need_int(self.wounds, f"{who}: wounds", minimum=0)
        opt_int(self.vit_max, f"{who}: Vit", minimum=0)
        object.__setattr__(self, "status", _enum(Status, self.status, f"{who}: status"))
        object.__setattr__(self, "shock", _enum(Shock, self.shock, f"{who}: shock"))
        object.__setattr__(self, "hold", _enum(Hold, self.hold, f"{who}: hold"))
        need_int(self.tie_order, f"{who}: tie order")
        opt_int(self.group, f"{who}: group", minimum=1)
        for flag in ("pass_out_check_done", "drain_stopped", "hidden", "named", "was_down",
                     "was_critical"):
            if not isinstance(getattr(self, flag), bool):
                raise ModelError(f"{who}: {flag.replace('_', ' ')} must be true or false")
        need_notes(self.notes, f"{who}: notes")
        owed = tuple(_enum(CheckKind, kind, f"{who}: check owed")
                     for kind in need_list(self.checks_owed, f"{who}: checks owed"))
        if len(set(owed)) != len(owed):
            raise ModelError(f"{who}: a check is owed twice")
        object.__setattr__(self, "checks_owed", owed)
        need_int(self.checks_round, f"{who}: checks round", minimum=0)
        opt_int(self.foe, f"{who}: foe number", minimum=1)
        opt_int(self.template, f"{who}: template", minimum=1)
        if self.template is not None and (self.side is not Side.PC or self.ref is not None):
            raise ModelError(f"{who}: only the party's vessel names a template (a PC-side "
                             "combatant with no sheet)")
        vessel_owed = tuple(_enum(VesselCheckKind, kind, f"{who}: vessel check owed")
                            for kind in need_list(self.vessel_owed, f"{who}: vessel checks"))
        if len(set(vessel_owed)) != len(vessel_owed):
            raise ModelError(f"{who}: a vessel check is owed twice")
        object.__setattr__(self, "vessel_owed", vessel_owed)
        if not isinstance(self.cascading, bool):
            raise ModelError(f"{who}: cascading must be true or false")
        need_int(self.cascade_round, f"{who}: cascade round", minimum=0)
        if (vessel_owed or self.cascading) and self.template is None:
            raise ModelError(f"{who}: only the party's vessel owes vessel checks")
        if not isinstance(self.facade_health, FacadeHealth):
            raise ModelError(f"{who}: Façade health expected")
        if not isinstance(self.actions, TurnActions):
            raise ModelError(f"{who}: actions this turn expected")
        object.__setattr__(self, "pronoun", need_pronoun(self.pronoun, who))

    @property
    def is_pc(self) -> bool:
        return self.side is Side.PC

    def with_changes(self, **changes: Any) -> Combatant:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Its fields, leaving out those at their defaults (``from_dict`` fills them in):
        a fight of a hundred combatants is rewritten at every key, and most of each
        combatant is at its default (28.9 KB whole, about a third of it in this form)."""
        data: dict[str, Any] = {"id": self.id, "name": self.name, "side": self.side.value}
        every = {
            "ref": self.ref, "nish": self.nish, "recorded_nish": self.recorded_nish,
            "wounds": self.wounds, "vit_max": self.vit_max, "status": self.status.value,
            "shock": self.shock.value, "hold": self.hold.value, "tie_order": self.tie_order,
            "group": self.group, "pass_out_check_done": self.pass_out_check_done,
            "drain_stopped": self.drain_stopped, "notes": self.notes,
            "checks_owed": [kind.value for kind in self.checks_owed],
            "checks_round": self.checks_round, "hidden": self.hidden,
            "foe": self.foe, "named": self.named, "template": self.template,
            "vessel_owed": [kind.value for kind in self.vessel_owed],
            "cascading": self.cascading, "cascade_round": self.cascade_round,
            "was_down": self.was_down, "was_critical": self.was_critical,
            "facade_health": self.facade_health.to_dict(),
            "actions": [self.actions.active, self.actions.passive, self.actions.stance.value],
            "pronoun": self.pronoun.text,
        }
        data.update((key, value) for key, value in every.items()
                    if value != _COMBATANT_DEFAULTS[key])
        return data

    @classmethod
    def from_dict(cls, data: object) -> Combatant:
        raw = need_mapping(data, "combatant")
        check_keys(raw, "combatant", set(cls._KEYS), {"id", "name"})
        return cls(
            id=raw["id"], name=raw["name"], side=raw.get("side", "npc"), ref=raw.get("ref"),
            nish=raw.get("nish"), recorded_nish=raw.get("recorded_nish"),
            wounds=raw.get("wounds", 0), vit_max=raw.get("vit_max"),
            status=raw.get("status", "active"), shock=raw.get("shock", "none"),
            hold=raw.get("hold", "none"), tie_order=raw.get("tie_order", 0),
            group=raw.get("group"),
            pass_out_check_done=raw.get("pass_out_check_done", False),
            drain_stopped=raw.get("drain_stopped", False), notes=raw.get("notes", ""),
            checks_owed=tuple(need_list(raw.get("checks_owed", []), "checks owed")),
            checks_round=raw.get("checks_round", 0), hidden=raw.get("hidden", False),
            foe=raw.get("foe"), named=raw.get("named", False),
            template=raw.get("template"),
            vessel_owed=tuple(need_list(raw.get("vessel_owed", []), "vessel checks owed")),
            cascading=raw.get("cascading", False), cascade_round=raw.get("cascade_round", 0),
            was_down=raw.get("was_down", False), was_critical=raw.get("was_critical", False),
            facade_health=_facade_health(raw.get("facade_health", {}), raw["name"]),
            actions=_actions(raw.get("actions", [0, 0, "normal"]), raw["name"]),
            pronoun=raw.get("pronoun", THEY.text),
        )


def _facade_health(data: object, who: object) -> FacadeHealth:
    try:
        return FacadeHealth.from_dict(data)
    except ModelError as error:
        raise ModelError(f"{who}: {error}") from None


def _actions(data: object, who: object) -> TurnActions:
    raw = need_list(data, f"{who}: actions")
    if len(raw) != 3:
        raise ModelError(f"{who}: actions: Active, Passive and the stance")
    try:
        return TurnActions(need_int(raw[0], f"{who}: Active actions", minimum=0),
                           need_int(raw[1], f"{who}: Passive actions", minimum=0),
                           _enum(Stance, raw[2], f"{who}: stance"))
    except RulesError as error:
        raise ModelError(f"{who}: {error}") from None


# What Combatant.from_dict fills in for a field a document leaves out.
_COMBATANT_DEFAULTS: dict[str, Any] = {
    "pronoun": THEY.text,
    "ref": None, "nish": None, "recorded_nish": None, "wounds": 0, "vit_max": None,
    "status": "active", "shock": "none", "hold": "none", "tie_order": 0, "group": None,
    "pass_out_check_done": False, "drain_stopped": False, "notes": "", "checks_owed": [],
    "checks_round": 0, "hidden": False, "foe": None, "named": False, "template": None,
    "vessel_owed": [], "cascading": False, "cascade_round": 0, "was_down": False,
    "was_critical": False, "facade_health": {}, "actions": [0, 0, "normal"],
}


@record
class Condition:
    """A lasting effect on a combatant (or the whole encounter when ``target`` is None).

    It lasts through the end of round ``until_round`` (None: until the GM removes it).
    """

    name: str
    target: int | None = None
    until_round: int | None = None
    since_round: int = 0
    notes: str = ""

    def __post_init__(self) -> None:
        need_name(self.name, "condition name")
        opt_int(self.target, f"condition {self.name}: target", minimum=1)
        opt_int(self.until_round, f"condition {self.name}: until round", minimum=0)
        need_int(self.since_round, f"condition {self.name}: since round", minimum=0)
        need_notes(self.notes, f"condition {self.name}: notes")

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "target": self.target, "until_round": self.until_round,
                "since_round": self.since_round, "notes": self.notes}

    @classmethod
    def from_dict(cls, data: object) -> Condition:
        raw = need_mapping(data, "condition")
        check_keys(raw, "condition", {"name", "target", "until_round", "since_round", "notes"},
                   {"name"})
        return cls(raw["name"], raw.get("target"), raw.get("until_round"),
                   raw.get("since_round", 0), raw.get("notes", ""))


@record
class Hazard:
    """A hazard in progress on a combatant: its state as the rules core saves it, and the
    last round it moved on (it moves once per round, on the victim's Nish)."""

    target: int
    state: dict[str, Any]
    ticked_round: int = 0

    def __post_init__(self) -> None:
        need_int(self.target, "hazard target", minimum=1)
        need_mapping(self.state, "hazard state")
        need_int(self.ticked_round, "hazard round", minimum=0)

    def to_dict(self) -> dict[str, Any]:
        return {"target": self.target, "state": dict(self.state),
                "ticked_round": self.ticked_round}

    @classmethod
    def from_dict(cls, data: object) -> Hazard:
        raw = need_mapping(data, "hazard")
        check_keys(raw, "hazard", {"target", "state", "ticked_round"}, {"target", "state"})
        return cls(raw["target"], dict(need_mapping(raw["state"], "hazard state")),
                   raw.get("ticked_round", 0))


@record
class Encounter:
    """A fight or scene. Round 0: Nish has not been called yet. ``current`` is the key of the
    turn in progress (see ``console.rules.initiative.Turn``), ``"end"`` once the round is
    over, None before the first turn. ``acted`` are the combatants who have had their turn
    this round (or saved it), in the order they had it: the next turn is always the highest
    one with someone still to act, whatever changed in the round (``console.model.turns``)."""

    TABLE: ClassVar[str] = "encounters"

    id: int
    name: str
    combatants: tuple[Combatant, ...] = ()
    round: int = 0
    current: str | None = None
    mode: InitiativeMode = InitiativeMode.INDIVIDUAL
    party_nish: int | None = None  # group mode: the leader's roll this round
    leader: int | None = None  # group mode: the leading PC's combatant id
    conditions: tuple[Condition, ...] = ()
    active: bool = True
    hazards: tuple[Hazard, ...] = ()
    acted: tuple[int, ...] = ()
    lowest_first: bool = False  # the lowest number acts first (a Façade campaign's fights)
    # When the turn in progress began (or the round ended): the turn timer counts from it,
    # and the log's images of it before and after a turn keep that turn's length
    # (console.model.turn_timer). None: no turn since this was kept.
    turn_since: datetime | None = None
    # The forecast run when its first Nish was called, and how it ended (the GM's word and
    # the Table 18 row it reached): console.model.fight_end.
    forecast: KeptForecast | None = None
    ending: Ending | None = None

    # Launched from a prepared encounter (console.model.adventures): (adventure id, its
    # encounter's id), for the GM's boxed text and notes; None: begun blank.
    source: tuple[int, int] | None = None
    # The boxed text the GM has revealed to the players' view ("" none): a copy, so the
    # table sees what was read whatever is edited in the adventure later.
    read_aloud: str = ""

    _KEYS: ClassVar[frozenset[str]] = frozenset(
        {"id", "name", "combatants", "round", "current", "mode", "party_nish", "leader",
         "conditions", "active", "hazards", "acted", "lowest_first", "turn_since",
         "forecast", "ending", "source", "read_aloud"}
    )

    def __post_init__(self) -> None:
        need_int(self.id, "encounter id", minimum=1)
        need_name(self.name, "encounter name")
        what = f"encounter {self.name}"
        object.__setattr__(self, "combatants", tuple(self.combatants))
        object.__setattr__(self, "conditions", tuple(self.conditions))
        object.__setattr__(self, "hazards", tuple(self.hazards))
        ids = [c.id for c in self.combatants]
        if len(ids) != len(set(ids)):
            raise ModelError(f"{what}: two combatants share an id")
        need_int(self.round, f"{what}: round", minimum=0)
        if self.current is not None:
            need_str(self.current, f"{what}: current turn")
        object.__setattr__(self, "mode", _enum(InitiativeMode, self.mode, f"{what}: mode"))
        opt_int(self.party_nish, f"{what}: party Nish", minimum=0)
        opt_int(self.leader, f"{what}: leader", minimum=1)
        if not isinstance(self.active, bool):
            raise ModelError(f"{what}: active must be true or false")
        if not isinstance(self.lowest_first, bool):
            raise ModelError(f"{what}: lowest first must be true or false")
        if self.turn_since is not None and (not isinstance(self.turn_since, datetime)
                                            or self.turn_since.tzinfo is None):
            raise ModelError(f"{what}: turn start: expected a time with a UTC offset")
        acted = tuple(need_int(key, f"{what}: acted", minimum=1)
                      for key in need_list(self.acted, f"{what}: acted"))
        if len(set(acted)) != len(acted) or not set(acted) <= set(ids):
            raise ModelError(f"{what}: the combatants who have acted must be distinct "
                             "combatants of the encounter")
        object.__setattr__(self, "acted", acted)
        if self.forecast is not None and not isinstance(self.forecast, KeptForecast):
            raise ModelError(f"{what}: forecast must be a KeptForecast record")
        if self.ending is not None and not isinstance(self.ending, Ending):
            raise ModelError(f"{what}: ending must be an Ending record")
        if self.source is not None:
            pair = tuple(need_int(part, f"{what}: prepared encounter", minimum=1)
                         for part in need_list(self.source, f"{what}: prepared encounter"))
            if len(pair) != 2:
                raise ModelError(f"{what}: prepared encounter: an adventure and an encounter")
            object.__setattr__(self, "source", pair)
        need_notes(self.read_aloud, f"{what}: boxed text read", NOTES_HELD)

    def with_changes(self, **changes: Any) -> Encounter:
        return replace(self, **changes)

    @property
    def words(self) -> FightWords:
        """What its game calls its round, Initiative and turn (Façade: turn, click)."""
        return fight_words(self.lowest_first)

    def combatant(self, combatant_id: int) -> Combatant | None:
        for combatant in self.combatants:
            if combatant.id == combatant_id:
                return combatant
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "combatants": [c.to_dict() for c in self.combatants],
            "round": self.round,
            "current": self.current,
            "mode": self.mode.value,
            "party_nish": self.party_nish,
            "leader": self.leader,
            "conditions": [c.to_dict() for c in self.conditions],
            "active": self.active,
            "hazards": [h.to_dict() for h in self.hazards],
            "acted": list(self.acted),
            "lowest_first": self.lowest_first,
            "turn_since": None if self.turn_since is None else format_time(self.turn_since),
            "forecast": None if self.forecast is None else self.forecast.to_dict(),
            "ending": None if self.ending is None else self.ending.to_dict(),
            # Only when set: every fight's document is rewritten at every key.
            **({} if self.source is None else {"source": list(self.source)}),
            **({"read_aloud": self.read_aloud} if self.read_aloud else {}),
        }

    @classmethod
    def from_dict(cls, data: object) -> Encounter:
        raw = need_mapping(data, "encounter")
        check_keys(raw, "encounter", set(cls._KEYS), {"id", "name"})
        return cls(
            id=raw["id"],
            name=raw["name"],
            combatants=tuple(Combatant.from_dict(c)
                             for c in need_list(raw.get("combatants", []), "combatants")),
            round=raw.get("round", 0),
            current=raw.get("current"),
            mode=raw.get("mode", "individual"),
            party_nish=raw.get("party_nish"),
            leader=raw.get("leader"),
            conditions=tuple(Condition.from_dict(c)
                             for c in need_list(raw.get("conditions", []), "conditions")),
            active=raw.get("active", True),
            hazards=tuple(Hazard.from_dict(h)
                          for h in need_list(raw.get("hazards", []), "hazards")),
            acted=tuple(need_list(raw.get("acted", []), "acted")),
            lowest_first=raw.get("lowest_first", False),
            turn_since=(None if raw.get("turn_since") is None
                        else parse_time(raw["turn_since"], "encounter turn start")),
            forecast=(None if raw.get("forecast") is None
                      else KeptForecast.from_dict(raw["forecast"])),
            ending=None if raw.get("ending") is None else Ending.from_dict(raw["ending"]),
            source=(None if raw.get("source") is None
                    else tuple(need_list(raw["source"], "prepared encounter"))),
            read_aloud=raw.get("read_aloud", ""),
        )


def combatant_of(encounter: Encounter, combatant_id: int) -> Combatant:
    """The combatant a change names; refused when he is not in the fight (any more)."""
    found = encounter.combatant(combatant_id)
    if found is None:
        raise ModelError(f"no combatant {combatant_id} in {encounter.name}")
    return found
