"""Combat commands: both directions of an attack with their exact odds, a PC's critical
damage checks and healing, explosions and a vessel's system failures.

An attack is planned first (:class:`PcAttack`, :class:`NpcAttack`: what to ask the player
and his chances, from the dice engine), then landed with the results he calls out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from console.model import Combatant, ModelError, PlayerCharacter, Side, Status
from console.model.checks_owed import checks_due_for, checks_moment
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
from console.model.completion import named
from console.model.fight_events import Attacked
from console.model.hazards import passing_out
from console.model.outcome import Outcome
from console.model.stats import Stat
from console.model.vessels import (
    apply_vessel_check,
    body_of,
    hit_party_vessel,
    is_party_vessel,
    is_vessel,
    repair_party_vessel,
    template_of,
    vessel_check_difficulty,
    vessel_checks_due,
    would_first_cripple,
    wound_party_vessel,
)
from console.records import record
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
from console.rules.ratings import STEPS_PER_TYPE, Rating, RatingType
from console.rules.vehicle_damage import VesselCheckKind
from console.service.core import CampaignCore
from console.service.errors import ActionRefused

__all__ = ["CombatCommands", "NpcAttack", "PcAttack", "VesselCheckDue", "weapon_ratings"]


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
    """A miss: said; no document changes (see :meth:`CombatCommands.miss`)."""
    return Outcome(alerts=(f"{attacker.name} misses {target.name}: {verdict.describe()}",))


def _attacked(fight: int, attacker: Combatant | None, target: Combatant,
              hit: bool) -> Attacked:
    return Attacked(fight, None if attacker is None else attacker.id, target.id, hit)


@record
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


@record
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


def body_rating(stat: Stat, body: RatingType) -> Rating:
    """The rating a vessel's crew rolls for a stat kept in its own type's points, its
    results read in those points, as the book rolls them against its critical damage (the
    Halberd's 8M armor stops 2 Ship points): an untyped rating as it is, a typed one moved
    down to the body's scale (10MV on a vehicle rolls 10M), a value by Table 7 (20)."""
    if stat.rating is None:
        return stat.as_rating()
    rating = stat.rating if stat.explicit_type else Rating(stat.rating.die,
                                                           stat.rating.category, body)
    return rating.shifted(-STEPS_PER_TYPE * (body - RatingType.P))


@record
class VesselCheckDue:
    """A check the party's vessel owes: its Dif, and the armor the hull breach combines."""

    kind: VesselCheckKind
    difficulty: int
    armor: Rating | None = None


class CombatCommands:
    def __init__(self, service: CampaignCore) -> None:
        self._service = service

    # ----- who fights ---------------------------------------------------------------------

    def fighters(self, side: Side) -> list[Combatant]:
        encounter = self._service.encounter()
        return [] if encounter is None else [  # the party's vessel is no fighter
            c for c in encounter.combatants
            if c.side is side and c.status in (Status.ACTIVE, Status.UNCONSCIOUS)
            and c.template is None]

    def default_attacker(self, side: Side) -> Combatant:
        """Whoever of that side acts now: the one who took his saved Initiative (`o`) while
        the round is still on that turn, else whoever has the turn, else the first one."""
        fighters = self.fighters(side)
        encounter = self._service.encounter()
        held = self._service.acting_now
        if encounter is not None and held is not None:
            who, round_, current = held
            if (round_, current) == (encounter.round, encounter.current):
                for fighter in fighters:
                    if fighter.id == who:
                        return fighter
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
        """A fighter of ``side`` by name, or by the start of one name only ("Ok" for Oko
        Ade); a ValueError for the form when there is none, or more than one."""
        fighters = self.fighters(side)
        found = named([c.name for c in fighters], name)
        kind = "PC" if side is Side.PC else "NPC"
        if not found:
            raise ValueError(f"no {kind} called {name.strip() or '(empty)'} in the fight")
        if len(found) > 1:
            shown = ", ".join(found[:4]) + (" ..." if len(found) > 4 else "")
            raise ValueError(f"{name.strip()} starts {len(found)} {kind}s' names ({shown}): "
                             "type more, or tab to complete")
        return next(c for c in fighters if c.name == found[0])

    def names(self, side: Side) -> list[str]:
        """The names of the fighters of ``side``, to complete a name typed in part."""
        return [c.name for c in self.fighters(side)]

    def weapons_of(self, attacker: Combatant) -> str:
        """A PC's weapons as the attack form lists them ("1 Pistol, 2 Knife"), or ""."""
        sheet = self.sheet_of(attacker)
        return "" if sheet is None else ", ".join(
            f"{n} {w.name}" for n, w in enumerate(sheet.weapons, start=1))

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

    @staticmethod
    def wounding(attack: PcAttack, damage: int) -> int:
        """The wounding damage a Dmg result does: converted to the NPC's type, less his
        AR."""
        converted = convert_damage(damage, RatingType.P, attack.numbers.type)
        return wounding_damage(converted, attack.ar, attacks=attack.attacks)

    def fate_needed(self, target: Combatant, wounding: int) -> bool:
        """Whether ``wounding`` gives an NPC's vehicle or ship critical damage for the first
        time: the GM rules it crippled or destroyed (it never dies)."""
        current = self._service.running().combatant(target.id) or target
        return would_first_cripple(current, self._service.npcs(), wounding)

    def land_pc_attack(self, attack: PcAttack, damage: int, *, keep_up: bool,
                       fate: Status | None = None) -> Outcome:
        """The player's damage result: wounding damage (converted to the NPC's type, less
        his AR) on the NPC; critical damage kills him unless the GM keeps him up, and makes
        a vehicle or ship ``fate`` (crippled or destroyed)."""
        wounding = self.wounding(attack, damage)
        target = attack.target.id
        vessel = is_vessel(attack.target, self._service.npcs())
        service = self._service

        def land() -> Outcome:
            encounter = service.running()
            return wound_npc_in_fight(encounter, target, wounding, keep_up=keep_up,
                                      vessel=vessel, fate=fate,
                                      cause=f"{attack.attacker.name} hits {attack.target.name} "
                                            f"(Dmg roll {damage}, AR {attack.ar}):").with_events(
                _attacked(encounter.id, attack.attacker, attack.target, True))

        outcome = service.run("combat.pc_attack", land)
        if outcome.alerts:  # his death, or the vessel's fate, which says the damage too
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

        def land() -> Outcome:
            encounter = service.running()
            return wound_pc(self.require_sheet(attack.target), encounter, wounds,
                            cause=f"{attack.attacker.name} hits {attack.target.name} "
                                  f"(AR roll {ar_result}):").with_events(
                _attacked(encounter.id, attack.attacker, attack.target, True))

        return service.run("combat.npc_attack", land)

    def miss(self, attack: PcAttack | NpcAttack, verdict: AttackResult) -> Outcome:
        """A miss: no document changes, but it is logged (and undoable) with its event, so
        the session's recap tells the attack; said to the GM as the attack's end."""
        service = self._service
        missed = attack.missed(verdict)

        def record() -> Outcome:
            encounter = service.running()
            return Outcome(notices=missed.alerts, alerts=missed.alerts, events=(
                _attacked(encounter.id, attack.attacker, attack.target, False),))

        return service.run("combat.miss", record)

    # ----- a PC's critical damage, healing, the kill rule ---------------------------------

    def pc_sheet(self, combatant: Combatant) -> PlayerCharacter:
        """A PC's sheet for his critical damage (an NPC with critical damage just dies)."""
        if is_party_vessel(combatant):
            raise ActionRefused(f"{combatant.name} is the party's vessel: A for a hit on it, "
                                "k for its checks, -N / +N for the GM's damage or repairs")
        if combatant.side is not Side.PC:
            if is_vessel(combatant, self._service.npcs()):
                raise ActionRefused(f"{combatant.name} is an NPC's vessel: at critical damage "
                                    "the GM rules it crippled (u) or destroyed (d)")
            raise ActionRefused(f"{combatant.name} is an NPC: with critical damage "
                                f"{combatant.pronoun.they} simply "
                                f"{combatant.pronoun.verb('dies', 'die')}")
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

    def checks_moment(self, combatant: Combatant) -> str:
        """When the checks he owes now are made: "before he acts" or "as the damage
        lands"."""
        encounter = self._service.encounter()
        if encounter is None or encounter.combatant(combatant.id) is None:
            return "now"
        return checks_moment(encounter, combatant.id)

    def apply_checks(self, combatant: Combatant,
                     results: Iterable[tuple[CheckKind, int | None]]) -> Outcome:
        sheet = self.pc_sheet(combatant)
        service = self._service

        def checks() -> Outcome:
            before = service.encounter()
            # Passed out under water (a failed unconsciousness check): he drowns.
            return passing_out(before, apply_pc_checks(sheet, before, list(results)),
                               service.pcs(), service.npcs())

        return service.run("combat.checks", checks)

    def change_wounds(self, combatant: Combatant, change: int,
                      fate: Status | None = None) -> Outcome:
        """The GM's own figure: ``-7`` wounds him by 7 (an NPC with critical damage dies,
        a vessel becomes ``fate``, a PC's checks come due), ``+3`` heals 3 (repairs a
        vessel's hull)."""
        service = self._service
        if change == 0:
            raise ActionRefused("type wounds like -7, or healing like +3")
        if is_party_vessel(combatant):
            if change < 0:
                return service.run("combat.wounds", lambda: wound_party_vessel(
                    service.running(), combatant.id, -change))
            return service.run("combat.heal", lambda: repair_party_vessel(
                service.running(), combatant.id, change))
        if combatant.side is Side.PC:
            sheet = self.pc_sheet(combatant)
            if change < 0:
                return service.run("combat.wounds", lambda: wound_pc(
                    sheet, service.encounter(), -change))
            return self.heal(combatant, change)
        if change < 0:
            vessel = is_vessel(combatant, service.npcs())
            return service.run("combat.wounds", lambda: wound_npc_in_fight(
                service.running(), combatant.id, -change, vessel=vessel, fate=fate))
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
        template = template_of(combatant, service.npcs())
        return service.run("combat.system_failure", lambda: system_failure(
            service.running(), combatant.id, template, service.rng))

    # ----- the party's vessel: hits and its critical checks -------------------------------

    def vessel_body(self, vessel: Combatant) -> RatingType:
        return body_of(vessel, self._service.npcs())

    def hit_party_vessel(self, vessel: Combatant, damage: int, damage_type: RatingType,
                         armor_result: int) -> Outcome:
        """A hit on the party's vessel, its armor rolled: the hull-breach and
        system-failure checks it makes due are alerts."""
        service = self._service

        def land() -> Outcome:
            encounter = service.running()
            return hit_party_vessel(encounter, vessel.id, damage, damage_type, armor_result,
                                    service.npcs()).with_events(
                _attacked(encounter.id, None, vessel, True))

        return service.run("combat.vessel_hit", land)

    def vessel_checks(self, vessel: Combatant) -> list[VesselCheckDue]:
        """The checks the party's vessel owes now, each with its Dif (5 x CD) and, for the
        hull breach, the armor rating the crew combines with repair hull."""
        service = self._service
        current = service.running().combatant(vessel.id)
        if current is None or not is_party_vessel(current):
            raise ActionRefused(f"{vessel.name} is not the party's vessel")
        template = template_of(current, service.npcs())
        armor = None
        if template is not None and template.ar is not None:
            armor = body_rating(template.ar, self.vessel_body(current))
        dif = vessel_check_difficulty(current)
        return [VesselCheckDue(kind, dif, armor if kind is VesselCheckKind.HULL_BREACH
                               else None)
                for kind in vessel_checks_due(service.running(), current)]

    def apply_vessel_checks(self, vessel: Combatant,
                            results: Iterable[tuple[VesselCheckKind, int | None]]) -> Outcome:
        """The crew's results in the order rolled (None: not rolled, it stays owed)."""
        service = self._service
        made = [(kind, result) for kind, result in results if result is not None]
        if not made:
            raise ActionRefused(f"no result entered: {vessel.name}'s checks stay owed")

        def run() -> Outcome:
            encounter = service.running()
            outcome = Outcome()
            for kind, result in made:
                step = apply_vessel_check(encounter, vessel.id, kind, result, service.npcs(),
                                          service.rng)
                encounter = step.encounter
                outcome = outcome.then(step)
            return outcome

        return service.run("combat.vessel_checks", run)
