"""A small modal form: labelled inputs, each read by a parser that says what is wrong.

Enter moves to the next field and submits on the last; escape cancels. The dialog returns
the parsed values by field name with what its check made of them (:class:`Filled`), or None
when cancelled. A parser raises ValueError (the model's and the rules' errors are
ValueErrors) whose message is shown under the form; so does the form's check, or refuses
(``ActionRefused``), and the form stays open with every value as typed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input

from console.model.completion import completed, named
from console.model.stats import Stat
from console.model.text import LINE_MAX, first_refused
from console.records import record
from console.rules.limits import POINTS, RESULT, Range
from console.rules.odds import surprise
from console.rules.ratings import Rating
from console.service import ActionRefused
from console.ui.dialogs.dialog import Dialog
from console.ui.dialogs.discarding import AsksBeforeDiscarding
from console.ui.key_gate import typed
from console.ui.widgets.field_input import FieldInput
from console.ui.widgets.plain import Label, Static

__all__ = [
    "Doubt",
    "Field",
    "Filled",
    "FormDialog",
    "optional_int",
    "required_text",
    "roll_doubt",
    "stat_number",
    "whole_number",
    "yes_no",
]


@record
class Field:
    """One input. ``doubt`` looks at the parsed value and returns a question when it looks
    like a typo (a result the player's rating makes very unlikely): the form asks it once,
    and the same value entered again is kept."""

    name: str
    label: str
    parse: Callable[[str], Any]
    value: str = ""
    placeholder: str = ""
    doubt: Callable[[Any], str | None] | None = None
    # What fits the field's use (console.model.text): typing stops there, as the model
    # would refuse more.
    max_length: int = LINE_MAX
    # The names tab completes the field's text from (a name typed in part); none: tab
    # moves on as in any field.
    complete: tuple[str, ...] = ()
    # A label that follows another field: (that field's name, its text -> this label, or
    # None to keep the label as it is). The weapons listed follow the attacker chosen.
    relabel: tuple[str, Callable[[str], str | None]] | None = None
    # A value that follows another field: (that field's name, its text -> this value, or
    # None to leave it). An NPC attacker's Atk and Dmg follow the attacker named: the
    # numbers shown are always his, never the one's named before.
    follow: tuple[str, Callable[[str], str | None]] | None = None


class Doubt(ValueError):
    """A value that reads well but looks like a typo: the form asks once, the value
    selected, so typing replaces it and enter again keeps it."""


C = TypeVar("C")


@record
class Filled(Generic[C]):
    """A form's answer: its values by field name, and what its check gave for them (a
    plan, a prepared command; None for a form without a check)."""

    values: dict[str, Any]
    checked: C


def roll_doubt(rating: Rating | None, who: str) -> Callable[[Any], str | None] | None:
    """A ``Field.doubt`` for a result the player rolled on ``rating`` (None: not known)."""
    if rating is None:
        return None

    def doubt(result: Any) -> str | None:
        if not isinstance(result, int) or result not in RESULT:
            return None
        found = surprise(rating, result)
        return None if found is None else (
            f"{who}: {found.describe()}. Keep it? (enter again; or type over it)")

    return doubt


def required_text(what: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        if not text.strip():
            raise ValueError(f"{what} cannot be empty")
        return text.strip()

    return parse


def whole_number(what: str, bounds: Range) -> Callable[[str], int]:
    """A whole number in ``bounds``; the message names the field and gives the range."""
    def parse(text: str) -> int:
        cleaned = text.strip()
        # A sign before the digits: "-3", and "+2" as the modifiers' examples write it.
        digits = cleaned[1:] if cleaned[:1] in ("-", "+") else cleaned
        if not cleaned.isascii() or not digits.isdigit():
            raise ValueError(f"{what}: type a whole number, not {cleaned[:20] or 'nothing'}")
        if len(digits) > len(str(max(abs(bounds.low), abs(bounds.high)))):
            # more digits than the range's ends: past it, with no need to read it
            raise ValueError(f"{what}: {cleaned[:12]}… is out of range: {bounds.describe()}")
        number = int(cleaned)
        if number not in bounds:
            raise ValueError(f"{what}: {number} is out of range: {bounds.describe()}")
        return number

    return parse


def optional_int(what: str, bounds: Range) -> Callable[[str], int | None]:
    strict = whole_number(what, bounds)

    def parse(text: str) -> int | None:
        return None if not text.strip() else strict(text)

    return parse


class FormDialog(AsksBeforeDiscarding, Dialog[Filled[C] | None]):
    """A titled form whose fields are checked before it closes, and then, if it has one,
    by its ``check`` (what the campaign says to the answers)."""

    CSS_PATH = Path(__file__).with_name("dialogs.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save", id="form.save"),
        Binding("escape", "cancel", "Cancel", id="form.cancel"),
    ]
    COMPACT: ClassVar[bool] = True  # one line per field, so a full character sheet fits

    def __init__(self, title: str, fields: list[Field], hint: str = "",
                 check: Callable[[dict[str, Any]], C] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.fields = fields
        self.hint = hint
        # The whole form's check once every field reads well (a ValueError or a refusal
        # says what is wrong): the dialog stays open with every value as typed.
        self.check = check
        self._kept: dict[str, str] = {}  # field name -> doubted text the GM entered again
        self.mistake_said_at: float | None = None  # see FieldInput: keys after a mistake
        self._said = ""  # the mistake said last
        self._set_aside: list[events.Key] = []  # the keys typed before it was said, unused
        self._listing = ""  # the names a name typed in part may be, said on tab
        self._shown_error = ""  # what is said under the form now

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, classes="title")
            with VerticalScroll(id="fields"):
                for field in self.fields:
                    with Horizontal(classes="row"):
                        yield Label(field.label, classes="label", id=f"label-{field.name}")
                        yield FieldInput(value=field.value, placeholder=field.placeholder,
                                         id=f"field-{field.name}", compact=self.COMPACT,
                                         max_length=field.max_length)
                        yield from self.beside(field)
            yield Static("", classes="error", id="error")
            yield Static(self.hint_text(), classes="hint")

    KEYS = "enter: next field · ctrl+s: save · escape: cancel"

    def hint_text(self) -> str:
        """The form's hint, and its keys under it unless the hint says them itself: a
        form with a hint of its own (the attack's Table 14) showed no key at all."""
        if not self.hint:
            return self.KEYS
        return self.hint if "ctrl+s" in self.hint else f"{self.hint}\n{self.KEYS}"

    def beside(self, field: Field) -> Iterator[Widget]:
        """What a form shows beside a field, after its input (nothing here)."""
        yield from ()

    # The first field has the focus from the start (not the scrolling list first, then the
    # field: two more restyles and repaints as the dialog opens).
    AUTO_FOCUS = "#fields Input"

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.field_entered(event.input)

    def field_entered(self, field: Input) -> None:
        inputs = list(self.query(Input))
        self._advance(inputs, inputs.index(field))

    def _focus_field(self, field: Input) -> None:
        self.set_focus(field)  # at once: keys typed ahead follow it (FieldInput)

    def _advance(self, inputs: list[Input], index: int) -> None:
        """Enter in field ``index``: read it, then the next field, or the form submitted;
        on a mistake, said under the form, the same field."""
        try:
            self._read(self.fields[index], inputs[index].value)
        except ValueError as error:
            self._mistake(str(error))
            if isinstance(error, Doubt):
                inputs[index].select_all()
            return
        self.show_error("")
        if index + 1 < len(inputs):
            self._focus_field(inputs[index + 1])
        else:
            self.submit()

    def _read(self, field: Field, text: str) -> Any:
        """The field's value; a ValueError says what is wrong, or asks about a likely typo
        (entered again unchanged, the value is kept)."""
        refused = first_refused(text)
        if refused is not None:  # typed or pasted: the edge where outside text comes in
            raise ValueError(f"{field.label}: holds {refused}, which is not text to show")
        value = field.parse(text)
        question = field.doubt(value) if field.doubt is not None else None
        if question is not None and self._kept.get(field.name) != text:
            self._kept[field.name] = text
            raise Doubt(question)
        return value

    def _mistake(self, message: str) -> None:
        """A mistake, said under the form. The keys typed before now (the rest of a burst)
        are not typed on: they were meant for after this field (FieldInput); they are
        listed under it (:meth:`set_aside`)."""
        self.show_error(message)
        self.mistake_said_at = Message().time  # the clock Textual stamps keys with
        self._said = message
        self._set_aside = []

    def set_aside(self, key: events.Key) -> None:
        """A key typed before the mistake was said, not typed on: said, so that none goes
        unseen (two GMs took "8 enter" for lost)."""
        self._set_aside.append(key)
        self.show_error(f"{self._said}\n(typed before this was said, not used: "
                        f"{typed(self._set_aside)})")

    def show_error(self, message: str) -> None:
        self._shown_error = message
        self.query_one("#error", Static).update(message)

    def submit(self) -> None:
        values: dict[str, Any] = {}
        for field in self.fields:
            widget = self.query_one(f"#field-{field.name}", Input)
            try:
                values[field.name] = self._read(field, widget.value)
            except ValueError as error:
                self._mistake(str(error))
                self._focus_field(widget)
                if isinstance(error, Doubt):
                    widget.select_all()
                return
        checked: Any = None
        if self.check is not None:
            try:
                checked = self.check(values)
            except (ValueError, ActionRefused) as error:
                self._mistake(str(error))
                return
        self.dismiss(Filled(values, checked))

    def action_save(self) -> None:
        self.submit()

    def say_discarding(self, asking: bool) -> None:
        self.show_error(self.DISCARD_QUESTION if asking else "")

    def typed_anything(self) -> bool:
        return any(self.query_one(f"#field-{field.name}", Input).value != field.value
                   for field in self.fields)

    def complete_field(self, widget: Input) -> bool:
        """tab in ``widget``: its text completed to the one name it starts, or to what the
        names it starts share, with those names said under the form (the GM sees what to
        type next, and the field keeps the focus): True. False when the field completes
        nothing or its text starts no name, and tab moves on."""
        field = self._field_of(widget)
        if field is None or not field.complete:
            return False
        before = widget.value
        completion = completed(field.complete, before)
        if completion is not None and completion != before:
            widget.value = completion
            widget.cursor_position = len(completion)
        found = named(field.complete, widget.value)
        if len(found) > 1:
            self._listing = (f"{field.label.split(' (')[0]}: {_listed(found)} start with "
                             f"\"{widget.value.strip()}\": type more, then tab")
            self.show_error(self._listing)
            return True
        if self._listing:  # the names listed before: one is named now
            if self._shown_error == self._listing:  # not a mistake said since
                self.show_error("")
            self._listing = ""
        return widget.value != before

    def _field_of(self, widget: Input) -> Field | None:
        name = (widget.id or "").removeprefix("field-")
        return next((field for field in self.fields if field.name == name), None)

    def on_input_changed(self, event: Input.Changed) -> None:
        """A label or a value that follows the field changed (the attacker's weapons, his
        Atk and Dmg) is written again."""
        changed = self._field_of(event.input)
        if changed is None:
            return
        self.go_on()  # a paste after the question (a key, the field tells: FieldInput)
        for field in self.fields:
            if field.relabel is not None and field.relabel[0] == changed.name:
                label = field.relabel[1](event.value)
                if label is not None:
                    self.query_one(f"#label-{field.name}", Label).update(label)
            if field.follow is not None and field.follow[0] == changed.name:
                value = field.follow[1](event.value)
                widget = self.query_one(f"#field-{field.name}", Input)
                if value is not None and value != widget.value:
                    widget.value = value


def _listed(names: list[str], most: int = 6) -> str:
    """Names for one line under the form: the first ``most``, then how many more."""
    shown = ", ".join(names[:most])
    return shown if len(names) <= most else f"{shown} and {len(names) - most} more"


def stat_number(what: str) -> Callable[[str], int | None]:
    """A Nish or Vit typed as a value (12) or a rating (8M, read as its value)."""

    def parse(text: str) -> int | None:
        if not text.strip():
            return None
        value = Stat(text).value
        if value.denominator != 1:
            raise ValueError(f"{what}: {text.strip()} is {float(value)}, not a whole number")
        if int(value) not in POINTS:
            raise ValueError(f"{what}: {text.strip()} is out of range: {POINTS.describe()}")
        return int(value)

    return parse


def yes_no(what: str) -> Callable[[str], bool]:
    def parse(text: str) -> bool:
        answer = text.strip().lower()
        if answer in ("y", "yes"):
            return True
        if answer in ("n", "no"):
            return False
        raise ValueError(f"{what}: y or n, not {text.strip() or 'nothing'}")

    return parse
