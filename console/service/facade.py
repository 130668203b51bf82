"""A Façade campaign's fights (issue 31): the turn called on Action, the contest between
ties, actions and interrupts, Dramatic Combat's attacks (planned with their exact odds,
then landed with the rolls and the blow chosen), Simple Combat's exchanges, Limit Pools,
first aid and healing. Each command is one undoable action (``CampaignCore.run``); the
rules are the model's (``console.model.facade_fight``, ``facade_turns``, ``facade_attacks``,
``facade_care``)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from console.model import ModelError, PlayerCharacter, Status
from console.model.campaign import FACADE_COMBATS
from console.model.facade_attacks import Trait, check_attack, land_attack, simple_exchange
from console.model.facade_care import adjust_pool, first_aid, heal_facade_pc
from console.model.facade_fight import Fighter, Step, fighter, gm_hit
from console.model.facade_sheet import FacadeWeapon
from console.model.facade_turns import initiative_state, new_turn, set_tie_rolls, take_action
from console.model.outcome import Outcome
from console.model.turns import round_order
from console.records import record
from console.rules.facade_combat.blows import Choice, choices
from console.rules.facade_combat.contests import counts, needs_defense
from console.rules.facade_combat.damage import Blow, Damage, dealt, through_armor
from console.rules.facade_combat.healing import first_aid_difficulty, healing_health
from console.rules.facade_combat.health import Hit, Location
from console.rules.systems import facade
from console.service.core import CampaignCore
from console.service.errors import ActionRefused

__all__ = ["FacadeAttack", "FacadeCommands"]


@record
class FacadeAttack:
    """A Dramatic Combat attack worked out before the roll: who, with what, the trait and
    the difficulty (the hits' penalties and the pools applied) and the exact chance of each
    row of the chart."""

    attacker: Fighter
    target: Fighter
    weapon_index: int
    weapon: FacadeWeapon
    trait: Trait
    modifier: int = 0
    interrupting: bool = False
    fully_active: bool = False

    def odds(self) -> dict[str, Fraction]:
        return self.trait.levels()

    def hit_chance(self) -> Fraction:
        """The chance he lands a blow at all (a near miss's scratch included)."""
        levels = self.odds()
        return 1 - levels["failure"]

    def defense_open(self, roll: int) -> bool:
        """May the target roll a defense against this roll? Only if it would land, and he
        is up with an action left (his Passive, or his Active to go Fully Defensive)."""
        target = self.target.combatant
        return (needs_defense(roll, self.trait.difficulty)
                and target.status is Status.ACTIVE and target.actions.any_left)

    def choices(self, roll: int, defense: int | None) -> tuple[Choice, ...]:
        """The blows the chart allows; a defender with Agility 0 fails his defense."""
        if defense is not None and self.target.sheet is not None:
            defense = counts(defense, self.target.sheet.attribute("Agility"))
        return choices(roll - max(self.trait.difficulty, defense or 0))

    def damage(self, choice: Choice) -> tuple[Damage, Damage | None]:
        """A blow's damage, and what the armor where it lands lets through."""
        strength = self.attacker.numbers().attribute("Strength")
        blow = dealt(self.weapon.parsed.at(strength), choice.blow)
        layers = self.target.numbers().layers(choice.location)
        return blow, through_armor(blow, layers, doubled=self.weapon.bullet,
                                   gun=self.weapon.gun)


class FacadeCommands:
    def __init__(self, core: CampaignCore) -> None:
        self._core = core

    # ----- reads ---------------------------------------------------------------------------

    def playing(self) -> bool:
        return self._core.campaign().system == "facade"

    def combat_system(self) -> str:
        return self._core.campaign().facade_combat

    def fighter(self, combatant_id: int) -> Fighter:
        core = self._core
        return core.guard(lambda: fighter(core.running(), combatant_id, core.pcs(),
                                          core.npcs()))

    def initiative(self, combatant_id: int) -> str:
        return initiative_state(self._core.running(), combatant_id)

    def interrupters(self) -> list[Fighter]:
        """Who may interrupt the click in progress: a better Initiative still to come, up,
        with an action left; the best first ("If multiple characters want to interrupt the
        same action the one with the higher Initiative interrupts first")."""
        encounter = self._core.running()
        found = [self.fighter(c.id) for c in encounter.combatants
                 if initiative_state(encounter, c.id) == "later"
                 and c.status is Status.ACTIVE and c.actions.any_left]
        order = [m for t in round_order(encounter).turns for m in t.members]
        return sorted(found, key=lambda f: -order.index(f.combatant.id))

    def ties(self) -> list[list[Fighter]]:
        """Those sharing an Action this turn, tie by tie (the contest of Action's)."""
        encounter = self._core.running()
        groups: dict[int, list[int]] = {}
        for combatant in encounter.combatants:
            if combatant.nish is not None and combatant.status is Status.ACTIVE:
                groups.setdefault(combatant.nish, []).append(combatant.id)
        return [[self.fighter(i) for i in ids] for _, ids in sorted(groups.items())
                if len(ids) > 1]

    # ----- the turn ------------------------------------------------------------------------

    def new_turn(self) -> Outcome:
        """The next turn: everyone on his Action, actions fresh; Simple Combat's damage
        lands first."""
        core = self._core
        return core.run("facade.turn", lambda: new_turn(core.running(), core.pcs(),
                                                        core.npcs()))

    def contest(self, rolls: Mapping[int, int]) -> Outcome:
        core = self._core
        return core.run("facade.contest", lambda: set_tie_rolls(core.running(), rolls))

    def act(self, combatant_id: int, step: Step, what: str = "", *,
            interrupting: bool = False) -> Outcome:
        core = self._core
        return core.run("facade.action", lambda: take_action(
            core.running(), core.pcs(), core.npcs(), combatant_id, step, what,
            interrupting=interrupting))

    def set_combat_system(self, name: str) -> Outcome:
        if name not in FACADE_COMBATS:
            raise ActionRefused(f"Façade combat: {' or '.join(FACADE_COMBATS)}, not {name}")
        campaign = self._core.campaign()
        label = "Simple Combat" if name == "simple" else "Dramatic Combat (the seed's default)"
        return self._core.run("campaign.facade_combat", lambda: Outcome.told(
            campaign.with_changes(facade_combat=name), notices=(f"Façade fights: {label}",)))

    # ----- Dramatic Combat ------------------------------------------------------------------

    def plan_attack(self, attacker_id: int, target_id: int, weapon: int = 0, *,
                    modifier: int = 0, interrupting: bool = False,
                    fully_active: bool = False) -> FacadeAttack:
        """The attack worked out before the roll, checked as landing it would be (his
        Initiative, his actions, the target): a refusal comes now, not after the roll."""
        core = self._core

        def plan() -> FacadeAttack:
            encounter = core.running()
            pcs, npcs = core.pcs(), core.npcs()
            trait = check_attack(encounter, pcs, npcs, attacker_id, target_id, weapon,
                                 modifier=modifier, interrupting=interrupting,
                                 fully_active=fully_active)
            attacker = fighter(encounter, attacker_id, pcs, npcs)
            return FacadeAttack(attacker, fighter(encounter, target_id, pcs, npcs), weapon,
                                attacker.weapon(weapon), trait, modifier, interrupting,
                                fully_active)

        return core.guard(plan)

    def land_attack(self, attack: FacadeAttack, roll: int, *, defense: int | None = None,
                    choice: Choice | None = None) -> Outcome:
        core = self._core
        return core.run("facade.attack", lambda: land_attack(
            core.running(), core.pcs(), core.npcs(), attack.attacker.combatant.id,
            attack.target.combatant.id, attack.weapon_index, roll, defense=defense,
            choice=choice, modifier=attack.modifier, interrupting=attack.interrupting,
            fully_active=attack.fully_active))

    # ----- Simple Combat ---------------------------------------------------------------------

    def simple(self, attacker_id: int, target_id: int, weapon: int, roll: int,
               against: int, *, target_weapon: int | None = None,
               where: Location = Location.TORSO, blow: Blow | None = None) -> Outcome:
        core = self._core
        return core.run("facade.simple", lambda: simple_exchange(
            core.running(), core.pcs(), core.npcs(), attacker_id, target_id, weapon, roll,
            against, target_weapon=target_weapon, where=where, blow=blow))

    def gm_hit(self, combatant_id: int, hit: Hit) -> Outcome:
        core = self._core
        return core.run("facade.hit", lambda: gm_hit(core.running(), core.pcs(), core.npcs(),
                                                     combatant_id, hit))

    # ----- pools, first aid, healing ----------------------------------------------------------

    def adjust_pool(self, combatant_id: int, pool: str, change: int,
                    why: str = "") -> Outcome:
        core = self._core
        return core.run("facade.pool", lambda: adjust_pool(
            core.running(), core.pcs(), core.npcs(), combatant_id, pool, change, why))

    def first_aid_difficulty(self, patient_id: int) -> int:
        patient = self.fighter(patient_id)
        return self._core.guard(lambda: first_aid_difficulty(
            patient.health.total, patient.numbers().attribute("Health")))

    def first_aid_chance(self, patient_id: int, trait: int) -> Fraction:
        """The medic's chance with this Insight + First Aid trait."""
        if not 1 <= trait <= 18:
            raise ActionRefused(f"a trait is 1 to 18, not {trait}")
        return facade.chance(facade.parse(str(trait)), self.first_aid_difficulty(patient_id))

    def first_aid(self, patient_id: int, roll: int, medic_id: int | None = None) -> Outcome:
        core = self._core
        return core.run("facade.first_aid", lambda: first_aid(
            core.running(), core.pcs(), core.npcs(), patient_id, roll, medic_id))

    def heal(self, pc: PlayerCharacter, days: int, *, bed_rest: bool = False,
             strenuous: bool = False, doctor: int = 0,
             complete_care: bool = False) -> Outcome:
        """Days of healing on a PC's sheet, at his Health as the seed adjusts it."""
        core = self._core

        def heal() -> Outcome:
            sheet = core.fresh(pc)
            if sheet.facade is None:
                raise ModelError(f"{sheet.name} has no Façade numbers (roster, e)")
            health = healing_health(sheet.facade.attribute("Health"), bed_rest=bed_rest,
                                    strenuous=strenuous, doctor=doctor,
                                    complete_care=complete_care)
            return heal_facade_pc(sheet, health, days)

        return core.run("facade.heal", heal)

    def fighters(self) -> list[Fighter]:
        encounter = self._core.running()
        return [self.fighter(c.id) for c in encounter.combatants
                if c.status is not Status.REMOVED]
