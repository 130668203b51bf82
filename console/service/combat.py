"""Combat commands: both directions of an attack with their exact odds, a PC's critical
damage checks and healing, explosions and a vessel's system failures.

An attack is planned first (:class:`PcAttack`, :class:`NpcAttack`: what to ask the player
and his chances, from the dice engine), then landed with the results he calls out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from console.model import Combatant, ModelError, PlayerCharacter, Side, Status
from console.model.combat import (
    NpcNumbers,
    apply_pc_checks,
    heal_npc_in_fight,
    heal_pc,
    kill_rule_pc,
    npc_numbers,
    pc_condition,
    system_failure,
    wound_npc_in_fight,
    wound_pc,
)
from console.model.outcome import Outcome
from console.model.stats import Stat
from console.model.tracker import checks_due_for
from console.rules.combat import (
    AttackResult,
    RollRequest,
    armor_request,
    attack_request,
    defense_request,
    npc_attack_hits,
    pc_attack_hits,
    wounding_damage,
)
from console.rules.combat_modifiers import PcRole, player_adjustment
from console.rules.combat_odds import NpcAttackOdds, PcAttackOdds, npc_attack_odds, pc_attack_odds
from console.rules.critical_damage import CheckKind, DueCheck
from console.rules.explosions import blast_rings
from console.rules.mixed_types import convert_damage, type_shift
from console.rules.ratings import Rating, RatingType
from console.service.core import CampaignCore
from console.service.errors import ActionRefused

__all__ = ["CombatCommands", "NpcAttack", "PcAttack", "weapon_ratings"]


def _rating(stat: Stat | None, what: str) -> Rating:
    """A PC's stat as the rating he rolls, or a message that the sheet lacks it."""
    if stat is None:
        raise ActionRefused(f"{what} is not on the sheet: edit the PC (roster, e)")
    return stat.as_rating()


def weapon_ratings(sheet: PlayerCharacter, text: str) -> tuple[Rating, Rating]:
    """Atk and Dmg: a weapon's number on the sheet's list, or ratings typed as 8M/10L."""
    text = text.strip()
    if text.isdigit() and 1 <= int(text) <= len(sheet.weapons):
        weapon = sheet.weapons[int(text) - 1]
        return (_rating(weapon.atk, f"{sheet.name}'s {weapon.name} Atk"),
                _rating(weapon.dmg, f"{sheet.name}'s {weapon.name} Dmg"))
    atk, _, dmg = text.partition("/")
    if not dmg:
        raise ModelError("weapon: a number from the list, or Atk/Dmg ratings like 8M/10L")
    return _rating(Stat(atk), "Atk"), _rating(Stat(dmg), "Dmg")


def _missed(attacker: Combatant, target: Combatant, verdict: AttackResult) -> Outcome:
    """A miss: said, nothing saved."""
    return Outcome(alerts=(f"{attacker.name} misses {target.name}: {verdict.describe()}",))


@dataclass(frozen=True, slots=True)
class PcAttack:
    """A PC attacks an NPC: what the player rolls, and his odds."""

    attacker: Combatant
    target: Combatant
    atk: Rating
    dmg: Rating
    numbers: NpcNumbers  # the target's
    def_: int
    ar: int
    attacks: int
    request: RollRequest
    odds: PcAttackOdds

    def verdict(self, result: int) -> AttackResult:
        return pc_attack_hits(result, self.def_)

    def missed(self, verdict: AttackResult) -> Outcome:
        return _missed(self.attacker, self.target, verdict)


@dataclass(frozen=True, slots=True)
class NpcAttack:
    """An NPC attacks a PC: what the player rolls to defend, then for his armor."""

    attacker: Combatant
    target: Combatant
    sheet: PlayerCharacter  # the target's
    pc_def: Rating
    pc_ar: Rating
    atk: int
    attacks: int
    request: RollRequest
    odds: NpcAttackOdds

    def verdict(self, result: int) -> AttackResult:
        return npc_attack_hits(result, self.atk)

    def missed(self, verdict: AttackResult) -> Outcome:
        return _missed(self.attacker, self.target, verdict)

    def armor(self) -> RollRequest:
        return armor_request(self.pc_ar, self.odds.dmg)


class CombatCommands:
    def __init__(self, service: CampaignCore) -> None:
        self._service = service

    # ----- who fights ---------------------------------------------------------------------

    def fighters(self, side: Side) -> list[Combatant]:
        encounter = self._service.encounter()
        return [] if encounter is None else [
            c for c in encounter.combatants
            if c.side is side and c.status in (Status.ACTIVE, Status.UNCONSCIOUS)]

    def default_attacker(self, side: Side) -> Combatant:
        """Whoever of that side has the turn, else the first one."""
        fighters = self.fighters(side)
        encounter = self._service.encounter()
        if encounter is not None:
            view = self._service.view()
            turn = view.order.position(encounter.current)
            if turn is not None:
                acting = [c for c in fighters if c.id in view.order.turns[turn].members]
                if acting:
                    return acting[0]
        if not fighters:
            raise ActionRefused(f"no {'PC' if side is Side.PC else 'NPC'} in the fight to "
                                "attack with")
        return fighters[0]

    def by_name(self, side: Side, name: str) -> Combatant:
        """A fighter of ``side`` by name (a ValueError for the form when there is none)."""
        for combatant in self.fighters(side):
            if combatant.name.casefold() == name.strip().casefold():
                return combatant
        kind = "PC" if side is Side.PC else "NPC"
        raise ValueError(f"no {kind} called {name.strip() or '(empty)'} in the fight")

    def numbers(self, combatant: Combatant) -> NpcNumbers:
        template = (self._service.npcs().get(combatant.ref)
                    if combatant.ref is not None and combatant.side is Side.NPC else None)
        return npc_numbers(combatant, template)

    def sheet_of(self, combatant: Combatant) -> PlayerCharacter | None:
        return self._service.sheet_of(combatant)

    def require_sheet(self, combatant: Combatant) -> PlayerCharacter:
        sheet = self.sheet_of(combatant)
        if sheet is None:
            raise ActionRefused(f"{combatant.name} has no sheet in the roster")
        return sheet

    # ----- a PC attacks an NPC ------------------------------------------------------------

    def plan_pc_attack(self, attacker: Combatant, target: Combatant, weapon: str,
                       modifiers: Sequence[str], attacks: int, def_: int,
                       ar: int) -> PcAttack:
        numbers = self.numbers(target)
        sheet = self.require_sheet(attacker)
        atk, dmg = self._service.guard(lambda: weapon_ratings(sheet, weapon))
        shift = type_shift(RatingType.P, numbers.type)
        adjust = [self._service.guard(lambda: player_adjustment(modifiers, PcRole.ATTACKING)),
                  shift.pc_attack]
        request = attack_request(atk, def_, adjust)
        odds = pc_attack_odds(atk, dmg, def_, ar, numbers.vit or 1, npc_wounds=target.wounds,
                              attacks=attacks, atk_adjustments=adjust, npc_type=numbers.type)
        return PcAttack(attacker, target, atk, dmg, numbers, def_, ar, attacks, request, odds)

    def land_pc_attack(self, attack: PcAttack, damage: int, *, keep_up: bool) -> Outcome:
        """The player's damage result: wounding damage (converted to the NPC's type, less
        his AR) on the NPC; critical damage kills him unless the GM keeps him up."""
        converted = convert_damage(damage, RatingType.P, attack.numbers.type)
        wounding = wounding_damage(converted, attack.ar, attacks=attack.attacks)
        target = attack.target.id
        outcome = self._service.run("combat.pc_attack", lambda: wound_npc_in_fight(
            self._service.running(), target, wounding, keep_up=keep_up))
        if outcome.alerts:  # his death, which says the damage too
            return outcome
        return outcome.saying(alerts=(f"{attack.target.name} takes {wounding} wounding "
                                      "damage",))

    # ----- an NPC attacks a PC ------------------------------------------------------------

    def plan_npc_attack(self, attacker: Combatant, target: Combatant,
                        modifiers: Sequence[str], attacks: int, atk: int,
                        dmg: int) -> NpcAttack:
        numbers = self.numbers(attacker)
        sheet = self.require_sheet(target)
        pc_def = _rating(sheet.def_, f"{sheet.name}'s Def")
        pc_ar = _rating(sheet.ar, f"{sheet.name}'s AR")
        shift = type_shift(numbers.type, RatingType.P)
        adjust = [self._service.guard(lambda: player_adjustment(modifiers, PcRole.DEFENDING)),
                  shift.pc_defense]
        request = defense_request(pc_def, atk, adjust)
        vit = int(sheet.vit_max.value) if sheet.vit_max is not None else None
        odds = npc_attack_odds(pc_def, pc_ar, atk, dmg, attacks=attacks,
                               def_adjustments=adjust, dmg_type=numbers.type,
                               pc_wounds=sheet.wounds if vit else None, pc_vit_max=vit)
        return NpcAttack(attacker, target, sheet, pc_def, pc_ar, atk, attacks, request, odds)

    def land_npc_attack(self, attack: NpcAttack, ar_result: int) -> Outcome:
        """The player's AR result: the wounds go on his sheet; the checks they make due
        now are alerts."""
        wounds = wounding_damage(attack.odds.dmg, ar_result, attacks=attack.attacks)
        service = self._service
        return service.run("combat.npc_attack", lambda: wound_pc(
            self.require_sheet(attack.target), service.encounter(), wounds,
            cause=f"{attack.attacker.name} hits {attack.target.name} (AR roll {ar_result}):"))

    # ----- a PC's critical damage, healing, the kill rule ---------------------------------

    def pc_sheet(self, combatant: Combatant) -> PlayerCharacter:
        """A PC's sheet for his critical damage (an NPC with critical damage just dies)."""
        if combatant.side is not Side.PC:
            raise ActionRefused(f"{combatant.name} is an NPC: with critical damage he simply "
                                "dies")
        return self.require_sheet(combatant)

    def checks_due(self, combatant: Combatant) -> list[tuple[DueCheck, Rating | None]]:
        """The critical-damage checks he owes now, each with the rating he rolls."""
        sheet = self.pc_sheet(combatant)
        encounter = self._service.encounter()
        in_fight = encounter is not None and encounter.combatant(combatant.id) is not None
        due = (checks_due_for(encounter, combatant.id, self._service.pcs())
               if encounter is not None and in_fight
               else self._service.guard(lambda: pc_condition(sheet, combatant).checks_due()))
        stats = {"WP": sheet.wp, "Healing": sheet.healing, "Vit": sheet.vit_max}
        rated = []
        for check in due:
            stat = stats.get(check.ability)
            rated.append((check, None if stat is None else stat.as_rating()))
        return rated

    def apply_checks(self, combatant: Combatant,
                     results: Iterable[tuple[CheckKind, int | None]]) -> Outcome:
        sheet = self.pc_sheet(combatant)
        service = self._service
        return service.run("combat.checks", lambda: apply_pc_checks(
            sheet, service.encounter(), list(results)))

    def change_wounds(self, combatant: Combatant, change: int) -> Outcome:
        """The GM's own figure: ``-7`` wounds him by 7 (an NPC with critical damage dies,
        a PC's checks come due), ``+3`` heals 3."""
        service = self._service
        if change == 0:
            raise ActionRefused("type wounds like -7, or healing like +3")
        if combatant.side is Side.PC:
            sheet = self.pc_sheet(combatant)
            if change < 0:
                return service.run("combat.wounds", lambda: wound_pc(
                    sheet, service.encounter(), -change))
            return self.heal(combatant, change)
        if change < 0:
            return service.run("combat.wounds", lambda: wound_npc_in_fight(
                service.running(), combatant.id, -change))
        return service.run("combat.heal", lambda: heal_npc_in_fight(
            service.running(), combatant.id, change))

    def heal(self, combatant: Combatant, amount: int) -> Outcome:
        sheet = self.pc_sheet(combatant)
        service = self._service
        return service.run("combat.heal", lambda: heal_pc(sheet, service.encounter(), amount))

    def kill_rule(self, combatant: Combatant) -> Outcome:
        sheet = self.pc_sheet(combatant)
        service = self._service
        return service.run("combat.kill_rule",
                           lambda: kill_rule_pc(sheet, service.encounter()))

    # ----- explosions and vessels ---------------------------------------------------------

    @staticmethod
    def blast(damage: int) -> Outcome:
        """Damage square by square from the impact (nothing is saved: each victim then
        defends as usual)."""
        rings = blast_rings(damage)
        text = ", ".join(f"{away} away {dmg}" if away else f"square hit {dmg}"
                         for away, dmg in enumerate(rings))
        said = (f"Blast: {text}; nothing further. Each victim's armor applies (PCs roll AR "
                "vs it; NPCs take it minus AR).")
        return Outcome(notices=(said,), alerts=(said,))

    def system_failure(self, combatant: Combatant) -> Outcome:
        service = self._service
        template = (service.npcs().get(combatant.ref)
                    if combatant.ref is not None and combatant.side is Side.NPC else None)
        return service.run("combat.system_failure", lambda: system_failure(
            service.running(), combatant.id, template, service.rng))
