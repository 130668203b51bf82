"""Schema version 11 (issue 31: Façade at the table): a version-10 campaign opens, reads as
the current model (no Façade fields: none, Dramatic Combat) and is upgraded by the writer;
a campaign holding Façade's sheets, hits, pools and actions saves and reads back; an older
console refuses it rather than failing on a field it does not know."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from console.model import SCHEMA_VERSION, Encounter, NpcTemplate, PlayerCharacter, Side
from console.model.facade_sheet import FacadeHealth, FacadeSheet, parse_weapons
from console.model.skills import parse_skills
from console.model.tracker import add_combatant
from console.rules.facade_combat.actions import TurnActions
from console.rules.facade_combat.damage import DamageType
from console.rules.facade_combat.health import Hit, Location
from console.store import CampaignStore, NewerSaveFile, check_campaign
from console.store.migrations import MIGRATIONS, migrate

SHEET = FacadeSheet({"Agility": 4}, parse_weapons("Broadsword 3D Swords str 4"))


def save_files(root: Path) -> list[Path]:
    return [path for path in root.rglob("*.json") if path.is_file()
            and "backups" not in path.relative_to(root).parts
            and "_meta" in json.loads(path.read_text())]


def mark(root: Path, version: int) -> None:
    for path in save_files(root):
        data = json.loads(path.read_text())
        data["_meta"]["1"]["schema"] = version
        path.write_text(json.dumps(data))


def test_a_version_11_campaign_opens_and_is_upgraded(tmp_path: Path) -> None:
    assert SCHEMA_VERSION >= 12 and MIGRATIONS[11] == {}
    with CampaignStore.create(tmp_path, "Keep") as store:
        encounter = add_combatant(Encounter(1, "Gate"), "Ulf", Side.NPC, recorded_nish=9,
                                  vit_max=10).encounter
        store.apply("setup", "setup", [
            ("pcs", 1, PlayerCharacter.new(1, "Kess", vit_max="20").to_dict()),
            ("npcs", 1, NpcTemplate(1, "Skrak", nish="10").to_dict()),
            ("encounters", 1, encounter.to_dict())])
    root = tmp_path / "Keep"
    mark(root, 11)  # what version 11 wrote: the same documents, no Façade fields in them
    with CampaignStore.open(tmp_path, "Keep", read_only=True) as old:
        (kess,) = old.pcs()
        assert kess.facade is None and kess.facade_health == FacadeHealth()
        assert not kess.skills and old.npcs()[0].facade is None
        assert old.encounters()[0].combatants[0].actions == TurnActions()
        assert old.campaign().facade_combat == "dramatic"
    CampaignStore.open(tmp_path, "Keep").close()
    for path in root.glob("*.json"):
        assert json.loads(path.read_text())["_meta"]["1"]["schema"] == SCHEMA_VERSION, path
    assert check_campaign(tmp_path, "Keep").healthy


def test_facade_documents_save_and_read_back_and_an_older_console_refuses_them(
        tmp_path: Path) -> None:
    richard = PlayerCharacter.new(1, "Richard", skills=parse_skills("Swords 4"), facade=SHEET,
                                  facade_health=FacadeHealth(
                                      (Hit(Location.TORSO, DamageType.C, 2),), {"Fatigue": 1}))
    thug = NpcTemplate(1, "Thug", skills=parse_skills("Knives 2"), facade=SHEET)
    encounter = add_combatant(Encounter(1, "Alley", lowest_first=True), "Thug 1", Side.NPC,
                              ref=1, recorded_nish=9).encounter
    combatant = encounter.combatants[0].with_changes(
        actions=TurnActions(active=1), facade_health=FacadeHealth(
            (Hit(Location.HEAD, DamageType.B, 1),)))
    encounter = encounter.with_changes(combatants=(combatant,))
    with CampaignStore.create(tmp_path, "Alley") as store:
        store.apply("setup", "setup", [("pcs", 1, richard.to_dict()),
                                       ("npcs", 1, thug.to_dict()),
                                       ("encounters", 1, encounter.to_dict())])
    with CampaignStore.open(tmp_path, "Alley", read_only=True) as store:
        assert store.pcs() == [richard] and store.npcs() == [thug]
        assert store.encounters()[0] == encounter
    assert check_campaign(tmp_path, "Alley").healthy
    # A version-10 console reading it: the file is from a newer console, never touched.
    pcs = json.loads((tmp_path / "Alley" / "pcs.json").read_text())
    with pytest.raises(ValueError, match="migrate down"):
        migrate("pcs", pcs, SCHEMA_VERSION, target=10)
    mark(tmp_path / "Alley", SCHEMA_VERSION + 1)
    with pytest.raises(NewerSaveFile):
        CampaignStore.open(tmp_path, "Alley", read_only=True)
