"""The store API on both backends (MemoryStorage and JSON files): actions, undo/redo,
sessions, validation."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from console.model import ApAward, Combatant, Encounter, ModelError, Session
from console.store import CampaignStore, StoreError
from tests.store.helpers import make_npc, make_pc


def state(store: CampaignStore) -> dict[str, dict[int, dict]]:
    return {table: store.all(table) for table in ("pcs", "npcs", "encounters", "session")}


def test_a_new_campaign_is_empty_and_in_session_zero(store: CampaignStore) -> None:
    assert store.pcs() == [] and store.npcs() == [] and store.encounters() == []
    assert store.session().number == 0 and store.session().running
    assert store.campaign().name == "Test"
    assert not store.can_undo and not store.can_redo and store.history() == []


def test_an_action_saves_model_objects_and_logs_before_and_after(store: CampaignStore) -> None:
    with store.action("pc.add", "Add Kira") as tx:
        tx.save(make_pc(tx.new_id("pcs")))
    assert store.pc(1) == make_pc(1)
    (entry,) = store.history()
    assert (entry.seq, entry.action, entry.description) == (1, "pc.add", "Add Kira")
    (change,) = entry.changes
    assert (change.table, change.doc_id, change.before) == ("pcs", 1, None)
    assert change.after == make_pc(1).to_dict()


def test_an_exception_inside_an_action_changes_nothing(store: CampaignStore) -> None:
    with pytest.raises(RuntimeError), store.action("pc.add", "Add Kira") as tx:
        tx.save(make_pc(1))
        raise RuntimeError("GM cancelled")
    assert store.pcs() == [] and store.history() == []


def test_invalid_documents_are_refused_before_anything_is_written(store: CampaignStore) -> None:
    store.apply("pc.add", "Add", [("pcs", 1, make_pc(1).to_dict())])
    bad = make_pc(2).to_dict() | {"def": "7M"}
    with pytest.raises(ModelError, match="7M: die must be 6, 8 or 10"):
        store.apply("pc.add", "Add two", [("pcs", 3, make_pc(3).to_dict()), ("pcs", 2, bad)])
    with pytest.raises(ModelError, match="says its id is 1"):
        store.apply("pc.add", "Wrong id", [("pcs", 5, make_pc(1).to_dict())])
    with pytest.raises(StoreError, match="unknown table"):
        store.apply("x", "x", [("spells", 1, {"id": 1})])
    with pytest.raises(StoreError, match="unknown table"):
        store.apply("x", "x", [("journal", 1, {})])
    assert [pc.id for pc in store.pcs()] == [1] and len(store.history()) == 1


def test_an_action_that_changes_nothing_is_not_logged(store: CampaignStore) -> None:
    store.apply("pc.add", "Add", [("pcs", 1, make_pc(1).to_dict())])
    assert store.apply("pc.same", "Same", [("pcs", 1, make_pc(1).to_dict())]) is None
    assert len(store.history()) == 1


def test_transaction_reads_see_pending_writes(store: CampaignStore) -> None:
    with store.action("npc.add", "Add two") as tx:
        first = tx.new_id("npcs")
        tx.save(make_npc(first))
        second = tx.new_id("npcs")
        tx.save(make_npc(second, "Boss"))
        assert tx.get("npcs", second)["name"] == "Boss"
    assert [n.name for n in store.npcs()] == ["Thug", "Boss"]


def test_undo_and_redo_walk_many_steps(store: CampaignStore) -> None:
    store.apply("pc.add", "Add", [("pcs", 1, make_pc(1).to_dict())])
    for wounds in range(1, 11):
        pc = store.pc(1)
        assert pc is not None
        store.apply("pc.wounds", f"to {wounds}",
                    [("pcs", 1, pc.with_changes(wounds=wounds).to_dict())])
    for expected in range(9, -1, -1):
        store.undo()
        assert store.pc(1).wounds == expected
    assert store.undo() is not None and store.pc(1) is None  # undid the creation
    assert store.undo() is None and not store.can_undo
    for expected in range(0, 6):
        store.redo()
        assert store.pc(1).wounds == expected
    assert store.head == 6 and store.can_redo


def test_a_new_action_after_undo_drops_the_redo_branch(store: CampaignStore) -> None:
    store.apply("pc.add", "Add", [("pcs", 1, make_pc(1).to_dict())])
    for wounds in (1, 2, 3, 4, 5, 6, 7):
        store.apply("w", "w", [("pcs", 1, make_pc(1, wounds=wounds).to_dict())])
    for _ in range(6):
        store.undo()
    store.apply("w", "branch", [("pcs", 1, make_pc(1, wounds=40).to_dict())])
    assert not store.can_redo and store.redo() is None
    assert [e.description for e in store.history()][-1] == "branch"
    assert len(store.history()) == 3
    store.undo()
    assert store.pc(1).wounds == 1


def test_undo_covers_every_table_including_the_session(store: CampaignStore) -> None:
    fight = Encounter(1, "Ambush", combatants=(Combatant(1, "Thug"),))
    award = ApAward(1, 3, "grab_bag", "clever plan")
    store.apply("enc.add", "Ambush", [("encounters", 1, fight.to_dict())])
    store.apply("enc.round", "Round 1", [("encounters", 1, fight.with_changes(round=1).to_dict())])
    session = store.session()
    store.apply("ap.award", "Grab bag", [("session", 1, session.with_changes(
        ap_awards=(award,)).to_dict())])
    assert store.session().ap_awards == (award,) and store.encounter(1).round == 1
    store.undo()
    assert store.session().ap_awards == ()
    store.undo()
    assert store.encounter(1).round == 0
    store.redo()
    store.redo()
    assert store.session().ap_awards == (award,) and store.encounter(1).round == 1


def test_random_actions_undos_and_redos_match_a_reference(store: CampaignStore) -> None:
    """Random histories across log chunk boundaries (chunk size 3) against a plain list of
    states; this exercises sealing, unsealing and redo-branch pruning."""
    rng = random.Random(1234)
    states = [state(store)]  # states[i] = state after i applied entries
    head = 0
    for step in range(400):
        roll = rng.random()
        if roll < 0.25 and head > 0:
            store.undo()
            head -= 1
        elif roll < 0.45 and head < len(states) - 1:
            store.redo()
            head += 1
        else:
            pc_id = rng.randint(1, 3)
            if rng.random() < 0.1:
                writes = [("pcs", pc_id, None)] if store.pc(pc_id) else []
            else:
                doc = make_pc(pc_id, wounds=step).to_dict()
                writes = [("pcs", pc_id, doc), ("npcs", 1, make_npc(1, notes=str(step)).to_dict())]
            if store.apply("random", f"step {step}", writes) is None:
                continue
            states = [*states[:head + 1], state(store)]
            head += 1
        assert state(store) == states[head], f"step {step}"
        assert store.head == head and store.history_length == len(states) - 1
    for _ in range(head):
        store.undo()
    assert state(store) == states[0]


def test_starting_a_session_stops_the_last_and_starts_an_empty_log(
    store: CampaignStore,
) -> None:
    t0 = datetime(2026, 1, 1, 19, 0, tzinfo=UTC)
    store.apply("pc.add", "Add", [("pcs", 1, make_pc(1).to_dict())])
    first = store.start_session(now=t0)
    assert first.number == 1 and first.running and first.started_at == t0
    assert store.history() == [] and not store.can_undo
    store.apply("w", "w", [("pcs", 1, make_pc(1, wounds=3).to_dict())])
    stopped = store.stop_session(now=t0 + timedelta(hours=4))
    assert stopped.stopped_at == t0 + timedelta(hours=4)
    store.undo()  # stopping is an action like any other
    assert store.session().running
    second = store.start_session(now=t0 + timedelta(days=7))
    assert second.number == 2 and store.session_numbers() == [0, 1, 2]
    assert store.pc(1).wounds == 3
    assert isinstance(store.session(), Session)


def test_history_can_read_just_the_newest_entries() -> None:
    store = CampaignStore.in_memory()
    for number in range(1, 8):
        store.apply("encounter.new", f"fight {number}",
                    [(Encounter.TABLE, number, Encounter(number, f"Fight {number}").to_dict())])
    assert [e.description for e in store.history(3)] == ["fight 5", "fight 6", "fight 7"]
    assert len(store.history()) == len(store.history(100)) == 7
    store.undo()
    assert [e.seq for e in store.history(2)] == [6, 7]  # the undone entry is still listed


def test_a_tables_version_moves_only_when_its_file_is_written() -> None:
    store = CampaignStore.in_memory()
    pc = make_pc(1, "Brice")
    store.apply("pc.add", "Brice", [("pcs", 1, pc.to_dict())])
    npcs = store.table_version("npcs")
    pcs = store.table_version("pcs")
    store.apply("pc.wounds", "Brice hurt", [("pcs", 1, pc.with_changes(wounds=3).to_dict())])
    assert store.table_version("npcs") == npcs
    assert store.table_version("pcs") > pcs
    store.apply("npc.add", "Thug", [("npcs", 1, make_npc(1, "Thug").to_dict())])
    after_add = store.table_version("npcs")
    assert after_add > npcs
    store.undo()
    assert store.table_version("npcs") > after_add  # undo rewrote the file

