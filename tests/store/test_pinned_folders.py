"""CampaignTree.pinned: within one commit the folders walked to stay open, for the thread
that pinned them only; a folder removed meanwhile lets its descriptor go."""

from __future__ import annotations

import os
import threading
from pathlib import Path

from console.store.tree import CampaignTree


def _tree(tmp_path: Path) -> CampaignTree:
    root = tmp_path / "Camp"
    (root / "sessions" / "0001").mkdir(parents=True)
    (root / "sessions" / "0001" / "session.json").write_text("{}")
    return CampaignTree(root)


def _open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def test_a_pinned_walk_is_made_once_and_closed_at_the_end(tmp_path: Path) -> None:
    tree = _tree(tmp_path)
    before = _open_fds()
    with tree.pinned():
        with tree.folder("sessions/0001") as first:
            pass
        with tree.folder("sessions/0001") as again:
            assert again == first  # the same descriptor, still open
            assert os.listdir(again) == ["session.json"]
        tree.write("sessions/0001/new.json", b"{}")
    assert _open_fds() == before
    assert (tree.root / "sessions/0001/new.json").read_bytes() == b"{}"


def test_another_thread_never_uses_the_pinned_folders(tmp_path: Path) -> None:
    """A worker reading earlier sessions while the console commits walks on its own: it
    gets no descriptor the commit's end closes under it."""
    tree = _tree(tmp_path)
    seen: dict[str, object] = {}
    inside, done = threading.Event(), threading.Event()

    def worker() -> None:
        inside.wait()
        with tree.folder("sessions/0001") as fd:
            seen["fd"] = fd
            done.set()
            ended.wait()
            seen["names"] = os.listdir(fd)  # its own: still the session's folder

    ended = threading.Event()
    thread = threading.Thread(target=worker)
    thread.start()
    with tree.pinned(), tree.folder("sessions/0001") as mine:
        inside.set()
        done.wait()
        assert seen["fd"] != mine
    with tree.folder("") as reused:  # what the closed descriptors' numbers name now
        ended.set()
        thread.join()
        assert reused >= 0
    assert seen["names"] == ["session.json"]


def test_a_folder_removed_while_pinned_is_walked_to_afresh(tmp_path: Path) -> None:
    tree = _tree(tmp_path)
    before = _open_fds()
    with tree.pinned():
        tree.write("backups/snap/a.json", b"1")
        tree.rmtree("backups/snap")
        tree.write("backups/snap/b.json", b"2")  # into the new folder, not the removed one
    assert sorted(os.listdir(tree.root / "backups/snap")) == ["b.json"]
    assert _open_fds() == before
