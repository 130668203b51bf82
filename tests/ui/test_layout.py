"""The main screen at the table's sizes: the four panes side by side where they fit, the
side panes a page of their own in a narrow terminal, any pane over the whole screen."""

from __future__ import annotations

import pytest

from console.service import CampaignService
from console.store import CampaignStore
from console.ui.hazards.hazards_pane import HazardsPane
from console.ui.tracker.tracker_pane import TrackerPane
from tests.service.conftest import fight, seeded


async def test_a_narrow_terminal_pages_between_the_tracker_and_the_side_panes(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    fight(seed)
    app = open_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        tracker = screen.query_one("#tracker", TrackerPane)
        assert screen.has_class("-narrow") and tracker.display
        assert not screen.query_one("#side").display
        # What a GM reads stays on screen: Nish, name, state, wounds of Vit and conditions.
        assert {"Nish", "Name", "State", "Wounds/Vit", "Conditions"} <= set(tracker.shown_columns)
        await pilot.press("4")
        assert screen.query_one("#side").display and not tracker.display
        assert app.focused is screen.query_one("#hazards", HazardsPane)
        await pilot.press("1")
        assert tracker.display and app.focused is tracker


async def test_a_wide_terminal_shows_every_pane(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    fight(seed)
    app = open_app()
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert not screen.has_class("-narrow")
        for pane in ("#tracker", "#roster", "#hazards", "#ap", "#detail", "#log"):
            assert screen.query_one(pane).display


async def test_f_puts_the_pane_over_the_whole_screen_and_back(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    fight(seed)
    app = open_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.press("F")
        assert app.screen.maximized is app.screen.query_one("#tracker")
        await pilot.press("F")
        assert app.screen.maximized is None


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 48)])
async def test_f_on_any_pane_fills_the_screen_at_every_size(
        seed: CampaignService, open_app, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    # At 80x24 and 100x30 the log stayed its 6 lines, amid hatching (a new GM's F on 3).
    fight(seed)
    app = open_app()
    async with app.run_test(size=size) as pilot:
        for key, pane in (("1", "#tracker"), ("3", "#log"), ("2", "#roster")):
            await pilot.press(key, "F")
            await pilot.pause()
            widget = app.screen.query_one(pane)
            assert app.screen.maximized is widget
            assert widget.region.height >= size[1] - 4, (pane, widget.region)
            await pilot.press("F")


def test_the_hazards_pane_names_the_check_due_with_its_chance() -> None:
    from console.model import PlayerCharacter
    from console.rules.hazards import suffocation
    from console.ui.awards.session_ap_pane import session_ap_rows
    from console.ui.hazards.hazards_pane import hazard_rows

    memory = seeded(CampaignStore.in_memory("Dock"))
    memory.roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "Brice", wp="10L"))
    memory.roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "Kara"))
    fight(memory)
    memory.tracker.call_for_nish({1: 12, 2: 7})
    brice = memory.encounter().combatant(1)  # type: ignore[union-attr]
    assert brice is not None
    memory.hazards.start(brice, "drowning", suffocation.start("water", prepared=False,
                                                               wp="10L"))
    rows = hazard_rows(memory.view(), memory.hazards.rating_for)
    assert [str(row[0]) for row in rows] == ["Brice"]
    nxt = str(rows[0][2])
    assert nxt.startswith("Nish, round ") or (nxt.startswith("Z: WP vs") and "10L:" in nxt)
    memory.awards.grab_bag(memory.pcs()[2], 2, "")
    ap = {str(row[0]): (str(row[1]), str(row[2])) for row in session_ap_rows(memory.view())}
    assert ap == {"Brice": ("0", "nothing yet tonight"), "Kara": ("2", "grab 2")}


async def test_the_theme_chosen_is_remembered_for_the_next_start(
        seed: CampaignService, open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    async with app.run_test(size=(120, 40)):
        app.theme = "nord"  # what the palette's Theme command does
    again = open_app()
    async with again.run_test(size=(120, 40)):
        assert again.theme == "nord"


def test_the_turn_after_this_one_is_marked_on_deck() -> None:
    from console.ui.tracker.rows import tracker_rows

    service = fight(seeded(CampaignStore.in_memory("Dock")))
    service.tracker.call_for_nish({1: 30, 2: 3})  # Brice 30, leader 16, Skraks 10, Kara 3
    encounter = service.encounter()
    assert encounter is not None

    def marks() -> dict[str, str]:
        found = {}
        for key, cells in tracker_rows(service.view()):
            combatant = service.encounter().combatant(key)  # type: ignore[union-attr]
            assert combatant is not None
            found[combatant.name] = str(cells[0])[:1]
        return found

    assert marks()["Brice"] == "▶" and marks()["Skrak leader"] == "▷"
    service.tracker.next_turn()
    assert marks()["Skrak leader"] == "▶" and marks()["Brice"] == " "
    # Tied on 10 (individual Initiative): the first of the tie is next, not both.
    assert sorted([marks()["Skrak 1"], marks()["Skrak 2"]]) == [" ", "▷"]
    # Group mode in the leader's turn, then individual and group again, the party a turn
    # of its own: one who has had his turn this round carries no arrow in it (a new GM
    # read Brice's as his acting again).
    service.tracker.next_turn()  # Skrak 1's turn
    service.tracker.next_turn()  # Skrak 2's
    service.tracker.next_turn()  # Kara's: Brice has had his turn
    service.tracker.cycle_mode()  # wave
    service.tracker.cycle_mode()  # group: the party's turn holds Brice and Kara
    assert marks()["Kara"] == "▶" and marks()["Brice"] == " "


def test_the_wounds_bar_stays_in_its_cell_however_long_the_numbers() -> None:
    """At 160x48 "36/12 CD 24" and its bar took 20 cells of the cell's 19: the bar was cut
    off whole. Longer numbers now keep a shorter bar; a bar too short to tell is left out."""
    from console.model import Combatant
    from console.ui.tracker.rows import WIDTHS, _vit_text

    def cell(wounds: int, vit: int) -> str:
        return _vit_text(Combatant(1, "Skrak", wounds=wounds, vit_max=vit), None).plain

    assert cell(6, 12) == "6/12       ████░░░░"
    assert cell(36, 12) == "36/12 CD 24 ███████"
    assert cell(136, 12) == "136/12 CD 124 █████"
    assert cell(4_000_000, 12) == "4000000/12 CD 3999988"
    assert all(len(cell(wounds, 12)) <= WIDTHS["vit"]
               for wounds in (0, 5, 12, 13, 99, 999, 12_345))


def test_a_pc_who_owes_checks_says_so_in_his_row_until_they_are_recorded() -> None:
    """A death check due as a blow landed was said by a toast alone: the next key took it
    away, and the row showed nothing."""
    from console.rules.critical_damage import CheckKind
    from console.ui.tracker.rows import COLUMNS, tracker_rows
    from tests.service.test_combat_commands import dock, fighter

    service = dock()
    combat = service.combat

    def state() -> str:
        rows = dict(tracker_rows(service.view()))
        return str(rows[1][COLUMNS.index("state")])

    service.tracker.next_turn()  # the Skraks' turn: Brice has had his
    assert state() == ""
    attack = combat.plan_npc_attack(fighter(service, 3), fighter(service, 1), [], 1, 15, 20)
    combat.land_npc_attack(attack, 2)
    combat.land_npc_attack(attack, 2)  # 36 wounds on Vit 20: his death check, now
    assert state() == "checks due"
    combat.apply_checks(fighter(service, 1), [(CheckKind.DEATH, 20),
                                              (CheckKind.UNCONSCIOUSNESS, 90)])
    assert state() == ""


def test_an_npcs_values_name_his_body_type_where_it_is_not_personal() -> None:
    from console.model.combat import NpcNumbers
    from console.rules.ratings import RatingType
    from console.ui.tracker.detail_pane import npc_values

    assert npc_values(NpcNumbers(15, 16, 20, 4, 12, RatingType.P)) == (
        "Atk 15 · Def 16 · Dmg 20 · AR 4")
    assert npc_values(NpcNumbers(20, 18, 6, None, 8, RatingType.V)) == (
        "Atk 20 · Def 18 · Dmg 6V · AR —")
