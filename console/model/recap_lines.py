"""One action's facts told for the recap: the GM's version, or the players' by the privacy
rules of their view (``console.model.player_view``).

:class:`Teller` turns the events of one log entry (``console.model.fight_events``) into
:class:`Said` items: words for people and the same as data (names resolved, numbers where
the version may hold them). An attack is told with the wounds its target took in the same
entry. In the players' version:

- a combatant hidden from them at the fight's end who was never revealed during it is
  "someone unseen": never his name, and his own doings (joining, being hidden, his wounds)
  are not told;
- an NPC is named as their view names him ("Foe 2" until the GM names him), his health a
  word (hurt, badly hurt, down ...), never his wounds, Vit or Nish; a PC's health is his
  numbers or a word, as the GM chose for their view;
- an NPC's conditions only if the GM shows them; no check's difficulty or result, only
  whether it passed; no GM note.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import field
from typing import Any

from console.model.encounters import Combatant, Encounter, Side, Status
from console.model.fight_events import (
    ActedNow,
    Attacked,
    ConditionChanged,
    CriticalCheck,
    FightEvent,
    HazardBegan,
    HazardCheck,
    HazardEnded,
    Held,
    Joined,
    Shown,
    StatusChanged,
    Struck,
    Wounded,
)
from console.model.player_view import health_word, shown_name
from console.model.table_settings import PcHealth, PlayersSettings
from console.model.text import counted
from console.model.vessels import FATES
from console.records import record
from console.rules.critical_damage import critical_damage

__all__ = ["UNSEEN", "Said", "Teller", "unseen_ids"]

UNSEEN = "someone unseen"
_DOWN = (Status.UNCONSCIOUS, Status.DEAD)
_FALLEN = (*_DOWN, *FATES)  # and a vessel's: crippled, destroyed


@record
class Said:
    """One thing that happened: ``text`` for people, ``data`` the same as data."""

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, **self.data}


def unseen_ids(encounter: Encounter, revealed: Iterable[int]) -> frozenset[int]:
    """Those the players never saw: hidden at the fight's end and not revealed during it
    (``revealed``: the ids a :class:`Shown` event revealed)."""
    shown = set(revealed)
    return frozenset(c.id for c in encounter.combatants if c.hidden and c.id not in shown)


def _verdict(passed: bool | None) -> str:
    return "passed" if passed else "failed" if passed is not None else "made"


class Teller:
    """Tells one fight's events, for the GM (``players`` False) or the players."""

    def __init__(self, encounter: Encounter, settings: PlayersSettings, *, players: bool,
                 unseen: frozenset[int] = frozenset()) -> None:
        self.encounter = encounter
        # A Façade fight (told by the fight, whatever the campaign plays now): a hit is
        # told with the hits it noted (:class:`Struck`), and one that noted none is not "no
        # wound": its blow was stopped, or lands at the end of the turn (Simple Combat),
        # told then. Its rounds are Façade's turns.
        self.facade = encounter.lowest_first
        self.settings = settings
        self.players = players
        self.unseen = unseen if players else frozenset()
        # Each one's status as the events told so far left it (all start the fight
        # active), and the status the entry being told leaves him in, where it changes it:
        # a wound is told with the standing he is in after it ("down" for the blow that
        # kills him, "critical" for one kept up past his Vit, "destroyed" for a vessel).
        self._standing: dict[int, Status] = {}
        self._after: dict[int, Status] = {}

    # ----- who and how he stands ------------------------------------------------------

    def _combatant(self, who: int | None) -> Combatant | None:
        return None if who is None else self.encounter.combatant(who)

    def name(self, who: int | None) -> str:
        combatant = self._combatant(who)
        if combatant is None:
            return "?"
        if not self.players:
            return combatant.name
        if combatant.id in self.unseen:
            return UNSEEN
        return shown_name(combatant, self.settings)

    def seen(self, who: int | None) -> bool:
        return who is not None and who not in self.unseen

    def _npc(self, who: int) -> bool:
        combatant = self._combatant(who)
        return combatant is not None and combatant.side is Side.NPC

    def worded(self, who: int) -> bool:
        """Whether his health is told as a word, never a number: an NPC's to the players,
        and a PC's when the GM shows the players words."""
        return self.players and (self._npc(who) or self.settings.pc_health is PcHealth.WORDS)

    def health(self, who: int, wounds: int, vit: int | None) -> tuple[str, dict[str, Any]]:
        """His standing after a change: numbers, or a word where the version wants one (an
        NPC the same entry puts down is "down"; one past his Vit and still up, "critical")."""
        if self.worded(who):
            word = health_word(wounds, vit, self._after.get(
                who, self._standing.get(who, Status.ACTIVE)))
            return word, {"health": word}
        if vit is None:
            return counted(wounds, "wound"), {"wounds": wounds, "vit": None}
        cd = critical_damage(wounds, vit)
        shown = f"{wounds}/{vit}" + ("" if cd is None else f", {cd} CD")
        return shown, {"wounds": wounds, "vit": vit}

    # ----- one entry ------------------------------------------------------------------

    def tell(self, events: Iterable[FightEvent]) -> list[Said]:
        """The entry's events of this fight in words (structure events excepted: the
        recap places rounds, turns and the end itself)."""
        mine = [e for e in events if e.fight == self.encounter.id]
        self._after = {e.who: e.status for e in mine if isinstance(e, StatusChanged)}
        attacked = {e.target for e in mine if isinstance(e, Attacked) and e.hit}
        wounds = {e.who: e for e in mine if isinstance(e, Wounded)}
        struck: dict[int, list[Struck]] = {}
        for event in mine:
            if isinstance(event, Struck):
                struck.setdefault(event.who, []).append(event)
        said: list[Said] = []
        for event in mine:
            if isinstance(event, Wounded | Struck) and event.who in attacked:
                continue  # told with the attack
            told = self._one(event, wounds, struck)
            if told is not None:
                if told.text.startswith(UNSEEN):  # a sentence starts with a capital
                    told = Said(told.kind, told.text[0].upper() + told.text[1:], told.data)
                said.append(told)
        self._standing.update(self._after)
        self._after = {}
        return said

    def _one(self, event: FightEvent, wounds: Mapping[int, Wounded],
             struck: Mapping[int, list[Struck]]) -> Said | None:
        handlers: dict[type, Callable[[Any], Said | None]] = {
            Attacked: lambda e: self._attack(e, wounds.get(e.target), struck.get(e.target, [])),
            Wounded: self._wounds, Struck: self._struck, StatusChanged: self._status,
            Joined: self._joined,
            Shown: self._shown, ConditionChanged: self._condition,
            HazardBegan: self._hazard_began, HazardCheck: self._hazard_check,
            HazardEnded: self._hazard_ended, CriticalCheck: self._check,
            Held: self._held, ActedNow: self._acted_now,
        }
        handler = handlers.get(type(event))
        return None if handler is None else handler(event)

    def _attack(self, event: Attacked, hurt: Wounded | None,
                hits: list[Struck]) -> Said | None:
        attacker, target = self.name(event.attacker), self.name(event.target)
        if self.players and not self.seen(event.attacker) and not self.seen(event.target):
            return None
        data: dict[str, Any] = {"attacker": None if event.attacker is None else attacker,
                                "target": target, "hit": event.hit}
        if event.attacker is None:
            text = f"{target} is hit"
        else:
            text = f"{attacker} {'hits' if event.hit else 'misses'} {target}"
        if not event.hit:
            return Said("attack", text, data)
        if self.facade:
            if event.stopped:
                return Said("attack", f"{text}: stopped by {self._their(event.target)} armor",
                            {**data, "stopped": True})
            if not hits or self.worded(event.target):
                return Said("attack", text, data)
            return Said("attack", f"{text}: {', '.join(hit.text for hit in hits)}",
                        {**data, "hits": [self._hit_data(hit) for hit in hits]})
        if hurt is None or hurt.after <= hurt.before:
            return Said("attack", text + ": no wound", {**data, "took": 0})
        standing, numbers = self.health(event.target, hurt.after, hurt.vit)
        if self.worded(event.target):
            return Said("attack", f"{text} ({standing})", {**data, **numbers})
        took = hurt.after - hurt.before
        return Said("attack", f"{text}: {counted(took, 'wound')} ({standing})",
                    {**data, "took": took, **numbers})

    def _wounds(self, event: Wounded) -> Said | None:
        if not self.seen(event.who):
            return None
        healed = event.after < event.before
        if self.worded(event.who) and not healed and self._npc(event.who) \
                and self._after.get(event.who) in _FALLEN:
            return None  # his fall is told once, by the status change that follows
        who = self.name(event.who)
        standing, numbers = self.health(event.who, event.after, event.vit)
        data = {"who": who, "healed": healed, **numbers}
        if self.worded(event.who):
            return Said("wounds", f"{who} is {standing}" if not healed
                        else f"{who} recovers ({standing})", data)
        amount = abs(event.after - event.before)
        verb = "heals" if healed else "takes"
        taken = str(amount) if healed else counted(amount, "wound")
        return Said("wounds", f"{who} {verb} {taken} ({standing})", {**data, "amount": amount})

    @staticmethod
    def _hit_data(hit: Struck) -> dict[str, Any]:
        return {"where": hit.where, "damage": hit.damage, "levels": hit.levels}

    def _struck(self, event: Struck) -> Said | None:
        """A Façade hit no attack in the entry tells: the GM's own, or a Simple Combat blow
        landing at the end of the turn. Its levels and place only where the version shows
        his numbers."""
        if not self.seen(event.who):
            return None
        who = self.name(event.who)
        if self.worded(event.who):
            return Said("struck", f"{who} is hit", {"who": who})
        return Said("struck", f"{who} takes {event.text}", {"who": who,
                                                             **self._hit_data(event)})

    def _status(self, event: StatusChanged) -> Said | None:
        if not self.seen(event.who):
            return None
        who = self.name(event.who)
        status = event.status
        if self.players and self._npc(event.who):
            if status in _DOWN:
                return Said("status", f"{who} is down", {"who": who, "status": "down"})
            if status is Status.ACTIVE and event.was in _DOWN:
                return Said("status", f"{who} is back up", {"who": who, "status": "active"})
        words = {Status.DEAD: "dies", Status.UNCONSCIOUS: "falls unconscious",
                 Status.REMOVED: "leaves the fight", Status.CRIPPLED: "is crippled",
                 Status.DESTROYED: "is destroyed",
                 Status.ACTIVE: "is back in the fight" if event.was is not Status.REMOVED
                 else "rejoins the fight"}
        return Said("status", f"{who} {words[status]}", {"who": who, "status": status.value})

    def _their(self, who: int) -> str:
        combatant = self.encounter.combatant(who)
        return "their" if combatant is None else combatant.pronoun.their

    def _held(self, event: Held) -> Said | None:
        if not self.seen(event.who):
            return None
        who, their = self.name(event.who), self._their(event.who)
        saved = f"part of {their}" if event.part else their
        return Said("held", f"{who} saves {saved} Initiative", {"who": who, "part": event.part})

    def _acted_now(self, event: ActedNow) -> Said | None:
        if not self.seen(event.who):
            return None
        who = self.name(event.who)
        return Said("acts_now", f"{who} acts now on {self._their(event.who)} saved Initiative",
                    {"who": who})

    def _joined(self, event: Joined) -> Said | None:
        if not self.seen(event.who):
            return None
        who = self.name(event.who)
        return Said("joined", f"{who} joins the fight", {"who": who})

    def _shown(self, event: Shown) -> Said | None:
        who = self.name(event.who)
        if self.players:
            if event.hidden or not self.seen(event.who):
                return None
            return Said("shown", f"{who} appears", {"who": who})
        said = "hidden from the players" if event.hidden else "shown to the players"
        return Said("shown", f"{who}: {said}", {"who": who, "hidden": event.hidden})

    def _condition(self, event: ConditionChanged) -> Said | None:
        if event.on is not None and (not self.seen(event.on) or (
                self.players and self._npc(event.on) and not self.settings.npc_conditions)):
            return None
        on = "" if event.on is None else f" on {self.name(event.on)}"
        data = {"condition": event.name, "on": None if event.on is None else self.name(event.on),
                "added": event.added, "until_round": event.until}
        if not event.added:
            return Said("condition", f"{event.name}{on} ends", data)
        lasting = ("until removed" if event.until is None
                   else f"through {self.encounter.words.round} {event.until}")
        return Said("condition", f"{event.name}{on}, {lasting}", data)

    def _hazard_began(self, event: HazardBegan) -> Said | None:
        if not self.seen(event.who):
            return None
        who = self.name(event.who)
        return Said("hazard", f"{who}: {event.hazard} begins",
                    {"who": who, "hazard": event.hazard})

    def _hazard_ended(self, event: HazardEnded) -> Said | None:
        if not self.seen(event.who):
            return None
        who = self.name(event.who)
        return Said("hazard_end", f"{who}: {event.hazard} is over",
                    {"who": who, "hazard": event.hazard})

    def _hazard_check(self, event: HazardCheck) -> Said | None:
        if not self.seen(event.who):
            return None
        who = self.name(event.who)
        verdict = _verdict(event.passed)
        data: dict[str, Any] = {"who": who, "hazard": event.hazard, "ability": event.ability,
                                "passed": event.passed}
        if self.players:
            return Said("hazard_check", f"{who}'s {event.hazard} check ({event.ability}): "
                                        f"{verdict}", data)
        against = "" if event.difficulty is None else f" vs {event.difficulty}"
        came = "" if not event.effects else "; " + ", ".join(event.effects)
        return Said("hazard_check",
                    f"{who}'s {event.hazard} check ({event.ability}{against}): "
                    f"{event.result}, {verdict}{came}",
                    {**data, "difficulty": event.difficulty, "result": event.result,
                     "effects": list(event.effects)})

    def _check(self, event: CriticalCheck) -> Said | None:
        if not self.seen(event.who):
            return None
        who = self.name(event.who)
        verdict = _verdict(event.passed)
        data: dict[str, Any] = {"who": who, "check": event.check, "passed": event.passed}
        if self.players:
            return Said("check", f"{who}'s {event.check} check: {verdict}", data)
        against = "" if event.difficulty is None else f" vs {event.difficulty}"
        return Said("check", f"{who}'s {event.check} check{against}: {event.result}, "
                             f"{verdict}",
                    {**data, "difficulty": event.difficulty, "result": event.result})
