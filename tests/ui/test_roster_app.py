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
        await type_in(pilot, "skrak ")  # another's name, in any case: refused at the field
        assert "a template called Skrak is already in the roster" in str(
            app.screen.query_one("#error").render())
        await pilot.press("escape", "escape", "n")
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


async def test_a_paper_character_is_entered_as_he_stands(seed: CampaignService,
                                                         open_app) -> None:  # type: ignore[no-untyped-def]
    """AP Total, Unused AP, rank and pronoun from the paper sheet; a rank his AP Total does
    not give (Table 8) is refused in the form, which stays open as typed."""
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "p")
        await fill(pilot, name="Oko Ade", pronoun="she", ap_total="540", unused_ap="35",
                   missions_completed="3", rank="4")
        assert isinstance(app.screen, FormDialog)
        assert "rank: 4 needs AP Total 400 to 499 by Table 8; AP Total 540 is rank 5" in str(
            app.screen.query_one("#error").render())
        await fill(pilot, rank="5")
        oko = next(pc for pc in app.service.pcs().values() if pc.name == "Oko Ade")
        assert (oko.ap_total, oko.unused_ap, oko.rank, oko.rank_rolls) == (540, 35, 5, 0)
        assert oko.pronoun.text == "she"
        await pilot.press("p")
        await fill(pilot, name="Ves", pronoun="xe/xem", rank="")
        assert "pronoun: he, she, they, it" in str(app.screen.query_one("#error").render())
        await fill(pilot, pronoun="xe/xem/xyr", ap_total="250", rank="3")
        assert "rank: 3 needs AP Total 300 to 399 by Table 8; AP Total 250 is rank 2" in str(
            app.screen.query_one("#error").render())
        await fill(pilot, rank="2")  # a rank: a mission was completed, as on paper
        ves = next(pc for pc in app.service.pcs().values() if pc.name == "Ves")
        assert (ves.rank, ves.unused_ap, ves.pronoun.their) == (2, 250, "xyr")
