"""Every file a campaign depends on, damaged every way a disk, a user or an attacker can:
``check`` exits 1 naming the file, opening refuses (the app then shows the recovery view,
tests/ui/test_recovery_app.py), and no byte of the damaged file changes."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from console.cli import main
from console.store import BadSaveFile, CampaignStore, check_campaign
from console.store.recovery import remove_planted
from tests.store.helpers import make_pc

FILES = {
    "campaign": "campaign.json",
    "pcs": "pcs.json",
    "npcs": "npcs.json",
    "current session": "sessions/0002/session.json",
    "past session": "sessions/0001/session.json",
    "current log chunk": "sessions/0002/log-0001.json",
    "past log chunk": "sessions/0001/log-0001.json",
}


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two sessions of work, with sealed log chunks in both (chunk size 3)."""
    saves = tmp_path_factory.mktemp("pristine") / "saves"
    with CampaignStore.create(saves, "Tide", chunk_size=3) as store:
        for session in range(2):
            store.start_session()
            for n in range(5):
                store.apply("w", f"w{n}", [("pcs", 1, make_pc(1, wounds=n + session).to_dict())])
    return saves


@pytest.fixture
def saves(pristine: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "saves"
    shutil.copytree(pristine, copy, symlinks=True)
    return copy


def _replace(payload: Callable[[bytes], bytes]) -> Callable[[Path, Path], None]:
    def damage(path: Path, _outside: Path) -> None:
        path.write_bytes(payload(path.read_bytes()))

    return damage


def _directory(path: Path, _outside: Path) -> None:
    path.unlink()
    path.mkdir()
    (path / "inside.json").write_text("{}")


def _link(path: Path, outside: Path) -> None:
    # A link to a perfectly good copy outside the saves folder: still refused, not followed.
    target = outside / f"copy-of-{path.name}"
    shutil.copyfile(path, target)
    path.unlink()
    path.symlink_to(target)


def _wrong_type(text: bytes) -> bytes:
    data = json.loads(text)
    data["_meta"]["1"]["kind"] = "npcs" if data["_meta"]["1"]["kind"] != "npcs" else "pcs"
    return json.dumps(data).encode()


DAMAGE: dict[str, Callable[[Path, Path], None]] = {
    "missing": lambda path, _outside: path.unlink(),
    "empty": _replace(lambda _text: b""),
    "truncated": _replace(lambda text: text[: len(text) // 2]),
    "garbage": _replace(lambda _text: b"\x00\xffnot a save file\x13" * 9),
    "wrong type": _replace(_wrong_type),
    "a list": _replace(lambda _text: b"[1, 2, 3]"),
    "directory": _directory,
    "chmod 000": lambda path, _outside: path.chmod(0),
    "symlink": _link,
}


def fingerprint(path: Path) -> str:
    """What is at ``path``, bytes included, without following a link."""
    if path.is_symlink():
        return f"link to {os.readlink(path)}"
    if path.is_dir():
        return "folder: " + ",".join(sorted(p.name for p in path.iterdir()))
    if not path.exists():
        return "missing"
    path.chmod(0o644) if path.stat().st_mode & 0o777 == 0 else None
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def unreadable_as_root(monkeypatch: pytest.MonkeyPatch) -> Callable[[Path], None]:
    """chmod 000 does not stop root: make the kernel's answer what a user would get."""
    def deny(path: Path) -> None:
        if os.geteuid() != 0:
            return
        real_open = os.open
        name = path.name

        def guarded_open(file: object, flags: int, *args: object, **kwargs: object) -> int:
            if (file == name and "dir_fd" in kwargs and not flags & os.O_DIRECTORY
                    and not flags & (os.O_WRONLY | os.O_RDWR)):
                raise PermissionError(errno.EACCES, "Permission denied", str(file))
            return real_open(file, flags, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(os, "open", guarded_open)

    return deny


@pytest.mark.parametrize("damage", DAMAGE)
@pytest.mark.parametrize("which", FILES)
def test_damage_is_found_named_and_left_as_it_was(
        saves: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        unreadable_as_root: Callable[[Path], None], which: str, damage: str) -> None:
    path = saves / "Tide" / FILES[which]
    outside = tmp_path / "outside"
    outside.mkdir()
    DAMAGE[damage](path, outside)
    if damage == "chmod 000":
        unreadable_as_root(path)
    before = fingerprint(path) if damage != "chmod 000" else "chmod 000"
    report = check_campaign(saves, "Tide")
    assert not report.healthy
    assert any(problem.path == path for problem in report.problems), report.problems
    assert main(["check", "Tide", "--saves", str(saves)]) == 1
    out = capsys.readouterr().out
    assert str(path) in out and "damaged file" in out
    with pytest.raises(BadSaveFile):
        CampaignStore.open(saves, "Tide").close()
    if damage == "chmod 000":
        assert path.stat().st_mode & 0o777 == 0
        return
    assert fingerprint(path) == before  # not a byte changed
    if damage == "symlink":
        assert (outside / f"copy-of-{path.name}").exists()


@pytest.mark.parametrize("damage", ["directory", "symlink", "hard link"])
def test_a_lock_that_is_not_a_file_is_refused_and_never_followed(
        saves: Path, tmp_path: Path, damage: str) -> None:
    lock = saves / "Tide" / "lock"
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    lock.unlink(missing_ok=True)
    if damage == "symlink":
        lock.symlink_to(victim)
    elif damage == "hard link":  # the lock is written in place: it was emptied, then his
        os.link(victim, lock)
    else:
        lock.mkdir()
    with pytest.raises(BadSaveFile, match="lock"):
        CampaignStore.open(saves, "Tide").close()
    assert victim.read_text() == "keep me"  # was truncated by the lock's O_CREAT|O_RDWR
    assert not check_campaign(saves, "Tide").healthy
    if damage != "directory":  # the recovery view's r: the planted name goes, nothing else
        assert remove_planted(saves, "Tide", "lock")
        CampaignStore.open(saves, "Tide").close()
        assert victim.read_text() == "keep me"
