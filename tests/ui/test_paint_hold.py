"""A form's last key draws the screen under it once, changed (console.ui.paint_hold): not
once as it was and again a moment later. And the hold never keeps a screen from being drawn:
it ends with the flow, at the next dialog, or after ``LONGEST`` whatever happens."""

from __future__ import annotations

import asyncio

from textual.app import App
from textual.drivers.headless_driver import HeadlessDriver
from textual.widgets import Label

from console.service import CampaignService
from console.ui.paint_hold import LONGEST, PaintHold
from tests.service.conftest import fight
from tests.ui.conftest import SIZE, keys


class Meter(HeadlessDriver):
    """Draws as a terminal's driver does (a headless one draws nothing), writing nowhere."""

    frames: list[str]

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        self.frames = [*getattr(self, "frames", []), data]

    def flush(self) -> None:
        pass


def _frames(app: App[object]) -> int:
    return len(getattr(app._driver, "frames", []))


async def test_a_forms_last_key_draws_the_screen_under_it_once_changed(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    fight(seed)
    app = open_app()
    app.driver_class = Meter
    async with app.run_test(headless=False, size=SIZE) as pilot:
        await pilot.press("c", *keys("Stunned"), "enter", "1")
        await pilot.pause()
        before = _frames(app)
        await pilot.press("enter")
        await asyncio.sleep(LONGEST * 2)  # whatever would come: a second frame, a late one
        await pilot.pause()
        assert _frames(app) - before == 1
        assert "Stunned" in app._driver.frames[-1]  # type: ignore[union-attr]


async def test_a_hold_ends_when_released_and_in_any_case_after_its_longest() -> None:
    app = App[None]()
    app.driver_class = Meter
    async with app.run_test(headless=False, size=(40, 5)) as pilot:
        await app.screen.mount(Label("one", id="label"))
        await pilot.pause()
        paint = PaintHold(app)
        for release in (paint.release_soon, None):  # released by the flow, or forgotten
            paint.hold()
            paint.hold()  # held once, however often asked
            before = _frames(app)
            app.query_one("#label", Label).update("two")
            await pilot.pause()
            assert paint.held and _frames(app) == before  # nothing drawn while held
            if release is not None:
                release()
                await pilot.pause()
            else:
                await asyncio.sleep(LONGEST * 1.5)
                await pilot.pause()
            assert not paint.held and _frames(app) > before
        paint.release()  # released twice: nothing more
        assert not paint.held
