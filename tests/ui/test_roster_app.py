"""The roster by keyboard: the template and sheet forms, copies, search and delete (the
commands are tested in ``tests/service/test_roster_commands.py``)."""

from __future__ import annotations

from console.service import CampaignService
from console.ui.app import GMConsoleApp
from console.ui.dialogs.form_dialog import FormDialog
from console.ui.roster.roster_pane import RosterPane
from tests.ui.conftest import SIZE, fill, table_names, toasts_of, type_in


def roster_rows(app: GMConsoleApp) -> list[str]:
    table = app.screen.query_one("#roster", RosterPane)
    return [str(table.get_row_at(row)[0]) for row in range(table.row_count)]


async def test_templates_copies_and_sheets(seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    seed.tracker.new_encounter("Nest")
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "n")
        await fill(pilot, name="Skrak", atk="15", def_="8M", dmg="12", ar="4", vit="20",
                   nish="10", tags="alien, hive")
        skrak = app.service.npcs()[1]
        assert skrak.def_ is not None and (skrak.def_.text, skrak.tags) == ("8M", ("alien", "hive"))
        await pilot.press("n")
        await type_in(pilot, "Drone", "7Q")  # a bad stat: refused in the form
        assert isinstance(app.screen, FormDialog)
        assert "Atk: 7Q: die must be 6, 8 or 10" in str(app.screen.query_one("#error").render())
        await pilot.press("escape", "escape", "s")  # a changed form: escape asks first
        await type_in(pilot, "4", "y", "y")  # four, one Nish, hidden from the players
        assert table_names(app)[:4] == ["Skrak 1", "Skrak 2", "Skrak 3", "Skrak 4"]
        assert all(c.hidden for c in app.service.running().combatants)
        await pilot.press("y")
        assert roster_rows(app) == ["Skrak", "Skrak (copy)"]
        await pilot.press("slash")
        await type_in(pilot, "copy")
        assert roster_rows(app) == ["Skrak (copy)"]
        await pilot.press("slash", "ctrl+a", "ctrl+k", "enter")
        assert roster_rows(app) == ["Skrak", "Skrak (copy)"]
        await pilot.press("home", "delete")
        assert "Skrak is in the fight" in toasts_of(app)[-1]
        await pilot.press("p")
        await fill(pilot, name="Brice", player="Ann", player_rank="2", nish="8M", vit_max="20",
                   weapons="blaster 8M/10L")
        assert app.service.pcs()[1].ap_total == 102
        assert [w.name for w in app.service.pcs()[1].weapons] == ["blaster"]
        await pilot.press("home", "enter")
        assert "Brice" in table_names(app)
        await pilot.press("p")
        await type_in(pilot, "brice")
        assert "a PC called Brice is already in the roster" in str(
            app.screen.query_one("#error").render())
