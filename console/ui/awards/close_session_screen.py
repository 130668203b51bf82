"""The close of a session: the GM's choices on top, the preview table below, kept up to
date as he types. Nothing is applied here: ctrl+s checks the close with the campaign and
returns it prepared; the flow that opened the dialog saves it (every present PC's awards in
one undoable action) and says what to announce (rank-ups, allowances).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta
from fractions import Fraction
from pathlib import Path
from typing import ClassVar, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Input

from console.model import PlayerCharacter, Status
from console.model.awards import CloseChoices, ClosePreview, played_time
from console.model.session_close import parse_share as model_share
from console.model.session_summary import format_duration
from console.rules.advancement import rank_title
from console.rules.ap_awards import GROUP_BONUS_HOURLY_FACTOR, TimeRounding
from console.rules.limits import AP, GM_FIGURE, JOURNAL
from console.service import ActionRefused, CampaignService, Prepared
from console.ui.awards.pc_names import pick_pc, pick_pcs
from console.ui.dialogs.dialog import Dialog
from console.ui.dialogs.discarding import AsksBeforeDiscarding
from console.ui.dialogs.form_dialog import optional_int, whole_number
from console.ui.widgets.field_input import FieldInput
from console.ui.widgets.plain import DataTable, Label, Static

__all__ = ["CloseSessionScreen", "parse_played", "parse_rounding", "parse_share"]

_PLAYED = re.compile(r"(\d{1,2}):([0-5]\d)")


T = TypeVar("T")

def parse_played(text: str) -> timedelta:
    """Play time as h:mm (3:40) or whole hours (3)."""
    cleaned = text.strip()
    match = _PLAYED.fullmatch(cleaned)
    if match:
        return timedelta(hours=int(match[1]), minutes=int(match[2]))
    if cleaned.isdigit() and len(cleaned) <= 2:
        return timedelta(hours=int(cleaned))
    raise ValueError(f"play time: type h:mm (3:40) or hours (3), not {cleaned or 'nothing'}")


def parse_rounding(text: str) -> TimeRounding:
    """down, up or nearest (the first letter is enough)."""
    cleaned = text.strip().casefold()
    for rule in TimeRounding:
        if cleaned and rule.name.casefold().startswith(cleaned):
            return rule
    raise ValueError(f"rounding: down, up or nearest, not {text.strip() or 'nothing'}")


def parse_share(text: str) -> Fraction:
    """The allowance share: 1, 3/4, 1/2 or a percentage (75%), from half to all."""
    cleaned = text.strip()
    try:
        share = (Fraction(cleaned[:-1]) / 100 if cleaned.endswith("%")
                 else Fraction(cleaned))
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"allowance share: 1, 3/4, 1/2 or 75%, not {cleaned or 'nothing'}")\
            from None
    return model_share(str(share))  # the model's check: from 1/2 to 1


class CloseSessionScreen(AsksBeforeDiscarding, Dialog[Prepared]):
    """Returns the close as ``check`` prepared it (None: cancelled)."""

    CSS_PATH = Path(__file__).with_name("awards.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "apply", "Apply the awards", id="close.apply"),
        Binding("escape", "cancel", "Cancel", id="close.cancel"),
        Binding("ctrl+t", "other_columns", "Other columns",
                tooltip="The preview's other columns (under 130 columns it shows half)",
                id="close.other_columns"),
    ]
    # The preview's thirteen columns need about 125 cells: narrower, the form is one
    # column and the preview shows the awards, or (ctrl+t) what they make of each PC.
    WIDE = 130
    COLUMNS = ("PC", "Time", "Group", "Adv", "Journal", "Grab", "Pocket", "Total",
               "AP Total", "Unused", "Rank", "Rolls", "Allowance")
    HALVES = (("PC", "Time", "Group", "Adv", "Journal", "Grab", "Pocket", "Total"),
              ("PC", "Total", "AP Total", "Unused", "Rank", "Rolls", "Allowance"))

    def __init__(self, service: CampaignService,
                 check: Callable[[CloseChoices], Prepared]) -> None:
        super().__init__()
        self.service = service  # read: the session, the party, the preview
        self.check = check
        self.session = service.session()
        self.all_pcs = service.pcs()
        self.roster = sorted(self.all_pcs.values(), key=lambda pc: pc.id)
        self.choices: CloseChoices | None = None
        self._mistake_in = ""  # the field the mistake said is in ("": none, or not one)
        self.waiting_for: str = ""  # what must still be typed before applying
        self.suggested = ""  # the rotation's reader, while the GM has not typed another
        self._half = 0  # the preview's half shown when narrow (ctrl+t)
        self._shown: tuple[CloseChoices, ClosePreview] | None = None
        self._columns: tuple[str, ...] = ()
        # The fields' text the preview was last worked out from: each field given a
        # starting text says so once mounted (Input.Changed), and those five messages
        # would each work out the same preview and draw the table again.
        self._read_from: tuple[str, ...] | None = None
        self._started: tuple[str, ...] = ()  # the fields' starting text

    def _fields(self) -> list[tuple[str, str, str]]:
        """(name, label, starting text) for each input."""
        now = self.service.clock()
        played = played_time(self.session, now)
        minutes = int(played.total_seconds() // 60)
        reader = self.service.awards.suggest_reader(self.roster)
        self.suggested = reader.name if reader else ""
        rounding = TimeRounding[self.service.campaign().time_rounding]
        return [
            ("played", "Play time (h:mm, from the clock)", f"{minutes // 60}:{minutes % 60:02d}"),
            ("rounding", "Rounding: down, up or nearest", rounding.name.lower()),
            ("group", "Group bonus (0 to twice the hourly AP)", "0"),
            ("absent", "Absent PCs (names)", ""),
            ("reader", "Journal reader (suggested by rotation)", reader.name if reader else ""),
            ("self", "Reader's self-assessment (1-10)", ""),
            ("gm", "GM's own figure if different (1-10)", ""),
            ("missions", "Mission completed by (names or all)", ""),
            ("share", "Allowance share (1/2 to 1)", "1"),
        ]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Close session {self.session.number}", classes="title")
            fields = self._fields()
            self._started = tuple(value for _, _, value in fields)
            # Each column a grid of labels and fields: nine rows of a label beside its field
            # were nine more widgets to style and lay out as the dialog opens.
            with Horizontal(id="close-form"):
                for first, column in ((0, fields[:5]), (5, fields[5:])):
                    with Grid(classes="close-column"):
                        for row, (name, label, value) in enumerate(column, start=first):
                            yield Label(label, classes="label")
                            yield FieldInput(value=value, id=f"close-{name}", compact=True,
                                             classes="-shaded" if row % 2 else None)
            yield Static("", id="close-note")
            yield DataTable[str](id="close-preview", cursor_type="none")
            yield Static("", classes="error", id="close-error")
            yield Static("", classes="hint", id="close-hint")

    def on_mount(self) -> None:
        self.set_class(self.app.size.width < self.WIDE, "-narrow")
        self.set_focus(self.query_one("#close-played", Input))
        self._update()

    def on_resize(self) -> None:
        narrow = self.app.size.width < self.WIDE
        if narrow != self.has_class("-narrow"):
            self.set_class(narrow, "-narrow")
            if self._shown is not None:
                self._show(*self._shown)

    def action_other_columns(self) -> None:
        self._half = 1 - self._half
        if self._shown is not None:
            self._show(*self._shown)

    def _value(self, name: str) -> str:
        return self.query_one(f"#close-{name}", Input).value

    def _field(self, name: str, parse: Callable[[str], T]) -> T:
        """Field ``name`` read with ``parse``; a mistake it raises is said to be in it."""
        self._mistake_in = name
        return parse(self._value(name))

    def _read(self) -> CloseChoices:
        played = self._field("played", parse_played)
        rounding = self._field("rounding", parse_rounding)
        group = self._field("group", lambda t: whole_number("group bonus", AP)(t or "0"))
        absent = self._field("absent", lambda t: pick_pcs(t, self.roster))
        present = [pc for pc in self.roster if pc not in absent]
        reader_text = self._value("reader")
        if reader_text and reader_text == self.suggested and \
                any(pc.name == reader_text for pc in absent):
            # The suggested reader is away tonight: suggest again among those present.
            again = self.service.awards.suggest_reader(present)
            self.suggested = reader_text = again.name if again else ""
            self.query_one("#close-reader", Input).value = reader_text
        reader: PlayerCharacter | None = self._field(
            "reader", lambda t: pick_pc(t, present) if t.strip() else None)
        self_mark = self._field("self", optional_int("self-assessment", JOURNAL))
        gm_mark = self._field("gm", optional_int("GM's figure", GM_FIGURE))
        missions = self._field("missions", lambda t: pick_pcs(t, present))
        share = self._field("share", lambda t: parse_share(t or "1"))
        self._mistake_in = ""  # the preview's own checks: see _update
        self.waiting_for = ""
        if reader is not None and self_mark is None:
            # Previewed without the journal until the reader has rated himself.
            self.waiting_for = (f"{reader.name} reads the journal: type "
                                f"{reader.pronoun.their} self-assessment (1-10), or clear the "
                                "reader for no journal award")
            reader = None
        return CloseChoices(
            played, rounding, group, tuple(pc.id for pc in present),
            journal_pc=reader.id if reader else None, journal_self=self_mark,
            journal_gm=gm_mark, missions=tuple(pc.id for pc in missions), share=share)

    def _update(self, *, again: bool = False) -> None:
        """The preview worked out from the fields, when their text changed since the last
        time (``again``: whatever it is)."""
        typed = tuple(field.value for field in self.query(Input))
        if typed == self._read_from and not again:
            return
        self._read_from = typed
        error = self.query_one("#close-error", Static)
        try:
            choices = self._read()
            preview = self.service.awards.preview_close(choices)
            self._mistake_in = ""
        except (ValueError, ActionRefused) as problem:
            if not self._mistake_in and str(problem).startswith("group bonus"):
                self._mistake_in = "group"  # over twice the hourly award the time makes
            self.choices = None
            error.update(str(problem))
            # The figures under it are the last that read well: said, not passed off as
            # this form's (a GM read "0 AP each" beside a play time of 3:40).
            self.query_one("#close-note", Static).update(
                "the preview below is from before this mistake: mend it to see the awards")
            return
        self.choices = choices
        error.update(self.waiting_for)
        self._show(choices, preview)

    def _fight_note(self, choices: CloseChoices) -> str:
        """A fight still running goes on in the next session; one marked absent who is in
        it is said (a new GM closed with a fight running and Dax absent, unwarned)."""
        running = self.service.encounter()
        if running is None or not running.active:
            return ""
        fighting = {c.ref for c in running.combatants
                    if c.is_pc and c.ref and c.status is not Status.REMOVED}
        absent = [pc.name for pc in self.roster
                  if pc.id in fighting and pc.id not in choices.present]
        return (f"\n{running.name} is still running: it goes on in the next session"
                + (f"; {', '.join(absent)} marked absent, though in it" if absent else ""))

    def _show(self, choices: CloseChoices, preview: ClosePreview) -> None:
        self._shown = (choices, preview)
        narrow = self.has_class("-narrow")
        columns = self.HALVES[self._half] if narrow else self.COLUMNS
        other = "the awards" if self._half else "AP Total, rank"
        self.query_one("#close-hint", Static).update(
            "enter: next · ctrl+s: apply · escape: cancel"
            + (f" · ctrl+t: {other}" if narrow else ""))
        self.query_one("#close-note", Static).update(
            f"{format_duration(choices.played)} rounded {choices.rounding.value}: "
            f"{preview.hourly} AP each · group bonus up to "
            f"{GROUP_BONUS_HOURLY_FACTOR * preview.hourly}" + self._fight_note(choices))
        table = self.query_one("#close-preview", DataTable)
        table.clear(columns=columns != self._columns)
        if columns != self._columns:
            self._columns = columns
            table.add_columns(*columns)
        finishing = {self.all_pcs[i].name for i in choices.missions}
        for row in preview.rows:
            rank = rank_title(row.rank.new_rank)
            if row.rank.new_rank != row.rank.old_rank:
                rank = f"{rank_title(row.rank.old_rank)} → {rank}"
            allowance = preview.allowances.get(row.pc)
            cells = dict(zip(self.COLUMNS, (
                row.pc, str(row.time), str(row.group), str(row.adventure), str(row.journal),
                str(row.grab_bag), str(row.pocket), str(row.total),
                f"{row.old_ledger.total} → {row.new_ledger.total}",
                f"{row.old_ledger.unused} → {row.new_ledger.unused}", rank,
                str(row.rank_improvement_rolls or ""),
                f"{allowance} cr" if allowance is not None
                else "none on sheet" if row.pc in finishing else ""), strict=True))
            table.add_row(*(cells[column] for column in columns))

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.go_on()  # a paste after the question (a key, the field tells: FieldInput)
        self._update()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.field_entered(event.input)

    def field_entered(self, field: Input) -> None:
        """enter: the next field, once the form reads well; on a mistake the field stays
        (the correction typed next went into the field after it: "8" into Absent PCs)."""
        self._update(again=True)
        if self.choices is None and field.id == f"close-{self._mistake_in}":
            field.select_all()  # the mistake is here: typing replaces it
            return
        fields = list(self.query(Input))
        self.set_focus(fields[(fields.index(field) + 1) % len(fields)])

    def action_apply(self) -> None:
        self._update(again=True)
        choices = self.choices
        if choices is None or self.waiting_for:
            return
        try:
            prepared = self.check(choices)
        except ActionRefused as refusal:
            self.query_one("#close-error", Static).update(str(refusal))
            return
        self.dismiss(prepared)

    def typed_anything(self) -> bool:
        return tuple(field.value for field in self.query(Input)) != self._started

    def say_discarding(self, asking: bool) -> None:
        if asking:
            self.query_one("#close-error", Static).update(self.DISCARD_QUESTION)
        else:  # what the fields say comes back
            self._update(again=True)
