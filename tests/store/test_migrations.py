"""Schema migrations, from a realistic version-1 campaign (tests/store/fixtures/campaign_v1)."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from console.model import SCHEMA_VERSION, Allowance, BodyType, Weapon
from console.store import CampaignStore, InvalidSaveFile, check_campaign
from console.store.backups import backup_candidates
from console.store.migrations import MIGRATIONS, MigrationError, migrate

FIXTURE = Path(__file__).parent / "fixtures" / "campaign_v1"


@pytest.fixture
def v1_saves(tmp_path: Path) -> Path:
    saves = tmp_path / "saves"
    shutil.copytree(FIXTURE, saves)
    return saves


def hashes(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*.json"))}


def test_the_fixture_really_is_version_1() -> None:
    for path in FIXTURE.rglob("*.json"):
        assert json.loads(path.read_text())["_meta"]["1"]["schema"] == 1
    assert sorted(MIGRATIONS) == list(range(1, SCHEMA_VERSION))  # a step for every version


def test_a_version_1_campaign_reads_as_the_current_model(v1_saves: Path) -> None:
    before = hashes(v1_saves)
    with CampaignStore.open(v1_saves, "Iron Reach", read_only=True) as store:
        vask, ora, dax = store.pcs()
        assert vask.weapons == (Weapon("needler", "8M", "10L"),) and vask.wounds == 7
        assert vask.allowance == Allowance(750, 110) and vask.allowance.amount(2) == 970
        assert ora.weapons == () and ora.allowance == Allowance(600, 0)
        assert dax.weapons == (Weapon("stunner", "8L", "6M", "borrowed"),)
        assert dax.allowance == Allowance(0, 0)
        thug, skiff, drone = store.npcs()
        assert skiff.body_type is BodyType.V and skiff.tags == ("vehicle", "pirate")
        assert thug.tags == ("human", "melee") and drone.tags == ()
        assert skiff.dmg is not None and skiff.dmg.value == 320
        assert store.session().number == 1 and store.encounter(1).round == 1
        assert [e.description for e in store.history()][-2:] == [
            "Vask takes 7 wounds", "Dax-7 swaps to a stunner"]
    assert hashes(v1_saves) == before  # read-only: nothing written


def test_the_writer_upgrades_the_files_and_keeps_the_old_versions(v1_saves: Path) -> None:
    root = v1_saves / "Iron Reach"
    original = (root / "pcs.json").read_bytes()
    CampaignStore.open(v1_saves, "Iron Reach").close()
    for path in root.glob("*.json"):
        assert json.loads(path.read_text())["_meta"]["1"]["schema"] == SCHEMA_VERSION
    assert [p.read_bytes() for p in backup_candidates(root, root / "pcs.json")] == [original]
    assert check_campaign(v1_saves, "Iron Reach").healthy


def test_undoing_an_action_logged_before_the_upgrade_writes_current_documents(
    v1_saves: Path,
) -> None:
    with CampaignStore.open(v1_saves, "Iron Reach") as store:
        swap = store.undo()  # logged as a partial change of the v1 field "weapon"
        assert swap is not None and swap.changes[0].partial
        dax = store.pc(3)
        assert dax is not None and dax.weapons == (Weapon("vibro-axe", "10M", "8H", "two-handed"),)
        undone = store.undo()
        assert undone is not None and undone.description == "Vask takes 7 wounds"
        vask = store.pc(1)
        assert vask is not None and vask.wounds == 0 and vask.weapons[0].name == "needler"
        store.undo()
        assert store.encounter(1).round == 0
    with CampaignStore.open(v1_saves, "Iron Reach") as store:
        assert store.pc(1).wounds == 0 and store.can_redo
        for _ in range(3):
            store.redo()
        assert store.pc(1).wounds == 7 and store.pc(3).weapons[0].name == "stunner"
    assert check_campaign(v1_saves, "Iron Reach").healthy


def test_an_old_file_the_migration_cannot_read_is_refused_untouched(v1_saves: Path) -> None:
    pcs = v1_saves / "Iron Reach" / "pcs.json"
    data = json.loads(pcs.read_text())
    data["pcs"]["2"]["allowance"] = "lots"
    pcs.write_text(json.dumps(data))
    before = pcs.read_bytes()
    with pytest.raises(InvalidSaveFile, match="cannot upgrade from version 1: PC Ora Lenn"):
        CampaignStore.open(v1_saves, "Iron Reach")
    assert pcs.read_bytes() == before


def test_migrate_walks_the_registry_and_refuses_what_it_cannot_do() -> None:
    tables = {"_meta": {"1": {"schema": 1}}, "npcs": {"1": {"type": "S", "tags": "a,b"}}}
    result = migrate("npcs", tables, 1)
    assert result["npcs"]["1"] == {"body_type": "S", "tags": ["a", "b"]}
    assert result["_meta"]["1"]["schema"] == SCHEMA_VERSION
    assert tables["npcs"]["1"] == {"type": "S", "tags": "a,b"}  # the input is not changed
    with pytest.raises(MigrationError, match="no migration from schema version 0"):
        migrate("npcs", tables, 0)
    with pytest.raises(MigrationError, match="cannot migrate down"):
        migrate("npcs", tables, SCHEMA_VERSION + 1)


def test_version_3_rounds_in_progress_learn_who_has_acted() -> None:
    # Version 3 kept only the turn in progress; version 4 also who has had his turn, read
    # off the order as version 3 saw it, so an upgrade mid-round neither replays nor skips.
    def combatant(key: int, name: str, nish: int) -> dict[str, object]:
        return {"id": key, "name": name, "side": "npc", "nish": nish, "recorded_nish": nish}

    encounter = {"id": 1, "name": "Dock", "round": 2, "current": "c3", "mode": "individual",
                 "combatants": [combatant(1, "Brice", 20), combatant(2, "Kess", 5),
                                combatant(3, "Skrak", 9)]}
    over = {**encounter, "id": 2, "current": "end"}
    tables = {"encounters": {"1": encounter, "2": over, "3": {"current": "c1"}}}
    migrated = migrate("session", tables, 3, 4)["encounters"]
    assert migrated["1"]["acted"] == [1]  # Brice (20) acted before Skrak (9)
    assert migrated["2"]["acted"] == [1, 3, 2]  # the round was over
    assert migrated["3"] == {"current": "c1"}  # an undo image without its round: untouched


# ----- version 8: a campaign made by the console before the table's settings (issue 28) ---

V8_FIXTURE = Path(__file__).parent / "fixtures" / "campaign_v8"


def test_a_version_8_campaign_opens_with_the_table_as_it_was(tmp_path: Path) -> None:
    # `gm-console demo` as version 8 made it: a party, templates, a fight in its round 1.
    saves = tmp_path / "saves"
    shutil.copytree(V8_FIXTURE, saves)
    for path in saves.rglob("*.json"):
        assert json.loads(path.read_text())["_meta"]["1"]["schema"] == 8
    from console.model.table_settings import PlayersSettings, TurnTimer
    from console.service import CampaignService

    with CampaignStore.open(saves, "Demo", read_only=True) as store:
        campaign = store.campaign()
        assert campaign.players == PlayersSettings() and campaign.turn_timer == TurnTimer()
        (fight,) = [e for e in store.encounters() if e.active]
        assert fight.round == 1 and fight.turn_since is None
        assert all(c.foe is None and not c.named for c in fight.combatants)
        picture = CampaignService(store).players.picture()
        npcs = [row.name for row in picture.rows if not row.is_pc]
        assert npcs and not any(name.startswith("Foe") for name in npcs)  # names, as before
        assert picture.turn_since is None  # no start kept: no timer until the next turn
    with CampaignStore.open(saves, "Demo") as store:
        gm = CampaignService(store)
        moved = gm.tracker.next_turn()
        assert moved.encounter.turn_since is not None
        assert all(c.foe is None for c in moved.encounter.combatants)  # names: no numbers
        gm.undo()  # the turn just taken: back to no start kept
        assert gm.encounter() is not None and gm.encounter().turn_since is None
        undone = gm.undo()  # an action version 8 logged
        assert undone.notices[0].startswith("Undo: ")
    for path in (saves / "Demo").glob("*.json"):
        assert json.loads(path.read_text())["_meta"]["1"]["schema"] == SCHEMA_VERSION
    assert check_campaign(saves, "Demo").healthy


# ----- version 10: a campaign made before a fight kept its facts (issue 30), before
# Façade's sheets (issue 31) and before prepared adventures (issue 29) -------------------------

V10_FIXTURE = Path(__file__).parent / "fixtures" / "campaign_v10"


def test_a_version_10_campaign_opens_and_its_fights_are_told_as_far_as_they_can_be(
        tmp_path: Path) -> None:
    # `gm-console demo` as version 10 made it, then a turn, a Skrak wounded and killed, the
    # fight ended (how was not asked then) and a second one begun, never called.
    saves = tmp_path / "saves"
    shutil.copytree(V10_FIXTURE, saves)
    for path in saves.rglob("*.json"):
        assert json.loads(path.read_text())["_meta"]["1"]["schema"] == 10
    from console.model.fight_end import EndHow
    from console.service import CampaignService

    with CampaignStore.open(saves, "Demo", read_only=True) as store:
        assert all(not entry.events for entry in store.history())
        ambush, second = sorted(store.encounters(), key=lambda e: e.id)
        assert second.active and second.round == 0
        assert ambush.ending is None and ambush.forecast is None and not ambush.active
        assert not any(c.was_down for c in ambush.combatants)
        service = CampaignService(store)
        recap = service.recap.session()
        told = recap.fights[0]
        assert told.name == "Ambush at the docks" and told.end is None and told.rounds == ()
        calibration = service.recap.calibration()
        assert (calibration.fights, calibration.not_counted) == (0, 1)
    with CampaignStore.open(saves, "Demo") as store:
        gm = CampaignService(store)
        fight = gm.tracker.join_party().encounter
        gm.tracker.call_for_nish({c.id: 20 for c in fight.combatants if c.is_pc})
        gm.tracker.end_encounter(EndHow.OTHER)
        assert gm.recap.calibration().fights == 1
        assert [f.end for f in gm.recap.session().fights] == [None, "other"]
    for path in (saves / "Demo").glob("*.json"):
        assert json.loads(path.read_text())["_meta"]["1"]["schema"] == SCHEMA_VERSION
    assert check_campaign(saves, "Demo").healthy


def test_a_version_10_campaign_opens_with_no_adventures_and_gains_their_file(
        tmp_path: Path) -> None:
    # `gm-console demo` as version 10 made it: no adventures.json at all.
    saves = tmp_path / "saves"
    shutil.copytree(V10_FIXTURE, saves)
    root = saves / "Demo"
    assert not (root / "adventures.json").exists()
    assert json.loads((root / "campaign.json").read_text())["_meta"]["1"]["schema"] == 10
    assert check_campaign(saves, "Demo").healthy  # not damage: it is older than the file
    with CampaignStore.open(saves, "Demo", read_only=True) as store:  # the players' view
        assert store.adventures() == []
        assert store.encounters()  # the fight reads as it was
    assert not (root / "adventures.json").exists()  # a reader writes nothing
    from console.model import Adventure
    from console.service import CampaignService

    with CampaignStore.open(saves, "Demo") as store:
        assert (root / "adventures.json").exists()  # the writer writes it, with the rest
        service = CampaignService(store)
        service.prep.new("Relay")
        (adventure,) = service.prep.all()
        assert isinstance(adventure, Adventure)
        service.undo()
        assert service.prep.all() == []
        service.undo()  # an action version 10 logged still undoes
    for path in root.glob("*.json"):
        assert json.loads(path.read_text())["_meta"]["1"]["schema"] == SCHEMA_VERSION
    assert check_campaign(saves, "Demo").healthy
    # From version 11 on, the file missing is damage like any other.
    (root / "adventures.json").unlink()
    report = check_campaign(saves, "Demo")
    assert [p.path.name for p in report.problems] == ["adventures.json"]
    assert "missing" in str(report.problems[0])


def test_a_version_10_export_imports_with_no_adventures(tmp_path: Path) -> None:
    from console.store import export_campaign, import_campaign

    saves = tmp_path / "saves"
    shutil.copytree(V10_FIXTURE, saves)
    exported = tmp_path / "demo.json"
    export_campaign(saves, "Demo", exported)
    document = json.loads(exported.read_text())
    del document["files"]["adventures.json"]  # as a version 10 console exported it
    document["schema"] = 10
    for entry in document["files"].values():
        entry["tables"]["_meta"]["1"]["schema"] = 10
    exported.write_text(json.dumps(document))
    assert import_campaign(saves, exported, "Again") == "Again"
    with CampaignStore.open(saves, "Again") as store:
        assert store.adventures() == []
    assert check_campaign(saves, "Again").healthy


# ----- version 14: a PC's pronoun (issue 27) -----------------------------------------------


def test_version_13_pcs_get_they_and_undo_images_keep_what_they_held() -> None:
    sheet = {"id": 1, "name": "Kess", "player_rank": 0, "ap_total": 120, "unused_ap": 20,
             "rank": 1}
    image = {"ap_total": 140, "unused_ap": 40}  # an award's "after" in an undo log
    tables = {"pcs": {"1": dict(sheet)},
              "log": {"1": {"changes": [{"table": "pcs", "before": dict(sheet),
                                         "after": dict(image)}]}}}
    moved = migrate("pcs", tables, 13, 14)
    assert moved["pcs"]["1"]["pronoun"] == "they"
    change = moved["log"]["1"]["changes"][0]
    assert change["before"]["pronoun"] == "they" and "pronoun" not in change["after"]
    assert "pronoun" not in tables["pcs"]["1"]  # on a copy
    kept = migrate("pcs", {"pcs": {"1": {**sheet, "pronoun": "she"}}}, 13, 14)
    assert kept["pcs"]["1"]["pronoun"] == "she"
