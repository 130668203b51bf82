"""The model: round trips through plain JSON, and validation with clear messages."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from console.model import (
    Campaign,
    Change,
    Combatant,
    Encounter,
    LogEntry,
    ModelError,
    NpcTemplate,
    PlayerCharacter,
    Session,
    Stat,
)
from console.model.patches import apply_patch, diff
from tests.model import strategies as models

ROUND_TRIPS = [
    (models.pcs, PlayerCharacter),
    (models.npcs, NpcTemplate),
    (models.encounters, Encounter),
    (models.sessions(), Session),
    (models.campaigns, Campaign),
    (models.log_entries, LogEntry),
]


@pytest.mark.parametrize(("strategy", "cls"), ROUND_TRIPS, ids=lambda x: getattr(x, "__name__", ""))
def test_every_model_round_trips_through_json(strategy: st.SearchStrategy, cls: type) -> None:
    @settings(suppress_health_check=[HealthCheck.too_slow])  # big documents, busy machine
    @given(strategy)
    def check(obj: object) -> None:
        data = json.loads(json.dumps(obj.to_dict()))  # type: ignore[attr-defined]
        assert cls.from_dict(data) == obj  # type: ignore[attr-defined]
        assert cls.from_dict(data).to_dict() == data  # type: ignore[attr-defined]

    check()


@given(models.stat_texts)
def test_a_stat_keeps_the_text_and_knows_its_value(text: str) -> None:
    stat = Stat(text)
    assert stat.text == text.strip()
    assert stat.value >= 0
    if stat.rating is not None:
        assert stat.value == stat.rating.value and stat.canonical == stat.rating.format()


@settings(suppress_health_check=[HealthCheck.too_slow])  # big documents, on a busy machine
@given(st.one_of(st.none(), models.json_docs), models.json_docs)
def test_a_change_rebuilds_both_documents(before: dict | None, after: dict) -> None:
    change = Change.between("pcs", 1, before, after)
    assert change.image("after", before) == after
    assert change.image("before", after) == before
    stored = Change.from_dict(json.loads(json.dumps(change.to_dict())))
    assert stored == change and stored.image("before", after) == before


@given(models.json_values, models.json_values)
def test_patches_turn_each_value_into_the_other(before: object, after: object) -> None:
    undo, redo = diff(before, after)
    assert apply_patch(before, redo) == after and apply_patch(after, undo) == before


@given(st.lists(models.json_values, min_size=1), st.lists(models.json_values, min_size=1))
def test_a_list_that_grows_or_is_cut_back_is_patched_by_its_end(
        start: list[object], more: list[object]) -> None:
    # Who has acted this round grows by one a turn: logged as the turn's one id, not the
    # whole list twice.
    longer = [*start, *more]
    undo, redo = diff(start, longer)
    assert redo == {"$append": more} and undo == {"$cut": len(start)}
    assert apply_patch(start, redo) == longer and apply_patch(longer, undo) == start
    undo, redo = diff(longer, start)
    assert redo == {"$cut": len(start)} and undo == {"$append": more}
    with pytest.raises(ModelError, match="cut past its end"):
        apply_patch(start, {"$cut": len(start) + 1})


def test_a_combatants_wounds_are_logged_as_that_one_number() -> None:
    fight = Encounter(1, "Ambush", combatants=tuple(
        Combatant(i, f"Thug {i}", notes="x" * 200) for i in range(1, 21)))
    hurt = fight.with_changes(combatants=tuple(
        c.with_changes(wounds=4) if c.id == 7 else c for c in fight.combatants))
    change = Change.between("encounters", 1, fight.to_dict(), hurt.to_dict())
    assert change.after == {"combatants": {"$items": {"7": {"$fields": {"wounds": 4}}}}}
    # Unhurt, the document leaves his wounds out (0 is their default): undo leaves them out.
    assert change.before == {"combatants": {"$items": {"7": {"$fields": {
        "wounds": {"$unset": 1}}}}}}
    assert change.image("after", fight.to_dict()) == hurt.to_dict()
    assert change.image("before", hurt.to_dict()) == fight.to_dict()
    assert len(json.dumps(change.to_dict())) < 250  # his 200-character note is not in it


def test_an_edit_logs_only_the_fields_that_changed() -> None:
    pc = PlayerCharacter.new(1, "Kira", "Ann", 2)
    change = Change.between("pcs", 1, pc.to_dict(), pc.with_changes(wounds=7).to_dict())
    assert change.partial and change.before == {"wounds": 0} and change.after == {"wounds": 7}


def test_stats_accept_values_and_ratings() -> None:
    assert Stat("15").value == 15 and Stat("15").rating is None
    assert Stat(" 8m ").text == "8m" and Stat("8m").canonical == "8M"
    assert Stat("10HV").value == 400 and Stat("6LB").value == Fraction(3, 5)


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: PlayerCharacter(1, "Kira", def_="7M"), "Kira: Def: 7M: die must be 6, 8 or 10"),
        (lambda: PlayerCharacter(1, "Kira", wp="abc"), "Kira: WP: abc: missing die"),
        (lambda: PlayerCharacter(1, "Kira", wounds=-1), "Kira: wounds: must be at least 0"),
        (lambda: PlayerCharacter(1, "Kira", rank=31), "rank must be 0 to 30"),
        (lambda: PlayerCharacter(1, " "), "PC name: must not be empty"),
        (lambda: PlayerCharacter(0, "Kira"), "PC id: must be at least 1"),
        (lambda: NpcTemplate(1, "Thug", atk="-3"), "Thug: Atk: -3: a stat cannot be negative"),
        (lambda: NpcTemplate(1, "Thug", body_type="X"), "type must be P, V or S"),
        (lambda: NpcTemplate(1, "Thug", dmg=12), "Thug: Dmg: expected a value like 15"),
        (lambda: NpcTemplate(1, "Thug", body_type=["P"]), "type must be P, V or S"),
        (lambda: NpcTemplate.from_dict({"id": 1, "name": "Thug", "hp": 3}),
         "NPC Thug: unknown field"),
        (lambda: NpcTemplate.from_dict({"id": 1}), r"NPC \?: missing field\(s\) name"),
        (lambda: NpcTemplate.from_dict({"id": 1, "name": "Thug", "skills": [["Swords", 200]]}),
         "NPC Thug: skill Swords: 0 to 99, not 200"),
        (lambda: NpcTemplate.from_dict({"id": 1, "name": "Thug", "skills": None}),
         "NPC Thug: skills: expected a list, got NoneType"),
        (lambda: NpcTemplate.from_dict({"id": 1, "name": "Thug", "tags": ["", *"t" * 100]}),
         "Thug: tag: must not be empty"),
        (lambda: Encounter(1, "Fight", mode="chaos"),
         "mode must be one of individual, wave, group"),
        (lambda: PlayerCharacter.from_dict({"id": 1, "name": "K", "wounds": True}),
         "wounds: expected a whole number, got bool"),
        (lambda: PlayerCharacter.from_dict({"id": 1, "name": "K", "hp": 3}),
         "unknown field"),
        (lambda: NpcTemplate.from_dict({"name": "Thug"}), "missing field"),
        (lambda: Session.from_dict({"number": 1, "started_at": "2026-01-01T10:00:00"}),
         "has no UTC offset"),
    ],
)
def test_bad_values_are_refused_with_a_message_naming_the_field(
    build: object, message: str
) -> None:
    with pytest.raises(ModelError, match=message):
        build()  # type: ignore[operator]


def test_a_new_character_starts_with_100_ap_plus_the_players_rank() -> None:
    pc = PlayerCharacter.new(1, "Kira", "Ann", 3)
    assert (pc.ap_total, pc.unused_ap, pc.rank) == (103, 103, 0)
    assert pc.allowance.amount(5) == 0
