"""Schema version 7 (issue 25: vehicles and ships never die): a version-6 campaign opens,
reads as the current model and is upgraded by the writer; its vessels' new states are saved
and read back. The shared fixture of version 1 (test_migrations) walks the whole chain."""

from __future__ import annotations

import json
from pathlib import Path

from console.model import SCHEMA_VERSION, NpcTemplate, Status
from console.service import CampaignService
from console.store import CampaignStore, check_campaign
from tests.service.conftest import fight, seeded

NEW_COMBATANT_KEYS = ("template", "vessel_owed", "cascading", "cascade_round")
SKIMMER = NpcTemplate(7, "Pirate skimmer", atk="12", def_="10", dmg="10MV", ar="2", vit="30",
                      nish="12", body_type="V")
OURS = NpcTemplate(8, "Dha skimmer", ar="8M", vit="30", body_type="V")


def save_files(root: Path) -> list[Path]:
    """The campaign's save files (not its backups)."""
    return [path for path in root.rglob("*.json") if path.is_file()
            and "backups" not in path.relative_to(root).parts
            and "_meta" in json.loads(path.read_text())]


def as_version_6(root: Path) -> None:
    """What a version-6 console wrote: the same documents without the new fields."""
    for path in save_files(root):
        data = json.loads(path.read_text())
        data["_meta"]["1"]["schema"] = 6
        for encounter in data.get("encounters", {}).values():
            for combatant in encounter.get("combatants", []):
                for key in NEW_COMBATANT_KEYS:
                    combatant.pop(key, None)
        path.write_text(json.dumps(data))


def test_a_version_6_campaign_opens_and_is_upgraded(tmp_path: Path) -> None:
    assert SCHEMA_VERSION >= 7  # vessels came with 7; what is checked holds after it
    store = CampaignStore.create(tmp_path, "Dock")
    service = fight(seeded(store, SKIMMER))
    service.roster.spawn(SKIMMER, 1)
    store.close()
    root = tmp_path / "Dock"
    as_version_6(root)
    with CampaignStore.open(tmp_path, "Dock", read_only=True) as old:
        encounter = old.encounters()[0]
        skimmer = encounter.combatants[-1]
        assert skimmer.name == "Pirate skimmer 1" and skimmer.template is None
        assert skimmer.vessel_owed == () and not skimmer.cascading
    CampaignStore.open(tmp_path, "Dock").close()
    # The writer upgrades the campaign's own files; a session's, when it next writes it.
    for path in root.glob("*.json"):
        assert json.loads(path.read_text())["_meta"]["1"]["schema"] == SCHEMA_VERSION, path
    with CampaignStore.open(tmp_path, "Dock") as writer:
        service = CampaignService(writer)
        service.tracker.call_for_nish({1: 20, 2: 14})
    session = root / "sessions" / "0001" / "session.json"
    assert json.loads(session.read_text())["_meta"]["1"]["schema"] == SCHEMA_VERSION
    assert check_campaign(tmp_path, "Dock").healthy


def test_crippled_destroyed_and_the_party_vessel_are_saved(tmp_path: Path) -> None:
    store = CampaignStore.create(tmp_path, "Dock")
    service = fight(seeded(store, SKIMMER, OURS))
    service.roster.spawn(SKIMMER, 1)
    service.roster.join_party_vessel(OURS)
    service.tracker.call_for_nish({1: 20, 2: 14})
    encounter = service.encounter()
    assert encounter is not None
    pirate = next(c for c in encounter.combatants if c.name == "Pirate skimmer 1")
    ours = next(c for c in encounter.combatants if c.template == OURS.id)
    service.combat.change_wounds(pirate, -40, Status.CRIPPLED)
    service.combat.change_wounds(ours, -35)
    store.close()
    with CampaignStore.open(tmp_path, "Dock", read_only=True) as again:
        reread = CampaignService(again).encounter()
        assert reread is not None
        assert reread.combatant(pirate.id).status is Status.CRIPPLED  # type: ignore[union-attr]
        vessel = reread.combatant(ours.id)
        assert vessel is not None and vessel.template == OURS.id and len(vessel.vessel_owed) == 2
