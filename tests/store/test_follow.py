"""A read-only view follows the console that writes: what it commits is read again, and
nothing is read when nothing was committed."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from console.service import CampaignService
from console.store import CampaignStore
from tests.store.helpers import make_pc


def test_a_read_only_store_reads_again_only_what_was_committed(saves: Path) -> None:
    writer = CampaignStore.create(saves, "Tide")
    writer.apply("pc", "Kira", [("pcs", 1, make_pc(1).to_dict())])
    viewer = CampaignStore.open(saves, "Tide", read_only=True)
    try:
        assert not viewer.reload_if_changed()  # nothing new: not read again
        writer.apply("pc", "wounds", [("pcs", 1, make_pc(1, wounds=4).to_dict())])
        assert viewer.reload_if_changed()
        assert viewer.pcs()[0].wounds == 4
        assert not viewer.reload_if_changed()
        writer.start_session()  # a new session file: followed too
        assert viewer.reload_if_changed() and viewer.session().number == 1
        assert not writer.reload_if_changed()  # the writer never reads itself back
    finally:
        viewer.close()
        writer.close()


def test_following_reads_only_the_files_that_changed(saves: Path) -> None:
    writer = CampaignStore.create(saves, "Tide")
    writer.apply("pc", "Kira", [("pcs", 1, make_pc(1).to_dict())])
    viewer = CampaignStore.open(saves, "Tide", read_only=True)
    try:
        roots = dict(viewer._roots)
        writer.apply("pc", "wounds", [("pcs", 1, make_pc(1, wounds=4).to_dict())])
        assert viewer.reload_if_changed()
        # The PCs' file was replaced: read again; the others were not: kept as parsed.
        changed = {kind for kind, shard in viewer._roots.items() if shard is not roots[kind]}
        assert changed == {"pcs"}
        assert viewer.pcs()[0].wounds == 4
        writer.start_session()
        writer.start_session()  # two sessions on between two looks: both seen
        assert viewer.reload_if_changed() and viewer.session().number == 2
    finally:
        viewer.close()
        writer.close()


@pytest.mark.serial
def test_the_service_follows_a_writer_in_another_process_within_half_a_second(
        saves: Path) -> None:
    with CampaignStore.create(saves, "Tide") as store:
        store.apply("pc", "Kira", [("pcs", 1, make_pc(1).to_dict())])
    viewer = CampaignStore.open(saves, "Tide", read_only=True)
    service = CampaignService(viewer)
    writer = textwrap.dedent(f"""
        import sys, time
        sys.path.insert(0, {str(Path(__file__).resolve().parents[2])!r})
        from console.store import CampaignStore
        from tests.store.helpers import make_pc
        with CampaignStore.open({str(saves)!r}, "Tide") as store:
            print("open", flush=True)
            sys.stdin.readline()
            store.apply("pc", "wounds", [("pcs", 1, make_pc(1, wounds=7).to_dict())])
            print("saved", flush=True)
            sys.stdin.readline()
    """)
    process = subprocess.Popen([sys.executable, "-c", writer], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None and process.stdin is not None
        assert process.stdout.readline().strip() == "open"
        assert service.pcs()[1].wounds == 0
        process.stdin.write("go\n")
        process.stdin.flush()
        assert process.stdout.readline().strip() == "saved"
        saved = time.monotonic()
        while not service.follow():  # the console looks every 0.25 s
            assert time.monotonic() - saved < 0.5, "not seen within half a second"
            time.sleep(0.05)
        assert service.pcs()[1].wounds == 7
    finally:
        if process.stdin is not None:
            process.stdin.write("done\n")
            process.stdin.close()
        process.wait(timeout=10)
        viewer.close()
