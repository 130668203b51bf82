"""Keys that forgive. Keys typed faster than a dialog opens (a GM types "p", the name and
enter in one burst, and a terminal delivers them at once) are read by the form in order,
none lost and none in the wrong field ("VeraBob"). Escape on a changed form asks; keys
that reach far say what they did and the way back, or ask first when there is none."""

from __future__ import annotations

from textual import events
from textual.widgets import Input

from console.model import PlayerCharacter
from console.model.roster import parse_weapons
from console.service import CampaignService
from console.ui.awards.awards_screen import AwardsScreen
from console.ui.dialogs.form_dialog import FormDialog
from tests.ui.conftest import SIZE, toasts_of

CHARACTERS = {"enter": "\r", "tab": "\t", "escape": "\x1b", "colon": ":", "space": " "}


def burst(app, *keys: str) -> None:  # type: ignore[no-untyped-def]
    """Keys as a terminal sends a fast typist's: all queued before any is handled."""
    for key in keys:
        character = CHARACTERS.get(key, key)
        app.post_message(events.Key(key, character if len(key) == 1 or key in CHARACTERS
                                    else None))


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


async def test_a_burst_into_an_open_form_lands_in_its_fields(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    """The form is on screen: "Prone", enter, "2", enter in one burst fills both fields and
    saves (the 2 once landed in the first field: "Prone2")."""
    patrol(seed, "Skrak")
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        assert isinstance(app.screen, FormDialog)
        burst(app, "P", "r", "o", "n", "e", "enter", "2", "enter")
        for _ in range(4):
            await pilot.pause()
        assert not isinstance(app.screen, FormDialog)
        encounter = app.service.encounter()
        assert [(c.name, c.until_round) for c in encounter.conditions] == [("Prone", 2)]


async def test_tab_in_a_burst_moves_before_the_next_key(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    patrol(seed, "Skrak")
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        burst(app, "X", "tab", "3", "shift+tab", "Y")
        for _ in range(4):
            await pilot.pause()
        # As typed slowly: back in a field, its text is selected and typing replaces it.
        assert [field.value for field in app.screen.query(Input)] == ["Y", "3"]
        burst(app, "down", "4", "up", "Z")  # the arrows go between the fields as tab does
        for _ in range(4):
            await pilot.pause()
        assert [field.value for field in app.screen.query(Input)] == ["Z", "4"]
        # ... but stop at the first and the last: up on the first stays there (and types on).
        burst(app, "up", "W", "down", "down", "5")
        for _ in range(4):
            await pilot.pause()
        assert [field.value for field in app.screen.query(Input)] == ["ZW", "5"]


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
        # The keys typed on before it was said are not typed in, and said to be so.
        assert "typed before this was said, not used: 12" in str(
            app.screen.query_one("#error").render())


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
        assert "Discard" not in str(app.screen.query_one("#error").render())
        await pilot.press("escape")  # asked again: one escape more lost "Verax" at once
        assert isinstance(app.screen, FormDialog)
        await pilot.press("escape")
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


async def test_nish_results_called_out_in_a_burst_each_land_on_their_pc(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    patrol(seed, "Skrak")
    seed.tracker.join_pc("Vera", vit_max=18)
    seed.tracker.join_pc("Kess", vit_max=16)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        burst(app, "1", "2", "enter", "9", "enter")
        for _ in range(4):
            await pilot.pause()
        nish = {c.name: c.nish for c in app.service.encounter().combatants}
        # Asked in the roster's order (Kess, then Vera), whatever order they joined in.
        assert (nish["Kess"], nish["Vera"]) == (12, 9)


async def test_a_burst_after_d_reaches_the_dice_calculators_fields_in_order(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    """Issue 26: D, ctrl+u, 10H, enter, ctrl+u, 30, enter, 7:1 in one burst left Faces
    empty (a ctrl+u ran in whichever field had the focus when it came back to the app)."""
    from console.ui.calculator.dice_screen import DiceScreen

    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "D", "ctrl+u", "1", "0", "H", "enter", "ctrl+u", "3", "0", "enter",
              "7", "colon", "1")
        for _ in range(4):
            await pilot.pause()
        assert isinstance(app.screen, DiceScreen)
        assert [field.value for field in app.screen.query(Input)] == ["10H", "30", "7:1"]


async def test_keys_typed_between_two_dialogs_of_a_flow_reach_the_second(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    """A flow holds the keys from the close of one dialog to the next one's opening: the
    attack's setup saved, the player's result typed at once."""
    from tests.ui.conftest import select

    patrol(seed, "Thug")
    seed.roster.add_pc(lambda new_id: PlayerCharacter.new(
        new_id, "Vera", vit_max="18", weapons=parse_weapons("blaster 8M/10L")))
    seed.tracker.join_party()
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await select(pilot, app, "Thug")
        # Def 4 and AR 2 typed into the setup, saved; the player's Atk result, 12, at once.
        burst(app, "A", "tab", "tab", "tab", "tab", "4", "tab", "2", "ctrl+s",
              "1", "2", "enter")
        for _ in range(6):
            await pilot.pause()
        assert isinstance(app.screen, FormDialog)
        assert app.screen.title_text == "Vera hits Thug"  # the damage form: 12 hit


async def test_a_burst_gives_the_grab_bags_points_and_its_reason(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    """g, 2, the reason and enter in one burst: 2 focuses the reason before the letters after
    it are read; they reach it, and the award is saved with it."""
    from tests.ui.test_awards_app import awards_of, seat_party

    seat_party(seed)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "down")  # the roster, on Kell
        burst(app, "g", "2", "f", "i", "r", "s", "t", "space", "a", "i", "d", "enter")
        for _ in range(6):
            await pilot.pause()
        assert awards_of(app) == [(2, 2, "first aid")]
        assert not isinstance(app.screen, FormDialog)


async def test_escape_then_a_letter_read_as_one_alt_key_are_both_done(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    """Escape then ``w`` within the escape delay reach the console as one key, alt+w (tmux
    merges them within its escape-time, 500 ms by default): the form closes and the AP
    screen opens, as typed. Both were lost."""
    patrol(seed, "Skrak")
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        assert isinstance(app.screen, FormDialog)
        app.post_message(events.Key("alt+w", "w"))  # what Textual's parser makes of ESC w
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, AwardsScreen)
        assert [screen for screen in app.screen_stack if isinstance(screen, FormDialog)] == []
