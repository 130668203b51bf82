"""Export a whole campaign to one JSON file and import it back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from console.store import (
    BadCampaignName,
    BadExportFile,
    CampaignExists,
    CampaignStore,
    check_campaign,
    export_campaign,
    import_campaign,
)
from tests.store.helpers import make_npc, make_pc


@pytest.fixture
def exported(saves: Path, tmp_path: Path) -> Path:
    with CampaignStore.create(saves, "Tide", chunk_size=2) as store:
        store.apply("npc.add", "Add", [("npcs", 1, make_npc(1).to_dict())])
        for n in range(5):
            store.apply("w", f"w{n}", [("pcs", 1, make_pc(1, wounds=n).to_dict())])
        store.start_session()
        store.apply("w", "w9", [("pcs", 1, make_pc(1, wounds=9).to_dict())])
        store.undo()
        target = export_campaign(saves, "Tide", tmp_path / "tide.json")
    return target


def test_an_export_holds_every_file_and_imports_as_an_equal_campaign(
    saves: Path, exported: Path
) -> None:
    document = json.loads(exported.read_text())
    assert document["format"] == "metascape-gm-console/campaign-export"
    assert document["version"] == 1 and document["campaign"] == "Tide"
    assert "sessions/0000/log-0001.json" in document["files"]
    assert import_campaign(saves, exported, "Tide copy") == "Tide copy"
    with CampaignStore.open(saves, "Tide") as a, CampaignStore.open(saves, "Tide copy") as b:
        assert b.campaign().name == "Tide copy"
        assert (a.pcs(), a.npcs(), a.session()) == (b.pcs(), b.npcs(), b.session())
        assert a.history() == b.history() and b.can_redo
        b.redo()
        assert b.pc(1).wounds == 9 and a.pc(1).wounds == 4
    assert check_campaign(saves, "Tide copy").healthy


def test_import_never_overwrites_a_campaign(saves: Path, exported: Path) -> None:
    before = (saves / "Tide/pcs.json").read_bytes()
    with pytest.raises(CampaignExists, match="--as NAME"):
        import_campaign(saves, exported)
    assert (saves / "Tide/pcs.json").read_bytes() == before
    with pytest.raises(BadCampaignName):
        import_campaign(saves, exported, "../elsewhere")


def test_import_into_an_empty_saves_folder_keeps_the_name(exported: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    assert import_campaign(other, exported) == "Tide"
    assert check_campaign(other, "Tide").healthy


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (lambda d: "not json", "not a JSON file"),
        (lambda d: {**d, "format": "something else"}, "not a campaign export"),
        (lambda d: {**d, "schema": 99}, "newer console"),
        (lambda d: {**d, "files": {**d["files"], "../../etc/x.json": {"kind": "pcs"}}},
         "is not a campaign file"),
        (lambda d: {**d, "files": {k: v for k, v in d["files"].items() if k != "pcs.json"}},
         "has no pcs.json"),
        (lambda d: {**d, "files": {**d["files"], "pcs.json": {"kind": "pcs", "tables": {}}}},
         "not a MetaScape GM console save file"),
    ],
)
def test_a_bad_export_is_refused_and_nothing_is_created(
    saves: Path, exported: Path, spoil: object, message: str
) -> None:
    document = json.loads(exported.read_text())
    spoiled = spoil(document)  # type: ignore[operator]
    exported.write_text(spoiled if isinstance(spoiled, str) else json.dumps(spoiled))
    with pytest.raises(BadExportFile, match=message):
        import_campaign(saves, exported, "New")
    assert not (saves / "New").exists()
    assert sorted(p.name for p in saves.iterdir()) == ["Tide"]


@pytest.mark.parametrize("named", [None, 7, ["Tide"]])
def test_an_export_whose_campaign_name_is_not_text_is_refused(
        saves: Path, exported: Path, named: object) -> None:
    """A null name imported as a campaign called "None"."""
    document = json.loads(exported.read_text())
    exported.write_text(json.dumps({**document, "campaign": named}))
    with pytest.raises(BadExportFile, match="its campaign's name is not text"):
        import_campaign(saves, exported)
    assert sorted(p.name for p in saves.iterdir()) == ["Tide"]
    assert import_campaign(saves, exported, "Named") == "Named"  # --as gives it one
