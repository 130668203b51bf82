"""Where a campaign's files live, and which table is kept in which file.

::

    saves/<campaign>/
        lock                       who has the campaign open for writing
        campaign.json              campaign settings            (kind "campaign")
        pcs.json                   player characters            (kind "pcs")
        npcs.json                  NPC templates                (kind "npcs")
        sessions/0000/session.json session 0 = set-up work before the first session
        sessions/0007/session.json the session, its encounters, undo journal and newest log
        sessions/0007/log-0001.json   sealed log entries 1..C (C = chunk size, default 50)
        backups/<file key>/...     last N versions of each file
        backups/session-starts/... a snapshot of every file at each session start
        summaries/session-0007.md  a session's summary, exported for the players

Hot files stay small whatever the campaign's age: past sessions are separate files never
read during play, and a session's log is sealed into fixed-size chunks.
"""

from __future__ import annotations

import re
from pathlib import Path

from console.store.errors import BadCampaignName

__all__ = [
    "BACKUPS_DIR",
    "CAMPAIGN_FILE",
    "FORMAT",
    "LOCK_FILE",
    "NPCS_FILE",
    "PCS_FILE",
    "ROOT_FILES",
    "SESSIONS_DIR",
    "SESSION_FILE",
    "SHARD_TABLES",
    "SUMMARIES_DIR",
    "TABLE_SHARDS",
    "campaign_dir",
    "is_campaign",
    "kind_of",
    "list_campaigns",
    "log_chunk_path",
    "session_dir",
    "session_numbers",
    "session_path",
    "validate_name",
]

FORMAT = "metascape-gm-console"
CAMPAIGN_FILE = "campaign.json"
PCS_FILE = "pcs.json"
NPCS_FILE = "npcs.json"
SESSIONS_DIR = "sessions"
SESSION_FILE = "session.json"
BACKUPS_DIR = "backups"
SUMMARIES_DIR = "summaries"  # session summaries in Markdown, for people: not save files
LOCK_FILE = "lock"

# Which file kind holds each table. A later feature adds its table here (and to
# console.store.shards.TABLE_MODELS); "session" kind means the current session's file.
TABLE_SHARDS: dict[str, str] = {
    "campaign": "campaign",
    "pcs": "pcs",
    "npcs": "npcs",
    "session": "session",
    "encounters": "session",
}

# Tables of each file kind besides "_meta". Session files also hold the undo journal.
SHARD_TABLES: dict[str, tuple[str, ...]] = {
    "campaign": ("campaign",),
    "pcs": ("pcs",),
    "npcs": ("npcs",),
    "session": ("session", "encounters", "log", "journal"),
    "log": ("log",),
}

# Fixed files at the campaign root, by kind.
ROOT_FILES: dict[str, str] = {"campaign": CAMPAIGN_FILE, "pcs": PCS_FILE, "npcs": NPCS_FILE}

MAX_NAME_LENGTH = 64
_BAD_CHARACTERS = re.compile(r'[/\\:*?"<>|\x00-\x1f\x7f]')


def validate_name(name: str) -> str:
    """Return ``name`` if it can be a campaign folder on any system; else raise."""
    if not isinstance(name, str) or not name.strip():
        raise BadCampaignName("campaign name must not be empty")
    if name != name.strip():
        raise BadCampaignName(f"campaign name {name!r} must not start or end with spaces")
    if len(name) > MAX_NAME_LENGTH:
        raise BadCampaignName(
            f"campaign name is {len(name)} characters; at most {MAX_NAME_LENGTH} are allowed"
        )
    found = _BAD_CHARACTERS.search(name)
    if found:
        raise BadCampaignName(
            f"campaign name {name!r} contains {found.group()!r}; "
            "path separators and special characters are not allowed"
        )
    if ".." in name or name.startswith("."):
        raise BadCampaignName(f"campaign name {name!r} must not start with '.' or contain '..'")
    return name


def campaign_dir(saves: Path, name: str) -> Path:
    return Path(saves) / validate_name(name)


def is_campaign(path: Path) -> bool:
    return (path / CAMPAIGN_FILE).is_file()


def list_campaigns(saves: Path) -> list[str]:
    """Names of the campaigns in ``saves``, sorted (folders holding a campaign.json)."""
    saves = Path(saves)
    if not saves.is_dir():
        return []
    # Names starting with "." are never campaigns: they are creations or imports in progress.
    return sorted(
        p.name for p in saves.iterdir()
        if p.is_dir() and not p.name.startswith(".") and is_campaign(p)
    )


def session_dir(root: Path, number: int) -> Path:
    return root / SESSIONS_DIR / f"{number:04d}"


def session_path(root: Path, number: int) -> Path:
    return session_dir(root, number) / SESSION_FILE


def log_chunk_path(root: Path, session: int, chunk: int) -> Path:
    return session_dir(root, session) / f"log-{chunk:04d}.json"


_SHARD_PATH = re.compile(r"sessions/[0-9]{4}/(session|log-[0-9]{4})\.json")


def kind_of(rel: str) -> str | None:
    """The kind of file at campaign-relative path ``rel``, or None if it is not a save file."""
    for kind, name in ROOT_FILES.items():
        if rel == name:
            return kind
    match = _SHARD_PATH.fullmatch(rel)
    if match is None:
        return None
    return "session" if match.group(1) == "session" else "log"


def session_numbers(root: Path) -> list[int]:
    """Numbers of the sessions whose file exists, ascending. A folder without its file
    is a session start that crashed before it was committed, and does not count."""
    folder = root / SESSIONS_DIR
    if not folder.is_dir():
        return []
    numbers = []
    for entry in folder.iterdir():
        if entry.name.isdigit() and (entry / SESSION_FILE).is_file():
            numbers.append(int(entry.name))
    return sorted(numbers)
