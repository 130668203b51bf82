"""Close-of-session awards, the veteran's pocket, journal rotation and the preview table."""

from datetime import timedelta
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.rules.advancement import ApLedger
from console.rules.ap_awards import (
    AdventureBonus,
    GrabBagAward,
    PcState,
    PocketAward,
    TimeRounding,
    check_group_bonus,
    check_veteran_pocket,
    close_session,
    grab_bag_fairness,
    journal_award,
    next_journal_reader,
    time_ap,
)
from console.rules.errors import RulesError

H = timedelta(hours=1)
M = timedelta(minutes=1)


@pytest.mark.parametrize(
    ("played", "down", "up", "nearest"),
    [
        (0 * H, 0, 0, 0),
        (3 * H, 3, 3, 3),
        (3 * H + M, 3, 4, 3),
        (3 * H + 29 * M, 3, 4, 3),
        (3 * H + 30 * M, 3, 4, 4),
        (3 * H + 59 * M, 3, 4, 4),
    ],
)
def test_time_ap_rounding(played: timedelta, down: int, up: int, nearest: int) -> None:
    assert time_ap(played, TimeRounding.DOWN) == down
    assert time_ap(played, TimeRounding.UP) == up
    assert time_ap(played, TimeRounding.NEAREST) == nearest


def test_time_ap_refuses_negative_time_and_unknown_rules() -> None:
    with pytest.raises(RulesError, match="negative"):
        time_ap(-M, TimeRounding.DOWN)
    with pytest.raises(RulesError, match="rounding"):
        time_ap(H, "down")  # type: ignore[arg-type]


def test_group_bonus_is_zero_to_twice_the_hourly_rate() -> None:
    assert check_group_bonus(0, 4) == 0
    assert check_group_bonus(8, 4) == 8
    with pytest.raises(RulesError, match="at most 8"):
        check_group_bonus(9, 4)
    with pytest.raises(RulesError):
        check_group_bonus(-1, 4)


def test_journal_award_defaults_to_self_assessment() -> None:
    assert journal_award(7) == 7
    assert journal_award(4, 9) == 9  # the GM finds it better than the reader does
    assert journal_award(10, 6) == 6  # or strongly disagrees
    for bad in ((0, None), (11, None), (5, 11), (5, 0)):
        with pytest.raises(RulesError, match="from 1 to 10"):
            journal_award(*bad)


def test_grab_bag_is_1_2_or_3() -> None:
    assert GrabBagAward("Gra", "Bob", 3, "charged the walker").points == 3
    for bad in (0, 4, True):
        with pytest.raises(RulesError, match="1, 2 or 3"):
            GrabBagAward("Gra", "Bob", bad)


def test_veteran_never_rewards_himself() -> None:
    with pytest.raises(RulesError, match="the PC of the same player"):
        check_veteran_pocket([PocketAward("Bob", "Gra", "Bob", 1)], {"Bob": 3})


def test_veteran_hands_out_at_most_his_player_rank() -> None:
    ranks = {"Bob": 3}
    ok = [PocketAward("Bob", "Arik", "Ann", 2), PocketAward("Bob", "Vela", "Dee", 1)]
    assert check_veteran_pocket(ok, ranks) == tuple(ok)
    over = [*ok, PocketAward("Bob", "Ontash", "Cy", 1)]
    with pytest.raises(RulesError, match="at most 3 AP"):
        check_veteran_pocket(over, ranks)
    with pytest.raises(RulesError, match="not a ranked player"):
        check_veteran_pocket([PocketAward("Cy", "Arik", "Ann", 1)], ranks)


PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


@pytest.mark.parametrize(
    ("history", "reader"),
    [
        ([], "Ann"),
        (["Ann"], "Bob"),
        (["Ann", "Bob"], "Cy"),
        (["Cy"], "Ann"),
        (["Ann", "Bob", "Cy", "Dee"], "Ann"),
        (["Ann", "Bob", "Cy", "Dee", "Ann"], "Bob"),
        # Bob has read least but read last week: the least-recent of the rest reads.
        (["Ann", "Cy", "Dee", "Ann", "Cy", "Dee", "Bob"], "Ann"),
        # Eve left the group; her readings are ignored.
        (["Eve", "Ann", "Eve", "Bob", "Cy"], "Dee"),
    ],
)
def test_journal_rotation(history: list[str], reader: str) -> None:
    assert next_journal_reader(PLAYERS, history) == reader


def test_journal_rotation_with_one_player_and_bad_input() -> None:
    assert next_journal_reader(["Ann"], ["Ann", "Ann"]) == "Ann"
    with pytest.raises(RulesError, match="no players"):
        next_journal_reader([], [])
    with pytest.raises(RulesError, match="twice"):
        next_journal_reader(["Ann", "Ann"], [])


@given(
    st.integers(2, 6),
    st.lists(st.sampled_from(["P0", "P1", "P2", "P3", "P4", "P5"]), max_size=8),
    st.integers(1, 30),
)
def test_rotation_is_fair_and_never_repeats(size: int, past: list[str], weeks: int) -> None:
    players = [f"P{i}" for i in range(size)]
    history = list(past)
    for _ in range(weeks):
        history.append(next_journal_reader(players, history))
    # A different person each week, from the last past reader on.
    assert all(a != b for a, b in pairwise(history[max(len(past) - 1, 0) :]))
    if not past:  # from a fresh start, turns never differ by more than one
        counts = [history.count(p) for p in players]
        assert max(counts) - min(counts) <= 1


def test_grab_bag_fairness() -> None:
    session = [
        GrabBagAward("Arik", "Ann", 1, "good plan"),
        GrabBagAward("Gra", "Bob", 2, "racial roleplaying"),
        GrabBagAward("Gra", "Bob", 1, "great roll"),
    ]
    earlier = [GrabBagAward("Ontash", "Cy", 3, "heroic act"), GrabBagAward("Arik", "Ann", 1)]
    view = grab_bag_fairness(PLAYERS, session, [*earlier, *session], 4 * H)
    rows = {r.player: r for r in view.players}
    assert (rows["Bob"].session_count, rows["Bob"].session_points) == (2, 3)
    assert (rows["Ann"].campaign_count, rows["Ann"].campaign_points) == (2, 2)
    assert (rows["Cy"].session_points, rows["Cy"].campaign_points) == (0, 3)
    assert view.session_points == 4
    assert view.hours == 4
    assert view.points_per_hour == 1
    assert view.left_out == ("Cy", "Dee")
    assert grab_bag_fairness(PLAYERS, [], [], 90 * M).hours == Fraction(3, 2)
    assert grab_bag_fairness(PLAYERS, [], [], 0 * H).points_per_hour is None


def four_pc_party() -> list[PcState]:
    return [
        PcState("Arik", "Ann", ApLedger(190, 40), missions_completed=1),
        PcState("Gra", "Bob", ApLedger(103, 103), missions_completed=0),
        PcState("Ontash", "Cy", ApLedger(985, 12), missions_completed=4),
        PcState("Vela", "Dee", ApLedger(5990, 0), missions_completed=20),
    ]


def test_close_of_session_for_a_four_pc_party() -> None:
    rows = close_session(
        four_pc_party(),
        played=3 * H + 40 * M,  # 4 hours to the nearest hour
        rounding=TimeRounding.NEAREST,
        group_bonus=6,
        adventure_bonuses=[
            AdventureBonus("Arik", 2, "two good questions at the briefing"),
            AdventureBonus("Arik", 1, "found the vent"),
            AdventureBonus("Ontash", 3, "freed the slaves"),
        ],
        journal=("Vela", journal_award(7)),
        grab_bag=[
            GrabBagAward("Arik", "Ann", 1, "creative"),
            GrabBagAward("Gra", "Bob", 2, "racial roleplaying"),
            GrabBagAward("Ontash", "Cy", 1, "heroic"),
            GrabBagAward("Vela", "Dee", 1, "point of view"),
            GrabBagAward("Gra", "Bob", 1, "great roll"),
        ],
        pocket=[PocketAward("Bob", "Arik", "Ann", 2), PocketAward("Bob", "Vela", "Dee", 1)],
        player_ranks={"Bob": 3},
        missions_completed_now=["Gra"],
    )
    got = {
        r.pc: (
            r.time, r.group, r.adventure, r.journal, r.grab_bag, r.pocket, r.total,
            r.new_ledger.total, r.new_ledger.unused, r.rank.old_rank, r.rank.new_rank,
            r.rank_improvement_rolls,
        )
        for r in rows
    }
    assert [r.pc for r in rows] == ["Arik", "Gra", "Ontash", "Vela"]
    # pc:        time grp adv jrn bag pkt tot  AP Tot unused old new rolls
    assert got == {
        "Arik": (4, 6, 3, 0, 1, 2, 16, 206, 56, 1, 2, 2),
        "Gra": (4, 6, 0, 0, 3, 0, 13, 116, 116, 0, 1, 1),
        "Ontash": (4, 6, 3, 0, 1, 0, 14, 999, 26, 9, 9, 0),
        "Vela": (4, 6, 0, 7, 1, 1, 19, 6009, 19, 29, 30, 30),
    }
    assert rows[0].old_ledger == ApLedger(190, 40)


def test_close_session_checks_its_inputs() -> None:
    party = four_pc_party()
    with pytest.raises(RulesError, match="twice the hourly rate"):
        close_session(party, 2 * H, TimeRounding.DOWN, 5)
    with pytest.raises(RulesError, match="not in this session"):
        close_session(party, 2 * H, TimeRounding.DOWN, 0, [AdventureBonus("Zed", 1, "?")])
    with pytest.raises(RulesError, match="played by Ann"):
        close_session(party, 2 * H, TimeRounding.DOWN, 0, grab_bag=[GrabBagAward("Arik", "Cy", 1)])
    with pytest.raises(RulesError, match="the PC of the same player"):
        close_session(
            party, 2 * H, TimeRounding.DOWN, 0,
            pocket=[PocketAward("Bob", "Gra", "Bob", 1)], player_ranks={"Bob": 3},
        )
    with pytest.raises(RulesError, match="journal reader"):
        close_session(party, 2 * H, TimeRounding.DOWN, 0, journal=("Zed", 5))
    with pytest.raises(RulesError, match="from 1 to 10"):
        close_session(party, 2 * H, TimeRounding.DOWN, 0, journal=("Arik", 12))
    with pytest.raises(RulesError, match="completing a mission"):
        close_session(party, 2 * H, TimeRounding.DOWN, 0, missions_completed_now=["Zed"])
    with pytest.raises(RulesError, match="listed twice"):
        close_session([*party, party[0]], 2 * H, TimeRounding.DOWN, 0)


def test_without_a_mission_the_new_character_stays_rank_0() -> None:
    rows = close_session([PcState("Gra", "Bob", ApLedger(103, 103), 0)], 5 * H,
                         TimeRounding.DOWN, 10)
    assert rows[0].new_ledger == ApLedger(118, 118)
    assert (rows[0].rank.old_rank, rows[0].rank.new_rank) == (0, 0)


@given(
    st.integers(0, 20 * 60),
    st.sampled_from(list(TimeRounding)),
    st.integers(-2, 30),
    st.lists(st.tuples(st.sampled_from(["Arik", "Gra", "Zed"]), st.integers(-1, 4)), max_size=5),
)
def test_close_session_works_or_raises_rules_error(
    minutes: int, rounding: TimeRounding, bonus: int, grabs: list[tuple[str, int]]
) -> None:
    party = four_pc_party()
    owners = {"Arik": "Ann", "Gra": "Bob", "Zed": "Zoe"}
    try:
        awards = [GrabBagAward(pc, owners[pc], pts) for pc, pts in grabs]
        rows = close_session(party, minutes * M, rounding, bonus, grab_bag=awards)
    except RulesError as error:
        assert str(error)
        return
    for before, row in zip(party, rows, strict=True):
        assert row.new_ledger.total == before.ledger.total + row.total >= before.ledger.total
        assert row.new_ledger.unused == before.ledger.unused + row.total
        assert row.rank.new_rank >= row.rank.old_rank


anything = st.one_of(
    st.integers(-5, 30), st.none(), st.text(max_size=3), st.booleans(), st.floats(),
    st.lists(st.text(max_size=2), max_size=3), st.timedeltas(max_value=timedelta(days=2)),
)


@given(anything, anything, anything, anything)
def test_any_award_input_works_or_raises_rules_error(
    a: object, b: object, c: object, d: object
) -> None:
    calls = [
        lambda: time_ap(a, TimeRounding.UP),
        lambda: check_group_bonus(a, b),
        lambda: journal_award(a, b),
        lambda: next_journal_reader(a, b),
        lambda: GrabBagAward(a, b, c, d),
        lambda: PocketAward(a, b, c, d),
        lambda: AdventureBonus(a, b, c),
        lambda: PcState(a, b, ApLedger(1, 1), c),
        lambda: check_veteran_pocket([PocketAward("Bob", "Arik", "Ann", 1)], {"Bob": a}),
        lambda: grab_bag_fairness(PLAYERS, [], [], a),
        lambda: close_session(four_pc_party(), a, TimeRounding.DOWN, b, journal=c),
        lambda: close_session(four_pc_party(), H, TimeRounding.DOWN, 0, player_ranks=a),
        lambda: close_session(four_pc_party(), H, TimeRounding.DOWN, 0, missions_completed_now=a),
    ]
    for call in calls:
        try:
            call()
        except RulesError as error:
            assert str(error)
