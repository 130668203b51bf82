"""Combat from the tracker: both directions of an attack, a PC's critical-damage checks,
healing, and a vessel's system failures.

Each flow is a short run of forms: what to ask the player (with the exact chance, from the
dice engine), the result he calls out, and the outcome recorded as one undoable action.
A mixin of the main screen, like the tracker's and roster's actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from console.model import Combatant, PlayerCharacter, Side
from console.model.combat import (
    NpcNumbers,
    PcOutcome,
    apply_pc_check,
    heal_pc,
    kill_rule_pc,
    npc_numbers,
    pc_condition,
    wound_npc_in_fight,
    wound_pc,
)
from console.model.stats import Stat
from console.model.tracker import add_condition, checks_due_for
from console.rules.combat import (
    armor_request,
    attack_request,
    defense_request,
    npc_attack_hits,
    pc_attack_hits,
    wounding_damage,
)
from console.rules.combat_modifiers import PcRole, player_adjustment
from console.rules.combat_odds import npc_attack_odds, pc_attack_odds
from console.rules.explosions import blast_rings
from console.rules.healing import natural_healing_rating
from console.rules.limits import ATTACKS, POINTS, RESULT, WOUNDS
from console.rules.mixed_types import convert_damage, type_shift
from console.rules.ratings import Rating, RatingType
from console.rules.vehicle_damage import roll_system_failure
from console.ui.controller import ActionRefused
from console.ui.dialogs.form_dialog import Field, optional_int, roll_doubt, whole_number, yes_no
from console.ui.formatting import chance_note, percent

if TYPE_CHECKING:
    from console.ui.screens.main_screen import MainScreen

__all__ = ["CombatActions"]


def _rating(stat: Stat | None, what: str) -> Rating:
    """A PC's stat as the rating he rolls, or a message that the sheet lacks it."""
    if stat is None:
        raise ActionRefused(f"{what} is not on the sheet: edit the PC (roster, e)")
    return stat.as_rating()


def _modifiers(text: str) -> list[str]:
    return [part.strip() for part in text.replace(",", " ").split() if part.strip()]


def _number_or(value: int | None) -> str:
    return "" if value is None else str(value)


class CombatActions:
    """What the combat keys do (the main screen's; one instance each)."""

    def __init__(self, screen: MainScreen) -> None:
        self.screen = screen

    # ----- helpers shared by the flows ----------------------------------------------------

    def _fighters(self, side: Side) -> list[Combatant]:
        encounter = self.screen.controller.encounter()
        return [] if encounter is None else [
            c for c in encounter.combatants if c.side is side and c.status.value in
            ("active", "unconscious")]

    def _acting_or_first(self, side: Side) -> Combatant | None:
        """Default attacker: whoever of that side has the turn, else the first one."""
        view = self.screen.view_state
        fighters = self._fighters(side)
        if view is not None and view.encounter is not None:
            turn = view.order.position(view.encounter.current)
            if turn is not None:
                acting = [c for c in fighters if c.id in view.order.turns[turn].members]
                if acting:
                    return acting[0]
        return fighters[0] if fighters else None

    def _by_name(self, side: Side, name: str) -> Combatant:
        for combatant in self._fighters(side):
            if combatant.name.casefold() == name.strip().casefold():
                return combatant
        kind = "PC" if side is Side.PC else "NPC"
        raise ValueError(f"no {kind} called {name.strip() or '(empty)'} in the fight")

    def _numbers(self, combatant: Combatant) -> NpcNumbers:
        template = (self.screen.controller.store.npc(combatant.ref)
                    if combatant.ref is not None else None)
        return npc_numbers(combatant, template)

    def _sheet_of(self, combatant: Combatant) -> PlayerCharacter:
        sheet = self.screen.sheet_of(combatant)
        if sheet is None:
            raise ActionRefused(f"{combatant.name} has no sheet in the roster")
        return sheet

    # ----- a PC attacks an NPC ------------------------------------------------------------

    def pc_attacks(self, target: Combatant) -> None:
        attacker = self._acting_or_first(Side.PC)
        if attacker is None:
            raise ActionRefused("no PC in the fight to attack with")
        numbers = self._numbers(target)
        sheet = self._sheet_of(attacker)
        weapons = ", ".join(f"{n} {w.name}" for n, w in enumerate(sheet.weapons, start=1))
        fields = [
            Field("pc", "Attacker (PC)", lambda t: self._by_name(Side.PC, t),
                  value=attacker.name),
            Field("weapon", f"Weapon: {weapons or 'number'}, or Atk/Dmg ratings", str,
                  value="1" if sheet.weapons else ""),
            Field("mods", "Modifiers (e.g. hard_to_see unexpected)", _modifiers),
            Field("attacks", "Number of attacks", whole_number("attacks", ATTACKS),
                  value="1"),
            Field("def", f"{target.name}'s Def", whole_number("Def", POINTS),
                  value=_number_or(numbers.def_)),
            Field("ar", f"{target.name}'s AR", whole_number("AR", POINTS),
                  value=_number_or(numbers.ar)),
        ]
        self.screen._ask(f"Attack on {target.name}", fields,
                  "Table 15: hard_to_see invisible behind_expected unexpected behind_unexpected",
                  lambda values: self._pc_attack_roll(target, numbers, values))

    def _weapon(self, sheet: PlayerCharacter, text: str) -> tuple[Rating, Rating]:
        text = text.strip()
        if text.isdigit() and 1 <= int(text) <= len(sheet.weapons):
            weapon = sheet.weapons[int(text) - 1]
            return (_rating(weapon.atk, f"{sheet.name}'s {weapon.name} Atk"),
                    _rating(weapon.dmg, f"{sheet.name}'s {weapon.name} Dmg"))
        atk, _, dmg = text.partition("/")
        if not dmg:
            raise ValueError("weapon: a number from the list, or Atk/Dmg ratings like 8M/10L")
        return _rating(Stat(atk), "Atk"), _rating(Stat(dmg), "Dmg")

    def _pc_attack_roll(self, target: Combatant, numbers: NpcNumbers,
                        values: dict[str, Any]) -> None:
        attacker: Combatant = values["pc"]
        sheet = self._sheet_of(attacker)
        atk, dmg = self._weapon(sheet, values["weapon"])
        shift = type_shift(RatingType.P, numbers.type)
        adjust = [player_adjustment(values["mods"], PcRole.ATTACKING), shift.pc_attack]
        request = attack_request(atk, values["def"], adjust)
        odds = pc_attack_odds(atk, dmg, values["def"], values["ar"], numbers.vit or 1,
                              npc_wounds=target.wounds, attacks=values["attacks"],
                              atk_adjustments=adjust, npc_type=numbers.type)
        hint = (f"{request.prompt}: {percent(request.chance_success)} to hit; "
                f"expected wounds {float(odds.expected_wounds):.1f}, "
                f"{percent(odds.chance_kill)} to bring him down")
        fields = [Field("result", f"{attacker.name}'s Atk result",
                        whole_number("Atk result", RESULT),
                        doubt=roll_doubt(request.rating, attacker.name))]
        self.screen._ask(f"{attacker.name} attacks {target.name}", fields, hint,
                  lambda v: self._pc_attack_hit(attacker, target, dmg, numbers, values,
                                                v["result"]))

    def _pc_attack_hit(self, attacker: Combatant, target: Combatant, dmg: Rating,
                       numbers: NpcNumbers, values: dict[str, Any], result: int) -> None:
        verdict = pc_attack_hits(result, values["def"])
        if not verdict.hit:
            self.screen.notify(f"{attacker.name} misses {target.name}: {verdict.describe()}")
            return
        fields = [
            Field("damage", f"{attacker.name}'s Dmg result", whole_number("damage", RESULT),
                  doubt=roll_doubt(dmg, attacker.name)),
            Field("keep", "Keep him up if it would kill him (y/n)", yes_no("keep up"),
                  value="n"),
        ]
        hint = (f"{verdict.describe()}. Roll Dmg {dmg} vs AR {values['ar']}"
                + ("" if numbers.type is RatingType.P else
                   f" (damage is divided by 10 per type step up to {numbers.type.label})"))
        self.screen._ask(f"{attacker.name} hits {target.name}", fields, hint,
                  lambda v: self._pc_attack_damage(target, numbers, values, v))

    def _pc_attack_damage(self, target: Combatant, numbers: NpcNumbers,
                          values: dict[str, Any], damage: dict[str, Any]) -> None:
        converted = convert_damage(damage["damage"], RatingType.P, numbers.type)
        wounding = wounding_damage(converted, values["ar"], attacks=values["attacks"])
        self.screen.perform("combat.pc_attack", lambda e: wound_npc_in_fight(
            e, target.id, wounding, keep_up=damage["keep"]))
        self.screen.notify(f"{target.name} takes {wounding} wounding damage")

    # ----- an NPC attacks a PC ------------------------------------------------------------

    def npc_attacks(self, target: Combatant) -> None:
        attacker = self._acting_or_first(Side.NPC)
        if attacker is None:
            raise ActionRefused("no NPC in the fight to attack with")
        numbers = self._numbers(attacker)
        fields = [
            Field("npc", "Attacker (NPC)", lambda t: self._by_name(Side.NPC, t),
                  value=attacker.name),
            Field("mods", "Modifiers (e.g. cover50 prone_ranged)", _modifiers),
            Field("attacks", "Number of attacks", whole_number("attacks", ATTACKS),
                  value="1"),
            Field("atk", "NPC's Atk", whole_number("Atk", POINTS), value=_number_or(numbers.atk)),
            Field("dmg", "NPC's Dmg", whole_number("Dmg", POINTS), value=_number_or(numbers.dmg)),
        ]
        self.screen._ask(f"Attack on {target.name}", fields,
                  "Table 14: cover25 cover50 cover75 weapon_port prone_ranged prone_melee",
                  lambda values: self._npc_attack_roll(target, values))

    def _npc_attack_roll(self, target: Combatant, values: dict[str, Any]) -> None:
        attacker: Combatant = values["npc"]
        numbers = self._numbers(attacker)
        sheet = self._sheet_of(target)
        pc_def = _rating(sheet.def_, f"{sheet.name}'s Def")
        pc_ar = _rating(sheet.ar, f"{sheet.name}'s AR")
        shift = type_shift(numbers.type, RatingType.P)
        adjust = [player_adjustment(values["mods"], PcRole.DEFENDING), shift.pc_defense]
        request = defense_request(pc_def, values["atk"], adjust)
        vit = int(sheet.vit_max.value) if sheet.vit_max is not None else None
        odds = npc_attack_odds(pc_def, pc_ar, values["atk"], values["dmg"],
                               attacks=values["attacks"], def_adjustments=adjust,
                               dmg_type=numbers.type, pc_wounds=sheet.wounds if vit else None,
                               pc_vit_max=vit)
        hint = (f"{request.prompt}: {percent(request.chance_fail)} he is hit; expected wounds "
                f"{float(odds.expected_wounds):.1f}")
        fields = [Field("result", f"{target.name}'s Def result",
                        whole_number("Def result", RESULT),
                        doubt=roll_doubt(request.rating, target.name))]
        self.screen._ask(f"{attacker.name} attacks {target.name}", fields, hint,
                  lambda v: self._npc_attack_hit(attacker, target, pc_ar, odds.dmg, values,
                                                 v["result"]))

    def _npc_attack_hit(self, attacker: Combatant, target: Combatant, pc_ar: Rating,
                        dmg: int, values: dict[str, Any], result: int) -> None:
        verdict = npc_attack_hits(result, values["atk"])
        if not verdict.hit:
            self.screen.notify(f"{attacker.name} misses {target.name}: {verdict.describe()}")
            return
        request = armor_request(pc_ar, dmg)
        fields = [Field("ar", f"{target.name}'s AR result", whole_number("AR result", RESULT),
                        doubt=roll_doubt(pc_ar, target.name))]
        hint = (f"{verdict.describe()}. {request.prompt}: {percent(request.chance_success)} "
                "his armor stops it all")
        self.screen._ask(f"{attacker.name} hits {target.name}", fields, hint,
                  lambda v: self._npc_attack_wounds(target, dmg, values, v["ar"]))

    def _npc_attack_wounds(self, target: Combatant, dmg: int,
                           values: dict[str, Any], ar_result: int) -> None:
        wounds = wounding_damage(dmg, ar_result, attacks=values["attacks"])
        sheet = self._sheet_of(target)
        attacker: Combatant = values["npc"]
        hurt = wound_pc(sheet, self.screen.controller.encounter(), wounds)
        self._save_pc(hurt, f"{attacker.name} hits {target.name}: {wounds} wounds "
                            f"({hurt.state.wounds}/{hurt.state.vit_max})")

    def _save_pc(self, outcome: PcOutcome, description: str) -> None:
        """Record what happened to a PC; the checks it makes due now, he rolls now."""
        saved = self.screen.guarded(lambda: self.screen.controller.save_pc_and_encounter(
            outcome.sheet, outcome.encounter, description))
        if saved and outcome.at_once:
            self.screen.notify(f"{outcome.sheet.name} checks now (k):\n"
                        + "\n".join(check.describe() for check in outcome.at_once),
                        severity="warning", timeout=12)

    # ----- a PC's critical damage, healing, the kill rule ---------------------------------

    def pc_checks(self, target: Combatant) -> None:
        sheet = self._sheet_of(target)
        encounter = self.screen.controller.encounter()
        in_fight = encounter is not None and encounter.combatant(target.id) is not None
        due = (checks_due_for(encounter, target.id, self.screen.controller.pcs())
               if encounter is not None and in_fight
               else pc_condition(sheet, target).checks_due())
        if not due:
            self.screen.notify(f"{target.name} owes no critical-damage checks now")
            return
        stats = {"WP": sheet.wp, "Healing": sheet.healing, "Vit": sheet.vit_max}
        fields = []
        for check in due:
            stat = stats.get(check.ability)
            rating = None if stat is None else stat.as_rating()
            chance = "" if rating is None else chance_note(rating, check.difficulty)
            fields.append(Field(check.kind.name.lower(), f"{check.describe()}{chance}",
                                optional_int(f"{check.ability} result", RESULT),
                                doubt=roll_doubt(rating, target.name)))

        def apply(values: dict[str, Any]) -> None:
            current, fight = sheet, self.screen.controller.encounter()
            state = pc_condition(sheet, target)
            for check in due:
                result = values[check.kind.name.lower()]
                if result is None:
                    continue  # not rolled (yet): it stays due
                made = apply_pc_check(current, fight, check.kind, result)
                current, fight, state = made.sheet, made.encounter, made.state
                if state.dead:
                    break
            outcome = ("dead" if state.dead else "unconscious" if state.unconscious
                       else "conscious")
            self.screen.guarded(lambda: self.screen.controller.save_pc_and_encounter(
                current, fight, f"{target.name}'s checks: {state.wounds}/{state.vit_max},"
                                f" {outcome}"))

        self.screen._ask(f"{target.name}'s checks before he acts", fields,
                  "enter his results in order; leave empty a check not made · ctrl+s: done",
                  apply)

    def pc_heal(self, target: Combatant) -> None:
        sheet = self._sheet_of(target)
        hint = "any healing of 1 or more stops Vitality drain"
        if sheet.healing is not None and sheet.healing.rating is not None:
            awake = natural_healing_rating(sheet.healing.rating, resting=False)
            hint = (f"natural healing: roll {awake} every 4 game hours, {sheet.healing.rating}"
                    f" after 8 hours' rest; {hint}")
        fields = [
            Field("amount", "Heal how many wounds (0: none)", whole_number("healing", WOUNDS),
                  "0"),
            Field("kill", "Kill rule: put him at 10 CD instead (y/n)", yes_no("kill rule"), "n"),
        ]

        def apply(values: dict[str, Any]) -> None:
            encounter = self.screen.controller.encounter()
            if values["kill"]:
                outcome = kill_rule_pc(sheet, encounter)
                text = f"Kill rule: {target.name} is at {outcome.state.critical_damage} CD"
            else:
                outcome = heal_pc(sheet, encounter, values["amount"])
                text = (f"{target.name} heals {values['amount']}: "
                        f"{outcome.state.wounds}/{outcome.state.vit_max}")
            self._save_pc(outcome, text)

        self.screen._ask(f"Heal {target.name}", fields, hint, apply)

    # ----- explosions ---------------------------------------------------------------------

    def blast(self) -> None:
        """Damage square by square from the impact; each victim then defends as usual."""
        fields = [Field("damage", "Explosion damage in the square hit",
                        whole_number("damage", RESULT))]

        def show(values: dict[str, Any]) -> None:
            rings = blast_rings(values["damage"])
            text = ", ".join(f"{away} away {dmg}" if away else f"square hit {dmg}"
                             for away, dmg in enumerate(rings))
            self.screen.notify(f"Blast: {text}; nothing further. Each victim's armor applies "
                        "(PCs roll AR vs it; NPCs take it minus AR).", timeout=20)

        self.screen._ask("Explosion", fields, "damage halves with each square from the impact "
                  "until 1 or less", show)

    # ----- vessels ------------------------------------------------------------------------

    def vessel_failure(self, target: Combatant) -> None:
        numbers = self._numbers(target)
        if numbers.type not in (RatingType.V, RatingType.S):
            raise ActionRefused(f"{target.name} is not a vehicle or a ship (type P)")
        vit = target.vit_max or 0
        cd = target.wounds - vit
        if cd < 1:
            raise ActionRefused(f"{target.name} has no critical damage: no system fails")
        failure = roll_system_failure(cd, self.screen.controller.rng,
                                      ship=numbers.type is RatingType.S)
        # Kept as a condition on the vessel: on screen, in the log, undoable, until repaired.
        label = f"{failure.system}: {failure.kind.value}"
        self.screen.perform("combat.system_failure", lambda e: add_condition(
            e, label, target.id, None, notes=failure.describe()))
        self.screen.notify(f"{target.name}: {failure.describe()}", severity="warning", timeout=15)
