"""The command line's output (issue 25): a reader that stops early is normal, every command
but the two screens answers in JSON when asked, and the GM is told how to open the console
on what he made or looked for."""

from __future__ import annotations

import argparse
import errno
import io
import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from console.cli import build_parser, main
from console.cli.app_launch import _parser as console_parser
from console.cli.app_launch import open_for_console

SCREENS = {"player-view", "serve"}  # they open a screen: nothing to print


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def answer(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, object]]:
    code, out, err = run(capsys, *argv, "--json")
    assert err == "" and out.count("\n") == 1, (out, err)
    return code, json.loads(out)


# ----- a reader that stops early ------------------------------------------------------------


def test_a_reader_gone_before_the_output_is_said_nothing_of() -> None:
    """``gm-console odds 8M 15 | head -1``: head leaves after one line. Here the reader is
    gone before the first write, so the pipe breaks every time, not by timing."""
    command = subprocess.Popen([sys.executable, "-m", "console", "odds", "8M", "15"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert command.stdout is not None and command.stderr is not None
    command.stdout.close()
    err = command.stderr.read()
    assert command.wait(timeout=60) == 141  # as a shell reports a program the pipe stopped
    assert err == b""


# ----- --json -------------------------------------------------------------------------------


def test_every_subcommand_but_the_screens_takes_json() -> None:
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))

    def takes_json(sub: argparse.ArgumentParser) -> bool:
        nested = [a for a in sub._actions if isinstance(a, argparse._SubParsersAction)]
        if nested:  # a group of commands (adventure import, export ...): each of them
            return all(takes_json(child) for child in nested[0].choices.values())
        return any("--json" in action.option_strings for action in sub._actions)

    without = {name for name, sub in commands.choices.items() if not takes_json(sub)}
    assert without == SCREENS


def test_new_list_check_and_summary_in_json(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    saves = str(tmp_path / "saves")
    code, made = answer(capsys, "new", "Iron Reach", "--saves", saves)
    assert code == 0 and made == {"name": "Iron Reach", "path": f"{saves}/Iron Reach",
                                  "system": "metascape",
                                  "open": f"gm-console 'Iron Reach' --saves {saves}"}
    assert answer(capsys, "demo", "--saves", saves)[1]["open"] == f"gm-console Demo --saves {saves}"
    code, listed = answer(capsys, "list", "--saves", saves)
    assert code == 0 and listed["saves"] == saves
    assert [(c["name"], c["state"], c["pcs"], c["session"])  # type: ignore[index]
            for c in listed["campaigns"]] == [  # type: ignore[attr-defined]
        ("Demo", "ok", 4, 1), ("Iron Reach", "ok", 0, 0)]
    code, checked = answer(capsys, "check", "Demo", "--saves", saves)
    assert code == 0 and checked["healthy"] is True and checked["problems"] == []
    assert f"{saves}/Demo/pcs.json" in checked["ok"]  # type: ignore[operator]
    code, summary = answer(capsys, "summary", "Demo", "--saves", saves)
    assert code == 0 and summary["session"] == 1 and summary["closing"] is None
    assert summary["encounters"] == [{"name": "Ambush at the docks", "rounds": 1,
                                      "running": True, "pcs": ["Brice", "Kess", "Vera", "Dax"],
                                      "down": []}]
    assert str(summary["markdown"]).startswith("# Demo: session 1")
    exported = str(tmp_path / "demo.json")
    assert answer(capsys, "export", "Demo", exported, "--saves", saves)[1] == {
        "name": "Demo", "file": exported}
    assert answer(capsys, "import", exported, "--as", "Copy", "--saves", saves)[1]["name"] \
        == "Copy"


def test_a_damaged_campaign_in_json_exits_1(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    saves = str(tmp_path)
    run(capsys, "new", "Tide", "--saves", saves)
    (tmp_path / "Tide" / "pcs.json").write_text("{not json")
    code, checked = answer(capsys, "check", "Tide", "--saves", saves)
    assert code == 1 and checked["healthy"] is False
    assert [p["path"] for p in checked["problems"]] == [  # type: ignore[attr-defined]
        f"{saves}/Tide/pcs.json"]
    code, listed = answer(capsys, "list", "--saves", saves)
    assert listed["campaigns"][0]["state"] == "damaged"  # type: ignore[index]


def test_a_refusal_stays_one_line_on_stderr_with_json(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    code, out, err = run(capsys, "check", "Nope", "--saves", str(tmp_path), "--json")
    assert code == 2 and out == "" and err.startswith("gm-console: ") and err.count("\n") == 1


# ----- how to open the console ----------------------------------------------------------------


def test_help_says_how_to_open_the_console(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: gm-console [CAMPAIGN] [--saves DIR] [--read-only]")
    assert "opens the console on a campaign" in out


def test_new_says_the_command_that_opens_what_it_made(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    saves = tmp_path / "my saves"
    _, out, _ = run(capsys, "new", "Iron Reach", "--saves", str(saves))
    command = out.split("open it with: ", 1)[1].strip()
    words = shlex.split(command)
    assert words[0] == "gm-console"
    opened = console_parser().parse_args(words[1:])
    open_for_console(Path(opened.saves), opened.campaign, read_only=False).close()


def test_no_such_campaign_says_where_it_looked_and_how_to_look_elsewhere(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "Nope", "--saves", str(tmp_path))
    assert code == 2 and err.count("\n") == 1
    assert (f"no campaign 'Nope' in {tmp_path}; `gm-console new Nope --saves {tmp_path}` "
            f"creates it, `gm-console list --saves {tmp_path}` shows the campaigns there "
            "(--saves DIR looks in another folder)") in err


def test_the_saves_folder_may_come_before_the_command(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    """As it comes before a campaign's name: gm-console --saves DIR demo."""
    code, out, err = run(capsys, "--saves", str(tmp_path), "demo")
    assert code == 0 and err == "" and (tmp_path / "Demo").is_dir()
    code, out, err = run(capsys, f"--saves={tmp_path}", "list")
    assert code == 0 and out.startswith("Demo: 4 PCs")
    # A command with commands of its own: --saves reaches its last level.
    code, out, err = run(capsys, "--saves", str(tmp_path), "adventure", "list", "Demo")
    assert code == 0 and err == "" and out.startswith("The Silent Relay: 3 scenes")


def test_the_subcommands_known_by_name_are_those_the_groups_register() -> None:
    """Opening the console loads no subcommand module: ``COMMAND_GROUPS`` names their
    subcommands, and must name exactly what each module registers."""
    import importlib

    from console.cli import COMMAND_GROUPS
    from console.cli.errors import Parser

    for module, names in COMMAND_GROUPS.items():
        parser = Parser(prog="gm-console")
        subparsers = parser.add_subparsers(dest="command", parser_class=Parser)
        importlib.import_module(module).register(subparsers)
        assert tuple(subparsers.choices) == names, module


class _FullDisk(io.StringIO):
    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_output_that_cannot_be_written_is_said_after_the_work_is_done(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    """stdout closed (>&-): the command runs and prints nowhere; stdout full (>/dev/full):
    the work is done and the one line says so, exit 1 (2 is for input refused)."""
    monkeypatch.setattr(sys, "stdout", None)
    assert main(["--saves", str(tmp_path), "demo"]) == 0
    assert (tmp_path / "Demo").is_dir()
    monkeypatch.setattr(sys, "stdout", _FullDisk())
    assert main(["--saves", str(tmp_path), "new", "Second"]) == 1
    assert (tmp_path / "Second").is_dir()  # done, though its line could not be printed
    err = capsys.readouterr().err
    assert err == ("gm-console: the output could not be written (standard output: No space "
                   "left on device); the command itself was carried out\n")


def test_a_name_that_starts_with_a_dash_is_told_after_a_double_dash(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """"open it with: gm-console -x --saves DIR" read -x as an option: refused."""
    _, out, _ = run(capsys, "new", "--saves", str(tmp_path), "--", "-x")
    command = out.split("open it with: ", 1)[1].strip()
    assert command == f"gm-console --saves {tmp_path} -- -x"
    opened = console_parser().parse_args(shlex.split(command)[1:])
    assert opened.campaign == "-x"
    code, _, err = run(capsys, "--saves", str(tmp_path), "--", "-y")
    assert code == 2 and f"`gm-console new --saves {tmp_path} -- -y` creates it" in err


def test_what_the_command_line_says_of_a_typed_name_is_escaped(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The suggested `gm-console new '...'` and argparse's own errors printed a typed
    name's escape sequences raw (ESC]0;... retitles the terminal)."""
    typed = "Q\x1b]0;pwned\x07Z"
    code, _, err = run(capsys, typed, "--saves", str(tmp_path))
    assert code == 2 and "\x1b" not in err and "\x07" not in err and "\\x1b" in err
    with pytest.raises(SystemExit) as stopped:  # argparse's own error
        run(capsys, f"--{typed}")
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and "\x1b" not in err and "\\x1b" in err
