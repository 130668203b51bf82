"""The row list under the tracker and the roster: its cursor keys, clicks, and that a
change repaints only the rows that changed."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import BindingType

from console.ui.bindings import cursor_ends
from console.ui.widgets.row_list import Cell, RowList


class Rows(RowList):
    BINDINGS: ClassVar[list[BindingType]] = cursor_ends("rows")

    def __init__(self) -> None:
        super().__init__([("Name", 10), ("Vit", 5)])
        self.drawn: list[str] = []
        self.chosen: list[int] = []

    def _draw(self, cells, style):  # type: ignore[no-untyped-def]
        self.drawn.append(str(cells[0]))
        return super()._draw(cells, style)

    def on_row_list_chosen(self, event: RowList.Chosen) -> None:
        self.chosen.append(event.row)


def rows(count: int) -> list[tuple[Cell, ...]]:
    return [(Text(f"Row {n}"), str(n)) for n in range(count)]


class ListApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Rows()

    def on_mount(self) -> None:
        self.query_one(Rows).set_rows(rows(100))
        self.query_one(Rows).focus()


async def test_the_cursor_keys_and_the_list_scrolling_with_it() -> None:
    app = ListApp()
    async with app.run_test(size=(30, 12)) as pilot:
        table = app.query_one(Rows)
        await pilot.press("down", "down", "down")
        assert table.cursor_row == 3
        await pilot.press("pagedown")
        assert table.cursor_row == 3 + 10  # a page: the rows shown under the header, less one
        await pilot.press("end")
        assert table.cursor_row == 99
        assert table.scroll_y > 80  # the last row is in view
        await pilot.press("home", "up")
        assert table.cursor_row == 0 and table.scroll_y == 0


async def test_a_click_selects_and_a_click_on_the_selection_chooses() -> None:
    app = ListApp()
    async with app.run_test(size=(30, 12)) as pilot:
        table = app.query_one(Rows)
        await pilot.click(Rows, offset=(2, 3))  # line 0 is the header: row 2
        assert table.cursor_row == 2 and table.chosen == []
        await pilot.click(Rows, offset=(2, 3))
        assert table.chosen == [2]


async def test_only_the_rows_that_changed_are_drawn_again() -> None:
    app = ListApp()
    async with app.run_test(size=(30, 12)) as pilot:
        table = app.query_one(Rows)
        await pilot.pause()
        table.drawn.clear()
        changed = rows(100)
        changed[5] = (Text("Row 5", style="dim"), "5")  # the same text, dimmed
        table.set_rows(changed)
        await pilot.pause()
        assert table.drawn == ["Row 5"]
        table.drawn.clear()
        table.set_rows(changed)  # nothing new
        await pilot.pause()
        assert table.drawn == []
        await pilot.press("down")  # two rows repainted: the one left and the one reached
        assert sorted(table.drawn) == ["Row 0", "Row 1"]


async def test_fewer_rows_keep_the_cursor_inside() -> None:
    app = ListApp()
    async with app.run_test(size=(30, 12)) as pilot:
        table = app.query_one(Rows)
        await pilot.press("end")
        table.set_rows(rows(4))
        await pilot.pause()
        assert table.cursor_row == 3 and table.row_count == 4
        table.set_rows([])
        await pilot.pause()
        assert table.cursor_row == -1


class Fitted(RowList):
    """Like the hazards pane: as tall as its rows, its columns narrowed to fit."""

    DEFAULT_CSS = "Fitted { height: auto; max-height: 9; border: round $primary; }"

    def __init__(self) -> None:
        super().__init__([("Victim", 14), ("Hazard", 14), ("Next", 14)],
                         narrow={0: 8, 1: 10, 2: 12})


class FittedApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Fitted()

    def on_mount(self) -> None:
        self.query_one(Fitted).set_rows([("Brice", "holding breath", "on his Nish"),
                                         ("Kara", "vacuum", "on his Nish")])


async def test_a_list_fitted_to_its_width_has_no_scrollbar_row() -> None:
    """Issue 25 (the 120x40 snapshot on Python 3.12 and 3.13): the list first lays out
    with its full columns, wider than it is, and Textual shows a horizontal scrollbar; the
    narrowed columns then fit, but Textual looks at a scroll view's scrollbars again only
    when its size changes. A list as tall as its content kept the scrollbar, a blank row
    taken from the pane under it, or not, as the event loop's timing went. The list never
    scrolls sideways: it fits its columns to its width instead."""
    for width in (38, 44, 60):  # 38: the narrowed columns fit exactly
        app = FittedApp()
        async with app.run_test(size=(width, 20)) as pilot:
            await pilot.pause()
            listed = app.query_one(Fitted)
            assert not listed.show_horizontal_scrollbar, width
            assert listed.size.height == 3, width  # the header and two rows


async def test_columns_that_cannot_fit_are_cut_at_the_right_not_scrolled() -> None:
    app = FittedApp()
    async with app.run_test(size=(30, 20)) as pilot:
        await pilot.pause()
        listed = app.query_one(Fitted)
        assert not listed.show_horizontal_scrollbar and listed.size.height == 3
        assert listed.render_line(1).text == " Brice     holding b…  on hi"


class Wounds(RowList):
    def __init__(self) -> None:
        super().__init__([("Vit", 11)], cut_at_space=[0])


class WoundsApp(App[None]):
    CELLS = ("24/20 CD 4 ███░", "45/20 CD 25 ██", "120/300 CD 14 █")

    def compose(self) -> ComposeResult:
        yield Wounds()

    def on_mount(self) -> None:
        self.query_one(Wounds).set_rows([(Text(cell),) for cell in self.CELLS])


async def test_a_cell_cut_at_a_space_says_words_left_out_not_a_bar() -> None:
    """The tracker's narrow Wounds/Vit cell drops its bar whole, unsaid; "26/12 CD 14" cut
    at its last space read "26/12 CD", its critical damage gone unseen: words left out end
    in "…"."""
    app = WoundsApp()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        shown = [app.query_one(Wounds).render_line(row).text.strip() for row in (1, 2, 3)]
        assert shown == ["24/20 CD 4", "45/20 CD 25", "120/300 CD…"]
