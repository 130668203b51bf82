"""The roster by keyboard: templates, copies in the fight, PC sheets, search, delete."""

from __future__ import annotations

from console.ui.app import GMConsoleApp
from console.ui.dialogs.form_dialog import FormDialog
from tests.ui.conftest import SIZE, type_in
from tests.ui.test_tracker_app import encounter_of, table_names


def roster_rows(app: GMConsoleApp) -> list[str]:
    table = app.screen.query_one("#roster")
    return [str(table.get_row_at(row)[0]) for row in range(table.row_count)]  # type: ignore[attr-defined]


def messages(app: GMConsoleApp) -> list[str]:
    return [n.message for n in app._notifications]


async def test_templates_copies_and_sheets(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("S", "E")
        await type_in(pilot, "Nest")
        await pilot.press("2", "n")
        # Name, Atk, Def, Dmg, AR, Vit, Nish, MR, type, tags, notes.
        await type_in(pilot, "Skrak", "15", "8M", "12", "4", "20", "10", "6", "P", "alien, hive",
                      "")
        skrak = app.controller.store.npc(1)
        assert skrak is not None and skrak.def_ is not None
        assert (skrak.def_.text, int(skrak.def_.value), skrak.tags) == ("8M", 16, ("alien", "hive"))

        # A bad stat is refused in the form, with the rules' own message.
        await pilot.press("n")
        await type_in(pilot, "Drone", "7Q")
        assert isinstance(app.screen, FormDialog)
        assert "Atk: 7Q: die must be 6, 8 or 10" in str(app.screen.query_one("#error").render())
        await pilot.press("escape")

        # Spawn four Skraks into the fight; they share one Nish.
        await pilot.press("s")
        await type_in(pilot, "4", "y")
        assert [c.name for c in encounter_of(app).combatants] == [
            "Skrak 1", "Skrak 2", "Skrak 3", "Skrak 4"]
        assert {c.vit_max for c in encounter_of(app).combatants} == {20}

        # Duplicate the template, then search the roster by tag and by name.
        await pilot.press("y")
        assert roster_rows(app) == ["Skrak", "Skrak (copy)"]
        await pilot.press("slash")
        await type_in(pilot, "copy")
        assert roster_rows(app) == ["Skrak (copy)"]
        await pilot.press("slash", "ctrl+a", "ctrl+k")
        await type_in(pilot, "hive")
        assert roster_rows(app) == ["Skrak", "Skrak (copy)"]
        await pilot.press("slash", "ctrl+a", "ctrl+k", "enter")

        # The template in the fight cannot be deleted; its copy can.
        await pilot.press("home", "delete")
        assert any("Skrak is in the fight" in m for m in messages(app))
        await pilot.press("down", "delete")
        assert roster_rows(app) == ["Skrak"]

        # A PC with his weapons, then he joins the fight.
        await pilot.press("p")
        await type_in(pilot, "Brice", "Ann", "2", "8M", "8M", "6M", "6L", "20", "10L")
        await pilot.press("ctrl+s")
        brice = app.controller.store.pc(1)
        assert brice is not None and brice.player_rank == 2 and brice.ap_total == 102
        await pilot.press("home", "e")
        await type_in(pilot, "", "", "", "", "", "", "", "", "", "", "", "", "", "", "",
                      "blaster 8M/10L; knife 6L/6M")
        await pilot.press("ctrl+s")
        brice = app.controller.store.pc(1)
        assert brice is not None
        assert [(w.name, str(w.atk), str(w.dmg)) for w in brice.weapons] == [
            ("blaster", "8M", "10L"), ("knife", "6L", "6M")]
        await pilot.press("enter")
        assert "Brice" in table_names(app)

        # Every roster change is undoable.
        await pilot.press("ctrl+z", "ctrl+z")
        assert app.controller.store.pc(1).weapons == ()  # type: ignore[union-attr]
