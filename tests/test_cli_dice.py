"""The dice-engine command line: output, JSON keys, and one-line errors with exit code 2."""

import json
import subprocess
import sys

import pytest

from console.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_rating(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_json(capsys, "rating", "10HV") == {"rating": "10HV", "value": 400, "level": 18}
    data = run_json(capsys, "rating", "10H", "--adjust", "+1d")
    assert (data["rating"], data["value"], data["level"]) == ("6LV", 60, 10)
    assert run_json(capsys, "rating", "6lb")["level"] is None
    assert run_json(capsys, "rating", "6lb")["value"] == 0.6
    code, out, _ = run(capsys, "rating", "8m")
    assert code == 0 and "value 16, level 5" in out


def test_convert(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_json(capsys, "convert", "18")["rating"] == "10M"
    assert run_json(capsys, "convert", "18", "--balanced")["rating"] == "8M"
    assert run_json(capsys, "convert", "55")["rating"] == "6LV"
    code, out, _ = run(capsys, "convert", "18")
    assert code == 0 and "balanced column gives 8M" in out


def test_roll_from_faces(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "roll", "8MV", "--faces", "5:t,c,1")
    assert data["result"] == 5
    assert [step["face"] for step in data["trail"]] == ["5", "t", "c", "1"]
    assert [step["rating"] for step in data["trail"]] == ["8MV", "8M", "8L", "8L"]
    assert run_json(capsys, "roll", "8M", "--faces", "8:16,16,16,2")["result"] == 131072


def test_roll_with_a_seed_repeats(capsys: pytest.CaptureFixture[str]) -> None:
    first = run_json(capsys, "roll", "8MV", "--seed", "42")
    assert run_json(capsys, "roll", "8MV", "--seed", "42") == first
    faces = f"{first['die']}:{','.join(first['doubling'])}"
    again = run_json(capsys, "roll", "8MV", "--faces", faces)
    assert again["result"] == first["result"]


def test_roll_against_a_difficulty(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "8M", "--faces", "8:2", "--vs", "15")
    assert code == 0 and "32 vs 15: success by 17" in out


def test_non_doubling_roll(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_json(capsys, "roll", "8M", "--non-doubling", "--faces", "7")["result"] == 14
    assert run_json(capsys, "roll", "8M", "--non-doubling", "--seed", "3")["doubling"] == ["-"]


def test_odds(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "odds", "8M", "15")
    assert abs(data["p"] - 0.45947265625) < 1e-12
    assert data["exact"] == "941/2048"
    assert data["median"] == 14
    code, out, _ = run(capsys, "odds", "8M", "15")
    assert code == 0 and "45.95% to succeed" in out
    assert "<- 15" in out  # the band holding the difficulty is marked
    assert out.count("\n") >= 14  # a line per difficulty band
    assert run_json(capsys, "odds", "10L", "8", "--non-doubling")["p"] == 0.3


def test_combine(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_json(capsys, "combine", "cat", "8L", "10L")["rating"] == "6M"
    assert run_json(capsys, "combine", "cat", "6H", "8M")["rating"] == "10H"
    assert run_json(capsys, "combine", "high", "8L", "10M")["rating"] == "6H"
    assert run_json(capsys, "combine", "high", "6L", "8L", "10L")["rating"] == "8M"
    assert run_json(capsys, "combine", "high", "6L", "16")["rating"] == "10M"
    assert run_json(capsys, "combine", "cat", "8M", "8M", "--equipment", "6L")["rating"] == "8H"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rating", "7M"], "7M: die must be 6, 8 or 10"),
        (["rating", "8M", "--adjust", "+1x"], "not an adjustment"),
        (["rating", "10HU", "--adjust", "+1d"], "above 10HU"),
        (["convert", "abc"], "abc: not a number"),
        (["convert", "0"], "above 0"),
        (["roll", "8M", "--faces", "9:1"], "9: not a face of the d8"),
        (["roll", "8M", "--faces", "5:1,2"], "cannot follow it"),
        (["roll", "8MV", "--faces", "5:t"], "has not ended"),
        (["roll", "8M", "--faces", "t,1"], "like 5:t,c,1"),
        (["roll", "8M", "--non-doubling", "--faces", "5:1"], "only the die face"),
        (["roll", "8M", "--seed", "x"], "seed must be a whole number"),
        (["odds", "8M", "7.5"], "difficulty must be a whole number"),
        (["odds", "8M", "99999999999999999999"],
         "difficulty 99999999999999999999 is out of range: 0 to 1,000,000,000"),
        (["roll", "8M", "--seed", "-1"], "seed -1 is out of range"),
        (["roll", "8M", "--seed", "3", "--vs", "-4"], "difficulty -4 is out of range"),
        (["odds", "9M", "7"], "die must be 6, 8 or 10"),
        (["combine", "cat", "8L"], "at least two"),
        (["combine", "cat", "8L", "16"], "takes ratings, not values"),
        (["combine", "high", "8L", "--equipment", "6L"], "cat only"),
        (["combine", "sum", "8L", "6L"], "invalid choice"),
        (["rating"], "required"),
        (["nonsense", "--saves", "/nonexistent-saves"], "no campaign 'nonsense'"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse's own usage errors exit from inside parse_args
        code = exit_.code
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert message in err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err


def test_python_dash_m_is_the_same_program() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "console", "odds", "8M", "15", "--json"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0
    assert json.loads(done.stdout)["exact"] == "941/2048"
    bad = subprocess.run(
        [sys.executable, "-m", "console", "rating", "7M"],
        capture_output=True, text=True, check=False,
    )
    assert bad.returncode == 2
    assert bad.stderr == "gm-console: 7M: die must be 6, 8 or 10\n"
