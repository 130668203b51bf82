"""What may change when: sessions, encounters and sheets over a campaign's life.

A closed session's fights are over (its awards were worked out from them); a session with
awards waiting cannot give way to the next (earlier sessions never change again, so they
would be lost); a sheet the fight or the waiting awards still use cannot be deleted; and a
PC's name is unique (awards, the close and the forms name PCs by name). Each rule is a
function the service calls before it writes; each refusal is a :class:`ModelError` that
says what to do instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from console.model.awards import pending_awards
from console.model.characters import PlayerCharacter
from console.model.encounters import Encounter, Side, Status
from console.model.errors import ModelError
from console.model.fight_end import Ending
from console.model.hazards import describe
from console.model.npcs import NpcTemplate
from console.model.outcome import Outcome, Removed
from console.model.sessions import Session
from console.model.tracker import add_combatant
from console.rules.errors import RulesError
from console.rules.forecast import LABELS, UNDECIDED
from console.rules.hazards import hazard_name, load_state

__all__ = [
    "begin_encounter",
    "carry_encounters",
    "carry_pronoun",
    "check_deletable",
    "check_fight_open",
    "check_next_session",
    "check_unique_name",
    "check_unique_template_name",
    "delete_sheet",
    "end_encounter",
    "ending_label",
    "join_pc",
    "running_encounter",
    "sheet_history",
    "taken_template_names",
]


def check_fight_open(session: Session) -> None:
    if session.closed:
        raise ModelError(
            f"session {session.number} is closed: start the next session (S) to go on "
            "with the fight, or undo the close (ctrl+z)")


def check_next_session(session: Session) -> None:
    """The next session may start: no award of this one is left waiting for its close."""
    waiting = [] if session.closed else pending_awards(session)
    if waiting:
        raise ModelError(
            f"session {session.number} has {len(waiting)} award(s) waiting: close it "
            "first (w, then c), or take them back, before the next session starts")


def check_unique_name(sheet: PlayerCharacter, pcs: Iterable[PlayerCharacter]) -> None:
    wanted = sheet.name.strip().casefold()
    twin = next((pc for pc in pcs if pc.id != sheet.id and pc.name.casefold() == wanted), None)
    if twin is not None:
        raise ModelError(f"a PC called {twin.name} is already in the roster: give this one "
                         "another name")


def taken_template_names(templates: Mapping[int, NpcTemplate],
                         editing: NpcTemplate | None) -> list[str]:
    """The names a template (``editing``, as saved; None for a new one) may not take: the
    others'. A template's name is its own (a stat line in an adventure finds its template
    by name); the name it was saved with stays its own, twin or not (two saved before
    names were checked stay editable)."""
    kept = editing.name.strip().casefold() if editing is not None else None
    return [t.name for t in templates.values()
            if (editing is None or t.id != editing.id) and t.name.strip().casefold() != kept]


def check_unique_template_name(template: NpcTemplate, templates: Mapping[int, NpcTemplate]
                               ) -> None:
    """Refuse ``template``'s name if it is one of :func:`taken_template_names`."""
    wanted = template.name.strip().casefold()
    taken = taken_template_names(templates, templates.get(template.id))
    twin = next((name for name in taken if name.strip().casefold() == wanted), None)
    if twin is not None:
        raise ModelError(f"a template called {twin} is already in the roster: give "
                         "this one another name, or edit that one")


def check_deletable(sheet: PlayerCharacter | NpcTemplate, encounter: Encounter | None,
                    session: Session) -> None:
    """Refuse to delete a sheet the running fight, or a waiting award, still uses."""
    side = Side.PC if isinstance(sheet, PlayerCharacter) else Side.NPC
    users = [] if encounter is None else [
        c.name for c in encounter.combatants
        if ((c.side is side and c.ref == sheet.id)
            or (side is Side.NPC and c.template == sheet.id))  # the party's vessel
        and c.status is not Status.REMOVED]
    if users:
        raise ModelError(f"{sheet.name} is in the fight ({', '.join(users[:4])}): "
                         "remove them from the encounter first")
    if side is Side.PC and not session.closed and any(
            award.pc_id == sheet.id for _, award in pending_awards(session)):
        raise ModelError(f"{sheet.name} has AP awards waiting for the close of the "
                         "session: take them back first (w, then delete on the list)")


def sheet_history(pc: PlayerCharacter) -> list[str]:
    """What deleting ``pc`` would lose besides his stats: AP beyond a new character's,
    rank, missions, improvements, another system's points (empty: a sheet as new)."""
    held = []
    start = 100 + pc.player_rank  # what a new character starts with (PlayerCharacter.new)
    if pc.ap_total != start or pc.unused_ap != start:
        held.append(f"AP Total {pc.ap_total}, Unused AP {pc.unused_ap} (a new PC has "
                    f"{start} of each)")
    if pc.rank:
        held.append(f"rank {pc.rank}")
    if pc.missions_completed:
        held.append(f"{pc.missions_completed} mission(s) completed")
    if pc.improved_this_mission:
        held.append(f"improved this mission: {', '.join(pc.improved_this_mission)}")
    if pc.rank_rolls:
        held.append(f"{pc.rank_rolls} rank improvement roll(s) owed")
    if pc.points.earned:
        held.append(f"{pc.points.earned} {pc.points.system} points earned")
    return held


def delete_sheet(sheet: PlayerCharacter | NpcTemplate, encounter: Encounter | None,
                 session: Session) -> Outcome:
    check_deletable(sheet, encounter, session)
    return Outcome.told(Removed(sheet.TABLE, sheet.id), notices=(f"{sheet.name} deleted",))


def running_encounter(encounters: Iterable[Encounter]) -> Encounter | None:
    """The encounter being run: the newest active one."""
    active = [e for e in encounters if e.active]
    return max(active, key=lambda e: e.id) if active else None


def begin_encounter(encounters: Iterable[Encounter], new_id: int, name: str, *,
                    lowest_first: bool = False, ending: Ending | None = None) -> Outcome:
    """A new encounter; any still running ends first (the one being run with ``ending``,
    how the GM says it ended). ``lowest_first``: the campaign's system acts lowest number
    first (Façade)."""
    outcome = Outcome()
    active = [e for e in encounters if e.active]
    running = running_encounter(active)
    for each in active:
        outcome = outcome.then(end_encounter(each, ending if each is running else None))
    encounter = Encounter(new_id, name.strip() or "Encounter", lowest_first=lowest_first)
    return outcome.then(Outcome.told(encounter, notices=(f"Encounter {encounter.name} begins",)))


def end_encounter(encounter: Encounter, ending: Ending | None = None) -> Outcome:
    """The fight is over; ``ending``: how it ended and the Table 18 row it reached
    (``console.model.fight_facts.ending_of``), kept with it for the recap."""
    said = f"Encounter {encounter.name} ended"
    if ending is not None:
        said += f": {ending.how.value}" + ("" if ending.row is None
                                             else f" ({ending_label(ending.row)})")
    left = left_with(encounter)
    return Outcome.told(encounter.with_changes(active=False,
                                               ending=ending or encounter.ending),
                        notices=(said, *left), alerts=left)


def left_with(encounter: Encounter) -> list[str]:
    """What a fight ended takes with it, said: a hazard still running (a drowning, a
    vacuum) ends with it, and who was unconscious joins the next fight standing. Ending
    it dropped both unsaid; the GM who knows carries them on (z, u in the next fight)."""
    said = []
    for hazard in encounter.hazards:
        victim = encounter.combatant(hazard.target)
        if victim is None or victim.status in (Status.DEAD, Status.REMOVED):
            continue
        try:
            state = load_state(hazard.state)
            where = f"{hazard_name(state)} ends with the fight ({describe(state)})"
        except RulesError:  # a hazard this console cannot read: said all the same
            where = "hazard ends with the fight"
        said.append(f"{victim.name}'s {where}: z starts it again in the next")
    for combatant in encounter.combatants:
        if combatant.is_pc and combatant.status is Status.UNCONSCIOUS:
            said.append(f"{combatant.name} was unconscious: the next fight has "
                        f"{combatant.pronoun.them} up unless u marks {combatant.pronoun.them}")
    return said


def ending_label(row: str) -> str:
    """A Table 18 row (or party_down, undecided) in words."""
    return LABELS.get(row, "undecided: not settled by arms" if row == UNDECIDED else row)


def carry_encounters(encounters: Iterable[Encounter]) -> Outcome:
    """The running fights go on into the next session's file."""
    outcome = Outcome()
    for encounter in (e for e in encounters if e.active):
        outcome = outcome.then(Outcome.told(encounter, notices=(
            f"Encounter {encounter.name} continues from the last session",)))
    return outcome


def join_pc(encounter: Encounter, pcs: Mapping[int, PlayerCharacter], name: str,
            nish: int | None, vit_max: int | None, new_id: int) -> Outcome:
    """Put a player character into the fight, making his sheet (id ``new_id``) if he has
    none yet; ``nish`` is this round's roll. Both go in one outcome, so one undo takes both
    back."""
    wanted = name.strip().casefold()
    sheet = next((pc for pc in pcs.values() if pc.name.casefold() == wanted), None)
    made = Outcome()
    if sheet is None:
        sheet = PlayerCharacter.new(new_id, name.strip(),
                                    vit_max=None if vit_max is None else str(vit_max))
        made = Outcome.told(sheet)
    if any(c.ref == sheet.id and c.is_pc and c.status is not Status.REMOVED
           for c in encounter.combatants):
        raise ModelError(f"{sheet.name} is already in the encounter")
    joined = add_combatant(encounter, sheet.name, Side.PC, ref=sheet.id, nish=nish,
                           pronoun=sheet.pronoun)
    return made.then(joined)


def carry_pronoun(encounter: Encounter | None, sheet: PlayerCharacter) -> Outcome:
    """A PC's sheet saved with another pronoun: his combatant in the running fight takes it
    (in the same action, so one undo takes both back); nothing when it is the same."""
    if encounter is None:
        return Outcome()
    changed = tuple(c.with_changes(pronoun=sheet.pronoun)
                    if c.is_pc and c.ref == sheet.id and c.pronoun != sheet.pronoun else c
                    for c in encounter.combatants)
    if changed == encounter.combatants:
        return Outcome()
    return Outcome.told(encounter.with_changes(combatants=changed))
