"""Rolling: Table 5, the faces a player rolled, random rolls with an injected RNG."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from console.rules.doubling_die import DOUBLING_FACES, FACE_CHANCE, parse_face
from console.rules.errors import FacesError
from console.rules.ratings import STAIRCASE, Rating
from console.rules.rolling import (
    parse_faces,
    read_non_doubling,
    resolve_faces,
    roll,
    roll_non_doubling,
)

# Table 5 of the Rule Book: rating, die face, doubling faces, result.
TABLE_5 = [
    ("10LB", 3, "1", 0),
    ("10MB", 8, "c,1", 3),
    ("10HB", 8, "c,1", 8),
    ("6L", 5, "4", 20),
    ("8M", 5, "4", 40),
    ("10H", 5, "4", 80),
    ("8LV", 5, "4", 200),
    ("10MS", 5, "4", 4000),
    ("8L", 5, "t", 5),
    ("8M", 5, "t", 10),
    ("8LV", 5, "t,1", 5),
    ("8MV", 5, "t,1", 10),
    ("8MV", 5, "t,c,1", 5),
    ("8MV", 5, "c,t,1", 5),
    ("8MV", 5, "t,c,c", 5),
    ("8MV", 5, "t,t", 10),
    ("8MV", 5, "c,2", 100),
    ("10MV", 3, "16,1", 960),
    ("10MV", 3, "16,c", 960),
    ("10MV", 3, "16,t", 960),
    ("10MV", 3, "c,c", 30),
    ("10MV", 3, "c,16", 480),
    ("10MV", 3, "t,16", 96),
    ("8M", 8, "16,16,16,2", 131072),
]


@pytest.mark.parametrize(("rating", "die", "faces", "result"), TABLE_5)
def test_table_5(rating: str, die: int, faces: str, result: int) -> None:
    made = resolve_faces(Rating.parse(rating), die, faces.split(","))
    assert made.result == result
    assert made.doubling_faces == tuple(faces.split(","))


def test_the_book_walkthrough_8hs_t_c_t_2_reads_on_8mp() -> None:
    made = resolve_faces(Rating.parse("8HS"), 3, ["t", "c", "t", "2"])
    assert str(made.final_rating) == "8M"
    assert made.result == 3 * 2 * 2
    assert [str(step.rating) for step in made.trail] == ["8HS", "8HV", "8MV", "8M", "8M"]


def test_the_book_examples_of_16_and_bantam() -> None:
    assert resolve_faces(Rating.parse("6L"), 6, ["16", "16", "2"]).result == 3072
    assert resolve_faces(Rating.parse("6L"), 3, ["4"]).result == 12
    assert resolve_faces(Rating.parse("6LB"), 3, ["4"]).result == 1
    assert resolve_faces(Rating.parse("6LB"), 6, ["8"]).result == 4
    assert resolve_faces(Rating.parse("6LB"), 6, ["1"]).result == 0
    assert resolve_faces(Rating.parse("6LV"), 3, ["4"]).result == 120


def test_bantam_category_moves_up_and_t_goes_to_personal() -> None:
    assert str(resolve_faces(Rating.parse("8LB"), 5, ["c", "1"]).final_rating) == "8MB"
    assert str(resolve_faces(Rating.parse("8LB"), 5, ["c", "c", "c", "1"]).final_rating) == "8L"
    assert resolve_faces(Rating.parse("8LB"), 5, ["t", "1"]).result == 5


def test_copyright_face_counts_as_c_and_faces_take_any_case() -> None:
    assert resolve_faces(Rating.parse("8MV"), 5, ["©", "2"]).result == 100
    assert resolve_faces(Rating.parse("8MV"), 5, [" T ", "C", "1"]).result == 5
    assert parse_face("©") == "c"


@pytest.mark.parametrize(
    ("rating", "die", "faces", "message"),
    [
        ("8M", 9, ["1"], "9: not a face of the d8"),
        ("6L", 0, ["1"], "0: not a face of the d6"),
        ("8M", 5, ["1", "2"], "the roll ended at doubling face 1"),
        ("8M", 5, ["16", "2", "4"], "the roll ended at doubling face 2"),
        ("10MV", 3, ["c", "16", "1"], "the roll ended at doubling face 2"),
        ("8L", 5, ["t", "1"], "the roll ended at doubling face 1"),
        ("8MV", 5, ["t"], "has not ended"),
        ("8M", 5, ["16"], "has not ended"),
        ("8M", 5, [], "needs at least one doubling-die face"),
        ("8M", 5, ["3"], "3: not a doubling-die face"),
        ("8M", 5, ["x"], "x: not a doubling-die face"),
    ],
)
def test_impossible_sequences_are_refused_with_the_reason(
    rating: str, die: int, faces: list[str], message: str
) -> None:
    with pytest.raises(FacesError, match=message):
        resolve_faces(Rating.parse(rating), die, faces)


def test_parse_faces() -> None:
    assert parse_faces("5:t,c,1") == (5, ["t", "c", "1"])
    assert parse_faces(" 5 : 16 , 2 ") == (5, ["16", "2"])
    with pytest.raises(FacesError, match="like 5:t,c,1"):
        parse_faces("t,c,1")
    with pytest.raises(FacesError):
        parse_faces("")


@given(st.text(max_size=20))
def test_any_faces_text_parses_or_gets_a_faces_error(text: str) -> None:
    try:
        die, faces = parse_faces(text)
        resolve_faces(Rating.parse("8MV"), die, faces)
    except FacesError as error:
        assert str(error)


@given(st.sampled_from(STAIRCASE), st.integers(0, 2**32))
def test_a_random_roll_is_a_legal_sequence_that_reproduces(rating: Rating, seed: int) -> None:
    made = roll(rating, random.Random(seed))
    again = resolve_faces(rating, made.die_face, list(made.doubling_faces))
    assert again == made
    assert made.result >= 0
    assert roll(rating, random.Random(seed)) == made  # the seed fixes the roll


def test_the_doubling_die_has_sixteen_faces_as_printed() -> None:
    assert len(DOUBLING_FACES) == 16
    assert FACE_CHANCE == {
        "c": 1 / 16, "t": 1 / 16, "1": 6 / 16, "2": 4 / 16, "4": 2 / 16, "8": 1 / 16, "16": 1 / 16,
    }


def test_non_doubling_reads_the_x1_column() -> None:
    assert read_non_doubling(Rating.parse("8M"), 7).result == 14
    assert read_non_doubling(Rating.parse("10L"), 10).result == 10
    assert read_non_doubling(Rating.parse("6LB"), 6).result == 0
    assert read_non_doubling(Rating.parse("10LV"), 3).result == 30
    with pytest.raises(FacesError):
        read_non_doubling(Rating.parse("6L"), 7)
    rng = random.Random(1)
    results = {roll_non_doubling(Rating.parse("6M"), rng).result for _ in range(200)}
    assert results == {2, 4, 6, 8, 10, 12}
