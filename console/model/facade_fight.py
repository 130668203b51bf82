"""A Façade fight (issue 31, seed 002 Part 3): Initiative from Action, interrupts, a turn's
Active and Passive actions, attacks whose blows land by location, Simple Combat's
exchanges, Limit Pools, first aid and healing, as pure functions from the encounter (and the
PC sheets holding the PCs' hits) to an :class:`Outcome`, like the tracker's.

The tracker's round is Façade's turn. Initiative is Action (``Combatant.nish``), lowest
first (``Encounter.lowest_first``), ties striated by an Active Contest of Action
(``tie_order``). Who may act when: the one whose click it is; anyone with a better
Initiative (later in the order) who has not had his click yet, as an interrupt; once his
click has passed, only defenses against attacks ("After this is passed, he may only take
defensive actions against directed attacks, and then only if he has a Passive or Active
action left to use"). An interrupter left with no action is done for the turn: his click,
when it comes, is skipped.

Where damage lives: a PC's hits and pools on his sheet (they outlast the fight, and heal
there), an NPC's on his combatant. Damage "takes effect immediately" in Dramatic Combat:
the penalties are read from the hits at once. In Simple Combat "all damage and effects
happen at the end of the turn": hits wait (``pending``) until the next turn is called.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from console.model.characters import PlayerCharacter
from console.model.encounters import Combatant, Condition, Encounter, Side, Status
from console.model.errors import ModelError
from console.model.facade_sheet import FacadeHealth, FacadeSheet, FacadeWeapon
from console.model.npcs import NpcTemplate
from console.model.outcome import Outcome
from console.model.skills import Skills
from console.model.tracker import call_for_nish
from console.model.turns import END, current_turn, pending, round_order, settle
from console.rules.errors import RulesError
from console.rules.facade_combat.actions import Kind, Stance, TurnActions
from console.rules.facade_combat.blows import Choice, choices, simple_blow
from console.rules.facade_combat.contests import Attack, active_level, counts, needs_defense
from console.rules.facade_combat.damage import Blow, Damage, DamageType, dealt, through_armor
from console.rules.facade_combat.healing import first_aid_difficulty, healed
from console.rules.facade_combat.health import Hit, Location
from console.rules.facade_combat.initiative import striated
from console.rules.facade_combat.limits import Effect, Level, add, effect, heavy_strain, pool_for
from console.rules.facade_combat.traits import CATEGORY_OF, POOLS
from console.rules.systems import facade

__all__ = [
    "STABLE",
    "Fighter",
    "Step",
    "Trait",
    "adjust_pool",
    "attack_trait",
    "check_attack",
    "fighter",
    "first_aid",
    "gm_hit",
    "heal_facade_pc",
    "health_numbers",
    "health_word",
    "initiative_state",
    "land_attack",
    "new_turn",
    "out_of_deadly",
    "parse_hit",
    "set_tie_rolls",
    "simple_exchange",
    "take_action",
]

STABLE = "stable (first aid)"
Step = Kind | Stance
Pcs = Mapping[int, PlayerCharacter]
Npcs = Mapping[int, NpcTemplate]


def _rules(error: RulesError) -> ModelError:
    return ModelError(str(error))


# ----- who he is in Façade's terms ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
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
    def action(self) -> int | None:
        return None if self.sheet is None else self.sheet.action

    def numbers(self) -> FacadeSheet:
        if self.sheet is None:
            kind = "PC" if self.combatant.is_pc else "NPC template"
            raise ModelError(f"{self.name} has no Façade numbers: give his {kind} its "
                             "attributes (roster, e)")
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


def _combatant(encounter: Encounter, combatant_id: int) -> Combatant:
    found = encounter.combatant(combatant_id)
    if found is None:
        raise ModelError(f"no combatant {combatant_id} in {encounter.name}")
    return found


def _sheet_pc(combatant: Combatant, pcs: Pcs) -> PlayerCharacter | None:
    return pcs.get(combatant.ref) if combatant.is_pc and combatant.ref is not None else None


def fighter(encounter: Encounter, combatant_id: int, pcs: Pcs, npcs: Npcs) -> Fighter:
    combatant = _combatant(encounter, combatant_id)
    pc = _sheet_pc(combatant, pcs)
    if pc is not None:
        return Fighter(combatant, pc.facade, pc.skills, pc.facade_health, pc)
    template = (npcs.get(combatant.ref) if not combatant.is_pc and combatant.ref is not None
                else None)
    if template is not None:
        return Fighter(combatant, template.facade, template.skills, combatant.facade_health)
    return Fighter(combatant, None, Skills(), combatant.facade_health)


def _replace(encounter: Encounter, changed: Combatant) -> Encounter:
    return encounter.with_changes(combatants=tuple(
        changed if c.id == changed.id else c for c in encounter.combatants))


class _Fight:
    """The encounter and the PC sheets one command changes, kept together."""

    def __init__(self, encounter: Encounter, pcs: Pcs, npcs: Npcs) -> None:
        self.before = encounter
        self.encounter = encounter
        self.pcs = dict(pcs)
        self.npcs = npcs
        self.changed_pcs: dict[int, PlayerCharacter] = {}
        self.notices: list[str] = []
        self.alerts: list[str] = []

    def fighter(self, combatant_id: int) -> Fighter:
        return fighter(self.encounter, combatant_id, self.pcs, self.npcs)

    def set_health(self, who: Fighter, health: FacadeHealth) -> None:
        if who.pc is not None:
            sheet = self.pcs[who.pc.id].with_changes(facade_health=health)
            self.pcs[sheet.id] = self.changed_pcs[sheet.id] = sheet
        else:
            current = _combatant(self.encounter, who.combatant.id)
            self.encounter = _replace(self.encounter,
                                      current.with_changes(facade_health=health))

    def set_combatant(self, combatant: Combatant) -> None:
        self.encounter = _replace(self.encounter, combatant)

    def outcome(self) -> Outcome:
        settled = settle(self.before, self.encounter, self.notices, self.alerts)
        return Outcome.told(*self.changed_pcs.values()).then(settled)


# ----- Initiative and actions ------------------------------------------------------------------


def initiative_state(encounter: Encounter, combatant_id: int) -> str:
    """Where his Initiative stands this turn: "free" (no turn running: anyone may act),
    "now" (his click), "later" (a better Initiative, still to come: he may interrupt),
    "passed" (his click is over: defenses only), "none" (no Initiative this turn)."""
    if encounter.round == 0 or encounter.current in (None, END):
        return "free"
    order = round_order(encounter)
    turn = current_turn(encounter, order)
    if turn is not None and combatant_id in pending(turn, encounter.acted):
        return "now"
    if combatant_id in encounter.acted:
        return "passed"
    mine = order.turn_of(combatant_id)
    here = None if turn is None else order.position(turn.key)
    there = None if mine is None else order.position(mine.key)
    if here is None or there is None:
        return "none"
    return "later" if there > here else "passed"


def _actor(fight: _Fight, combatant_id: int) -> Combatant:
    combatant = _combatant(fight.encounter, combatant_id)
    if combatant.status is not Status.ACTIVE:
        raise ModelError(f"{combatant.name} is {combatant.status.value}: no actions")
    return combatant


def _spend(fight: _Fight, combatant_id: int, step: Step, *, interrupting: bool = False,
           defense: bool = False) -> TurnActions:
    """Take an action of this kind (or declare a stance) for him, checking his Initiative;
    a defense may be taken at any click."""
    combatant = _actor(fight, combatant_id)
    state = initiative_state(fight.encounter, combatant_id)
    if interrupting and state != "later":
        turn = current_turn(fight.encounter)
        whose = turn.label if turn is not None else "nobody's turn"
        raise ModelError(f"{combatant.name} cannot interrupt {whose}: only a better "
                         "Initiative still to act may interrupt")
    if not defense and not interrupting:
        if state == "later":
            raise ModelError(f"{combatant.name}'s Initiative is still to come: he acts at "
                             "his own click, or interrupts (i)")
        if state == "passed":
            raise ModelError(f"{combatant.name}'s Initiative has passed this turn: he may "
                             "only defend against attacks")
        if state == "none":
            raise ModelError(f"{combatant.name} has no Initiative this turn")
    try:
        actions = (combatant.actions.take(step) if isinstance(step, Kind)
                   else combatant.actions.go(step))
    except RulesError as error:
        raise ModelError(f"{combatant.name}: {error}") from None
    changed = combatant.with_changes(actions=actions)
    fight.set_combatant(changed)
    if interrupting and not actions.any_left and combatant_id not in fight.encounter.acted:
        # Done for the turn: his own click passes him by.
        fight.encounter = fight.encounter.with_changes(
            acted=(*fight.encounter.acted, combatant_id))
    return actions


def _interrupted(encounter: Encounter) -> str:
    turn = current_turn(encounter)
    return turn.label if turn is not None else "the turn"


def take_action(encounter: Encounter, pcs: Pcs, npcs: Npcs, combatant_id: int, step: Step,
                what: str = "", *, interrupting: bool = False) -> Outcome:
    """An action other than an attack (a move, an aimed spell, ...) or a stance declared:
    ``Kind.ACTIVE`` / ``Kind.PASSIVE``, ``Stance.FULLY_ACTIVE`` / ``Stance.FULLY_PASSIVE``."""
    fight = _Fight(encounter, pcs, npcs)
    interrupted = _interrupted(encounter)
    actions = _spend(fight, combatant_id, step, interrupting=interrupting)
    who = _combatant(encounter, combatant_id).name
    label = step.value if isinstance(step, Stance) else f"{step.value.capitalize()} action"
    doing = f": {what}" if what else ""
    if interrupting:
        fight.notices.append(f"{who} interrupts {interrupted} ({label}{doing})")
    else:
        fight.notices.append(f"{who}: {label}{doing}")
    fight.notices.append(f"{who}: {actions.describe()}")
    return fight.outcome()


def set_tie_rolls(encounter: Encounter, rolls: Mapping[int, int]) -> Outcome:
    """The Active Contest of Action between those with the same Action: each tie striated
    by its rolls, the lowest first."""
    if not rolls:
        raise ModelError("no rolls given")
    actions = {c.id: c.nish for c in encounter.combatants if c.nish is not None}
    missing = [_combatant(encounter, key).name for key in rolls if key not in actions]
    if missing:
        raise ModelError(f"{', '.join(missing)}: no Initiative yet (call the turn first)")
    order = striated({key: value for key, value in actions.items() if value is not None},
                     rolls)
    contested = {actions[key] for key in rolls}
    changed = encounter
    for combatant in encounter.combatants:
        if combatant.id in order and actions.get(combatant.id) in contested:
            changed = _replace(changed, combatant.with_changes(tie_order=order[combatant.id]))
    said = ", ".join(f"{_combatant(encounter, key).name} {roll}" for key, roll in rolls.items())
    notice = f"Initiative contest of Action: {said}"
    if encounter.round > 0 and not encounter.acted and all(
            c.actions.fresh for c in encounter.combatants):
        # Step 1 before anyone has acted: the turn starts again from the lowest Initiative.
        fresh = changed.with_changes(current=None)
        return settle(fresh, fresh, (notice,))
    return settle(encounter, changed, (notice,))


def _land_pending(fight: _Fight) -> None:
    """Simple Combat's hits, waiting for the end of the turn, land."""
    for combatant in fight.encounter.combatants:
        who = fight.fighter(combatant.id)
        if who.health.pending:
            fight.set_health(who, who.health.with_changes(
                hits=who.health.hits + who.health.pending, pending=()))
            fight.notices.append(f"End of the turn: {who.name} takes "
                                 + ", ".join(map(str, who.health.pending)))
            _after_damage(fight, fight.fighter(combatant.id))


def new_turn(encounter: Encounter, pcs: Pcs, npcs: Npcs) -> Outcome:
    """The next turn: Simple Combat's waiting damage lands, everyone's actions are fresh,
    and everyone's Initiative is his Action (a PC's from his sheet, an NPC's from his
    template); the tracker's call for Nish does the rest."""
    fight = _Fight(encounter, pcs, npcs)
    if encounter.round > 0:
        _land_pending(fight)
    rolls: dict[int, int | None] = {}
    for combatant in fight.encounter.combatants:
        action = fight.fighter(combatant.id).action
        changes: dict[str, object] = {"actions": TurnActions()}
        if combatant.side is Side.NPC and action is not None:
            changes["recorded_nish"] = action
        if combatant.side is Side.PC:
            rolls[combatant.id] = action if action is not None else combatant.nish
        fight.set_combatant(_combatant(fight.encounter, combatant.id).with_changes(**changes))
    called = call_for_nish(fight.encounter, rolls)
    # The tracker's round is Façade's turn, on Action: said in Façade's words.
    said = tuple(f"Turn {called.encounter.round}: Initiative is Action, lowest first"
                 if line.endswith(": Nish called") else line for line in called.notices)
    turn = Outcome.told(*fight.changed_pcs.values(), notices=fight.notices,
                        alerts=fight.alerts)
    return turn.then(Outcome(called.changes, said, called.alerts))


# ----- damage ----------------------------------------------------------------------------------


def out_of_deadly(who: Fighter) -> bool:
    return who.sheet is not None and (
        who.health.taken()[DamageType.D] >= who.sheet.tracks.deadly)


def _after_damage(fight: _Fight, who: Fighter) -> None:
    """Out of Deadly levels: an NPC falls (the seed: "unimportant GM characters probably
    should fall down unconscious or attempt to crawl off once they are out of Deadly
    levels"); a PC's player chooses ("Few player characters are likely to choose to
    drop")."""
    if not out_of_deadly(who):
        return
    combatant = _combatant(fight.encounter, who.combatant.id)
    if combatant.side is Side.NPC and combatant.status is Status.ACTIVE:
        fight.set_combatant(combatant.with_changes(status=Status.UNCONSCIOUS))
        fight.alerts.append(f"{who.name} is out of Deadly levels: he falls unconscious or "
                            "crawls off (u to bring him back)")
    elif combatant.side is Side.PC:
        fight.alerts.append(f"{who.name} is out of Deadly levels: his player says whether "
                            "he drops")


def _add_pool(fight: _Fight, combatant_id: int, pool: str, points: int, why: str) -> None:
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


# ----- an attack in Dramatic Combat ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Trait:
    """An attack's trait: attribute + skill, less the hits' penalties, with the GM's
    modifier; the difficulty (the target's Action, or a pool's floor); the roll's dice."""

    attribute: int
    skill: int
    penalty: int
    modifier: int
    difficulty: int
    fails: bool  # a pool at double the category, or nothing left to roll
    notes: tuple[str, ...]

    @property
    def total(self) -> int:
        return self.attribute + self.skill - self.penalty + self.modifier

    @property
    def roll(self) -> facade.FacadeRoll | None:
        """The dice: the trait's (1-18; above 18, 18's dice and the rest added)."""
        if self.fails or self.total < 1:
            return None
        base = min(self.total, 18)
        return facade.FacadeRoll(facade.trait_dice(base), self.total - base, self.total)

    def levels(self) -> dict[str, Fraction]:
        """The exact chance of each row of the chart: "failure", "near_miss", "0" .. "9"."""
        spec = self.roll
        if spec is None:
            found = dict.fromkeys(("failure", "near_miss", *map(str, range(10))), Fraction(0))
            found["failure"] = Fraction(1)
            return found
        return facade.levels(spec, self.difficulty)


def attack_trait(attacker: Fighter, target: Fighter, weapon: FacadeWeapon,
                 modifier: int = 0) -> Trait:
    """What the attacker rolls against the target (the seed: "a Passive Contest of an
    appropriate attribute (usually Agility) added to a Martial skill against a difficulty of
    the opponent's Action score"), the hits' penalties and his pool applied."""
    numbers = attacker.numbers()
    action = target.numbers().action
    attribute = numbers.attribute(weapon.attribute)
    skill = attacker.skills.level(weapon.skill) if weapon.skill else 0
    penalty = attacker.health.penalties.on(arms=not weapon.legs, legs=weapon.legs)
    notes = [f"{weapon.attribute} {attribute} + {weapon.skill or 'no skill'} {skill}"]
    if penalty:
        notes.append(f"-{penalty} for his hits ({attacker.health.notation})")
    if modifier:
        notes.append(f"{modifier:+d} the GM's")
    pool = attacker.pool_effect(weapon.attribute)
    difficulty = action
    if pool.level is Level.FLOOR and pool.floor > action:
        difficulty = pool.floor
        notes.append(f"{pool.pool} {pool.floor}: difficulty at least {pool.floor}")
    if pool.fails:
        notes.append(f"{pool.text}: the attack fails")
    if attribute == 0 and skill == 0:
        notes.append(f"{weapon.attribute} 0 and no skill: nothing to roll")
    return Trait(attribute, skill, penalty, modifier, difficulty, pool.fails, tuple(notes))


def _blow_damage(attacker: Fighter, target: Fighter, weapon: FacadeWeapon,
                 choice: Choice) -> tuple[Damage, Damage | None]:
    """The blow's damage, and what the armor where it lands lets through."""
    strength = attacker.numbers().attribute("Strength")
    blow = dealt(weapon.parsed.at(strength), choice.blow)
    layers = target.numbers().layers(choice.location)
    return blow, through_armor(blow, layers, doubled=weapon.bullet, gun=weapon.gun)


def _take_hit(fight: _Fight, target_id: int, hit: Hit, *, later: bool = False) -> None:
    who = fight.fighter(target_id)
    if later:
        fight.set_health(who, who.health.with_changes(pending=(*who.health.pending, hit)))
        return
    fight.set_health(who, who.health.with_changes(hits=(*who.health.hits, hit)))
    after = fight.fighter(target_id)
    penalties = after.health.penalties
    fight.notices.append(f"{who.name}: {after.health.notation}" + (
        f" (penalties {penalties})" if penalties != who.health.penalties else ""))
    _after_damage(fight, after)


def land_attack(encounter: Encounter, pcs: Pcs, npcs: Npcs, attacker_id: int,
                target_id: int, weapon: int, roll: int, *, defense: int | None = None,
                choice: Choice | None = None, modifier: int = 0, interrupting: bool = False,
                fully_active: bool = False) -> Outcome:
    """An attack of Dramatic Combat, as one action: the attacker's Active action (an
    interrupt, or fully Active, as declared), the target's defense if he rolled one (his
    Passive action, or his Active one going Fully Defensive), Limit for the failed rolls and
    the too-heavy weapon, and the blow the attacker chose from the chart, through the armor
    where it lands, noted as a hit."""
    fight = _Fight(encounter, pcs, npcs)
    interrupted = _interrupted(encounter)
    attacker, target = fight.fighter(attacker_id), fight.fighter(target_id)
    if not 0 <= roll <= 200:
        raise ModelError(f"a roll of {roll}? 0 to 200")
    arm, trait = _begin_attack(fight, attacker, target, weapon, modifier, interrupting,
                               fully_active)
    rolled = 0 if trait.roll is None else roll
    if defense is not None:
        if not needs_defense(rolled, trait.difficulty):
            raise ModelError(f"{target.name} need not defend: {rolled} misses his Action "
                             f"{trait.difficulty} by 3 or more")
        _defend(fight, target_id)
        if target.sheet is not None and counts(defense, target.sheet.attribute("Agility")) == 0:
            fight.notices.append(f"{target.name}: Agility 0, his defense fails")
            defense = 0
    read = Attack(rolled, trait.difficulty, defense)
    start = f"{attacker.name} attacks {target.name} with {arm.name}"
    if interrupting:
        start = f"{attacker.name} interrupts {interrupted}: attacks {target.name} with {arm.name}"
    defended = f", {target.name} defends with {defense}" if defense is not None else ""
    fight.notices.append(f"{start}: {rolled} vs {trait.difficulty}{defended}: "
                         f"{facade.level_name(facade.level(read.roll, read.difficulty))}")
    if read.failed:
        _add_pool(fight, attacker_id, pool_for(arm.attribute), 1, "a failed roll")
    if defense is not None and not read.failed:
        _add_pool(fight, target_id, pool_for("Agility"), 1, "a failed defense")
    strain = heavy_strain(arm.strength, attacker.numbers().attribute("Strength"))
    _add_pool(fight, attacker_id, "Strain", strain, f"{arm.name} is too heavy for him")
    allowed = choices(read.margin)
    if choice is None and allowed:
        raise ModelError("choose the blow: " + "; ".join(map(str, allowed)))
    if choice is not None and choice not in allowed:
        raise ModelError(f"{choice} is not on the chart's row for a margin of {read.margin}")
    if choice is not None:
        blow, through = _blow_damage(attacker, target, arm, choice)
        if through is None:
            fight.notices.append(f"{choice}: {blow}, stopped by his armor")
        else:
            armor = "" if through == blow else f", {through} through his armor"
            fight.notices.append(f"{choice}: {blow}{armor}")
            _take_hit(fight, target_id, Hit(choice.location, through.type, through.levels))
    return fight.outcome()


def _begin_attack(fight: _Fight, attacker: Fighter, target: Fighter, weapon: int,
                  modifier: int, interrupting: bool,
                  fully_active: bool) -> tuple[FacadeWeapon, Trait]:
    """What an attack is checked for before its roll, and the attacker's action spent."""
    if attacker.combatant.id == target.combatant.id:
        raise ModelError(f"{attacker.name} cannot attack himself")
    if target.combatant.status in (Status.DEAD, Status.REMOVED):
        raise ModelError(f"{target.name} is {target.combatant.status.value}")
    arm = attacker.weapon(weapon)
    trait = attack_trait(attacker, target, arm, modifier)
    attacker_id = attacker.combatant.id
    if fully_active and attacker.combatant.actions.stance is not Stance.FULLY_ACTIVE:
        _spend(fight, attacker_id, Stance.FULLY_ACTIVE, interrupting=interrupting)
    _spend(fight, attacker_id, Kind.ACTIVE, interrupting=interrupting)
    return arm, trait


def check_attack(encounter: Encounter, pcs: Pcs, npcs: Npcs, attacker_id: int,
                 target_id: int, weapon: int, *, modifier: int = 0,
                 interrupting: bool = False, fully_active: bool = False) -> Trait:
    """An attack's trait, refused now as landing it would be (his Initiative, his actions,
    the target, the weapon): the roll is asked only for an attack that may be made."""
    fight = _Fight(encounter, pcs, npcs)
    return _begin_attack(fight, fight.fighter(attacker_id), fight.fighter(target_id), weapon,
                         modifier, interrupting, fully_active)[1]


def _defend(fight: _Fight, target_id: int) -> None:
    """His defense: a Passive action (block or dodge), or going Fully Defensive with his
    Active action; a fully Passive turn defends every attack."""
    target = _combatant(fight.encounter, target_id)
    if target.status is not Status.ACTIVE:
        raise ModelError(f"{target.name} is {target.status.value}: he cannot defend")
    actions = target.actions
    if not actions.can(Kind.PASSIVE):
        if actions.can(Kind.ACTIVE) and actions.stance is Stance.NORMAL:
            _spend(fight, target_id, Stance.FULLY_PASSIVE, defense=True)
            fight.notices.append(f"{target.name} goes Fully Defensive")
        else:
            raise ModelError(f"{target.name} has no action left to defend with "
                             f"({actions.describe()})")
    _spend(fight, target_id, Kind.PASSIVE, defense=True)


# ----- Simple Combat ---------------------------------------------------------------------------


def simple_exchange(encounter: Encounter, pcs: Pcs, npcs: Npcs, attacker_id: int,
                    target_id: int, weapon: int, roll: int, against: int, *,
                    target_weapon: int | None = None, where: Location = Location.TORSO,
                    blow: Blow | None = None) -> Outcome:
    """Simple Combat's steps 2 and 3, as one action: the two rolls of an active contest
    (the target attacking back with ``target_weapon``, or only defending), the loser's
    Fatigue, the winner's blow by how far he won (``blow`` and ``where``: a better blow
    traded for a location, "At the GM and player option"), which lands at the end of the
    turn. A tie when both attack: each scores a Glancing blow to the torso (the console's
    reading of "If there is a tie ... a Glancing Blow is scored")."""
    fight = _Fight(encounter, pcs, npcs)
    a, b = fight.fighter(attacker_id), fight.fighter(target_id)
    if attacker_id == target_id:
        raise ModelError(f"{a.name} cannot fight himself")
    for number in (roll, against):
        if not 0 <= number <= 200:
            raise ModelError(f"a roll of {number}? 0 to 200")
    arms = {attacker_id: a.weapon(weapon)}
    if target_weapon is not None:
        arms[target_id] = b.weapon(target_weapon)
    fight.notices.append(f"{a.name} ({roll}) against {b.name} ({against})")
    # "A character with a 0 attribute automatically fails any active contest involving
    # that attribute": his roll counts for nothing (a defender's is his Agility's).
    for who, arm, rolled in ((a, arms[attacker_id], roll), (b, arms.get(target_id), against)):
        attribute = arm.attribute if arm is not None else "Agility"
        if who.numbers().attribute(attribute) == 0 and rolled:
            fight.notices.append(f"{who.name}: {attribute} 0, he fails the contest")
    roll = counts(roll, a.numbers().attribute(arms[attacker_id].attribute))
    defending = arms.get(target_id)
    against = counts(against, b.numbers().attribute(
        defending.attribute if defending is not None else "Agility"))
    for who_id, arm in arms.items():
        who = fight.fighter(who_id)
        _add_pool(fight, who_id, "Strain",
                  heavy_strain(arm.strength, who.numbers().attribute("Strength")),
                  f"{arm.name} is too heavy for him")
    if roll == against:
        for who_id, other_id in ((attacker_id, target_id), (target_id, attacker_id)):
            if who_id in arms:
                _simple_hit(fight, who_id, other_id, arms[who_id], Choice(
                    Location.TORSO, Blow.GLANCING), "a tie")
        return fight.outcome()
    winner, loser = (attacker_id, target_id) if roll > against else (target_id, attacker_id)
    high, low = max(roll, against), min(roll, against)
    scored = simple_blow(high, low)
    fight.notices.append(f"{fight.fighter(winner).name} wins by {high - low}: "
                         f"{facade.LEVEL_NAMES[active_level(high, low)]} Success, "
                         f"a {scored.value} blow" if winner in arms else
                         f"{fight.fighter(winner).name} wins by {high - low}")
    _add_pool(fight, loser, "Fatigue", 1, "lost the contest")
    if winner in arms:
        chosen = scored if blow is None or winner != attacker_id else blow
        order = list(Blow)
        if order.index(chosen) < order.index(scored):
            raise ModelError(f"a {chosen.value} blow is better than the {scored.value} scored")
        place = where if winner == attacker_id else Location.TORSO
        if place is not Location.TORSO and chosen is scored and blow is None:
            raise ModelError("a blow to another location than the torso trades a better "
                             "level of damage: choose it")
        _simple_hit(fight, winner, loser, arms[winner], Choice(place, chosen), "")
    return fight.outcome()


def _simple_hit(fight: _Fight, attacker_id: int, target_id: int, weapon: FacadeWeapon,
                choice: Choice, why: str) -> None:
    attacker, target = fight.fighter(attacker_id), fight.fighter(target_id)
    blow, through = _blow_damage(attacker, target, weapon, choice)
    reason = f" ({why})" if why else ""
    if through is None:
        fight.notices.append(f"{attacker.name}: {choice}{reason}, {blow} stopped by armor")
        return
    fight.notices.append(f"{attacker.name}: {choice}{reason}, {through} to {target.name} at "
                         "the end of the turn")
    _take_hit(fight, target_id, Hit(choice.location, through.type, through.levels),
              later=True)


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
    fight = _Fight(encounter, pcs, npcs)
    who = fight.fighter(combatant_id)
    fight.notices.append(f"{who.name} takes {hit}")
    _take_hit(fight, combatant_id, hit)
    return fight.outcome()


# ----- Limit, first aid, healing ---------------------------------------------------------------


def adjust_pool(encounter: Encounter, pcs: Pcs, npcs: Npcs, combatant_id: int, pool: str,
                change: int, why: str = "") -> Outcome:
    """The GM raises or lowers a pool (Strain from a punch that hit, Fatigue bleeding off
    once he stops attacking, rest)."""
    if pool not in POOLS.values():
        raise ModelError(f"{pool}: the pools are {', '.join(POOLS.values())}")
    fight = _Fight(encounter, pcs, npcs)
    who = fight.fighter(combatant_id)
    if change > 0:
        _add_pool(fight, combatant_id, pool, change, why or "the GM's")
    else:
        level = max(0, who.health.pool(pool) + change)
        fight.set_health(who, who.health.with_changes(pools={**who.health.pools, pool: level}))
        fight.notices.append(f"{who.name}: {pool} {level}" + (f" ({why})" if why else ""))
    return fight.outcome()


def first_aid(encounter: Encounter, pcs: Pcs, npcs: Npcs, patient_id: int, roll: int,
              medic_id: int | None = None) -> Outcome:
    """An Insight + First Aid roll against the patient's Total Damage less his Health: made,
    he is stable (a condition until removed); failed, the medic gains Stress and may try
    again in a minute."""
    fight = _Fight(encounter, pcs, npcs)
    patient = fight.fighter(patient_id)
    difficulty = first_aid_difficulty(patient.health.total,
                                      patient.numbers().attribute("Health"))
    found = facade.level(roll, difficulty)
    fight.notices.append(f"First aid on {patient.name}: {roll} vs {difficulty}: "
                         f"{facade.level_name(found)}")
    if isinstance(found, int):
        kept = tuple(c for c in fight.encounter.conditions
                     if not (c.name == STABLE and c.target == patient_id))
        fight.encounter = fight.encounter.with_changes(conditions=(
            *kept, Condition(STABLE, patient_id, since_round=fight.encounter.round)))
    elif medic_id is not None:
        _add_pool(fight, medic_id, "Stress", 1, "a failed Insight roll")
    return fight.outcome()


def heal_facade_pc(pc: PlayerCharacter, health: int, days: int) -> Outcome:
    """``days`` of healing at this Health (``rules.facade_combat.healing.healing_health``):
    each type's levels come off his hits, the oldest first; a hit healed whole is gone."""
    try:
        levels = healed(health, days)
    except RulesError as error:
        raise _rules(error) from None
    left = dict(levels)
    hits: list[Hit] = []
    for hit in pc.facade_health.hits:
        cut = min(left[hit.type], hit.levels)
        left[hit.type] -= cut
        if hit.levels > cut:
            hits.append(Hit(hit.location, hit.type, hit.levels - cut))
    sheet = pc.with_changes(facade_health=pc.facade_health.with_changes(hits=tuple(hits)))
    done = {kind: levels[kind] - left[kind] for kind in levels}
    said = ", ".join(f"{n}{kind.value}" for kind, n in done.items() if n) or "nothing to heal"
    return Outcome.told(sheet, notices=(f"{pc.name} heals {days} day(s) at Health {health}: "
                                        f"{said}",))
