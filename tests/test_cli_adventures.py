"""gm-console adventure (issue 29): import, export, list and forecast; a bad file is refused
at its line with exit 2 and the campaign untouched; re-importing asks for --replace."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from console.cli import main
from console.cli.demo import sample_adventure
from console.rules.forecast import OUTCOMES
from console.store import CampaignStore


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def saves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    folder = tmp_path / "saves"
    assert run(capsys, "new", "Tide", "--saves", str(folder))[0] == 0
    return folder


def sample(tmp_path: Path, text: str | None = None) -> str:
    path = tmp_path / "relay.md"
    path.write_text(sample_adventure() if text is None else text)
    return str(path)


def test_import_export_round_trip(saves: Path, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "adventure", "import", "Tide", sample(tmp_path),
                       "--saves", str(saves))
    assert code == 0 and "The Silent Relay imported: 3 scenes, 5 encounters" in out
    target = tmp_path / "out.md"
    code, out, _ = run(capsys, "adventure", "export", "Tide", "the silent relay", str(target),
                       "--saves", str(saves), "--json")
    assert code == 0 and json.loads(out) == {"exported": "The Silent Relay",
                                             "file": str(target)}
    assert target.read_text() == sample_adventure()  # importing the export: the same
    code, _, err = run(capsys, "adventure", "export", "Tide", "The Silent Relay", str(target),
                       "--saves", str(saves))
    assert code == 2 and "already exists: add --force" in err


def test_importing_the_same_title_again_asks_for_replace(saves: Path, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    path = sample(tmp_path)
    assert run(capsys, "adventure", "import", "Tide", path, "--saves", str(saves))[0] == 0
    code, _, err = run(capsys, "adventure", "import", "Tide", path, "--saves", str(saves))
    assert code == 2 and "unchanged" in err
    assert "an adventure called 'The Silent Relay' is there already: replace it (--replace)" \
        in err
    # The table at the second scene: a replacing file keeps it where the scene's name is.
    from console.service import CampaignService
    from console.store import CampaignStore

    with CampaignStore.open(saves, "Tide") as store:
        prep = CampaignService(store).prep
        relay = prep.titled("The Silent Relay")
        prep.set_table_scene(relay.id, relay.scenes[1].id)
        second = relay.scenes[1].name
    code, out, _ = run(capsys, "adventure", "import", "Tide", path, "--saves", str(saves),
                       "--replace")
    assert code == 0 and f"the table is still at {second}" in out
    moved = Path(path).read_text().replace(f"## {second}", "## Somewhere else")
    Path(path).write_text(moved)
    code, out, _ = run(capsys, "adventure", "import", "Tide", path, "--saves", str(saves),
                       "--replace")
    assert code == 0 and f"the table was at {second}, which the file no longer has" in out


def test_the_hint_to_replace_leaves_the_title_as_it_is(
        saves: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = sample(tmp_path, "# Never replace it, Sam\n## Docks\n### Ambush\n")
    assert run(capsys, "adventure", "import", "Tide", path, "--saves", str(saves))[0] == 0
    code, _, err = run(capsys, "adventure", "import", "Tide", path, "--saves", str(saves))
    assert code == 2 and "called 'Never replace it, Sam' is there already: replace it " \
        "(--replace), or change the file's title" in err


def test_a_title_holding_what_shows_nothing_is_refused(
        saves: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = sample(tmp_path, sample_adventure().replace("# The Silent", "# The Si\u200blent", 1))
    code, _, err = run(capsys, "adventure", "import", "Tide", path, "--saves", str(saves))
    assert code == 2 and "holds U+200B (zero width space), which shows nothing" in err


@pytest.mark.parametrize(("text", "said"), [
    ("# Relay\n## Docks\n### Ambush\n- 2 x Skrak: Atk 1x5\n", "line 4, Atk:"),
    ("no title here\n", "line 1: the file starts with the title"),
    ("# Relay\n## Docks\n### Ambush\nnotes\n> late boxed text\n", "line 5: the boxed text"),
])
def test_a_bad_file_is_refused_at_its_line_and_changes_nothing(
        saves: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
        said: str) -> None:
    before = sorted(p.read_bytes() for p in (saves / "Tide").rglob("*.json"))
    code, out, err = run(capsys, "adventure", "import", "Tide", sample(tmp_path, text),
                         "--saves", str(saves))
    assert code == 2 and out == "" and said in err and err.count("\n") == 1
    assert sorted(p.read_bytes() for p in (saves / "Tide").rglob("*.json")) == before


def test_import_is_refused_while_the_console_has_the_campaign(
        saves: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with CampaignStore.open(saves, "Tide"):
        code, _, err = run(capsys, "adventure", "import", "Tide", sample(tmp_path),
                           "--saves", str(saves))
    assert code == 2 and "open in another console" in err


def test_list_gives_scenes_encounters_and_foes_with_their_values(
        saves: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "adventure", "import", "Tide", sample(tmp_path), "--saves", str(saves))
    code, out, _ = run(capsys, "adventure", "list", "Tide", "--saves", str(saves))
    assert code == 0 and "[2] Ambush at bay 4" in out
    assert "4 x Skrak: Atk 15, Def 8, Dmg 20, AR 4, Vit 12, Nish 9, tags alien hive, hidden 4" \
        in out
    code, out, _ = run(capsys, "adventure", "list", "Tide", "--saves", str(saves), "--json")
    (adventure,) = json.loads(out)["adventures"]
    ambush = adventure["scenes"][1]["encounters"][0]
    assert ambush["map"] == "2" and ambush["played"] is None
    (skrak,) = ambush["foes"]
    assert (skrak["name"], skrak["count"], skrak["hidden"]) == ("Skrak", 4, [4])
    assert skrak["values"]["atk"] == "15" and skrak["values"]["tags"] == ["alien", "hive"]


def test_forecast_gives_each_encounter_and_the_mix_beside_the_book(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saves = tmp_path / "saves"
    assert run(capsys, "demo", "--saves", str(saves))[0] == 0  # the demo imports the sample
    code, out, _ = run(capsys, "adventure", "forecast", "Demo", "The Silent Relay",
                       "--saves", str(saves), "--runs", "500", "--seed", "3", "--json")
    assert code == 0
    found = json.loads(out)
    assert [e["name"] for e in found["encounters"]] == [
        "The docking ring", "Ambush at bay 4", "The signal room", "The brood tunnels",
        "The queen's chamber"]
    forecasts = [e["forecast"] for e in found["encounters"] if e["forecast"]]
    assert len(forecasts) == 4 and found["encounters"][2]["why_not"]
    assert set(forecasts[0]["outcomes"]) == set(OUTCOMES)  # as gm-console forecast's
    mix = found["mix"]
    assert mix["book"]["moderate"] == 0.5 and mix["encounters"] == 4
    assert sum(mix["outcomes"].values()) + mix["undecided"] == pytest.approx(1.0)
    for row in OUTCOMES:
        assert mix["outcomes"][row] == pytest.approx(
            sum(f["outcomes"][row] for f in forecasts) / 4)
    code, out, _ = run(capsys, "adventure", "forecast", "Demo", "the silent relay",
                       "--saves", str(saves), "--runs", "500")
    assert code == 0 and "The adventure's mix (4 encounters" in out
    assert "The signal room: not forecast (no foes" in out
    code, _, err = run(capsys, "adventure", "forecast", "Demo", "Nope", "--saves", str(saves))
    assert code == 2 and "no adventure called 'Nope'" in err
