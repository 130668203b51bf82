"""A Façade fight's keys carried out (issue 31): the turn called on Action, the contest of
Action between ties, an action or an interrupt, Dramatic Combat's attack (the odds of every
row of the chart, the roll, the defense, the blow chosen by location) or Simple Combat's
exchange, the GM's own hit, Limit Pools, first aid and healing."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from console.model import Status
from console.model.facade_fight import Fighter, no_numbers_advice, parse_hit
from console.model.facade_sheet import FacadeWeapon
from console.model.turns import current_turn
from console.rules.facade_combat.actions import Kind, Stance
from console.rules.facade_combat.blows import Choice
from console.rules.facade_combat.damage import Blow
from console.rules.facade_combat.health import Location
from console.rules.facade_combat.traits import POOLS
from console.rules.limits import DAYS, Range
from console.rules.systems import facade
from console.service.errors import ActionRefused
from console.service.facade import FacadeAttack
from console.ui.dialogs.form_dialog import Field, optional_int, whole_number, yes_no
from console.ui.flow import Flows
from console.ui.formatting import percent

__all__ = ["FacadeFlows", "odds_line", "step_choice"]

ROLL = Range(0, 200, "a Façade roll (3d10+d6 at 18 reaches 36; the GM's bonuses on top)")
MODIFIER = Range(-18, 18, "the GM's modifier on a trait")
CHANGE = Range(-99, 99, "points of a pool")
LEVEL = Range(0, 9, "a doctor's success level (0 Minimal .. 9 Epic)")

# What a combatant may do with an action, by the letter typed.
_STEPS: dict[str, Kind | Stance] = {
    "a": Kind.ACTIVE, "p": Kind.PASSIVE, "fa": Stance.FULLY_ACTIVE, "fp": Stance.FULLY_PASSIVE}


def step_choice(text: str) -> Kind | Stance:
    """a (an Active action), p (a Passive one), fa (fully Active), fp (fully Passive)."""
    found = _STEPS.get(text.strip().lower())
    if found is None:
        raise ValueError("a (Active), p (Passive), fa (fully Active) or fp (fully Passive), "
                         f"not {text.strip() or 'nothing'}")
    return found


def odds_line(levels: dict[str, Fraction]) -> str:
    """Each row of the chart with its exact chance, those that can happen."""
    names = {"failure": "miss", "near_miss": "near miss (torso scratch)"}
    parts = [f"{names.get(key, f'level {key}')} {percent(p)}" for key, p in levels.items() if p]
    return ", ".join(parts)


def _names(fighters: list[Fighter]) -> str:
    return ", ".join(f"{n} {f.name}" for n, f in enumerate(fighters, start=1))


def _pick(fighters: list[Fighter], what: str) -> Range:
    return Range(1, max(1, len(fighters)), f"a number from the list of {what}")


class FacadeFlows(Flows):
    # ----- one key ------------------------------------------------------------------------

    def new_turn(self) -> None:
        self.command(self.service.facade.new_turn)

    def switch_combat(self) -> None:
        """Dramatic Combat (the seed's default) or Simple Combat, for the campaign."""
        facade_ = self.service.facade
        other = "simple" if facade_.combat_system() == "dramatic" else "dramatic"
        self.command(lambda: facade_.set_combat_system(other), undoable=True)

    # ----- the contest of Action between ties -----------------------------------------------

    def contest(self) -> None:
        self.run(self._contest(), fight=True)

    async def _contest(self) -> None:
        ties = self.service.facade.ties()
        if not ties:
            self.decline("no one shares an Action this turn: nothing to contest (n first)")
            return
        fields = [Field(f"c{who.combatant.id}", f"{who.name} (Action {who.action})",
                        whole_number("roll", ROLL)) for tie in ties for who in tie]
        values = await self.form("Initiative: the contest of Action", fields,
                                 "each rolls his Action; the lowest roll goes first in his "
                                 "tie, a better one may interrupt")
        if values is not None:
            self.show(self.service.facade.contest(
                {int(key[1:]): roll for key, roll in values.items()}))

    # ----- an action, an interrupt -----------------------------------------------------------

    def action(self, combatant_id: int | None) -> None:
        self.run(self._action(self.combatant(combatant_id).id, interrupting=False), fight=True)

    def interrupt(self, combatant_id: int | None) -> None:
        """The selected combatant, with a better Initiative, interrupts the click in
        progress: with an attack (the attack's forms follow) or another action."""
        who = self.combatant(combatant_id)
        if self.service.facade.initiative(who.id) != "later":
            raise ActionRefused(f"{who.name} cannot interrupt now: only a better Initiative "
                                "still to act, with an action left (the detail pane says "
                                "who may)")
        self.run(self._action(who.id, interrupting=True), fight=True)

    async def _action(self, combatant_id: int, *, interrupting: bool) -> None:
        facade_ = self.service.facade
        who = facade_.fighter(combatant_id)
        title = (f"{who.name} interrupts" if interrupting else f"{who.name} acts")
        values = await self.form(title, [
            Field("step", "a Active, p Passive, fa fully Active, fp fully Passive",
                  step_choice, value="a"),
            Field("attack", "An attack (y/n)", yes_no("an attack"), value="y"),
            Field("what", f"What {who.pronoun.they} {who.pronoun.verb('does', 'do')} (not an "
                  "attack)", str,
                  placeholder="a full dodge, a run for cover"),
        ], f"{who.name}: {who.combatant.actions.describe()}; an attack is an Active action "
           "(fa: fully Active, the GM's bonus or penalty on it)")
        if values is None:
            return
        step = values["step"]
        if values["attack"] and step in (Kind.ACTIVE, Stance.FULLY_ACTIVE):
            await self._attack(combatant_id, interrupting=interrupting,
                               fully_active=step is Stance.FULLY_ACTIVE)
            return
        self.show(facade_.act(combatant_id, step, values["what"].strip(),
                              interrupting=interrupting))

    # ----- an attack ----------------------------------------------------------------------

    def attack(self, combatant_id: int | None) -> None:
        """The selected combatant attacks: Dramatic Combat's attack, or Simple Combat's
        exchange in a campaign that plays it."""
        who = self.combatant(combatant_id)
        if self.service.facade.combat_system() == "simple":
            self.run(self._simple(who.id), fight=True)
        else:
            self.run(self._attack(who.id), fight=True)

    def _targets(self, attacker: int) -> list[Fighter]:
        """Whom he may attack: the other side first, those still up before those down (the
        one whose click he interrupts first of all), then his own."""
        facade_ = self.service.facade
        side = facade_.fighter(attacker).combatant.side
        encounter = self.service.running()
        turn = current_turn(encounter)
        acting = set(turn.members) if turn is not None else set()
        found = [f for f in facade_.fighters() if f.combatant.id != attacker
                 and f.combatant.status not in (Status.DEAD, Status.REMOVED)]
        return sorted(found, key=lambda f: (f.combatant.side is side,
                                            f.combatant.status is not Status.ACTIVE,
                                            f.combatant.id not in acting))

    async def _attack(self, attacker_id: int, *, interrupting: bool = False,
                      fully_active: bool = False) -> None:
        facade_ = self.service.facade
        attacker = facade_.fighter(attacker_id)
        arms = _arms(attacker)
        if not arms:
            raise ActionRefused(f"{attacker.name} has no weapon on {attacker.pronoun.their} "
                                f"sheet (roster, e)")
        targets = self._targets(attacker_id)
        if not targets:
            raise ActionRefused("no one to attack")

        def plan(values: dict[str, Any]) -> FacadeAttack:
            target = targets[values["target"] - 1]
            return facade_.plan_attack(attacker_id, target.combatant.id, values["weapon"] - 1,
                                       modifier=values["modifier"], interrupting=interrupting,
                                       fully_active=fully_active)

        # Refused now, before any form, if he may not attack at all (his Initiative has
        # passed, his Active action is spent): the first target and weapon stand in.
        facade_.plan_attack(attacker_id, targets[0].combatant.id, 0,
                            interrupting=interrupting, fully_active=fully_active)
        weapons = ", ".join(f"{n} {w.name} {w.damage}" for n, w in enumerate(arms, start=1))
        how = " (interrupting)" if interrupting else " (fully Active)" if fully_active else ""
        setup = await self.checked(f"{attacker.name} attacks{how}", [
            Field("target", f"Target: {_names(targets)}",
                  whole_number("target", _pick(targets, "targets")), value="1"),
            Field("weapon", f"Weapon: {weapons}",
                  whole_number("weapon", _pick([attacker] * len(arms), "weapons")), value="1"),
            Field("modifier", "The GM's modifier (+2, -3)", whole_number("modifier", MODIFIER),
                  value="0"),
        ], plan, "attribute + skill against the target's Action; the hits' penalties and his "
           "Limit are counted")
        if setup is None:
            return
        attack = setup.checked  # the plan the form checked: the trait, its odds, the blows
        trait = attack.trait
        roll = 0
        if trait.roll is not None:
            dice = facade.FacadeRoll(trait.roll.dice, trait.roll.bonus)
            against = f"{attack.target.name}, interrupting {_interrupted(self)}" if (
                interrupting) else attack.target.name
            values = await self.form(f"{attacker.name} attacks {against}", [
                Field("roll", f"{attacker.name}'s roll ({dice})", whole_number("roll", ROLL),
                      doubt=dice_doubt(dice, attacker.name))],
                f"trait {trait.total} vs {trait.difficulty}: {'; '.join(trait.notes)} · "
                f"lands {percent(attack.hit_chance())}: {odds_line(attack.odds())}")
            if values is None:
                return
            roll = values["roll"]
        defense = None
        if attack.defense_open(roll):
            target = attack.target
            values = await self.form(f"{target.name} defends?", [
                Field("defense", f"{target.name}'s defense roll (blank: none)",
                      optional_int("defense", ROLL))],
                f"{roll} lands unless {target.pronoun.they} "
                f"{target.pronoun.verb('defends', 'defend')}: block or dodge "
                f"({target.pronoun.their} Passive action) or, when only "
                f"{target.pronoun.their} Active is left, Fully Defensive · "
                f"{target.name} now: {target.combatant.actions.describe()}")
            if values is None:
                return
            defense = values["defense"]
        choices = attack.choices(roll, defense)
        choice = None
        if choices:
            choice = await self._blow(attack, choices)
            if choice is None:
                return
        landed = facade_.land_attack(attack, roll, defense=defense, choice=choice)
        if choices:  # the blow was the last step: what is typed after it is the screen's
            self.show(landed)
        else:  # no blow step (a miss, a block): keys typed ahead for it are not used
            self.cut_short(landed)

    async def _blow(self, attack: FacadeAttack, choices: tuple[Choice, ...]) -> Choice | None:
        listed = []
        for number, choice in enumerate(choices, start=1):
            blow, through = attack.damage(choice)
            after = "stopped by armor" if through is None else (
                str(through) if through == blow else f"{blow}, {through} through armor")
            listed.append(f"{number} {choice} ({after})")
        values = await self.form("The blow (the attacker's choice)", [
            Field("blow", "Which? (number)", whole_number("blow", Range(
                1, len(choices), "a blow the chart allows")), value="1")],
            "\n".join(listed))
        return None if values is None else choices[values["blow"] - 1]

    async def _simple(self, attacker_id: int) -> None:
        """Simple Combat: the two rolls of an active contest; the winner's blow by how far
        he won, traded down for a location if the GM and player like; it lands at the end
        of the turn."""
        facade_ = self.service.facade
        attacker = facade_.fighter(attacker_id)
        arms = _arms(attacker)
        targets = self._targets(attacker_id)
        if not arms or not targets:
            raise ActionRefused(f"{attacker.name} needs a weapon and someone to fight")
        weapons = ", ".join(f"{n} {w.name}" for n, w in enumerate(arms, start=1))
        values = await self.form(f"{attacker.name} fights (Simple Combat)", [
            Field("target", f"Against: {_names(targets)}",
                  whole_number("target", _pick(targets, "targets")), value="1"),
            Field("weapon", f"His weapon: {weapons}",
                  whole_number("weapon", _pick([attacker] * len(arms), "weapons")), value="1"),
            Field("back", "The other's weapon number (blank: he only defends)",
                  optional_int("weapon", Range(1, 50, "a weapon of his"))),
            Field("roll", f"{attacker.name}'s roll", whole_number("roll", ROLL)),
            Field("against", "The other's roll", whole_number("roll", ROLL)),
            Field("where", "Where (a better blow traded for it): torso, legs, arms, head",
                  _location, value="torso"),
            Field("blow", "The blow taken (blank: the one scored)", _blow_name),
        ], "tie or by 1: Glancing; by 2: Full; double: Strong; triple: Savage (damage at the "
           "end of the turn)")
        if values is None:
            return
        target = targets[values["target"] - 1]
        self.show(facade_.simple(
            attacker_id, target.combatant.id, values["weapon"] - 1, values["roll"],
            values["against"], target_weapon=None if values["back"] is None
            else values["back"] - 1, where=values["where"], blow=values["blow"]))

    # ----- the GM's hit, pools, first aid, healing ----------------------------------------------

    def hit(self, combatant_id: int | None) -> None:
        self.run(self._hit(self.combatant(combatant_id).id), fight=True)

    async def _hit(self, combatant_id: int) -> None:
        who = self.service.facade.fighter(combatant_id)
        values = await self.form(f"A hit on {who.name}", [
            Field("hit", "Levels, type and place", parse_hit, placeholder="2C arms")],
            "the GM's own figure (a fall, a fire): no roll, no armor")
        if values is not None:
            self.show(self.service.facade.gm_hit(combatant_id, values["hit"]))

    def pools(self, combatant_id: int | None) -> None:
        self.run(self._pools(self.combatant(combatant_id).id), fight=True)

    async def _pools(self, combatant_id: int) -> None:
        who = self.service.facade.fighter(combatant_id)
        now = ", ".join(f"{pool} {who.health.pool(pool)}" for pool in POOLS.values())
        values = await self.form(f"{who.name}'s Limit", [
            Field("pool", "Pool: " + ", ".join(POOLS.values()), _pool, value="Strain"),
            Field("change", "Change (+2, -3)", whole_number("change", CHANGE), value="1"),
            Field("why", "Why", str, placeholder="a punch landed; rest"),
        ], now)
        if values is not None and values["change"]:
            self.show(self.service.facade.adjust_pool(combatant_id, values["pool"],
                                                      values["change"], values["why"].strip()))

    def aid(self, combatant_id: int | None) -> None:
        # Not fight=True: its days of healing change a sheet, which a closed session takes.
        self.run(self._aid(self.combatant(combatant_id).id))

    async def _aid(self, patient_id: int) -> None:
        facade_ = self.service.facade
        patient = facade_.fighter(patient_id)
        difficulty = facade_.first_aid_difficulty(patient_id)
        medics = sorted((f for f in self._targets(patient_id)
                         if f.combatant.status is Status.ACTIVE),
                        key=lambda f: f.combatant.side is not patient.combatant.side)
        values = await self.form(f"Care for {patient.name}", [
            Field("roll", "First aid: the Insight + First Aid roll (blank: none now)",
                  optional_int("roll", ROLL)),
            Field("medic", f"Medic (blank: not in the fight): {_names(medics)}",
                  optional_int("medic", _pick(medics, "medics"))),
            Field("days", f"Or days of healing on {patient.pronoun.their} sheet (a PC)",
                  optional_int("days", DAYS)),
            Field("rest", "Bed rest (y/n)", yes_no("bed rest"), value="n"),
            Field("strenuous", "Strenuous days, fights (y/n)", yes_no("strenuous"), value="n"),
            Field("doctor", "A doctor's success level (blank: none)",
                  optional_int("level", LEVEL)),
            Field("care", "Complete medical care (y/n)", yes_no("care"), value="n"),
        ], f"first aid: difficulty {difficulty} ({patient.pronoun.their} damage "
           f"{patient.health.total} less {patient.pronoun.their} Health); healing: Health in "
           "Bruising levels a day, Deadly a month, Crushing six "
           "months (bed rest +2, strenuous -2, a doctor's level, doubled with complete care)")
        if values is None:
            return
        if values["roll"] is not None:
            medic = values["medic"]
            self.show(facade_.first_aid(patient_id, values["roll"], None if medic is None
                                        else medics[medic - 1].combatant.id))
        if values["days"] is not None:
            if patient.pc is None:
                raise ActionRefused(f"{patient.name} has no PC sheet: healing over days is a "
                                    "PC's")
            self.show(facade_.heal(patient.pc, values["days"], bed_rest=values["rest"],
                                   strenuous=values["strenuous"],
                                   doctor=values["doctor"] or 0,
                                   complete_care=values["care"]))


def _interrupted(flows: Flows) -> str:
    turn = current_turn(flows.service.running())
    return turn.label if turn is not None else "the turn"


def _location(text: str) -> Location:
    word = text.strip().casefold()
    found = next((where for where in Location
                  if len(word) >= 3 and where.value.casefold().startswith(word[:3])), None)
    if found is None:
        raise ValueError(f"where: torso, legs, arms or head, not {text.strip() or 'nothing'}")
    return found


def _blow_name(text: str) -> Blow | None:
    word = text.strip().casefold()
    if not word:
        return None
    found = next((blow for blow in Blow if blow.value.casefold().startswith(word)), None)
    if found is None:
        raise ValueError("the blow: savage, strong, full, glancing or scratch")
    return found


def _pool(text: str) -> str:
    word = text.strip().casefold()
    found = next((pool for pool in POOLS.values()
                  if word and pool.casefold().startswith(word)), None)
    if found is None:
        raise ValueError(f"the pools: {', '.join(POOLS.values())}")
    return found


def _arms(attacker: Fighter) -> tuple[FacadeWeapon, ...]:
    """His weapons; one without Façade numbers is refused at once, saying where they come
    from (the model's own refusal reached the guard as a failure: "not applied", a
    traceback in errors.log)."""
    if attacker.sheet is None:
        raise ActionRefused(f"{attacker.name} has no Façade numbers: "
                            f"{no_numbers_advice(attacker)}")
    return attacker.sheet.weapons


def dice_doubt(dice: facade.FacadeRoll, who: str) -> Callable[[Any], str | None]:
    """A ``Field.doubt`` for a roll of ``dice``: one they cannot make is questioned once (a
    99 typed for 1d10+d6 went through and offered Savage blows; found by a new GM). Asked,
    not refused: the GM may have put a bonus of his own on it."""
    low = len(dice.dice) + dice.bonus
    high = sum(dice.dice) + dice.bonus

    def doubt(result: Any) -> str | None:
        if not isinstance(result, int) or low <= result <= high:
            return None
        return (f"{who}: {dice} cannot roll {result} ({low} to {high}). Keep it? (enter "
                "again; or type over it)")

    return doubt
