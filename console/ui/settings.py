"""What the GM chose on this machine, for every campaign: the theme.

Kept in ``$XDG_CONFIG_HOME/metascape-gm-console/settings.json`` (``~/.config`` by default),
never in a campaign's folder. Reading a missing or damaged file gives no settings; a
failure to write one costs only the choice, never the session.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["load_settings", "save_setting", "settings_path"]


def settings_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "metascape-gm-console" / "settings.json"


def load_settings() -> dict[str, Any]:
    try:
        found = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def save_setting(key: str, value: Any) -> None:
    """Remember one setting (the file replaced whole, so it is never half written)."""
    path = settings_path()
    settings = load_settings()
    if settings.get(key) == value:
        return
    settings[key] = value
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(dir=path.parent, prefix=".settings.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as file:
                json.dump(settings, file, indent=2)
            os.replace(temp, path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(temp)
