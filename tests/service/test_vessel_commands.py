"""Vehicles and ships through the service (issue 25): the pirates' skimmer is crippled or
destroyed as the GM rules, never dead; the party's own skimmer owes its crew's checks."""

from __future__ import annotations

from console.model import NpcTemplate, Status
from console.rules.ratings import Rating, RatingType
from console.rules.vehicle_damage import VesselCheckKind
from console.service import CampaignService
from console.store import CampaignStore
from tests.service.conftest import fight, seeded

SKIMMER = NpcTemplate(7, "Pirate skimmer", atk="12", def_="10", dmg="10MV", ar="2", vit="30",
                      nish="12", body_type="V")
OURS = NpcTemplate(8, "Dha skimmer", ar="8M", vit="30", body_type="V")


def dock() -> CampaignService:
    service = fight(seeded(CampaignStore.in_memory("Dock"), SKIMMER, OURS))
    service.roster.spawn(SKIMMER, 1)
    service.tracker.call_for_nish({1: 20, 2: 14})
    return service


def pirate(service: CampaignService):  # type: ignore[no-untyped-def]
    encounter = service.encounter()
    assert encounter is not None
    return next(c for c in encounter.combatants if c.name.startswith("Pirate"))


def test_the_gm_rules_the_skimmer_crippled_when_its_critical_damage_first_occurs() -> None:
    service = dock()
    combat = service.combat
    target = pirate(service)
    assert not combat.fate_needed(target, 30)  # 30/30: no critical damage yet
    assert combat.fate_needed(target, 32)
    said = combat.change_wounds(target, -32, Status.CRIPPLED)
    assert pirate(service).status is Status.CRIPPLED
    assert any("crippled" in alert for alert in said.alerts)
    assert not combat.fate_needed(pirate(service), 5)  # ruled once


def test_a_pc_attack_that_brings_its_critical_damage_lands_with_the_ruling() -> None:
    service = dock()
    combat = service.combat
    brice = service.encounter().combatant(1)  # type: ignore[union-attr]
    assert brice is not None
    attack = combat.plan_pc_attack(brice, pirate(service), "8M/10H", [], 1, 10, 2)
    assert combat.wounding(attack, 330) == 31  # 330 Personal = 33 Vehicle, less AR 2
    assert combat.fate_needed(pirate(service), combat.wounding(attack, 330))
    landed = combat.land_pc_attack(attack, 330, keep_up=False, fate=Status.DESTROYED)
    assert pirate(service).status is Status.DESTROYED
    assert any("destroyed" in alert for alert in landed.alerts)
    assert not any("dies" in line for line in (*landed.alerts, *landed.notices))


def test_u_and_d_on_a_vessel_are_crippled_and_destroyed() -> None:
    service = dock()
    target = pirate(service)
    service.tracker.toggle_status(target.id, Status.DEAD)
    assert pirate(service).status is Status.DESTROYED
    service.tracker.toggle_status(target.id, Status.DEAD)
    assert pirate(service).status is Status.ACTIVE
    service.tracker.toggle_status(target.id, Status.UNCONSCIOUS)
    assert pirate(service).status is Status.CRIPPLED
    brice = service.encounter().combatant(1)  # type: ignore[union-attr]
    assert brice is not None
    service.tracker.toggle_status(brice.id, Status.DEAD)  # a PC still dies
    assert service.encounter().combatant(1).status is Status.DEAD  # type: ignore[union-attr]


def test_the_party_skimmer_is_hit_and_its_crew_makes_the_checks() -> None:
    service = dock()
    service.roster.join_party_vessel(OURS)
    ours = next(c for c in service.encounter().combatants  # type: ignore[union-attr]
                if c.template == OURS.id)
    assert [r.combatant_id for r in service.tracker.nish_call().rolls] == [1, 2]  # it rolls no Nish
    hit = service.combat.hit_party_vessel(ours, 40, RatingType.V, 8)  # 32/30: 2 CD
    assert any("hull breach and system failure vs 10" in alert for alert in hit.alerts)
    owed = service.combat.vessel_checks(ours)
    assert [(c.kind, c.difficulty) for c in owed] == [
        (VesselCheckKind.HULL_BREACH, 10), (VesselCheckKind.SYSTEM_FAILURE, 10)]
    assert owed[0].armor == Rating.parse("8M")  # rolled as 8M, read in Vehicle points
    done = service.combat.apply_vessel_checks(
        ours, [(VesselCheckKind.HULL_BREACH, 12), (VesselCheckKind.SYSTEM_FAILURE, 4)])
    assert any("hull holds" in line for line in done.alerts)
    assert any("cascade failure" in line for line in done.alerts)
    assert service.combat.vessel_checks(ours) == []
    service.undo()  # one action: both checks and the failed system come off together
    assert len(service.combat.vessel_checks(ours)) == 2


def test_the_players_recap_tells_a_vessel_destroyed_by_the_blow_as_destroyed() -> None:
    """The blow's line said "(critical)" and the next "is destroyed" (found in review)."""
    service = dock()
    combat = service.combat
    brice = service.encounter().combatant(1)  # type: ignore[union-attr]
    assert brice is not None
    attack = combat.plan_pc_attack(brice, pirate(service), "8M/10H", [], 1, 10, 2)
    combat.land_pc_attack(attack, 330, keep_up=False, fate=Status.DESTROYED)
    said = [s.text for f in service.recap.session(players=True).fights for r in f.rounds
            for t in (*r.turns,) for s in t.said]
    hit = next(text for text in said if text.startswith("Brice hits"))
    assert hit.endswith("(destroyed)") and "critical" not in hit
