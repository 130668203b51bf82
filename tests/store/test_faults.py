"""Faults at every write, rename and fsync of a multi-file operation, one position at a time.

For each operation (an action over two files, one that seals a log chunk, undo, redo, a
session start carrying a fight and a PC's change) the store's file system calls are counted
once, then the operation is run again with an ``OSError`` injected at call 1, 2, ... N. After
each fault:

- what the store said matches the disk: :class:`SaveFailed` ("not applied") only when a
  fresh reader finds the campaign as before; a return only when it finds it as after, and
  with a warning ("saved, but ...") whenever a file still waits;
- the memory matches what was said (the GM sees what is on disk);
- with the fault gone, the next action works, without reopening, and everything is on disk
  (a writer opened afresh finds both, and ``check`` finds the campaign whole).
"""

from __future__ import annotations

import errno
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import console.store.tree as tree_module
from console.model import Encounter, Session
from console.model.outcome import Outcome
from console.service import ActionRefused, CampaignService
from console.store import CampaignStore, SaveFailed, check_campaign
from tests.store.helpers import make_pc

CHUNK = 2  # every second action seals a chunk


# Whether the n-th write-side call (1-based), of that name and with those arguments, fails.
Rule = Callable[[int, str, tuple[Any, ...]], bool]


class FaultyOS:
    """``os`` as the store's tree sees it, raising ``error`` at the write-side calls
    ``fails`` picks (creating a file, write, fsync, rename, link, mkdir, unlink, utime)."""

    WATCHED = ("write", "fsync", "replace", "link", "mkdir", "unlink", "utime")

    def __init__(self, fails: Rule | None = None, error: int = errno.ENOSPC) -> None:
        self.fails = fails
        self.error = error
        self.calls: list[str] = []

    @classmethod
    def at(cls, position: int) -> FaultyOS:
        return cls(lambda n, _name, _args: n == position)

    def _count(self, name: str, args: tuple[Any, ...]) -> None:
        self.calls.append(name)
        if self.fails is not None and self.fails(len(self.calls), name, args):
            raise OSError(self.error, os.strerror(self.error))

    def open(self, path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & os.O_CREAT:
            self._count("open", (path,))
        return os.open(path, flags, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        real = getattr(os, name)
        if name not in self.WATCHED:
            return real

        def watched(*args: Any, **kwargs: Any) -> Any:
            self._count(name, args)
            return real(*args, **kwargs)

        return watched


@dataclass(frozen=True)
class State:
    wounds: int
    rolls: int
    fight: tuple[int, int] | None  # (encounter id, round) of the running fight
    session: int
    head: int
    length: int


def observe(store: CampaignStore) -> State:
    pc = store.pc(1)
    assert pc is not None
    running = [e for e in store.encounters() if e.active]
    fight = (running[0].id, running[0].round) if running else None
    return State(pc.wounds, pc.rank_rolls, fight, store.session().number, store.head,
                 store.history_length)


def hit(store: CampaignStore, wounds: int) -> None:
    """An action over two files: the PC's sheet and the fight in the session file."""
    pc = store.pc(1)
    assert pc is not None
    store.apply("hit", f"{wounds} wounds", [
        ("pcs", 1, pc.with_changes(wounds=wounds).to_dict()),
        ("encounters", 1, Encounter(1, "Fight", round=wounds).to_dict()),
    ])


def start_carrying(store: CampaignStore) -> None:
    """A session start that carries the fight and takes a PC's rolls (two files, one op)."""
    fight = store.encounter(1)
    pc = store.pc(1)
    assert fight is not None and pc is not None

    def first(session: Session) -> Outcome:
        return Outcome.told(fight, pc.with_changes(rank_rolls=0),
                            notices=("Encounter Fight continues from the last session",))

    store.start_session(first=first)


Step = Callable[[CampaignStore], object]
# Each operation under test, as the steps that lead to it: the steps before the last run
# under the fault too, so every position of the whole sequence is tried.
OPERATIONS: dict[str, list[Step]] = {
    "two files": [lambda store: hit(store, 7)],
    "seals a chunk": [lambda store: hit(store, 7), lambda store: hit(store, 8)],
    "undo": [lambda store: store.undo()],
    "redo": [lambda store: store.undo(), lambda store: store.redo()],
    # The stop is an action of its own (the start stops a running session first).
    "session start": [lambda store: store.stop_session(), start_carrying],
    # The GM's key: the service's next session, carrying the fight, losing the rolls.
    "next session": [lambda store: store.stop_session(),
                     lambda store: CampaignService(store).sessions.start_next()],
}


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A campaign with a PC owing rank rolls, a fight in its first session and one hit."""
    saves = tmp_path_factory.mktemp("template")
    with CampaignStore.create(saves, "Tide", chunk_size=CHUNK) as store:
        store.apply("pc.add", "Add", [("pcs", 1, make_pc(1).with_changes(
            rank_rolls=2).to_dict())])
        store.start_session()
        store.apply("fight", "Fight", [("encounters", 1, Encounter(1, "Fight").to_dict())])
        hit(store, 3)
    return saves


def fresh(template: Path, tmp_path: Path) -> Path:
    saves = tmp_path / "saves"
    shutil.copytree(template, saves)
    return saves


def on_disk(saves: Path) -> State:
    with CampaignStore.open(saves, "Tide", read_only=True, chunk_size=CHUNK) as reader:
        return observe(reader)


@dataclass
class Run:
    store: CampaignStore  # still open
    states: list[State]  # as the store saw itself before each step, and after the last
    raised: SaveFailed | ActionRefused | None
    warnings: list[str]
    ends: list[int]  # how many write-side calls were made by the end of each step


def run_with(saves: Path, steps: list[Step], fault: FaultyOS,
             monkeypatch: pytest.MonkeyPatch) -> Run:
    """Open the campaign and run ``steps`` with ``fault`` in place of ``os``, up to the
    first refusal."""
    store = CampaignStore.open(saves, "Tide", chunk_size=CHUNK)
    monkeypatch.setattr(tree_module, "os", fault)
    states: list[State] = [observe(store)]
    raised: SaveFailed | ActionRefused | None = None
    ends: list[int] = []
    said: list[str] = []  # a service's command hands the store's warnings on as alerts
    try:
        for step in steps:
            result = step(store)
            said.extend(result.alerts if isinstance(result, Outcome) else ())
            states.append(observe(store))
            ends.append(len(fault.calls))
    except (SaveFailed, ActionRefused) as error:  # the service says the store's words
        raised = error
    finally:
        monkeypatch.setattr(tree_module, "os", os)
    return Run(store, states, raised, said + store.take_warnings(), ends)


@pytest.mark.parametrize("name", sorted(OPERATIONS))
def test_a_fault_at_every_position_is_told_as_it_is_and_mended_without_reopening(
        name: str, template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    steps = OPERATIONS[name]
    counter = FaultyOS()
    clean = run_with(fresh(template, tmp_path / "count"), steps, counter, monkeypatch)
    clean.store.close()
    assert clean.raised is None
    positions = len(counter.calls)
    assert positions >= 6, counter.calls  # at least two files' write, fsync, rename
    assert {"open", "write", "fsync", "replace"} <= set(counter.calls)

    outcomes: set[str] = set()
    for position in range(1, positions + 1):
        saves = fresh(template, tmp_path / f"at{position}")
        run = run_with(saves, steps, FaultyOS.at(position), monkeypatch)
        store = run.store
        where = f"{name}: fault at {position} ({counter.calls[position - 1]})"
        try:
            disk = on_disk(saves)
            # What the store holds, and says, is what the disk holds.
            assert disk == observe(store) == run.states[-1], where
            if run.raised is not None:
                assert "not applied" in str(run.raised), where
                outcomes.add("not applied")
                # The refused step changed nothing: as the clean run was before it.
                assert disk == clean.states[len(run.states) - 1], where
            else:
                assert disk == clean.states[-1], where
                # Every call after the commit point matters (a file, its backup, the
                # folder's fsync): a fault there is always said.
                assert set(run.warnings) - set(clean.warnings), where
                outcomes.add("saved, with a warning")
                if store.waiting:
                    assert any("saved, but" in line for line in run.warnings), where
            # The fault is gone: the next action works at once, and everything is on disk.
            hit(store, 42)
            assert store.take_warnings() == [] and store.waiting == [], where
            expected = observe(store)
            assert expected.wounds == 42, where
        finally:
            store.close()
        with CampaignStore.open(saves, "Tide", chunk_size=CHUNK) as again:
            assert observe(again) == expected, where
        assert check_campaign(saves, "Tide").healthy, where
    # Both answers were met along the commit: before its point and after it.
    assert outcomes == {"not applied", "saved, with a warning"}, outcomes


def test_a_file_that_waits_is_written_before_the_next_commit_or_refuses_it(
        template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # pcs.json cannot be written (its folder refuses new files) after the commit point:
    # the action is saved, pcs.json waits; while it still cannot be written, the next
    # action is refused unapplied (its commit would drop the record pcs.json relies on).
    saves = fresh(template, tmp_path)
    root = saves / "Tide"
    with CampaignStore.open(saves, "Tide", chunk_size=CHUNK) as store:
        refused = FaultyOS(lambda _n, name, args: name == "open"
                           and str(args[0]).startswith(".pcs.json"), errno.EACCES)
        monkeypatch.setattr(tree_module, "os", refused)
        hit(store, 5)
        (warning,) = store.take_warnings()
        assert warning.startswith("saved, but pcs.json could not be written yet "
                                  "(Permission denied)")
        assert store.waiting == ["pcs.json"]
        assert on_disk(saves).wounds == 5  # a reader finishes it from the commit record
        with pytest.raises(SaveFailed, match=r"could not write pcs.json .*this action was not "
                                             r"applied\. The one before it is saved"):
            hit(store, 6)
        assert observe(store).wounds == 5 and on_disk(saves).wounds == 5
        monkeypatch.setattr(tree_module, "os", os)
        hit(store, 6)  # the fault is gone: pcs.json first, then the new action
        assert store.waiting == [] and store.take_warnings() == []
    assert CampaignStore.open(saves, "Tide", read_only=True).pc(1).wounds == 6
    assert '"wounds":6' in (root / "pcs.json").read_text()


def test_close_releases_the_lock_whatever_waits(template: Path, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    saves = fresh(template, tmp_path)
    store = CampaignStore.open(saves, "Tide", chunk_size=CHUNK)
    # Every file but the session file refused: the action is saved (in the session file),
    # pcs.json waits, and still waits at close, which must release the lock anyway.
    refused = FaultyOS(lambda _n, name, args: name == "open"
                       and not str(args[0]).startswith(".session.json"))
    monkeypatch.setattr(tree_module, "os", refused)
    hit(store, 5)
    assert store.waiting == ["pcs.json"]
    store.close()
    monkeypatch.setattr(tree_module, "os", os)
    with CampaignStore.open(saves, "Tide", chunk_size=CHUNK) as again:  # not locked out
        assert observe(again).wounds == 5  # finished from the commit record on opening
        assert again.waiting == []
    assert '"wounds":5' in (saves / "Tide/pcs.json").read_text()


def test_a_failing_backup_never_stops_an_action_and_is_said_once(
        template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saves = fresh(template, tmp_path)
    with CampaignStore.open(saves, "Tide", chunk_size=CHUNK) as store:
        refused = FaultyOS(lambda _n, name, args: name == "link", errno.EACCES)
        monkeypatch.setattr(tree_module, "os", refused)
        said = []
        for wounds in (5, 6, 7, 8):  # 6 and 8 seal a log chunk
            hit(store, wounds)
            said.append(sorted(line.split(" could")[0] for line in store.take_warnings()))
        monkeypatch.setattr(tree_module, "os", os)
        hit(store, 9)
        assert store.take_warnings() == []
    # Each kind of file once (every chunk is a new file, yet one kind), not at every key.
    assert said == [["no backup of pcs.json", "no backup of sessions/0001/session.json"],
                    ["no backup of sessions/0001/log-0002.json"], [], []]
    assert on_disk(saves).wounds == 9


def test_a_start_that_fails_after_stopping_the_session_says_the_stop_is_saved(
        template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saves = fresh(template, tmp_path)
    refused = FaultyOS(lambda _n, name, args: name == "mkdir"
                       and str(args[0]) == "0002")  # the new session's folder
    run = run_with(saves, [start_carrying], refused, monkeypatch)
    run.store.close()
    assert run.raised is not None
    assert str(run.raised).startswith("session 1 was stopped (that is saved), but session 2 "
                                      "did not start: could not write sessions/0002")
    assert str(run.raised).endswith("the action was not applied; the campaign is as it was "
                                    "before it")
    with CampaignStore.open(saves, "Tide", read_only=True) as reader:
        assert reader.session().number == 1 and not reader.session().running
        assert observe(reader).fight == (1, 3)
