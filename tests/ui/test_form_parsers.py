"""Every field of every form, fuzzed: whatever is typed, the field's parser returns a value
within the field's range or raises a ValueError whose message names the problem (the form
shows it beside the field). Nothing else escapes, and nothing takes long, however large a
typed number is."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from console.model import PlayerCharacter
from console.rules import limits
from console.rules.limits import Range
from console.ui.awards.award_forms import (
    adventure_fields,
    handicap_fields,
    improve_fields,
    pocket_fields,
    roll_result_fields,
)
from console.ui.dialogs.form_dialog import (
    Field,
    optional_int,
    required_text,
    stat_number,
    whole_number,
    yes_no,
)
from console.ui.dialogs.sheet_forms import npc_form, pc_form
from console.ui.hazards.flows import _hazard_name
from console.ui.hazards.guided_checks import GUIDED, guided_for
from console.ui.hazards.hazard_forms import LASTING, questions_for
from console.ui.tracker.flows import parse_side

BRICE = PlayerCharacter.new(1, "Brice", player="Ann", player_rank=2, nish="8M", wp="10L",
                            fr="6M", vit_max="20", dex="15")
PCS = [BRICE, PlayerCharacter.new(2, "Kell", player="Ben")]


def every_field() -> list[tuple[str, Field]]:
    forms: dict[str, list[Field]] = {
        "npc": npc_form("New", None).fields,
        "pc": pc_form("New", None, {"Kell"}).fields,
        "adventure": adventure_fields(PCS, BRICE),
        "pocket": pocket_fields(PCS, BRICE, ["Ann"]),
        "improve": improve_fields(BRICE),
        "handicap": handicap_fields(),
        "rank roll": roll_result_fields("Kess"),
    }
    for name in LASTING:
        forms[name] = questions_for(name, BRICE, random.Random(1)).fields
    for name in GUIDED:
        forms[name] = guided_for(name, random.Random(1)).fields
    return [(f"{form}: {field.name}", field) for form, fields in forms.items()
            for field in fields]


FIELDS = every_field()
NUMBERS = st.integers(min_value=-(10**30), max_value=10**30).map(str)
TYPED = st.one_of(
    st.text(max_size=40),
    NUMBERS,
    st.from_regex(r"\s*-?[0-9]{1,60}\s*", fullmatch=True),
    st.from_regex(r"\s*(6|8|10|7|99)[lmhLMH][pvsbwcguPVSBWCGU]?\s*", fullmatch=True),
    st.from_regex(r"[0-9]{1,8}\+[0-9]{1,8}", fullmatch=True),
    st.sampled_from(["", " ", "y", "n", "yes", "NO", "pc", "npc", "0", "-1", "1e9", "½",
                     "٣", "99999999999999999999", "10HU", "10hv", "3/4", "75%"]),
)


EXTREMES = ("99999999999999999999", "-99999999999999999999", "1" * 45, "10HU", "0.5", "")


# One drawn text goes through every field, not a text drawn for each field: drawing is what
# costs here (the parsers take microseconds), so each field meets five times the texts it
# met with a parametrized test, in a fifth of the time.
@settings(max_examples=300, deadline=None)
@given(text=TYPED)
def test_every_field_parses_or_says_what_is_wrong(text: str) -> None:
    for where, field in FIELDS:
        _parses_or_says_why(where, field, text)


@pytest.mark.parametrize(("where", "field"), FIELDS, ids=[where for where, _ in FIELDS])
def test_every_field_takes_the_extremes(where: str, field: Field) -> None:
    for typed in EXTREMES:
        _parses_or_says_why(where, field, typed)


def _parses_or_says_why(where: str, field: Field, text: str) -> None:
    try:
        value = field.parse(text)
    except ValueError as error:
        assert str(error).strip(), f"{where}: an empty message"
        return
    if isinstance(value, int) and not isinstance(value, bool):
        assert abs(value) <= limits.LARGEST_RESULT, f"{where}: {value} is past every range"


RANGES = [getattr(limits, name) for name in limits.__all__
          if isinstance(getattr(limits, name), Range)]


@settings(max_examples=300, deadline=None)
@given(text=TYPED)
def test_a_number_field_keeps_to_its_range_and_says_so(text: str) -> None:
    for bounds in RANGES:
        _keeps_to(bounds, text)


@pytest.mark.parametrize("bounds", RANGES, ids=[bounds.describe() for bounds in RANGES])
def test_each_range_takes_its_ends_and_refuses_one_past(bounds: Range) -> None:
    parse = whole_number("it", bounds)
    assert parse(str(bounds.low)) == bounds.low and parse(str(bounds.high)) == bounds.high
    for past in (bounds.low - 1, bounds.high + 1):
        with pytest.raises(ValueError, match="out of range") as refused:
            parse(str(past))
        assert bounds.describe() in str(refused.value)


def _keeps_to(bounds: Range, text: str) -> None:
    try:
        value = whole_number("it", bounds)(text)
    except ValueError as error:
        message = str(error)
        assert message.startswith("it: ")
        if "out of range" in message:
            assert bounds.describe() in message, (bounds, text)
        return
    assert value in bounds, (bounds, text)
    assert optional_int("it", bounds)(text) == value, (bounds, text)


def test_the_typo_that_froze_the_console_is_refused_with_the_range() -> None:
    vit = next(f for f in npc_form("New", None).fields if f.name == "vit")
    with pytest.raises(ValueError, match=r"Vit: 99999999999999999999 is out of range: "
                                         r"0 to 40,000,000 \(points of its type"):
        vit.parse("99999999999999999999")
    assert vit.parse("10MV").text == "10MV"
    # Every rating fits (issue 25): the largest, 10HU, is the range's top.
    assert stat_number("Vit")("10HU") == 40_000_000
    with pytest.raises(ValueError, match="out of range"):
        stat_number("Vit")("40000001")


@given(text=TYPED)
def test_the_small_parsers(text: str) -> None:
    for parse in (required_text("name"), yes_no("keep"), parse_side, _hazard_name):
        try:
            parse(text)
        except ValueError as error:
            assert str(error)


def test_a_number_may_carry_its_sign_as_the_examples_write_it() -> None:
    """The modifiers' examples read "(+2, -3)": both signs are read, and nothing else is."""
    modifier = whole_number("modifier", Range(-100, 100, "a modifier"))
    assert modifier("+2") == 2 and modifier(" -3 ") == -3 and modifier("7") == 7
    for bad in ("+", "-", "+-2", "--2", "2+", "+ 2", "++2"):
        with pytest.raises(ValueError, match="type a whole number"):
            modifier(bad)
    with pytest.raises(ValueError, match="out of range"):
        whole_number("Vit", Range(0, 10, "points"))("+11")
