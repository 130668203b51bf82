"""Campaign save files on TinyDB: atomic, sharded, locked, backed up, undoable.

The only package that imports TinyDB. Start at :class:`CampaignStore`; the file layout is
described in :mod:`console.store.layout`, the crash-safety argument in
:mod:`console.store.undo_state` and :mod:`console.store.atomic_storage`.
"""

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
    MissingSaveFile,
    NewerSaveFile,
    ReadOnlyStore,
    SaveFailed,
    StoreError,
    TruncatedSaveFile,
)
from console.store.layout import list_campaigns, validate_name
from console.store.lock import LockHolder
from console.store.portable import export_campaign, import_campaign
from console.store.recovery import CheckReport, check_campaign, find_good_backup, restore_backup
from console.store.transaction import Transaction

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
    "MissingSaveFile",
    "NewerSaveFile",
    "ReadOnlyStore",
    "SaveFailed",
    "StoreError",
    "Transaction",
    "TruncatedSaveFile",
    "check_campaign",
    "export_campaign",
    "find_good_backup",
    "import_campaign",
    "list_campaigns",
    "restore_backup",
    "validate_name",
    "write_atomic",
]
