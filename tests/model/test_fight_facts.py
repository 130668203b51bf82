"""A fight's facts (issue 30): the events every change keeps, the marks its end is read from,
and the end read by Table 18 as the forecast reads a simulated fight."""

from __future__ import annotations

from typing import Any

import pytest

from console.model import Combatant, Encounter, PlayerCharacter, Side, Status
from console.model.encounters import Condition
from console.model.errors import ModelError
from console.model.fight_end import EndHow, Ending, KeptForecast
from console.model.fight_events import (
    Attacked,
    ConditionChanged,
    CriticalCheck,
    FightEnded,
    HazardBegan,
    HazardCheck,
    HazardEnded,
    Joined,
    RoundBegan,
    Shown,
    StatusChanged,
    TurnBegan,
    Wounded,
    event_from_dict,
)
from console.model.fight_facts import ending_of, facts, mark
from console.model.tracker import call_for_nish, next_turn
from console.rules.forecast import OUTCOMES


def _pc(pc_id: int, wounds: int = 0) -> PlayerCharacter:
    return PlayerCharacter.new(pc_id, f"PC{pc_id}", vit_max="20").with_changes(wounds=wounds)


def _fight(*pcs: tuple[int, Status], npcs: int = 1, **changes: Any) -> Encounter:
    people = [Combatant(i, f"PC{i}", Side.PC, ref=i, status=status) for i, status in pcs]
    people += [Combatant(10 + n, f"Foe {n}", Side.NPC, recorded_nish=5, vit_max=10)
               for n in range(npcs)]
    return Encounter(1, "Fight", tuple(people), round=2, current="end", **changes)


def sheets(*pcs: PlayerCharacter) -> dict[int, PlayerCharacter]:
    return {pc.id: pc for pc in pcs}


# ----- the end, read by Table 18 ----------------------------------------------------------


@pytest.mark.parametrize(("how", "wounds", "states", "row"), [
    (EndHow.WON, (0, 0), (Status.ACTIVE, Status.ACTIVE), "untouched"),
    (EndHow.WON, (5, 2), (Status.ACTIVE, Status.ACTIVE), "slight"),  # 25% of 20: slight
    (EndHow.WON, (12, 0), (Status.ACTIVE, Status.ACTIVE), "moderate"),  # 60%
    (EndHow.WON, (13, 0), (Status.ACTIVE, Status.ACTIVE), "heavy_win"),
    (EndHow.WON, (2, 0), (Status.UNCONSCIOUS, Status.ACTIVE), "heavy_win"),  # someone down
    (EndHow.FLED, (13, 0), (Status.UNCONSCIOUS, Status.ACTIVE), "heavy_flee"),
    (EndHow.FLED, (30, 0), (Status.DEAD, Status.ACTIVE), "rout"),
    (EndHow.WON, (30, 0), (Status.DEAD, Status.ACTIVE), "death"),
    (EndHow.OTHER, (30, 0), (Status.DEAD, Status.ACTIVE), "death"),
    (EndHow.FLED, (22, 21), (Status.UNCONSCIOUS, Status.UNCONSCIOUS), "party_down"),
    (EndHow.OTHER, (22, 21), (Status.UNCONSCIOUS, Status.UNCONSCIOUS), "party_down"),
    (EndHow.OTHER, (3, 0), (Status.ACTIVE, Status.ACTIVE), "undecided"),  # a parley
])
def test_an_end_reads_as_the_forecast_reads_a_run(how: EndHow, wounds: tuple[int, int],
                                                  states: tuple[Status, Status],
                                                  row: str) -> None:
    encounter = _fight((1, states[0]), (2, states[1]))
    ending = ending_of(encounter, how, sheets(_pc(1, wounds[0]), _pc(2, wounds[1])))
    assert ending.how is how and ending.row == row
    assert ending.worst == max(wounds) / 20 and ending.rounds == 2


def test_what_happened_during_the_fight_counts_though_it_is_over_now() -> None:
    # Brice went down in round 1 and was up again; Kara had critical damage and healed.
    encounter = _fight((1, Status.ACTIVE), (2, Status.ACTIVE))
    marked = encounter.with_changes(combatants=tuple(
        c.with_changes(was_down=c.id == 1, was_critical=c.id == 2) for c in encounter.combatants))
    ending = ending_of(marked, EndHow.WON, sheets(_pc(1, 2), _pc(2, 1)))
    assert ending.row == "heavy_win" and ending.down == (1,) and ending.critical


def test_a_fight_with_no_pc_reaches_no_row_and_the_vessel_is_no_pc() -> None:
    encounter = _fight()
    assert ending_of(encounter, EndHow.WON, {}).row is None
    vessel = Combatant(5, "Halberd", Side.PC, template=3, wounds=90, vit_max=10)
    with_vessel = encounter.with_changes(combatants=(*encounter.combatants, vessel))
    assert ending_of(with_vessel, EndHow.WON, {}).row is None


def test_marks_are_kept_once_and_the_same_object_when_nothing_is_new() -> None:
    encounter = _fight((1, Status.UNCONSCIOUS), (2, Status.ACTIVE))
    marked = mark(encounter, sheets(_pc(1), _pc(2, 25)))
    first, second = marked.combatants[:2]
    assert first.was_down and not first.was_critical
    assert second.was_critical and not second.was_down
    assert mark(marked, sheets(_pc(1), _pc(2, 25))) is marked
    woken = marked.with_changes(combatants=tuple(
        c.with_changes(status=Status.ACTIVE) for c in marked.combatants))
    assert mark(woken, sheets(_pc(1), _pc(2))).combatants[0].was_down  # kept


# ----- the events of one change -----------------------------------------------------------


def test_a_call_for_nish_then_a_turn_say_the_round_and_the_turns() -> None:
    encounter = Encounter(1, "Fight", (
        Combatant(1, "Brice", Side.PC, ref=1), Combatant(2, "Skrak", Side.NPC,
                                                         recorded_nish=10, vit_max=12)))
    called = call_for_nish(encounter, {1: 20}).encounter
    said = facts(encounter, called, {}, {})
    assert said == (RoundBegan(1, 1), TurnBegan(1, 1, "c1", (1,)))
    moved = next_turn(called).encounter
    assert facts(called, moved, {}, {}) == (TurnBegan(1, 1, "c2", (2,)),)
    assert facts(moved, moved, {}, {}) == ()


def test_wounds_states_conditions_joins_and_hiding_are_each_said() -> None:
    before = _fight((1, Status.ACTIVE))
    foe = before.combatants[1]
    after = before.with_changes(
        combatants=(before.combatants[0],
                    foe.with_changes(wounds=14, status=Status.DEAD, hidden=True),
                    Combatant(20, "Newcomer", Side.NPC)),
        conditions=(Condition("Stunned", 1, 3),))
    said = facts(before, after, sheets(_pc(1)), sheets(_pc(1, 4)))
    assert said == (
        ConditionChanged(1, 1, "Stunned", 3, True),
        Wounded(1, 1, 0, 4, 20),
        Shown(1, 10, True), Wounded(1, 10, 0, 14, 10),
        StatusChanged(1, 10, Status.ACTIVE, Status.DEAD),
        Joined(1, 20),
    )
    ended = after.with_changes(active=False, ending=Ending(EndHow.FLED, "heavy_flee"))
    assert facts(after, ended, {}, {})[-1] == FightEnded(1, "fled", "heavy_flee")


def test_every_event_reads_back_as_it_was_written_and_a_bad_one_is_refused() -> None:
    events = [RoundBegan(1, 1), TurnBegan(1, 1, "c1", (1, 2)),
              TurnBegan(1, 1, "wave", (3, 4), goes_on=True), Joined(1, 3),
              Attacked(1, None, 3, True), Attacked(1, 1, 3, False), Wounded(1, 3, 4, 2, None),
              StatusChanged(1, 3, Status.ACTIVE, Status.CRIPPLED),
              ConditionChanged(1, None, "Smoke", None, False), Shown(1, 3, False),
              HazardBegan(1, 1, "suffocation"),
              HazardCheck(1, 1, "suffocation", "WP", 10, 12, True, ("unconscious",)),
              HazardEnded(1, 1, "fall"), CriticalCheck(1, 1, "vitality drain", None, 3, None),
              FightEnded(1, None, None), FightEnded(1, "other", "undecided")]
    for event in events:
        assert event_from_dict(event.to_dict()) == event
    # A field added later is written only away from its default: the logs written before
    # it read as they did, and a turn begun reads the same.
    assert "goes_on" not in TurnBegan(1, 1, "c1", (1,)).to_dict()
    assert event_from_dict({"kind": "turn", "fight": 1, "round": 1, "turn": "c1",
                            "actors": [1]}) == TurnBegan(1, 1, "c1", (1,))
    with pytest.raises(ModelError, match="true or false"):
        event_from_dict({**TurnBegan(1, 1, "c1", (1,)).to_dict(), "goes_on": "yes"})
    with pytest.raises(ModelError, match="unknown kind"):
        event_from_dict({"kind": "nope", "fight": 1})
    with pytest.raises(ModelError, match="missing"):
        event_from_dict({"kind": "turn", "fight": 1, "round": 1})
    with pytest.raises(ModelError, match="at least 1"):
        Joined(0, 1)
    with pytest.raises(ModelError, match="not a name the console writes"):
        HazardBegan(1, 1, "\x1b[2J")
    with pytest.raises(ModelError, match="one of won, fled, other"):
        FightEnded(1, "lost", None)


def test_a_kept_forecast_and_an_end_read_back_and_refuse_nonsense() -> None:
    shares = dict.fromkeys(OUTCOMES, 0.1)
    kept = KeptForecast(shares, 0.2, 10_000)
    assert KeptForecast.from_dict(kept.to_dict()) == kept and kept.share("undecided") == 0.2
    with pytest.raises(ModelError, match="missing"):
        KeptForecast({"slight": 1.0}, 0.0, 1)
    with pytest.raises(ModelError, match="share from 0 to 1"):
        KeptForecast({**shares, "slight": 1.5}, 0.0, 1)
    ending = Ending(EndHow.OTHER, "undecided", 0.3, True, (1,), (), 4)
    assert Ending.from_dict(ending.to_dict()) == ending
    with pytest.raises(ModelError, match="row"):
        Ending(EndHow.WON, "victory")
    encounter = _fight((1, Status.ACTIVE), forecast=kept, ending=ending)
    assert Encounter.from_dict(encounter.to_dict()) == encounter
