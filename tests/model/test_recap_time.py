"""The evening's time split in words: the book's shares beside it, a span under a minute
said as one (not "0 h 00 min" beside a share of 90%)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from console.model.recap import TimeSplit, span_words


def test_spans_in_hours_and_minutes_and_under_a_minute() -> None:
    assert span_words(0) == "0 h 00 min"
    assert span_words(0.5) == "under a minute"
    assert span_words(59.9) == "under a minute"
    assert span_words(60) == "0 h 01 min"
    assert span_words(4 * 3600 + 5 * 60 + 59) == "4 h 05 min"


def test_the_sentence_gives_both_parts_and_the_book() -> None:
    sentence = TimeSplit(played=4 * 3600, fights=3600).sentence()
    assert sentence.startswith("In fights (from the first Nish to the end): 1 h 00 min (25%);"
                               " the rest: 3 h 00 min (75%).")
    assert "The book: 50% combat, 25% encounters (non-combat), 25% verbal roleplaying." \
        in sentence


@given(st.floats(0, 10 * 3600), st.floats(0, 10 * 3600))
def test_the_shares_add_to_the_whole(played: float, fights: float) -> None:
    split = TimeSplit(played=played, fights=fights)
    assert 0 <= split.fight_share <= 1 and split.rest >= 0
    if 0 < split.fights < 60:
        assert "to the end): under a minute (" in split.sentence()
