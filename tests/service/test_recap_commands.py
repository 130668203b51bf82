"""The session's recap and the campaign's calibration through the service (issue 30): two
fights played to their end (one won, one fled), told turn by turn, with the forecast each
kept at its first Nish; what was undone is not told."""

from __future__ import annotations

import json

import pytest

from console.model import Status
from console.model.calibration import LIKELY
from console.model.fight_end import EndHow, KeptForecast
from console.model.fight_events import TurnBegan
from console.model.recap import Recap
from console.model.recap_render import calibration_markdown, recap_html, recap_markdown
from console.rules.forecast import OUTCOMES
from console.service import ActionRefused
from tests.service.evening import Evening, assert_self_contained

# Each test's evening is the same fight: its forecast (thousands of fights run) is worked
# out once for the module, and kept by each evening as the console keeps it.
_STARTING: dict[str, KeptForecast] = {}


def keep_forecast(evening: Evening) -> None:
    """What the console does in the background at a fight's first Nish."""
    forecast = evening.service.forecast
    found = forecast.at_first_nish()
    assert found is not None
    fight, matchup = found
    key = repr(matchup)
    if key not in _STARTING:
        _STARTING[key] = forecast.starting(matchup)
    forecast.keep(fight, _STARTING[key])


@pytest.fixture
def evening() -> Evening:
    evening = Evening()
    service = evening.service
    evening.fight("Ambush")
    evening.clock.advance(2)
    evening.call(30, 5)
    keep_forecast(evening)
    evening.clock.advance(1)
    evening.pc_misses("Brice", "Skrak 1")
    evening.pc_hits("Brice", "Skrak 1", 24)
    evening.clock.advance(1)
    service.tracker.next_turn()
    evening.npc_hits("Skrak 2", "Kara", 6)
    evening.pc_misses("Kara", "Skrak 2")
    service.undo()
    service.tracker.next_turn()
    evening.pc_hits("Kara", "Skrak 2", 30)
    evening.clock.advance(3)
    service.tracker.end_encounter(EndHow.WON)
    evening.clock.advance(10)  # talk between the fights
    evening.fight("Bridge", skraks=3)
    evening.clock.advance(1)
    evening.call(2, 1)
    keep_forecast(evening)
    service.tracker.next_turn()
    evening.npc_hits("Skrak 1", "Brice", 0)  # 20 wounds on Vit 20
    evening.clock.advance(4)
    service.tracker.new_encounter("Aftermath", EndHow.FLED)  # E into the next: fled
    return evening


def test_each_fight_is_told_round_by_round_turn_by_turn(evening: Evening) -> None:
    recap = evening.service.recap.session()
    ambush, bridge, aftermath = recap.fights
    assert (ambush.name, ambush.end, ambush.row) == ("Ambush", "won", "heavy_win")
    assert (bridge.name, bridge.end) == ("Bridge", "fled")
    assert bridge.row == "heavy_flee"  # Brice at his Vit, none dead
    assert not aftermath.begun and aftermath.running
    (round1,) = ambush.rounds
    assert [turn.actors for turn in round1.turns] == [
        ("Brice",), ("Skrak 2",), ("Kara",)]  # Skrak 1 died before the Skraks' turn
    brice, skraks, kara = round1.turns
    assert [said.text for said in brice.said] == [
        "Brice misses Skrak 1", "Brice hits Skrak 1: 20 wounds (20/12, 8 CD)",
        "Skrak 1 dies"]
    assert [said.text for said in skraks.said] == ["Skrak 2 hits Kara: 14 wounds (14/16)"]
    assert brice.seconds == 120.0  # from the call to the next turn, by the fake clock
    # Kara's slip was undone: it is nowhere.
    assert not any("Kara misses" in said.text for turn in round1.turns for said in turn.said)
    assert kara.said[0].data == {"attacker": "Kara", "target": "Skrak 2", "hit": True,
                                 "took": 26, "wounds": 26, "vit": 12}
    # The evening: 2 + (1 + 1 + 3: Ambush from its first Nish) + 10 + 1 + (4: Bridge).
    assert ambush.seconds == 5 * 60 and bridge.seconds == 4 * 60
    assert recap.time.played == 22 * 60 and recap.time.fights == 9 * 60


def test_the_forecast_kept_at_the_first_nish_is_beside_the_end(evening: Evening) -> None:
    ambush, bridge, _ = evening.service.recap.session().fights
    for fight in (ambush, bridge):
        assert fight.forecast is not None and fight.forecast.runs == 10_000
        total = sum(fight.forecast.outcomes[row] for row in OUTCOMES) + fight.forecast.undecided
        assert total == pytest.approx(1.0, abs=1e-3)
    kept = [entry for entry in evening.service.session_log(1)
            if entry.action == "forecast.kept"]
    assert len(kept) == 2 and kept[0].description.startswith("Forecast kept for Ambush")
    assert evening.service.forecast.at_first_nish() is None  # Aftermath: no Nish yet


def test_a_forecast_is_kept_once_and_not_when_numbers_are_missing() -> None:
    evening = Evening()
    evening.fight("Ambush")
    evening.service.tracker.add_npc("Stranger", 12, None)  # no template: no numbers
    evening.call(30, 5)
    assert evening.service.forecast.at_first_nish() is None
    evening.service.undo()
    evening.service.undo()
    evening.call(30, 5)
    keep_forecast(evening)
    encounter = evening.service.encounter()
    assert encounter is not None and encounter.forecast is not None
    assert evening.service.forecast.at_first_nish() is None  # kept already
    assert evening.service.forecast.keep(encounter.id, encounter.forecast).changes == ()


def test_the_players_version_hides_what_their_view_hides(evening: Evening) -> None:
    recap = evening.service.recap.session(players=True)
    assert [fight.name for fight in recap.fights] == ["Fight 1", "Fight 2"]  # never begun: out
    text = recap_markdown(recap)
    for secret in ("Ambush", "Bridge", "Aftermath", "20/12", "heavily wounded",
                   "Forecast", "/12"):
        assert secret not in text
    assert "Brice hits Skrak 1 (down)" in text and "Skrak 2 hits Kara: 14 wounds (14/16)" in text
    assert all(fight.forecast is None and fight.row is None for fight in recap.fights)
    as_data = json.dumps(recap.to_json())
    assert "forecast\": null" in as_data and "heavy_win" not in as_data


def test_the_calibration_counts_add_up_to_the_fights_played(evening: Evening) -> None:
    calibration = evening.service.recap.calibration()
    assert calibration.fights == 2 and calibration.forecasts == 2
    assert sum(row.count for row in calibration.rows) == calibration.fights
    counts = {row.row: row.count for row in calibration.rows}
    assert counts["heavy_win"] == 1 and counts["heavy_flee"] == 1
    for row in calibration.rows:
        assert row.forecast is not None and 0 <= row.forecast <= 1
    assert sum(row.forecast or 0 for row in calibration.rows) == pytest.approx(1.0, abs=1e-3)
    assert 0 <= calibration.likely <= calibration.forecasts
    likely = sum(1 for fight in evening.service.recap.session().fights[:2]
                 if fight.forecast is not None and fight.row is not None
                 and fight.forecast.share(fight.row) >= LIKELY)
    assert calibration.likely == likely
    text = calibration_markdown("Dock", calibration)
    assert "| heavily wounded, triumph | 1 | 50% |" in text


def test_a_session_that_is_not_there_is_refused(evening: Evening) -> None:
    with pytest.raises(ActionRefused, match="no session 4"):
        evening.service.recap.session(4)


def test_the_page_fetches_nothing_and_escapes_every_name(evening: Evening) -> None:
    service = evening.service
    encounter = service.encounter()
    assert encounter is not None
    service.tracker.add_npc('<img src="http://x.example/a.png"> & co', 10, 12)
    service.tracker.add_condition(None, "<script>alert(1)</script>", None)
    page = recap_html(service.recap.session())
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert_self_contained(page)
    assert_self_contained(recap_html(service.recap.session(players=True)))


def test_an_older_session_reads_the_same_after_the_next_starts(evening: Evening) -> None:
    before = evening.service.recap.session()
    evening.service.tracker.end_encounter()
    evening.service.sessions.toggle()  # stop
    evening.service.sessions.toggle()  # session 2
    after = evening.service.recap.session(1)
    assert isinstance(after, Recap) and after.session == 1
    assert [f.rounds for f in after.fights[:2]] == [f.rounds for f in before.fights[:2]]
    assert evening.service.recap.session().fights == ()


def test_a_held_turn_and_the_action_taken_on_it_later_are_told_where_they_happened() -> None:
    """Brice held; his turn read as a turn with nothing done, and his shot, taken later on
    his saved Initiative, was told in the Skraks' turn as if it were theirs."""
    evening = Evening()
    service = evening.service
    evening.fight("Ambush")
    evening.call(30, 5)
    brice = evening.who("Brice")
    service.tracker.hold(brice.id)  # his turn: he waits; the turn goes on to the Skraks
    service.tracker.act_now(brice.id)  # in theirs, he takes it
    evening.pc_hits("Brice", "Skrak 1", 24)
    (round1,) = evening.service.recap.session().fights[0].rounds
    held, skraks = round1.turns[:2]
    assert held.actors == ("Brice",) and "Brice" not in skraks.actors
    assert [said.text for said in held.said] == ["Brice saves their Initiative"]
    assert [said.text for said in skraks.said] == [
        "Brice acts now on their saved Initiative",
        "Brice hits Skrak 1: 20 wounds (20/12, 8 CD)", "Skrak 1 dies"]
    assert held.said[0].data == {"who": "Brice", "part": False}
    # The players' version tells it too (Brice is seen).
    players = evening.service.recap.session(players=True).fights[0].rounds[0]
    assert "Brice saves their Initiative" in [s.text for s in players.turns[0].said]


def test_an_npc_the_gm_keeps_up_is_critical_to_the_players_not_down() -> None:
    """Past his Vit, an NPC dies unless the GM keeps him up; one kept up still acts, and
    the players' view and recap called him "down"."""
    evening = Evening()
    service = evening.service
    evening.fight("Ambush")
    evening.call(30, 5)
    combat = service.combat
    attack = combat.plan_pc_attack(evening.who("Brice"), evening.who("Skrak 1"), "1", [], 1,
                                   16, 4)
    combat.land_pc_attack(attack, 24, keep_up=True)  # 20 wounds on Vit 12
    skrak = evening.who("Skrak 1")
    assert skrak.status is Status.ACTIVE and skrak.wounds == 20
    logged = service.session_log(1)[-1].description
    assert "would die, kept up by the GM" in logged and ": dies" not in logged
    view = service.players.picture()
    assert ("Skrak 1", "critical") in [(row.name, row.health) for row in view.rows]
    said = [s.text for turn in service.recap.session(players=True).fights[0].rounds[0].turns
            for s in turn.said]
    assert "Brice hits Skrak 1 (critical)" in said and "Skrak 1 is down" not in said
    evening.pc_hits("Brice", "Skrak 1", 24)  # the next blow kills him: down, as before
    said = [s.text for turn in service.recap.session(players=True).fights[0].rounds[0].turns
            for s in turn.said]
    assert said[-2:] == ["Brice hits Skrak 1 (down)", "Skrak 1 is down"]


def test_an_npc_wounded_to_death_by_hand_falls_once_in_the_players_recap() -> None:
    """Wounds typed with `-` that kill an NPC: the players' recap said "Skrak 1 is down"
    twice, once for the wounds and once for the death."""
    evening = Evening()
    service = evening.service
    evening.fight("Ambush")
    evening.call(30, 5)
    service.combat.change_wounds(evening.who("Skrak 1"), -26)
    said = [s.text for turn in service.recap.session(players=True).fights[0].rounds[0].turns
            for s in turn.said]
    assert said.count("Skrak 1 is down") == 1
    gm = [s.text for turn in service.recap.session().fights[0].rounds[0].turns
          for s in turn.said]
    assert any("26 wounds" in text for text in gm) and "Skrak 1 dies" in gm
    service.combat.change_wounds(evening.who("Skrak 2"), -1)  # "takes 1 wounds" was said
    gm = [s.text for turn in service.recap.session().fights[0].rounds[0].turns
          for s in turn.said]
    assert any(text.startswith("Skrak 2 takes 1 wound (") for text in gm), gm


def test_wounds_on_a_fallen_npc_are_told_as_down_not_critical() -> None:
    """Wounds put on an NPC already dead read "is critical" to the players (review)."""
    evening = Evening()
    service = evening.service
    evening.fight("Ambush")
    evening.call(30, 5)
    evening.pc_hits("Brice", "Skrak 1", 24)  # dead
    service.combat.change_wounds(evening.who("Skrak 1"), -3)
    said = [s.text for turn in service.recap.session(players=True).fights[0].rounds[0].turns
            for s in turn.said]
    assert said[-1] == "Skrak 1 is down" and not any("critical" in text for text in said)


def test_a_mode_switch_mid_turn_is_the_same_turn_its_clock_going_on() -> None:
    # The GM switches individual -> wave -> group -> individual during Brice's turn: the
    # turn's key changes each time, but it stays his; no turn begins, his clock goes on, and
    # the recap tells one turn of his, not "Brice (again)".
    evening = Evening()
    service = evening.service
    evening.fight("Ambush")
    evening.call(30, 5)
    since = service.running().turn_since
    for _ in range(3):
        evening.clock.advance(1)
        outcome = service.tracker.cycle_mode()
        began = [e for e in outcome.events if isinstance(e, TurnBegan)]
        assert began and all(e.goes_on for e in began)  # it goes on, re-shaped
        assert service.running().turn_since == since
    evening.clock.advance(1)
    service.tracker.next_turn()
    (fight,) = evening.service.recap.session().fights
    (round1,) = fight.rounds
    first, *rest = round1.turns
    assert first.actors == ("Brice",) and not first.again
    assert first.seconds == 4 * 60  # the whole turn, by the fake clock
    assert all("Brice" not in turn.actors for turn in rest)


def test_the_recap_names_who_acted_in_each_turn_across_mode_switches() -> None:
    # Individual: Brice 30, Skrak 1 and 2 (10), Kara 5. After Brice, the GM switches to
    # wave mode in Skrak 1's turn: the NPC wave goes on from it with Skrak 2 in it too (a
    # new GM's evening: Skrak 2 was never told). Then group mode in Kara's turn: the party
    # acts as one, but Brice has had his turn and is not told again.
    evening = Evening()
    service = evening.service
    evening.fight("Ambush")
    evening.call(30, 5)
    service.tracker.next_turn()
    service.tracker.cycle_mode()  # wave, in Skrak 1's turn
    evening.clock.advance(2)
    service.tracker.next_turn()  # the wave done: Kara, below it
    service.tracker.cycle_mode()  # group, in Kara's turn
    evening.clock.advance(1)
    service.tracker.next_turn()
    (fight,) = evening.service.recap.session().fights
    (round1,) = fight.rounds
    assert [turn.actors for turn in round1.turns] == [
        ("Brice",), ("Skrak 1", "Skrak 2"), ("Kara",)]
    assert [turn.seconds for turn in round1.turns][1:] == [120.0, 60.0]
    assert not any(turn.again for turn in round1.turns)


def test_a_turn_the_players_never_saw_shows_only_what_they_saw() -> None:
    """A hidden Skrak's turn, in which he hits Brice: the players' version tells the hit as
    "someone unseen", but neither whose turn it was (its key names a combatant) nor how long
    it took, which the players' view hides too."""
    evening = Evening()
    evening.fight("Ambush", skraks=1)
    skrak = evening.who("Skrak 1")
    evening.service.tracker.toggle_hidden(skrak.id)
    evening.call(30, 5)
    evening.clock.advance(2)
    evening.service.tracker.next_turn()  # Skrak 1's turn
    evening.npc_hits("Skrak 1", "Brice", 3)
    evening.clock.advance(3)
    evening.service.tracker.next_turn()
    turns = [turn for fight in evening.service.recap.session(players=True).fights
             for round_ in fight.rounds for turn in round_.turns]
    (unseen,) = [turn for turn in turns if turn.actors == ("someone unseen",)]
    assert unseen.key == "unseen" and unseen.seconds is None
    assert unseen.said[0].text.startswith("Someone unseen hits Brice")
    gm = [turn for fight in evening.service.recap.session().fights
          for round_ in fight.rounds for turn in round_.turns if "Skrak 1" in turn.actors]
    assert gm and gm[0].seconds == 180  # the GM's version keeps it whole
