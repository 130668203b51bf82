"""The command line, fuzzed: every subcommand with random and adversarial arguments ends in
exit 0, 1 (``check`` found damage) or 2 with one line on stderr: never a traceback."""

from __future__ import annotations

import io
import shutil
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from console.cli import main
from console.store import CampaignStore

SUBCOMMANDS = ["rating", "convert", "roll", "odds", "combine", "new", "list", "check",
               "export", "import", "summary"]
FLAGS = ["--json", "--adjust", "--balanced", "--seed", "--faces", "--non-doubling", "--vs",
         "--equipment", "--saves", "--as", "--session", "--force", "--max-size", "-h", "--",
         "-1d", "+1c-1d", "--adjust=-1d"]
WORDS = st.one_of(
    st.sampled_from(["8M", "10HV", "6lb", "7M", "99", "0", "-5", "1e9", "5:t,c,1", "t,1",
                     "cat", "high", "Tide", "tide", "TIDE", "CON", "a/b", "..", ".", "",
                     " x", "x.", "é" * 70, "a\u202eb", "a\u2215b", "saves", "saves/Tide",
                     "/dev/null", "/dev/full", "/no/dir/x.json", "out.json",
                     "saves/Tide/pcs.json", "9" * 40, "+" + "1" * 300 + "d", "-" * 5,
                     "\x00", "½", "٣"]),
    st.text(max_size=12),
    st.integers(min_value=-(10**25), max_value=10**25).map(str),
)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder to run in: a campaign with a session, and an export of it."""
    root = tmp_path_factory.mktemp("cli")
    with CampaignStore.create(root / "saves", "Tide") as store:
        store.start_session()
    yield root
    shutil.rmtree(root, ignore_errors=True)


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=st.sampled_from(SUBCOMMANDS),
       rest=st.lists(st.one_of(st.sampled_from(FLAGS), WORDS), max_size=6))
def test_no_command_line_ends_in_a_traceback(
        world: Path, monkeypatch: pytest.MonkeyPatch, command: str, rest: list[str]) -> None:
    monkeypatch.chdir(world)
    argv = [command, *rest]
    if "--saves" not in rest:
        argv += ["--saves", "saves"] if command in SUBCOMMANDS[5:] else []
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as done:  # argparse's usage errors and --help exit from inside
            code = done.code if isinstance(done.code, int) else 2
    assert code in (0, 1, 2), (argv, code, err.getvalue())
    assert "Traceback" not in err.getvalue() and "Traceback" not in out.getvalue()
    if code == 2:
        assert err.getvalue().count("\n") == 1, (argv, err.getvalue())


NAMES = st.one_of(st.sampled_from(["Tide", "tide", "TIDE", "New", "CON", "a/b", "..", "x.",
                                   "é" * 70, "a\u202eb", "Straße", "STRASSE", ""]),
                  st.text(min_size=1, max_size=20))
PATHS = st.one_of(st.sampled_from(["out.json", "saves", "saves/Tide", "saves/Tide/pcs.json",
                                   "/dev/null", "/dev/full", "/no/dir/x.json", ".", "",
                                   "export.json", "saves/Tide/lock", "/proc/self/mem"]),
                  st.text(min_size=1, max_size=15))
WELL_FORMED = st.one_of(
    st.tuples(st.just("new"), NAMES).map(list),
    st.tuples(st.just("check"), NAMES).map(list),
    st.tuples(st.just("export"), NAMES, PATHS, st.sampled_from([[], ["--force"]]))
    .map(lambda t: [t[0], t[1], t[2], *t[3]]),
    st.tuples(st.just("import"), PATHS, st.sampled_from([[], ["--as"]]), NAMES,
              st.sampled_from([[], ["--max-size", "1"], ["--max-size", "0"]]))
    .map(lambda t: [t[0], t[1], *t[2], *([t[3]] if t[2] else []), *t[4]]),
    st.tuples(st.just("summary"), NAMES, st.sampled_from([[], ["--session", "1"],
                                                          ["--session", "-3"]]))
    .map(lambda t: [t[0], t[1], *t[2]]),
    st.tuples(st.just("rating"), WORDS, st.sampled_from(["--adjust"]), WORDS).map(list),
    st.tuples(st.just("odds"), WORDS, WORDS).map(list),
    st.tuples(st.just("roll"), WORDS, st.sampled_from(["--faces", "--seed", "--vs"]),
              WORDS).map(list),
)


@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=WELL_FORMED)
def test_well_formed_commands_with_hostile_values_end_in_a_message(
        world: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> None:
    monkeypatch.chdir(world)
    export = world / "export.json"
    if not export.exists():
        main(["export", "Tide", str(export), "--saves", "saves"])
    if argv[0] in SUBCOMMANDS[5:]:
        argv = [*argv, "--saves", "saves"]
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 2
    assert code in (0, 1, 2), (argv, code, err.getvalue())
    assert "Traceback" not in err.getvalue() and "unexpected error" not in err.getvalue(), \
        (argv, err.getvalue())
    assert Path("/dev/null").is_char_device()  # never replaced by an export
