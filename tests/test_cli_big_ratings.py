"""`gm-console odds` and `roll` answer for every rating type at its largest results
(issue 25: Galactic and Universal ratings roll into the billions)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from console.cli import main
from console.rules.limits import LARGEST_RESULT
from console.rules.odds import chance_at_least
from console.rules.ratings import Rating, RatingType


def odds(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    code = main(["odds", *argv, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


def test_the_galactic_roll_from_the_issue(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["odds", "10MG", "8192000000"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert "(exactly 67/655360)" in out.splitlines()[0]


@pytest.mark.parametrize("kind", list(RatingType), ids=[t.label for t in RatingType])
def test_odds_at_each_types_largest_results(capsys: pytest.CaptureFixture[str],
                                            kind: RatingType) -> None:
    rating = Rating(10, 2, kind)
    for difficulty in (int(rating.value) * 16**3, LARGEST_RESULT):
        if difficulty < 1:
            continue
        answer = odds(capsys, rating.format(), str(difficulty))
        assert Fraction(str(answer["exact"])) == chance_at_least(rating, difficulty)


def test_past_the_largest_result_it_is_one_line_and_exit_2(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["odds", "10HU", str(LARGEST_RESULT + 1)])
    _out, err = capsys.readouterr()
    assert code == 2 and "out of range: 0 to 10,737,418,240,000,000" in err
