"""Real files: what survives a restart, crash roll-forward, backups, read-only opening."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from console.store import CampaignStore, ReadOnlyStore, SaveFailed, StoreError
from console.store.backups import backup_candidates
from console.store.tree import CampaignTree
from tests.store.helpers import make_npc, make_pc


def wounds(store: CampaignStore) -> int:
    pc = store.pc(1)
    assert pc is not None
    return pc.wounds


def test_undo_and_redo_survive_a_restart(saves: Path) -> None:
    with CampaignStore.create(saves, "Tide", chunk_size=4) as store:
        store.apply("pc.add", "Add", [("pcs", 1, make_pc(1).to_dict())])
        for n in range(1, 11):
            store.apply("w", f"w{n}", [("pcs", 1, make_pc(1, wounds=n).to_dict())])
        for _ in range(3):
            store.undo()
    with CampaignStore.open(saves, "Tide") as store:
        assert wounds(store) == 7 and store.head == 8 and store.history_length == 11
        store.redo()
        assert wounds(store) == 8
        for _ in range(8):
            store.undo()
        assert wounds(store) == 0
    with CampaignStore.open(saves, "Tide") as store:
        assert wounds(store) == 0 and store.can_redo
        for _ in range(10):
            store.redo()
        assert wounds(store) == 10 and not store.can_redo
        assert [e.description for e in store.history()][-1] == "w10"


def test_the_session_file_stays_small_however_long_the_session(saves: Path) -> None:
    with CampaignStore.create(saves, "Tide", chunk_size=10) as store:
        store.apply("pc.add", "Add", [("pcs", 1, make_pc(1).to_dict())])
        sizes = []
        for n in range(1, 61):
            store.apply("w", f"w{n}", [("pcs", 1, make_pc(1, wounds=n).to_dict())])
            sizes.append((saves / "Tide/sessions/0000/session.json").stat().st_size)
    assert max(sizes[30:]) <= max(sizes[:15]) * 1.1
    assert sorted(p.name for p in (saves / "Tide/sessions/0000").iterdir()) == [
        "log-0001.json", "log-0002.json", "log-0003.json", "log-0004.json", "log-0005.json",
        "log-0006.json", "session.json",
    ]


def test_an_operation_cut_off_after_its_commit_is_finished_on_open(saves: Path) -> None:
    """Simulate a crash after session.json was written but before pcs.json: put back the
    previous pcs.json (kept by the backup rotation) and reopen."""
    with CampaignStore.create(saves, "Tide") as store:
        store.apply("pc.add", "Add", [("pcs", 1, make_pc(1).to_dict())])
        store.apply("w", "w", [("pcs", 1, make_pc(1, wounds=5).to_dict())])
    pcs = saves / "Tide/pcs.json"
    previous = backup_candidates(saves / "Tide", pcs)[0]
    assert json.loads(previous.read_text())["pcs"]["1"]["wounds"] == 0
    os.replace(previous, pcs)
    with CampaignStore.open(saves, "Tide", read_only=True) as viewer:
        assert wounds(viewer) == 5  # finished in memory only
    assert json.loads(pcs.read_text())["pcs"]["1"]["wounds"] == 0
    with CampaignStore.open(saves, "Tide") as store:
        assert wounds(store) == 5
    assert json.loads(pcs.read_text())["pcs"]["1"]["wounds"] == 5


def test_the_last_n_versions_of_each_file_are_kept(saves: Path) -> None:
    with CampaignStore.create(saves, "Tide", keep_backups=4) as store:
        for n in range(1, 10):
            store.apply("w", f"w{n}", [("pcs", 1, make_pc(1, wounds=n).to_dict())])
    backups = backup_candidates(saves / "Tide", saves / "Tide/pcs.json")
    assert len(backups) == 4
    kept = [json.loads(p.read_text())["pcs"]["1"]["wounds"] for p in backups]
    assert kept == [8, 7, 6, 5]  # newest first; each is an earlier version of the file


def _versions(saves: Path) -> list[int | None]:
    """The wounds of PC 1 in each old version of pcs.json, newest first (None: no PC 1)."""
    found = backup_candidates(saves / "Tide", saves / "Tide/pcs.json")
    return [json.loads(p.read_text())["pcs"].get("1", {}).get("wounds") for p in found]


def test_old_versions_go_after_the_action_not_in_it(saves: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The version past the number kept is removed by tidy (the console runs it after the
    action's frame), not by the action; one that cannot be removed is said once, stays,
    and goes at the next tidy; a console that lost its lock removes nothing."""
    store = CampaignStore.create(saves, "Tide", keep_backups=2)
    for n in range(1, 5):
        store.apply("w", f"w{n}", [("pcs", 1, make_pc(1, wounds=n).to_dict())])
    assert _versions(saves) == [3, 2, 1, None]  # the action kept its version, removed none
    store.tidy()
    assert _versions(saves) == [3, 2]

    real_unlink = os.unlink

    def refused(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "unlink", refused)
    for n in (5, 6):
        store.apply("w", f"w{n}", [("pcs", 1, make_pc(1, wounds=n).to_dict())])
        store.tidy()
    assert _versions(saves) == [5, 4, 3, 2]  # nothing removed, and the GM is told, once
    store.apply("w", "w7", [("pcs", 1, make_pc(1, wounds=7).to_dict())])
    said = [w for w in store.take_warnings() if "old backups" in w]
    assert said == ["old backups could not be removed (Permission denied); the campaign is "
                    "saved, with more old versions than kept"]
    monkeypatch.setattr(os, "unlink", real_unlink)
    store.tidy()
    assert _versions(saves) == [6, 5]

    store.apply("w", "w8", [("pcs", 1, make_pc(1, wounds=8).to_dict())])
    (saves / "Tide/lock").unlink()  # the lock taken from outside: this console is no writer
    store.tidy()
    assert _versions(saves) == [7, 6, 5]
    store.close()
    assert _versions(saves) == [7, 6, 5]

    with CampaignStore.open(saves, "Tide", keep_backups=2) as again:
        again.apply("w", "w9", [("pcs", 1, make_pc(1, wounds=9).to_dict())])
    assert _versions(saves) == [8, 7]  # close tidies; the list read from the folder


def test_every_session_start_snapshots_every_file(saves: Path) -> None:
    with CampaignStore.create(saves, "Tide") as store:
        store.apply("npc.add", "Add", [("npcs", 1, make_npc(1).to_dict())])
        store.start_session()
        store.apply("npc.del", "Delete", [("npcs", 1, None)])
        store.start_session()
    starts = sorted((saves / "Tide/backups/session-starts").iterdir())
    assert [p.name.split("-", 1)[1] for p in starts] == ["session-0001", "session-0002"]
    first = {p.name for p in starts[0].iterdir()}
    assert {"campaign.json", "pcs.json", "npcs.json", "sessions__0000__session.json"} <= first
    npcs = json.loads((starts[1] / "npcs.json").read_text())["npcs"]
    assert npcs == {}  # the snapshot holds the files as they were at that start
    assert "1" in json.loads((starts[0] / "npcs.json").read_text())["npcs"]


def test_read_only_never_writes_and_refuses_changes(saves: Path) -> None:
    with CampaignStore.create(saves, "Tide") as store:
        store.apply("pc.add", "Add", [("pcs", 1, make_pc(1).to_dict())])
    before = {p: p.stat().st_mtime_ns for p in (saves / "Tide").rglob("*") if p.is_file()}
    with CampaignStore.open(saves, "Tide", read_only=True) as viewer:
        assert viewer.pcs() == [make_pc(1)]
        with pytest.raises(ReadOnlyStore, match="read-only"):
            viewer.apply("w", "w", [("pcs", 1, make_pc(1, wounds=2).to_dict())])
        with pytest.raises(ReadOnlyStore):
            viewer.undo()
        with pytest.raises(ReadOnlyStore):
            viewer.start_session()
    after = {p: p.stat().st_mtime_ns for p in (saves / "Tide").rglob("*") if p.is_file()}
    assert after == before


def test_a_failed_write_is_not_acknowledged_and_leaves_files_as_they_were(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import console.store.atomic_storage as atomic

    with CampaignStore.create(saves, "Tide") as store:
        store.apply("pc.add", "Add", [("pcs", 1, make_pc(1).to_dict())])
        session_file = saves / "Tide/sessions/0000/session.json"
        old = session_file.read_bytes()
        real_write = os.write

        def disk_full(fd: int, data: bytes) -> int:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(atomic.os, "write", disk_full)
        # Not a bug but a refusal, in words the GM can act on.
        with pytest.raises(SaveFailed, match=r"could not write sessions/0000/session.json "
                           r"\(No space left on device\): the action was not applied"):
            store.apply("w", "w", [("pcs", 1, make_pc(1, wounds=9).to_dict())])
        monkeypatch.setattr(atomic.os, "write", real_write)
        assert session_file.read_bytes() == old
        assert not list(session_file.parent.glob(".*.tmp"))
        assert wounds(store) == 0 and store.history_length == 1  # memory matches the disk
        store.apply("w", "w", [("pcs", 1, make_pc(1, wounds=4).to_dict())])
    with CampaignStore.open(saves, "Tide") as store:
        assert wounds(store) == 4


def test_creating_an_existing_campaign_or_opening_a_missing_one_is_refused(saves: Path) -> None:
    CampaignStore.create(saves, "Tide").close()
    with pytest.raises(StoreError, match="already exists"):
        CampaignStore.create(saves, "Tide")
    with pytest.raises(StoreError, match="no campaign 'Gone'"):
        CampaignStore.open(saves, "Gone")
    with pytest.raises(StoreError, match="path separators"):
        CampaignStore.create(saves, "a/b")
    with pytest.raises(StoreError, match=r"'\.\.'"):
        CampaignStore.create(saves, "..")


def test_the_writer_clears_temporary_files_left_by_a_crash(saves: Path) -> None:
    CampaignStore.create(saves, "Tide").close()
    leftovers = [saves / "Tide/.pcs.json.99999.tmp", saves / "Tide/sessions/0000/.x.1.tmp"]
    for path in leftovers:
        path.write_bytes(b'{"half')
    with CampaignStore.open(saves, "Tide", read_only=True):
        assert all(path.exists() for path in leftovers)  # a viewer never deletes
    with CampaignStore.open(saves, "Tide"):
        assert not any(path.exists() for path in leftovers)


def test_a_backup_is_a_name_of_the_old_version_nothing_later_reaches(saves: Path) -> None:
    with CampaignStore.create(saves, "Tide", keep_backups=4) as store:
        for n in range(1, 4):
            store.apply("w", f"w{n}", [("pcs", 1, make_pc(1, wounds=n).to_dict())])
        live = saves / "Tide/pcs.json"
        newest = backup_candidates(saves / "Tide", live)[0]
        assert newest.stat().st_ino != live.stat().st_ino  # the live file was replaced
        assert newest.stat().st_nlink == 1  # the backup alone names the old version
        with live.open("r+b") as file:  # an editor saving in place into the live file
            file.write(b" " * 10)
        assert json.loads(newest.read_text())["pcs"]["1"]["wounds"] == 2


def test_no_backup_is_kept_of_a_link_planted_in_place_of_a_file(saves: Path) -> None:
    with CampaignStore.create(saves, "Tide") as store:
        tree = CampaignTree(saves / "Tide")
        (saves / "elsewhere.json").write_text("{}")
        (saves / "Tide/pcs.json").unlink()
        (saves / "Tide/pcs.json").symlink_to(saves / "elsewhere.json")
        assert not tree.keep_version("pcs.json", "backups/pcs.json/1.json")
        assert not (saves / "Tide/backups/pcs.json/1.json").exists()
        (saves / "Tide/pcs.json").unlink()
        store.apply("w", "w", [("pcs", 1, make_pc(1).to_dict())])  # writes it anew


def test_a_reader_racing_a_writer_reads_again_not_damaged(
        saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only opening whose check meets files a moment newer than what it loaded (a
    writer committed in between: a chunk sealed, a session file renamed as its folder was
    listed) reads again; a check that fails with no commit in between is damage."""
    import console.store.campaign_store as store_module

    writer = CampaignStore.create(saves, "Tide")
    writer.apply("w", "w1", [("pcs", 1, make_pc(1, wounds=1).to_dict())])
    real = store_module.verify_campaign
    calls: list[int] = []

    def racing(*args: object, **kwargs: object) -> list[object]:
        calls.append(1)
        if len(calls) == 1:  # the writer commits while the reader checks
            writer.apply("w", "w2", [("pcs", 1, make_pc(1, wounds=2).to_dict())])
            return [store_module.MissingSaveFile(saves / "Tide/sessions/0000/session.json",
                                                 "the campaign has no sessions")]
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(store_module, "verify_campaign", racing)
    with CampaignStore.open(saves, "Tide", read_only=True) as reader:
        assert reader.pc(1).wounds == 2  # read again, whole
    assert len(calls) == 2

    calls.clear()
    monkeypatch.setattr(store_module, "verify_campaign", lambda *a, **k: [
        store_module.MissingSaveFile(saves / "Tide/pcs.json", "the file is missing")])
    with pytest.raises(store_module.DamagedCampaign, match="the file is missing"):
        CampaignStore.open(saves, "Tide", read_only=True)  # nothing moved: it is damage
    writer.close()
