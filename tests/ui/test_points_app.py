"""The other systems' awarder by keyboard (issue 18): g and w follow the campaign's system,
two keys give a Metalface PC his successful action, the points screen's forms reach the
service (whose arithmetic and guards are tested in ``tests/service/test_points_commands.py``)."""

from __future__ import annotations

from textual.widgets import DataTable

from console.service import CampaignService
from console.ui.app import GMConsoleApp
from console.ui.awards.awards_screen import AwardsScreen
from console.ui.awards.grab_bag_dialog import GrabBagDialog
from console.ui.awards.session_ap_pane import SessionApPane
from console.ui.awards.summary_screen import SummaryScreen
from console.ui.bindings import described_bindings
from console.ui.points.points_screen import PointsScreen
from console.ui.tracker.detail_pane import DetailPane
from tests.ui.conftest import SIZE, fill, plain, toasts_of, type_in
from tests.ui.test_awards_app import seat_party


def earned(app: GMConsoleApp) -> dict[str, int]:
    return {pc.name: pc.points.earned for pc in app.service.pcs().values()}


async def test_g_and_w_follow_the_campaign_s_system(seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    seat_party(seed)
    seed.settings.set_system("metalface")
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        main = app.screen
        shown = {b.action for b in described_bindings(main)}
        assert {"quick_points", "points"} <= shown and not {"grab_bag", "awards"} & shown
        pane = main.query_one("#ap", SessionApPane)
        assert pane.border_title == "SP tonight (5)" and pane.shown_columns[1] == "SP"
        await pilot.press("2", "down", "g", "ctrl+s")  # the roster, on Kell: 1 action, 2 SP
        assert not isinstance(app.screen, GrabBagDialog)
        assert earned(app)["Kell"] == 2
        detail = plain(main.query_one("#detail", DetailPane).render(), 100)
        assert "SP 2 (0 to spend)" in detail  # the roster's Kell, up to date
        assert pane.get_row_at(1)[1] == "2"  # Kell, tonight
        await pilot.press("5", "down", "down", "g", "ctrl+s")  # on this pane: Mora
        assert earned(app)["Mora"] == 2
        await pilot.press("w")
        assert isinstance(app.screen, PointsScreen)
        await pilot.press("escape")
        # Back to MetaScape (undo the setting? no: it was set before the app). Set it now:
        app.service.settings.set_system("metascape")
        main.campaign_changed(None)  # type: ignore[attr-defined]  (changed outside it)
        await pilot.pause()
        assert pane.border_title == "AP tonight (5)"
        await pilot.press("w")
        assert isinstance(app.screen, AwardsScreen)


async def test_the_points_screen_s_keys(seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    seat_party(seed)
    seed.settings.set_system("metalface")
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w")
        screen = app.screen
        assert isinstance(screen, PointsScreen)
        # s and p are Metalface's awards: no a beside them.
        assert "a" not in {b.key for b in described_bindings(screen)}
        await pilot.press("o")
        await type_in(pilot, "4", "2")  # Brice: Faith 4, Blessing 2
        await pilot.press("down", "p")  # Kell: a performance
        await type_in(pilot, "", "12")  # out of the book's range: said in the form
        assert "5 to 10" in str(app.screen.query_one(".error").render())
        await fill(pilot, typed="8", reason="stayed in character")
        assert earned(app)["Kell"] == 8
        await pilot.press("up", "f")  # Brice puts his faith in Pilot: a 6, +2
        await type_in(pilot, "", "Pilot", "6")
        brice = app.service.pcs()[1]
        assert brice.points.left("faith") == 3
        assert "rolled 6, +2 to Pilot" in toasts_of(app)[-1]
        party = screen.query_one("#points-party", DataTable)
        assert str(party.get_row_at(0)[6]) == "3/4"  # PC, SP, Tonight, To spend, Waiting, Bought
        await pilot.press("down", "m")
        await type_in(pilot, "kell")  # Kell completes it; Brice's Faith comes back too
        assert app.service.pcs()[1].points.left("faith") == 4
        await pilot.press("t")
        await type_in(pilot, "", "1")  # Kell: 8 SP do not buy a skill point (10)
        assert "Kell has 8 to spend" in str(app.screen.query_one(".error").render())
        await pilot.press("escape", "escape")
        record = screen.query_one("#points-record", DataTable)
        assert record.row_count == 3  # the performance, the faith roll, the mission
        await pilot.press("delete")  # on the party: nothing is taken back
        assert earned(app)["Kell"] == 8
        await pilot.press("tab", "home", "delete")  # the performance, freed but not spent
        assert earned(app)["Kell"] == 0
        assert toasts_of(app)[-1].startswith("Taken back: 8 SP to Kell")


async def test_a_facade_trade_by_keys(seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    seat_party(seed)
    seed.settings.set_system("facade")
    seed.points.award(seed.pcs()[1], "ep", 5)
    app = open_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w", "t")
        await type_in(pilot, "sp", "3")  # SP come two for one EP: said in the form
        assert "2 or 4, not 3" in str(app.screen.query_one(".error").render())
        await fill(pilot, wanted="4")
        brice = app.service.pcs()[1]
        assert (brice.points.spent, brice.points.gained) == (2, {"sp": 4})
        await pilot.press("m")  # no missions in Façade: the key is not there
        assert isinstance(app.screen, PointsScreen)
        await pilot.press("r")
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("escape")
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+z")  # the trade, the EP, the system
        assert app.service.campaign().system == "metascape"
        assert not isinstance(app.screen, PointsScreen)  # its AP are the AP screen's
        assert "plays MetaScape now" in toasts_of(app)[-1]


def test_the_details_give_a_pc_s_advancement_in_the_campaign_s_units() -> None:
    from console.model import PlayerCharacter
    from console.model.system_points import SystemPoints
    from console.ui.tracker.detail_pane import advancement

    vera = PlayerCharacter.new(1, "Vera").with_changes(points=SystemPoints(
        "metalface", earned=47, spent=30, counted=40, gained={"value_point": 1},
        pools={"faith": 3}, used={"faith": 1}))
    assert advancement(vera, "metascape") == "AP 100 total, 100 unused  ·  Initiate"
    assert advancement(vera, "metalface") == (
        "SP 47 (10 to spend)  ·  1 value point  ·  Faith 2/3")
    assert advancement(vera, "facade") == "47 SP from Metalface"
