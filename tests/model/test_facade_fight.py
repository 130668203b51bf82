"""A Façade fight in the model (issue 31), by the seed's own examples (002, Part 3), each
quoting its line: the fight's state as the tracker keeps it, the PC sheets holding hits."""

from __future__ import annotations

import json

import pytest

from console.model import Combatant, Encounter, NpcTemplate, PlayerCharacter, Side, Status
from console.model.errors import ModelError
from console.model.facade_attacks import attack_trait, land_attack, simple_exchange
from console.model.facade_care import STABLE, adjust_pool, first_aid, heal_facade_pc
from console.model.facade_fight import fighter, gm_hit, parse_hit
from console.model.facade_sheet import (
    FacadeArmor,
    FacadeHealth,
    FacadeSheet,
    FacadeWeapon,
    format_armor,
    format_weapons,
    parse_armor,
    parse_weapons,
    tracks_of,
)
from console.model.facade_turns import initiative_state, new_turn, set_tie_rolls, take_action
from console.model.roster import spawn_copies
from console.model.skills import Skills, format_skills, parse_skills
from console.model.tracker import add_combatant, current_turn, next_turn, round_order
from console.rules.facade_combat.actions import Kind, Stance
from console.rules.facade_combat.blows import Choice
from console.rules.facade_combat.damage import Blow, DamageType
from console.rules.facade_combat.health import Hit, Location, Tracks

B, C, D = DamageType.B, DamageType.C, DamageType.D
T, LG, A, H = Location.TORSO, Location.LEGS, Location.ARMS, Location.HEAD


def sheet(agility: int = 3, *, finesse: int = 4, grace: int = 4, health: int = 3,
          weapons: str = "Broadsword 3D Swords", armor: str = "") -> FacadeSheet:
    return FacadeSheet({"Finesse": finesse, "Grace": grace, "Agility": agility,
                        "Health": health}, parse_weapons(weapons), parse_armor(armor))


def fight_of(*pcs: PlayerCharacter, templates: tuple[NpcTemplate, ...] = ()) -> Encounter:
    encounter = Encounter(1, "Courtyard", lowest_first=True)
    for pc in pcs:
        encounter = add_combatant(encounter, pc.name, Side.PC, ref=pc.id).encounter
    for template in templates:
        encounter = spawn_copies(encounter, template, 1).encounter
    return encounter


# "Richard, Conner, and Jamis all have Action 11."
RICHARD = PlayerCharacter.new(1, "Richard", skills=parse_skills("Swords 4"), facade=sheet())
CONNER = PlayerCharacter.new(2, "Conner", skills=parse_skills("Swords 3"), facade=sheet(
    armor="Leather Armor 2B/1C/2D red 3 T,A"))
JAMIS = PlayerCharacter.new(3, "Jamis", skills=parse_skills("Swords 2"), facade=sheet())
PCS = {pc.id: pc for pc in (RICHARD, CONNER, JAMIS)}


def test_initiative_from_action_striated_and_richards_interrupt() -> None:
    """"They roll Action, and wind up with respective totals of 9, 4, and 14. On Initiative
    11 Conner will be slightly below Richard who will be slightly below Jamis. Conner acts
    first and declares that he is attacking Richard, who, since he has the better
    Initiative, decides to preempt Conner's action and use a Full Dodge for that turn.\""""
    encounter = new_turn(fight_of(RICHARD, CONNER, JAMIS), PCS, {}).encounter
    assert [c.nish for c in encounter.combatants] == [11, 11, 11]
    encounter = set_tie_rolls(encounter, {1: 9, 2: 4, 3: 14}).encounter
    order = [encounter.combatant(t.members[0]).name  # type: ignore[union-attr]
             for t in round_order(encounter).turns]
    assert order == ["Conner", "Richard", "Jamis"]
    assert current_turn(encounter).label == "Conner"  # type: ignore[union-attr]
    assert [initiative_state(encounter, i) for i in (2, 1, 3)] == ["now", "later", "later"]
    dodge = take_action(encounter, PCS, {}, 1, Stance.FULLY_PASSIVE, "Full Dodge",
                        interrupting=True)
    assert dodge.notices[0] == "Richard interrupts Conner (fully passive: Full Dodge)"
    encounter = dodge.encounter
    assert current_turn(encounter).label == "Conner"  # type: ignore[union-attr]
    # Conner's attack: Richard, fully Passive, defends without spending anything more.
    swing = land_attack(encounter, PCS, {}, 2, 1, 0, 12, defense=15)
    richard = swing.encounter.combatant(1)
    assert richard is not None and richard.actions.stance is Stance.FULLY_PASSIVE
    assert richard.actions.passive == 1
    # "After this is passed, he may only take defensive actions against directed attacks"
    passed = next_turn(swing.encounter).encounter  # Richard's click
    passed = next_turn(passed).encounter  # Jamis's
    with pytest.raises(ModelError, match="Initiative has passed"):
        take_action(passed, PCS, {}, 2, Kind.PASSIVE, "move")
    # Conner, the lowest, never interrupts anyone.
    with pytest.raises(ModelError, match="only a better Initiative"):
        take_action(passed, PCS, {}, 2, Kind.ACTIVE, interrupting=True)


def test_an_interrupter_with_nothing_left_is_passed_by() -> None:
    encounter = new_turn(fight_of(RICHARD, CONNER, JAMIS), PCS, {}).encounter
    encounter = set_tie_rolls(encounter, {1: 9, 2: 4, 3: 14}).encounter
    encounter = take_action(encounter, PCS, {}, 3, Kind.PASSIVE, "dodge",
                            interrupting=True).encounter
    assert 3 not in encounter.acted  # his Active action is still his, at his own click
    step = land_attack(encounter, PCS, {}, 3, 2, 0, 14, choice=Choice(T, Blow.GLANCING),
                       interrupting=True)
    encounter = step.encounter
    assert 3 in encounter.acted and current_turn(encounter).label == "Conner"  # type: ignore[union-attr]
    encounter = next_turn(next_turn(encounter).encounter).encounter
    assert encounter.current == "end"  # Jamis's click was taken by his interrupts


def test_richard_and_conner_in_simple_combat() -> None:
    """"Richard rolls 10 and Conner rolls 6. Richard wins and Conner takes a point of
    Fatigue." "Richard deals 3 Deadly levels (3D) with his broadsword to Conner ... Conner
    is wearing leather armor that Protects against 2D and Reduces the last point, so Conner
    takes 1B." "In this system all damage and effects happen at the end of the turn\""""
    encounter = new_turn(fight_of(RICHARD, CONNER), PCS, {}).encounter
    step = simple_exchange(encounter, PCS, {}, 1, 2, 0, 10, 6, target_weapon=0)
    conner = {pc.id: pc for pc in step.pcs}[2]
    assert conner.facade_health.pools == {"Fatigue": 1}
    assert conner.facade_health.hits == () and conner.facade_health.pending == (Hit(T, B, 1),)
    assert "Richard wins by 4: Minor Success, a Full blow" in step.notices
    pcs = {**PCS, 2: conner}
    later = new_turn(step.encounter, pcs, {})
    landed = {pc.id: pc for pc in later.pcs}[2]
    assert landed.facade_health.hits == (Hit(T, B, 1),) and landed.facade_health.pending == ()
    assert landed.facade_health.notation == "Torso Hits: B"
    # "If he had rolled 12 or better, he would have had double Conner's success and so
    # dealt double damage with a Strong blow": 6D, 4D past the armor's 2D, beyond its
    # Reduction of 3.
    strong = simple_exchange(encounter, PCS, {}, 1, 2, 0, 12, 6)
    assert {pc.id: pc for pc in strong.pcs}[2].facade_health.pending == (Hit(T, D, 4),)


def test_a_level_3_success_and_the_blow_chosen() -> None:
    """"a character who succeeded by 9, gaining a level 3 success, may choose to have made a
    Full (normal damage) blow to the torso, have made a Full blow to the legs, a Glancing
    (half damage) blow to the arms or head, or a Scratch (1B damage) to any location.\""""
    encounter = new_turn(fight_of(RICHARD, CONNER), PCS, {}).encounter
    assert initiative_state(encounter, 1) == "now"  # ties in join order: Richard first
    with pytest.raises(ModelError, match="choose the blow"):
        land_attack(encounter, PCS, {}, 1, 2, 0, 20)
    with pytest.raises(ModelError, match="not on the chart"):
        land_attack(encounter, PCS, {}, 1, 2, 0, 20, choice=Choice(T, Blow.STRONG))
    legs = land_attack(encounter, PCS, {}, 1, 2, 0, 20, choice=Choice(LG, Blow.FULL))
    conner = {pc.id: pc for pc in legs.pcs}[2]
    assert conner.facade_health.hits == (Hit(LG, D, 3),)  # leather covers torso and arms
    arms = land_attack(encounter, PCS, {}, 1, 2, 0, 20, choice=Choice(A, Blow.GLANCING))
    assert "Glancing to the arms: 2D, stopped by their armor" in arms.notices
    cheek = land_attack(encounter, PCS, {}, 1, 2, 0, 20,
                        choice=Choice(H, Blow.SCRATCH, specific=True))
    assert {pc.id: pc for pc in cheek.pcs}[2].facade_health.hits == (Hit(H, B, 1),)


def test_the_notation_examples_penalties_shown_and_applied_to_the_odds() -> None:
    """"a character that takes 4B to the Torso, 2C to the Torso, 1B to the Arms, and 2C to
    the Legs ... would be at -1 to all physical actions due to the one Crushing torso hit,
    and would be at an additional -1 to actions involving using the arms or the legs\""""
    hits = (Hit(T, B, 4), Hit(T, C, 2), Hit(A, B, 1), Hit(LG, C, 2))
    hurt = RICHARD.with_changes(
        facade=sheet(weapons="Broadsword 3D Swords; Kick Strength B legs"),
        facade_health=FacadeHealth(hits))
    pcs = {**PCS, 1: hurt}
    encounter = new_turn(fight_of(hurt, CONNER), pcs, {}).encounter
    richard, conner = fighter(encounter, 1, pcs, {}), fighter(encounter, 2, pcs, {})
    sword = attack_trait(richard, conner, richard.weapon(0))
    assert (sword.attribute, sword.skill, sword.penalty, sword.total) == (3, 4, 2, 5)
    assert "-2 for their hits (Torso Hits: B, C; Leg Hits: C; Arm Hits: B)" in sword.notes
    assert attack_trait(richard, conner, richard.weapon(1)).penalty == 2
    whole = attack_trait(fighter(encounter, 2, pcs, {}), richard, CONNER.facade.weapons[0])  # type: ignore[union-attr]
    assert whole.penalty == 0 and sword.levels() != attack_trait(
        fighter(encounter, 1, PCS, {}), conner, RICHARD.facade.weapons[0]).levels()  # type: ignore[union-attr]


def test_out_of_deadly_levels_a_thug_falls_a_pc_is_asked() -> None:
    """"unimportant GM characters probably should fall down unconscious or attempt to crawl
    off once they are out of Deadly levels\""""
    thug = NpcTemplate(1, "Thug", facade=FacadeSheet(
        {"Agility": 2}, parse_weapons("Knife 1D Knives"), (), _tracks(deadly=2)))
    encounter = new_turn(fight_of(RICHARD, templates=(thug,)), PCS, {1: thug}).encounter
    assert [c.name for c in encounter.combatants] == ["Richard", "Thug 1"]
    thug_id = encounter.combatants[1].id
    down = land_attack(encounter, PCS, {1: thug}, 1, thug_id, 0, 30,
                       choice=Choice(T, Blow.SAVAGE), interrupting=True)
    fallen = down.encounter.combatant(thug_id)
    assert fallen is not None and fallen.status is Status.UNCONSCIOUS
    assert fallen.facade_health.hits == (Hit(T, D, 9),)
    assert any("they fall unconscious or crawl off" in a for a in down.alerts)


def _tracks(bruising: int = 9, crushing: int = 6, deadly: int = 3) -> Tracks:
    return tracks_of(bruising, crushing, deadly)


def test_limit_from_failed_rolls_and_too_heavy_weapons() -> None:
    """"Remember to impose Limit Pool for failed rolls or too-heavy weapons.\""""
    heavy = RICHARD.with_changes(facade=sheet(weapons="Greatsword 5D Swords str 7"))
    pcs = {**PCS, 1: heavy}
    encounter = new_turn(fight_of(heavy, CONNER), pcs, {}).encounter
    miss = land_attack(encounter, pcs, {}, 1, 2, 0, 5)
    richard = {pc.id: pc for pc in miss.pcs}[1]
    assert richard.facade_health.pools == {"Fatigue": 1, "Strain": 4}  # Strength 3 vs Str. 7
    assert "Richard: +4 Strain (Greatsword is too heavy for them)" in miss.notices
    # Conner dodges and fails: his Fatigue
    hit = land_attack(encounter, pcs, {}, 1, 2, 0, 20, defense=12, choice=Choice(T, Blow.FULL))
    assert {pc.id: pc for pc in hit.pcs}[2].facade_health.pools == {"Fatigue": 1}


def test_a_pool_at_its_category_raises_the_difficulty_and_at_double_fails() -> None:
    """"at 8 Strain all rolls involving Body ... would be a minimum difficulty of 8" (here
    Fatigue and Action); "When the category pool reaches double the category, all rolls
    involving that category ... automatically fail\""""
    tired = RICHARD.with_changes(facade_health=FacadeHealth(pools={"Fatigue": 13}))
    pcs = {**PCS, 1: tired}
    encounter = new_turn(fight_of(tired, CONNER), pcs, {}).encounter
    trait = attack_trait(fighter(encounter, 1, pcs, {}), fighter(encounter, 2, pcs, {}),
                         RICHARD.facade.weapons[0])  # type: ignore[union-attr]
    assert trait.difficulty == 13 and not trait.fails  # Action 11
    spent = {**PCS, 1: RICHARD.with_changes(facade_health=FacadeHealth(pools={"Fatigue": 22}))}
    trait = attack_trait(fighter(encounter, 1, spent, {}), fighter(encounter, 2, spent, {}),
                         RICHARD.facade.weapons[0])  # type: ignore[union-attr]
    assert trait.fails and trait.roll is None and trait.levels()["failure"] == 1


def test_defense_needs_an_action_left() -> None:
    """"If the target has a Passive action left he may attempt to block or dodge, or if he
    has an Active action left he may choose to go Fully Defensive.\""""
    encounter = new_turn(fight_of(RICHARD, CONNER), PCS, {}).encounter
    first = land_attack(encounter, PCS, {}, 1, 2, 0, 20, defense=12, choice=Choice(T, Blow.FULL))
    conner = first.encounter.combatant(2)
    assert conner is not None and conner.actions.passive == 1
    # a second attack (Richard's action given back, as if a second attacker): Conner's
    # Active action goes Fully Defensive
    encounter = first.encounter.with_changes(combatants=tuple(
        c.with_changes(actions=type(c.actions)()) if c.id == 1 else c
        for c in first.encounter.combatants))
    second = land_attack(encounter, PCS, {}, 1, 2, 0, 20, defense=12,
                         choice=Choice(T, Blow.FULL))
    assert "Conner goes Fully Defensive" in second.notices
    assert second.encounter.combatant(2).actions.stance is Stance.FULLY_PASSIVE  # type: ignore[union-attr]
    with pytest.raises(ModelError, match="need not defend"):
        land_attack(encounter, PCS, {}, 1, 2, 0, 7, defense=12)


def test_first_aid_and_healing() -> None:
    """"an Insight + Appropriate First Aid roll (difficulty is the Total Damage the character
    has taken, minus that character's Health attribute)"; "heals Health in Bruising levels
    every day, Health in Deadly levels every month\""""
    hurt = CONNER.with_changes(facade_health=FacadeHealth((Hit(T, D, 2), Hit(A, B, 5),
                                                           Hit(H, B, 1))))
    pcs = {**PCS, 2: hurt}
    encounter = new_turn(fight_of(RICHARD, hurt), pcs, {}).encounter
    failed = first_aid(encounter, pcs, {}, 2, 4, medic_id=1)  # difficulty 8 - 3 = 5
    assert {pc.id: pc for pc in failed.pcs}[1].facade_health.pools == {"Stress": 1}
    made = first_aid(encounter, pcs, {}, 2, 5)
    assert [c.name for c in made.encounter.conditions] == [STABLE]
    healed = heal_facade_pc(hurt, 3, 2).pcs[0]  # 6 Bruising levels, no Deadly yet
    assert healed.facade_health.hits == (Hit(T, D, 2),)
    assert heal_facade_pc(hurt, 3, 10).pcs[0].facade_health.hits == (Hit(T, D, 1),)


def test_the_gm_adjusts_a_pool() -> None:
    encounter = new_turn(fight_of(RICHARD, CONNER), PCS, {}).encounter
    up = adjust_pool(encounter, PCS, {}, 1, "Strain", 3, "a punch that hit")
    richard = {pc.id: pc for pc in up.pcs}[1]
    down = adjust_pool(encounter, {**PCS, 1: richard}, {}, 1, "Strain", -5, "rest")
    assert {pc.id: pc for pc in down.pcs}[1].facade_health.pools == {}
    with pytest.raises(ModelError):
        adjust_pool(encounter, PCS, {}, 1, "Mana", 1)


def test_a_sheet_round_trips_and_a_metascape_document_is_unchanged() -> None:
    pc = PlayerCharacter.new(1, "Richard", skills=parse_skills("Swords 4, Martial Arts 2"),
                             facade=sheet(weapons="Punch Strength/2 B Martial Arts; Rifle 3L "
                                          "Firearms bullet gun", armor="Kevlar Vest 2B/1C/1D "
                                          "red 2 guns 16 T"),
                             facade_health=FacadeHealth((Hit(H, C, 1),), {"Strain": 2}))
    assert PlayerCharacter.from_dict(json.loads(json.dumps(pc.to_dict()))) == pc
    plain = PlayerCharacter.new(2, "Kess", vit_max="20")
    assert not {"skills", "facade", "facade_health"} & set(plain.to_dict())
    assert not {"skills", "facade"} & set(NpcTemplate(1, "Skrak").to_dict())
    assert set(Combatant(1, "x").to_dict()) == {"id", "name", "side"}
    assert format_weapons(parse_weapons(format_weapons(pc.facade.weapons))) == format_weapons(  # type: ignore[union-attr]
        pc.facade.weapons)  # type: ignore[union-attr]
    assert format_armor(pc.facade.armor) == "Kevlar Vest 2B/1C/1D red 2 guns 16 T"  # type: ignore[union-attr]
    assert format_skills(pc.skills) == "Swords 4, Martial Arts 2"


@pytest.mark.parametrize(("text", "message"), [
    ("Sword", "name, damage and skill"), ("3D Swords", "name, damage"),
    ("Sword 3D Swords str 99", "Str."),
])
def test_weapon_texts_refused(text: str, message: str) -> None:
    with pytest.raises(ModelError, match=message):
        parse_weapons(text)


@pytest.mark.parametrize(("text", "message"), [
    ("Jacket", "Protection, Reduction"), ("Jacket 3B/1C/1D red 2 X", "T, L, A, H"),
])
def test_armor_texts_refused(text: str, message: str) -> None:
    with pytest.raises(ModelError, match=message):
        parse_armor(text)


def test_skills_refused() -> None:
    with pytest.raises(ModelError, match="0 to 12"):
        parse_skills("Swords 13")
    with pytest.raises(ModelError, match="twice"):
        parse_skills("Swords 3, swords 2")
    assert Skills().highest == 0 and parse_skills("A 2, B 5").highest == 5
    with pytest.raises(ModelError, match="0 to 6"):
        FacadeSheet({"Agility": 7})
    with pytest.raises(ModelError, match="Rapier"):
        FacadeWeapon("Rapier", "2X")
    with pytest.raises(ModelError):
        FacadeArmor("Vest", covers="Q")


def test_the_gms_own_hit_as_the_seed_writes_it() -> None:
    """"4B to the Torso, 2C to the Torso, 1B to the Arms, and 2C to the Legs\""""
    assert [parse_hit(text) for text in ("4B to the Torso", "2C to the torso", "1b arms",
                                         "2C Legs")] == [
        Hit(T, B, 4), Hit(T, C, 2), Hit(A, B, 1), Hit(LG, C, 2)]
    for bad in ("", "4X torso", "4B tail", "0B torso", "B torso"):
        with pytest.raises(ModelError):
            parse_hit(bad)
    encounter = new_turn(fight_of(RICHARD, CONNER), PCS, {}).encounter
    step = gm_hit(encounter, PCS, {}, 2, Hit(H, D, 1))  # no armor: the GM's own figure
    conner = {pc.id: pc for pc in step.pcs}[2]
    assert conner.facade_health.hits == (Hit(H, D, 1),)
    assert "Conner: Head Hits: D (penalties -1 physical)" in step.notices


def test_a_zero_attribute_fails_every_active_contest() -> None:
    """"A character with a 0 attribute automatically fails any active contest involving that
    attribute, even if he has a trait total due to skills.\""""
    clumsy = CONNER.with_changes(facade=sheet(agility=0,
                                              armor="Leather Armor 2B/1C/2D red 3 T,A"))
    pcs = {**PCS, 2: clumsy}
    encounter = new_turn(fight_of(RICHARD, clumsy), pcs, {}).encounter
    # his dodge of 15 (skill alone) fails: Richard's 14 beats his Action 8 by 6
    step = land_attack(encounter, pcs, {}, 1, 2, 0, 14, defense=15,
                       choice=Choice(LG, Blow.GLANCING), interrupting=True)
    assert "Conner: Agility 0, their defense fails" in step.notices
    assert {pc.id: pc for pc in step.pcs}[2].facade_health.hits == (Hit(LG, D, 2),)
    # in Simple Combat his roll of 12 counts for nothing against Richard's 3: a Full blow,
    # 3D, of which his leather armor leaves 1B
    swords = simple_exchange(encounter, pcs, {}, 1, 2, 0, 3, 12, target_weapon=0)
    assert "Conner: Agility 0, they fail the contest" in swords.notices
    assert {pc.id: pc for pc in swords.pcs}[2].facade_health.pending == (Hit(T, B, 1),)
