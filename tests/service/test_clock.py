"""The console's clock never goes back (service/clock.py): a clock set back two hours
showed "running -2:00" and recorded 0:00 played."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from console.model.awards import played_time
from console.service import CampaignService
from console.service.clock import SteadyClock
from console.store import CampaignStore

T0 = datetime(2026, 11, 24, 19, 0, tzinfo=UTC)


class Machine:
    """A wall clock the test sets, and a monotonic clock that only moves on."""

    def __init__(self) -> None:
        self.wall = T0
        self.monotonic = 0.0

    def wait(self, seconds: float, wall_jump: timedelta = timedelta(0)) -> None:
        self.monotonic += seconds
        self.wall += timedelta(seconds=seconds) + wall_jump


def steady(machine: Machine, floor: datetime | None = None) -> SteadyClock:
    return SteadyClock(floor, wall=lambda: machine.wall, monotonic=lambda: machine.monotonic)


@given(st.lists(st.tuples(st.floats(0, 7200), st.integers(-86_400, 86_400)), max_size=30))
def test_it_never_goes_back_and_always_counts_the_time_that_passed(
        steps: list[tuple[float, int]]) -> None:
    machine = Machine()
    clock = steady(machine)
    last = clock()
    for seconds, jump in steps:
        machine.wait(seconds, timedelta(seconds=jump))
        now = clock()
        assert now >= last + timedelta(seconds=seconds) - timedelta(microseconds=1)
        assert now >= machine.wall  # a clock put right (forward) is followed
        last = now


def test_a_wall_clock_behind_the_campaign_starts_from_the_campaign() -> None:
    machine = Machine()
    machine.wall = T0 - timedelta(hours=2)
    clock = steady(machine, floor=T0)
    assert clock() == T0
    machine.wait(600)
    assert clock() == T0 + timedelta(minutes=10)


def test_a_session_keeps_counting_when_the_clock_is_set_back(tmp_path: Path) -> None:
    machine = Machine()
    with CampaignStore.create(tmp_path, "Tide") as store:
        service = CampaignService(store, clock=steady(machine))
        service.sessions.start_next()
        machine.wait(30 * 60, wall_jump=timedelta(hours=-2))  # half an hour, clock set back
        session = service.session()
        assert played_time(session, service.clock()) == timedelta(minutes=30)
        service.sessions.stop()
        assert played_time(service.session(), service.clock()) == timedelta(minutes=30)
    # Reopened with the wall clock still two hours behind: never before what was recorded.
    with CampaignStore.open(tmp_path, "Tide") as store:
        service = CampaignService(store)
        assert service.clock() >= service.session().stopped_at
