"""AtomicJSONStorage as a plain TinyDB storage, and write_atomic's guarantees."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from tinydb import TinyDB

from console.store.atomic_storage import AtomicJSONStorage, write_atomic


def test_tinydb_on_atomic_storage_reads_back_what_it_wrote(tmp_path: Path) -> None:
    path = tmp_path / "db.json"
    db = TinyDB(path, storage=AtomicJSONStorage)
    db.insert({"name": "Kira"})
    db.table("npcs").insert({"name": "Thug"})
    db.close()
    again = TinyDB(path, storage=AtomicJSONStorage)
    assert again.all() == [{"name": "Kira"}]
    assert again.table("npcs").all() == [{"name": "Thug"}]


def test_deferred_writes_reach_the_disk_only_on_flush(tmp_path: Path) -> None:
    path = tmp_path / "db.json"
    db = TinyDB(path, storage=AtomicJSONStorage, deferred=True)
    db.insert({"n": 1})
    db.insert({"n": 2})
    assert not path.exists()
    db.storage.flush()
    assert json.loads(path.read_text())["_default"] == {"1": {"n": 1}, "2": {"n": 2}}


def test_a_failure_before_the_switch_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "f.json"
    write_atomic(path, b'{"v": 1}')

    def broken(source: object, target: object, **_dir_fds: object) -> None:
        raise OSError(5, "I/O error")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        write_atomic(path, b'{"v": 2}')
    assert path.read_bytes() == b'{"v": 1}'
    assert [p.name for p in tmp_path.iterdir()] == ["f.json"]  # no temp file left behind


def test_the_before_replace_hook_sees_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    write_atomic(path, b"old")
    seen = []
    write_atomic(path, b"new", before_replace=lambda p: seen.append(p.read_bytes()))
    assert seen == [b"old"] and path.read_bytes() == b"new"


def test_a_damaged_file_is_not_silently_replaced(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(b'{"_default": {"1": {"n"')
    db = TinyDB(path, storage=AtomicJSONStorage)
    with pytest.raises(json.JSONDecodeError):
        db.insert({"n": 1})
    assert path.read_bytes() == b'{"_default": {"1": {"n"'
