"""Text from outside never reaches the terminal raw from the command line: names holding
escape sequences are refused at the edge (an import, a forecast spec) and any text printed
is shown with its steering characters escaped; names that look like another campaign's or
show nothing are refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from console.cli import main
from console.model import PlayerCharacter
from console.service import CampaignService
from console.store import CampaignStore
from tests.model.test_text import STEERING

steering = st.sampled_from([char for char in STEERING if char not in "\t\n"])
hostile_names = st.builds(lambda before, char, after: f"K{before}{char}{after}",
                          st.text(max_size=8), steering, st.text(max_size=8))
ONCE = settings(max_examples=25, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def raw(text: str) -> bool:
    """Holds a character that steers a terminal."""
    return any(char in STEERING and char not in "\t\n" for char in text)


def _spec(name: str) -> dict[str, object]:
    return {"pcs": [{"name": name, "atk": 15, "def": 10, "dmg": 10, "ar": 4, "vit": 20,
                     "nish": 10, "wp": 10}],
            "npcs": [{"name": "Skrak", "atk": 15, "def": 8, "dmg": 20, "ar": 4, "vit": 12,
                      "nish": 9}]}


@ONCE
@given(name=hostile_names)
def test_a_forecast_spec_naming_someone_with_an_escape_sequence_is_refused(
        name: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    spec = tmp_path / "fight.json"
    spec.write_text(json.dumps(_spec(name)))
    code, out, err = run(capsys, "forecast", "--spec", str(spec))
    assert code == 2 and out == ""
    assert "pcs[0].name: holds U+" in err and not raw(err)


@ONCE
@given(name=hostile_names)
def test_an_import_naming_someone_with_an_escape_sequence_is_refused(
        name: str, capsys: pytest.CaptureFixture[str], tmp_path_factory: pytest.TempPathFactory,
) -> None:
    saves = tmp_path_factory.mktemp("saves")
    with CampaignStore.create(saves, "Tide") as store:
        CampaignService(store).roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "Kess"))
    exported = tmp_path_factory.mktemp("out") / "tide.json"
    assert run(capsys, "export", "Tide", str(exported), "--saves", str(saves))[0] == 0
    document = json.loads(exported.read_text())
    pcs = document["files"]["pcs.json"]["tables"]["pcs"]
    pcs["1"]["name"] = name
    exported.write_text(json.dumps(document))
    code, out, err = run(capsys, "import", str(exported), "--as", "Copy", "--saves",
                         str(saves))
    assert code == 2 and out == "" and not raw(err)
    assert "PC name: holds U+" in err
    assert not (saves / "Copy").exists()


def test_what_the_command_line_prints_has_its_steering_characters_escaped(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # A folder made by hand with an escape sequence in its name: never a campaign name the
    # console would make, but `list` finds it, and prints it escaped.
    CampaignStore.create(tmp_path, "Tide").close()
    (tmp_path / "Tide").rename(tmp_path / "Ti\x1b]0;pwned\x07de")
    _code, out, err = run(capsys, "list", "--saves", str(tmp_path))
    assert not raw(out + err)
    assert "Ti\\x1b]0;pwned\\x07de" in out + err


@pytest.mark.parametrize("name", ["\u3164", "\u115f", "\u2800", "\uffa0", "\u034f",
                                  "Demo\u034f"])
def test_invisible_campaign_names_are_refused(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path, name: str) -> None:
    code, out, err = run(capsys, "new", name, "--saves", str(tmp_path))
    assert code == 2 and out == "" and "invisible" in err and not raw(err)


@pytest.mark.parametrize("look_alike", ["D\u0435mo", "\uff24\uff45\uff4d\uff4f", "Derno"])
def test_a_name_that_looks_like_an_existing_campaign_is_refused(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, look_alike: str) -> None:
    saves = str(tmp_path)
    assert run(capsys, "new", "Demo", "--saves", saves)[0] == 0
    code, _out, err = run(capsys, "new", look_alike, "--saves", saves)
    assert code == 2
    assert "looks like the campaign 'Demo'" in err or "already exists" in err
    # An export imported under a look-alike name is refused the same way.
    saves = str(tmp_path / "saves")
    assert run(capsys, "new", "Demo", "--saves", saves)[0] == 0
    assert run(capsys, "export", "Demo", str(tmp_path / "d.json"), "--saves", saves)[0] == 0
    code, _out, err = run(capsys, "import", str(tmp_path / "d.json"), "--as", look_alike,
                          "--saves", saves)
    assert code == 2
    assert "looks like the campaign 'Demo'" in err or "already exists" in err
    assert run(capsys, "new", "Demos", "--saves", saves)[0] == 0  # a different name is fine


def test_an_import_with_a_huge_note_is_refused_by_its_length(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    with CampaignStore.create(saves, "Tide") as store:
        CampaignService(store).roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "Kess"))
    exported = tmp_path / "tide.json"
    run(capsys, "export", "Tide", str(exported), "--saves", str(saves))
    document = json.loads(exported.read_text())
    document["files"]["pcs.json"]["tables"]["pcs"]["1"]["notes"] = "x" * 2_000_000
    exported.write_text(json.dumps(document))
    code, _out, err = run(capsys, "import", str(exported), "--as", "Big", "--saves",
                          str(saves))
    assert code == 2 and "notes: 2,000,000 characters; at most 100,000 fit" in err
