"""CampaignTree.listed_once: during the writer's opening the session folders are listed
once, and listed again after any change made through the tree; another thread, and the
time after the block, always list afresh."""

from __future__ import annotations

import contextlib
import os
import threading
from pathlib import Path

import pytest

from console.store import CampaignStore
from console.store.tree import CampaignTree


def _tree(tmp_path: Path) -> CampaignTree:
    root = tmp_path / "Camp"
    (root / "sessions" / "0001").mkdir(parents=True)
    (root / "sessions" / "0001" / "session.json").write_text("{}")
    return CampaignTree(root)


def test_within_the_block_a_listing_is_given_again(tmp_path: Path) -> None:
    tree = _tree(tmp_path)
    with tree.listed_once():
        first = tree.subfolders("sessions")
        os.mkdir(tree.root / "sessions" / "0002")  # not through the tree: nobody does
        assert tree.subfolders("sessions") == first == {"0001": first["0001"]}
        with tree.listed_once():  # an inner block keeps the outer one's listings
            assert list(tree.subfolders("sessions")) == ["0001"]
    assert list(tree.subfolders("sessions")) == ["0001", "0002"]  # after it: afresh


@pytest.mark.parametrize("change", ["write", "mkdirs", "unlink", "rmtree", "keep_version"])
def test_a_change_through_the_tree_lists_again(tmp_path: Path, change: str) -> None:
    tree = _tree(tmp_path)
    (tree.root / "sessions" / "0003").mkdir()
    (tree.root / "sessions" / "0003" / "a.json").write_text("{}")
    with tree.listed_once():
        tree.subfolders("sessions")
        {"write": lambda: tree.write("sessions/0002/session.json", b"{}"),
         "mkdirs": lambda: tree.mkdirs("sessions/0002"),
         "unlink": lambda: tree.unlink("sessions/0003/a.json"),
         "rmtree": lambda: tree.rmtree("sessions/0003"),
         "keep_version": lambda: tree.keep_version("sessions/0001/session.json",
                                                   "sessions/0002/kept.json"),
         }[change]()
        on_disk = {name: sorted(os.listdir(tree.root / "sessions" / name))
                   for name in os.listdir(tree.root / "sessions")}
        listed = {name: [entry.name for entry in items]
                  for name, items in tree.subfolders("sessions").items()}
        assert listed == on_disk


def test_another_thread_lists_afresh(tmp_path: Path) -> None:
    tree = _tree(tmp_path)
    seen: list[list[str]] = []
    with tree.listed_once():
        tree.subfolders("sessions")
        os.mkdir(tree.root / "sessions" / "0002")
        worker = threading.Thread(target=lambda: seen.append(list(tree.subfolders("sessions"))))
        worker.start()
        worker.join()
    assert seen == [["0001", "0002"]]


def test_the_writers_opening_lists_the_session_folders_once(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    CampaignStore.create(tmp_path, "Long").close()
    sessions = tmp_path / "Long" / "sessions"
    for number in range(2, 7):  # five more session folders beside the first
        (sessions / f"{number:04d}").mkdir()
    scandir = os.scandir

    def walks() -> int:
        """Folders read by one writer's opening."""
        made: list[object] = []
        with monkeypatch.context() as counting:
            counting.setattr(os, "scandir", lambda path: made.append(path) or scandir(path))
            CampaignStore.open(tmp_path, "Long").close()
        return len(made)

    once = walks()
    with monkeypatch.context() as without:
        without.setattr(CampaignTree, "listed_once", lambda self: contextlib.nullcontext())
        every_time = walks()
    # Listed three times without the block (the newest session, the check, what a crash
    # left): the sessions folder and its six folders, twice more.
    assert every_time - once == 2 * 7


def test_a_reader_still_sees_a_session_started_while_it_read(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """Not for a reader: a writer that starts a session after the reader has read the
    newest session file, before its other files, is seen (the reader lists again and
    reads again), never opened at the session before."""
    writer = CampaignStore.create(tmp_path, "Tide")
    real = CampaignStore._read_roots
    started: list[int] = []

    def racing(self: CampaignStore) -> object:
        if self.read_only and not started:
            started.append(writer.start_session().number)
        return real(self)

    monkeypatch.setattr(CampaignStore, "_read_roots", racing)
    with CampaignStore.open(tmp_path, "Tide", read_only=True) as reader:
        assert reader.session().number == started[0] == writer.session().number
    writer.close()
