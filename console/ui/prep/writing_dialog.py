"""A form for writing (issue 29): a few one-line fields (a name, a map number) above blocks of
text (boxed text, GM notes, a background, stat lines), each block a text area where enter
starts a new line.

``tab`` moves across fields and blocks, ``ctrl+s`` saves, ``escape`` cancels (a changed form
asks first). Each field is read by its parser and each block checked against what a note may
hold (``console.model.text``): its length, and no character that steers a terminal. A
character like that pasted into a block is shown as its escape at once (``\\x1b``), never
drawn raw, and the form says so. The dialog returns the values by name, or None.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, TextArea

from console.model.text import cleaned, first_refused
from console.ui.dialogs.dialog import Dialog
from console.ui.dialogs.discarding import AsksBeforeDiscarding
from console.ui.dialogs.form_dialog import Field
from console.ui.key_gate import GatedApp, again
from console.ui.prep.block import Block
from console.ui.safety import Guarded
from console.ui.widgets.field_input import FieldInput, GoesOn
from console.ui.widgets.plain import Label, Static

__all__ = ["Block", "BlockArea", "LineInput", "WritingDialog"]


def _steered(widget: Input | TextArea, event: events.Key) -> bool:
    """A key of a writing form, as the field it reached reads it: passed on to the field or
    block that has the focus if that is another (keys typed faster than the focus moves:
    "Pump room", enter, "M2", enter, the boxed text, in one burst, put the boxed text in
    the map number), and the form's own keys (tab across, ctrl+s, escape) acted on at once,
    in the order typed. True if the key was taken here."""
    screen = widget.screen
    if not isinstance(screen, WritingDialog):
        return False
    focused = screen.focused
    taken = True
    if not screen.is_active:  # typed after the form closed: for what is on top now
        if isinstance(widget.app, GatedApp):
            widget.app.key_gate.keep(event)
    elif focused is not None and focused is not widget:
        focused.post_message(again(event, widget.app))
    elif event.key == "tab":
        screen.focus_next()
    elif event.key == "shift+tab":
        screen.focus_previous()
    elif event.key == "ctrl+s":
        screen.submit()
    elif event.key == "escape":
        screen.action_cancel()
    else:
        taken = False
    if taken:
        event.stop()
        event.prevent_default()
    return taken


class BlockArea(Guarded, TextArea):
    """A text area that never holds a character that steers a terminal: one pasted is
    written as its escape at once."""

    def on_key(self, event: events.Key) -> None:
        if event.key != "escape" and isinstance(self.screen, GoesOn):
            self.screen.go_on()  # a cursor key in the block answers the question too
        _steered(self, event)  # else the text area's own: a character, enter, a cursor key

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        refused = first_refused(self.text, notes=True)
        if refused is None:
            return
        cursor = self.cursor_location
        self.load_text(cleaned(self.text, notes=True))
        self.move_cursor(cursor)
        screen = self.screen
        if isinstance(screen, WritingDialog):
            screen.show_error(f"the text held {refused}: it is kept as its escape (\\x..), "
                              "never drawn raw")


class LineInput(FieldInput):
    """A one-line field of a writing form: ``tab`` goes on to the next field or block (a
    form's FieldInput goes round its own fields only, and with one field stayed put: the
    text meant for the block went into the title)."""

    async def on_key(self, event: events.Key) -> None:
        if not _steered(self, event):
            await super().on_key(event)  # enter: the next field (FieldInput), or a character


class WritingDialog(AsksBeforeDiscarding, Dialog[dict[str, Any] | None]):
    CSS_PATH = Path(__file__).with_name("prep.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save", id="writing.save"),
        Binding("escape", "cancel", "Cancel", id="writing.cancel"),
    ]

    def __init__(self, title: str, fields: list[Field], blocks: list[Block], hint: str = "",
                 check: Callable[[dict[str, Any]], None] | None = None,
                 focus_block: str | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.fields = fields
        self.blocks = blocks
        self.hint = hint
        self.check = check
        self.focus_block = focus_block

    def compose(self) -> ComposeResult:
        with Vertical(id="writing"):
            yield Label(self.title_text, classes="title")
            for field in self.fields:
                with Horizontal(classes="row"):
                    yield Label(field.label, classes="label")
                    yield LineInput(value=field.value, id=f"field-{field.name}",
                                    compact=True, max_length=field.max_length)
            for block in self.blocks:
                yield Label(block.label, classes="block-label")
                area = BlockArea(block.value, id=f"block-{block.name}", soft_wrap=True,
                                 tab_behavior="focus", compact=True)
                area.styles.height = f"{block.weight}fr"
                yield area
            yield Static("", classes="error", id="error")
            yield Static(self.hint or "tab: next · ctrl+s: save · escape: cancel",
                         classes="hint")

    def on_mount(self) -> None:
        super().on_mount()
        target = (self.query_one(f"#block-{self.focus_block}", TextArea)
                  if self.focus_block else next(iter(self.query(FieldInput)), None)
                  or self.query_one(TextArea))
        self.set_focus(target)

    # enter in a one-line field: the next field, or the first block (FieldScreen)
    def field_entered(self, field: Input) -> None:
        inputs = list(self.query(FieldInput))
        index = inputs.index(field) if field in inputs else -1
        if 0 <= index < len(inputs) - 1:
            self.set_focus(inputs[index + 1])
        elif self.blocks:
            self.set_focus(self.query_one(f"#block-{self.blocks[0].name}", TextArea))
        else:
            self.submit()

    def show_error(self, message: str) -> None:
        self.query_one("#error", Static).update(message)

    def _values(self) -> dict[str, Any] | None:
        values: dict[str, Any] = {}
        for field in self.fields:
            widget = self.query_one(f"#field-{field.name}", Input)
            try:
                refused = first_refused(widget.value)
                if refused is not None:
                    raise ValueError(f"{field.label}: holds {refused}, which is not text to "
                                     "show")
                values[field.name] = field.parse(widget.value)
            except ValueError as error:
                self.show_error(str(error))
                self.set_focus(widget)
                return None
        for block in self.blocks:
            area = self.query_one(f"#block-{block.name}", TextArea)
            text = area.text
            if len(text) > block.max_length:
                self.show_error(f"{block.label}: {len(text):,} characters; at most "
                                f"{block.max_length:,} fit")
                self.set_focus(area)
                return None
            values[block.name] = text
        return values

    def submit(self) -> None:
        values = self._values()
        if values is None:
            return
        if self.check is not None:
            try:
                self.check(values)
            except ValueError as error:
                self.show_error(str(error))
                return
        self.dismiss(values)

    def action_save(self) -> None:
        self.submit()

    def typed_anything(self) -> bool:
        return (any(self.query_one(f"#field-{f.name}", Input).value != f.value
                    for f in self.fields)
                or any(self.query_one(f"#block-{b.name}", TextArea).text != b.value
                       for b in self.blocks))

    DISCARD_QUESTION = "Discard what you wrote? escape again to discard; any other key goes on"

    def say_discarding(self, asking: bool) -> None:
        self.show_error(self.DISCARD_QUESTION if asking else "")

    # A paste after the question (a key, the field or the block tells: FieldInput, BlockArea).
    def on_input_changed(self, event: Input.Changed) -> None:
        self.go_on()

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        self.go_on()
