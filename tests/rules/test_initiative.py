"""Initiative: order, ties, waves, group mode, shock, holds, the group leader, durations."""

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.rules.errors import RulesError
from console.rules.initiative import (
    Entrant,
    InitiativeMode,
    LeaderCandidate,
    Shock,
    Side,
    Status,
    choose_group_leader,
    condition_end_round,
    effective_nish,
    order_round,
    rounds_left,
)

PC, NPC = Side.PC, Side.NPC


def e(key: int, nish: int | None, side: Side = PC, **kw: object) -> Entrant:
    return Entrant(key, f"#{key}", side, nish, **kw)  # type: ignore[arg-type]


def members(order) -> list[tuple[int, ...]]:  # type: ignore[no-untyped-def]
    return [t.members for t in order.turns]


def test_individual_goes_highest_first() -> None:
    order = order_round([e(1, 12), e(2, 256), e(3, 9, NPC), e(4, 15, NPC)],
                        InitiativeMode.INDIVIDUAL)
    assert members(order) == [(2,), (4,), (1,), (3,)]
    assert all(t.tie is None for t in order.turns)


def test_ties_act_at_once_in_the_gms_order() -> None:
    entrants = [e(1, 10), e(2, 10, NPC), e(3, 10), e(4, 20)]
    order = order_round(entrants, InitiativeMode.INDIVIDUAL)
    assert members(order) == [(4,), (1,), (2,), (3,)]
    assert [t.tie for t in order.turns] == [None, 1, 1, 1]
    reordered = [e(1, 10, tie_order=2), e(2, 10, NPC, tie_order=0), e(3, 10, tie_order=1),
                 e(4, 20)]
    assert members(order_round(reordered, InitiativeMode.INDIVIDUAL)) == [
        (4,), (2,), (3,), (1,)]


def test_two_separate_ties_get_separate_numbers() -> None:
    order = order_round([e(1, 5), e(2, 5), e(3, 9), e(4, 9)], InitiativeMode.INDIVIDUAL)
    assert [t.tie for t in order.turns] == [1, 1, 2, 2]


def test_shock_failed_is_nish_0_and_critical_is_no_nish() -> None:
    entrants = [e(1, 30, shock=Shock.FAILED), e(2, 30, shock=Shock.CRITICAL), e(3, 4, NPC)]
    order = order_round(entrants, InitiativeMode.INDIVIDUAL)
    assert members(order) == [(3,), (1,)]
    assert order.turns[1].nish == 0
    assert order.waiting == (2,)
    assert effective_nish(entrants[0]) == 0 and effective_nish(entrants[1]) is None


def test_states_unconscious_stays_dead_is_apart_removed_is_gone() -> None:
    entrants = [e(1, 8, status=Status.UNCONSCIOUS), e(2, 9, status=Status.DEAD),
                e(3, 7, status=Status.REMOVED), e(4, 6), e(5, None)]
    order = order_round(entrants, InitiativeMode.INDIVIDUAL)
    assert members(order) == [(1,), (4,)]
    assert order.out == (2,)
    assert order.waiting == (5,)


def test_wave_pcs_above_then_the_npcs_at_their_average_then_pcs_below() -> None:
    entrants = [e(1, 30), e(2, 3), e(3, 20), e(10, 10, NPC), e(11, 14, NPC), e(12, 12, NPC)]
    order = order_round(entrants, InitiativeMode.WAVE)
    assert [t.key for t in order.turns] == ["above", "wave", "below"]
    assert members(order) == [(1, 3), (11, 12, 10), (2,)]
    assert order.turns[1].nish == 12  # (10 + 14 + 12) / 3


def test_wave_a_pc_on_the_average_acts_with_the_wave() -> None:
    entrants = [e(1, 11), e(10, 10, NPC), e(11, 13, NPC)]
    order = order_round(entrants, InitiativeMode.WAVE)
    assert order.turns[0].nish == Fraction(23, 2)
    assert members(order) == [(11, 10), (1,)]
    level = order_round([e(1, 12), e(10, 10, NPC), e(11, 14, NPC)], InitiativeMode.WAVE)
    assert members(level) == [(1, 11, 10)]
    assert "with PCs" in level.turns[0].label


def test_wave_without_npcs_is_individual() -> None:
    assert members(order_round([e(1, 3), e(2, 9)], InitiativeMode.WAVE)) == [(2,), (1,)]


def test_group_mode_party_on_the_leaders_roll_and_npcs_as_a_wave() -> None:
    entrants = [e(1, None), e(2, None), e(10, 8, NPC), e(11, 12, NPC)]
    order = order_round(entrants, InitiativeMode.GROUP, party_nish=7)
    assert [t.key for t in order.turns] == ["wave", "party"]
    assert members(order) == [(11, 10), (1, 2)]
    waiting = order_round(entrants, InitiativeMode.GROUP)
    assert [t.key for t in waiting.turns] == ["wave"] and waiting.waiting == (1, 2)
    tied = order_round(entrants, InitiativeMode.GROUP, party_nish=10)
    assert [t.tie for t in tied.turns] == [1, 1]


def test_position_and_turn_of() -> None:
    order = order_round([e(1, 3), e(2, 9)], InitiativeMode.INDIVIDUAL)
    assert order.position("c1") == 1 and order.position("nope") is None
    assert order.turn_of(2) is order.turns[0] and order.turn_of(5) is None


@given(st.lists(st.tuples(st.integers(0, 300), st.booleans()), max_size=40),
       st.sampled_from(list(InitiativeMode)))
def test_every_combatant_with_a_nish_acts_exactly_once(
    rolls: list[tuple[int, bool]], mode: InitiativeMode
) -> None:
    entrants = [e(i + 1, nish, NPC if npc else PC) for i, (nish, npc) in enumerate(rolls)]
    order = order_round(entrants, mode, party_nish=50)
    acting = [key for turn in order.turns for key in turn.members]
    assert sorted(acting + list(order.waiting)) == [x.key for x in entrants]
    assert [t.nish for t in order.turns] == sorted((t.nish for t in order.turns), reverse=True)


def _candidate(key: int, **kw: object) -> LeaderCandidate:
    return LeaderCandidate(key, f"#{key}", **kw)  # type: ignore[arg-type]


def test_group_leader_follows_the_books_order() -> None:
    rng = random.Random(1)
    captain = [_candidate(1, character_rank=9), _candidate(2, ship_captain=True)]
    assert choose_group_leader(captain, rng).key == 2
    rank = [_candidate(1, character_rank=2), _candidate(2, character_rank=3)]
    assert choose_group_leader(rank, rng).reason == "highest character rank"
    charisma = [_candidate(1, charisma=Fraction(16)), _candidate(2, charisma=Fraction(20))]
    assert choose_group_leader(charisma, rng).key == 2
    wp = [_candidate(1, willpower=Fraction(10)), _candidate(2, willpower=Fraction(8)),
          _candidate(3, willpower=None)]
    assert choose_group_leader(wp, rng) == choose_group_leader(wp, rng)
    assert choose_group_leader(wp, rng).key == 1
    player = [_candidate(1, player_rank=1), _candidate(2, player_rank=4)]
    assert choose_group_leader(player, rng).reason == "highest player rank"
    assert choose_group_leader([_candidate(7)], rng).reason == "the only character"


class ScriptedDice(random.Random):
    """A d10 that shows the faces it is given, in order."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__()
        self.faces = faces

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 10)
        return self.faces.pop(0)


def test_group_leader_roll_off_rerolls_ties() -> None:
    same = [_candidate(1), _candidate(2), _candidate(3)]
    choice = choose_group_leader(same, ScriptedDice([7, 7, 3, 2, 9]))
    assert choice.key == 2
    assert choice.reason == "a d10 roll-off"
    assert choice.tie_rolls == ((1, 7), (2, 7), (3, 3), (1, 2), (2, 9))
    with pytest.raises(RulesError):
        choose_group_leader([], random.Random(1))


def test_one_round_lasts_until_the_end_of_the_next_round() -> None:
    assert condition_end_round(3, 1) == 4
    assert condition_end_round(3, 2) == 5
    assert condition_end_round(0, 1) == 1
    assert rounds_left(4, 3) == 2 and rounds_left(4, 4) == 1 and rounds_left(4, 5) == 0
    with pytest.raises(RulesError):
        condition_end_round(3, 0)


def test_lowest_first_reverses_the_order_and_keeps_a_ties_order() -> None:
    entrants = [e(1, 10, tie_order=1), e(2, 10, NPC, tie_order=0), e(3, 4), e(4, 20)]
    order = order_round(entrants, InitiativeMode.INDIVIDUAL, lowest_first=True)
    assert members(order) == [(3,), (2,), (1,), (4,)]  # Façade: the lowest Action first
    assert [t.tie for t in order.turns] == [None, 1, 1, None]
    wave = order_round([e(1, 30), e(2, 2), e(3, 10, NPC), e(4, 12, NPC)],
                       InitiativeMode.WAVE, lowest_first=True)
    assert [t.key for t in wave.turns] == ["below", "wave", "above"]
