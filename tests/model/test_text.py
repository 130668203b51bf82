"""What names and notes may hold (console.model.text): the first wall against text that
steers a terminal, and the second (``shown``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.model import ModelError, NpcTemplate, PlayerCharacter
from console.model.text import (
    NAME_HELD,
    NAME_MAX,
    NOTES_HELD,
    NOTES_MAX,
    cleaned,
    first_refused,
    need_line,
    need_name,
    need_notes,
    shown,
    visible,
)

# Every character that steers a terminal or the reading order.
STEERING = [*map(chr, range(0x20)), "\x7f", *map(chr, range(0x80, 0xA0)), "\u061c",
            "\u200e", "\u200f", *map(chr, range(0x202A, 0x202F)),
            *map(chr, range(0x2066, 0x206A)), "\u2028", "\u2029", "\ufeff"]
steering = st.sampled_from(STEERING)


def _steers(text: str, *, notes: bool = False) -> bool:
    return any(char in STEERING and not (notes and char in "\t\n") for char in text)


# A lone surrogate (category Cs) is refused too, as no text: see below.
clean = st.text(st.characters(exclude_characters=STEERING, exclude_categories=("Cs",)),
                max_size=20)


@given(clean, steering, clean)
def test_a_name_a_line_or_a_note_holding_a_steering_character_is_refused(
        before: str, char: str, after: str) -> None:
    text = f"K{before}{char}{after}"
    for need in (need_name, need_line):
        with pytest.raises(ModelError, match=f"holds U\\+{ord(char):04X}"):
            need(text, "name", 10_000)
    if char not in "\t\n":
        with pytest.raises(ModelError, match="which is not text to show"):
            need_notes(text, "notes")
    else:
        assert need_notes(text, "notes") == text


@given(st.text())
def test_shown_text_never_holds_a_steering_character_and_keeps_clean_text(text: str) -> None:
    assert not _steers(shown(text))
    assert not _steers(shown(text, notes=True), notes=True)
    if first_refused(text) is None:
        assert shown(text) == text


def test_the_issue_s_escape_sequences_are_written_as_escapes() -> None:
    assert shown("Kess\x1b]0;pwned\x07") == "Kess\\x1b]0;pwned\\x07"
    assert shown("\x1b[2J") == "\\x1b[2J"
    assert shown("gnp\u202eexe.png") == "gnp\\u202eexe.png"
    assert shown("two\nlines", notes=True) == "two\nlines"


@pytest.mark.parametrize("name", ["\u3164", "\u115f", "\u2800", "\uffa0", "\u034f",
                                  "  \u2800 ", "\u200b"])
def test_a_name_that_shows_nothing_is_refused(name: str) -> None:
    assert not visible(name)
    with pytest.raises(ModelError, match=r"shows nothing|not text to show|must not be empty"):
        PlayerCharacter.new(1, name)


@given(st.text(max_size=12))
def test_visible_is_unicode_s_own_letters_digits_punctuation_and_symbols(text: str) -> None:
    # visible() answers most names from printable ASCII alone (the roster's 3,000 templates
    # are read at every opening): the answer is the one Unicode's categories give.
    import unicodedata

    from console.model.text import BLANKS

    assert visible(text) == any(unicodedata.category(char)[0] in "LNPS"
                                and ord(char) not in BLANKS for char in text)


def test_a_saved_document_holds_a_few_times_what_a_field_takes_typed_and_no_more() -> None:
    # Typed: the forms stop at NAME_MAX, NOTES_MAX (tests/ui/test_outside_text_app.py).
    # Held: a campaign an earlier console saved with no limit still opens, and no document
    # weighs megabytes.
    assert NAME_HELD >= 4 * NAME_MAX and NOTES_HELD >= 4 * NOTES_MAX
    PlayerCharacter.new(1, "K" * NAME_HELD, notes="x" * NOTES_HELD)
    with pytest.raises(ModelError, match=f"PC name: 201 characters; at most {NAME_HELD}"):
        PlayerCharacter.new(1, "K" * (NAME_HELD + 1))
    with pytest.raises(ModelError, match="notes: 100,001 characters; at most 100,000 fit"):
        PlayerCharacter.new(1, "Kess", notes="x" * (NOTES_HELD + 1))
    with pytest.raises(ModelError, match="tag: 201 characters"):
        NpcTemplate(1, "Skrak", tags=("t" * 201,))
    with pytest.raises(ModelError, match="101 tags; at most 100"):
        NpcTemplate(1, "Skrak", tags=tuple(f"t{n}" for n in range(101)))


def test_text_an_earlier_console_saved_is_cleaned_not_refused() -> None:
    assert cleaned("two\r\nlines", notes=True) == "two\nlines"
    assert cleaned("Kess\u200e") == "Kess\\u200e"
    assert cleaned(cleaned("Kess\u200e")) == cleaned("Kess\u200e")


def test_a_duplicate_of_a_long_template_name_still_fits() -> None:
    from console.model.roster import duplicate_template

    long = NpcTemplate(1, "S" * NAME_MAX)
    copy = duplicate_template(long, 2, [long.name])
    assert copy.name.endswith(" (copy)") and len(copy.name) == NAME_MAX
    again = duplicate_template(long, 3, [long.name, copy.name])
    assert again.name.endswith(" (copy 2)") and len(again.name) <= NAME_MAX


def test_a_count_of_one_is_said_in_the_singular() -> None:
    """"Kess takes 1 wounds" and "The mix of 1 encounters" were printed."""
    from console.model.text import counted

    assert [counted(n, "wound") for n in (0, 1, 2)] == ["0 wounds", "1 wound", "2 wounds"]
    assert counted(1, "copy", "copies") == "1 copy" and counted(3, "copy", "copies") == "3 copies"



@given(clean, st.characters(categories=("Cs",)), clean)
def test_a_lone_surrogate_anywhere_in_a_text_is_refused(before: str, lone: str,
                                                        after: str) -> None:
    """JSON's "\\ud800" reads as one; UTF-8 cannot write it back, so the next save failed."""
    for need in (need_name, need_line, need_notes):
        with pytest.raises(ModelError, match="a lone surrogate"):
            need(f"K{before}{lone}{after}", "name", 10_000)
