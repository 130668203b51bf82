"""NPC stat lines as adventures print them (issue 29): every spelling the issue names reads as
the same fields, what the console writes reads back whole, and a bad line is named with its
number, its field and why while the lines around it are read."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.model.npcs import NPC_STATS, BodyType, NpcTemplate
from console.model.stat_lines import (
    StatLine,
    StatLineError,
    format_stat_line,
    merged,
    parse_stat_line,
    parse_stat_lines,
)
from console.model.stats import Stat
from console.model.text import NAME_MAX
from tests.model.strategies import names

LABELS = [label for _attribute, _key, label in NPC_STATS]
ATTRIBUTES = {label: attribute for attribute, _key, label in NPC_STATS}

# Values and ratings as adventures print them ("15", "8M", "10MV"), upper case as read.
ratings = st.builds(lambda die, category, kind: f"{die}{category}{kind}",
                    st.sampled_from([6, 8, 10]), st.sampled_from("LMH"),
                    st.sampled_from(["", "P", "V", "S"]))
values = st.integers(min_value=0, max_value=10**6).map(str)
stats = st.dictionaries(st.sampled_from(LABELS), st.one_of(ratings, values), max_size=7)
plain_names = st.from_regex(r"[A-Z][a-z]{2,8}( [a-z]{3,8})?", fullmatch=True).filter(
    lambda name: all(word.casefold() not in ("atk", "def", "dmg", "ar", "vit", "nish", "mr",
                                             "type", "tags", "tag", "hidden", "hide",
                                             "attack", "damage", "armor", "armour",
                                             "defense", "defence", "vitality", "initiative")
                     for word in name.split()))
tag_words = st.from_regex(r"[a-z]{3,8}", fullmatch=True).filter(
    lambda tag: tag not in ("atk", "def", "dmg", "vit", "nish", "type", "tags", "tag",
                            "hidden", "hide", "attack", "damage", "armor", "armour",
                            "defense", "defence", "vitality", "initiative"))


def _case(word: str, style: int) -> str:
    return (word.lower(), word.upper(), word.capitalize(), word)[style % 4]


@given(name=plain_names, count=st.one_of(st.none(), st.integers(1, 50)), given_stats=stats,
       kind=st.sampled_from([None, "V", "S", "P"]), tags=st.lists(tag_words, max_size=3),
       order=st.randoms(use_true_random=False), cases=st.lists(st.integers(0, 3), min_size=12,
                                                               max_size=12),
       separator=st.sampled_from([", ", " ", "; ", ",", " , "]),
       joiner=st.sampled_from([" ", ": ", "=", ":", " = "]),
       name_end=st.sampled_from([": ", ":", " \u2014 ", " \u2013 ", " - ", " \u2014", "\u2014 ",
                                 " "]),
       count_mark=st.sampled_from(["{} x ", "{}x ", "{} \u00d7 ", "{} X ", "{} * "]),
       bullet=st.sampled_from(["", "- ", "* "]))
def test_every_spelling_reads_as_the_same_fields(
        name: str, count: int | None, given_stats: dict[str, str], kind: str | None,
        tags: list[str], order: object, cases: list[int], separator: str, joiner: str,
        name_end: str, count_mark: str, bullet: str) -> None:
    fields = [f"{_case(label, cases[n])}{joiner}{_case(value, cases[n + 1])}"
              for n, (label, value) in enumerate(given_stats.items())]
    if kind is not None:
        fields.append(f"{_case('type', cases[8])}{joiner}{_case(kind, cases[9])}")
    order.shuffle(fields)  # type: ignore[attr-defined]
    if tags:
        fields.append(f"{_case('tags', cases[10])} " + " ".join(tags))
    if not fields and name_end == " ":
        name_end = ""
    head = (count_mark.format(count) if count is not None else "") + name
    line = bullet + head + (name_end if fields else "") + separator.join(fields)
    read = parse_stat_line(line, 7)
    assert read.line == 7 and read.name == name and read.count == count
    assert {a: s.text.upper() for a, s in read.stats} == {
        ATTRIBUTES[label]: value for label, value in given_stats.items()}
    assert read.body_type == (None if kind is None else BodyType(kind))
    assert read.tags == (tuple(tags) if tags else None)


templates = st.builds(
    NpcTemplate, id=st.just(1), name=names.map(str.strip).filter(bool),
    body_type=st.sampled_from(BodyType), tags=st.lists(names, max_size=4).map(tuple),
    **{attribute: st.one_of(st.none(), ratings, values) for attribute, _, _ in NPC_STATS})


@given(template=templates, count=st.one_of(st.none(), st.integers(1, 50)), data=st.data())
def test_what_the_console_writes_reads_back_whole(template: NpcTemplate, count: int | None,
                                                  data: st.DataObject) -> None:
    # Any name and tag the model takes (quoted where it holds a mark or a space).
    hidden = tuple(data.draw(st.sets(st.integers(1, count or 1), max_size=3)))
    line = format_stat_line(template, count, tuple(sorted(hidden)))
    read = parse_stat_line(line, name_max=200)
    assert read.name == template.name and read.count == count
    assert read.template(None, template.id) == template.with_changes(
        tags=template.tags if template.tags else ())
    assert read.hidden == (tuple(sorted(hidden)) if hidden else None)


def test_the_issues_two_lines() -> None:
    first = parse_stat_line("4 x Skrak: Atk 15, Def 8, Dmg 20, AR 4, Vit 12, Nish 9, "
                            "tags alien hive")
    assert first.name == "Skrak" and first.count == 4 and first.tags == ("alien", "hive")
    assert first.template(None, 3) == NpcTemplate(3, "Skrak", atk="15", def_="8", dmg="20",
                                                  ar="4", vit="12", nish="9",
                                                  tags=("alien", "hive"))
    second = parse_stat_line("Skrak leader — Atk 8M Def 8M Dmg 10M AR 6 Vit 24 Nish 8M")
    assert second.name == "Skrak leader" and second.count is None
    assert dict(second.stats) == {"atk": Stat("8M"), "def_": Stat("8M"), "dmg": Stat("10M"),
                                  "ar": Stat("6"), "vit": Stat("24"), "nish": Stat("8M")}
    vehicle = parse_stat_line("2 x Gravtank: atk 12 def 6 dmg 10mv ar 8 vit 30 nish 7 type v "
                              "hidden 2")
    assert vehicle.body_type is BodyType.V and vehicle.hidden == (2,)
    assert dict(vehicle.stats)["dmg"] == Stat("10mv")  # as written: 10mv is 10MV
    assert parse_stat_line("3 x Drone: hidden").hidden == (1, 2, 3)  # the word alone: all
    assert parse_stat_line("Skrak Atk: 15").name == "Skrak"  # the colon is the key's


BAD = [
    ("Skrak: Akt 15", "Akt", "not a field"),
    ("Skrak: Atk 1x5", "Atk", "not a value like 15"),
    ("Skrak: Atk 15 Atk 16", "Atk", "given twice"),
    ("Skrak: Def", "Def", "no value"),
    ("Skrak: type Q", "type", "P (Personal), V (Vehicle) or S (Ship)"),
    ("3 x Skrak: hidden 4", "hidden", "copy 4 of 3"),
    ("99 x Skrak: Atk 1", "count", "1 to 50"),
    (": Atk 15", "name", "missing"),
    ("Skrak: Atk 99999999999", "Atk", "out of range"),
    ('"Skrak: Atk 15', "name", "quote is not closed"),
    ("x" * (NAME_MAX + 1) + ": Atk 1", "name", f"at most {NAME_MAX}"),
    ("Skrak\x1b[2J: Atk 1", "name", "U+001B"),
]


@pytest.mark.parametrize(("line", "field", "why"), BAD)
def test_a_bad_line_names_its_field_and_why(line: str, field: str, why: str) -> None:
    with pytest.raises(StatLineError) as refused:
        parse_stat_line(line, 12)
    assert refused.value.line == 12 and refused.value.field == field
    assert why in refused.value.why
    assert str(refused.value).startswith(f"line 12, {field}: ")


@given(good=st.lists(st.tuples(plain_names, stats), min_size=1, max_size=6,
                     unique_by=lambda item: item[0].casefold()),
       bad=st.sampled_from(BAD), where=st.integers(0, 6))
def test_a_bad_line_among_good_ones_stops_only_itself(
        good: list[tuple[str, dict[str, str]]], bad: tuple[str, str, str], where: int) -> None:
    lines = [f"{name}: " + ", ".join(f"{label} {value}" for label, value in fields.items())
             for name, fields in good]
    where = min(where, len(lines))
    lines.insert(where, bad[0])
    text = "\n\n".join(lines)  # blank lines between: passed over, numbered all the same
    read, errors = parse_stat_lines(text)
    assert [r.name for r in read] == [name for name, _ in good]
    (error,) = errors
    assert error.line == 2 * where + 1 and error.field == bad[1]


def test_the_same_name_twice_in_a_paste_is_the_second_line_s_error() -> None:
    read, errors = parse_stat_lines("Skrak: Atk 15\nskrak: Atk 12\nDrone: Def 4")
    assert [r.name for r in read] == ["Skrak", "Drone"]
    assert [(e.line, e.field) for e in errors] == [(2, "name")]


def test_two_lines_of_one_template_merge_and_disagree_by_field() -> None:
    first = parse_stat_line("4 x Skrak: Atk 15, Def 8", 3)
    later = parse_stat_line("2 x Skrak: Atk 15, Vit 12, tags hive", 9)
    both = merged(first, later)
    assert isinstance(both, StatLine) and both.line == 3
    assert {a: s.text for a, s in both.stats} == {"atk": "15", "def_": "8", "vit": "12"}
    with pytest.raises(StatLineError, match=r"line 9, Def: 9 differs from line 3 \(8\)"):
        merged(first, parse_stat_line("Skrak: Def 9", 9))
