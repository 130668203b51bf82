"""Combat through the service: both attack directions with their odds, critical damage
and its checks, healing and the kill rule, explosions and a ship's system failures."""

from __future__ import annotations

import pytest

from console.model import Encounter, NpcTemplate, PlayerCharacter, Side, Status
from console.model.roster import parse_weapons, spawn_copies
from console.model.tracker import add_combatant, call_for_nish
from console.rules.critical_damage import CheckKind
from console.service import ActionRefused, CampaignService
from console.store import CampaignStore
from tests.service.conftest import seeded

BRICE = PlayerCharacter.new(1, "Brice", nish="8M", def_="8M", ar="6M", vit_max="20",
                            wp="10L", healing="10L", weapons=parse_weapons("blaster 8M/10L"))
SKRAK = NpcTemplate(1, "Skrak", atk="15", def_="16", dmg="20", ar="4", vit="12", nish="10")


def dock(wounds: int = 0) -> CampaignService:
    """Brice (Nish 30) against Skrak 1 and 2 (Nish 10), round 1, Brice's turn."""
    encounter = add_combatant(Encounter(1, "Dock fight"), "Brice", Side.PC, ref=1).encounter
    encounter = spawn_copies(encounter, SKRAK, 2).encounter
    encounter = call_for_nish(encounter, {1: 30}).encounter
    return seeded(CampaignStore.in_memory("Dock"), BRICE.with_changes(wounds=wounds), SKRAK,
                  encounter)


def fighter(service: CampaignService, combatant_id: int):  # type: ignore[no-untyped-def]
    encounter = service.encounter()
    assert encounter is not None
    return encounter.combatant(combatant_id)


def test_both_attack_directions_and_critical_damage() -> None:
    service = dock()
    combat = service.combat
    brice, skrak1, skrak2 = (fighter(service, i) for i in (1, 2, 3))
    assert combat.default_attacker(Side.PC) == brice

    # Brice fires his blaster at Skrak 1: Atk 8M vs Def 16; a hit by 0 goes to the player.
    attack = combat.plan_pc_attack(brice, skrak1, "1", [], 1, 16, 4)
    assert attack.request.prompt == "roll Atk 8M vs 16"
    assert attack.verdict(16).hit
    hit = combat.land_pc_attack(attack, 24, keep_up=False)  # 24 - 4 = 20 > Vit 12
    assert (fighter(service, 2).wounds, fighter(service, 2).status) == (20, Status.DEAD)
    assert hit.alerts == ("Skrak 1: 20 wounding damage: 20/12, 8 critical damage: dies",)
    # The log (and the recap) says who hit him, as it does when an NPC hits a PC.
    assert hit.notices == ("Brice hits Skrak 1 (Dmg roll 24, AR 4): 20 wounding damage: "
                           "20/12, 8 critical damage: dies",)

    # A miss on Skrak 2 changes nothing, and says why.
    attack = combat.plan_pc_attack(brice, skrak2, "1", [], 1, 16, 4)
    missed = attack.missed(attack.verdict(8))
    assert missed.alerts == ("Brice misses Skrak 2: Atk 8 vs Def 16: miss by 8",)
    assert missed.changes == ()

    # Skrak 2 attacks Brice: Def 4 vs Atk 15 is a hit; AR 2 vs Dmg 20 is 18 wounds.
    attack = combat.plan_npc_attack(skrak2, brice, [], 1, 15, 20)
    assert attack.request.prompt == "roll Def 8M vs 15"
    assert attack.verdict(4).hit
    assert attack.armor().prompt == "roll AR 6M vs Dmg 20"
    combat.land_npc_attack(attack, 2)
    assert service.pcs()[1].wounds == 18

    # A second hit: 36 wounds on Vit 20, 16 critical damage at one blow. The death and
    # unconsciousness checks come at once; never the drain, which waits for his Nish.
    again = combat.land_npc_attack(attack, 2)
    assert service.pcs()[1].wounds == 36
    said = "\n".join(again.alerts)
    assert "Vit vs 16 (death)" in said and "WP vs 80 (unconsciousness)" in said
    assert "Healing vs 80" not in said

    # His checks now: alive (Vit 20 vs 16), passes out (WP 5 vs 80); nothing else owed.
    due = combat.checks_due(fighter(service, 1))
    assert [check.kind for check, _ in due] == [CheckKind.DEATH, CheckKind.UNCONSCIOUSNESS]
    assert all(rating is not None for _, rating in due)
    combat.apply_checks(fighter(service, 1), [(CheckKind.DEATH, 20),
                                              (CheckKind.UNCONSCIOUSNESS, 5)])
    after = fighter(service, 1)
    assert after.status is Status.UNCONSCIOUS and not after.drain_stopped
    assert after.checks_owed == ()

    # A grenade: 20 in the square hit, halving outwards; nothing is saved.
    blast = combat.blast(20)
    assert "square hit 20, 1 away 10, 2 away 5, 3 away 2, 4 away 1; nothing further" in \
        blast.alerts[0]

    # First aid heals 5; undo takes it back.
    combat.heal(fighter(service, 1), 5)
    assert service.pcs()[1].wounds == 31
    service.undo()
    assert service.pcs()[1].wounds == 36


def test_a_failed_drain_adds_a_wound_and_a_failed_death_check_kills() -> None:
    service = dock(wounds=32)  # 12 CD
    combat = service.combat
    # His turn is the round's first: the round's checks are owed before he acts.
    due = [check.kind for check, _ in combat.checks_due(fighter(service, 1))]
    assert due == [CheckKind.DEATH, CheckKind.UNCONSCIOUSNESS, CheckKind.VITALITY_DRAIN]
    checked = combat.apply_checks(fighter(service, 1), zip(due, [14, 80, 3], strict=True))
    assert service.pcs()[1].wounds == 33  # the drain failed: one more wound
    # Each said with its Dif and how it went, not a bare number to work out.
    assert any("death check: 14 vs 12, passed" in line for line in checked.notices)
    assert any("vitality drain check: 3 vs 60, failed" in line for line in checked.notices)
    assert combat.checks_due(fighter(service, 1)) == []  # once a round
    service.tracker.next_turn()
    service.tracker.next_turn()
    service.tracker.call_for_nish({1: 32})  # next round, on his Nish, they come again
    due = [check.kind for check, _ in combat.checks_due(fighter(service, 1))]
    combat.apply_checks(fighter(service, 1), [(due[0], 2), (due[1], None)])  # Vit fails
    assert fighter(service, 1).status is Status.DEAD


def test_a_damaged_ship_rolls_a_system_failure() -> None:
    service = dock()
    halberd = NpcTemplate(2, "Halberd", def_="20", ar="8M", vit="24", nish="12", body_type="S")
    service.roster.save_npc(halberd)
    service.roster.spawn(halberd, 1)
    ship = service.encounter().combatants[-1]  # type: ignore[union-attr]
    assert service.combat.numbers(ship).type.name == "S"
    with pytest.raises(ActionRefused, match="no critical damage: no system fails"):
        service.combat.system_failure(ship)
    encounter = service.encounter()
    assert encounter is not None
    hit = ship.with_changes(wounds=30)  # 6 CD, as in the book
    service._store.apply("hurt", "the Halberd is hit", [("encounters", 1, encounter.with_changes(
        combatants=(*encounter.combatants[:-1], hit)).to_dict())])
    failed = service.combat.system_failure(hit)
    conditions = service.encounter().conditions  # type: ignore[union-attr]
    assert len(conditions) == 1 and conditions[0].target == hit.id
    assert failed.alerts and failed.alerts[0].startswith("Halberd 1: ")
    with pytest.raises(ActionRefused, match="is not a vehicle or a ship"):
        service.combat.system_failure(fighter(service, 2))


def test_a_kill_on_his_own_turn_hands_the_round_on() -> None:
    # Brice 20, Skrak 1-3 at 9, Kess 5: Skrak 3's turn; Brice's shot kills him.
    kess = PlayerCharacter.new(2, "Kess", nish="6L", vit_max="16")
    skrak = SKRAK.with_changes(def_="8", nish="9")
    encounter = add_combatant(Encounter(1, "Dock fight"), "Brice", Side.PC, ref=1).encounter
    encounter = spawn_copies(encounter, skrak, 3).encounter
    encounter = add_combatant(encounter, "Kess", Side.PC, ref=2).encounter
    encounter = call_for_nish(encounter, {1: 20, 5: 5}).encounter
    service = seeded(CampaignStore.in_memory("Dock"), BRICE, kess, skrak, encounter)
    for _ in range(3):
        service.tracker.next_turn()
    attack = service.combat.plan_pc_attack(fighter(service, 1), fighter(service, 4), "1", [],
                                           1, 8, 4)
    service.combat.land_pc_attack(attack, 24, keep_up=False)
    assert fighter(service, 4).status is Status.DEAD
    assert service.encounter().current == "c5"  # type: ignore[union-attr]  # Kess's turn
    service.tracker.next_turn()
    assert service.encounter().current == "end"  # type: ignore[union-attr]


def test_the_kill_rule_on_a_critically_wounded_pc() -> None:
    service = dock(wounds=23)  # 3 CD
    done = service.combat.kill_rule(fighter(service, 1))
    assert service.pcs()[1].wounds == 30
    assert service.view().history[-1].description.startswith(
        "Kill rule: Brice is put at 10 critical damage")
    assert any("Vit vs 10 (death)" in a for a in done.alerts)


def test_what_combat_refuses() -> None:
    service = dock()
    combat = service.combat
    skrak = fighter(service, 2)
    with pytest.raises(ActionRefused, match="Skrak 1 is an NPC: with critical damage"):
        combat.heal(skrak, 1)
    with pytest.raises(ActionRefused, match="weapon: a number from the list"):
        combat.plan_pc_attack(fighter(service, 1), skrak, "blaster", [], 1, 16, 4)
    with pytest.raises(ActionRefused):
        combat.plan_pc_attack(fighter(service, 1), skrak, "1", ["no_such_modifier"], 1, 16, 4)
    with pytest.raises(ValueError, match="no NPC called Brice in the fight"):
        combat.by_name(Side.NPC, "Brice")
    sheetless = seeded(CampaignStore.in_memory("Dock"))
    sheetless.tracker.new_encounter("Bar")
    sheetless.tracker.add_npc("Thug", 9, 12)
    with pytest.raises(ActionRefused, match="no PC in the fight to attack with"):
        sheetless.combat.default_attacker(Side.PC)


def test_the_gms_own_wounds_and_healing_on_either_side() -> None:
    from console.model import Status
    from console.store import CampaignStore
    from tests.service.conftest import fight, seeded

    service = fight(seeded(CampaignStore.in_memory("Dock"), SKRAK, BRICE))
    encounter = service.encounter()
    assert encounter is not None
    skrak = next(c for c in encounter.combatants if c.name == "Skrak 1")
    said = service.combat.change_wounds(skrak, -5)
    assert said.notices and service.encounter().combatant(skrak.id).wounds == 5  # type: ignore[union-attr]
    service.combat.change_wounds(skrak, +3)
    assert service.encounter().combatant(skrak.id).wounds == 2  # type: ignore[union-attr]
    service.combat.change_wounds(skrak, -20)  # critical damage: an NPC dies
    assert service.encounter().combatant(skrak.id).status is Status.DEAD  # type: ignore[union-attr]
    with pytest.raises(ActionRefused, match="dead"):
        service.combat.change_wounds(skrak, +3)
    brice = next(c for c in service.encounter().combatants if c.name == "Brice")  # type: ignore[union-attr]
    service.combat.change_wounds(brice, -6)
    assert service.pcs()[1].wounds == 6  # on his sheet
    with pytest.raises(ActionRefused):
        service.combat.change_wounds(brice, 0)


def test_a_drain_stopped_by_healing_stays_stopped_in_the_next_fight() -> None:
    """Healed in one fight, Brice's drain came back at the next fight's first Nish, with no
    new damage: "a success (or any healing of 1+) stops the drain until new damage"."""
    service = dock(wounds=30)  # CD 10
    combat = service.combat
    combat.heal(fighter(service, 1), 1)  # 29 wounds, CD 9: the drain stops
    assert service.pcs()[1].drain_stopped
    service.tracker.new_encounter("Dock, later")
    service.tracker.join_party()
    brice = next(c for c in service.encounter().combatants  # type: ignore[union-attr]
                 if c.name == "Brice")
    service.tracker.call_for_nish({brice.id: 30})
    due = [check.kind for check, _ in combat.checks_due(fighter(service, brice.id))]
    assert CheckKind.VITALITY_DRAIN not in due and CheckKind.UNCONSCIOUSNESS in due
    # New damage starts it again.
    combat.change_wounds(fighter(service, brice.id), -1)  # the GM wounds him by 1
    assert not service.pcs()[1].drain_stopped
    # So do wounds typed on his sheet; and healing under his Vit keeps no stop at all.
    combat.heal(fighter(service, brice.id), 1)
    assert service.pcs()[1].drain_stopped
    service.roster.save_pc(service.pcs()[1].with_changes(wounds=35))
    assert not service.pcs()[1].drain_stopped
    combat.heal(fighter(service, brice.id), 30)  # 5 wounds on Vit 20: no critical damage
    assert not service.pcs()[1].drain_stopped
