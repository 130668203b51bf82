"""Vehicles and ships at critical damage (issue 25): an NPC's is crippled or destroyed, never
dead; the party's owes the book's checks. Rule Book: Vehicle Combat, Ship Combat."""

from __future__ import annotations

import random

import pytest

from console.model import Encounter, NpcTemplate, Side, Status
from console.model.combat import wound_npc_in_fight
from console.model.encounters import Combatant, InitiativeMode
from console.model.errors import ModelError
from console.model.player_view import player_picture
from console.model.roster import spawn_copies
from console.model.tracker import (
    add_combatant,
    call_for_nish,
    current_turn,
    next_turn,
    round_order,
    set_mode,
)
from console.model.vessels import (
    apply_vessel_check,
    hit_party_vessel,
    join_party_vessel,
    repair_party_vessel,
    vessel_checks_due,
    would_first_cripple,
    wound_party_vessel,
)
from console.rules.ratings import RatingType
from console.rules.vehicle_damage import VesselCheckKind

SKIMMER = NpcTemplate(1, "Pirate skimmer", atk="12", def_="10", dmg="10MV", ar="2",
                      vit="30", nish="12", body_type="V")
HALBERD = NpcTemplate(2, "Halberd", ar="8M", vit="24", body_type="S")
TEMPLATES = {1: SKIMMER, 2: HALBERD}
HULL_BREACH, SYSTEM_FAILURE = VesselCheckKind.HULL_BREACH, VesselCheckKind.SYSTEM_FAILURE


def dock() -> Encounter:
    """Round 1: Brice (PC, 20) and the pirates' skimmer (12)."""
    encounter = add_combatant(Encounter(1, "Dock"), "Brice", Side.PC, ref=1).encounter
    encounter = spawn_copies(encounter, SKIMMER, 1).encounter
    return call_for_nish(encounter, {1: 20}).encounter


def skimmer(encounter: Encounter) -> Combatant:
    found = encounter.combatant(2)
    assert found is not None and found.name == "Pirate skimmer 1"
    return found


# ----- an NPC's vessel ----------------------------------------------------------------------


@pytest.mark.parametrize("fate", [Status.CRIPPLED, Status.DESTROYED])
def test_an_npc_vehicle_at_critical_damage_is_crippled_or_destroyed_never_dead(
        fate: Status) -> None:
    """Vehicle Combat: "vehicles never die"; NPC Vehicles: "if the characters wish to board
    the vehicle, assume the vehicle has been crippled; if the characters have no interest in
    capturing it, you may rule that it has been destroyed"."""
    encounter = dock()
    assert would_first_cripple(skimmer(encounter), TEMPLATES, 32)  # 30 hull points: 2 CD
    hit = wound_npc_in_fight(encounter, 2, 32, vessel=True, fate=fate)
    assert skimmer(hit.encounter).status is fate
    assert skimmer(hit.encounter).wounds == 32
    assert any(fate.value in alert for alert in hit.alerts)
    assert not any("dies" in line for line in (*hit.alerts, *hit.notices))
    order = round_order(hit.encounter)
    assert 2 in order.out and all(2 not in turn.members for turn in order.turns)
    picture = player_picture("c", 1, hit.encounter, {})
    assert {row.name: row.health for row in picture.rows}["Pirate skimmer 1"] == fate.value


def test_the_ruling_is_made_once_when_critical_damage_first_occurs() -> None:
    encounter = wound_npc_in_fight(dock(), 2, 31, vessel=True, fate=Status.CRIPPLED).encounter
    assert not would_first_cripple(skimmer(encounter), TEMPLATES, 10)
    more = wound_npc_in_fight(encounter, 2, 10, vessel=True, fate=Status.DESTROYED)
    assert skimmer(more.encounter).status is Status.CRIPPLED  # boarded, not blown up
    assert skimmer(more.encounter).wounds == 41


def test_without_a_ruling_it_is_crippled_the_milder() -> None:
    hit = wound_npc_in_fight(dock(), 2, 40, vessel=True)
    assert skimmer(hit.encounter).status is Status.CRIPPLED
    assert any("d if it is destroyed" in line for line in hit.alerts)
    with pytest.raises(ModelError, match="crippled or destroyed"):
        wound_npc_in_fight(dock(), 2, 40, vessel=True, fate=Status.DEAD)


def test_an_npc_in_flesh_still_dies_at_any_critical_damage() -> None:
    """Critical Damage, NPCs: "When NPCs suffer critical damage, they die"."""
    encounter = add_combatant(dock(), "Thug", Side.NPC, recorded_nish=5, vit_max=12).encounter
    assert wound_npc_in_fight(encounter, 3, 13).encounter.combatant(3).status is Status.DEAD  # type: ignore[union-attr]


# ----- the party's vessel -------------------------------------------------------------------


def with_party_vessel(template: NpcTemplate = SKIMMER) -> tuple[Encounter, int]:
    joined = join_party_vessel(dock(), template).encounter
    return joined, joined.combatants[-1].id


def test_the_party_vessel_has_no_initiative_of_its_own() -> None:
    """Vehicle Combat: "all players still roll individual Initiative for their characters
    ... The vehicle therefore moves when someone with the appropriate skill uses a move
    action"."""
    encounter, vessel = with_party_vessel()
    for mode in InitiativeMode:
        moded = set_mode(encounter, mode, 1 if mode is InitiativeMode.GROUP else None)
        order = round_order(call_for_nish(moded.encounter, {1: 20}).encounter)
        assert vessel in order.waiting
        assert all(vessel not in turn.members for turn in order.turns)
    with pytest.raises(ModelError, match="vehicle"):
        join_party_vessel(dock(), NpcTemplate(3, "Thug", vit="10"))


def test_hull_breach_once_when_critical_damage_first_occurs_not_every_round() -> None:
    """Character Vehicles, Hull Breach: "This check need not be rolled every round, just
    once. However, anytime an armor check is made another hull breach check must be made so
    long as critical damage exists." System Failure: "Any time a hull breach roll is
    required, a system failure check is also required.\""""
    encounter, vessel = with_party_vessel()
    encounter = wound_party_vessel(encounter, vessel, 20).encounter  # 20/30: no CD
    assert vessel_checks_due(encounter, encounter.combatant(vessel)) == ()
    hurt = wound_party_vessel(encounter, vessel, 15)  # 35/30: 5 CD, first occurs
    encounter = hurt.encounter
    assert vessel_checks_due(encounter, encounter.combatant(vessel)) == (
        HULL_BREACH, SYSTEM_FAILURE)
    # 5 CD in Vehicle points: Dif 25, never 250 ("rolls are made against a Dif of five (NOT
    # 50!)" for five points of Vehicle damage).
    assert "hull breach and system failure vs 25" in hurt.alerts[-1]
    rng = random.Random(1)
    encounter = apply_vessel_check(encounter, vessel, HULL_BREACH, 30, TEMPLATES,
                                   rng).encounter
    encounter = apply_vessel_check(encounter, vessel, SYSTEM_FAILURE, 25, TEMPLATES,
                                   rng).encounter
    assert vessel_checks_due(encounter, encounter.combatant(vessel)) == ()
    # A round passes, and more damage with no armor check: nothing new is owed.
    encounter = wound_party_vessel(call_for_nish(encounter, {1: 20}).encounter, vessel,
                                   3).encounter
    assert vessel_checks_due(encounter, encounter.combatant(vessel)) == ()
    # An armor check while critical damage exists: both checks again, vs 5 x 8 CD.
    hit = hit_party_vessel(encounter, vessel, 80, RatingType.P, 0, TEMPLATES)
    encounter = hit.encounter
    assert encounter.combatant(vessel).wounds == 46  # 80 Personal = 8 Vehicle points
    assert vessel_checks_due(encounter, encounter.combatant(vessel)) == (
        HULL_BREACH, SYSTEM_FAILURE)


def test_the_halberd_example_a_failed_system_cascades_until_a_check_succeeds() -> None:
    """Ship Combat (the Halberd): "has been hit for 32 points of damage., and an armor check
    (8M) stops only 2 points. Six points of critical damage"; "Sherri must therefore roll 8M
    vs a Dif of 30". System Failure: "every round after a system fails, another system
    failure check must follow. This continues round after round until a successful check
    results.\""""
    encounter, vessel = with_party_vessel(HALBERD)
    encounter = hit_party_vessel(encounter, vessel, 32, RatingType.S, 2, TEMPLATES).encounter
    halberd = encounter.combatant(vessel)
    assert halberd is not None and (halberd.wounds, halberd.vit_max) == (30, 24)
    rng = random.Random(4)
    failed = apply_vessel_check(encounter, vessel, SYSTEM_FAILURE, 12, TEMPLATES, rng)
    assert any("cascade failure" in line for line in failed.alerts)
    encounter = failed.encounter
    assert [c.target for c in encounter.conditions] == [vessel]  # the failed system
    assert vessel_checks_due(encounter, encounter.combatant(vessel)) == (HULL_BREACH,)
    encounter = apply_vessel_check(encounter, vessel, HULL_BREACH, 31, TEMPLATES,
                                   rng).encounter
    assert vessel_checks_due(encounter, encounter.combatant(vessel)) == ()  # this round
    for _ in range(2):  # round after round while the checks fail
        encounter = call_for_nish(encounter, {1: 20}).encounter
        assert vessel_checks_due(encounter, encounter.combatant(vessel)) == (SYSTEM_FAILURE,)
        encounter = apply_vessel_check(encounter, vessel, SYSTEM_FAILURE, 3, TEMPLATES,
                                       rng).encounter
    encounter = call_for_nish(encounter, {1: 20}).encounter
    ended = apply_vessel_check(encounter, vessel, SYSTEM_FAILURE, 30, TEMPLATES, rng)
    assert any("the cascade ends" in line for line in ended.alerts)
    encounter = call_for_nish(ended.encounter, {1: 20}).encounter
    assert vessel_checks_due(encounter, encounter.combatant(vessel)) == ()
    with pytest.raises(ModelError, match="owes no system failure"):
        apply_vessel_check(encounter, vessel, SYSTEM_FAILURE, 30, TEMPLATES, rng)


def test_a_failed_hull_breach_says_the_area_depressurizes() -> None:
    """Ship Combat: "If this roll fails, a hull breach occurs"; "the area will immediately
    begin to depressurize"."""
    encounter, vessel = with_party_vessel()
    encounter = wound_party_vessel(encounter, vessel, 32).encounter
    breached = apply_vessel_check(encounter, vessel, HULL_BREACH, 3, TEMPLATES,
                                  random.Random(1))
    assert any("breached" in line and "breach, CD 2" in line for line in breached.alerts)


def test_repairs_without_critical_damage_end_what_it_owed() -> None:
    encounter, vessel = with_party_vessel()
    encounter = wound_party_vessel(encounter, vessel, 32).encounter
    fixed = repair_party_vessel(encounter, vessel, 5).encounter
    assert vessel_checks_due(fixed, fixed.combatant(vessel)) == ()
    assert fixed.combatant(vessel).wounds == 27  # type: ignore[union-attr]


def test_the_party_vessel_saves_and_reads_back() -> None:
    encounter, vessel = with_party_vessel(HALBERD)
    encounter = hit_party_vessel(encounter, vessel, 32, RatingType.S, 2, TEMPLATES).encounter
    encounter = apply_vessel_check(encounter, vessel, SYSTEM_FAILURE, 1, TEMPLATES,
                                   random.Random(2)).encounter
    again = Encounter.from_dict(encounter.to_dict())
    assert again == encounter
    halberd = again.combatant(vessel)
    assert halberd is not None and halberd.cascading and halberd.template == 2
    assert halberd.vessel_owed == (HULL_BREACH,)
    crippled = wound_npc_in_fight(dock(), 2, 40, vessel=True).encounter
    assert Encounter.from_dict(crippled.to_dict()) == crippled


def test_the_turn_passes_on_from_a_vessel_crippled_on_its_turn() -> None:
    encounter = next_turn(dock()).encounter  # the skimmer's turn
    turn = current_turn(encounter)
    assert turn is not None and turn.members == (2,)
    after = wound_npc_in_fight(encounter, 2, 40, vessel=True, fate=Status.DESTROYED).encounter
    assert after.current == "end"
