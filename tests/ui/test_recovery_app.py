"""A damaged campaign opens in the recovery view: what is wrong, its backups, one key to
restore, and the console once the campaign is whole."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from console.cli.app_launch import open_for_console
from console.store import BadSaveFile, CampaignStore, check_campaign
from console.ui.recovery.recovery_app import OPEN, RecoveryApp
from tests.store.helpers import make_pc
from tests.ui.conftest import SIZE


@pytest.fixture
def damaged(tmp_path: Path) -> Path:
    """Two sessions of work; then campaign.json loses its settings and a link is planted."""
    saves = tmp_path / "saves"
    with CampaignStore.create(saves, "Tide") as store:
        for session in range(2):
            store.start_session()
            store.apply("w", "w", [("pcs", 1, make_pc(1, wounds=session).to_dict())])
    data = json.loads((saves / "Tide/campaign.json").read_text())
    data["campaign"] = {}
    (saves / "Tide/campaign.json").write_text(json.dumps(data))
    return saves


async def test_restore_with_one_key_then_open(damaged: Path, tmp_path: Path) -> None:
    before = (damaged / "Tide/campaign.json").read_bytes()
    with pytest.raises(BadSaveFile):
        open_for_console(damaged, "Tide", read_only=False)
    assert (damaged / "Tide/campaign.json").read_bytes() == before  # refused untouched
    app = RecoveryApp(damaged, "Tide")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert len(app.repair.damage) == 1
        await pilot.press("o")  # not yet: still damaged
        assert app.is_running
        await pilot.press("r")
        await pilot.pause()
        assert app.repair.healthy
        await pilot.press("o")
    assert app.return_value == OPEN
    assert check_campaign(damaged, "Tide").healthy
    kept = list((damaged / "Tide/backups/damaged").iterdir())
    assert [p.read_bytes() for p in kept] == [before]  # the damaged file, kept
    open_for_console(damaged, "Tide", read_only=False).close()


async def test_a_planted_link_is_removed_itself_never_its_target(
        damaged: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    (damaged / "Tide/lock").unlink(missing_ok=True)
    (damaged / "Tide/lock").symlink_to(victim)
    app = RecoveryApp(damaged, "Tide")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert [d.rel for d in app.repair.damage] == ["lock"]  # nothing else read
        await pilot.press("r")  # the link goes
        await pilot.pause()
        assert [d.rel for d in app.repair.damage] == ["campaign.json"]
        await pilot.press("r", "q")
    assert victim.read_text() == "keep me"
    assert check_campaign(damaged, "Tide").healthy


def test_recovery_view(snap_compare, damaged: Path) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(RecoveryApp(damaged, "Tide"), terminal_size=SIZE)
