"""Damaged files: a specific error naming the file, the file untouched, a good backup offered."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from console.model import SCHEMA_VERSION
from console.store import (
    BadSaveFile,
    CampaignStore,
    ForeignSaveFile,
    GarbledSaveFile,
    InvalidSaveFile,
    MissingSaveFile,
    NewerSaveFile,
    StoreError,
    TruncatedSaveFile,
    check_campaign,
    restore_backup,
)
from tests.store.helpers import make_pc


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def campaign(saves: Path) -> Path:
    """A campaign whose pcs.json has a few earlier versions in its backups."""
    with CampaignStore.create(saves, "Tide") as store:
        for n in range(4):
            store.apply("w", f"w{n}", [("pcs", 1, make_pc(1, wounds=n).to_dict())])
    return saves / "Tide"


def _truncate(text: bytes) -> bytes:
    return text[: len(text) * 2 // 3]


DAMAGE = {
    "truncated": (TruncatedSaveFile, _truncate, "ends early"),
    "empty": (TruncatedSaveFile, lambda _: b"", "empty"),
    "garbage": (GarbledSaveFile, lambda _: b"\x00\xff\xfe garbage \x13" * 20, "not a text file"),
    "not json": (GarbledSaveFile, lambda _: b"name: Kira\nwounds: 3\n", "not valid JSON"),
    "foreign": (ForeignSaveFile, lambda _: b'{"_default": {"1": {"name": "Kira"}}}',
                "not a MetaScape GM console save file"),
    "other kind": (ForeignSaveFile,
                   lambda t: t.replace(b'"kind":"pcs"', b'"kind":"npcs"'), "'npcs' data"),
    "newer": (NewerSaveFile,
              lambda t: t.replace(b'"schema":%d' % SCHEMA_VERSION, b'"schema":99'),
              r"newer console \(schema version 99"),
    "invalid": (InvalidSaveFile, lambda t: t.replace(b'"def":"8M"', b'"def":"7M"'),
                "7M: die must be 6, 8 or 10"),
    # Half a UTF-16 pair reads from JSON but can never be written back: it passed the
    # check, and the console failed at the next save of the file ("this is a bug").
    "lone surrogate": (GarbledSaveFile, lambda t: t.replace(b'"name":"', b'"name":"\\ud800', 1),
                       "lone surrogate"),
    "lone surrogate, older schema": (
        GarbledSaveFile, lambda t: t.replace(b'"name":"', b'"name":"\\ud800', 1).replace(
            b'"schema":%d' % SCHEMA_VERSION, b'"schema":%d' % (SCHEMA_VERSION - 1)),
        "lone surrogate"),
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_file_is_named_left_alone_and_a_good_backup_is_offered(
    campaign: Path, damage: str
) -> None:
    error_type, spoil, message = DAMAGE[damage]
    pcs = campaign / "pcs.json"
    pcs.write_bytes(spoil(pcs.read_bytes()))
    before = digest(pcs)
    saves = campaign.parent
    for read_only in (False, True):
        with pytest.raises(error_type, match=message) as caught:
            CampaignStore.open(saves, "Tide", read_only=read_only)
        error = caught.value
        assert error.path == pcs and str(pcs) in str(error)
        assert error.good_backup is not None and "newest good backup" in str(error)
        assert json.loads(error.good_backup.read_text())["pcs"]["1"]["wounds"] == 2
        assert digest(pcs) == before
    report = check_campaign(saves, "Tide")
    assert not report.healthy and [p.path for p in report.problems] == [pcs]
    assert digest(pcs) == before
    # the lock was released after the failed open: restoring (which locks) works
    kept = restore_backup(saves, "Tide", "pcs.json", report.problems[0].good_backup)
    assert digest(kept) == before  # the damaged file is kept, not destroyed
    with CampaignStore.open(saves, "Tide") as store:
        # The backup is the version before the last action; the journal in the session
        # file still holds that action's images, so opening re-applies it: nothing lost.
        assert store.pc(1).wounds == 3


def test_truncation_anywhere_is_reported_as_truncated(campaign: Path) -> None:
    good = (campaign / "pcs.json").read_bytes()
    for cut in range(0, len(good) - 1, 7):
        (campaign / "pcs.json").write_bytes(good[:cut])
        with pytest.raises(TruncatedSaveFile):
            CampaignStore.open(campaign.parent, "Tide", read_only=True)


def test_a_missing_file_is_reported(campaign: Path) -> None:
    (campaign / "npcs.json").unlink()
    with pytest.raises(MissingSaveFile, match=r"npcs\.json: the file is missing"):
        CampaignStore.open(campaign.parent, "Tide")


def test_a_damaged_log_chunk_of_an_old_session_is_found_by_check(saves: Path) -> None:
    with CampaignStore.create(saves, "Tide", chunk_size=2) as store:
        for n in range(5):
            store.apply("w", f"w{n}", [("pcs", 1, make_pc(1, wounds=n).to_dict())])
        store.start_session()
    chunk = saves / "Tide/sessions/0000/log-0001.json"
    chunk.write_bytes(b"{}")
    report = check_campaign(saves, "Tide")
    assert [type(p) for p in report.problems] == [ForeignSaveFile]
    assert report.problems[0].path == chunk
    assert report.problems[0].good_backup is not None  # from the session-start snapshot
    assert len(report.ok) == 8  # 4 root files, 2 session files, 2 other chunks


def test_no_backup_at_all_is_said_plainly(saves: Path) -> None:
    CampaignStore.create(saves, "Tide").close()
    (saves / "Tide/campaign.json").write_text("[1, 2")
    with pytest.raises(BadSaveFile, match="no good backup found"):
        CampaignStore.open(saves, "Tide")


def test_check_also_finds_a_log_that_does_not_match_its_journal(saves: Path) -> None:
    with CampaignStore.create(saves, "Tide") as store:
        for n in range(3):
            store.apply("w", f"w{n}", [("pcs", 1, make_pc(1, wounds=n).to_dict())])
    session = saves / "Tide/sessions/0000/session.json"
    data = json.loads(session.read_text())
    del data["log"]["2"]
    session.write_text(json.dumps(data))
    report = check_campaign(saves, "Tide")
    assert [type(p) for p in report.problems] == [InvalidSaveFile]
    assert "log entries 2..2 are missing" in str(report.problems[0])
    assert report.problems[0].good_backup is not None


def test_a_lone_surrogate_in_a_logs_images_is_refused_at_opening(campaign: Path) -> None:
    """The models refuse one in what they read; a log entry's images and the journal are
    read as documents to write back, and the next save failed on one ("this is a bug")."""
    session = next((campaign / "sessions").glob("*/session.json"))
    text = session.read_text()
    assert '"after":{' in text
    spoiled = text.replace('"after":{', '"after":{"odd":"\\ud800",', 1)
    session.write_text(spoiled)
    with pytest.raises(GarbledSaveFile, match="lone surrogate"):
        CampaignStore.open(campaign.parent, "Tide")
    assert not check_campaign(campaign.parent, "Tide").healthy


def test_a_campaign_name_holding_a_byte_that_is_not_utf8_is_refused(saves: Path) -> None:
    """Typed on the command line, such a byte reaches Python as a lone surrogate: the
    folder could not be made ("this is a bug")."""
    with pytest.raises(StoreError, match="not UTF-8"):
        CampaignStore.create(saves, "Ab\udcff")
