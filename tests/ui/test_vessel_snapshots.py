"""The vessels on the main screen (issue 25): the pirates' skimmer crippled (✕, never ✝),
the party's own skimmer selected with its figures in Vehicle points and the checks its
critical damage made due."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from console.model import NpcTemplate, Status
from console.rules.ratings import RatingType
from console.service import CampaignService
from console.ui.app import GMConsoleApp
from tests.ui.conftest import SIZE, FakeClock
from tests.ui.test_snapshots import mid_fight

PIRATES = NpcTemplate(2, "Pirate skimmer", atk="12", def_="10", dmg="10MV", ar="20",
                      vit="30", nish="12", body_type="V")
OURS = NpcTemplate(3, "Dha skimmer", atk="10", def_="8", dmg="8MV", ar="8M", vit="30",
                   body_type="V")


@pytest.fixture(autouse=True)
def utc(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "UTC")  # the log shows local times
    time.tzset()


def with_vessels(tmp_path: Path) -> GMConsoleApp:
    clock = FakeClock()
    clock.advance(42)
    service = CampaignService(mid_fight(tmp_path), random.Random(3), clock)
    service.roster.add_npc(lambda new_id: PIRATES)
    service.roster.add_npc(lambda new_id: OURS)
    service.roster.spawn(PIRATES, 1)
    service.roster.join_party_vessel(OURS)
    encounter = service.encounter()
    assert encounter is not None
    pirates, ours = encounter.combatants[-2], encounter.combatants[-1]
    service.combat.change_wounds(pirates, -32, Status.CRIPPLED)
    service.combat.hit_party_vessel(ours, 400, RatingType.P, 6)  # 40 - 6: 34/30, 4 CD
    return GMConsoleApp(service)


def test_the_skimmers_never_die(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(with_vessels(tmp_path), terminal_size=SIZE,
                        press=["end", "up"])
