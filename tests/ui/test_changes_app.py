"""Issue 26: what a key changed reaches the panes as one value, and each pane redraws only
when its own documents changed: a turn leaves the roster and tonight's awards alone, an
award leaves the tracker alone, and undo, redo and a form's save do the same."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from console.service import CampaignService
from console.ui.app import GMConsoleApp
from console.ui.changes import Redraws, spread
from tests.service.test_forecast_commands import armed
from tests.ui.conftest import SIZE, select, type_in

PANES = ("status", "tracker", "roster", "hazards", "ap", "detail", "log")


@pytest.fixture
def app(seed: CampaignService, open_app: Any) -> GMConsoleApp:
    armed(seed)
    seed.tracker.call_for_nish({1: 30, 2: 20})
    return open_app()  # type: ignore[no-any-return]


def count_redraws(app: GMConsoleApp, monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often each pane draws (the details: when painted, however often asked)."""
    counted: Counter[str] = Counter()
    for pane_id in PANES:
        pane = app.screen.query_one(f"#{pane_id}")
        assert isinstance(pane, Redraws)
        name = "_draw" if pane_id == "detail" else "redraw"
        drawn = getattr(pane, name)

        def redraw(drawn: Any = drawn, pane_id: str = pane_id) -> Any:
            counted[pane_id] += 1
            return drawn()

        monkeypatch.setattr(pane, name, redraw)
    return counted


async def test_a_turn_redraws_the_fight_not_the_roster(app: GMConsoleApp,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        counted = count_redraws(app, monkeypatch)
        await pilot.press("space")
        await pilot.pause()
        assert set(counted) == {"status", "tracker", "hazards", "detail", "log"}
        assert max(counted.values()) == 1  # each once
        counted.clear()
        await pilot.press("ctrl+z")  # undo gives the fight back: the same panes
        await pilot.pause()
        assert set(counted) == {"status", "tracker", "hazards", "detail", "log"}


async def test_an_award_redraws_tonight_not_the_tracker(app: GMConsoleApp,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Kara")
        counted = count_redraws(app, monkeypatch)
        await pilot.press("g", "2")
        await type_in(pilot, "held the door")
        assert app.service.session().ap_awards[0].reason == "held the door"
        # The session's document (the header reads it), tonight's awards, the log; the
        # details, which show the session's state.
        assert set(counted) == {"status", "ap", "detail", "log"}
        counted.clear()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert set(counted) == {"status", "ap", "detail", "log"}


async def test_a_new_template_redraws_the_roster_alone(app: GMConsoleApp,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        counted = count_redraws(app, monkeypatch)
        await pilot.press("n")
        await type_in(pilot, "Thug")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Thug" in {npc.name for npc in app.service.npcs().values()}
        assert set(counted) == {"roster", "detail", "log"}


async def test_the_store_tidies_after_a_change_is_shown(app: GMConsoleApp,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Old backups are removed after the key's frame (service.tidy), once per change."""
    service = app.service
    tidied: list[int] = []
    monkeypatch.setattr(service, "tidy", lambda: tidied.append(service.opno))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tidied.clear()
        await pilot.press("space")
        await pilot.pause()
        assert tidied == [service.opno]
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert tidied[-1] == service.opno and len(tidied) == 2
        spread(app, None)  # a change heard: the panes redraw first, tidy comes after
        assert len(tidied) == 2
        await pilot.pause()
        assert len(tidied) == 3
