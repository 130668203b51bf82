"""Façade's fights by the seed's own words (002_00052c8d2dc1dbe3.txt, Part 3: Combat; Part 2:
Limit Pools; Part 4: First Aid, Healing): each test quotes the line it checks."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.rules.errors import RulesError
from console.rules.facade_combat.actions import Kind, Stance, TurnActions
from console.rules.facade_combat.blows import CHART, NEAR_MISS, Choice, choices, simple_blow
from console.rules.facade_combat.contests import Attack, active_level, needs_defense
from console.rules.facade_combat.damage import (
    Blow,
    Damage,
    DamageType,
    Layer,
    dealt,
    parse_damage,
    through_armor,
)
from console.rules.facade_combat.healing import first_aid_difficulty, healed, healing_health
from console.rules.facade_combat.health import (
    Hit,
    Location,
    Penalties,
    Tracks,
    notation,
    penalties,
    taken,
)
from console.rules.facade_combat.initiative import striated
from console.rules.facade_combat.limits import Level, add, effect, heavy_strain, pool_for
from console.rules.systems import facade, metalface

B, C, D = DamageType.B, DamageType.C, DamageType.D
T, LG, A, H = Location.TORSO, Location.LEGS, Location.ARMS, Location.HEAD
LEATHER_ARMOR = Layer({B: 2, C: 1, D: 2}, 3)  # "Leather Armor 2B/1C/2D 3 T,A None"


# ----- Simple Combat: Richard and Conner's swords ------------------------------------------


def test_richard_and_conner_simple_combat() -> None:
    """"Richard rolls 10 and Conner rolls 6. Richard wins and Conner takes a point of
    Fatigue." ... "Richard deals 3 Deadly levels (3D) with his broadsword to Conner. If he
    had rolled 12 or better, he would have had double Conner's success and so dealt double
    damage with a Strong blow. Conner is wearing leather armor that Protects against 2D and
    Reduces the last point, so Conner takes 1B.\""""
    broadsword = parse_damage("3D")  # "Broadsword 3D 4 2 Med."
    assert simple_blow(10, 6) is Blow.FULL
    full = dealt(broadsword.at(0), Blow.FULL)
    assert full == Damage(3, D)
    assert through_armor(full, [LEATHER_ARMOR]) == Damage(1, B)
    assert through_armor(full, []) == Damage(3, D)  # "a sad, sorry situation"
    assert simple_blow(12, 6) is Blow.STRONG and simple_blow(11, 6) is Blow.FULL
    assert dealt(broadsword.at(0), Blow.STRONG) == Damage(6, D)
    assert pool_for("Agility") == "Fatigue"  # "Both roll their Agility + Swords"


@pytest.mark.parametrize(("winner", "loser", "blow"), [
    (6, 6, Blow.GLANCING), (7, 6, Blow.GLANCING),  # "a tie or it only exceeds the other by 1"
    (8, 6, Blow.FULL),  # "wins by 2 or more, full damage"
    (12, 6, Blow.STRONG),  # "double the opponent's roll"
    (18, 6, Blow.SAVAGE),  # "triple the opponent's roll"
])
def test_simple_combat_blows(winner: int, loser: int, blow: Blow) -> None:
    assert simple_blow(winner, loser) is blow


def test_an_active_contests_level_of_success() -> None:
    """"Whoever rolls higher is the winner, and the loser's result should be subtracted from
    the winner's to find the level of success.\""""
    assert active_level(10, 6) == 1  # by 4: Minor
    assert active_level(6, 10) == 1
    assert active_level(20, 11) == 3 and active_level(7, 6) == 0 and active_level(40, 3) == 9
    levels = facade.contest_levels(facade.parse("10"), facade.parse("10"))
    assert sum(levels.values()) == 1
    assert levels["won_2"] == levels["lost_2"]  # the same trait: even
    # brute force: 1d10+d10 against 1d10+d10
    faces = [a + b for a in range(1, 11) for b in range(1, 11)]
    by_three = sum(1 for x in faces for y in faces if 6 <= x - y <= 8)
    assert levels["won_2"] == Fraction(by_three, 100 ** 2)


# ----- Dramatic Combat: the chart --------------------------------------------------------


def test_a_level_3_success_and_its_choices() -> None:
    """"Thus, a character who succeeded by 9, gaining a level 3 success, may choose to have
    made a Full (normal damage) blow to the torso, have made a Full blow to the legs, a
    Glancing (half damage) blow to the arms or head, or a Scratch (1B damage) to any
    location.\""""
    found = choices(9)
    assert found == (
        Choice(T, Blow.FULL), Choice(LG, Blow.FULL), Choice(A, Blow.GLANCING),
        Choice(H, Blow.GLANCING), *(Choice(where, Blow.SCRATCH, specific=True)
                                    for where in Location))
    assert choices(10) == choices(11) == found and choices(12) != found
    assert dealt(Damage(3, D), Blow.SCRATCH) == Damage(1, B)
    assert dealt(Damage(4, D), Blow.GLANCING) == Damage(2, D)
    assert str(found[-1]) == "Scratch to a spot on the head"


def test_level_2_full_to_the_torso_or_a_scratch_on_the_head() -> None:
    """"For example, an attack with a level 2 success can be taken as a Full blow to the
    torso or can be used to Scratch the opponent on the head. If the success had been level
    3 the blow could have been an insulting Scratch to the opponent's cheek.\""""
    assert Choice(T, Blow.FULL) in choices(6) and Choice(H, Blow.SCRATCH) in choices(6)
    assert not any(c.specific for c in choices(8))
    assert Choice(H, Blow.SCRATCH, specific=True) in choices(9)


def test_level_6_cannot_do_less_than_full() -> None:
    """"This does mean that a character with a level 6 or better success cannot do less
    than Full damage even if he wants to\""""
    weakest = {Blow.FULL, Blow.STRONG, Blow.SAVAGE}
    for margin in range(18, 40):
        assert {c.blow for c in choices(margin)} <= weakest
    assert Blow.GLANCING in {c.blow for c in choices(17)}


def test_near_misses_and_misses() -> None:
    """The chart's rows "-3" (all "-") and "-1-2" (a Scratch to the torso)."""
    assert choices(-3) == () and choices(-10) == ()
    assert choices(-1) == choices(-2) == (Choice(T, Blow.SCRATCH),)
    assert CHART[NEAR_MISS][0] is Blow.SCRATCH
    assert choices(0) == (Choice(T, Blow.GLANCING), Choice(LG, Blow.SCRATCH))


@given(st.integers(-2, 60))
def test_every_row_offers_something_and_better_rows_never_worse(margin: int) -> None:
    order = list(reversed(Blow))  # Scratch < Glancing < Full < Strong < Savage
    here = {(c.location, c.specific): order.index(c.blow) for c in choices(margin)}
    above = {(c.location, c.specific): order.index(c.blow) for c in choices(margin + 3)}
    assert here and all(above.get(key, -1) >= value for key, value in here.items())


def test_the_attack_reads_the_defense() -> None:
    """"an attack consists of rolling a Passive Contest ... against a difficulty of the
    opponent's Action score. If the target has a Passive action left he may attempt to block
    or dodge ... and occurs after it is determined that the attacker would be successful
    without the Defense.\""""
    assert needs_defense(9, 11) and not needs_defense(8, 11)
    attack = Attack(20, 11)
    assert attack.margin == 9 and not attack.failed
    dodged = Attack(20, 11, defense=15)
    assert dodged.margin == 5 and dodged.defended
    weak = Attack(20, 11, defense=7)  # a defense under his Action changes nothing
    assert weak.margin == 9 and not weak.defended
    assert Attack(10, 11).failed  # a near miss is a failed roll: Limit


# ----- damage, armor, health ----------------------------------------------------------------


def test_the_hit_notation_example_and_its_penalties() -> None:
    """"For example, a character that takes 4B to the Torso, 2C to the Torso, 1B to the
    Arms, and 2C to the Legs would note Torso Hits: B, C; Leg Hits: C; Arm Hits: B." ...
    "the character in the above example would be at -1 to all physical actions due to the
    one Crushing torso hit, and would be at an additional -1 to actions involving using the
    arms or the legs due to the hits to those locations.\""""
    hits = [Hit(T, B, 4), Hit(T, C, 2), Hit(A, B, 1), Hit(LG, C, 2)]
    assert notation(hits) == "Torso Hits: B, C; Leg Hits: C; Arm Hits: B"
    found = penalties(hits)
    assert found == Penalties(physical=1, arms=1, legs=1)
    assert found.on() == 1 and found.on(arms=True) == 2 and found.on(legs=True) == 2
    assert taken(hits) == {B: 5, C: 4, D: 0}


def test_head_hits_and_deadly_torso_hits_count_for_every_physical_action() -> None:
    """"all hits to the head and Crushing and Deadly hits to the torso each reduce the Skill
    Total for all physical actions.\""""
    assert penalties([Hit(H, B, 1), Hit(H, D, 1), Hit(T, D, 3), Hit(T, B, 2)]).physical == 3


def test_health_tracks_are_the_human_ranges() -> None:
    """"A human without special circumstances or powers will have 1-18 Bruising levels, 1-12
    Crushing levels, and 1-6 Deadly levels\""""
    Tracks(18, 12, 6)
    Tracks(1, 1, 1)
    for bad in ((19, 12, 6), (18, 13, 6), (18, 12, 7), (0, 1, 1)):
        with pytest.raises(RulesError):
            Tracks(*bad)


@pytest.mark.parametrize(("text", "strength", "found"), [
    ("3D", 0, Damage(3, D)), ("4C", 0, Damage(4, C)), ("2L", 0, Damage(2, D)),
    ("Strength/2 B", 5, Damage(2, B)),  # "Punch Strength/2 B"
    ("Strength +3 B", 3, Damage(6, B)),  # "Leaping Kick Strength +3 B"
    ("Str-1 B", 3, Damage(2, B)),  # "Knee Strength -1 B"
    ("strength b", 4, Damage(4, B)),
])
def test_weapon_damage_from_the_tables(text: str, strength: int, found: Damage) -> None:
    assert parse_damage(text).at(strength) == found


@pytest.mark.parametrize("text", ["", "3", "D", "0D", "3X", "Strength/0 B", "300D"])
def test_weapon_damage_refused(text: str) -> None:
    with pytest.raises(RulesError):
        parse_damage(text)


def test_armor_reduction_and_bullets() -> None:
    """"Treat bullets (not shotgun shells), crossbow quarrels, and longbow arrows as twice
    as damaging for purposes of bypassing the Reduction on armors." "Kevlar Vest 2B/1C/1D 2
    T 16 red. vs. guns\""""
    kevlar = Layer({B: 2, C: 1, D: 1}, 2, against_guns=16)
    big_handgun = Damage(3, D)  # "Big Handgun 3L"
    assert through_armor(big_handgun, [kevlar], doubled=True, gun=True) == Damage(2, B)
    jacket = Layer({B: 3, C: 1, D: 1}, 2)  # "Leather Jacket 3B/1C/1D 2 T,A"
    assert through_armor(big_handgun, [jacket], doubled=True, gun=True) == Damage(2, D)
    assert through_armor(Damage(3, D), [jacket]) == Damage(2, B)  # 2 left, Reduction 2
    assert through_armor(Damage(4, D), [jacket]) == Damage(3, D)  # 3 left bypasses it
    assert through_armor(Damage(2, B), [jacket]) is None
    sweater = Layer({B: 1})
    assert through_armor(Damage(4, B), [jacket, sweater]) is None  # layers add
    assert through_armor(Damage(5, B), [jacket, sweater]) == Damage(1, B)


# ----- a turn's actions -----------------------------------------------------------------------


def test_a_turn_holds_an_active_and_a_passive_action() -> None:
    """"a character may choose to take a fully Active action, a fully Passive action, or an
    Active and Passive action.\""""
    turn = TurnActions().take(Kind.ACTIVE)
    assert not turn.can(Kind.ACTIVE) and turn.can(Kind.PASSIVE)
    turn = turn.take(Kind.PASSIVE)
    assert not turn.any_left
    with pytest.raises(RulesError, match="no Active action left"):
        turn.take(Kind.ACTIVE)
    full = TurnActions().go(Stance.FULLY_ACTIVE).take(Kind.ACTIVE).take(Kind.ACTIVE)
    assert full.active == 2 and not full.can(Kind.PASSIVE)
    dodging = TurnActions().go(Stance.FULLY_PASSIVE)
    assert dodging.take(Kind.PASSIVE).take(Kind.PASSIVE).can(Kind.PASSIVE)
    assert not dodging.can(Kind.ACTIVE)
    # "if he has an Active action left he may choose to go Fully Defensive"
    assert TurnActions(passive=1).go(Stance.FULLY_PASSIVE).can(Kind.PASSIVE)
    with pytest.raises(RulesError):
        TurnActions(active=1).go(Stance.FULLY_PASSIVE)
    with pytest.raises(RulesError):
        TurnActions(passive=1).go(Stance.FULLY_ACTIVE)


@given(st.lists(st.sampled_from([*Kind, *Stance]), max_size=12))
def test_any_sequence_keeps_one_action_of_each_kind(steps: list[Kind | Stance]) -> None:
    turn = TurnActions()
    for step in steps:
        try:
            turn = turn.take(step) if isinstance(step, Kind) else turn.go(step)
        except RulesError:
            continue
        if turn.stance is Stance.NORMAL:
            assert turn.active <= 1 and turn.passive <= 1
        else:
            assert (turn.passive if turn.stance is Stance.FULLY_ACTIVE else turn.active) == 0


def test_initiative_striated_by_the_contest() -> None:
    """"Richard, Conner, and Jamis all have Action 11. They roll Action, and wind up with
    respective totals of 9, 4, and 14. On Initiative 11 Conner will be slightly below
    Richard who will be slightly below Jamis.\""""
    richard, conner, jamis, thug = 1, 2, 3, 4
    order = striated({richard: 11, conner: 11, jamis: 11, thug: 8},
                     {richard: 9, conner: 4, jamis: 14})
    assert order == {conner: 0, richard: 1, jamis: 2, thug: 0}


# ----- Limit Pools --------------------------------------------------------------------------


def test_a_pool_at_its_category_and_at_double() -> None:
    """"(e.g. at 8 Strain all rolls involving Body, Strength, Stamina, or Health would be a
    minimum difficulty of 8)" ... "When the category pool reaches double the category, all
    rolls involving that category or its specific attributes automatically fail\""""
    assert effect("Strain", 8, 6).level is Level.FLOOR and effect("Strain", 8, 6).floor == 8
    assert effect("Strain", 5, 6).level is Level.NONE
    assert effect("Strain", 12, 6).fails
    assert effect("Fatigue", 0, 0).level is Level.NONE
    stress = effect("Stress", 20, 10)  # "does not automatically fail Mind-based rolls"
    assert not stress.fails and stress.floor == 20 and "Phuket" in stress.text


def test_stress_past_double_goes_to_passion() -> None:
    """"Further Stress gained goes instead to Passion\""""
    assert add({"Stress": 19}, "Stress", 3, mind=10) == {"Stress": 20, "Passion": 2}
    assert add({}, "Fatigue", 1, mind=10) == {"Fatigue": 1}


def test_limit_from_failed_rolls_and_heavy_weapons() -> None:
    """"A failed Strength-based roll gains a point of Strain, a failed Grace-based roll gains
    a point of Fatigue, a failed Insight-based roll gains a point of Stress\""""
    assert [pool_for(a) for a in ("Strength", "Grace", "Insight", "Wits", "Luck")] == [
        "Strain", "Fatigue", "Stress", "Passion", "Exhaustion"]
    assert heavy_strain(7, 3) == 4 and heavy_strain(2, 3) == 0  # "Greatsword 5D 7"


# ----- first aid and healing ------------------------------------------------------------------


def test_first_aid_and_healing() -> None:
    """"difficulty is the Total Damage the character has taken, minus that character's
    Health attribute" ... "an average-Health character (Health 3) with a doctor's complete
    attention and a good treatment (3 success levels) and bed rest will have a Health 11 for
    healing the treated damage (Health 3 + 3 successes x2 + 2 for bed rest = 11)\""""
    assert first_aid_difficulty(9, 3) == 6
    assert healing_health(3, bed_rest=True, doctor=3, complete_care=True) == 11
    assert healing_health(3, strenuous=True) == 1
    # "heals Health in Bruising levels every day, Health in Deadly levels every month, and
    # Health in Crushing levels every 6 months ... heal one at a time"
    assert healed(3, 1) == {B: 3, D: 0, C: 0}
    assert healed(3, 10) == {B: 30, D: 1, C: 0}
    assert healed(3, 60) == {B: 180, D: 6, C: 1}
    assert healed(-1, 10) == {B: 0, D: 0, C: 0}


# ----- Metalface -------------------------------------------------------------------------------


def test_metalface_professional_rank() -> None:
    """"a character with a doctor core skill of level 5 would considered a 'Master
    Doctor.'" (Levels: 0 Unskilled .. 6 Elite)"""
    assert [metalface.professional_rank(n) for n in range(8)] == [
        "Unskilled", "Average", "Above Average", "Impressive", "Exceptional", "Master",
        "Elite", "Elite"]
