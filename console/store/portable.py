"""Whole campaigns as one portable JSON file: export and import.

``export`` writes a new regular file: an existing one is replaced only when asked
(``replace``) and only if it is a regular file; never a device, a folder, a link, or any
file inside the saves folder (``export C saves/C/pcs.json`` would have destroyed the
roster). ``import`` reads at most ``max_bytes``, checks every file and the whole campaign's
consistency in a staging folder (``console.store.verify``) before the campaign appears, and
removes the staging folder on any failure.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import secrets
import stat
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from console.model import SCHEMA_VERSION
from console.store.atomic_storage import fsync_directory
from console.store.errors import BadExportFile, BadSaveFile, CampaignExists, StoreError
from console.store.layout import ADDED_IN, ROOT_FILES, kind_of
from console.store.limits import MAX_IMPORT_BYTES
from console.store.names import validate_name
from console.store.publish import Files, existing_name, publish_campaign, refuse_look_alike
from console.store.shards import new_tables, parse_tables
from console.store.tree import CampaignTree
from console.store.undo import session_rel
from console.store.verify import verify_campaign

__all__ = [
    "EXPORT_FORMAT",
    "EXPORT_VERSION",
    "MAX_IMPORT_BYTES",
    "export_campaign",
    "import_campaign",
    "write_outside",
]

EXPORT_FORMAT = "metascape-gm-console/campaign-export"
EXPORT_VERSION = 1


def _inside(path: Path, folder: Path) -> bool:
    return Path(os.path.realpath(path)).is_relative_to(os.path.realpath(folder))


def _write_new(target: Path, payload: bytes, *, replace: bool) -> None:
    """Write ``target`` through a temporary file in its folder: linked into place (never
    replacing anything) unless ``replace``, then renamed over the regular file there."""
    folder = target.parent
    temp = folder / f".{target.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    try:
        try:
            view = memoryview(payload)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        if replace:
            os.replace(temp, target)
        else:
            try:
                os.link(temp, target)
            except FileExistsError:
                raise StoreError(f"{target} already exists: add --force to replace it") from None
    finally:
        with contextlib.suppress(OSError):
            temp.unlink()
    fsync_directory(folder)


def _check_target(saves: Path, target: Path, *, replace: bool, what: str = "export",
                  example: str = "campaign.json") -> None:
    if not str(target).strip() or target.name in ("", ".", ".."):
        raise StoreError(f"give the {what} a file name, such as {example}")
    folder = target.parent
    if not folder.is_dir():
        raise StoreError(f"cannot write {target}: the folder {folder} does not exist")
    if _inside(folder, saves) or (target.exists() and _inside(target, saves)):
        raise StoreError(f"cannot write {target}: it is inside the saves folder {saves}, "
                         f"whose files are the campaigns' own; write the {what} somewhere "
                         "else")
    try:
        found = os.lstat(target)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(found.st_mode):
        raise StoreError(f"{target} is a symbolic link: the {what} never writes through one")
    if stat.S_ISDIR(found.st_mode):
        raise StoreError(f"{target} is a folder: name a file inside it")
    if not stat.S_ISREG(found.st_mode):
        raise StoreError(f"{target} is not a regular file (a device?): it is never replaced")
    if not replace:
        raise StoreError(f"{target} already exists: add --force to replace it")


def write_outside(saves: Path, target: Path, payload: bytes, *, replace: bool = False,
                  what: str = "file", example: str = "recap.md") -> Path:
    """Write ``payload`` to ``target`` as an export is written (a new regular file outside
    the saves folder, or with ``replace`` one replaced; never a link, a folder or a
    device): the command line's other outputs to a file, such as a recap or an adventure
    written to Markdown."""
    target = Path(target)
    _check_target(Path(saves), target, replace=replace, what=what, example=example)
    try:
        _write_new(target, payload, replace=replace)
    except OSError as error:
        raise StoreError(f"cannot write {target}: {error.strerror or error}") from None
    return target


def export_campaign(saves: Path, name: str, target: Path, *, replace: bool = False) -> Path:
    """Write the whole campaign (every file) to one JSON file ``target``; works read-only,
    so also while the campaign is open in a console. See the module docstring."""
    from console.store.campaign_store import CampaignStore

    target = Path(target)
    _check_target(Path(saves), target, replace=replace)
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
    try:
        _write_new(target, json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8"),
                   replace=replace)
    except OSError as error:
        raise StoreError(f"cannot write {target}: {error.strerror or error}") from None
    return target


def _read_source(source: Path, max_bytes: int) -> bytes:
    try:
        fd = os.open(source, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise BadExportFile(f"{source}: no such file") from None
    except OSError as error:
        raise BadExportFile(f"{source}: cannot be read: {error.strerror or error}") from None
    try:
        found = os.fstat(fd)
        if stat.S_ISDIR(found.st_mode):
            raise BadExportFile(f"{source} is a folder: name the exported .json file")
        if not stat.S_ISREG(found.st_mode):
            raise BadExportFile(f"{source} is not a regular file")
        if found.st_size > max_bytes:
            raise BadExportFile(f"{source} is {found.st_size:,} bytes; an export is at most "
                                f"{max_bytes:,} (--max-size raises the limit)")
        chunks, size = [], 0
        while block := os.read(fd, 1 << 20):
            size += len(block)
            if size > max_bytes:
                raise BadExportFile(f"{source} is over {max_bytes:,} bytes")
            chunks.append(block)
        return b"".join(chunks)
    except OSError as error:
        if error.errno == errno.EISDIR:
            raise BadExportFile(f"{source} is a folder: name the exported .json file") from None
        raise BadExportFile(f"{source}: cannot be read: {error.strerror or error}") from None
    finally:
        os.close(fd)


def _read_export(source: Path, max_bytes: int) -> dict[str, Any]:
    raw = _read_source(source, max_bytes)
    try:
        document = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BadExportFile(f"{source}: not a JSON file ({str(error)[:80]})") from None
    except RecursionError:
        raise BadExportFile(f"{source}: nested too deeply to be an export") from None
    except ValueError as error:  # Python's limit on an integer's digits, say
        raise BadExportFile(f"{source}: not an export ({str(error)[:80]})") from None
    if not isinstance(document, dict) or document.get("format") != EXPORT_FORMAT:
        raise BadExportFile(f"{source}: not a campaign export of the MetaScape GM console")
    version, schema = document.get("version"), document.get("schema")
    if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= \
            EXPORT_VERSION:
        raise BadExportFile(f"{source}: export format version {version!r} is not supported")
    if isinstance(schema, bool) or not isinstance(schema, int) or schema > SCHEMA_VERSION:
        raise BadExportFile(f"{source}: made by a newer console (schema {schema!r}); "
                            f"this console reads up to {SCHEMA_VERSION}")
    if not isinstance(document.get("files"), dict):
        raise BadExportFile(f"{source}: has no files")
    return document


def import_campaign(saves: Path, source: Path, as_name: str | None = None, *,
                    max_bytes: int = MAX_IMPORT_BYTES) -> str:
    """Create a campaign from an export file; returns its name.

    Refuses to overwrite an existing campaign (choose another name with ``as_name``). Every
    file is checked (and migrated), and the whole campaign verified, before it appears.
    """
    document = _read_export(Path(source), max_bytes)
    named = document.get("campaign")
    if as_name is None and not isinstance(named, str):
        # str() made a campaign called "None" of a null name.
        raise BadExportFile(f"{source}: its campaign's name is not text "
                            f"({type(named).__name__}); --as NAME gives it one")
    name = validate_name(as_name if as_name is not None else str(named))
    twin = existing_name(Path(saves), name) if Path(saves).is_dir() else None
    if twin is not None or (Path(saves) / name).exists():
        raise CampaignExists(f"campaign {twin or name!r} already exists in {saves}; "
                             "import it under another name with --as NAME")
    refuse_look_alike(Path(saves), name)
    files: Files = {}
    for rel, entry in document["files"].items():
        kind = kind_of(rel) if isinstance(rel, str) else None
        if kind is None or not isinstance(entry, dict) or entry.get("kind") != kind:
            raise BadExportFile(f"{source}: {str(rel)[:60]!r} is not a campaign file")
        try:
            tables, _ = parse_tables(entry.get("tables"), kind, Path(f"{source}:{rel}"))
        except BadSaveFile as error:
            raise BadExportFile(f"{error.path}: {error.problem}") from None
        files[rel] = (kind, tables)
    for kind, since in ADDED_IN.items():  # an export older than the file: none prepared
        if ROOT_FILES[kind] not in files and document["schema"] < since:
            files[ROOT_FILES[kind]] = (kind, new_tables(kind))
    for rel in [*ROOT_FILES.values(), session_rel(0)]:
        if rel not in files:
            raise BadExportFile(f"{source}: the export has no {rel}")
    campaign = files[ROOT_FILES["campaign"]][1]["campaign"].get("1")
    if not isinstance(campaign, dict):
        raise BadExportFile(f"{source}: the export has no campaign settings")
    campaign["name"] = name
    root = publish_campaign(Path(saves), name, files, verify=_verified(source))
    return root.name


def _verified(source: Path) -> Callable[[CampaignTree], None]:
    """The check a staged import must pass before it is renamed into place."""
    def check(tree: CampaignTree) -> None:
        problems = verify_campaign(tree)
        if problems:
            first = problems[0]
            where = first.path.relative_to(tree.root) if first.path.is_relative_to(
                tree.root) else first.path
            raise BadExportFile(f"{source}: {where}: {first.problem}")

    return check

