"""A Façade fight (issue 31, seed 002 Part 3) in the model: who a combatant is in Façade's
terms (:class:`Fighter`), the working copy one command changes (:class:`Fight`: the
encounter and the PC sheets), and what damage does: hits noted by location, their
penalties at once, Limit gained, what being out of Deadly levels does, the GM's own hit.
The turn and its actions are ``facade_turns``, attacks ``facade_attacks``, pools, first aid
and healing ``facade_care``; each is a pure function from the encounter (and the PC sheets
holding the PCs' hits) to an :class:`Outcome`, like the tracker's.

Where damage lives: a PC's hits and pools on his sheet (they outlast the fight, and heal
there), an NPC's on his combatant. Damage "takes effect immediately" in Dramatic Combat:
the penalties are read from the hits at once. In Simple Combat "all damage and effects
happen at the end of the turn": hits wait (``pending``) until the next turn is called.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from console.model.characters import PlayerCharacter
from console.model.encounters import Combatant, Encounter, Side, Status, combatant_of
from console.model.errors import ModelError
from console.model.facade_sheet import FacadeHealth, FacadeSheet, FacadeWeapon
from console.model.fight_events import Attacked
from console.model.npcs import NpcTemplate
from console.model.outcome import Outcome
from console.model.pronouns import Pronoun
from console.model.skills import Skills
from console.model.turns import settle
from console.records import record
from console.rules.errors import RulesError
from console.rules.facade_combat.actions import Kind, Stance
from console.rules.facade_combat.damage import DamageType
from console.rules.facade_combat.health import Hit, Location
from console.rules.facade_combat.limits import Effect, Level, add, effect, pool_for
from console.rules.facade_combat.traits import CATEGORY_OF, POOLS

__all__ = [
    "Fight",
    "Fighter",
    "Npcs",
    "Pcs",
    "Step",
    "add_pool",
    "after_damage",
    "combatant_of",
    "fighter",
    "gm_hit",
    "health_numbers",
    "health_word",
    "no_numbers_advice",
    "out_of_deadly",
    "parse_hit",
    "replace_combatant",
    "rules_error",
    "take_hit",
]

Step = Kind | Stance
Pcs = Mapping[int, PlayerCharacter]
Npcs = Mapping[int, NpcTemplate]


def rules_error(error: RulesError) -> ModelError:
    return ModelError(str(error))


# ----- who he is in Façade's terms ---------------------------------------------------------


def no_numbers_advice(who: Fighter) -> str:
    """Where a fighter without Façade numbers gets them: his PC's sheet, his template, or,
    added by hand with neither, a template from the roster."""
    their = who.pronoun.their
    if who.combatant.is_pc:
        return f"give {their} PC's sheet its attributes (roster, e)"
    if who.combatant.ref is not None:
        return f"give {their} NPC template its attributes (roster, e)"
    return (f"added by hand, {who.pronoun.they} {who.pronoun.has} none; a roster template "
            "brings them (2, then enter on it)")


@record
class Fighter:
    """A combatant in Façade's terms: his numbers (a PC's sheet, an NPC's template), his
    skills, what the fight has done to him (kept on ``pc`` when a PC's sheet holds it)."""

    combatant: Combatant
    sheet: FacadeSheet | None
    skills: Skills
    health: FacadeHealth
    pc: PlayerCharacter | None = None

    @property
    def name(self) -> str:
        return self.combatant.name

    @property
    def pronoun(self) -> Pronoun:
        return self.combatant.pronoun

    @property
    def action(self) -> int | None:
        return None if self.sheet is None else self.sheet.action

    def numbers(self) -> FacadeSheet:
        if self.sheet is None:
            raise ModelError(f"{self.name} has no Façade numbers: {no_numbers_advice(self)}")
        return self.sheet

    def effects(self) -> list[Effect]:
        """What his Limit Pools do now (those that do something)."""
        if self.sheet is None:
            return []
        found = [effect(pool, self.health.pool(pool), self.sheet.category(category))
                 for category, pool in POOLS.items()]
        return [e for e in found if e.level is not Level.NONE]

    def pool_effect(self, attribute: str) -> Effect:
        pool = pool_for(attribute)
        category = CATEGORY_OF.get(attribute, attribute)
        return effect(pool, self.health.pool(pool), self.numbers().category(category))

    def weapon(self, index: int) -> FacadeWeapon:
        weapons = self.numbers().weapons
        if not 0 <= index < len(weapons):
            raise ModelError(f"{self.name} has {len(weapons)} weapon(s): no weapon "
                             f"{index + 1}")
        return weapons[index]


def _sheet_pc(combatant: Combatant, pcs: Pcs) -> PlayerCharacter | None:
    return pcs.get(combatant.ref) if combatant.is_pc and combatant.ref is not None else None


def fighter(encounter: Encounter, combatant_id: int, pcs: Pcs, npcs: Npcs) -> Fighter:
    combatant = combatant_of(encounter, combatant_id)
    pc = _sheet_pc(combatant, pcs)
    if pc is not None:
        return Fighter(combatant, pc.facade, pc.skills, pc.facade_health, pc)
    template = (npcs.get(combatant.ref) if not combatant.is_pc and combatant.ref is not None
                else None)
    if template is not None:
        return Fighter(combatant, template.facade, template.skills, combatant.facade_health)
    return Fighter(combatant, None, Skills(), combatant.facade_health)


def replace_combatant(encounter: Encounter, changed: Combatant) -> Encounter:
    return encounter.with_changes(combatants=tuple(
        changed if c.id == changed.id else c for c in encounter.combatants))


class Fight:
    """The encounter and the PC sheets one command changes, kept together."""

    def __init__(self, encounter: Encounter, pcs: Pcs, npcs: Npcs) -> None:
        self.before = encounter
        self.encounter = encounter
        self.pcs = dict(pcs)
        self.npcs = npcs
        self.changed_pcs: dict[int, PlayerCharacter] = {}
        self.notices: list[str] = []
        self.alerts: list[str] = []
        # What no document shows, for the session's recap: each attack and whether it hit,
        # and the blows the armor stopped (the hits noted are read from the sheets,
        # console.model.fight_facts).
        self._attacks: list[tuple[int, int, bool]] = []
        self._stopped: set[tuple[int, int]] = set()

    def attacked(self, attacker_id: int, target_id: int, hit: bool) -> None:
        self._attacks.append((attacker_id, target_id, hit))

    def stopped_by_armor(self, attacker_id: int, target_id: int) -> None:
        self._stopped.add((attacker_id, target_id))

    def fighter(self, combatant_id: int) -> Fighter:
        return fighter(self.encounter, combatant_id, self.pcs, self.npcs)

    def set_health(self, who: Fighter, health: FacadeHealth) -> None:
        if who.pc is not None:
            sheet = self.pcs[who.pc.id].with_changes(facade_health=health)
            self.pcs[sheet.id] = self.changed_pcs[sheet.id] = sheet
        else:
            current = combatant_of(self.encounter, who.combatant.id)
            self.encounter = replace_combatant(self.encounter,
                                      current.with_changes(facade_health=health))

    def setcombatant_of(self, combatant: Combatant) -> None:
        self.encounter = replace_combatant(self.encounter, combatant)

    def outcome(self) -> Outcome:
        settled = settle(self.before, self.encounter, self.notices, self.alerts)
        events = [Attacked(self.encounter.id, attacker, target, hit,
                           stopped=hit and (attacker, target) in self._stopped)
                  for attacker, target, hit in self._attacks]
        return Outcome.told(*self.changed_pcs.values()).then(settled).with_events(*events)



# ----- damage ----------------------------------------------------------------------------------


def out_of_deadly(who: Fighter) -> bool:
    return who.sheet is not None and (
        who.health.taken()[DamageType.D] >= who.sheet.tracks.deadly)


def after_damage(fight: Fight, who: Fighter) -> None:
    """Out of Deadly levels: an NPC falls (the seed: "unimportant GM characters probably
    should fall down unconscious or attempt to crawl off once they are out of Deadly
    levels"); a PC's player chooses ("Few player characters are likely to choose to
    drop")."""
    if not out_of_deadly(who):
        return
    combatant = combatant_of(fight.encounter, who.combatant.id)
    if combatant.side is Side.NPC and combatant.status is Status.ACTIVE:
        fight.setcombatant_of(combatant.with_changes(status=Status.UNCONSCIOUS))
        they = who.pronoun
        fight.alerts.append(f"{who.name} is out of Deadly levels: {they.they} "
                            f"{they.verb('falls', 'fall')} unconscious or "
                            f"{they.verb('crawls', 'crawl')} off (u to bring {they.them} back)")
    elif combatant.side is Side.PC:
        they = who.pronoun
        fight.alerts.append(f"{who.name} is out of Deadly levels: {they.their} player says "
                            f"whether {they.they} {they.verb('drops', 'drop')}")


def add_pool(fight: Fight, combatant_id: int, pool: str, points: int, why: str) -> None:
    """``points`` more in his pool; what the pools now do, if it changed, is an alert."""
    if points <= 0:
        return
    who = fight.fighter(combatant_id)
    mind = who.sheet.category("Mind") if who.sheet is not None else 0
    fight.set_health(who, who.health.with_changes(pools=add(who.health.pools, pool, points,
                                                            mind)))
    fight.notices.append(f"{who.name}: +{points} {pool} ({why})")
    was = {found.pool: found.level for found in who.effects()}
    for found in fight.fighter(combatant_id).effects():
        if was.get(found.pool) is not found.level:
            fight.alerts.append(f"{who.name}: {found.text}")


def health_word(who: Fighter) -> str:
    """His health as one of the players' view's words, read from Façade's tracks: down (out
    of the fight, or out of Deadly levels), badly hurt (Deadly levels taken, or a track
    full), hurt (any hit), unhurt."""
    status = who.combatant.status
    if status in (Status.UNCONSCIOUS, Status.DEAD):
        return "down"
    if out_of_deadly(who):
        return "down"
    taken = who.health.taken()
    if not any(taken.values()):
        return "unhurt"
    full = who.sheet is not None and any(
        taken[kind] >= who.sheet.tracks.of(kind) for kind in DamageType)
    return "badly hurt" if taken[DamageType.D] or full else "hurt"


def health_numbers(who: Fighter) -> str:
    """His tracks as the sheet keeps them: "B 3/9 C 1/6 D 0/3" (levels taken of each)."""
    taken = who.health.taken()
    if who.sheet is None:
        return " ".join(f"{kind.value} {n}" for kind, n in taken.items() if n)
    return " ".join(f"{kind.value} {taken[kind]}/{who.sheet.tracks.of(kind)}"
                    for kind in DamageType)



def take_hit(fight: Fight, target_id: int, hit: Hit, *, later: bool = False) -> None:
    who = fight.fighter(target_id)
    if later:
        fight.set_health(who, who.health.with_changes(pending=(*who.health.pending, hit)))
        return
    fight.set_health(who, who.health.with_changes(hits=(*who.health.hits, hit)))
    after = fight.fighter(target_id)
    penalties = after.health.penalties
    fight.notices.append(f"{who.name}: {after.health.notation}" + (
        f" (penalties {penalties})" if penalties != who.health.penalties else ""))
    after_damage(fight, after)



# ----- the GM's own damage ---------------------------------------------------------------------


_HIT = re.compile(r"\s*(\d{1,2})\s*([BCD])\s+(?:to\s+(?:the\s+)?)?(\w+)\s*", re.I | re.A)


def parse_hit(text: str) -> Hit:
    """"2C arms", "4B to the torso": a hit as the seed writes it."""
    match = _HIT.fullmatch(text)
    if match is None:
        raise ModelError(f"{text.strip()[:30] or 'nothing'}: write a hit as levels, type and "
                         "place, like 2C arms or 4B to the torso")
    word = match.group(3).casefold()
    place = next((where for where in Location if where.value.casefold().startswith(word[:3])
                  and len(word) >= 3), None)
    if place is None:
        raise ModelError(f"{match.group(3)}: the places are torso, legs, arms, head")
    levels = int(match.group(1))
    if levels < 1:
        raise ModelError("a hit of 1 level or more")
    return Hit(place, DamageType(match.group(2).upper()), levels)


def gm_hit(encounter: Encounter, pcs: Pcs, npcs: Npcs, combatant_id: int, hit: Hit) -> Outcome:
    """The GM's own hit (a fall, a fire, a hit worked out at the table): noted as it is,
    no roll and no armor, with its penalties and what being out of Deadly levels does."""
    fight = Fight(encounter, pcs, npcs)
    who = fight.fighter(combatant_id)
    fight.notices.append(f"{who.name} takes {hit}")
    take_hit(fight, combatant_id, hit)
    return fight.outcome()
