"""Schema migrations: each step turns a file's tables from version v into v + 1.

Every save file records the schema version it was written with (``_meta.schema``). Older
files are migrated in memory when loaded and written back in the new form by the next save
(the old version stays in the file's backups). Files from a *newer* console are refused
and never touched. To change the schema: bump ``console.model.SCHEMA_VERSION`` and add a
function here under the old version number; ``tests/store/test_migrations.py`` keeps a
fixture of every old version.

Version 1 is the prototype format: one weapon per PC, the allowance as text such as
``"750 + 110/rank"``, NPC ``type`` instead of ``body_type`` and tags as one comma-separated
string. Version 2: a list of weapons, the allowance as numbers, tags as a list. Version 3: an
encounter's turn in progress is the key of a turn of the round's order (``current``) instead
of an index into it, which a re-ordered round would have made point at someone else;
combatants gain status, shock, hold and tie order (defaults fill them in). Version 4: an
encounter records who has had his turn this round (``acted``), so a Nish edited or a
combatant killed mid-round can neither skip nor repeat a turn; a combatant records the
critical-damage checks he owes (defaults fill them in). Version 5: a combatant may
be hidden from the players' view (``hidden``), a campaign names its dice system (``system``)
and an encounter may act lowest first (``lowest_first``, a Façade campaign's); the defaults
(shown, MetaScape, highest first) fill them in. Nothing is rewritten, but the number changes
so that an older console refuses such a file instead of failing on a field it does not know.
Version 6: a PC keeps another system's points (``points``: Metalface SP, Façade EP, pools)
and a session their record (``points``); absent means none, as in version 5. Version 7: a
vehicle or ship never dies, so a combatant's status may be ``crippled`` or ``destroyed``;
the party's own vessel names its template (``template``) and keeps its critical checks
(``vessel_owed``, ``cascading``, ``cascade_round``); a session's journal may count the log
entries of its start (``base``: a fight carried into it, committed with the start and never
undone); absent means none. Nothing is rewritten (an NPC's vessel an older console marked
dead stays so). Version 8: smaller writes: a combatant leaves out the fields at
their defaults, a log entry's patches may append to a list, cut it back or leave a field
out (``$append``, ``$cut``, ``$unset``), and the commit record holds only the documents of
the files written after the session file; what version 7 wrote reads as it was.
Version 9: a campaign keeps what the players' view shows (``players``) and its
turn timer (``turn_timer``), a combatant his foe number and whether the players know his
name (``foe``, ``named``), an encounter when its turn in progress began (``turn_since``);
absent means what version 8 showed (every choice as it was before the GM could make it, no
foe numbers yet, no turn start), so nothing is rewritten. Version 10: text holds
no character that steers a terminal (``console.model.text``): what an earlier console saved
with one (a name pasted with a bidi mark, a note with CR LF line breaks) is kept, the
character written as its escape and CR LF as a line break, so the campaign still opens.
Version 11: a log entry keeps the facts of a fight it made (``events``), an
encounter the forecast kept at its first Nish and how it ended (``forecast``, ``ending``),
a combatant whether he went down or had critical damage during it (``was_down``,
``was_critical``); absent means none, as version 10 kept none, so nothing is rewritten (a
fight version 10 ended has no end to count in the calibration).
Version 12: a campaign playing Façade keeps its characters in Façade's terms
(issue 31): a PC or a template may hold ``skills``, a Façade sheet (``facade``) and a PC
what fights did to him (``facade_health``: hits by location, Limit Pools); a combatant his
hits and pools (``facade_health``) and his actions this turn (``actions``); a campaign its
Façade combat system (``facade_combat``). Absent means none (and Dramatic Combat), as in
version 10, so nothing is rewritten; the number changes so that an older console refuses
such a file instead of failing on a field it does not know.
Version 13: a campaign keeps its prepared adventures in a file of its own,
``adventures.json`` (``console.store.layout.ADDED_IN``: a campaign whose campaign.json is
older has none, which reads as none prepared, and the writer that opens it writes it), and
a fight may name the prepared encounter it was launched from (``source``) and hold the
boxed text the GM revealed to the players (``read_aloud``); absent means a fight begun
blank, so nothing is rewritten.
Version 14 (current): a PC's sheet keeps his pronoun (``pronoun``: he, she, they, it or one
typed as ``xe/xem/xyr/xemself``) and a combatant carries it into the fight; every PC saved
before gets "they", written into his sheet; a combatant without one reads as "they".
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

from console.model.campaign import SCHEMA_VERSION
from console.model.encounters import Encounter
from console.model.errors import ModelError
from console.model.patches import is_patch
from console.model.pronouns import THEY
from console.model.text import cleaned
from console.model.turns import END, round_order

__all__ = ["MIGRATIONS", "MigrationError", "migrate"]

Tables = dict[str, dict[str, Any]]
DocMigration = Callable[[dict[str, Any]], dict[str, Any]]


class MigrationError(ValueError):
    """Old data that a migration step cannot make sense of."""


_ALLOWANCE_V1 = re.compile(r"\s*(\d+)\s*(?:\+\s*(\d+)\s*(?:/\s*rank)?)?\s*", re.IGNORECASE)


def _allowance_v1(text: object, who: str) -> dict[str, int]:
    if text is None or text == "":
        return {"base": 0, "per_rank": 0}
    match = _ALLOWANCE_V1.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise MigrationError(f"PC {who}: allowance {text!r} is not like '750 + 110/rank'")
    return {"base": int(match.group(1)), "per_rank": int(match.group(2) or 0)}


# Steps transform only the fields present: the same function then serves whole documents
# and the partial images (changed fields only) in undo logs. In a partial image a field's
# value may be a patch (console.model.patches.is_patch) rather than the whole value; a
# step that reshapes such a field must convert the patch or raise MigrationError.


def _pc_v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    who = str(doc.get("name", "?"))
    if "weapon" in doc:
        if is_patch(doc["weapon"]):  # version 1 logged whole values only
            raise MigrationError(f"PC {who}: a version 1 log holds a patch")
        weapon = doc.pop("weapon")
        doc["weapons"] = [] if weapon is None else [weapon]
    if "allowance" in doc:
        doc["allowance"] = _allowance_v1(doc["allowance"], who)
    return doc


def _npc_v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    if "type" in doc:
        doc["body_type"] = doc.pop("type")
    if isinstance(doc.get("tags"), str):
        doc["tags"] = [tag.strip() for tag in doc["tags"].split(",") if tag.strip()]
    return doc


def _encounter_v2_to_v3(doc: dict[str, Any]) -> dict[str, Any]:
    # An index cannot be turned into a key without the round's order; the round restarts
    # from its first turn, which the tracker shows.
    if "turn" in doc:
        doc.pop("turn")
        doc["current"] = None
    return doc


def _encounter_v3_to_v4(doc: dict[str, Any]) -> dict[str, Any]:
    # Who has acted is read off the order as version 3 saw it: everyone in the turns before
    # the one in progress (everyone, once the round is over). A partial image in an undo log
    # has no round to read; it is left as it is.
    if "acted" in doc or not {"combatants", "round", "current"} <= set(doc):
        return doc
    try:
        encounter = Encounter.from_dict(doc)
    except ModelError as error:
        raise MigrationError(f"encounter {doc.get('name', '?')}: {error}") from None
    order = round_order(encounter)
    position = (len(order.turns) if encounter.current == END
                else order.position(encounter.current) or 0)
    doc["acted"] = [member for turn in order.turns[:position] for member in turn.members]
    return doc


_NOTES = frozenset({"notes", "description"})


def _cleaned(value: Any, *, notes: bool = False) -> Any:
    """``value`` with every string in it as a document may hold it (``text.cleaned``);
    a note's or a description's line breaks are kept."""
    if isinstance(value, str):
        return cleaned(value, notes=notes)
    if isinstance(value, list):
        return [_cleaned(item, notes=notes) for item in value]
    if isinstance(value, dict):
        return {key: _cleaned(item, notes=notes or key in _NOTES)
                for key, item in value.items()}
    return value


_WHOLE_PC = frozenset({"id", "name", "ap_total", "unused_ap", "rank"})


def _pc_pronoun(doc: dict[str, Any]) -> dict[str, Any]:
    # A whole sheet (every version writes these keys) gets "they"; a partial image in an
    # undo log (the fields an action changed) is left as it is, so undoing an earlier
    # action never puts back a pronoun over the one the GM chose since.
    if set(doc) >= _WHOLE_PC and "pronoun" not in doc:
        doc["pronoun"] = THEY.text
    return doc


# MIGRATIONS[v] turns version v into v + 1: a function per table whose documents change.
# The same functions are applied to the document images held in undo logs and journals,
# so undoing an action recorded before an upgrade writes documents of the new shape.
MIGRATIONS: dict[int, dict[str, DocMigration]] = {
    1: {"pcs": _pc_v1_to_v2, "npcs": _npc_v1_to_v2},
    2: {"encounters": _encounter_v2_to_v3},
    3: {"encounters": _encounter_v3_to_v4},
    4: {},  # "hidden", "system", "lowest_first": absent means the model's defaults
    5: {},  # a PC's and a session's "points": absent means none
    6: {},  # vessels' statuses and fields, a journal's "base": absent means none
    7: {},  # shorter combatants, patches: version 7's documents read as they are
    8: {},  # the table's settings, foe numbers, names told, turn starts: absent as before
    # Text that steered a terminal, written as its escapes.
    9: dict.fromkeys(("campaign", "pcs", "npcs", "session", "encounters", "log"), _cleaned),
    10: {},  # a fight's events, forecast, end and marks: absent means none
    11: {},  # Façade's sheets, health, actions, combat system: absent means none, Dramatic
    12: {},  # adventures.json is new (layout.ADDED_IN); a fight's source: absent as before
    13: {"pcs": _pc_pronoun},  # a PC's pronoun: "they" until the GM says otherwise
    14: {},  # a fight's "held" and "acts_now" events, a PC's "drain_stopped": absent: none
}


def _migrate_doc(step: dict[str, DocMigration], table: str, doc: Any) -> Any:
    function = step.get(table)
    return doc if function is None or not isinstance(doc, dict) else function(doc)


def _migrate_images(step: dict[str, DocMigration], tables: Tables) -> None:
    for entry in tables.get("log", {}).values():
        for change in entry.get("changes", []) if isinstance(entry, dict) else []:
            if isinstance(change, dict):
                for side in ("before", "after"):
                    change[side] = _migrate_doc(step, change.get("table", ""), change.get(side))
    for journal in tables.get("journal", {}).values():
        last = journal.get("last_op") if isinstance(journal, dict) else None
        for write in last.get("writes", []) if isinstance(last, dict) else []:
            if isinstance(write, dict):
                write["doc"] = _migrate_doc(step, write.get("table", ""), write.get("doc"))


def migrate(kind: str, tables: Tables, version: int, target: int = SCHEMA_VERSION) -> Tables:
    """``tables`` (a file of ``kind`` at ``version``) brought up to ``target``, on a copy.

    ``kind`` is the file kind; the steps themselves work per table, so it is only used in
    messages today, and kept so a step may treat a kind specially."""
    if version > target:
        raise MigrationError(f"cannot migrate down from version {version} to {target}")
    result = copy.deepcopy(tables)
    for number in range(version, target):
        if number not in MIGRATIONS:
            raise MigrationError(f"{kind} file: no migration from schema version {number}")
        step = MIGRATIONS[number]
        for table, docs in result.items():
            if table in step:
                for key in docs:
                    docs[key] = step[table](docs[key])
        _migrate_images(step, result)
    if "_meta" in result and "1" in result["_meta"]:
        result["_meta"]["1"]["schema"] = target
    return result
