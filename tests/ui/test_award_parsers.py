"""The awarder's form parsers: every input either parses or gets a ValueError that says
what to type (property tests), plus the examples a GM would type."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.model import PlayerCharacter
from console.rules.ap_awards import TimeRounding
from console.ui.awards.award_forms import ability_value
from console.ui.awards.close_session_screen import parse_played, parse_rounding, parse_share
from console.ui.awards.pc_names import pick_pc, pick_pcs
from console.ui.dialogs.sheet_forms import pc_from_form

PCS = [PlayerCharacter.new(1, "Brice"), PlayerCharacter.new(2, "Bran"),
       PlayerCharacter.new(3, "Kell")]
TEXT = st.text(max_size=20)


@pytest.mark.parametrize(("text", "minutes"), [("3:40", 220), ("0:05", 5), ("4", 240),
                                               (" 12:00 ", 720)])
def test_play_time(text: str, minutes: int) -> None:
    assert parse_played(text) == timedelta(minutes=minutes)


@pytest.mark.parametrize(("text", "rule"), [("n", TimeRounding.NEAREST),
                                            ("Down", TimeRounding.DOWN), ("u", TimeRounding.UP)])
def test_rounding(text: str, rule: TimeRounding) -> None:
    assert parse_rounding(text) is rule


@pytest.mark.parametrize(("text", "share"), [("1", 1), ("3/4", Fraction(3, 4)),
                                             ("75%", Fraction(3, 4)), ("0.5", Fraction(1, 2))])
def test_allowance_share(text: str, share: Fraction) -> None:
    assert parse_share(text) == share


@pytest.mark.parametrize(("text", "message"), [("1/3", "from 1/2 to 1"), ("x", "3/4"),
                                               ("1/0", "3/4"), ("", "nothing")])
def test_a_bad_share_says_what_to_type(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_share(text)


def test_pc_names_by_unique_beginning_or_all() -> None:
    assert pick_pc("kE", PCS).name == "Kell"
    assert [pc.name for pc in pick_pcs("brice, kell, Brice", PCS)] == ["Brice", "Kell"]
    assert pick_pcs("all", PCS) == PCS and pick_pcs("  ", PCS) == []
    with pytest.raises(ValueError, match="could be Brice, Bran"):
        pick_pc("br", PCS)
    with pytest.raises(ValueError, match="no PC called 'Zed'"):
        pick_pc("Zed", PCS)


def test_ability_value_as_number_or_rating() -> None:
    assert ability_value("12") == 12 and ability_value("6M") == 12
    with pytest.raises(ValueError, match="whole value"):
        ability_value("6LB")  # a Bantam rating: 3/5


@given(TEXT)
def test_every_parser_parses_or_explains(text: str) -> None:
    for parse in (parse_played, parse_rounding, parse_share, ability_value,
                  lambda t: pick_pc(t, PCS), lambda t: pick_pcs(t, PCS)):
        try:
            parse(text)
        except ValueError as error:
            assert str(error)


@given(st.integers(0, 99), st.integers(0, 59))
def test_any_clock_time_reads_back(hours: int, minutes: int) -> None:
    assert parse_played(f"{hours}:{minutes:02d}") == timedelta(hours=hours, minutes=minutes)


def test_a_sheet_brought_in_keeps_its_ap_and_gets_its_rank() -> None:
    base = {"name": "Mora", "player": "Cat", "player_rank": 3, "wounds": 0, "notes": "",
            "weapons": (), "missions_completed": 4, "allowance": PCS[0].allowance}
    mora = pc_from_form({**base, "ap_total": 990, "unused_ap": 15}, None, 7)
    assert (mora.ap_total, mora.unused_ap, mora.rank) == (990, 15, 9)
    fresh = pc_from_form({**base, "missions_completed": 0, "ap_total": None,
                          "unused_ap": None}, None, 8)
    assert (fresh.ap_total, fresh.unused_ap, fresh.rank) == (103, 103, 0)
