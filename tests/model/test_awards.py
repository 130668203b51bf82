"""The AP awarder's bookkeeping, checked number by number on a four-PC party."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.model import Allowance, AwardKind, ModelError, PlayerCharacter, Session
from console.model.awards import (
    CloseChoices,
    ap_history,
    apply_close,
    campaign_grab_bag,
    check_rank,
    fairness,
    give_adventure_bonus,
    give_grab_bag,
    give_pocket,
    pending_awards,
    preview_close,
    remove_award,
    set_reason,
    settle_rank,
    suggest_reader,
)
from console.model.encounters import Combatant, Encounter, Side, Status
from console.model.improvements import (
    ability_cost,
    improve,
    lose_rank_rolls,
    lose_unused_rolls,
    rank_roll,
    sheet_ability,
    take_handicap,
)
from console.model.session_summary import session_summary
from console.rules.advancement import rank_for_ap
from console.rules.ap_awards import TimeRounding
from console.rules.errors import RulesError

START = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)
STOP = START + timedelta(hours=3, minutes=40)


def party() -> dict[int, PlayerCharacter]:
    pcs = [
        PlayerCharacter(1, "Brice", "Ann", 2, ap_total=195, unused_ap=40, rank=1,
                        missions_completed=1, allowance=Allowance(750, 110)),
        PlayerCharacter.new(2, "Kell", "Ben", allowance=Allowance(750, 110)),
        PlayerCharacter(3, "Mora", "Cat", 3, ap_total=990, unused_ap=15, rank=9,
                        missions_completed=4),
        PlayerCharacter(4, "Tash", "Dan", ap_total=2950, unused_ap=100, rank=19,
                        missions_completed=12, allowance=Allowance(1000, 50)),
    ]
    return {pc.id: pc for pc in pcs}


def played_session(pcs: dict[int, PlayerCharacter]) -> Session:
    session = Session(4, START, STOP)
    for step in (
        lambda s: give_grab_bag(s, pcs[1], 2, "held the door"),
        lambda s: give_grab_bag(s, pcs[2], 1),
        lambda s: give_grab_bag(s, pcs[3], 3, "the bluff"),
        lambda s: give_grab_bag(s, pcs[2], 1, "first aid"),
        lambda s: give_adventure_bonus(s, pcs[4], 10, "decoded the beacon"),
        lambda s: give_pocket(s, pcs, True, "Cat", pcs[2], 2, "covered me"),
        lambda s: give_pocket(s, pcs, True, "Cat", pcs[4], 1),
        lambda s: give_pocket(s, pcs, True, "Ann", pcs[3], 2),
    ):
        session = step(session).session
    return session


CHOICES = CloseChoices(
    played=STOP - START, rounding=TimeRounding.NEAREST, group_bonus=6,
    present=(1, 2, 3, 4), journal_pc=1, journal_self=7, missions=(1, 2, 3, 4),
    share=Fraction(3, 4))


def test_a_full_close_of_session_number_by_number() -> None:
    pcs = party()
    session = played_session(pcs)
    preview = preview_close(session, pcs, CHOICES)
    assert preview.hourly == 4  # 3 h 40 min to the nearest hour
    assert preview.journal_ap == 7
    table = {r.pc: (r.time, r.group, r.adventure, r.journal, r.grab_bag, r.pocket, r.total)
             for r in preview.rows}
    assert table == {
        "Brice": (4, 6, 0, 7, 2, 0, 19),
        "Kell": (4, 6, 0, 0, 2, 2, 14),
        "Mora": (4, 6, 0, 0, 3, 2, 15),
        "Tash": (4, 6, 10, 0, 0, 1, 21),
    }
    # Allowances at the rank each held on the mission (Kell an Initiate), three quarters,
    # rounded down; Mora's sheet has no allowance, so none is invented for her.
    assert preview.allowances == {"Brice": 645, "Kell": 562, "Tash": 1462}

    step = apply_close(session, pcs, CHOICES, STOP + timedelta(minutes=5))
    after = {pc.name: pc for pc in step.pcs}
    assert [(p.ap_total, p.unused_ap, p.rank, p.rank_rolls, p.missions_completed)
            for p in after.values()] == [
        (214, 59, 2, 2, 2),  # Brice: rank 1 -> 2, two rolls
        (114, 114, 1, 1, 1),  # Kell: first mission done, so rank 0 -> 1
        (1005, 30, 10, 10, 5),  # Mora: 1000 reached, rank 10
        (2971, 121, 19, 0, 13),  # Tash: 3000 not reached
    ]
    closing = step.session.closing
    assert closing is not None and closing.rounding == "NEAREST"
    assert closing.played_minutes == 220 and closing.allowance_share == "3/4"
    assert [r.awarded for r in closing.rows] == [19, 14, 15, 21]
    assert closing.row(2).rank_before == 0 and closing.row(2).allowance == 562  # type: ignore[union-attr]
    kinds = [a.kind for a in step.session.ap_awards]
    assert kinds.count(AwardKind.TIME) == 4 and kinds.count(AwardKind.JOURNAL) == 1
    assert step.notices[0] == "Session 4 closed: 69 AP to 4 PCs"
    assert step.alerts == (
        "Brice reaches Rank-2: 2 rank improvement roll(s) at 10L, to use now",
        "Kell reaches Rank-1: 1 rank improvement roll(s) at 10L, to use now",
        "Mora reaches Rank-10: 10 rank improvement roll(s) at 10L, to use now")
    assert "Kell completes a mission: allowance 562 cr" in step.notices
    assert "Mora completes a mission: no allowance on the sheet" in step.notices
    # The record survives the save file.
    assert Session.from_dict(step.session.to_dict()) == step.session


def test_a_closed_session_takes_no_more_awards_and_cannot_close_twice() -> None:
    pcs = party()
    closed = apply_close(played_session(pcs), pcs, CHOICES, STOP).session
    with pytest.raises(ModelError, match="awards have been applied"):
        give_grab_bag(closed, pcs[1], 1)
    with pytest.raises(ModelError, match="awards have been applied"):
        apply_close(closed, pcs, CHOICES, STOP)


def test_session_zero_takes_no_awards() -> None:
    with pytest.raises(ModelError, match="start one with S"):
        give_grab_bag(Session(0, START), party()[1], 1)


def test_close_stops_a_running_session() -> None:
    pcs = party()
    running = Session(5, START)
    choices = CloseChoices(timedelta(hours=2), TimeRounding.DOWN, 0, (1, 2))
    closed = apply_close(running, pcs, choices, START + timedelta(hours=2)).session
    assert closed.stopped_at == START + timedelta(hours=2)


@pytest.mark.parametrize(("change", "message"), [
    ({"present": (1, 3, 4)}, "Kell has awards this session but is not marked present"),
    ({"missions": (1,), "present": (2, 3, 4)}, "Brice has awards"),
    ({"group_bonus": 9}, "over twice the hourly rate"),
    ({"journal_self": 11}, "from 1 to 10"),
    ({"journal_self": None}, "self-assessment"),
    ({"present": ()}, "mark who played"),
])
def test_a_wrong_close_is_refused_with_the_reason(change: dict[str, object],
                                                   message: str) -> None:
    pcs = party()
    choices = replace(CHOICES, **change)  # type: ignore[arg-type]
    with pytest.raises((ModelError, RulesError), match=message):
        preview_close(played_session(pcs), pcs, choices)


def test_the_gm_may_overrule_the_journal_self_assessment() -> None:
    pcs = party()
    choices = replace(CHOICES, journal_gm=3)
    assert preview_close(played_session(pcs), pcs, choices).journal_ap == 3


def test_veterans_pocket_limits() -> None:
    pcs = party()
    session = Session(4, START)
    with pytest.raises(ModelError, match="not used in this campaign"):
        give_pocket(session, pcs, False, "Cat", pcs[1], 1)
    with pytest.raises(RulesError, match="to the PC of the same player"):
        give_pocket(session, pcs, True, "Cat", pcs[3], 1)
    with pytest.raises(RulesError, match="not a ranked player"):
        give_pocket(session, pcs, True, "Ben", pcs[1], 1)
    session = give_pocket(session, pcs, True, "Cat", pcs[1], 2).session
    session = give_pocket(session, pcs, True, "Cat", pcs[2], 1).session  # 3 = Cat's rank
    with pytest.raises(RulesError, match="at most 3 AP"):
        give_pocket(session, pcs, True, "Cat", pcs[4], 1)


def test_grab_bag_is_one_two_or_three_and_reasons_can_follow() -> None:
    pcs = party()
    session = Session(4, START)
    with pytest.raises(RulesError, match="1, 2 or 3"):
        give_grab_bag(session, pcs[1], 4)
    step = give_grab_bag(session, pcs[1], 3)
    assert step.notices == ("Grab bag: 3 AP to Brice",)
    index = pending_awards(step.session)[0][0]
    named = set_reason(step.session, index, "saved the ship", "Brice").session
    assert named.ap_awards[0].reason == "saved the ship"
    assert remove_award(named, index, "Brice").session.ap_awards == ()


def test_fairness_counts_players_over_the_session_and_the_campaign() -> None:
    pcs = party()
    session = played_session(pcs)
    earlier = give_grab_bag(Session(3, START - timedelta(days=7)), pcs[4], 2).session
    report = fairness(session, [earlier, session], pcs, START)
    rows = {r.player: (r.session_count, r.session_points, r.campaign_points)
            for r in report.players}
    assert rows == {"Ann": (1, 2, 2), "Ben": (2, 2, 2), "Cat": (1, 3, 3), "Dan": (0, 0, 2)}
    assert report.left_out == ("Dan",)
    assert report.points_per_hour == Fraction(7) / Fraction(11, 3)  # 7 points in 3 h 40
    earlier = earlier.with_changes(stopped_at=earlier.started_at + timedelta(hours=4))
    assert campaign_grab_bag([earlier, session], START) == (9, timedelta(hours=7, minutes=40))


def test_journal_rotation_and_ap_history() -> None:
    pcs = party()
    sessions = []
    for number, reader in ((1, 1), (2, 2)):
        choices = CloseChoices(timedelta(hours=3), TimeRounding.DOWN, 0, (1, 2, 3, 4),
                               journal_pc=reader, journal_self=5)
        session = Session(number, START + timedelta(days=7 * number))
        step = apply_close(session, pcs, choices, session.started_at + timedelta(hours=3))
        pcs = {pc.id: pc for pc in step.pcs}
        sessions.append(step.session)
    # Ann and Ben have read; Cat comes before Dan at the table.
    assert suggest_reader(list(pcs.values()), sessions, pcs).name == "Mora"  # type: ignore[union-attr]
    assert ap_history(sessions, 1) == [(1, 203), (2, 206)]


def test_improvements_handicaps_and_rank_rolls() -> None:
    pcs = party()
    brice = pcs[1].with_changes(unused_ap=100, rank_rolls=2)
    session = Session(4, START)
    step = improve(session, brice, "Dex", 12, 20)
    brice = step.pcs[0]
    assert (brice.unused_ap, brice.ap_total, brice.improved_this_mission) == (68, 195, ("Dex",))
    with pytest.raises(RulesError, match="already improved this mission"):
        improve(step.session, brice, "Dex", 13, 20)
    with pytest.raises(RulesError, match="already improved this mission"):
        rank_roll(step.session, brice, "Dex", 33, 40)
    step = rank_roll(step.session, brice, "Stealth", 25, 31)
    brice = step.pcs[0]
    assert brice.rank_rolls == 1 and "Stealth" in brice.improved_this_mission
    assert step.notices == ("Brice rank improvement roll on Stealth: 31 vs 25, improves it by "
                            "+1d; 1 roll(s) left",)
    step = lose_rank_rolls(step.session, brice)
    brice = step.pcs[0]
    assert brice.rank_rolls == 0
    with pytest.raises(ModelError, match="no rank improvement rolls"):
        rank_roll(step.session, brice, "Pilot", 20, 30)
    step = take_handicap(step.session, brice, 15, "Code of honour")
    assert (step.pcs[0].unused_ap, step.pcs[0].ap_total) == (83, 195)  # Unused only
    assert [e.kind for e in step.session.advancement] == [
        "improve", "rank_roll", "rolls_lost", "handicap"]


def test_settle_rank_keeps_a_new_character_at_rank_zero() -> None:
    fresh = PlayerCharacter(9, "Nia", ap_total=450, unused_ap=0)
    assert settle_rank(fresh).rank == 0
    assert settle_rank(fresh.with_changes(missions_completed=1)).rank == 4


def test_the_summary_lists_awards_reasons_rank_ups_allowances_and_encounters() -> None:
    pcs = party()
    session = apply_close(played_session(pcs), pcs, CHOICES, STOP).session
    fight = Encounter(1, "Beacon ambush", (
        Combatant(1, "Brice", Side.PC, ref=1),
        Combatant(2, "Skrak 1", status=Status.DEAD),
    ), round=3, active=False)
    text = session_summary("Iron Reach", session, [fight], pcs)
    assert text.startswith("# Iron Reach: session 4\n\nPlayed 3 h 40 min on 2026-11-21.")
    assert "Time rounded to the nearest hour, half an hour rounds up: **4 AP** each." in text
    assert ("| Brice | Ann | 4 | 6 | 0 | 7 | 2 | 0 | **19** | 195 → 214 | 40 → 59 "
            "| Rank-1 → **Rank-2** |") in text
    assert "- Kell: 2 AP veteran's pocket (from Cat, “covered me”)" in text
    assert "- Mora reaches Rank-10: 10 rank improvement roll(s) at 10L" in text
    assert "### Missions completed (3/4 share)" in text
    assert "- Tash: allowance 1462 cr" in text
    assert "- Brice: allowance 645 cr" in text
    assert "- Mora: no allowance on the sheet" in text
    assert "- **Beacon ambush**: 3 rounds; PCs: Brice; down: Skrak 1 (dead)" in text


def test_the_summary_of_an_open_session_lists_what_is_waiting() -> None:
    pcs = party()
    text = session_summary("Iron Reach", played_session(pcs), [], pcs)
    assert "Not applied yet" in text
    assert "- Tash: 10 AP adventure bonus (“decoded the beacon”)" in text
    assert "## Encounters\n\nNone." in text


def test_a_sheet_with_a_rank_but_no_missions_counted_keeps_its_rank() -> None:
    old = PlayerCharacter(5, "Vex", "Eve", ap_total=550, unused_ap=0, rank=5)
    assert settle_rank(old).rank == 5
    choices = CloseChoices(timedelta(hours=1), TimeRounding.DOWN, 0, (5,))
    step = apply_close(Session(2, START), {5: old}, choices, STOP)
    assert (step.pcs[0].rank, step.pcs[0].rank_rolls) == (5, 0)


def test_pocket_gifts_stand_when_the_giver_leaves_or_drops_rank() -> None:
    pcs = party()
    session = give_pocket(Session(4, START), pcs, True, "Cat", pcs[1], 3).session
    without_mora = {i: pc for i, pc in pcs.items() if i != 3}
    choices = CloseChoices(timedelta(hours=1), TimeRounding.DOWN, 0, (1, 2, 4))
    row = preview_close(session, without_mora, choices).rows[0]
    assert (row.pc, row.pocket) == ("Brice", 3)
    demoted = {**pcs, 3: pcs[3].with_changes(player_rank=1)}
    assert preview_close(session, demoted, replace(choices, present=(1, 2, 3, 4))).rows[0] \
        .pocket == 3


def test_ability_names_match_whatever_the_case() -> None:
    brice = party()[1].with_changes(unused_ap=100)
    step = improve(Session(4, START), brice, "Dex", 12, 20)
    with pytest.raises(RulesError, match="Dex was already improved"):
        improve(step.session, step.pcs[0], " dex ", 13, 20)


def test_rolls_not_used_at_once_are_lost_at_the_next_session() -> None:
    pcs = party()
    rolled = [pcs[1].with_changes(rank_rolls=2), pcs[2], pcs[3].with_changes(rank_rolls=1)]
    step = lose_unused_rolls(Session(5, START), rolled)
    assert [(pc.name, pc.rank_rolls) for pc in step.pcs] == [("Brice", 0), ("Mora", 0)]
    assert step.notices == ("Brice lets 2 rank improvement roll(s) go",
                            "Mora lets 1 rank improvement roll(s) go")


def test_a_sheet_ability_is_known_its_cost_read_and_its_rating_raised() -> None:
    # The book's example: a 6M Dex (IC 20) costs 12 + 20 = 32 Unused AP, and goes up +1d.
    brice = PlayerCharacter.new(1, "Brice", dex="6M", wp="15", rank_rolls=2)
    assert sheet_ability(brice, "dex") is not None
    assert ability_cost(brice, "DEX", None, 20) == 32  # the value comes off the sheet
    with pytest.raises(ModelError, match="Pilot is not on Brice's sheet: type its value"):
        ability_cost(brice, "Pilot", None, 10)
    step = improve(Session(4, START), brice, "dex", None, 20)
    raised = step.pcs[0]
    assert raised.dex is not None and raised.dex.text == "8M" and raised.unused_ap == 68
    assert raised.improved_this_mission == ("Dex",)
    assert "Dex 6M -> 8M" in step.notices[0]
    # A rank improvement roll that succeeds raises the sheet too (it was logged, not kept).
    rolled = rank_roll(step.session, raised, "WP", 25, 32)  # WP 15 is read as 8M
    after = rolled.pcs[0]
    assert after.wp is not None and after.wp.text == "10M" and after.rank_rolls == 1
    missed = rank_roll(rolled.session, after.with_changes(improved_this_mission=()), "WP", 25, 3)
    assert missed.pcs[0].wp == after.wp  # a failure changes nothing but the roll


@given(st.integers(0, 8_000), st.integers(1, 30))
def test_a_paper_rank_is_accepted_only_as_table_8_gives_it(ap_total: int, missions: int) -> None:
    accepted = []
    for rank in range(31):
        try:
            check_rank(rank, ap_total, missions)
        except ModelError:
            continue
        accepted.append(rank)
    assert accepted == [rank_for_ap(ap_total, missions_completed=missions)]
    check_rank(0, ap_total, 0)  # before the first mission: rank 0, whatever the AP
