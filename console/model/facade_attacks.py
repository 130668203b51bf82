"""A Façade attack (issue 31, seed 002): Dramatic Combat's (a Passive Contest of attribute
+ martial skill against the target's Action, his defense, the blow chosen from the chart by
location, armor, the hit noted) and Simple Combat's exchange (an active contest, the blow by
how far the winner won, landing at the end of the turn)."""

from __future__ import annotations

from fractions import Fraction

from console.model.encounters import Encounter, Status
from console.model.errors import ModelError
from console.model.facade_fight import (
    Fight,
    Fighter,
    Npcs,
    Pcs,
    add_pool,
    combatant_of,
    take_hit,
)
from console.model.facade_sheet import FacadeWeapon
from console.model.facade_turns import interrupted_label, spend
from console.model.outcome import Outcome
from console.records import record
from console.rules.facade_combat.actions import Kind, Stance
from console.rules.facade_combat.blows import Choice, choices, simple_blow
from console.rules.facade_combat.contests import Attack, active_level, counts, needs_defense
from console.rules.facade_combat.damage import Blow, Damage, dealt, through_armor
from console.rules.facade_combat.health import Hit, Location
from console.rules.facade_combat.limits import Level, heavy_strain, pool_for
from console.rules.systems import facade

__all__ = ["Trait", "attack_trait", "check_attack", "land_attack", "simple_exchange"]

# ----- an attack in Dramatic Combat ------------------------------------------------------------


@record
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
        notes.append(f"-{penalty} for {attacker.pronoun.their} hits ({attacker.health.notation})")
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


def land_attack(encounter: Encounter, pcs: Pcs, npcs: Npcs, attacker_id: int,
                target_id: int, weapon: int, roll: int, *, defense: int | None = None,
                choice: Choice | None = None, modifier: int = 0, interrupting: bool = False,
                fully_active: bool = False) -> Outcome:
    """An attack of Dramatic Combat, as one action: the attacker's Active action (an
    interrupt, or fully Active, as declared), the target's defense if he rolled one (his
    Passive action, or his Active one going Fully Defensive), Limit for the failed rolls and
    the too-heavy weapon, and the blow the attacker chose from the chart, through the armor
    where it lands, noted as a hit."""
    fight = Fight(encounter, pcs, npcs)
    interrupted = interrupted_label(encounter)
    attacker, target = fight.fighter(attacker_id), fight.fighter(target_id)
    if not 0 <= roll <= 200:
        raise ModelError(f"a roll of {roll}? 0 to 200")
    arm, trait = _begin_attack(fight, attacker, target, weapon, modifier, interrupting,
                               fully_active)
    rolled = 0 if trait.roll is None else roll
    if defense is not None:
        if not needs_defense(rolled, trait.difficulty):
            raise ModelError(f"{target.name} need not defend: {rolled} misses "
                             f"{target.pronoun.their} Action {trait.difficulty} by 3 or more")
        _defend(fight, target_id)
        if target.sheet is not None and counts(defense, target.sheet.attribute("Agility")) == 0:
            fight.notices.append(f"{target.name}: Agility 0, {target.pronoun.their} defense fails")
            defense = 0
    read = Attack(rolled, trait.difficulty, defense)
    start = f"{attacker.name} attacks {target.name} with {arm.name}"
    if interrupting:
        start = f"{attacker.name} interrupts {interrupted}: attacks {target.name} with {arm.name}"
    defended = f", {target.name} defends with {defense}" if defense is not None else ""
    fight.notices.append(f"{start}: {rolled} vs {trait.difficulty}{defended}: "
                         f"{facade.level_name(facade.level(read.roll, read.difficulty))}")
    if read.failed:
        add_pool(fight, attacker_id, pool_for(arm.attribute), 1, "a failed roll")
    if defense is not None and not read.failed:
        add_pool(fight, target_id, pool_for("Agility"), 1, "a failed defense")
    strain = heavy_strain(arm.strength, attacker.numbers().attribute("Strength"))
    add_pool(fight, attacker_id, "Strain", strain,
             f"{arm.name} is too heavy for {attacker.pronoun.them}")
    allowed = choices(read.margin)
    if choice is None and allowed:
        raise ModelError("choose the blow: " + "; ".join(map(str, allowed)))
    if choice is not None and choice not in allowed:
        raise ModelError(f"{choice} is not on the chart's row for a margin of {read.margin}")
    fight.attacked(attacker_id, target_id, hit=choice is not None)
    if choice is not None:
        blow, through = _blow_damage(attacker, target, arm, choice)
        if through is None:
            fight.stopped_by_armor(attacker_id, target_id)
            fight.notices.append(f"{choice}: {blow}, stopped by {target.pronoun.their} armor")
        else:
            armor = "" if through == blow else f", {through} through {target.pronoun.their} armor"
            fight.notices.append(f"{choice}: {blow}{armor}")
            take_hit(fight, target_id, Hit(choice.location, through.type, through.levels))
    return fight.outcome()


def _begin_attack(fight: Fight, attacker: Fighter, target: Fighter, weapon: int,
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
        spend(fight, attacker_id, Stance.FULLY_ACTIVE, interrupting=interrupting)
    spend(fight, attacker_id, Kind.ACTIVE, interrupting=interrupting)
    return arm, trait


def check_attack(encounter: Encounter, pcs: Pcs, npcs: Npcs, attacker_id: int,
                 target_id: int, weapon: int, *, modifier: int = 0,
                 interrupting: bool = False, fully_active: bool = False) -> Trait:
    """An attack's trait, refused now as landing it would be (his Initiative, his actions,
    the target, the weapon): the roll is asked only for an attack that may be made."""
    fight = Fight(encounter, pcs, npcs)
    return _begin_attack(fight, fight.fighter(attacker_id), fight.fighter(target_id), weapon,
                         modifier, interrupting, fully_active)[1]


def _defend(fight: Fight, target_id: int) -> None:
    """His defense: a Passive action (block or dodge), or going Fully Defensive with his
    Active action; a fully Passive turn defends every attack."""
    target = combatant_of(fight.encounter, target_id)
    if target.status is not Status.ACTIVE:
        raise ModelError(f"{target.name} is {target.status.value}: "
                         f"{target.pronoun.they} cannot defend")
    actions = target.actions
    if not actions.can(Kind.PASSIVE):
        if actions.can(Kind.ACTIVE) and actions.stance is Stance.NORMAL:
            spend(fight, target_id, Stance.FULLY_PASSIVE, defense=True)
            fight.notices.append(f"{target.name} goes Fully Defensive")
        else:
            raise ModelError(f"{target.name} has no action left to defend with "
                             f"({actions.describe()})")
    spend(fight, target_id, Kind.PASSIVE, defense=True)


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
    fight = Fight(encounter, pcs, npcs)
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
            fight.notices.append(f"{who.name}: {attribute} 0, {who.pronoun.they} "
                                    f"{who.pronoun.verb('fails', 'fail')} the contest")
    roll = counts(roll, a.numbers().attribute(arms[attacker_id].attribute))
    defending = arms.get(target_id)
    against = counts(against, b.numbers().attribute(
        defending.attribute if defending is not None else "Agility"))
    for who_id, arm in arms.items():
        who = fight.fighter(who_id)
        add_pool(fight, who_id, "Strain",
                  heavy_strain(arm.strength, who.numbers().attribute("Strength")),
                  f"{arm.name} is too heavy for {who.pronoun.them}")
    # Each armed side attacked: it hit if it won the contest, or tied (a Glancing blow each).
    for who_id, other_id in ((attacker_id, target_id), (target_id, attacker_id)):
        if who_id in arms:
            won = roll == against or (roll > against) == (who_id == attacker_id)
            fight.attacked(who_id, other_id, hit=won)
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
    add_pool(fight, loser, "Fatigue", 1, "lost the contest")
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


def _simple_hit(fight: Fight, attacker_id: int, target_id: int, weapon: FacadeWeapon,
                choice: Choice, why: str) -> None:
    attacker, target = fight.fighter(attacker_id), fight.fighter(target_id)
    blow, through = _blow_damage(attacker, target, weapon, choice)
    reason = f" ({why})" if why else ""
    if through is None:
        fight.stopped_by_armor(attacker_id, target_id)
        fight.notices.append(f"{attacker.name}: {choice}{reason}, {blow} stopped by armor")
        return
    fight.notices.append(f"{attacker.name}: {choice}{reason}, {through} to {target.name} at "
                         "the end of the turn")
    take_hit(fight, target_id, Hit(choice.location, through.type, through.levels),
              later=True)
