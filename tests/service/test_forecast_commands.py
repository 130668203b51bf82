"""The forecast read from the running fight (issue 17): who fights with what, as they
stand; who lacks which numbers; the what-if with one foe fewer and one more."""

from __future__ import annotations

import pytest

from console.model import NpcTemplate, PlayerCharacter, Status
from console.model.roster import parse_weapons
from console.service import ActionRefused, CampaignService
from tests.service.conftest import fight

SKRAK = NpcTemplate(1, "Skrak", atk="15", def_="16", dmg="12", ar="4", vit="12", nish="10")


def armed(memory: CampaignService) -> CampaignService:
    """Brice and Kara with full sheets against two Skraks from the template."""
    memory.sessions.toggle()
    memory.tracker.new_encounter("Ambush")
    for name, nish in (("Brice", "8M"), ("Kara", "10L")):
        memory.roster.add_pc(lambda new_id, name=name, nish=nish: PlayerCharacter.new(
            new_id, name, nish=nish, def_="8M", ar="6M", vit_max="20", wp="8M",
            healing="6M", weapons=parse_weapons("blaster 8M/10M")))
        memory.tracker.join_pc(name)
    memory.roster.add_npc(lambda new_id: SKRAK.with_changes(id=new_id))
    memory.roster.spawn(memory.npcs()[1], 2)
    return memory


def test_the_matchup_is_the_fight_as_it_stands(memory: CampaignService) -> None:
    service = armed(memory)
    encounter = service.running()
    ids = {c.name: c.id for c in encounter.combatants}
    service.tracker.call_for_nish({ids["Brice"]: 12, ids["Kara"]: 9})
    service.tracker.next_turn()
    service.tracker.next_turn()
    service.combat.change_wounds(service.running().combatant(ids["Skrak 1"]), -5)  # type: ignore[arg-type]
    service.combat.change_wounds(service.running().combatant(ids["Kara"]), -21)  # type: ignore[arg-type]
    service.tracker.toggle_status(ids["Skrak 2"], Status.DEAD)
    matchup = service.forecast.matchup()
    assert [(p.name, p.wounds, p.atk is not None) for p in matchup.pcs] == [
        ("Brice", 0, True), ("Kara", 21, True)]
    assert [(n.name, n.wounds, n.vit, n.def_) for n in matchup.npcs] == [
        ("Skrak 1", 5, 12, 16)]  # the dead one is out of it
    assert matchup.rounds_before == 0  # round 1 in progress: played again from its start


def test_what_the_forecast_lacks_is_listed(memory: CampaignService) -> None:
    fight(memory)  # sheetless PCs, NPCs added by hand
    with pytest.raises(ActionRefused, match=r"Brice \(.*Def.*\).*Skrak 1 \(Atk, Def, Dmg, AR\)"):
        memory.forecast.matchup()


def test_no_fight_no_forecast(memory: CampaignService) -> None:
    with pytest.raises(ActionRefused, match="no encounter running"):
        memory.forecast.matchup()


def test_what_if_one_foe_fewer_and_one_more(memory: CampaignService) -> None:
    service = armed(memory)
    matchup = service.forecast.matchup()
    seen: list[float] = []
    result = service.forecast.what_if(matchup, 1000, 4, 500, seen.append)
    assert result.fewer is not None
    # More foes: fewer clean wins, more PCs going down.
    assert result.more.outcomes["untouched"] <= result.now.outcomes["untouched"] <= (
        result.fewer.outcomes["untouched"])
    assert sum(f.down for f in result.more.pcs) > sum(f.down for f in result.fewer.pcs)
    assert seen == sorted(seen) and seen[-1] == 1.0  # progress only goes up, to the end
    alone = service.forecast.what_if(matchup.without(1), 200, 4, 100)
    assert alone.fewer is None  # one foe: none fewer to try


def test_a_dead_pc_stays_in_the_reckoning(memory: CampaignService) -> None:
    service = armed(memory)
    ids = {c.name: c.id for c in service.running().combatants}
    service.tracker.toggle_status(ids["Kara"], Status.DEAD)
    matchup = service.forecast.matchup()
    assert [(p.name, p.dead) for p in matchup.pcs] == [("Brice", False), ("Kara", True)]
    result = service.forecast.what_if(matchup, 300, 1, 100).now
    # Half the party is already down: the party withdraws after the first round.
    assert result.outcomes["rout"] == 1.0 and result.rounds_median == 1
    assert result.pcs[1].dead == 1.0


def test_an_unconscious_npc_is_out_of_the_reckoning(memory: CampaignService) -> None:
    service = armed(memory)
    ids = {c.name: c.id for c in service.running().combatants}
    service.tracker.toggle_status(ids["Skrak 2"], Status.UNCONSCIOUS)
    service.tracker.add_npc("Brute", 9, 10)  # no template: lacks numbers, but he is down
    service.tracker.toggle_status(max(ids.values()) + 1, Status.UNCONSCIOUS)
    assert [n.name for n in service.forecast.matchup().npcs] == ["Skrak 1"]
