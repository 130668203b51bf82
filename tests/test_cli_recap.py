"""gm-console recap (issue 30): the session told as Markdown, a page or JSON, the players'
version, to a file, and the campaign's calibration; it only reads, so the GM's console may
hold the campaign meanwhile."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from console.cli import main
from console.model import Side
from console.model.facade_fight import parse_hit
from console.model.fight_end import EndHow
from console.service import CampaignService
from console.store import CampaignStore
from tests.service.evening import assert_self_contained
from tests.service.test_facade_commands import facade_fight, ids


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo, its fight played to a win: Skrak 1 killed, then hidden from the players
    (made once for the module; each test has a copy of its own)."""
    saves = tmp_path_factory.mktemp("recap") / "saves"
    assert main(["demo", "--saves", str(saves)]) == 0
    with CampaignStore.open(saves, "Demo") as store:
        service = CampaignService(store)
        encounter = service.encounter()
        assert encounter is not None
        skrak = next(c for c in encounter.combatants if c.name == "Skrak 1")
        service.combat.change_wounds(skrak, -15)
        service.tracker.toggle_hidden(skrak.id)
        service.tracker.next_turn()
        service.tracker.end_encounter(EndHow.WON)
    return saves


@pytest.fixture
def saves(played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    copy = tmp_path / "saves"
    shutil.copytree(played, copy, symlinks=True)
    capsys.readouterr()  # the demo's own output is no test's
    return copy


def test_the_recap_and_its_players_version(capsys: pytest.CaptureFixture[str],
                                           saves: Path) -> None:
    code, out, err = run(capsys, "recap", "Demo", "--saves", str(saves))
    assert (code, err) == (0, "")
    assert out.startswith("# Demo: session 1\n") and "## Ambush at the docks" in out
    assert "Skrak 1 takes 15 wounds (15/12, 3 CD)" in out and "Table 18:" in out
    code, out, err = run(capsys, "recap", "Demo", "--players", "--saves", str(saves))
    assert (code, err) == (0, "")
    assert "## Fight 1" in out and "Ambush" not in out
    assert "Skrak 1" not in out and "/12" not in out and "Table 18" not in out
    code, out, _ = run(capsys, "recap", "Demo", "--json", "--saves", str(saves))
    data = json.loads(out)
    assert data["fights"][0]["end"] == "won" and data["fights"][0]["row"] == "untouched"
    assert data["time"]["book"] == {"combat": 0.5, "encounters (non-combat)": 0.25,
                                    "verbal roleplaying": 0.25}


def test_the_page_is_written_where_asked_and_nowhere_else(
        capsys: pytest.CaptureFixture[str], saves: Path, tmp_path: Path) -> None:
    page = tmp_path / "recap.html"
    code, out, err = run(capsys, "recap", "Demo", "--html", "--players", "--out", str(page),
                         "--saves", str(saves))
    assert (code, err) == (0, "") and out == f"wrote the page recap to {page}\n"
    assert_self_contained(page.read_text())
    assert run(capsys, "recap", "Demo", "--html", "--out", str(page), "--saves",
               str(saves)) == (2, "", f"gm-console: {page} already exists: add --force to "
                                      "replace it\n")
    assert run(capsys, "recap", "Demo", "--html", "--out", str(page), "--force", "--saves",
               str(saves))[0] == 0
    assert "Ambush at the docks" in page.read_text()
    inside = saves / "Demo" / "recap.md"
    code, _, err = run(capsys, "recap", "Demo", "--out", str(inside), "--saves", str(saves))
    assert code == 2 and "inside the saves folder" in err and not inside.exists()


def test_the_calibration_counts_the_fights_played(capsys: pytest.CaptureFixture[str],
                                                  saves: Path) -> None:
    code, out, err = run(capsys, "recap", "Demo", "--campaign", "--json", "--saves",
                         str(saves))
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["fights"] == 1 and sum(row["count"] for row in data["rows"]) == 1
    code, out, _ = run(capsys, "recap", "Demo", "--campaign", "--saves", str(saves))
    assert "| no damage at all | 1 | 100% |" in out  # no PC was hurt


@pytest.mark.parametrize(("argv", "message"), [
    (["--campaign", "--session", "1"], "--campaign is every session's fights"),
    (["--json", "--html"], "--json or --html"),
    (["--campaign", "--html"], "--campaign gives Markdown or --json, not --html"),
    (["--force"], "--force replaces the file --out names"),
    (["--session", "9"], "no session 9 in 'Demo' (sessions 1-1)"),
])
def test_bad_asks_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], saves: Path,
                                          argv: list[str], message: str) -> None:
    code, out, err = run(capsys, "recap", "Demo", *argv, "--saves", str(saves))
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_it_reads_while_the_console_holds_the_campaign(capsys: pytest.CaptureFixture[str],
                                                       saves: Path) -> None:
    with CampaignStore.open(saves, "Demo") as store:
        service = CampaignService(store)
        service.tracker.new_encounter("Bridge")
        service.tracker.join_party()
        fight = service.encounter()
        assert fight is not None
        service.tracker.call_for_nish({c.id: 12 for c in fight.combatants
                                       if c.side is Side.PC})
        code, out, _ = run(capsys, "recap", "Demo", "--saves", str(saves))
    assert code == 0 and "## Bridge" in out and "Still running" in out


def test_a_facade_campaign_tells_its_hits_and_has_no_calibration(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Façade's fights: the recap tells the attack and its hit; the calibration says why
    there is none (its fights are not forecast, and reach no row of Table 18)."""
    saves = tmp_path / "saves"
    with CampaignStore.create(saves, "Fac") as store:
        service = facade_fight(store)
        service.facade.new_turn()
        service.facade.gm_hit(ids(service)["Thug 1"], parse_hit("3B torso"))
        service.tracker.end_encounter(EndHow.WON)
    code, out, _ = run(capsys, "--saves", str(saves), "recap", "Fac")
    assert code == 0 and "Thug 1 takes 3B to the Torso" in out
    assert "from the first Initiative to the end" in out
    code, out, _ = run(capsys, "--saves", str(saves), "recap", "Fac", "--campaign")
    assert code == 0 and "No forecast in a Façade campaign" in out
    assert "Not counted" not in out
    code, out, _ = run(capsys, "--saves", str(saves), "recap", "Fac", "--campaign", "--json")
    assert code == 0 and json.loads(out)["system"] == "facade"
