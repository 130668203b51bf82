"""SIGKILL a writer at random moments, 200+ times; every file must load and the campaign
must hold the last acknowledged operation or the one after it (killed between the write
and the acknowledgement). The count is of kills that found the writer at work, not of wall
time: on a loaded machine the writer starts slower, and the test waits for it longer.

The writer is a forked child (forking from the already-imported test process costs about
a millisecond, so 200 kills fit in seconds). It prints each operation number to its stdout
(a pipe) only after the store call returned. The operations follow a fixed plan keyed by
the operation number, mixing two-file actions, undo, redo and session stop/start, so the
parent can compute the exact expected state for any number.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import time
import traceback
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from console.model import Encounter
from console.model.outcome import Outcome
from console.store import CampaignStore, check_campaign
from tests.store.helpers import make_pc

KILLS = 200
CHUNK = 4  # small log chunks: sealing and unsealing happen often


def plan(k: int) -> str:
    """The operation with number ``BASE + k``; every one of them commits something."""
    if k % 50 == 49:
        return "stop"
    if k % 50 == 0:
        return "start"
    if k % 50 < 5:
        return "apply"
    return {0: "undo", 1: "redo"}.get(k % 5, "apply")


@dataclass(frozen=True)
class State:
    wounds: int
    round: int | None  # None: no encounter yet in this session
    session: int
    stopped: bool
    head: int
    length: int


def simulate(base: State, count: int) -> list[State]:
    """states[k] = the expected state after plan operation k (states[0] = base)."""
    states = [base]
    state = base
    # Entries logged before the plan (the PC's creation) are never undone by the plan:
    # they only hold their places in the history.
    history: list[tuple[State, State]] = [(base, base)] * base.head
    for k in range(1, count + 1):
        kind = plan(k)
        if kind in ("apply", "stop"):
            after = (replace(state, wounds=k, round=k) if kind == "apply"
                     else replace(state, stopped=True))
            history = [*history[:state.head], (state, after)]
            state = replace(after, head=state.head + 1, length=state.head + 1)
        elif kind == "start":
            # The running fight is carried into the new session, and said in its log's
            # first entry, which undo never reaches.
            carried = state.round is not None
            history = [(state, state)] if carried else []
            state = replace(state, session=state.session + 1, stopped=False,
                            head=len(history), length=len(history))
        elif kind == "undo":
            before = history[state.head - 1][0]
            state = replace(before, head=state.head - 1, length=state.length)
        else:
            after = history[state.head][1]
            state = replace(after, head=state.head + 1, length=state.length)
        states.append(state)
    return states


def observe(store: CampaignStore) -> State:
    pc = store.pc(1)
    encounter = store.encounter(1)
    assert pc is not None
    return State(pc.wounds, None if encounter is None else encounter.round,
                 store.session().number, not store.session().running, store.head,
                 store.history_length)


def writer(saves: Path, base_opno: int) -> None:
    """The child: do planned operations forever, acknowledging each after it returns."""
    store = CampaignStore.open(saves, "Crash", chunk_size=CHUNK)
    print("ready", flush=True)  # the kill is timed from here, not from the fork
    while True:
        number = store.opno + 1
        kind = plan(number - base_opno)
        if kind == "apply":
            pc = store.pc(1)
            assert pc is not None
            store.apply("hit", f"op {number}", [
                ("pcs", 1, pc.with_changes(wounds=number - base_opno).to_dict()),
                ("encounters", 1, Encounter(1, "Fight", round=number - base_opno).to_dict()),
            ])
        elif kind == "stop":
            store.stop_session()
        elif kind == "start":  # as the GM's key does: the running fight goes on
            running = [e for e in store.encounters() if e.active]
            told = Outcome.told(*running, notices=[f"Encounter {e.name} continues"
                                                   for e in running])
            store.start_session(first=lambda _session, told=told: told)
        elif kind == "undo":
            assert store.undo() is not None
        else:
            assert store.redo() is not None
        assert store.opno == number
        print(number, flush=True)


def run_writer(saves: Path, base_opno: int, seconds: float) -> list[int]:
    """Fork a writer, SIGKILL it after ``seconds``; returns the numbers it acknowledged."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child never returns into pytest
        code = 0
        try:
            os.close(read_end)
            os.dup2(write_end, 1)
            sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115
            writer(saves, base_opno)
        except BaseException:
            traceback.print_exc()  # shows in pytest's captured stderr if the test fails
            code = 1
        finally:
            os._exit(code)
    os.close(write_end)
    # Wait for the writer to have opened the campaign (slower on a loaded machine), then
    # let it work for ``seconds``: the kill lands while it works, whatever the load.
    chunks = [os.read(read_end, 64)]
    while not chunks[-1].startswith(b"ready") and b"ready" not in b"".join(chunks):
        if not (data := os.read(read_end, 64)):
            break
        chunks.append(data)
    time.sleep(seconds)
    os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status), "the writer stopped by itself (it failed)"
    while data := os.read(read_end, 65536):
        chunks.append(data)
    os.close(read_end)
    return [int(line) for line in b"".join(chunks).split()[1:]]


@pytest.mark.serial
def test_sigkill_at_random_moments_never_loses_an_acknowledged_operation(
    saves: Path,
) -> None:
    with CampaignStore.create(saves, "Crash", chunk_size=CHUNK) as store:
        store.apply("pc.add", "Add", [("pcs", 1, make_pc(1).to_dict())])
        base_opno = store.opno
        states = simulate(observe(store), 20_000)
    rng = random.Random(20261121)
    known = base_opno  # newest operation known to be on disk
    working = 0  # kills that landed while the writer was working, however loaded the machine
    runs = 0
    while working < KILLS:
        runs += 1
        assert runs <= 3 * KILLS, f"only {working} of {runs} kills found the writer working"
        acks = run_writer(saves, base_opno, rng.uniform(0.0, 0.03))
        assert acks == list(range(known + 1, known + 1 + len(acks))), f"kill {runs}"
        last_ack = acks[-1] if acks else known
        report = check_campaign(saves, "Crash")
        assert report.healthy, f"kill {runs}: {report.problems}"
        with CampaignStore.open(saves, "Crash", read_only=True) as viewer:
            found = viewer.opno
            assert found in (last_ack, last_ack + 1), f"kill {runs}: {found} vs {last_ack}"
            assert observe(viewer) == states[found - base_opno], f"kill {runs} at op {found}"
        if acks or found > known:
            working += 1  # it had done (or was committing) work when it died
        known = found
    with CampaignStore.open(saves, "Crash") as store:  # and the writer can carry on
        assert observe(store) == states[known - base_opno]
        assert store.session().number >= 1


# ----- a kill at every point of a commit, one at a time ----------------------------------


def _killed_at(saves: Path, steps: list[object], position: int) -> None:
    """Fork a child that runs ``steps`` and SIGKILLs itself just before its
    ``position``-th write-side call of the store (the calls tests/store/test_faults.py
    counts); returns once it is dead."""
    from tests.store import test_faults as faults

    pid = os.fork()
    if pid == 0:  # the child never returns into pytest
        try:
            import console.store.tree as tree_module

            store = CampaignStore.open(saves, "Tide", chunk_size=faults.CHUNK)

            def die(n: int, _name: str, _args: tuple[object, ...]) -> bool:
                if n == position:
                    os.kill(os.getpid(), signal.SIGKILL)
                return False

            tree_module.os = faults.FaultyOS(die)  # type: ignore[assignment]
            for step in steps:
                step(store)  # type: ignore[operator]
            os.kill(os.getpid(), signal.SIGKILL)  # after the last call, unacknowledged
        finally:
            os._exit(1)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status), f"the child failed before position {position}"


@pytest.mark.serial
@pytest.mark.parametrize("name", ["two files", "seals a chunk", "undo", "redo",
                                  "session start", "next session"])
def test_a_kill_at_every_point_of_a_commit_leaves_it_done_or_not_done(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    from tests.store import test_faults as faults

    template = tmp_path / "template"
    with CampaignStore.create(template, "Tide", chunk_size=faults.CHUNK) as store:
        store.apply("pc.add", "Add", [("pcs", 1, make_pc(1).with_changes(
            rank_rolls=2).to_dict())])
        store.start_session()
        store.apply("fight", "Fight", [("encounters", 1, Encounter(1, "Fight").to_dict())])
        faults.hit(store, 3)
    steps = faults.OPERATIONS[name]
    counter = faults.FaultyOS()
    clean = faults.run_with(faults.fresh(template, tmp_path / "count"), steps, counter,
                            monkeypatch)
    clean.store.close()
    for position in range(1, len(counter.calls) + 2):
        saves = tmp_path / f"at{position}"
        shutil.copytree(template, saves)
        _killed_at(saves, steps, position)
        where = f"{name}: killed before call {position}"
        report = check_campaign(saves, "Tide")
        assert report.healthy, f"{where}: {report.problems}"
        with CampaignStore.open(saves, "Tide", chunk_size=faults.CHUNK) as store:
            found = faults.observe(store)
        # Done or not done: as before the step the kill landed in, or as after it.
        step = next((i for i, end in enumerate(clean.ends) if position <= end),
                    len(clean.ends))
        allowed = clean.states[step:step + 2]
        assert found in allowed, f"{where}: {found} not in {allowed}"
        # A fight running when the session stopped is in whichever session is current.
        assert found.fight is not None, where
