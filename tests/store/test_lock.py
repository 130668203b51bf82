"""One writer per campaign: live locks, stale locks, read-only viewers."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from console.store import CampaignLocked, CampaignStore, LockHolder, LockLost, LockUnusable

HOLDER = """
import sys
from console.store import CampaignStore
store = CampaignStore.open(sys.argv[1], "Tide")
print("locked", flush=True)
sys.stdin.readline()
store.close()
"""


@contextlib.contextmanager
def held_by_another(saves: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process with "Tide" open for writing until the block ends (it closes it
    then, cleanly)."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(saves)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        yield holder
    finally:
        assert holder.stdin is not None
        holder.stdin.write("\n")
        holder.stdin.flush()
        holder.wait(timeout=10)


def test_a_second_writer_is_refused_with_the_holder_named(saves: Path) -> None:
    CampaignStore.create(saves, "Tide").close()
    with held_by_another(saves) as holder:
        with pytest.raises(CampaignLocked, match=f"pid {holder.pid} on") as caught:
            CampaignStore.open(saves, "Tide")
        assert caught.value.holder.pid == holder.pid
        with CampaignStore.open(saves, "Tide", read_only=True) as viewer:
            assert viewer.locked_by is not None and viewer.locked_by.pid == holder.pid
    with CampaignStore.open(saves, "Tide") as store:  # released on a clean exit
        assert store.stale_lock is None


def test_two_handles_in_one_process_are_refused_too(saves: Path) -> None:
    with CampaignStore.create(saves, "Tide"), pytest.raises(CampaignLocked):
        CampaignStore.open(saves, "Tide")


def test_a_lock_left_by_a_dead_process_is_taken_over(saves: Path) -> None:
    CampaignStore.create(saves, "Tide").close()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    record = {"pid": int(dead.stdout), "host": socket.gethostname(),
              "started_at": "2026-01-01T00:00:00+00:00"}
    (saves / "Tide/lock").write_text(json.dumps(record))
    with CampaignStore.open(saves, "Tide", read_only=True) as viewer:
        assert viewer.locked_by is None  # the recorded holder is dead
    with CampaignStore.open(saves, "Tide") as store:
        assert store.stale_lock is not None and store.stale_lock.pid == record["pid"]
        assert json.loads((saves / "Tide/lock").read_text())["pid"] == os.getpid()


def test_a_writer_killed_outright_leaves_no_lock_behind(saves: Path) -> None:
    CampaignStore.create(saves, "Tide").close()
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(saves)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
    holder.kill()
    holder.wait(timeout=10)
    with CampaignStore.open(saves, "Tide") as store:
        assert store.stale_lock is not None and store.stale_lock.pid == holder.pid


# ----- a lock file removed or replaced under a running console --------------------------

SERVING = """
import sys
from console.store import CampaignStore, StoreError
from console.model import PlayerCharacter
store = CampaignStore.open(sys.argv[1], "Tide")
print("locked", flush=True)
for line in sys.stdin:
    wounds = int(line)
    pc = store.pc(1)
    try:
        store.apply("hit", "hit", [("pcs", 1, pc.with_changes(wounds=wounds).to_dict())])
        print("saved", flush=True)
    except StoreError as error:
        print(f"refused: {error}", flush=True)
store.close()
"""


def _serving(saves: Path) -> subprocess.Popen[str]:
    writer = subprocess.Popen([sys.executable, "-c", SERVING, str(saves)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert writer.stdout is not None and writer.stdout.readline().strip() == "locked"
    return writer


def _ask(writer: subprocess.Popen[str], wounds: int) -> str:
    assert writer.stdin is not None and writer.stdout is not None
    writer.stdin.write(f"{wounds}\n")
    writer.stdin.flush()
    return writer.stdout.readline().strip()


def _on_disk(saves: Path) -> int:
    with CampaignStore.open(saves, "Tide", read_only=True) as viewer:
        return viewer.pc(1).wounds


@pytest.mark.parametrize("tamper", ["removed", "replaced"])
def test_a_lock_file_removed_or_replaced_lets_no_second_writer_in(
        saves: Path, tamper: str) -> None:
    from tests.store.helpers import make_pc

    with CampaignStore.create(saves, "Tide") as store:
        store.apply("pc.add", "Add", [("pcs", 1, make_pc(1).to_dict())])
    first = _serving(saves)
    try:
        assert _ask(first, 3) == "saved"
        lock = saves / "Tide/lock"
        lock.unlink()
        if tamper == "replaced":  # `mv somefile lock`
            (saves / "Tide/other").write_text("{}")
            (saves / "Tide/other").rename(lock)
        # A second console is refused: the first still holds the campaign's folder.
        with pytest.raises(CampaignLocked, match="open in another console"):
            CampaignStore.open(saves, "Tide")
        # The first finds its lock gone at its next commit, and saves nothing more.
        for wounds in (4, 5):
            answer = _ask(first, wounds)
            assert answer.startswith("refused: the lock of campaign 'Tide'"), answer
            assert "removed or replaced from outside" in answer
            assert "saves nothing more" in answer and "quit and open" in answer
            assert _on_disk(saves) == 3
    finally:
        assert first.stdin is not None
        first.stdin.close()
        first.wait(timeout=10)
    # Once it has closed, the campaign opens as it was, with the last saved action.
    with CampaignStore.open(saves, "Tide") as store:
        assert store.pc(1).wounds == 3


def test_a_campaign_folder_moved_away_under_a_console_stops_its_saves(saves: Path) -> None:
    with CampaignStore.create(saves, "Tide") as store:
        from tests.store.helpers import make_pc

        store.apply("pc.add", "Add", [("pcs", 1, make_pc(1).to_dict())])
        (saves / "Tide").rename(saves / "Moved")
        (saves / "Moved").rename(saves / "Tide")  # the same folder back: still ours
        store.apply("hit", "hit", [("pcs", 1, make_pc(1, wounds=2).to_dict())])
        (saves / "Tide").rename(saves / "Moved")
        with pytest.raises(LockLost):
            store.apply("hit", "hit", [("pcs", 1, make_pc(1, wounds=3).to_dict())])
        from console.service import CampaignService

        assert store.saving_stopped is not None
        assert CampaignService(store).view().saving_stopped  # the header says so
        with pytest.raises(LockLost):  # and every later action is refused the same way
            store.undo()
    with CampaignStore.open(saves, "Moved", read_only=True) as viewer:
        assert viewer.pc(1).wounds == 2


def test_a_lock_file_that_cannot_be_opened_is_named(
        saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from console.store.tree import CampaignTree

    CampaignStore.create(saves, "Tide").close()

    def refused(self: CampaignTree, rel: str) -> int:  # as `chmod 000 lock` does to a user
        raise PermissionError(13, "Permission denied", rel)

    monkeypatch.setattr(CampaignTree, "open_lock", refused)
    with pytest.raises(LockUnusable, match=r"Tide/lock: cannot be opened for writing "
                                           r"\(Permission denied\)"):
        CampaignStore.open(saves, "Tide")
    monkeypatch.undo()
    with CampaignStore.open(saves, "Tide"):  # the folder's lock was let go with the failure
        pass


def test_what_a_lock_file_says_of_its_holder_is_held_to_a_readable_size(saves: Path) -> None:
    # The file is anyone's to write: its host and time reach the GM's toast and the
    # command line's message. A host of 100,000 characters was shown whole.
    CampaignStore.create(saves, "Tide").close()
    record = {"pid": 4_000_000, "host": "h" * 100_000, "started_at": "x" * 5_000}
    (saves / "Tide/lock").write_text(json.dumps(record))
    with CampaignStore.open(saves, "Tide") as store:
        stale = store.stale_lock
        assert stale is not None and stale.pid == 4_000_000
        assert len(stale.describe()) < 320 and stale.host.endswith("…")
    for pid in ("12", 1.5, True, -3, 0, 2**40):  # not a process number: no holder named
        (saves / "Tide/lock").write_text(json.dumps({**record, "pid": pid}))
        with CampaignStore.open(saves, "Tide") as store:
            assert store.stale_lock is None


def test_the_holders_time_is_said_to_the_minute_in_this_machines_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "Asia/Kolkata")  # UTC+5:30 all year
    time.tzset()
    try:
        holder = LockHolder(7, "vm", "2026-11-25T06:45:46.070713+00:00")
        assert holder.since == "2026-11-25 12:15"
        assert holder.describe() == "pid 7 on vm, since 2026-11-25 12:15"
        # Not a time, no zone, or a time at the calendar's edge whose local time
        # overflows (a traceback instead of "open in another console"): as written.
        for written in ("Tuesday", "2026-11-25T06:45:46", "9999-12-31T23:59:59-14:00",
                        "0001-01-01T00:00:00+14:00"):
            assert LockHolder(7, "vm", written).since == written
    finally:
        monkeypatch.undo()  # TZ as it was (set or not), then the zone read again
        time.tzset()


def test_a_live_holder_at_the_calendars_edge_is_still_named(saves: Path) -> None:
    CampaignStore.create(saves, "Tide").close()
    with held_by_another(saves) as holder:
        record = {"pid": holder.pid, "host": "vm", "started_at": "9999-12-31T23:59:59-14:00"}
        (saves / "Tide/lock").write_text(json.dumps(record))
        with pytest.raises(CampaignLocked, match="since 9999-12-31T23:59:59-14:00"):
            CampaignStore.open(saves, "Tide")
