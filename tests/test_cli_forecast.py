"""gm-console forecast (issue 17): a prepared spec or a campaign's running fight, as text or
JSON; every bad spec, option or fight is one line and exit 2."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from console.cli import main
from console.model import NpcTemplate, PlayerCharacter
from console.model.roster import parse_weapons
from console.service import CampaignService
from console.store import CampaignStore

SPEC = {
    "pcs": [{"name": "Ann", "atk": "8M", "def": "8M", "dmg": "10M", "ar": "6M", "vit": 20,
             "nish": "8M", "wp": "8M", "healing": "6M"},
            {"name": "Bo", "atk": "10L", "def": "6M", "dmg": "8M", "ar": "10L", "vit": "10L",
             "nish": "6M", "wp": "6M"}],
    "npcs": [{"name": "Skrak", "count": 3, "atk": 15, "def": "8M", "dmg": 12, "ar": 4,
              "vit": 12, "nish": 10},
             {"name": "Gunship", "atk": 20, "def": 18, "dmg": "6MV", "ar": 2, "vit": 8,
              "nish": 12, "type": "V", "attacks": 2}],
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def spec_file(tmp_path: Path, spec: object) -> str:
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(spec))
    return str(path)


def test_a_spec_as_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = spec_file(tmp_path, SPEC)
    code, out, err = run(capsys, "forecast", "--spec", path, "--runs", "800", "--seed", "3",
                         "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert set(data) >= {"runs", "seed", "outcomes", "book", "pcs", "rounds"}
    assert (data["runs"], data["seed"]) == (800, 3)
    assert list(data["outcomes"]) == ["untouched", "slight", "moderate", "heavy_win",
                                      "heavy_flee", "rout", "death", "party_down"]
    assert abs(sum(data["outcomes"].values()) + data["undecided"] - 1) < 1e-9
    assert data["book"]["moderate"] == 0.5 and data["book"]["death"] is None
    assert "party_down" in data["book"] and data["book"]["party_down"] is None
    reading = data["reading"]
    assert (reading["slight"], reading["moderate"], reading["flee"]) == (0.25, 0.6, 0.5)
    assert any("25%" in line for line in reading["says"])
    assert [pc["name"] for pc in data["pcs"]] == ["Ann", "Bo"]
    assert set(data["rounds"]) == {"median", "p90"}
    again = run(capsys, "forecast", "--spec", path, "--runs", "800", "--seed", "3", "--json")
    assert again[1] == out  # the same seed, the same answer


def test_a_spec_as_text(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "forecast", "--spec", spec_file(tmp_path, SPEC), "--runs", "300")
    assert code == 0
    assert out.splitlines()[0] == "fight.json: 2 PCs against 4 NPCs, 300 fights (seed 0)"
    assert "moderate wounds" in out and "50%" in out and "Ann: goes down" in out


def test_a_spec_sets_the_reading(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    spec = {**SPEC, "reading": {"slight": 0.1, "flee": 1}}
    code, out, err = run(capsys, "forecast", "--spec", spec_file(tmp_path, spec), "--runs",
                         "300", "--json")
    assert (code, err) == (0, "")
    reading = json.loads(out)["reading"]
    assert (reading["slight"], reading["moderate"], reading["flee"]) == (0.1, 0.6, 1.0)
    assert json.loads(out)["outcomes"]["heavy_flee"] == 0  # a party that never runs
    code, out, _ = run(capsys, "forecast", "--spec", spec_file(tmp_path, spec), "--runs", "300")
    lines = out.splitlines()
    assert any(line.startswith("every PC down, none dead") and "-" in line for line in lines)
    assert "This console's reading of Table 18 (a spec's \"reading\" sets it):" in lines
    assert any("at or under 10% of the PC's" in line for line in lines)
    assert any("100% of it or more is down" in line for line in lines)


@pytest.mark.parametrize(("spec", "said"), [
    ({**SPEC, "reading": {"slight": 2}}, "reading.slight: a share of 0 to 1"),
    ({**SPEC, "reading": {"flight": 0.5}}, "reading: unknown field(s) flight"),
    ({**SPEC, "reading": {"slight": 0.7, "moderate": 0.6}}, "cannot be above moderate"),
    ({"pcs": [], "npcs": SPEC["npcs"]}, "at least one PC and one NPC"),
    ({"pcs": SPEC["pcs"]}, "spec: missing field(s) npcs"),
    ({**SPEC, "extra": 1}, "spec: unknown field(s) extra"),
    ({"pcs": [{**SPEC["pcs"][0], "def": "9Q"}], "npcs": SPEC["npcs"]}, "pcs[0].def:"),
    ({"pcs": SPEC["pcs"], "npcs": [{**SPEC["npcs"][0], "count": 500}]},
     "npcs[0].count: a whole number from 1 to 50, not 500"),
    ({"pcs": SPEC["pcs"], "npcs": [{**SPEC["npcs"][0], "vit": 10**12}]},
     "npcs[0].vit: 0 to 40,000,000"),
    ({"pcs": SPEC["pcs"], "npcs": [{**SPEC["npcs"][0], "type": "X"}]},
     "npcs[0].type: P, V or S"),
    ({"pcs": SPEC["pcs"], "npcs": [{**SPEC["npcs"][0], "atk": True}]}, "npcs[0].atk:"),
    ([1, 2], "spec: expected"),
])
def test_bad_specs_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                spec: object, said: str) -> None:
    code, _, err = run(capsys, "forecast", "--spec", spec_file(tmp_path, spec))
    assert code == 2 and said in err and err.count("\n") == 1


def test_a_file_that_is_no_spec(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"pcs": [')
    code, _, err = run(capsys, "forecast", "--spec", str(broken))
    assert code == 2 and "not JSON" in err
    code, _, err = run(capsys, "forecast", "--spec", str(tmp_path / "absent.json"))
    assert code == 2 and "No such file" in err


def test_a_device_or_a_pipe_named_as_the_spec_is_never_read(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``--spec /dev/zero`` filled 16 GB in 20 seconds; a FIFO waited forever."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for named in ("/dev/zero", str(fifo)):
        code, _, err = run(capsys, "forecast", "--spec", named)
        assert code == 2 and "not a regular file" in err, named
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 1_000_001)
    code, _, err = run(capsys, "forecast", "--spec", str(big))
    assert code == 2 and "over 1,000,000 bytes" in err
    code, _, err = run(capsys, "forecast", "--spec", spec_file(
        tmp_path, {**SPEC, "pcs": [{**SPEC["pcs"][0], "name": "Br\ud800ce"}]}))  # type: ignore[index, dict-item]
    assert code == 2 and "lone surrogate" in err and "bug" not in err


@pytest.mark.parametrize("argv", [["--runs", "0"], ["--runs", "300000"], ["--seed", "x"]])
def test_bad_options(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["forecast", "--spec", "x.json", *argv])
    assert stopped.value.code == 2 and capsys.readouterr().err.count("\n") == 1


def test_a_campaign_or_a_spec_never_both(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "forecast")[0] == 2
    assert run(capsys, "forecast", "Dock", "--spec", "x.json")[0] == 2


def _campaign(saves: Path) -> None:
    """Vera (a sheet, a blaster) against two Skraks from a template and a thug added by
    hand (no template: only his Nish and Vit are known)."""
    store = CampaignStore.create(saves, "Dock")
    gm = CampaignService(store)
    gm.sessions.toggle()
    gm.tracker.new_encounter("Ambush")
    gm.roster.add_pc(lambda new_id: PlayerCharacter.new(
        new_id, "Vera", nish="8M", def_="8M", ar="6M", vit_max="20", wp="8M",
        weapons=parse_weapons("blaster 8M/10M")))
    gm.roster.add_npc(lambda new_id: NpcTemplate(new_id, "Skrak", atk="15", def_="16",
                                                 dmg="12", ar="4", vit="12", nish="10"))
    gm.tracker.join_pc("Vera")
    gm.roster.spawn(gm.npcs()[1], 2)
    store.close()


def test_a_campaigns_running_fight(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _campaign(tmp_path)
    code, out, err = run(capsys, "forecast", "Dock", "--saves", str(tmp_path), "--runs",
                         "300", "--json")
    assert (code, err) == (0, "")
    assert [pc["name"] for pc in json.loads(out)["pcs"]] == ["Vera"]
    code, out, _ = run(capsys, "forecast", "Dock", "--saves", str(tmp_path), "--runs", "300")
    assert out.startswith("Ambush: 1 PC against 2 NPCs, 300 fights")


def test_a_fight_that_lacks_numbers_says_who_lacks_what(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _campaign(tmp_path)
    with CampaignStore.open(tmp_path, "Dock") as store:
        CampaignService(store).tracker.add_npc("Thug", 9, 10)
    code, _, err = run(capsys, "forecast", "Dock", "--saves", str(tmp_path))
    assert code == 2 and "Thug (Atk, Def, Dmg, AR)" in err and err.count("\n") == 1
