"""An adventure in Markdown (issue 29): any adventure written reads back as the same
adventure, the sample file reads as written, and a bad file is refused at its line."""

from __future__ import annotations

from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from console.model.adventure_markdown import AdventureFileError, read_adventure, write_adventure
from console.model.adventures import Adventure, Foe, PreparedEncounter, Scene, block
from console.model.npcs import NpcTemplate
from console.model.stat_lines import StatLineError
from tests.model.strategies import names, npcs

# Text as a GM writes it, any character a note may hold: line breaks, lines that look like
# Markdown's marks (escaped on the way out), key words.
_note_chars = st.characters(exclude_categories=("Cc", "Cs"),
                            exclude_characters="\u061c\u200e\u200f\u2028\u2029\ufeff"
                            + "".join(map(chr, range(0x202A, 0x202F)))
                            + "".join(map(chr, range(0x2066, 0x206A)))) | st.sampled_from(
    ["\n", "\t", "#", "> ", "- ", "* ", "\\", "**", "[", "]", "### ", "-"])
notes = st.lists(_note_chars, max_size=60).map("".join).map(block)
titles = names.map(str.strip).filter(bool)


@st.composite
def adventures(draw: st.DrawFn) -> tuple[Adventure, dict[int, NpcTemplate]]:
    roster_list = draw(st.lists(npcs, max_size=5, unique_by=lambda t: t.name.strip().casefold()))
    roster = {n: t.with_changes(id=n, name=t.name.strip() or f"T{n}")
              for n, t in enumerate(roster_list, start=1)}
    roster = {n: t for n, t in roster.items()
              if t.name.casefold() not in {o.name.casefold() for m, o in roster.items() if m < n}}
    scenes = []
    encounter_id = 0
    for scene_id in range(1, draw(st.integers(0, 3)) + 1):
        encounters = []
        for _ in range(draw(st.integers(0, 3))):
            encounter_id += 1
            chosen = draw(st.lists(st.sampled_from(sorted(roster)), unique=True, max_size=3)) \
                if roster else []
            foes = []
            for template in chosen:
                count = draw(st.integers(1, 50))
                hidden = draw(st.sets(st.integers(1, count), max_size=3))
                foes.append(Foe(template, count, tuple(sorted(hidden))))
            encounters.append(PreparedEncounter(
                encounter_id, draw(titles),
                draw(st.one_of(st.just(""), st.from_regex(r"[A-Z0-9-]{1,6}", fullmatch=True))),
                draw(notes), draw(notes), tuple(foes)))
        scenes.append(Scene(scene_id, draw(titles), draw(notes), tuple(encounters)))
    return Adventure(1, draw(titles), draw(notes), tuple(scenes)), roster


@settings(max_examples=100, deadline=None)
@given(adventures())
def test_any_adventure_written_reads_back_the_same(made: tuple[Adventure, dict[int, NpcTemplate]]
                                                   ) -> None:
    adventure, roster = made
    written = write_adventure(adventure, roster)
    read = read_adventure(written)
    # Foes come back by their place among the templates named: map them to the roster's.
    by_name = {t.name.casefold(): t for t in roster.values()}
    places = {place: by_name[line.name.casefold()]
              for place, line in enumerate(read.templates, start=1)}
    resolved = read.adventure.with_changes(scenes=tuple(
        scene.with_changes(encounters=tuple(
            e.with_changes(foes=tuple(Foe(places[f.template].id, f.count, f.hidden)
                                      for f in e.foes)) for e in scene.encounters))
        for scene in read.adventure.scenes))
    assert resolved == adventure
    for line in read.templates:  # every field of every template (its roster notes are
        template = by_name[line.name.casefold()]  # the campaign's), written and read back
        assert line.template(None, template.id) == template.with_changes(notes="")
    assert write_adventure(resolved, roster) == written  # and written again the same


SAMPLE = resources.files("console.cli").joinpath("samples/the_silent_relay.md").read_text()


def test_the_sample_adventure_is_three_scenes_and_five_encounters() -> None:
    read = read_adventure(SAMPLE)
    adventure = read.adventure
    assert adventure.title == "The Silent Relay"
    assert [s.name for s in adventure.scenes] == [
        "Arrival at the docking ring", "The relay's core", "The hive below"]
    assert [e.heading for _, e in adventure.encounters()] == [
        "[1] The docking ring", "[2] Ambush at bay 4", "[3] The signal room",
        "[4] The brood tunnels", "[5] The queen's chamber"]
    _, ambush = adventure.find(2)  # type: ignore[misc]
    assert ambush.boxed.startswith("Bay 4's doors stand open.")
    assert "**above the door**" in ambush.notes
    assert ambush.foes == (Foe(2, 4, (4,)),)  # Skrak, the second template named
    assert [t.name for t in read.templates] == ["Dock guard", "Skrak", "Hive warden",
                                                "Skrak leader"]
    roster = {n: line.template(None, n) for n, line in enumerate(read.templates, start=1)}
    assert write_adventure(adventure, roster) == SAMPLE  # the file is as the console writes it


@pytest.mark.parametrize(("text", "line", "why"), [
    ("", 1, "no title"),
    ("Some words\n# Title", 1, "starts with the title"),
    ("# A\n# B", 2, "a second title"),
    ("# A\n### Fight", 2, "belongs to a scene"),
    ("# A\n> boxed", 2, "belongs to an encounter"),
    ("# A\n## S\n- 2 x Skrak: Atk 1", 3, "belongs to an encounter"),
    ("# A\n## S\n### E\nnotes\n> late", 5, "before the GM notes"),
    ("# A\n## S\n### []\n", 3, "no name"),
    ("# A\n## \n", 2, "empty"),
    ("# A\n## S\n### E\nbell \x07 here", 4, "U+0007"),
])
def test_a_bad_file_is_refused_at_its_line(text: str, line: int, why: str) -> None:
    with pytest.raises(AdventureFileError) as refused:
        read_adventure(text)
    assert refused.value.line == line and why in refused.value.why


def test_a_bad_foe_line_names_its_line_and_field() -> None:
    text = "# A\n## S\n### E\n\n- 2 x Skrak: Atk 15\n- Drone: Def 9x\n"
    with pytest.raises(StatLineError) as refused:
        read_adventure(text)
    assert (refused.value.line, refused.value.field) == (6, "Def")
    twice = "# A\n## S\n### E\n- Skrak: Atk 15\n### F\n- Skrak: Atk 12\n"
    with pytest.raises(StatLineError, match=r"line 6, Atk: 12 differs from line 4"):
        read_adventure(twice)


def test_boxed_text_keeps_its_paragraphs_and_notes_their_escapes() -> None:
    text = ("# A\n## S\n### [B-2] E\n> one\n>\n> two\n\n> three\n\nNotes\n\\# not a heading\n"
            "\\- not a foe\n- 3 x Drone: Atk 6\n")
    encounter = read_adventure(text).adventure.scenes[0].encounters[0]
    assert encounter.map == "B-2" and encounter.boxed == "one\n\ntwo\n\nthree"
    assert encounter.notes == "Notes\n# not a heading\n- not a foe"
