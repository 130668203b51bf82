"""A Façade fight in the session's recap: each attack, whether it hit, the hits it noted
(a place, a damage and its levels) or the armor that stopped it, a Simple Combat blow as it
lands at the end of the turn, and the GM's own hit; in the players' version, an NPC's
hits never as numbers. MetaScape's fights are told as before (tests/service/
test_recap_commands.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from console.model.errors import ModelError
from console.model.fight_end import EndHow
from console.model.fight_events import (
    _DAMAGE,
    _PLACES,
    Attacked,
    Struck,
    event_from_dict,
)
from console.model.recap import Recap
from console.model.recap_render import recap_markdown
from console.model.table_settings import PcHealth
from console.rules.facade_combat.blows import Choice
from console.rules.facade_combat.damage import Blow, DamageType
from console.rules.facade_combat.health import Hit, Location
from console.service import CampaignService
from console.store import CampaignStore
from console.ui.tracker.detail_pane import DetailPane
from tests.service.evening import Evening
from tests.service.test_facade_commands import VERA, facade_fight, ids, kess_knifed
from tests.ui.conftest import plain


def told(recap: Recap) -> list[str]:
    """Every line the recap tells of its fights' turns, in order."""
    return [said.text for fight in recap.fights for round_ in fight.rounds
            for turn in round_.turns for said in turn.said]


def events(service: CampaignService) -> list[object]:
    return [event for entry in service.history() for event in entry.events]


def dramatic() -> CampaignService:
    """Kess shoots Thug 2 in the legs (2D through his jacket); Thug 2's knife glances off
    Vera's armor; Thug 3 misses Kess."""
    service = facade_fight(CampaignStore.in_memory("Alley"))
    who = ids(service)
    service.facade.new_turn()
    service.facade.contest({who["Thug 1"]: 12, who["Thug 2"]: 5, who["Thug 3"]: 9})
    shot = service.facade.plan_attack(who["Kess"], who["Thug 2"], 0, interrupting=True)
    service.facade.land_attack(shot, 14, choice=Choice(Location.LEGS, Blow.GLANCING))
    knife = service.facade.plan_attack(who["Thug 2"], who["Vera"], 0)
    service.facade.land_attack(knife, 11, choice=Choice(Location.TORSO, Blow.SCRATCH))
    service.tracker.next_turn()  # Thug 3
    swing = service.facade.plan_attack(who["Thug 3"], who["Kess"], 0)
    service.facade.land_attack(swing, 2)
    return service


def test_a_dramatic_fight_tells_each_attack_with_its_hits() -> None:
    service = dramatic()
    assert told(service.recap.session()) == [
        "Kess hits Thug 2: 2D to the Legs",
        "Thug 2 hits Vera: stopped by their armor",
        "Thug 3 misses Kess",
    ]
    who = ids(service)
    kept = events(service)
    assert Struck(1, who["Thug 2"], "Legs", "D", 2) in kept
    assert Attacked(1, who["Thug 2"], who["Vera"], True, stopped=True) in kept
    # the players' version: whether it hit, never an NPC's hits
    assert told(service.recap.session(players=True)) == [
        "Kess hits Thug 2",
        "Thug 2 hits Vera: stopped by their armor",
        "Thug 3 misses Kess",
    ]


def test_a_simple_combat_blow_is_told_as_it_lands_at_the_end_of_the_turn() -> None:
    service = facade_fight(CampaignStore.in_memory("Alley"))
    who = ids(service)
    service.facade.set_combat_system("simple")
    service.facade.new_turn()
    service.facade.simple(who["Vera"], who["Thug 1"], 0, 10, 6, target_weapon=0)
    service.facade.new_turn()  # the broadsword's 2B land on Thug 1 now
    service.facade.gm_hit(who["Kess"], Hit(Location.ARMS, DamageType.C, 2))
    lines = told(service.recap.session())
    assert lines[:2] == ["Vera hits Thug 1", "Thug 1 misses Vera"]
    assert "Thug 1 takes 2B to the Torso" in lines
    assert lines[-1] == "Kess takes 2C to the Arms"
    players = told(service.recap.session(players=True))
    assert "Thug 1 is hit" in players and "Kess takes 2C to the Arms" in players
    assert not any("2B" in line for line in players)


def test_a_pcs_hits_are_words_when_the_players_view_shows_words() -> None:
    service = dramatic()
    players, timer = service.settings.table()
    service.settings.set_table(replace(players, pc_health=PcHealth.WORDS), timer)
    service.facade.gm_hit(ids(service)["Vera"], Hit(Location.HEAD, DamageType.B, 1))
    assert told(service.recap.session())[-1] == "Vera takes 1B to the Head"
    assert told(service.recap.session(players=True))[-1] == "Vera is hit"


def test_healing_is_no_hit_and_an_undone_attack_is_not_told() -> None:
    service, _ = kess_knifed()
    hits = told(service.recap.session())
    assert len(hits) == 1 and hits[0].startswith("Thug 1 hits Kess: ")
    service.facade.heal(service.pcs()[VERA.id + 1], 30)  # Kess's sheet: her hits heal
    assert told(service.recap.session()) == hits
    service.undo()
    service.undo()
    assert told(service.recap.session()) == []


def test_a_hit_reads_back_as_written_and_names_only_the_seeds_places_and_damage() -> None:
    for event in (Struck(1, 2, "Legs", "D", 2), Attacked(1, 2, 3, True, stopped=True)):
        assert event_from_dict(event.to_dict()) == event
    # an attack logged before a blow could be stopped reads as it did
    assert "stopped" not in Attacked(1, 2, 3, True).to_dict()
    assert tuple(place.value for place in Location) == _PLACES
    assert tuple(kind.value for kind in DamageType) == _DAMAGE
    for bad in ({"where": "Tail"}, {"damage": "X"}, {"levels": 0}):
        with pytest.raises(ModelError, match="struck event"):
            event_from_dict({**Struck(1, 2, "Legs", "D", 2).to_dict(), **bad})


def test_a_facade_recap_and_log_say_turns_where_metascape_says_rounds() -> None:
    """The tracker's round is Façade's turn: the recap's headings, its count, a condition's
    length in the log and in the recap say "turn"; the time in fights runs from the first
    Initiative. A fight never begun had no Initiative called."""
    service = dramatic()
    who = ids(service)
    said = service.tracker.add_condition(who["Thug 1"], "Pinned", 2)
    assert said.notices == ("Pinned on Thug 1, through turn 3",)
    text = recap_markdown(service.recap.session())
    assert "### Turn 1" in text and "### Round" not in text
    assert "1 turn this session" in text and "Pinned on Thug 1, through turn 3" in text
    assert "from the first Initiative to the end" in text
    service.tracker.end_encounter(EndHow.WON)
    service.tracker.new_encounter("Docks")
    assert "Never begun (no Initiative called)." in recap_markdown(service.recap.session())


def test_a_fight_is_told_in_its_own_game_whatever_the_campaign_plays_now() -> None:
    """A campaign may change its system; the fights played before keep their own words and
    their own way of telling hits (found by a review: a Façade hit was retold as "no
    wound", a MetaScape fight's wounds dropped)."""
    def fights(recap: Recap) -> str:  # the fights' part (the awards are the campaign's)
        return recap_markdown(recap).split("## Adventure points")[0].split("## Points")[0] \
            .strip()

    service = dramatic()
    service.tracker.end_encounter(EndHow.WON)
    before = fights(service.recap.session())
    assert "### Turn 1" in before and "Kess hits Thug 2: 2D to the Legs" in before
    service.settings.set_system("metascape")
    assert fights(service.recap.session()) == before
    evening = Evening()
    evening.fight("Ambush")
    evening.call(30, 5)
    evening.pc_hits("Brice", "Skrak 1", 24)
    metascape = fights(evening.service.recap.session())
    assert "### Round 1" in metascape and "wounds" in metascape
    evening.service.settings.set_system("facade")
    assert fights(evening.service.recap.session()) == metascape


def test_simple_combat_blows_landing_are_told_in_the_turn_that_ended() -> None:
    """Both blows land at the end of turn 1, told there, whoever acts first in turn 2 (the
    one hit first had his told with the new turn)."""
    service = facade_fight(CampaignStore.in_memory("Alley"))
    who = ids(service)
    service.facade.set_combat_system("simple")
    service.facade.new_turn()
    service.facade.simple(who["Vera"], who["Thug 1"], 0, 10, 6, target_weapon=0)
    service.facade.simple(who["Thug 2"], who["Kess"], 0, 10, 3)
    service.facade.new_turn()
    fight = service.recap.session().fights[0]
    told_in = {said.text: round_.number for round_ in fight.rounds for turn in round_.turns
               for said in turn.said}
    assert told_in["Kess takes 3D to the Torso"] == told_in["Thug 1 takes 2B to the Torso"] == 1


def test_the_tracker_says_turns_in_a_facade_fight() -> None:
    service = facade_fight(CampaignStore.in_memory("Alley"))
    who = ids(service)
    service.facade.new_turn()
    service.tracker.add_condition(who["Vera"], "Dazed", 1)
    details = plain(DetailPane(service).render_for(service.view(), who["Vera"]), 150)
    assert "Dazed: through turn 2 (2 to go)" in details
    (vera,) = [row for row in service.players.picture().rows if row.name == "Vera"]
    assert vera.conditions == ("Dazed (to turn 2)",)  # the players' view says it too
    said = service.tracker.next_turn()
    while not said.alerts:  # every click of the turn taken, then one more
        said = service.tracker.next_turn()
    assert said.alerts == ("Turn 1 is over: the next turn (n)",)
    service.facade.new_turn()
    said = service.facade.new_turn()
    assert "Dazed on Vera ended with turn 2" in said.notices
