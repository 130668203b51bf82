"""The reproductions of issue 12, each as it was reported: links planted to make the console
write outside the saves folder, files gone or put back, parser limits, OS errors, names."""

from __future__ import annotations

import errno
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from console.cli import main
from console.store import (
    BadExportFile,
    BadSaveFile,
    CampaignExists,
    CampaignStore,
    GarbledSaveFile,
    StoreError,
    check_campaign,
    export_campaign,
    import_campaign,
    restore_backup,
)
from console.store.tree import CampaignTree
from tests.store.helpers import make_pc


@pytest.fixture
def tide(saves: Path) -> Path:
    """Three sessions of work, log chunks sealed in each (chunk size 3)."""
    with CampaignStore.create(saves, "Tide", chunk_size=3) as store:
        for session in range(3):
            store.start_session()
            for n in range(7):
                store.apply("w", f"w{n}", [("pcs", 1, make_pc(1, wounds=n + session).to_dict())])
    return saves / "Tide"


# ----- writes outside the saves folder -----------------------------------------------------


def test_a_backup_folder_linked_to_the_users_documents_is_never_written(
        tide: Path, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "thesis.json").write_text("years of work")
    folder = tide / "backups" / "campaign.json"
    if folder.exists():
        for old in folder.iterdir():
            old.unlink()
        folder.rmdir()
    folder.symlink_to(docs)
    with pytest.raises(BadSaveFile, match="is a symbolic link"):
        CampaignStore.open(tide.parent, "Tide")
    assert [p.name for p in docs.iterdir()] == ["thesis.json"]
    assert (docs / "thesis.json").read_text() == "years of work"


def test_a_link_planted_while_the_console_runs_is_refused_not_followed(
        tide: Path, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "mine.json").write_text("mine")
    with CampaignStore.open(tide.parent, "Tide") as store:
        CampaignTree(tide).rmtree("backups/pcs.json")
        (tide / "backups" / "pcs.json").symlink_to(docs)
        # The backup is refused, not followed; the action itself is saved, and said so.
        store.apply("w", "w", [("pcs", 1, make_pc(1, wounds=30).to_dict())])
        warnings = store.take_warnings()
        assert len(warnings) == 1 and "no backup of pcs.json" in warnings[0]
        assert "symbolic link" in warnings[0]
        assert store.pc(1).wounds == 30
    assert [p.name for p in docs.iterdir()] == ["mine.json"]
    assert json.loads((tide / "pcs.json").read_text())["pcs"]["1"]["wounds"] == 30


def test_a_planted_staging_link_receives_nothing(saves: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.mkdir()
    saves.mkdir(parents=True)
    (saves / f".S.incoming-{os.getpid()}").symlink_to(victim)
    (saves / ".S.incoming-999999999").symlink_to(victim)  # a "dead" importer's name
    CampaignStore.create(saves, "S").close()
    assert list(victim.iterdir()) == []
    assert (saves / "S" / "campaign.json").is_file()
    assert not (saves / ".S.incoming-999999999").exists()  # cleaned: the link itself


def test_export_writes_a_new_regular_file_only(tide: Path, tmp_path: Path) -> None:
    saves = tide.parent
    with pytest.raises(StoreError, match="inside the saves folder"):
        export_campaign(saves, "Tide", tide / "pcs.json", replace=True)
    with pytest.raises(StoreError, match="not a regular file"):
        export_campaign(saves, "Tide", Path("/dev/null"), replace=True)
    assert Path("/dev/null").is_char_device()
    target = tmp_path / "tide.json"
    export_campaign(saves, "Tide", target)
    with pytest.raises(StoreError, match="already exists: add --force"):
        export_campaign(saves, "Tide", target)
    export_campaign(saves, "Tide", target, replace=True)
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "elsewhere.json")
    with pytest.raises(StoreError, match="symbolic link"):
        export_campaign(saves, "Tide", link, replace=True)
    assert not (tmp_path / "elsewhere.json").exists()
    with pytest.raises(StoreError, match="folder"):
        export_campaign(saves, "Tide", tmp_path, replace=True)
    with pytest.raises(StoreError, match="does not exist"):
        export_campaign(saves, "Tide", tmp_path / "no" / "dir" / "x.json")
    with pytest.raises(StoreError, match="give the export a file name"):
        export_campaign(saves, "Tide", Path(""))


# ----- silent damage and false health -----------------------------------------------------


def test_a_deleted_current_session_is_damage_mended_in_two_restores(tide: Path) -> None:
    saves = tide.parent
    (tide / "sessions/0003/session.json").unlink()
    report = check_campaign(saves, "Tide")
    assert [p.path for p in report.problems] == [tide / "sessions/0003/session.json"]
    assert "this newer session file is missing" in report.problems[0].problem
    with pytest.raises(BadSaveFile, match="session file is missing"):
        CampaignStore.open(saves, "Tide")  # never silently at session 2
    backup = report.problems[0].good_backup
    assert backup is not None
    restore_backup(saves, "Tide", "sessions/0003/session.json", backup)
    # Its newest backup is one action old: pcs.json is now a step ahead; its own backup
    # from that step brings the campaign whole again, one action back.
    again = check_campaign(saves, "Tide").problems
    assert [p.path for p in again] == [tide / "pcs.json"]
    assert again[0].good_backup is not None
    restore_backup(saves, "Tide", "pcs.json", again[0].good_backup)
    assert check_campaign(saves, "Tide").healthy
    with CampaignStore.open(saves, "Tide") as store:
        assert store.session().number == 3 and store.pc(1).wounds == 7  # type: ignore[union-attr]


def test_a_missing_log_chunk_of_the_current_session_is_damage_with_a_backup(tide: Path) -> None:
    (tide / "sessions/0003/log-0001.json").unlink()
    report = check_campaign(tide.parent, "Tide")
    assert [p.path.name for p in report.problems] == ["log-0001.json"]
    assert report.problems[0].good_backup is not None  # a sealed chunk is backed up at once
    with pytest.raises(BadSaveFile):
        CampaignStore.open(tide.parent, "Tide")


def test_campaign_json_without_its_settings_or_missing_is_damage_not_absence(tide: Path) -> None:
    saves = tide.parent
    data = json.loads((tide / "campaign.json").read_text())
    data["campaign"] = {}
    (tide / "campaign.json").write_text(json.dumps(data))
    assert "has no campaign settings" in check_campaign(saves, "Tide").problems[0].problem
    (tide / "campaign.json").unlink()
    report = check_campaign(saves, "Tide")  # still a campaign: a damaged one
    assert report.problems[0].path.name == "campaign.json"
    assert report.problems[0].good_backup is not None  # from a session-start snapshot
    assert main(["list", "--saves", str(saves)]) == 0


def test_an_export_of_a_broken_campaign_is_refused_whole(tide: Path, tmp_path: Path) -> None:
    exported = export_campaign(tide.parent, "Tide", tmp_path / "tide.json")
    document = json.loads(exported.read_text())
    document["files"]["sessions/0003/session.json"]["tables"]["session"] = {}
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(document))
    with pytest.raises(BadExportFile, match="has no session document"):
        import_campaign(tmp_path / "other", broken)
    document = json.loads(exported.read_text())
    del document["files"]["sessions/0002/log-0001.json"]
    broken.write_text(json.dumps(document))
    with pytest.raises(BadExportFile, match=r"log-0001\.json: the file is missing"):
        import_campaign(tmp_path / "other", broken)
    assert [p.name for p in (tmp_path / "other").iterdir()] == []  # staging cleaned
    assert main(["list", "--saves", str(tmp_path / "other")]) == 0


# ----- tracebacks instead of messages -----------------------------------------------------


def test_parser_limits_are_damage_not_a_traceback(tide: Path, tmp_path: Path) -> None:
    (tide / "npcs.json").write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(GarbledSaveFile, match="nested too deeply"):
        CampaignStore.open(tide.parent, "Tide")
    (tide / "npcs.json").write_text('{"_meta": {"1": {"opno": 1' + "0" * 5000 + "}}}")
    with pytest.raises(GarbledSaveFile, match="not a save file"):
        CampaignStore.open(tide.parent, "Tide")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(BadExportFile, match="nested too deeply"):
        import_campaign(tmp_path / "other", deep)


def test_import_has_a_size_cap_and_reads_files_only(tide: Path, tmp_path: Path) -> None:
    exported = export_campaign(tide.parent, "Tide", tmp_path / "tide.json")
    with pytest.raises(BadExportFile, match="bytes; an export is at most 100"):
        import_campaign(tmp_path / "other", exported, max_bytes=100)
    with pytest.raises(BadExportFile, match="is a folder"):
        import_campaign(tmp_path / "other", tmp_path)


def test_a_session_start_whose_backup_cannot_be_made_starts_and_says_so(
        tide: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A lost backup is tolerable, a session that will not start is not. (A failing disk
    # at the session's own files: tests/store/test_faults.py.)
    with CampaignStore.open(tide.parent, "Tide") as store:
        before = store.session().number
        real_write = CampaignTree.write

        def full(self: CampaignTree, rel: str, payload: bytes, **kwargs: object) -> None:
            if "session-starts" in rel:
                raise OSError(errno.ENOSPC, "No space left on device", rel)
            real_write(self, rel, payload, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(CampaignTree, "write", full)
        store.start_session()
        monkeypatch.undo()
        assert store.session().number == before + 1
        warnings = store.take_warnings()
        assert len(warnings) == 1 and "No space left on device" in warnings[0]
        assert f"session {before + 1} could not be made" in warnings[0]
    assert check_campaign(tide.parent, "Tide").healthy


# ----- names ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("first", "second"), [("FOO", "foo"), ("Straße", "STRASSE"),
                                               ("caf\u00e9", "cafe\u0301")])
def test_names_that_one_system_would_confuse_are_one_campaign(
        saves: Path, first: str, second: str) -> None:
    CampaignStore.create(saves, first).close()
    with pytest.raises(CampaignExists):
        CampaignStore.create(saves, second)


def test_a_name_typed_decomposed_is_kept_composed(saves: Path) -> None:
    CampaignStore.create(saves, "cafe\u0301").close()
    assert [p.name for p in saves.iterdir()] == ["caf\u00e9"]
    CampaignStore.open(saves, "cafe\u0301").close()  # and opens either way


# ----- locks ----------------------------------------------------------------------------------


def test_list_asks_the_kernel_who_holds_a_lock_not_the_pid(saves: Path) -> None:
    CampaignStore.create(saves, "Tide").close()
    record = {"pid": 1, "host": socket.gethostname(), "started_at": "2026-01-01T00:00:00+00:00"}
    (saves / "Tide/lock").write_text(json.dumps(record))  # pid 1 is alive, but holds nothing
    with CampaignStore.open(saves, "Tide", read_only=True) as viewer:
        assert viewer.locked_by is None
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from console.store import CampaignStore; "
         "s = CampaignStore.open(sys.argv[1], 'Tide'); print('locked', flush=True); "
         "sys.stdin.readline()", str(saves)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        with CampaignStore.open(saves, "Tide", read_only=True) as viewer:
            assert viewer.locked_by is not None and viewer.locked_by.pid == holder.pid
    finally:
        holder.communicate("\n", timeout=10)


def test_check_finds_a_running_fight_missing_from_the_next_session(tide: Path) -> None:
    # What an older console's crash inside "start the next session" left: the new session
    # without the fight that was running. Opening still works (the GM keeps his campaign);
    # `check` says where the fight is.
    from console.model import Encounter

    with CampaignStore.open(tide.parent, "Tide") as store:
        store.apply("fight", "Fight", [("encounters", 7, Encounter(7, "Dock brawl").to_dict())])
        store.start_session()  # the store's own start carries nothing: as the old bug did
        number = store.session().number
    report = check_campaign(tide.parent, "Tide")
    assert not report.healthy
    (problem,) = report.problems
    assert str(problem.path).endswith(f"sessions/{number:04d}/session.json")
    assert (f"does not hold the fight 'Dock brawl' that was running when session "
            f"{number - 1} ended") in problem.problem
    with CampaignStore.open(tide.parent, "Tide") as store:
        assert store.session().number == number


def test_a_clock_set_back_never_makes_the_newest_backup_the_first_deleted(
        saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    clock = iter(range(10**18, 0, -10**15))  # every reading earlier than the one before
    monkeypatch.setattr(time, "time_ns", lambda: next(clock))
    with CampaignStore.create(saves, "Tide", keep_backups=2) as store:
        for wounds in range(4):
            store.apply("w", "w", [("pcs", 1, make_pc(1, wounds=wounds).to_dict())])
            store.start_session()
    starts = sorted(p.name for p in (saves / "Tide/backups/session-starts").iterdir())
    assert starts == ["000003-session-0003", "000004-session-0004"]
    kept = sorted((saves / "Tide/backups/pcs.json").iterdir())
    assert [json.loads(p.read_text())["pcs"]["1"]["wounds"] for p in kept] == [1, 2]
