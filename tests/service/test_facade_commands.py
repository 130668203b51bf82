"""A Façade campaign's fight through the service (issue 31), as a GM runs it: two PCs and
three thugs, Initiative on Action with the contest between ties, an interrupt, attacks whose
odds carry the hits' penalties, a hit by location, undo, and a restart that reads back
exactly what was saved."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from console.model import NpcTemplate, PlayerCharacter, Status
from console.model.facade_sheet import FacadeSheet, parse_armor, parse_weapons
from console.model.fight_end import EndHow
from console.model.skills import parse_skills
from console.rules.facade_combat.actions import Kind, Stance
from console.rules.facade_combat.blows import Choice
from console.rules.facade_combat.damage import Blow, DamageType
from console.rules.facade_combat.health import Hit, Location
from console.rules.systems import facade
from console.service import ActionRefused, CampaignService
from console.store import CampaignStore
from tests.service.conftest import seeded, turn


def sheet(finesse: int, grace: int, agility: int, weapons: str, armor: str = "",
          strength: int = 3) -> FacadeSheet:
    return FacadeSheet({"Finesse": finesse, "Grace": grace, "Agility": agility,
                        "Strength": strength}, parse_weapons(weapons), parse_armor(armor))


VERA = PlayerCharacter.new(1, "Vera", skills=parse_skills("Swords 4, Dodge 3"),
                           facade=sheet(4, 4, 4, "Broadsword 3D Swords str 4",
                                        "Leather Armor 2B/1C/2D red 3 T,A", strength=4))
KESS = PlayerCharacter.new(2, "Kess", skills=parse_skills("Firearms 4"),
                           facade=sheet(3, 3, 4, "Big Handgun 3L Firearms bullet gun"))
THUG = NpcTemplate(1, "Thug", skills=parse_skills("Knives 2"),
                   facade=sheet(3, 3, 3, "Knife 1D Knives", "Leather Jacket 3B/1C/1D red 2 T,A"))


def facade_fight(store: CampaignStore) -> CampaignService:
    service = seeded(store, VERA, KESS, THUG)
    service.settings.set_system("facade")
    service.sessions.toggle()
    service.tracker.new_encounter("Alley")
    service.roster.join(VERA)
    service.roster.join(KESS)
    service.roster.spawn(THUG, 3)
    return service


def ids(service: CampaignService) -> dict[str, int]:
    encounter = service.running()
    return {c.name: c.id for c in encounter.combatants}


def test_a_facade_fight_of_two_pcs_and_three_thugs() -> None:
    service = facade_fight(CampaignStore.in_memory("Alley"))
    who = ids(service)
    assert service.running().lowest_first
    service.facade.new_turn()
    # Initiative is Action: the thugs 9, Kess 10, Vera 12; lowest first
    assert [c.nish for c in service.running().combatants] == [12, 10, 9, 9, 9]
    assert turn(service) == ["Thug 1"]
    assert [[f.name for f in tie] for tie in service.facade.ties()] == [
        ["Thug 1", "Thug 2", "Thug 3"]]
    service.facade.contest({who["Thug 1"]: 12, who["Thug 2"]: 5, who["Thug 3"]: 9})
    assert turn(service) == ["Thug 2"]  # the lowest roll declares first
    # Thug 2 attacks Vera: the odds of his Agility 3 + Knives 2 (5: d10) against Action 12
    attack = service.facade.plan_attack(who["Thug 2"], who["Vera"], 0)
    assert attack.trait.total == 5 and attack.trait.difficulty == 12
    assert attack.hit_chance() == Fraction(1, 10)  # a 10 on his d10: a near miss's scratch
    # Kess interrupts with her handgun: Agility 4 + Firearms 4 = 8 against Thug 2's 9
    assert [f.name for f in service.facade.interrupters()] == ["Vera", "Kess", "Thug 1",
                                                              "Thug 3"]
    shot = service.facade.plan_attack(who["Kess"], who["Thug 2"], 0, interrupting=True)
    levels = shot.odds()
    assert levels == facade.levels(facade.parse("8"), 9) and sum(levels.values()) == 1
    assert shot.defense_open(14) and not shot.defense_open(6)
    # 14 vs 9: Minor success: a Glancing blow to the legs, under his jacket
    assert shot.choices(14, None) == (Choice(Location.TORSO, Blow.GLANCING),
                                      Choice(Location.LEGS, Blow.GLANCING),
                                      Choice(Location.ARMS, Blow.SCRATCH))
    landed = service.facade.land_attack(shot, 14, choice=Choice(Location.LEGS, Blow.GLANCING))
    assert landed.notices[0] == ("Kess interrupts Thug 2: attacks Thug 2 with Big Handgun: "
                                 "14 vs 9: Minor Success (level 1)")
    thug2 = service.facade.fighter(who["Thug 2"])
    assert thug2.health.hits == (Hit(Location.LEGS, DamageType.D, 2),)
    assert thug2.health.penalties.legs == 1 and thug2.health.notation == "Leg Hits: D"
    assert turn(service) == ["Thug 2"]  # the interrupt did not move the turn
    assert service.facade.initiative(who["Kess"]) == "later"  # her Passive is still hers
    # Vera interrupts too: a Full Dodge for the turn
    service.facade.act(who["Vera"], Stance.FULLY_PASSIVE, "Full Dodge", interrupting=True)
    # The thug's knife into Vera's dodge: 11 against her Action 12, her dodge 15
    knife = service.facade.plan_attack(who["Thug 2"], who["Vera"], 0)
    assert knife.trait.penalty == 0  # a hit to the legs is no penalty on a knife's thrust
    assert knife.defense_open(11)
    service.facade.land_attack(knife, 11, defense=15)
    vera = service.facade.fighter(who["Vera"])
    assert vera.combatant.actions.passive == 1 and vera.health.hits == ()
    assert service.facade.fighter(who["Thug 2"]).health.pools == {"Fatigue": 1}
    with pytest.raises(ActionRefused, match="no Active action left"):
        service.facade.plan_attack(who["Thug 2"], who["Kess"], 0)
    service.tracker.next_turn()  # Thug 3
    service.tracker.next_turn()  # Thug 1
    service.tracker.next_turn()  # Kess
    assert turn(service) == ["Kess"]
    with pytest.raises(ActionRefused, match="no Active action left"):
        service.facade.plan_attack(who["Kess"], who["Thug 1"], 0)
    service.facade.act(who["Kess"], Kind.PASSIVE, "runs for cover")
    # Vera's click: she went fully Passive, so she only defends
    service.tracker.next_turn()
    with pytest.raises(ActionRefused, match="no Active action left"):
        service.facade.plan_attack(who["Vera"], who["Thug 1"], 0)
    # The next turn: actions fresh, the contest's order kept
    service.facade.new_turn()
    assert turn(service) == ["Thug 2"]
    assert all(c.actions.fresh for c in service.running().combatants)


def test_a_hit_by_location_and_its_penalty_on_the_odds() -> None:
    """The hits' penalties are on the trait the console shows at once ("This takes effect
    immediately, not at the end of the turn")."""
    service = facade_fight(CampaignStore.in_memory("Alley"))
    who = ids(service)
    service.facade.new_turn()
    before = service.facade.plan_attack(who["Vera"], who["Thug 1"], 0, interrupting=True)
    assert before.trait.total == 8  # Agility 4 + Swords 4
    thug = service.facade.plan_attack(who["Thug 1"], who["Vera"], 0)
    # 21 vs 12: level 3, a Glancing blow to the head (no helmet): 1D
    service.facade.land_attack(thug, 21, choice=Choice(Location.HEAD, Blow.GLANCING))
    vera = service.facade.fighter(who["Vera"])
    assert vera.health.hits == (Hit(Location.HEAD, DamageType.D, 1),)
    after = service.facade.plan_attack(who["Vera"], who["Thug 1"], 0, interrupting=True)
    assert after.trait.total == 7 and after.trait.penalty == 1
    assert after.odds() == facade.levels(facade.parse("7"), 9)
    assert any("-1 for their hits (Head Hits: D)" in note for note in after.trait.notes)
    assert service.pcs()[1].facade_health.hits == vera.health.hits  # on her sheet


def test_undo_and_a_restart_give_back_exactly_the_fight(tmp_path: Path) -> None:
    store = CampaignStore.create(tmp_path, "Alley")
    service = facade_fight(store)
    who = ids(service)
    service.facade.new_turn()
    service.facade.contest({who["Thug 1"]: 4, who["Thug 2"]: 6, who["Thug 3"]: 8})
    before = service.running(), service.pcs()
    attack = service.facade.plan_attack(who["Thug 1"], who["Vera"], 0)
    # 20 vs 12: level 2, a Glancing blow to her unarmored legs: half of 1D, rounded up
    service.facade.land_attack(attack, 20, choice=Choice(Location.LEGS, Blow.GLANCING))
    assert service.pcs()[1].facade_health != before[1][1].facade_health
    hurt = service.running(), service.pcs()
    service.undo()
    assert (service.running(), service.pcs()) == before
    service.redo()
    assert (service.running(), service.pcs()) == hurt
    store.close()
    with CampaignStore.open(tmp_path, "Alley") as again:
        reopened = CampaignService(again)
        assert (reopened.running(), reopened.pcs()) == hurt


def test_simple_combat_as_a_campaign_option() -> None:
    """Simple Combat: "In this system all damage and effects happen at the end of the
    turn\""""
    service = facade_fight(CampaignStore.in_memory("Alley"))
    who = ids(service)
    service.facade.set_combat_system("simple")
    assert service.facade.combat_system() == "simple"
    service.facade.new_turn()
    service.facade.simple(who["Vera"], who["Thug 1"], 0, 10, 6, target_weapon=0)
    thug = service.facade.fighter(who["Thug 1"])
    # broadsword 3D Full: jacket 1D protection, 2D left, Reduction 2: 2B, at the turn's end
    assert thug.health.hits == () and thug.health.pending == (
        Hit(Location.TORSO, DamageType.B, 2),)
    assert thug.health.pools == {"Fatigue": 1}
    service.facade.new_turn()
    assert service.facade.fighter(who["Thug 1"]).health.hits == (
        Hit(Location.TORSO, DamageType.B, 2),)
    with pytest.raises(ActionRefused, match="Façade combat"):
        service.facade.set_combat_system("tactical")


@pytest.mark.parametrize("how", ["ended", "another begun"])
def test_hits_waiting_at_the_end_of_the_fight_land_as_it_ends(how: str) -> None:
    """Simple Combat's hits wait for the end of the turn; a fight ended mid-turn ends its
    turn too. They landed in the PC's next fight, unsaid; now they land as it ends, said,
    in the same action (one undo gives them back waiting)."""
    service = facade_fight(CampaignStore.in_memory("Alley"))
    who = ids(service)
    service.facade.set_combat_system("simple")
    service.facade.new_turn()
    service.facade.simple(who["Thug 1"], who["Vera"], 0, 10, 2)  # Thug 1 wins by 8
    waiting = service.facade.fighter(who["Vera"]).health.pending
    assert waiting and not service.facade.fighter(who["Vera"]).health.hits
    before = (service.pcs(), service.encounter())
    if how == "ended":
        outcome = service.tracker.end_encounter()
    else:
        outcome = service.tracker.new_encounter("Docks")
    vera = service.pcs()[VERA.id]
    assert vera.facade_health.hits == waiting and vera.facade_health.pending == ()
    assert any(line.startswith("End of the turn: Vera takes") for line in outcome.notices)
    assert not any(e.active and e.name == "Alley"
                   for e in service.session_record(service.session().number)[1])
    service.undo()
    assert (service.pcs(), service.encounter()) == before


def test_a_fight_ended_with_nothing_waiting_changes_no_sheet() -> None:
    service = facade_fight(CampaignStore.in_memory("Alley"))
    service.facade.new_turn()
    pcs = service.pcs()
    service.tracker.end_encounter()
    assert service.pcs() == pcs


def kess_knifed() -> tuple[CampaignService, dict[str, int]]:
    """The fight's first turn: Thug 1's knife lands a Full blow on Kess's torso."""
    service = facade_fight(CampaignStore.in_memory("Alley"))
    who = ids(service)
    service.facade.new_turn()
    knife = service.facade.plan_attack(who["Thug 1"], who["Kess"], 0)
    service.facade.land_attack(knife, 18, choice=Choice(Location.TORSO, Blow.FULL))
    return service, who


def test_first_aid_healing_and_pools() -> None:
    service, who = kess_knifed()
    assert service.facade.first_aid_difficulty(who["Kess"]) == 1 - 3  # Health 3
    assert service.facade.first_aid_chance(who["Kess"], 4) == Fraction(1)
    service.facade.first_aid(who["Kess"], 5)
    assert [c.name for c in service.running().conditions] == ["stable (first aid)"]
    service.facade.adjust_pool(who["Thug 2"], "Strain", 2, "a punch landed")
    assert service.facade.fighter(who["Thug 2"]).health.pools == {"Strain": 2}
    service.facade.heal(service.pcs()[2], 30)
    assert service.pcs()[2].facade_health.hits == ()


def test_a_thug_out_of_deadly_levels_falls() -> None:
    service = facade_fight(CampaignStore.in_memory("Alley"))
    who = ids(service)
    service.facade.new_turn()
    chop = service.facade.plan_attack(who["Vera"], who["Thug 3"], 0, interrupting=True)
    # 30 vs 9: level 7, a Savage blow to the legs (no armor there): 9D
    outcome = service.facade.land_attack(chop, 30, choice=Choice(Location.LEGS, Blow.SAVAGE))
    assert service.running().combatant(who["Thug 3"]).status is Status.UNCONSCIOUS  # type: ignore[union-attr]
    assert any("out of Deadly levels" in alert for alert in outcome.alerts)


def test_the_players_view_and_the_forecast_say_what_they_support() -> None:
    """The players' view: health in Façade's words; the forecast: MetaScape's only."""
    service = facade_fight(CampaignStore.in_memory("Alley"))
    who = ids(service)
    service.facade.new_turn()
    knife = service.facade.plan_attack(who["Thug 1"], who["Kess"], 0)
    service.facade.land_attack(knife, 20, choice=Choice(Location.LEGS, Blow.FULL))
    picture = service.players.picture()
    health = {row.name: row.health for row in picture.rows}
    assert health["Kess"] == "B 0/9 C 0/6 D 1/3" and health["Vera"] == "B 0/9 C 0/6 D 0/3"
    assert health["Thug 1"] == "unhurt"
    # In Façade's words: its Initiative, its turn, a click in it (not Nish, round, turn).
    assert picture.labels == ("Init", "Turn", "Click")
    assert picture.to_dict()["labels"] == {"order": "Init", "round": "Turn", "turn": "Click"}
    service.tracker.end_encounter()
    assert service.players.picture().labels == ("Init", "Turn", "Click")  # no fight
    service.undo()
    chop = service.facade.plan_attack(who["Vera"], who["Thug 2"], 0, interrupting=True)
    # 12 vs 9: Glancing to the torso, 2D: the jacket's 1D and its Reduction 2 leave 1B
    service.facade.land_attack(chop, 12, choice=Choice(Location.TORSO, Blow.GLANCING))
    assert {r.name: r.health for r in service.players.picture().rows}["Thug 2"] == "hurt"
    kick = service.facade.plan_attack(who["Kess"], who["Thug 2"], 0, interrupting=True)
    service.facade.land_attack(kick, 16, choice=Choice(Location.LEGS, Blow.GLANCING))
    assert {r.name: r.health for r in service.players.picture().rows}["Thug 2"] == (
        "badly hurt")
    with pytest.raises(ActionRefused, match="plays Façade, whose fights it does not"):
        service.forecast.matchup()


def test_a_facade_fight_keeps_no_forecast_and_reaches_no_row_of_table_18() -> None:
    """The recap's reading is MetaScape's: Table 18 reads wounds against Vitality, which a
    Façade fight does not keep. Its end is still told (won, who went down), with no row,
    and its first turn keeps no forecast."""
    service = facade_fight(CampaignStore.in_memory("Alley"))
    who = ids(service)
    service.facade.new_turn()
    assert service.running().round >= 1
    assert service.forecast.at_first_nish() is None
    knife = service.facade.plan_attack(who["Thug 1"], who["Kess"], 0)
    service.facade.land_attack(knife, 20, choice=Choice(Location.LEGS, Blow.FULL))
    assert service.tracker.asks_how_it_ended()
    service.tracker.end_encounter(EndHow.WON)
    ended = service.encounters()[max(service.encounters())]
    assert ended.ending is not None and ended.ending.how is EndHow.WON
    assert ended.ending.row is None and ended.ending.rounds == ended.round
    # Its recap says why it has no forecast, and has no adventure points to tell (a new
    # GM's Façade recap said "No forecast kept (its first Nish came before ...)" and
    # "Adventure points: none this session").
    from console.model.recap_render import recap_html, recap_markdown

    recap = service.recap.session()
    assert recap.system == "facade" and recap.to_json()["system"] == "facade"
    page = recap_markdown(recap)
    assert "No forecast: it plays MetaScape's fights only." in page
    assert "Adventure points" not in page and "Adventure points" not in recap_html(recap)
