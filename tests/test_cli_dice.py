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
    # Table 6's words, as the calculator takes them.
    assert run_json(capsys, "odds", "8M", "moderate")["p"] == data["p"]
    assert run(capsys, "odds", "8M", "moderat")[0] == 2


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
         "difficulty 99999999999999999999 is out of range: 0 to 10,737,418,240,000,000"),
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


# ----- the other systems (issue 18) ----------------------------------------------------------


def test_odds_in_the_other_systems(capsys: pytest.CaptureFixture[str]) -> None:
    metal = run_json(capsys, "odds", "--system", "metalface", "3d6+2", "hard")
    assert (metal["p"], metal["exact"]) == (0.875, "7/8")  # a 4 or more on the highest die
    trait = run_json(capsys, "odds", "--system", "facade", "12", "14")
    assert trait["exact"] == "1/2"  # 2d10+d4 is symmetric about 13.5
    assert trait["levels"]["near_miss"] == 0.175 and set(trait["levels"]) >= {"failure", "9"}
    pool = run_json(capsys, "odds", "--system", "d10pool", "5@3", "2")
    assert pool["exact"] == "2072/3125"  # 1 - 0.6^5 - 5(0.4)(0.6^4)
    assert pool["critical_failure"] == 0.04651  # 0.6^5 - 0.5^5
    assert run_json(capsys, "odds", "--system", "d10pool", "5@3")["p"] == 0.92224  # 1 needed


def test_opposed_contests_and_risk(capsys: pytest.CaptureFixture[str]) -> None:
    opposed = run_json(capsys, "odds", "--system", "metalface", "1d6", "4", "--against", "1d6")
    assert opposed["against"]["standoff"] == pytest.approx(1 / 6)
    contest = run_json(capsys, "odds", "--system", "facade", "10", "10", "--against", "10")
    assert contest["against"]["full"] == pytest.approx(contest["against"]["lost_full"])
    risky = run_json(capsys, "odds", "--system", "d10pool", "1@4", "1", "--risk", "1")
    assert risky["exact"] == "23/40"  # half of (9/10 + 1/4)


def test_rolls_and_faces_in_the_other_systems(capsys: pytest.CaptureFixture[str]) -> None:
    read = run_json(capsys, "roll", "--system", "d10pool", "3@3", "--faces", "1,2,0,3,8",
                    "--vs", "3")
    assert (read["result"], read["vs"]["success"]) == (4, True)
    trait = run_json(capsys, "roll", "--system", "facade", "12", "--faces", "7,3,2", "--vs", "9")
    assert (trait["result"], trait["vs"]["reading"]) == (12, "Minor Success (level 1): 12 vs 9")
    seeded = run_json(capsys, "roll", "--system", "metalface", "3d6+2", "--seed", "4")
    assert seeded == run_json(capsys, "roll", "--system", "metalface", "3d6+2", "--seed", "4")


@pytest.mark.parametrize(("argv", "said"), [
    (["odds", "--system", "metalface", "3d6+2"], "give a difficulty"),
    (["odds", "--system", "metalface", "3d6+2", "tough"], "a difficulty is easy 4"),
    (["odds", "--system", "facade", "19", "10"], "a Façade trait is 1 to 18"),
    (["odds", "--system", "d10pool", "5@9", "1"], "easiness 9"),
    (["odds", "--system", "d10pool", "5@3", "0"], "successes needed: 1 to 100"),
    (["odds", "--system", "facade", "12", "10", "--risk", "2"], "--risk is the d10 pool's"),
    (["odds", "8M", "15", "--against", "8M"], "--against and --risk are for"),
    (["roll", "--system", "metalface", "3d6", "--faces", "1,2"], "type 3 faces"),
    (["roll", "--system", "d10pool", "2@3", "--faces", "1,5,2"], "rolled on only while"),
    (["odds", "--system", "gurps", "3d6", "10"], "invalid choice"),
])
def test_bad_input_in_the_other_systems(capsys: pytest.CaptureFixture[str], argv: list[str],
                                        said: str) -> None:
    try:
        code = main(argv)
    except SystemExit as stopped:
        code = int(stopped.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and said in err and err.count("\n") == 1


def test_facade_active_contest_gives_its_level_of_success(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Façade: "the loser's result should be subtracted from the winner's to find the level
    of success" (issue 31): the contest's levels beside its blows."""
    contest = run_json(capsys, "odds", "--system", "facade", "10", "1", "--against", "6")
    levels = contest["against"]["levels"]
    assert sum(levels.values()) == pytest.approx(1)
    assert levels["won_0"] == pytest.approx(0.125)
