"""One writer per campaign: live locks, stale locks, read-only viewers."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from console.store import CampaignLocked, CampaignStore

HOLDER = """
import sys
from console.store import CampaignStore
store = CampaignStore.open(sys.argv[1], "Tide")
print("locked", flush=True)
sys.stdin.readline()
store.close()
"""


def test_a_second_writer_is_refused_with_the_holder_named(saves: Path) -> None:
    CampaignStore.create(saves, "Tide").close()
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(saves)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        with pytest.raises(CampaignLocked, match=f"pid {holder.pid} on") as caught:
            CampaignStore.open(saves, "Tide")
        assert caught.value.holder.pid == holder.pid
        with CampaignStore.open(saves, "Tide", read_only=True) as viewer:
            assert viewer.locked_by is not None and viewer.locked_by.pid == holder.pid
    finally:
        assert holder.stdin is not None
        holder.stdin.write("\n")
        holder.stdin.flush()
        holder.wait(timeout=10)
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
