"""Combat from the tracker, as short flows of dialogs: what to ask the player (with his
exact chance from the dice engine), the result he calls out, and the outcome saved as one
action."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from console.model import Combatant, Side, Status
from console.model.completion import named
from console.model.vessels import is_party_vessel
from console.rules.combat import AttackResult
from console.rules.combat_odds import chance_to_wound
from console.rules.critical_damage import DueCheck
from console.rules.healing import natural_healing_rating
from console.rules.limits import ATTACKS, POINTS, RESULT, WOUNDS
from console.rules.odds import chance_at_least
from console.rules.ratings import Rating, RatingType
from console.rules.vehicle_damage import VesselCheckKind
from console.service.combat import NpcAttack, PcAttack, VesselCheckDue
from console.service.errors import ActionRefused
from console.ui.dialogs.form_dialog import Field, optional_int, roll_doubt, whole_number, yes_no
from console.ui.flow import Flows
from console.ui.formatting import chance_note, percent

__all__ = ["CombatFlows"]


def _modifiers(text: str) -> list[str]:
    return [part.strip() for part in text.replace(",", " ").split() if part.strip()]


def _signed_wounds(text: str) -> int:
    """7 or -7: that many wounds (negative); +3: that much healing (positive)."""
    cleaned = text.strip().replace(" ", "")
    healing = cleaned.startswith("+")
    digits = cleaned.lstrip("+-")
    if not digits:
        raise ValueError("wounds: type how many, like 7, or +3 to heal")
    amount = whole_number("wounds", WOUNDS)(digits)
    if amount == 0:
        raise ValueError("wounds: type how many, like 7, or +3 to heal")
    return amount if healing else -amount


def fate_choice(text: str) -> Status:
    """c / crippled or d / destroyed: an NPC's vessel at critical damage."""
    answer = text.strip().lower()
    if answer in ("c", "crippled"):
        return Status.CRIPPLED
    if answer in ("d", "destroyed"):
        return Status.DESTROYED
    raise ValueError(f"c (crippled) or d (destroyed), not {text.strip() or 'nothing'}")


def rating_type(text: str) -> RatingType:
    """A type letter: P, V, S, W, C, G or U (B: Bantam)."""
    letter = text.strip().upper()
    if letter not in RatingType.__members__:
        raise ValueError(f"type: one of {', '.join(RatingType.__members__)}, not "
                         f"{text.strip() or 'nothing'}")
    return RatingType[letter]


def _number_or(value: int | None) -> str:
    return "" if value is None else str(value)


class CombatFlows(Flows):
    def attack(self, combatant_id: int | None) -> None:
        """An attack on the selected combatant: a PC's on an NPC, an NPC's on a PC, a hit
        on the party's vessel."""
        target = self.combatant(combatant_id)
        if is_party_vessel(target):
            self.run(self._vessel_hit(target), fight=True)
            return
        self.run(self._pc_attacks(target) if target.side is Side.NPC
                 else self._npc_attacks(target), fight=True)

    async def _fate(self, target: Combatant) -> Status | None:
        """The GM's ruling as an NPC's vessel reaches critical damage (None: cancelled)."""
        values = await self.form(f"{target.name} reaches critical damage", [
            Field("fate", "Crippled (c: to be boarded) or destroyed (d)", fate_choice, "c")],
            "a vehicle or ship never dies: the GM rules what its critical damage did")
        return None if values is None else values["fate"]

    # ----- a PC attacks an NPC ------------------------------------------------------------

    async def _pc_attacks(self, target: Combatant) -> None:
        combat = self.service.combat
        attacker = combat.default_attacker(Side.PC)
        numbers = combat.numbers(target)
        sheet = combat.require_sheet(attacker)
        names = combat.names(Side.PC)

        def weapon_label(weapons: str) -> str:
            return f"Weapon: {weapons or 'number'}, or Atk/Dmg ratings"

        def weapons_of(typed: str) -> str | None:
            """The label for the attacker typed so far (None: no one PC yet)."""
            found = named(names, typed)
            if len(found) != 1:
                return None
            return weapon_label(combat.weapons_of(combat.by_name(Side.PC, found[0])))

        setup = await self.checked(f"Attack on {target.name}", [
            Field("pc", "Attacker (PC; tab completes)", lambda t: combat.by_name(Side.PC, t),
                  value=attacker.name, complete=tuple(names)),
            Field("weapon", weapon_label(combat.weapons_of(attacker)), str,
                  value="1" if sheet.weapons else "", relabel=("pc", weapons_of)),
            Field("mods", "Modifiers (e.g. hard_to_see unexpected)", _modifiers),
            Field("attacks", "Number of attacks", whole_number("attacks", ATTACKS), value="1"),
            Field("def", f"{target.name}'s Def", whole_number("Def", POINTS),
                  value=_number_or(numbers.def_)),
            Field("ar", f"{target.name}'s AR", whole_number("AR", POINTS),
                  value=_number_or(numbers.ar)),
        ], lambda v: combat.plan_pc_attack(v["pc"], target, v["weapon"], v["mods"],
                                           v["attacks"], v["def"], v["ar"]),
            "Table 15: hard_to_see invisible behind_expected unexpected behind_unexpected")
        if setup is None:
            return
        attack = setup.checked  # the plan the form checked: the roll to ask for, its odds
        who = attack.attacker.name
        verdict = await self._hit(
            attack, f"{who} attacks {target.name}", who, "Atk", attack.request.rating,
            f"{attack.request.prompt}: {percent(attack.request.chance_success)} to hit; "
            f"expected wounds {float(attack.odds.expected_wounds):.1f}, "
            f"{percent(attack.odds.chance_kill)} to bring {target.pronoun.them} down")
        if verdict is None:
            return
        converted = ("" if numbers.type is RatingType.P else
                     f" (damage is divided by 10 per type step up to {numbers.type.label})")
        vessel = numbers.type is not RatingType.P
        fields = [Field("damage", f"{who}'s Dmg result", whole_number("damage", RESULT),
                        doubt=roll_doubt(attack.dmg, who))]
        if not vessel:  # a vehicle or ship never dies: its fate is asked when CD occurs
            them = target.pronoun.them
            fields.append(Field("keep", f"Keep {them} up if it would kill {them} (y/n)",
                                yes_no("keep up"), value="n"))
        wounds = chance_to_wound(attack.dmg, attack.ar, numbers.type)
        damage = await self.form(f"{who} hits {target.name}", fields,
                                 f"{verdict.describe()}. Roll Dmg {attack.dmg} vs AR "
                                 f"{attack.ar}: {percent(wounds)} to wound{converted}")
        if damage is None:
            return
        fate = None
        if combat.fate_needed(target, combat.wounding(attack, damage["damage"])):
            fate = await self._fate(target)
            if fate is None:
                return
        self.show(combat.land_pc_attack(attack, damage["damage"],
                                        keep_up=damage.get("keep", False), fate=fate))

    # ----- an NPC attacks a PC ------------------------------------------------------------

    async def _npc_attacks(self, target: Combatant) -> None:
        combat = self.service.combat
        attacker = combat.default_attacker(Side.NPC)
        numbers = combat.numbers(attacker)
        combat.require_sheet(target)
        names = combat.names(Side.NPC)

        def numbers_of(stat: str) -> Callable[[str], str | None]:
            """The Atk or Dmg of the NPC typed so far (None: no one NPC yet)."""
            def value(typed: str) -> str | None:
                found = named(names, typed)
                if len(found) != 1:
                    return None
                chosen = combat.numbers(combat.by_name(Side.NPC, found[0]))
                return _number_or(getattr(chosen, stat))
            return value

        setup = await self.checked(f"Attack on {target.name}", [
            Field("npc", "Attacker (NPC; tab completes)", lambda t: combat.by_name(Side.NPC, t),
                  value=attacker.name, complete=tuple(names)),
            Field("mods", "Modifiers (e.g. cover50 prone_ranged)", _modifiers),
            Field("attacks", "Number of attacks", whole_number("attacks", ATTACKS), value="1"),
            Field("atk", "NPC's Atk", whole_number("Atk", POINTS), value=_number_or(numbers.atk),
                  follow=("npc", numbers_of("atk"))),
            Field("dmg", "NPC's Dmg", whole_number("Dmg", POINTS), value=_number_or(numbers.dmg),
                  follow=("npc", numbers_of("dmg"))),
        ], lambda v: combat.plan_npc_attack(v["npc"], target, v["mods"], v["attacks"],
                                            v["atk"], v["dmg"]),
            "Table 14: cover25 cover50 cover75 weapon_port prone_ranged prone_melee")
        if setup is None:
            return
        attack = setup.checked
        request = attack.request
        verdict = await self._hit(
            attack, f"{attack.attacker.name} attacks {target.name}", target.name, "Def",
            request.rating, f"{request.prompt}: {percent(request.chance_fail)} "
            f"{target.pronoun.they} {target.pronoun.is_} hit; "
            f"expected wounds {float(attack.odds.expected_wounds):.1f}")
        if verdict is None:
            return
        armor = attack.armor()
        soaked = await self._result(
            f"{attack.attacker.name} hits {target.name}", target.name, "AR", attack.pc_ar,
            f"{verdict.describe()}. {armor.prompt}: {percent(armor.chance_success)} "
            f"{target.pronoun.their} armor stops it all")
        if soaked is not None:
            self.show(combat.land_npc_attack(attack, soaked))

    async def _hit(self, attack: PcAttack | NpcAttack, title: str, who: str, roll: str,
                   rating: Rating | None, hint: str) -> AttackResult | None:
        """The verdict on the player's roll when it is a hit; a miss is said, and None."""
        result = await self._result(title, who, roll, rating, hint)
        if result is None:
            return None
        verdict = attack.verdict(result)
        if not verdict.hit:  # no damage step: keys typed ahead for it are not used
            self.cut_short(self.service.combat.miss(attack, verdict))
            return None
        return verdict

    async def _result(self, title: str, who: str, roll: str, rating: Rating | None,
                      hint: str) -> int | None:
        """The player's result on one roll (a result his rating can hardly give is asked
        about once); None: the GM cancelled."""
        values = await self.form(title, [Field(
            "result", f"{who}'s {roll} result", whole_number(f"{roll} result", RESULT),
            doubt=roll_doubt(rating, who))], hint)
        return None if values is None else int(values["result"])

    # ----- a PC's critical damage, healing, the kill rule ---------------------------------

    def checks(self, combatant_id: int | None) -> None:
        target = self.combatant(combatant_id)
        if is_party_vessel(target):
            owed = self.service.combat.vessel_checks(target)
            if not owed:
                self.decline(f"{target.name} owes no critical checks now")
                return
            self.run(self._vessel_checks(target, owed), fight=True)
            return
        due = self.service.combat.checks_due(target)
        if not due:
            self.decline(f"{target.name} owes no critical-damage checks now")
            return
        self.run(self._checks(target, due), fight=True)

    async def _checks(self, target: Combatant,
                      due: list[tuple[DueCheck, Rating | None]]) -> None:
        fields = []
        for check, rating in due:
            chance = "" if rating is None else chance_note(rating, check.difficulty)
            fields.append(Field(check.kind.name.lower(), f"{check.describe()}{chance}",
                                optional_int(f"{check.ability} result", RESULT),
                                doubt=roll_doubt(rating, target.name)))
        moment = self.service.combat.checks_moment(target)
        values = await self.form(
            f"{target.name}'s checks {moment}", fields,
            f"enter {target.pronoun.their} results in order; leave empty a check not made "
            "· ctrl+s: done")
        if values is not None:
            self.show(self.service.combat.apply_checks(
                target, [(check.kind, values[check.kind.name.lower()]) for check, _ in due]))

    def change_wounds(self, combatant_id: int | None) -> None:
        """- on the tracker: the GM's own wounds (7) or healing (+3) for the selected one."""
        self.run(self._change_wounds(self.combatant(combatant_id)), fight=True)

    async def _change_wounds(self, target: Combatant) -> None:
        values = await self.form(f"Wounds for {target.name}", [
            Field("change", f"Wounds (7 wounds {target.pronoun.them}; +3 heals 3)",
                  _signed_wounds),
        ], "the GM's own figure: no roll, no armor; critical damage as always")
        if values is None:
            return
        fate = None
        if values["change"] < 0 and self.service.combat.fate_needed(target, -values["change"]):
            fate = await self._fate(target)
            if fate is None:
                return
        self.show(self.service.combat.change_wounds(target, values["change"], fate))

    def heal(self, combatant_id: int | None) -> None:
        target = self.combatant(combatant_id)
        if target.side is Side.NPC and not is_party_vessel(target):
            # A heal is a PC's (his Healing rating, drain stopped); an NPC's wounds are the
            # GM's to set. Said as much, not "with critical damage they simply die" (a
            # kept-up NPC stands there with critical damage).
            self.decline(f"{target.name} is an NPC: - changes {target.pronoun.their} "
                         "wounds (-7 wounds, +3 heals 3)")
            return
        self.service.combat.pc_sheet(target)
        self.run(self._heal(target), fight=True)

    async def _heal(self, target: Combatant) -> None:
        combat = self.service.combat
        sheet = combat.pc_sheet(target)
        hint = "any healing of 1 or more stops Vitality drain"
        if sheet.healing is not None and sheet.healing.rating is not None:
            awake = natural_healing_rating(sheet.healing.rating, resting=False)
            hint = (f"natural healing: roll {awake} every 4 game hours, {sheet.healing.rating}"
                    f" after 8 hours' rest; {hint}")
        values = await self.form(f"Heal {target.name}", [
            Field("amount", "Heal how many wounds (0: none)", whole_number("healing", WOUNDS),
                  "0"),
            Field("kill", f"Kill rule: put {target.pronoun.them} at 10 CD instead (y/n)",
                  yes_no("kill rule"),
                  "n"),
        ], hint)
        if values is None:
            return
        self.show(combat.kill_rule(target) if values["kill"]
                  else combat.heal(target, values["amount"]))

    # ----- explosions and vessels ---------------------------------------------------------

    def blast(self) -> None:
        self.run(self._blast(), writes=False)  # worked out and noted, not saved

    async def _blast(self) -> None:
        values = await self.form("Explosion", [Field(
            "damage", "Explosion damage in the square hit", whole_number("damage", RESULT))],
            "damage halves with each square from the impact until 1 or less")
        if values is not None:
            outcome = self.service.combat.blast(values["damage"])
            self.show(outcome)
            self.note(outcome)

    # ----- the party's vessel -------------------------------------------------------------

    async def _vessel_hit(self, vessel: Combatant) -> None:
        combat = self.service.combat
        body = combat.vessel_body(vessel)
        attacker = None
        with contextlib.suppress(ActionRefused):  # no NPC standing: the GM types the damage
            attacker = combat.default_attacker(Side.NPC)
        numbers = combat.numbers(attacker) if attacker is not None else None
        values = await self.form(f"A hit on {vessel.name} (type {body.name})", [
            Field("damage", "Damage", whole_number("damage", RESULT),
                  value=_number_or(numbers.dmg if numbers else None)),
            Field("type", "...in points of type (P, V, S ...)", rating_type,
                  value=numbers.type.name if numbers else body.name),
            Field("armor", f"{vessel.name}'s armor roll ({body.label} points)",
                  whole_number("armor roll", RESULT)),
        ], f"damage converts to {body.label} points (/10 a type up), less the armor roll; "
           "with critical damage the hull-breach and system-failure checks come due")
        if values is not None:
            self.show(combat.hit_party_vessel(vessel, values["damage"], values["type"],
                                              values["armor"]))

    async def _vessel_checks(self, vessel: Combatant, owed: list[VesselCheckDue]) -> None:
        body = self.service.combat.vessel_body(vessel)
        fields = []
        for check in owed:
            if check.kind is VesselCheckKind.HULL_BREACH:
                what = ("armor" if check.armor is None
                        else f"armor {check.armor} (in {body.label} points)")
                chance = (None if check.armor is None
                          else chance_at_least(check.armor, check.difficulty))
                alone = "" if chance is None else f" (armor alone {percent(chance)})"
                label = f"Hull breach: {what} + repair hull (cat) vs {check.difficulty}{alone}"
            else:
                label = (f"System failure: its rating + damage control (cat) vs "
                         f"{check.difficulty}")
            fields.append(Field(check.kind.name.lower(), label,
                                optional_int(f"{check.kind} result", RESULT)))
        values = await self.form(
            f"{vessel.name}'s critical checks", fields,
            "the crew's results; leave one empty if not rolled (a hull breach that does not "
            "matter here: no air to lose) · ctrl+s: done")
        if values is not None:
            self.show(self.service.combat.apply_vessel_checks(
                vessel, [(check.kind, values[check.kind.name.lower()]) for check in owed]))

    def system_failure(self, combatant_id: int | None) -> None:
        self.command(lambda: self.service.combat.system_failure(self.combatant(combatant_id)))
