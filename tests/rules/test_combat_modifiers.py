"""Tables 13, 14 and 15 on the player's roll, type conversion and explosions."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.rules.combat import apply_adjustments, defense_request
from console.rules.combat_modifiers import (
    ATTACK_MODIFIERS,
    DEFENSE_MODIFIERS,
    PcRole,
    modifier,
    player_adjustment,
)
from console.rules.errors import RulesError
from console.rules.explosions import (
    blast_rings,
    dodge_rating,
    npc_dodge_squares,
    ring_damage,
    scatter_squares,
)
from console.rules.mixed_types import convert_damage, type_shift
from console.rules.ratings import Rating, RatingType

P, V, S = RatingType.P, RatingType.V, RatingType.S


def r(text: str) -> Rating:
    return Rating.parse(text)


def test_tables_14_and_15_as_printed() -> None:
    assert [(m.label, str(m.adjustment)) for m in DEFENSE_MODIFIERS] == [
        ("25% cover", "+1d"), ("50% cover", "+2d"), ("75% cover", "+1c"),
        ("using a weapon port", "+2c"), ("defending while prone (vs ranged)", "+1c"),
        ("defending while prone (vs melee)", "-1c"),
    ]
    assert [(m.label, m.adjustment.steps) for m in ATTACK_MODIFIERS] == [
        ("attacker is hard to see", 1), ("attacker is invisible", 3),
        ("expected attack from behind", 1), ("unexpected attack", 3),
        ("unexpected attack from behind", 6),
    ]


def test_own_side_modifiers_count_as_printed() -> None:
    assert player_adjustment(["cover50"], PcRole.DEFENDING).steps == 2
    assert player_adjustment(["invisible"], PcRole.ATTACKING).steps == 3
    assert apply_adjustments(r("8M"), [player_adjustment(["cover50"], PcRole.DEFENDING)]) == r(
        "6H"
    )


def test_npc_side_modifiers_are_reversed_on_the_pc_roll() -> None:
    assert player_adjustment(["cover75"], PcRole.ATTACKING).steps == -3
    assert player_adjustment(["behind_unexpected"], PcRole.DEFENDING).steps == -6
    # PC prone against melee (-1c) while the NPC attacks unexpectedly (-1c for him): -2c.
    both = player_adjustment(["prone_melee", "unexpected"], PcRole.DEFENDING)
    assert both.steps == -6
    ask = defense_request(r("8H"), 10, [both])
    assert ask.rating == r("8L")


def test_unknown_modifier_names_the_choices() -> None:
    with pytest.raises(RulesError, match="cover25"):
        modifier("cover 25")
    with pytest.raises(RulesError, match="attacking or defending"):
        player_adjustment(["cover25"], "sleeping")  # type: ignore[arg-type]


def test_table_13_one_category_per_type_step_on_the_player_roll() -> None:
    assert str(type_shift(P, V).pc_attack) == "+1c"  # Ikarov 6M attacks a vehicle at 6H
    assert apply_adjustments(r("6M"), [type_shift(P, V).pc_attack]) == r("6H")
    assert str(type_shift(P, S).pc_attack) == "+2c"
    assert str(type_shift(V, P).pc_defense) == "+1c"  # a vehicle attacks a PC
    assert str(type_shift(S, P).pc_defense) == "+2c"
    assert str(type_shift(P, V).pc_defense) == "-1c"  # PC in a vehicle, Personal attacker
    assert type_shift(V, V).pc_attack.steps == type_shift(S, S).pc_defense.steps == 0


def test_the_books_ship_example_is_the_same_shift_seen_from_the_pc() -> None:
    # The ship's 10L Atk "attacks at 10MB" (-2c); diceless, the PC's Def gets +2c instead.
    assert r("10L").shifted(-type_shift(S, P).pc_defense.steps) == r("10MB")


def test_damage_against_higher_types_drops_fractions() -> None:
    assert convert_damage(48, P, V) == 4
    assert convert_damage(288, P, S) == 2
    assert convert_damage(335, P, S) == 3
    assert convert_damage(64, P, V) == 6  # the Turbo-Plaz on a vehicle
    assert convert_damage(9, P, V) == 0
    assert convert_damage(32, V, V) == 32
    assert convert_damage(3, V, P) == 30


@given(st.integers(0, 10**9), st.sampled_from([P, V, S]), st.sampled_from([P, V, S]))
def test_conversion_never_negative_and_round_trips_down(amount: int, a: RatingType,
                                                        b: RatingType) -> None:
    converted = convert_damage(amount, a, b)
    assert converted >= 0
    assert convert_damage(converted, b, a) <= amount if b > a else converted >= amount


def test_bantam_and_bad_amounts_are_refused() -> None:
    with pytest.raises(RulesError, match="Bantam"):
        type_shift(RatingType.B, P)
    with pytest.raises(RulesError, match="negative"):
        convert_damage(-1, P, V)
    with pytest.raises(RulesError, match="whole number"):
        convert_damage(4.5, P, V)  # type: ignore[arg-type]


def test_explosion_halves_ring_by_ring_until_one_or_less() -> None:
    # The digest's reading of the book: keep the fraction while halving (20, 10, 5, 2.5,
    # 1.25: rings of 20, 10, 5, 2, 1); 0.625 is one or less, so nothing further.
    assert blast_rings(20) == (20, 10, 5, 2, 1)
    assert blast_rings(40) == (40, 20, 10, 5, 2, 1)
    assert blast_rings(16) == (16, 8, 4, 2)  # the next is exactly 1: one or less, zero
    assert blast_rings(3) == (3, 1)  # 1.5 is more than one
    assert blast_rings(2) == (2,)
    assert blast_rings(1) == (1,)
    assert ring_damage(20, 4) == 1 and ring_damage(20, 5) == 0


@given(st.integers(0, 10**12))
def test_blast_rings_are_the_exact_halvings_while_above_one(damage: int) -> None:
    rings = blast_rings(damage)
    assert rings[0] == damage
    for away, ring in enumerate(rings[1:], start=1):
        assert Fraction(damage, 2**away) > 1 and ring == damage // 2**away
    assert Fraction(damage, 2 ** len(rings)) <= 1
    assert len(rings) <= 41  # a bounded number of rings however large the damage


def test_explosion_helpers() -> None:
    assert scatter_squares(6, 10) == 4  # the book: Dif 10, roll 6, misses by 4
    assert scatter_squares(12, 10) == 0
    assert dodge_rating(r("8M")) == r("8MB")
    assert npc_dodge_squares(13) == Fraction(13, 10)
    with pytest.raises(RulesError):
        blast_rings(-5)
