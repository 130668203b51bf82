"""Prepared adventures as the model keeps them (issue 29): text in one normal form and within
its bounds, ids unique within an adventure, and the pure changes of preparation."""

from __future__ import annotations

import re

import pytest

from console.model.adventures import (
    ADVENTURE_TEXT_HELD,
    Adventure,
    Foe,
    PreparedEncounter,
    Scene,
    key_words,
)
from console.model.encounters import Encounter
from console.model.errors import ModelError
from console.model.npcs import NpcTemplate
from console.model.prep import (
    add_encounter,
    add_scene,
    check_template_free,
    edit_adventure,
    launch,
    move_encounter,
    move_scene,
    new_adventure,
    reveal,
    set_table_scene,
)
from console.model.text import NOTES_HELD


def _adventure() -> Adventure:
    ambush = PreparedEncounter(1, "Ambush", "12", "The doors open.", "**Skrak** above",
                               (Foe(7, 4, (4,)),))
    talk = PreparedEncounter(2, "Talk")
    return Adventure(1, "Relay", "Quiet for nine days.", (
        Scene(1, "Docks", "", (ambush, talk)), Scene(2, "Core", "", ())))


def test_text_is_kept_in_one_normal_form() -> None:
    encounter = PreparedEncounter(1, "  Ambush ", " 12 ", "\n\nBoxed  \ntext\t\n\n",
                                  "notes   \n\n")
    assert (encounter.name, encounter.map, encounter.boxed, encounter.notes) == (
        "Ambush", "12", "Boxed\ntext", "notes")
    assert Adventure.from_dict(_adventure().to_dict()) == _adventure()


@pytest.mark.parametrize(("make", "why"), [
    (lambda: PreparedEncounter(1, "   "), "must not be empty"),
    (lambda: PreparedEncounter(1, "A", "1]2"), "no ']'"),
    (lambda: PreparedEncounter(1, "A", notes="\x1b[2J"), "U+001B"),
    (lambda: PreparedEncounter(1, "A", boxed="x" * (NOTES_HELD + 1)), "at most 100,000"),
    (lambda: Foe(1, 3, (4,)), "each from 1 to 3"),
    (lambda: Foe(1, 51), "1 to 50"),
    (lambda: PreparedEncounter(1, "A", foes=(Foe(1), Foe(1, 2))), "listed twice"),
    (lambda: Adventure(1, "A", scenes=(Scene(1, "S"), Scene(1, "T"))), "share an id"),
    (lambda: Adventure(1, "A", scenes=(Scene(1, "S", "", (PreparedEncounter(1, "E"),)),
                                       Scene(2, "T", "", (PreparedEncounter(1, "F"),)))),
     "two encounters share an id"),
    (lambda: Adventure(1, "A", at_scene=3), "not one of its scenes"),
    (lambda: Adventure(1, "A", scenes=tuple(
        Scene(n, "S", "", tuple(PreparedEncounter(n * 100 + m, "E", notes="x" * 90_000)
                                for m in range(1, 3))) for n in range(1, 5))),
     f"at most {ADVENTURE_TEXT_HELD:,}"),
])
def test_what_an_adventure_may_not_hold(make: object, why: str) -> None:
    with pytest.raises(ModelError, match=re.escape(why)):
        make()  # type: ignore[operator]


def test_key_words_are_found_between_their_marks() -> None:
    assert list(key_words("The **Skrak** waits **above** the door")) == [
        ("The ", False), ("Skrak", True), (" waits ", False), ("above", True),
        (" the door", False)]
    assert list(key_words("an open ** mark")) == [("an open ** mark", False)]
    assert list(key_words("****")) == [("****", False)]


def test_scenes_and_encounters_are_added_and_moved() -> None:
    adventure = _adventure()
    added = add_scene(adventure, "Hive").latest(Adventure)
    assert added is not None and [s.id for s in added.scenes] == [1, 2, 3]
    more = add_encounter(added, 3, "Queen", "5").latest(Adventure)
    assert more is not None and more.find(3) is not None and more.find(3)[0].id == 3  # type: ignore[index]
    moved = move_scene(more, 3, -2).latest(Adventure)
    assert moved is not None and [s.name for s in moved.scenes] == ["Hive", "Docks", "Core"]
    assert move_scene(moved, 3, -1).changes == ()  # already first: nothing
    # Within its scene, then past its end into the next scene's start.
    down = move_encounter(adventure, 1, 1).latest(Adventure)
    assert down is not None and [e.id for e in down.scenes[0].encounters] == [2, 1]
    across = move_encounter(down, 1, 1).latest(Adventure)
    assert across is not None and [e.id for e in across.scenes[1].encounters] == [1]
    back = move_encounter(across, 1, -1).latest(Adventure)
    assert back is not None and [e.id for e in back.scenes[0].encounters] == [2, 1]


def test_titles_are_unique_and_one_scene_is_at_the_table() -> None:
    relay = _adventure()
    with pytest.raises(ModelError, match="called 'Relay' is there already"):
        new_adventure([relay], 2, "relay")
    cafe = Adventure(3, "Café  Noir")  # é composed, two spaces
    for look_alike in ("Cafe\u0301 Noir", "CAFÉ NOIR", " café\tnoir "):
        with pytest.raises(ModelError, match="is there already"):
            new_adventure([relay, cafe], 4, look_alike)
    # What draws nothing is refused in a new title, wherever it stands.
    for hidden, named in (("Caf\u200bé Noir", "U+200B"), ("Cafe\u00ad Noir", "U+00AD"),
                          ("Relay\u2060", "U+2060")):
        with pytest.raises(ModelError, match=f"holds {re.escape(named)} .*which shows nothing"):
            new_adventure([relay, cafe], 4, hidden)
    assert new_adventure([], 4, "Mehr\u200cnaz's Relay").changes  # a Persian joiner is a letter's
    with pytest.raises(ModelError, match="U\\+200B"):  # a rename cannot slip one in either
        edit_adventure([relay], relay, "Re\u200blay", "")
    assert edit_adventure([relay], relay, "Relay", "a note").changes  # unchanged: as it was
    assert new_adventure([relay, cafe], 4, "Cafe Noir").changes  # another letter: another title
    # Two look-alikes saved before titles were compared so: each stays editable.
    twin = Adventure(4, "Cafe\u0301 Noir")
    assert edit_adventure([relay, cafe, twin], twin, "Cafe\u0301 Noir", "a note").changes
    with pytest.raises(ModelError, match="is there already"):
        edit_adventure([relay, cafe, twin], twin, "Relay", "")
    other = Adventure(2, "Other", scenes=(Scene(1, "Only"),), at_scene=1)
    outcome = set_table_scene([relay, other], relay, 2)
    marks = {a.id: a.at_scene for a in outcome.changes if isinstance(a, Adventure)}
    assert marks == {2: None, 1: 2}


def test_a_template_a_prepared_encounter_lists_is_not_deleted() -> None:
    skrak = NpcTemplate(7, "Skrak")
    with pytest.raises(ModelError, match="Skrak is a foe in Relay: Ambush"):
        check_template_free(skrak, [_adventure()])
    check_template_free(NpcTemplate(8, "Drone"), [_adventure()])


def test_launch_puts_hidden_copies_in_hidden_and_marks_the_encounter_played() -> None:
    from console.model.characters import PlayerCharacter

    skrak = NpcTemplate(7, "Skrak", nish="9", vit="12")
    party = {1: PlayerCharacter.new(1, "Brice"), 2: PlayerCharacter.new(2, "Kess")}
    running = Encounter(4, "Old fight")
    outcome = launch([running], 5, _adventure(), 1, party, {7: skrak}, 3)
    fight = outcome.encounter
    assert fight.id == 5 and fight.source == (1, 1) and fight.name == "Ambush"
    assert [(c.name, c.hidden) for c in fight.combatants] == [
        ("Brice", False), ("Kess", False), ("Skrak 1", False), ("Skrak 2", False),
        ("Skrak 3", False), ("Skrak 4", True)]
    ended = [e for e in outcome.changes if isinstance(e, Encounter) and e.id == 4]
    assert ended and not ended[-1].active
    played = outcome.latest(Adventure)
    assert played is not None and played.find(1)[1].played == 3  # type: ignore[index]
    shown = reveal(fight, {1: _adventure()}).encounter
    assert shown.read_aloud == "The doors open."
    assert reveal(shown, {1: _adventure()}).encounter.read_aloud == ""
    with pytest.raises(ModelError, match="begun blank"):
        reveal(running, {1: _adventure()})
    with pytest.raises(ModelError, match="gone from the roster"):
        launch([], 5, _adventure(), 1, party, {}, 3)


def test_reflow_reads_paragraphs_as_markdown_does() -> None:
    from console.model.adventures import reflow

    text = ("The doors stand\nopen, and\nthe crates too.\n\n- a list\n- stays\n"
            "  indented too\n1. one")
    assert reflow(text) == ("The doors stand open, and the crates too.\n\n- a list\n- stays\n"
                            "  indented too\n1. one")


@pytest.mark.parametrize(("hidden", "before", "count", "after"), [
    ((4,), 4, 3, (3,)),  # three feeders and the ambusher, one fewer: the ambusher stays
    ((2, 3), 3, 2, (2,)),  # one in sight stays in sight
    ((1, 2, 3), 3, 1, (1,)),  # all hidden: all hidden
    ((3, 4), 4, 6, (3, 4)),  # more: the new copies in sight
    ((), 3, 2, ()),
])
def test_fewer_copies_keep_the_ambush_and_the_foes_in_sight(
        hidden: tuple[int, ...], before: int, count: int, after: tuple[int, ...]) -> None:
    from console.model.adventures import fit_hidden

    assert fit_hidden(hidden, before, count) == after
