"""Keys that forgive. Keys typed faster than a dialog opens (a GM types "p", the name and
enter in one burst, and a terminal delivers them at once) are read by the form in order,
none lost and none in the wrong field ("VeraBob"). Escape on a changed form asks; keys
that reach far say what they did and the way back, or ask first when there is none."""

from __future__ import annotations

from textual import events
from textual.widgets import Input

from console.service import CampaignService
from console.ui.dialogs.form_dialog import FormDialog
from tests.ui.conftest import SIZE, toasts_of


def burst(app, *keys: str) -> None:  # type: ignore[no-untyped-def]
    """Keys as a terminal sends a fast typist's: all queued before any is handled."""
    for key in keys:
        character = {"enter": "\r", "tab": "\t", "escape": "\x1b"}.get(key, key)
        app.post_message(events.Key(key, character if len(key) == 1 or key in (
            "enter", "tab", "escape") else None))


def patrol(seed: CampaignService, *npcs: str) -> None:
    """Session 1, the encounter Patrol, and these NPCs in it (Nish 9, Vit 10)."""
    seed.sessions.toggle()
    seed.tracker.new_encounter("Patrol")
    for name in npcs:
        seed.tracker.add_npc(name, 9, 10)


async def test_a_burst_after_the_key_that_opens_a_form_lands_in_its_fields(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")  # the roster
        burst(app, "p", "V", "e", "r", "a", "enter", "B", "o", "b")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)
        values = [field.value for field in app.screen.query(Input)]
        assert values[:2] == ["Vera", "Bob"]
        assert app.screen.focused is app.screen.query(Input)[1]  # typing on goes on there


async def test_a_mistake_in_a_burst_stops_there_with_its_message(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    patrol(seed)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "a", "T", "h", "u", "g", "enter", "x", "enter", "1", "2")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)
        assert app.screen.query_one("#error").render()  # "x" is not a Nish: said
        assert [field.value for field in app.screen.query(Input)][:2] == ["Thug", "x"]


async def test_escape_in_a_burst_cancels_the_form(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        burst(app, "p", "V", "escape", "escape")  # changed: the first escape asks
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, FormDialog)
        assert seed.pcs() == {}


async def test_a_pane_key_in_a_burst_sends_the_next_keys_to_that_pane(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    patrol(seed, "Thug")
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "2", "p", "Z", "e", "d", "enter")  # e is also the tracker's key
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)
        assert app.screen.title_text.startswith("New player character")
        assert app.screen.query(Input)[0].value == "Zed"


async def test_escape_on_a_changed_form_asks_before_discarding(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "p")
        form = app.screen
        assert isinstance(form, FormDialog)
        await pilot.press("escape")  # nothing typed yet: closes at once
        assert not isinstance(app.screen, FormDialog)
        await pilot.press("p", "V", "e", "r", "a", "escape")
        assert isinstance(app.screen, FormDialog)  # asked, not closed
        assert "Discard" in str(app.screen.query_one("#error").render())
        await pilot.press("x")  # going on: the question is withdrawn, typing kept
        assert app.screen.query(Input)[0].value == "Verax"
        await pilot.press("escape", "escape")
        assert not isinstance(app.screen, FormDialog)
        assert seed.pcs() == {}


async def test_far_reaching_keys_say_the_way_back(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    patrol(seed)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+e")
        assert toasts_of(app)[-1] == "Encounter Patrol ended (undo: ctrl+z)"
        await pilot.press("ctrl+z")
        assert app.service.encounter() is not None


async def test_minus_seven_typed_on_a_combatant_wounds_him(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    from tests.ui.conftest import select

    patrol(seed, "Thug")
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Thug")
        burst(app, "minus", "7", "enter")
        await pilot.pause()
        await pilot.pause()
        assert app.service.encounter().combatants[0].wounds == 7  # type: ignore[union-attr]


async def test_a_question_answered_before_it_is_on_screen_is_answered(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "S", "y")  # the first session: asked, and answered in the same burst
        await pilot.pause()
        await pilot.pause()
        assert app.service.session().number == 1
