"""What an earlier console saved still opens (a review of issue 24's limits found it did
not), and opening writes nothing until the whole campaign is found good."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from console.model import NpcTemplate, PlayerCharacter
from console.service import CampaignService
from console.store import BadSaveFile, CampaignStore, check_campaign
from console.store.recovery import restore_backup

LONG = "Imperial Stormtrooper Sergeant (heavy weapons)"  # 46 characters: no limit before


def _as_version_7(root: Path, edit: dict[str, object]) -> None:
    """Every save file marked as version 7; ``edit`` maps a file to a function changing its
    tables as the earlier console could have written them."""
    for path in [*root.glob("*.json"), *root.glob("sessions/*/*.json")]:
        data = json.loads(path.read_text())
        data["_meta"]["1"]["schema"] = 7
        change = edit.get(path.relative_to(root).as_posix())
        if change is not None:
            change(data)  # type: ignore[operator]
        path.write_text(json.dumps(data))


def test_names_and_notes_an_earlier_console_saved_open_cleaned(tmp_path: Path) -> None:
    with CampaignStore.create(tmp_path, "Empire") as store:
        service = CampaignService(store)
        service.roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "Kess"))
        service.roster.add_npc(lambda new_id: NpcTemplate(new_id, "Trooper"))

    def pcs(data: dict) -> None:  # type: ignore[type-arg]
        data["pcs"]["1"]["name"] = "Kess\u200e"  # a bidi mark pasted with the name
        data["pcs"]["1"]["notes"] = "Owes Dha.\r\nHates hives."

    def npcs(data: dict) -> None:  # type: ignore[type-arg]
        data["npcs"]["1"]["name"] = LONG

    def log(data: dict) -> None:  # type: ignore[type-arg]
        data["log"]["1"]["description"] = "Add Kess\r\nthe pilot"

    root = tmp_path / "Empire"
    _as_version_7(root, {"pcs.json": pcs, "npcs.json": npcs,
                         "sessions/0000/session.json": log})
    assert check_campaign(tmp_path, "Empire").healthy
    with CampaignStore.open(tmp_path, "Empire") as store:
        (kess,) = store.pcs()
        assert kess.name == "Kess\\u200e" and kess.notes == "Owes Dha.\nHates hives."
        assert [npc.name for npc in store.npcs()] == [LONG]
        assert store.history()[0].description == "Add Kess\nthe pilot"
    assert check_campaign(tmp_path, "Empire").healthy


def test_opening_writes_nothing_until_the_campaign_is_found_whole(tmp_path: Path) -> None:
    with CampaignStore.create(tmp_path, "Empire") as store:
        CampaignService(store).roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "Kess"))
    root = tmp_path / "Empire"
    _as_version_7(root, {})
    (root / "sessions/0000/session.json").write_text('{"_meta": ')  # cut off
    before = {path: path.read_bytes() for path in root.glob("*.json")}
    with pytest.raises(BadSaveFile):
        CampaignStore.open(tmp_path, "Empire")
    # Still version 7 and as they were: an earlier console could open them again.
    assert {path: path.read_bytes() for path in root.glob("*.json")} == before


def test_a_backup_put_back_older_than_the_commit_record_is_brought_forward(
        tmp_path: Path) -> None:
    # The commit record holds whole documents: a file put back from an older backup is
    # brought to the last operation's result, never patched into something else.
    with CampaignStore.create(tmp_path, "Tide") as store:
        service = CampaignService(store)
        service.roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "Kess"))
        for abilities in (("Nish", "Def", "AR"), ("Nish",)):
            service.roster.save_pc(service.pcs()[1].with_changes(
                improved_this_mission=abilities))
    root = tmp_path / "Tide"
    oldest = sorted((root / "backups/pcs.json").iterdir())[0]
    restore_backup(tmp_path, "Tide", "pcs.json", oldest)
    assert check_campaign(tmp_path, "Tide").healthy
    with CampaignStore.open(tmp_path, "Tide") as store:
        assert store.pc(1) is not None
        assert store.pc(1).improved_this_mission == ("Nish",)


# ----- more of the review's findings -----------------------------------------------------


def test_a_writer_whose_campaign_folder_was_swapped_writes_nothing_waiting(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno
    import shutil

    import console.store.tree as tree_module
    from console.store import LockLost
    from tests.store.test_faults import FaultyOS

    with CampaignStore.create(tmp_path, "Demo") as store:
        CampaignService(store).roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "Kess"))
    first = CampaignStore.open(tmp_path, "Demo")
    refused = FaultyOS(lambda _n, name, args: name == "open"
                       and str(args[0]).startswith(".pcs.json"), errno.EACCES)
    monkeypatch.setattr(tree_module, "os", refused)
    first.apply("w", "w", [("pcs", 1, first.pc(1).with_changes(wounds=3).to_dict())])
    monkeypatch.setattr(tree_module, "os", __import__("os"))
    assert first.waiting == ["pcs.json"]
    # The folder is moved away and a copy put in its place; a second console opens it.
    (tmp_path / "Demo").rename(tmp_path / "Demo-old")
    shutil.copytree(tmp_path / "Demo-old", tmp_path / "Demo")
    with CampaignStore.open(tmp_path, "Demo") as second:
        second.apply("w", "w", [("pcs", 1, second.pc(1).with_changes(wounds=10).to_dict())])
    with pytest.raises(LockLost):
        first.apply("w", "w", [("pcs", 1, first.pc(1).with_changes(wounds=4).to_dict())])
    first.close()  # nor at close
    with CampaignStore.open(tmp_path, "Demo", read_only=True) as reader:
        assert reader.pc(1).wounds == 10


def test_a_start_that_fails_leaves_no_snapshot_and_says_nothing_of_it_later(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import console.store.tree as tree_module
    from console.store import SaveFailed
    from tests.store.test_faults import FaultyOS

    store = CampaignStore.create(tmp_path, "Tide")
    store.start_session()
    starts = tmp_path / "Tide/backups/session-starts"
    before = sorted(p.name for p in starts.iterdir())
    refused = FaultyOS(lambda _n, name, args: name == "mkdir" and str(args[0]) == "0002")
    monkeypatch.setattr(tree_module, "os", refused)
    with pytest.raises(SaveFailed, match="session 2 did not start"):
        store.start_session()
    monkeypatch.setattr(tree_module, "os", __import__("os"))
    assert store.take_warnings() == []
    assert sorted(p.name for p in starts.iterdir()) == before
    assert store.session().number == 1 and not store.session().running
    store.close()


def test_look_alikes_by_case_and_a_backup_name_not_ours(tmp_path: Path) -> None:
    from console.store.names import looks_like

    assert looks_like("KiII Team", ["Kill Team"]) == "Kill Team"  # capital i for l
    assert looks_like("Demos", ["Demo"]) is None
    with CampaignStore.create(tmp_path, "Tide") as store:
        CampaignService(store).roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "Kess"))
    odd = tmp_path / "Tide/backups/pcs.json/\u00b21.json"  # '²' is a digit to isdigit
    odd.write_text("{}")
    with CampaignStore.open(tmp_path, "Tide") as store:
        CampaignService(store).roster.save_pc(store.pc(1).with_changes(wounds=2))
        assert store.pc(1).wounds == 2


def test_the_newest_backup_is_the_one_holding_the_latest_operation_whatever_the_clock(
        tmp_path: Path) -> None:
    import os
    import time

    from console.store.backups import backup_candidates

    with CampaignStore.create(tmp_path, "Tide") as store:
        service = CampaignService(store)
        service.roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "Kess"))
        for wounds in (1, 2, 3):
            service.roster.save_pc(store.pc(1).with_changes(wounds=wounds))
            day_ago = time.time() - 86_400 * wounds  # the clock set back further each time
            os.utime(tmp_path / "Tide/pcs.json", (day_ago, day_ago))
    root = tmp_path / "Tide"
    newest = backup_candidates(root, root / "pcs.json")[0]
    assert json.loads(newest.read_text())["pcs"]["1"]["wounds"] == 2
