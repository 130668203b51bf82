"""Campaign save files on TinyDB: atomic, sharded, locked, backed up, undoable.

The only package that imports TinyDB. Start at :class:`CampaignStore`; the file layout is
described in :mod:`console.store.layout`, the crash-safety argument in
:mod:`console.store.undo_state` and :mod:`console.store.atomic_storage`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.lazy_names import lazy_names

if TYPE_CHECKING:
    from console.store.atomic_storage import AtomicJSONStorage, write_atomic
    from console.store.campaign_store import CampaignStore
    from console.store.errors import (
        BadCampaignName,
        BadExportFile,
        BadSaveFile,
        CampaignExists,
        CampaignLocked,
        CampaignNotFound,
        ForeignSaveFile,
        GarbledSaveFile,
        InvalidSaveFile,
        LockLost,
        LockUnusable,
        MissingSaveFile,
        NewerSaveFile,
        ReadOnlyStore,
        SaveFailed,
        StoreError,
        TruncatedSaveFile,
    )
    from console.store.layout import list_campaigns, validate_name
    from console.store.lock import LockHolder
    from console.store.portable import export_campaign, import_campaign, write_outside
    from console.store.publish import build_beside
    from console.store.recovery import CheckReport, check_campaign, find_good_backup, restore_backup
    from console.store.transaction import Transaction

# What each name is imported from, on first use: `gm-console --help` and the dice
# commands never load TinyDB or the store (a package import loads only this file).
_LAZY = {
    "AtomicJSONStorage": "console.store.atomic_storage",
    "BadCampaignName": "console.store.errors",
    "BadExportFile": "console.store.errors",
    "BadSaveFile": "console.store.errors",
    "CampaignExists": "console.store.errors",
    "CampaignLocked": "console.store.errors",
    "CampaignNotFound": "console.store.errors",
    "CampaignStore": "console.store.campaign_store",
    "CheckReport": "console.store.recovery",
    "ForeignSaveFile": "console.store.errors",
    "GarbledSaveFile": "console.store.errors",
    "InvalidSaveFile": "console.store.errors",
    "LockHolder": "console.store.lock",
    "LockLost": "console.store.errors",
    "LockUnusable": "console.store.errors",
    "MissingSaveFile": "console.store.errors",
    "NewerSaveFile": "console.store.errors",
    "ReadOnlyStore": "console.store.errors",
    "SaveFailed": "console.store.errors",
    "StoreError": "console.store.errors",
    "Transaction": "console.store.transaction",
    "TruncatedSaveFile": "console.store.errors",
    "build_beside": "console.store.publish",
    "check_campaign": "console.store.recovery",
    "export_campaign": "console.store.portable",
    "write_outside": "console.store.portable",
    "find_good_backup": "console.store.recovery",
    "import_campaign": "console.store.portable",
    "list_campaigns": "console.store.layout",
    "restore_backup": "console.store.recovery",
    "validate_name": "console.store.layout",
    "write_atomic": "console.store.atomic_storage",
}


__getattr__ = lazy_names(__name__, _LAZY, globals())

__all__ = [
    "AtomicJSONStorage",
    "BadCampaignName",
    "BadExportFile",
    "BadSaveFile",
    "CampaignExists",
    "CampaignLocked",
    "CampaignNotFound",
    "CampaignStore",
    "CheckReport",
    "ForeignSaveFile",
    "GarbledSaveFile",
    "InvalidSaveFile",
    "LockHolder",
    "LockLost",
    "LockUnusable",
    "MissingSaveFile",
    "NewerSaveFile",
    "ReadOnlyStore",
    "SaveFailed",
    "StoreError",
    "Transaction",
    "TruncatedSaveFile",
    "build_beside",
    "check_campaign",
    "export_campaign",
    "find_good_backup",
    "import_campaign",
    "list_campaigns",
    "restore_backup",
    "validate_name",
    "write_atomic",
    "write_outside",
]
