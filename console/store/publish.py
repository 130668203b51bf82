"""New campaign folders: the files of a new campaign, and putting a whole campaign in place
at once (``new`` and ``import``).

A campaign is built in a hidden staging folder made exclusively under an unpredictable name
(``.NAME.incoming-PID-XXXXXXXX``), fsynced, then renamed into place: a crash leaves either
no campaign or a complete one, and a link planted under a predictable name can never
receive the campaign. Staging folders whose process has died are removed the next time a
campaign is created, imported or opened for writing.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path

from console.model import Campaign, Session
from console.store.atomic_storage import dump_json, fsync_directory
from console.store.errors import BadCampaignName, CampaignExists
from console.store.layout import ROOT_FILES, list_campaigns
from console.store.names import looks_like, name_key, validate_name
from console.store.shards import Tables, new_tables
from console.store.tree import CampaignTree
from console.store.undo import session_rel
from console.store.undo_state import LastOp, UndoState

__all__ = [
    "Files",
    "build_beside",
    "clean_staging",
    "existing_name",
    "new_session_tables",
    "publish_campaign",
    "refuse_look_alike",
    "starting_files",
]

# campaign-relative path -> (file kind, tables)
Files = dict[str, tuple[str, Tables]]

_STAGING = ".incoming-"


def new_session_tables(number: int, started: datetime, opno: int, chunk_size: int) -> Tables:
    """A new session file. ``opno`` continues the campaign's operation count."""
    tables = new_tables("session", opno)
    tables["session"]["1"] = Session(number, started).to_dict()
    last = LastOp(opno, "start", 0, []) if opno else None
    tables["journal"]["1"] = UndoState(opno=opno, chunk_size=chunk_size,
                                          last_op=last).to_dict()
    return tables


def starting_files(name: str, *, notes: str, keep_backups: int, now: datetime,
                   chunk_size: int) -> Files:
    """Every file of a new, empty campaign (session 0 holds the set-up work's log)."""
    campaign = new_tables("campaign")
    campaign["campaign"]["1"] = Campaign(validate_name(name), now, notes, keep_backups).to_dict()
    return {
        ROOT_FILES["campaign"]: ("campaign", campaign),
        ROOT_FILES["pcs"]: ("pcs", new_tables("pcs")),
        ROOT_FILES["npcs"]: ("npcs", new_tables("npcs")),
        ROOT_FILES["adventures"]: ("adventures", new_tables("adventures")),
        session_rel(0): ("session", new_session_tables(0, now, 0, chunk_size)),
    }


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def clean_staging(saves: Path) -> None:
    """Remove what interrupted creations and imports left in ``saves`` (their process has
    died). A link found there is removed itself, never followed."""
    if not Path(saves).is_dir():
        return
    for entry in Path(saves).iterdir():
        if not entry.name.startswith(".") or _STAGING not in entry.name:
            continue
        pid_text = entry.name.rsplit(_STAGING, 1)[1].split("-")[0]
        if pid_text.isdigit() and _alive(int(pid_text)) and int(pid_text) != os.getpid():
            continue
        if entry.is_symlink() or not entry.is_dir():
            entry.unlink(missing_ok=True)
        else:
            shutil.rmtree(entry, ignore_errors=True)  # fd-based: follows no link


def existing_name(saves: Path, name: str) -> str | None:
    """The campaign already in ``saves`` that ``name`` would be on some system (same name
    after NFC and case folding), if any."""
    key = name_key(name)
    return next((found for found in list_campaigns(saves) if name_key(found) == key), None)


def refuse_look_alike(saves: Path, name: str) -> None:
    """BadCampaignName if ``name`` only looks like a campaign already in ``saves`` (the same
    confusable skeleton: a Cyrillic e, U+0435, for a Latin one): the GM would open the wrong
    one, or a stranger's, believing it his."""
    others = list_campaigns(saves) if Path(saves).is_dir() else []
    twin = looks_like(name, [other for other in others if other != name])
    if twin is not None:
        raise BadCampaignName(
            f"campaign name '{name.encode('unicode_escape').decode('ascii')}' looks like the "
            f"campaign {twin!r} already in {saves}: the two would be mistaken for each other; "
            "choose a name that reads differently")


@contextlib.contextmanager
def _staging(saves: Path, name: str) -> Iterator[tuple[Path, Path]]:
    """A staging folder for campaign ``name`` and where it goes, once the name is checked
    free; removed on the way out, whatever happened."""
    saves = Path(saves)
    name = validate_name(name)
    root = saves / name
    twin = existing_name(saves, name) if saves.is_dir() else None
    if twin is not None or root.exists() or root.is_symlink():
        shown = f" (as {twin!r}: names differing only in case or accents are one folder " \
                "on some systems)" if twin not in (None, name) else ""
        raise CampaignExists(f"campaign {name!r} already exists in {saves}{shown}")
    refuse_look_alike(saves, name)
    saves.mkdir(parents=True, exist_ok=True)
    clean_staging(saves)
    staging = Path(tempfile.mkdtemp(prefix=f".{name}{_STAGING}{os.getpid()}-", dir=saves))
    try:
        yield staging, root
    finally:
        with contextlib.suppress(OSError):
            if staging.exists() and not staging.is_symlink():
                shutil.rmtree(staging)


def _put_in_place(folder: Path, root: Path) -> None:
    os.chmod(folder, 0o755)  # mkdtemp makes it private; a campaign folder is not
    try:
        os.rename(folder, root)  # refuses to replace a folder that is not empty
    except OSError:
        raise CampaignExists(f"campaign {root.name!r} already exists in {root.parent}") from None
    fsync_directory(root.parent)


def publish_campaign(saves: Path, name: str, files: Files,
                     verify: Callable[[CampaignTree], None] | None = None) -> Path:
    """Write ``files`` as campaign ``name``, all at once (module docstring). Never
    overwrites, and never makes a second campaign differing only in case or encoding, nor
    one that only looks like another. ``verify`` checks the staged campaign before it is
    put in place (it raises to stop)."""
    with _staging(saves, name) as (staging, root):
        tree = CampaignTree(staging)
        for rel, (_kind, tables) in sorted(files.items()):
            tree.write(rel, dump_json(tables))
        if verify is not None:
            verify(tree)
        _put_in_place(staging, root)
    return root


def build_beside(saves: Path, name: str, build: Callable[[Path], Path]) -> Path:
    """Campaign ``name`` made whole before it appears: ``build(folder)`` creates and fills
    it in a private folder of campaigns (as the console's own commands would in ``saves``)
    and returns its folder, which is then moved into ``saves`` at once. A full disk or a
    crash part-way leaves no half-made campaign (``gm-console demo`` once left one that a
    second try called "already exists")."""
    with _staging(saves, name) as (staging, root):
        made = build(staging)
        _put_in_place(made, root)
    return root
