"""A name typed in part completes to the one name it starts; property-tested."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from console.model.completion import completed, named

NAMES = ["Brice", "Oko Ade", "Okonkwo", "Skrak 1", "Skrak 10"]


def test_a_unique_start_names_one() -> None:
    assert named(NAMES, "br") == ["Brice"]
    assert named(NAMES, " oko a") == ["Oko Ade"]
    assert named(NAMES, "Skrak 1") == ["Skrak 1"]  # typed whole: not also Skrak 10
    assert named(NAMES, "ok") == ["Oko Ade", "Okonkwo"]
    assert named(NAMES, "") == [] and named(NAMES, "Zed") == []


def test_tab_completes_to_the_name_or_what_the_names_share() -> None:
    assert completed(NAMES, "b") == "Brice"
    assert completed(NAMES, "o") == "Oko"  # two names start "Oko": as far as they agree
    assert completed(NAMES, "Oko") is None  # nothing more to add
    assert completed(NAMES, "x") is None


names = st.lists(st.text(st.characters(codec="utf-8", categories=("L", "N", "Zs")),
                         min_size=1, max_size=8), min_size=1, max_size=6)


@given(names, st.data())
def test_completion_never_names_what_the_text_does_not_start(pool: list[str],
                                                              data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(pool))
    typed = name[:data.draw(st.integers(0, len(name)))]
    found = named(pool, typed)
    assert all(n.strip().casefold().startswith(typed.strip().casefold()) for n in found)
    if typed.strip() and name.strip():
        assert found  # the name typed in part is always among those it means
    done = completed(pool, typed)
    if len(found) == 1:
        assert done == found[0]
    elif done is not None:
        assert all(n.casefold().startswith(done.casefold()) for n in found)
        assert len(done) > len(typed.strip())


def test_spaces_between_words_read_as_one() -> None:
    """tab made "Skrak " of "sk"; " 2" typed after it gave "Skrak  2", which named no one."""
    names = ["Skrak 1", "Skrak 2", "Skrak leader 1"]
    assert completed(names, "sk") == "Skrak "
    assert named(names, "Skrak  2") == ["Skrak 2"]
    assert named(names, "skrak   leader") == ["Skrak leader 1"]
