"""Whole campaigns as data: the files of a new campaign, publishing a campaign folder
atomically, and export/import as one portable JSON file."""

from __future__ import annotations

import json
import os
import shutil
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from console.model import SCHEMA_VERSION, Campaign, Session
from console.store.atomic_storage import dump_json, fsync_directory, write_atomic
from console.store.backends import MemoryBackend
from console.store.errors import BadExportFile, BadSaveFile, CampaignExists
from console.store.journal import JournalState, LastOp
from console.store.layout import ROOT_FILES, campaign_dir, kind_of, validate_name
from console.store.shards import Tables, new_tables, parse_tables
from console.store.undo import session_rel

__all__ = [
    "EXPORT_FORMAT",
    "EXPORT_VERSION",
    "Files",
    "export_campaign",
    "import_campaign",
    "new_session_tables",
    "publish_campaign",
    "starting_files",
]

EXPORT_FORMAT = "metascape-gm-console/campaign-export"
EXPORT_VERSION = 1

# campaign-relative path -> (file kind, tables)
Files = dict[str, tuple[str, Tables]]


def new_session_tables(number: int, started: datetime, opno: int, chunk_size: int) -> Tables:
    """A new session file. ``opno`` continues the campaign's operation count."""
    tables = new_tables("session", opno)
    tables["session"]["1"] = Session(number, started).to_dict()
    last = LastOp(opno, "start", 0, []) if opno else None
    tables["journal"]["1"] = JournalState(opno=opno, chunk_size=chunk_size,
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
        session_rel(0): ("session", new_session_tables(0, now, 0, chunk_size)),
    }


def publish_campaign(saves: Path, name: str, files: Files) -> Path:
    """Write ``files`` as campaign ``name``: built in a hidden folder, then renamed into
    place, so a crash leaves either no campaign or a complete one. Never overwrites."""
    root = campaign_dir(saves, name)
    if root.exists():
        raise CampaignExists(f"campaign {name!r} already exists in {saves}")
    saves.mkdir(parents=True, exist_ok=True)
    staging = saves / f".{name}.incoming-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        for rel, (_kind, tables) in sorted(files.items()):
            path = staging / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, dump_json(tables))
        for folder in sorted({(staging / rel).parent for rel in files}, reverse=True):
            fsync_directory(folder)
        try:
            os.rename(staging, root)
        except OSError:
            raise CampaignExists(f"campaign {name!r} already exists in {saves}") from None
        fsync_directory(saves)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return root


def export_campaign(saves: Path, name: str, target: Path) -> Path:
    """Write the whole campaign (every file) to one JSON file ``target``; works read-only,
    so also while the campaign is open in a console."""
    from console.store.campaign_store import CampaignStore

    with CampaignStore.open(saves, name, read_only=True) as store:
        files = store.snapshot_files()
    document = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "schema": SCHEMA_VERSION,
        "campaign": name,
        "exported_at": datetime.now(UTC).isoformat(),
        "files": {rel: {"kind": kind, "tables": tables} for rel, (kind, tables) in files.items()},
    }
    target = Path(target)
    write_atomic(target, json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8"))
    return target


def _read_export(source: Path) -> dict[str, Any]:
    try:
        document = json.loads(Path(source).read_bytes().decode("utf-8"))
    except FileNotFoundError:
        raise BadExportFile(f"{source}: no such file") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BadExportFile(f"{source}: not a JSON file ({error})") from None
    if not isinstance(document, dict) or document.get("format") != EXPORT_FORMAT:
        raise BadExportFile(f"{source}: not a campaign export of the MetaScape GM console")
    version, schema = document.get("version"), document.get("schema")
    if not isinstance(version, int) or version > EXPORT_VERSION or version < 1:
        raise BadExportFile(f"{source}: export format version {version!r} is not supported")
    if not isinstance(schema, int) or schema > SCHEMA_VERSION:
        raise BadExportFile(f"{source}: made by a newer console (schema {schema!r}); "
                            f"this console reads up to {SCHEMA_VERSION}")
    if not isinstance(document.get("files"), dict):
        raise BadExportFile(f"{source}: has no files")
    return document


def import_campaign(saves: Path, source: Path, as_name: str | None = None) -> str:
    """Create a campaign from an export file; returns its name.

    Refuses to overwrite an existing campaign (choose another name with ``as_name``).
    Every file is checked (and migrated) before anything is written.
    """
    from console.store.campaign_store import CampaignStore

    document = _read_export(source)
    name = validate_name(as_name if as_name is not None else str(document.get("campaign", "")))
    if campaign_dir(saves, name).exists():
        raise CampaignExists(f"campaign {name!r} already exists in {saves}; "
                             "import it under another name with --as NAME")
    files: Files = {}
    for rel, entry in document["files"].items():
        kind = kind_of(rel) if isinstance(rel, str) else None
        if kind is None or not isinstance(entry, dict) or entry.get("kind") != kind:
            raise BadExportFile(f"{source}: {str(rel)[:60]!r} is not a campaign file")
        try:
            tables, _ = parse_tables(entry.get("tables"), kind, Path(f"{source}:{rel}"))
        except BadSaveFile as error:
            raise BadExportFile(str(error).split("; ")[0]) from None
        files[rel] = (kind, tables)
    for rel in [*ROOT_FILES.values(), session_rel(0)]:
        if rel not in files:
            raise BadExportFile(f"{source}: the export has no {rel}")
    campaign = files[ROOT_FILES["campaign"]][1]["campaign"].get("1")
    if not isinstance(campaign, dict):
        raise BadExportFile(f"{source}: the export has no campaign settings")
    campaign["name"] = name
    # Open the result in memory first: this checks the undo logs hang together.
    backend = MemoryBackend()
    for rel, (kind, tables) in files.items():
        backend.create(rel, kind, json.loads(json.dumps(tables)))
    try:
        CampaignStore(name, backend)._load()
    except BadSaveFile as error:
        raise BadExportFile(f"{source}: {error.problem}") from None
    publish_campaign(Path(saves), name, files)
    return name
