"""Preparing adventures through the service (issue 29): written, pasted, read from and
written to Markdown, launched at the table as one undoable action, the boxed text revealed
to the players, and an adventure's encounters forecast against the party."""

from __future__ import annotations

import math
from importlib import resources
from pathlib import Path

import pytest

from console.model import Adventure, PlayerCharacter
from console.model.fight_end import EndHow
from console.model.roster import parse_weapons
from console.rules.forecast import OUTCOMES
from console.service import ActionRefused, CampaignService
from console.store import CampaignStore
from tests.service.conftest import seeded

SAMPLE = resources.files("console.cli").joinpath("samples/the_silent_relay.md").read_text()


def party(service: CampaignService) -> CampaignService:
    for name, nish in (("Brice", "8M"), ("Kess", "10L")):
        service.roster.add_pc(lambda new_id, name=name, nish=nish: PlayerCharacter.new(
            new_id, name, nish=nish, def_="8M", ar="6M", vit_max="20", wp="8M",
            healing="6M", weapons=parse_weapons("blaster 8M/10M")))
    return service


def relay(service: CampaignService) -> Adventure:
    return service.prep.import_markdown(SAMPLE).adventure


def test_an_adventure_is_written_part_by_part_and_undone_step_by_step(
        memory: CampaignService) -> None:
    service = memory
    service.prep.new("The Relay", "Quiet for nine days.")
    (adventure,) = service.prep.all()
    service.prep.add_scene(adventure.id, "Docks")
    service.prep.add_encounter(adventure.id, 1, "Ambush", "12", "The doors open.",
                               "The **Skrak** wait above.")
    pasted = service.prep.paste(adventure.id, 1, "3 x Skrak: Atk 15, Def 8, Dmg 20, AR 4, "
                                                 "Vit 12, Nish 9, hidden 3\nDrone: Akt 4")
    assert pasted.outcome is not None
    assert [(e.line, e.field) for e in pasted.errors] == [(2, "Akt")]
    skrak = next(t for t in service.npcs().values() if t.name == "Skrak")
    prepared = service.prep.get(adventure.id).find(1)[1]  # type: ignore[index]
    assert (prepared.map, prepared.boxed, prepared.foes[0].count, prepared.foes[0].hidden) == (
        "12", "The doors open.", 3, (3,))
    assert prepared.foes[0].template == skrak.id
    service.undo()  # the paste: the template and the foes together
    assert not service.npcs() and not service.prep.get(adventure.id).find(1)[1].foes  # type: ignore[index]
    service.undo()
    assert service.prep.get(adventure.id).find(1) is None
    service.redo()
    assert service.prep.get(adventure.id).find(1) is not None


def test_a_paste_of_only_bad_lines_saves_nothing(memory: CampaignService) -> None:
    service = memory
    service.prep.new("Relay")
    service.prep.add_scene(1, "Docks")
    service.prep.add_encounter(1, 1, "Ambush")
    before = service.opno
    pasted = service.prep.paste(1, 1, "Skrak: Atk 1x\n\n2 x Ghost")
    assert pasted.outcome is None and service.opno == before
    assert [(e.line, e.field) for e in pasted.errors] == [(1, "Atk"), (3, "name")]


def test_markdown_import_then_export_gives_the_same_file(memory: CampaignService) -> None:
    service = memory
    imported = service.prep.import_markdown(SAMPLE)
    assert service.prep.export_markdown(imported.adventure.id) == SAMPLE
    assert {t.name for t in service.npcs().values()} == {"Dock guard", "Skrak", "Hive warden",
                                                         "Skrak leader"}
    with pytest.raises(ActionRefused, match="there already"):
        service.prep.import_markdown(SAMPLE)
    edited = SAMPLE.replace("hidden 4\n", "hidden 3 4\n", 1)
    again = service.prep.import_markdown(edited, replace=True)
    assert again.adventure.id == imported.adventure.id
    assert len(service.prep.all()) == 1
    assert service.prep.get(1).find(2)[1].foes[0].hidden == (3, 4)  # type: ignore[index]
    before = service.opno
    with pytest.raises(ActionRefused, match="line 3"):
        service.prep.import_markdown("# Other\n## S\n### []\n")
    assert service.opno == before  # a bad file: nothing saved


def test_replacing_keeps_the_table_at_its_scene_among_scenes_of_one_name(
        memory: CampaignService) -> None:
    service = memory
    two_docks = "# Docks twice\n## Docks\n### A\n## Docks\n### B\n## Bay\n### C\n"
    adventure = service.prep.import_markdown(two_docks).adventure
    service.prep.set_table_scene(adventure.id, adventure.scenes[1].id)  # the second Docks
    again = service.prep.import_markdown(two_docks.replace("## Bay", "## The bay"),
                                         replace=True)
    assert again.adventure.at_scene == again.adventure.scenes[1].id
    assert "the table is still at Docks" in again.outcome.notices[0]
    gone = service.prep.import_markdown("# Docks twice\n## Docks\n### A\n", replace=True)
    assert gone.adventure.at_scene is None  # no second Docks: not moved to the first
    assert "the table was at Docks, which the file no longer has" in gone.outcome.notices[0]


def test_launching_a_prepared_encounter_is_one_undoable_action(memory: CampaignService) -> None:
    service = party(memory)
    adventure = relay(service)
    service.sessions.toggle()
    service.tracker.new_encounter("Old fight")
    service.prep.set_table_scene(adventure.id, 2)
    at = service.prep.at_table()
    assert at is not None and at[1].name == "The relay's core"
    length = len(service._store.history())
    service.prep.launch(adventure.id, 2)
    assert len(service._store.history()) == length + 1  # one entry in the undo log
    fight = service.running()
    assert fight.name == "Ambush at bay 4" and fight.source == (adventure.id, 2)
    assert [(c.name, c.hidden) for c in fight.combatants] == [
        ("Brice", False), ("Kess", False), ("Skrak 1", False), ("Skrak 2", False),
        ("Skrak 3", False), ("Skrak 4", True)]
    assert service.prep.get(adventure.id).find(2)[1].played == 1  # type: ignore[index]
    names = [row.name for row in service.players.picture().rows]
    assert "Skrak 4" not in names and "Skrak 3" in names  # the ambusher stays unseen
    service.undo()
    assert service.running().name == "Old fight"  # the old fight runs again
    assert service.prep.get(adventure.id).find(2)[1].played is None  # type: ignore[index]
    service.redo()
    assert service.running().name == "Ambush at bay 4"


def test_a_launch_ends_the_fight_running_as_the_gm_says_it_ended(
        memory: CampaignService) -> None:
    """A launch into the next fight is E into the next: the begun fight before it keeps how
    it ended and its Table 18 row, for the recap (issue 30)."""
    service = party(memory)
    adventure = relay(service)
    service.sessions.toggle()
    service.tracker.new_encounter("At the gate")
    old = service.tracker.join_party().encounter
    service.tracker.call_for_nish({c.id: 20 for c in old.combatants})
    assert service.tracker.asks_how_it_ended()
    service.prep.launch(adventure.id, 2, EndHow.FLED)
    ended = service.encounters()[old.id]
    assert not ended.active and ended.ending is not None
    assert ended.ending.how is EndHow.FLED and ended.ending.row is not None
    assert service.running().name == "Ambush at bay 4"
    assert [f.end for f in service.recap.session().fights][:1] == ["fled"]


def test_the_boxed_text_reaches_the_players_only_when_revealed(memory: CampaignService) -> None:
    service = party(memory)
    adventure = relay(service)
    service.prep.launch(adventure.id, 2)
    assert service.players.picture().read_aloud == ""
    service.prep.reveal()
    boxed = service.prep.get(adventure.id).find(2)[1].boxed  # type: ignore[index]
    assert service.running().read_aloud == boxed  # the fight keeps what was read
    # The players read it as a paragraph (the file's lines were wrapped by its editor).
    assert service.players.picture().read_aloud == boxed.replace("\n", " ")
    # the browser's page gets it in the same picture
    assert service.players.picture().to_dict()["read_aloud"] == boxed.replace("\n", " ")
    assert "GM" not in service.players.picture().read_aloud and "**" not in boxed
    service.prep.reveal()
    assert service.players.picture().read_aloud == ""
    service.tracker.new_encounter("Blank")
    with pytest.raises(ActionRefused, match="begun blank"):
        service.prep.reveal()


def test_a_template_in_a_prepared_encounter_is_not_deleted(memory: CampaignService) -> None:
    service = memory
    relay(service)
    skrak = next(t for t in service.npcs().values() if t.name == "Skrak")
    with pytest.raises(ActionRefused, match="Skrak is a foe in The Silent Relay"):
        service.roster.delete(skrak)


def test_each_encounter_is_forecast_and_the_mix_is_their_mean(memory: CampaignService) -> None:
    service = party(memory)
    adventure = relay(service)
    prepared = service.forecast.adventure_matchups(adventure.id)
    assert [p.name for p in prepared] == ["The docking ring", "Ambush at bay 4",
                                          "The signal room", "The brood tunnels",
                                          "The queen's chamber"]
    assert prepared[2].matchup is None and "no foes" in prepared[2].why_not
    assert [len(p.matchup.npcs) for p in prepared if p.matchup] == [2, 4, 4, 4]
    shares: list[float] = []
    result = service.forecast.adventure(prepared, 1000, 4, shares.append)
    assert shares and shares[-1] == pytest.approx(1.0) and shares == sorted(shares)
    assert result.mix is not None and result.mix.encounters == 4
    found = [f for _, f in result.forecasts if f is not None]
    assert math.isclose(sum(result.mix.outcomes.values()) + result.mix.undecided, 1.0)
    for row in OUTCOMES:
        assert result.mix.outcomes[row] == pytest.approx(
            sum(f.outcomes[row] for f in found) / len(found))


def test_a_what_if_changes_a_count_or_a_foes_values_and_saves_nothing(
        memory: CampaignService) -> None:
    service = party(memory)
    adventure = relay(service)
    before = service.opno
    _, ambush = service.prep.get(adventure.id).find(2)  # type: ignore[misc]
    skrak = service.npcs()[ambush.foes[0].template]
    fewer = ambush.with_changes(foes=(ambush.foes[0].__class__(skrak.id, 2),))
    assert len(service.forecast.prepared(adventure.id, 2, encounter=fewer).matchup.npcs) == 2  # type: ignore[union-attr]
    weaker = {skrak.id: skrak.with_changes(atk="6", dmg="6")}
    matchup = service.forecast.prepared(adventure.id, 2, templates=weaker).matchup
    assert matchup is not None and {n.atk for n in matchup.npcs} == {6}
    assert service.opno == before and service.npcs()[skrak.id].atk.text == "15"  # type: ignore[union-attr]


def test_an_older_campaign_opens_and_prepares(tmp_path: Path) -> None:
    # Made by the console before adventures (schema 10): no adventures.json at all.
    import shutil

    fixture = Path(__file__).parents[1] / "store" / "fixtures" / "campaign_v10"
    saves = tmp_path / "saves"
    shutil.copytree(fixture, saves)
    assert not (saves / "Demo" / "adventures.json").exists()
    with CampaignStore.open(saves, "Demo") as store:
        service = seeded(store)
        assert service.prep.all() == []
        relay(service)
    with CampaignStore.open(saves, "Demo", read_only=True) as store:
        assert [a.title for a in store.adventures()] == ["The Silent Relay"]


def test_the_campaigns_export_carries_its_adventures(tmp_path: Path) -> None:
    from console.store import export_campaign, import_campaign

    saves = tmp_path / "saves"
    with CampaignStore.create(saves, "Tide") as store:
        service = seeded(store)
        relay(service)
        service.prep.set_table_scene(1, 2)
        made = service.prep.all()
    exported = export_campaign(saves, "Tide", tmp_path / "tide.json")
    import_campaign(saves, exported, "Tide again")
    with CampaignStore.open(saves, "Tide again", read_only=True) as store:
        assert store.adventures() == made
        assert {t.name for t in store.npcs()} >= {"Skrak", "Hive warden"}


def test_a_template_a_paste_changes_is_said_to_change_where_else_he_is_used(
        memory: CampaignService) -> None:
    """Stat lines typed for one encounter changed the Skrak template, and so every other
    encounter listing him and the Skraks fighting now; the toast said "Skrak changed"."""
    service = memory
    service.prep.new("Relay")
    service.prep.add_scene(1, "Docks")
    service.prep.add_encounter(1, 1, "Ambush")
    service.prep.add_encounter(1, 1, "Bridge")
    service.prep.paste(1, 1, "2 x Skrak: Atk 15, Def 8, Dmg 20, AR 4, Vit 12, Nish 9")
    first = service.prep.paste(1, 2, "Skrak")  # Bridge lists him too, unchanged: nothing said
    assert first.outcome is not None and not first.outcome.alerts
    service.prep.new("Relay, the sequel")  # an encounter of the same name elsewhere
    service.prep.add_scene(2, "Docks again")
    service.prep.add_encounter(2, 1, "Ambush")
    service.prep.paste(2, 1, "Skrak")
    service.sessions.toggle()
    service.tracker.new_encounter("Dock fight")
    skrak = next(t for t in service.npcs().values() if t.name == "Skrak")
    service.roster.spawn(skrak, 2)
    changed = service.prep.paste(1, 1, "Skrak: Atk 12")
    assert changed.outcome is not None
    (said,) = changed.outcome.alerts
    assert said == ("Skrak's values changed in the roster, so also in: the fight running now "
                    "(Skrak 1, Skrak 2), Bridge, Ambush (ctrl+z takes it back)")
    assert said in changed.outcome.notices
