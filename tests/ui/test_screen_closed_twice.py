"""A burst typed as a form opens (c, a name, enter, enter, ctrl+p, found by an outside
tester) left the console without its main screen and every key held, until killed: the
command palette, opened by ctrl+p first (Textual's priority binding), took the keys, ran
the condition's command again and closed twice, popping the main screen; the second flow
cancelled the first before its worker ever ran, whose hold on the keys was never let go."""

from __future__ import annotations

import pytest

from console.service import CampaignService
from console.ui.screens.main_screen import MainScreen
from tests.service.conftest import fight
from tests.ui.conftest import SIZE
from tests.ui.test_forgiving_keys import burst


# The flow replaced before it ran: its coroutines are never awaited, which is the case here.
@pytest.mark.filterwarnings("ignore:coroutine .* was never awaited:RuntimeWarning")
async def test_the_main_screen_stays_whatever_closes_twice(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    fight(seed)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        burst(app, "c", "D", "d", "d", "enter", "enter", "ctrl+p")
        for _ in range(6):
            await pilot.pause()
        assert any(isinstance(screen, MainScreen) for screen in app.screen_stack), app.screen_stack
        for _ in range(4):
            await pilot.press("escape")
            await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        await pilot.press("space")  # the keys reach the console again
        await pilot.pause()
        assert app.service.encounter() is not None
