"""gm-console new / list / check / export / import (issue 3)."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from console.cli import main
from console.model import NpcTemplate, PlayerCharacter
from console.model.awards import give_grab_bag
from console.service import CampaignService
from console.store import CampaignStore

REPO = Path(__file__).resolve().parent.parent


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_new_then_list(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saves = str(tmp_path / "saves")
    assert run(capsys, "list", "--saves", saves) == (0, f"no campaigns in {saves}\n", "")
    code, out, err = run(capsys, "new", "Iron Reach", "--saves", saves)
    assert code == 0 and "created campaign 'Iron Reach'" in out and err == ""
    run(capsys, "new", "Dark Tide", "--saves", saves)
    code, out, _ = run(capsys, "list", "--saves", saves)
    assert out.splitlines() == [
        "Dark Tide: 0 PCs, 0 NPC templates, session 0",
        "Iron Reach: 0 PCs, 0 NPC templates, session 0",
    ]
    with CampaignStore.create(Path(saves), "One") as store:  # one of each: "1 PCs" was said
        service = CampaignService(store)
        service.roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "Brice"))
        service.roster.add_npc(lambda new_id: NpcTemplate(new_id, "Skrak"))
        service.sessions.toggle()
    code, out, _ = run(capsys, "list", "--saves", saves)
    assert "One: 1 PC, 1 NPC template, session 1" in out.splitlines()


@pytest.mark.parametrize(
    ("name", "message"),
    [("a/b", "path separators"), ("..", "dot"), ("x" * 121, "at most 120"),
     (" x", "a space"), ("é" * 61, "122 bytes long"), ("CON", "Windows reserves"),
     ("nul.txt", "Windows reserves"), ("x.", "dot"), ("a\u202eb", "U+202E"),
     ("a\u2215b", "looks like a slash"), ("tab\there", "U+0009")],
)
def test_bad_names_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, message: str
) -> None:
    code, out, err = run(capsys, "new", name, "--saves", str(tmp_path))
    assert code == 2 and out == ""
    assert err.startswith("gm-console: ") and message in err and err.count("\n") == 1


def test_new_refuses_an_existing_campaign(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    run(capsys, "new", "Tide", "--saves", str(tmp_path))
    code, _, err = run(capsys, "new", "Tide", "--saves", str(tmp_path))
    assert code == 2 and "already exists" in err


def test_check_exits_1_and_offers_the_backup(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    with CampaignStore.create(saves, "Tide") as store:
        store.apply("note", "note", [("campaign", 1, store.campaign().with_changes(
            notes="first").to_dict())])
    assert run(capsys, "check", "Tide", "--saves", str(saves))[:2] == (
        0, "Tide: all 5 files load and hang together\n")
    (saves / "Tide/campaign.json").write_text('{"_meta": {"1": {"format": "metascape-gm')
    code, out, err = run(capsys, "check", "Tide", "--saves", str(saves))
    assert code == 1 and err == ""
    assert "campaign.json: the file ends early" in out and "newest good backup:" in out
    code, out, _ = run(capsys, "list", "--saves", str(saves))
    assert code == 0 and "Tide: DAMAGED (campaign.json" in out
    code, _, err = run(capsys, "check", "Nope", "--saves", str(saves))
    assert code == 2 and "no campaign 'Nope'" in err


def test_export_and_import(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saves, file = str(tmp_path / "saves"), str(tmp_path / "tide.json")
    run(capsys, "new", "Tide", "--saves", saves)
    assert run(capsys, "export", "Tide", file, "--saves", saves)[0] == 0
    code, _, err = run(capsys, "import", file, "--saves", saves)
    assert code == 2 and "already exists" in err and "--as NAME" in err
    code, out, _ = run(capsys, "import", file, "--as", "Tide 2", "--saves", saves)
    assert code == 0 and "as campaign 'Tide 2'" in out
    assert run(capsys, "check", "Tide 2", "--saves", saves)[0] == 0
    code, _, err = run(capsys, "import", str(tmp_path / "missing.json"), "--saves", saves)
    assert code == 2 and "no such file" in err


def test_a_campaign_open_elsewhere_can_be_listed_checked_and_exported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saves = tmp_path / "saves"
    with CampaignStore.create(saves, "Tide"):
        code, out, _ = run(capsys, "list", "--saves", str(saves))
        assert code == 0 and "(open: pid" in out
        assert run(capsys, "check", "Tide", "--saves", str(saves))[0] == 0
        assert run(capsys, "export", "Tide", str(tmp_path / "t.json"), "--saves",
                   str(saves))[0] == 0


def test_the_real_command(tmp_path: Path) -> None:
    def gm(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "console", *argv, "--saves", "s"],
                              cwd=tmp_path, capture_output=True, text=True, timeout=60,
                              env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})

    made = gm("new", "Tide")
    assert made.returncode == 0 and made.stderr == ""
    assert (tmp_path / "s/Tide/campaign.json").is_file()
    assert gm("check", "Tide").returncode == 0
    (tmp_path / "s/Tide/pcs.json").write_bytes(b"\xff\x00garbage")
    broken = gm("check", "Tide")
    assert broken.returncode == 1 and "pcs.json: not a text file" in broken.stdout
    bad = gm("new", "../escape")
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.startswith("gm-console: ") and bad.stderr.count("\n") == 1


def test_summary_prints_a_session_and_refuses_what_is_not_there(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    run(capsys, "new", "Tide", "--saves", str(saves))
    assert run(capsys, "summary", "Tide", "--saves", str(saves)) == (
        2, "", "gm-console: campaign 'Tide' has no sessions yet\n")
    start = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)
    with CampaignStore.open(saves, "Tide") as store:
        brice = PlayerCharacter.new(1, "Brice", "Ann")
        store.apply("pc", "Brice", [(brice.TABLE, 1, brice.to_dict())], now=start)
        session = store.start_session(now=start)
        awarded = give_grab_bag(session, brice, 2, "held the door").session
        store.apply("award", "2 AP", [(awarded.TABLE, awarded.DOC_ID, awarded.to_dict())])
        store.start_session(now=start + timedelta(days=7))
        # The campaign stays open (locked) in the GM's console: summary only reads it.
        code, out, err = run(capsys, "summary", "Tide", "--session", "1", "--saves", str(saves))
    assert code == 0 and err == ""
    assert out.startswith("# Tide: session 1\n")
    assert "- Brice: 2 AP grab bag (“held the door”)" in out
    code, out, err = run(capsys, "summary", "Tide", "--saves", str(saves))
    assert code == 0 and out.startswith("# Tide: session 2\n")
    assert run(capsys, "summary", "Tide", "--session", "5", "--saves", str(saves)) == (
        2, "", "gm-console: no session 5 in 'Tide' (sessions 1-2)\n")


def test_summary_gives_a_metalface_campaign_s_points(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    run(capsys, "new", "Rust", "--system", "metalface", "--saves", str(saves))
    with CampaignStore.open(saves, "Rust") as store:
        service = CampaignService(store)
        service.roster.add_pc(lambda new_id: PlayerCharacter.new(new_id, "Vera"))
        service.sessions.toggle()
        service.points.award(service.pcs()[1], "action", 2, "the climb")
    code, out, err = run(capsys, "summary", "Rust", "--saves", str(saves))
    assert (code, err) == (0, "")
    assert "## Success points (SP)" in out and "- Vera: 4 SP for 2 successful actions" in out
    assert "## Awards" not in out  # no AP awarder to wait for in a Metalface campaign


def test_a_saves_folder_that_cannot_be_written_suggests_read_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from console.cli.app_launch import open_for_console
    from console.cli.errors import CommandError
    from console.store import CampaignStore

    CampaignStore.create(tmp_path, "Tide").close()

    def refused(*_args: object, **_kwargs: object) -> None:
        raise PermissionError(13, "Permission denied", str(tmp_path / "Tide" / "lock"))

    monkeypatch.setattr("console.store.lock.CampaignLock.acquire", refused)
    with pytest.raises(CommandError, match="Permission denied; the saves folder cannot be "
                                           "written here: add --read-only"):
        open_for_console(tmp_path, "Tide", read_only=False)
    open_for_console(tmp_path, "Tide", read_only=True).close()
    (tmp_path / "a file").write_text("x")
    with pytest.raises(CommandError, match="is a file, not a folder of campaigns"):
        open_for_console(tmp_path / "a file", None, read_only=False)


def test_a_minus_adjustment_is_typed_like_a_plus(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rating", "6L", "--adjust", "-1d"]) == 0
    assert "6L -1d = 10HB" in capsys.readouterr().out
    assert main(["rating", "8M", "--adjust", "+" + "1" * 5000 + "d"]) == 2
    assert "too long for an adjustment" in capsys.readouterr().err


def test_demo_makes_a_campaign_ready_to_try(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    saves = tmp_path / "saves"
    code, out, _ = run(capsys, "demo", "--saves", str(saves))
    assert code == 0 and "gm-console Demo --saves" in out
    with CampaignStore.open(saves, "Demo", read_only=True) as store:
        assert len(store.pcs()) == 4 and len(store.npcs()) == 4  # the sample's warden too
        (relay,) = store.adventures()  # the sample adventure, the table at its first scene
        assert relay.title == "The Silent Relay" and relay.at_scene == relay.scenes[0].id
        assert store.session().running
        fight = store.encounters()[-1]
        assert fight.round == 1 and len(fight.combatants) == 8
    code, _, err = run(capsys, "demo", "--saves", str(saves))  # never replaced
    assert code == 2 and "already exists" in err


def test_new_with_a_dice_system(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "new", "Masks", "--saves", str(tmp_path), "--system", "facade")
    assert code == 0
    assert f"Masks, playing facade; open it with: gm-console Masks --saves {tmp_path}" in out
    with CampaignStore.open(tmp_path, "Masks") as store:
        assert store.campaign().system == "facade"
    with pytest.raises(SystemExit):
        main(["new", "Other", "--saves", str(tmp_path), "--system", "gurps"])


@pytest.mark.parametrize("fail_at", [5, 40, 120])
def test_demo_on_a_full_disk_leaves_no_half_made_campaign(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        fail_at: int) -> None:
    import console.store.tree as tree_module
    from tests.store.test_faults import FaultyOS

    saves = tmp_path / "saves"
    full = FaultyOS(lambda n, _name, _args: n >= fail_at)  # the disk fills up and stays full
    monkeypatch.setattr(tree_module, "os", full)
    code = main(["demo", "--saves", str(saves)])
    _, err = capsys.readouterr()
    monkeypatch.undo()
    assert code == 2 and "No space left on device" in err and "bug" not in err
    assert [p.name for p in saves.iterdir()] == []  # no Demo, no staging left behind
    assert main(["demo", "--saves", str(saves)]) == 0  # space again: the demo is made
    assert "created the demo campaign" in capsys.readouterr()[0]


def test_old_backups_not_removed_at_close_are_said_after_the_console(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Closing tidies the old backups; one that cannot go is said on the terminal the
    console leaves (nothing else reads the store once it is closed)."""
    from console.cli.app_launch import run_app
    from console.store.backups import Backups
    from console.ui.app import GMConsoleApp

    assert main(["new", "Dock", "--saves", str(tmp_path)]) == 0

    def refused(self: Backups) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Backups, "prune", refused)
    monkeypatch.setattr(GMConsoleApp, "run", lambda self: None)  # opened, then quit
    capsys.readouterr()
    assert run_app(["Dock", "--saves", str(tmp_path)]) == 0
    said = capsys.readouterr().err
    assert said == ("gm-console: old backups could not be removed (Permission denied); the "
                    "campaign is saved, with more old versions than kept\n")


def test_a_campaign_folder_that_is_a_link_is_said_to_be_one_by_every_command(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """list said "refused (a symbolic link ...)", but check and opening it said "no
    campaign 'L1'" (and that `gm-console new L1` would make it, which it would not)."""
    saves = tmp_path / "saves"
    saves.mkdir()
    CampaignStore.create(tmp_path / "elsewhere", "Demo").close()
    (saves / "L1").symlink_to(tmp_path / "elsewhere" / "Demo")
    for argv in (["check", "L1"], ["L1"]):
        code, _, err = run(capsys, *argv, "--saves", str(saves))
        assert code == 2 and "symbolic link" in err and "no campaign" not in err, argv
