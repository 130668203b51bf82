"""Earlier sessions read once: the memo beside the files, trusted only while each session
file is the one it was read from; and the roster parsed once when its file is read."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from console.model import NpcTemplate, Session
from console.store import CampaignStore
from console.store.layout import SESSIONS_MEMO
from tests.store.helpers import make_npc, make_pc


def campaign(saves: Path, sessions: int = 3) -> None:
    with CampaignStore.create(saves, "Tide") as store:
        store.apply("pc", "pc", [("pcs", 1, make_pc(1).to_dict())])
        for number in range(1, sessions + 1):
            store.start_session()
            session = store.session().with_changes(notes=f"evening {number}")
            store.apply("notes", "notes", [(Session.TABLE, Session.DOC_ID, session.to_dict())])
        store.start_session()


def notes(store: CampaignStore, numbers: list[int]) -> list[str]:
    return [s.notes for _, s in sorted(store.past_sessions(numbers).items())]


def test_earlier_sessions_are_remembered_and_read_from_the_memo(
        saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign(saves)
    with CampaignStore.open(saves, "Tide") as store:
        assert notes(store, [1, 2, 3]) == ["evening 1", "evening 2", "evening 3"]
    assert (saves / "Tide" / SESSIONS_MEMO).is_file()
    read: list[Path] = []
    import console.store.past_sessions as past

    original = past.read_tables

    def spy(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        read.append(path)
        return original(path, *args, **kwargs)

    monkeypatch.setattr(past, "read_tables", spy)
    with CampaignStore.open(saves, "Tide") as store:
        assert notes(store, [1, 2, 3]) == ["evening 1", "evening 2", "evening 3"]
    assert read == []  # no session file was read again


def test_a_session_file_that_changed_is_read_again(saves: Path) -> None:
    campaign(saves)
    with CampaignStore.open(saves, "Tide") as store:
        notes(store, [1, 2, 3])
    # Session 2's file replaced (a backup restored, say): its new contents count.
    path = saves / "Tide/sessions/0002/session.json"
    data = json.loads(path.read_text())
    data["session"]["1"]["notes"] = "restored"
    path.write_text(json.dumps(data))
    with CampaignStore.open(saves, "Tide", read_only=True) as store:
        assert notes(store, [1, 2, 3]) == ["evening 1", "restored", "evening 3"]


@pytest.mark.parametrize("damage", [b"{not json", b'{"version": 1, "sessions": {"1": 7}}',
                                    b'{"version": 1, "sessions": {"1": {"stamp": 0}}}'])
def test_a_memo_not_as_written_is_redone(saves: Path, damage: bytes) -> None:
    campaign(saves)
    with CampaignStore.open(saves, "Tide") as store:
        notes(store, [1, 2, 3])
    (saves / "Tide" / SESSIONS_MEMO).write_bytes(damage)
    with CampaignStore.open(saves, "Tide") as store:
        assert notes(store, [1, 2, 3]) == ["evening 1", "evening 2", "evening 3"]
    assert json.loads((saves / "Tide" / SESSIONS_MEMO).read_text())["version"] == 1


def test_a_forged_memo_entry_with_a_stale_stamp_is_not_believed(saves: Path) -> None:
    campaign(saves)
    with CampaignStore.open(saves, "Tide") as store:
        notes(store, [1])
    memo_path = saves / "Tide" / SESSIONS_MEMO
    memo = json.loads(memo_path.read_text())
    memo["sessions"]["1"]["session"]["notes"] = "forged"
    memo["sessions"]["1"]["stamp"][1] += 1  # not the file's stamp
    memo_path.write_text(json.dumps(memo))
    with CampaignStore.open(saves, "Tide", read_only=True) as store:
        assert notes(store, [1]) == ["evening 1"]


def test_read_only_reads_without_writing_a_memo(saves: Path) -> None:
    campaign(saves, sessions=1)
    with CampaignStore.open(saves, "Tide", read_only=True) as store:
        assert notes(store, [1]) == ["evening 1"]
    assert not (saves / "Tide" / SESSIONS_MEMO).exists()


def test_the_current_session_is_not_an_earlier_one(saves: Path) -> None:
    campaign(saves, sessions=1)
    with CampaignStore.open(saves, "Tide") as store, pytest.raises(Exception, match="current"):
        store.past_sessions([store.session().number])


def test_the_roster_is_parsed_once_when_its_file_is_read(
        saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with CampaignStore.create(saves, "Tide") as store:
        store.apply("npcs", "npcs", [("npcs", n, make_npc(n).to_dict()) for n in (1, 2)])
    parsed: list[object] = []
    original = NpcTemplate.from_dict.__func__  # type: ignore[attr-defined]

    def counting(cls, data):  # type: ignore[no-untyped-def]
        parsed.append(data)
        return original(cls, data)

    monkeypatch.setattr(NpcTemplate, "from_dict", classmethod(counting))
    with CampaignStore.open(saves, "Tide") as store:
        checked = len(parsed)  # every document is validated as the file is read
        assert [n.name for n in store.npcs()] == ["Thug", "Thug"]
        assert len(parsed) == checked  # ... and those objects are what the roster reads
        store.apply("npc", "npc", [("npcs", 3, make_npc(3, name="Boss").to_dict())])
        assert [n.name for n in store.npcs()] == ["Thug", "Thug", "Boss"]


def test_a_session_file_touched_keeps_its_memo_honest(saves: Path) -> None:
    campaign(saves, sessions=1)
    with CampaignStore.open(saves, "Tide") as store:
        notes(store, [1])
    path = saves / "Tide/sessions/0001/session.json"
    os.utime(path, ns=(0, 0))  # same bytes, another stamp: read again, same answer
    with CampaignStore.open(saves, "Tide") as store:
        assert notes(store, [1]) == ["evening 1"]
