"""Where a campaign's files live, and which table is kept in which file.

::

    saves/<campaign>/
        lock                       who has the campaign open for writing
        .verified                  a memo of the files found whole (not a save file)
        .sessions                  a memo of earlier sessions' documents (not a save file)
        campaign.json              campaign settings            (kind "campaign")
        pcs.json                   player characters            (kind "pcs")
        npcs.json                  NPC templates                (kind "npcs")
        adventures.json            prepared adventures          (kind "adventures")
        sessions/0000/session.json session 0 = set-up work before the first session
        sessions/0007/session.json the session, its encounters, undo journal and newest log
        sessions/0007/log-0001.json   sealed log entries 1..C (C = chunk size, default 10)
        backups/<file key>/...     last N versions of each file
        backups/session-starts/... a snapshot of every file at each session start
        summaries/session-0007.md  a session's summary, exported for the players

Hot files stay small whatever the campaign's age: past sessions are separate files never
read during play, and a session's log is sealed into fixed-size chunks.
"""

from __future__ import annotations

import re
from pathlib import Path

from console.store.errors import BadSaveFile
from console.store.names import validate_name
from console.store.tree import CampaignTree

__all__ = [
    "ADDED_IN",
    "ADVENTURES_FILE",
    "BACKUPS_DIR",
    "CAMPAIGN_FILE",
    "FORMAT",
    "LOCK_FILE",
    "NPCS_FILE",
    "PCS_FILE",
    "ROOT_FILES",
    "SESSIONS_DIR",
    "SESSIONS_MEMO",
    "SESSION_FILE",
    "SHARD_TABLES",
    "SUMMARIES_DIR",
    "TABLE_SHARDS",
    "VERIFIED_FILE",
    "campaign_dir",
    "is_campaign",
    "kind_of",
    "links_in",
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
ADVENTURES_FILE = "adventures.json"
SESSIONS_DIR = "sessions"
SESSION_FILE = "session.json"
BACKUPS_DIR = "backups"
SUMMARIES_DIR = "summaries"  # session summaries in Markdown, for people: not save files
LOCK_FILE = "lock"
# What opening found whole among the earlier sessions, by their files' stamps: a memo that
# spares reading them again (console.store.verify); missing or damaged, it is redone.
VERIFIED_FILE = ".verified"
# What was read from each earlier session's file, by its stamp (console.store.past_sessions):
# the awards' history without reading 500 files; missing or damaged, it is redone.
SESSIONS_MEMO = ".sessions"

# Which file kind holds each table. A later feature adds its table here (and to
# console.store.shards.TABLE_MODELS); "session" kind means the current session's file.
TABLE_SHARDS: dict[str, str] = {
    "campaign": "campaign",
    "pcs": "pcs",
    "npcs": "npcs",
    "adventures": "adventures",
    "session": "session",
    "encounters": "session",
}

# Tables of each file kind besides "_meta". Session files also hold the undo journal.
SHARD_TABLES: dict[str, tuple[str, ...]] = {
    "campaign": ("campaign",),
    "pcs": ("pcs",),
    "npcs": ("npcs",),
    "adventures": ("adventures",),
    "session": ("session", "encounters", "log", "journal"),
    "log": ("log",),
}

# Fixed files at the campaign root, by kind.
ROOT_FILES: dict[str, str] = {"campaign": CAMPAIGN_FILE, "pcs": PCS_FILE, "npcs": NPCS_FILE,
                              "adventures": ADVENTURES_FILE}

# Root files a later schema added, by kind: the schema version that added each. A campaign
# whose campaign.json was written before it has no such file, and reads as if it held an
# empty one (the writer that opens it writes it, before campaign.json's new version); from
# that version on, the file missing is damage like any other.
ADDED_IN: dict[str, int] = {"adventures": 13}

def campaign_dir(saves: Path, name: str) -> Path:
    return Path(saves) / validate_name(name)


# Any of these at a campaign folder's top makes it a campaign, if a damaged one when
# campaign.json itself is missing (its backups can still bring it back).
_MARKERS = (CAMPAIGN_FILE, PCS_FILE, NPCS_FILE, SESSIONS_DIR)


def is_campaign(path: Path) -> bool:
    """A real folder (not a link) holding a campaign's files, damaged or not."""
    tree = CampaignTree(Path(path))
    if not tree.is_dir(""):
        return False
    try:
        return any(tree.entry(marker) is not None for marker in _MARKERS)
    except (OSError, BadSaveFile):
        return False


def list_campaigns(saves: Path) -> list[str]:
    """Names of the campaigns in ``saves``, sorted. Names starting with "." are never
    campaigns (creations or imports in progress); a link is listed by :func:`links_in`."""
    saves = Path(saves)
    if not saves.is_dir():
        return []
    return sorted(
        p.name for p in saves.iterdir()
        if not p.name.startswith(".") and not p.is_symlink() and is_campaign(p)
    )


def links_in(saves: Path) -> list[str]:
    """Names in ``saves`` that are symbolic links: never followed, so never campaigns."""
    saves = Path(saves)
    if not saves.is_dir():
        return []
    return sorted(p.name for p in saves.iterdir()
                  if p.is_symlink() and not p.name.startswith("."))


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


def session_numbers(tree: CampaignTree) -> list[int]:
    """Numbers of the sessions whose file exists, ascending. A folder without its file
    is a session start that crashed before it was committed, and does not count (unless
    other files say it was committed: see console.store.verify)."""
    return sorted(
        int(name) for name, items in tree.subfolders(SESSIONS_DIR).items()
        if name.isdigit() and len(name) == 4
        and any(item.name == SESSION_FILE and item.kind == "file" for item in items))
