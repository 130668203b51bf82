"""Critical damage on a player character (Rule Book: Vitality, Critical Damage, Healing).

Critical damage (CD) is wounds above the Vitality maximum. What it asks of the player:

- CD exactly 0 (wounds == Vit): one WP (5) check or pass out, made once only;
- CD 1+: every round an unconsciousness check, WP vs 5 x CD (an unconscious character
  rolls it on his Nish to wake up), and Vitality drain, Healing vs 5 x CD, a failure adding
  one wound, a success (or any healing of 1+) stopping the drain until new damage;
- CD 10+: every round first a death check, Vit vs CD, a failure killing him.

When to check (Rule Book: "When to Check"): a check is made at once when damage first makes
it warranted (:func:`checks_at_damage`: the pass-out WP (5) on reaching exactly 0 CD, the
unconsciousness check on the first point of CD, the death check on reaching 10 CD); from
then on every round on the PC's Nish, before he acts, in the book's order: death,
unconsciousness, drain (:func:`checks_due`). Vitality drain is never checked at the moment
of damage, and a later hit that warrants nothing new asks for nothing until his Nish.
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum

from console.records import record
from console.rules.errors import RulesError

__all__ = [
    "DEATH_CHECK_FROM",
    "KILL_RULE_CD",
    "CheckKind",
    "DueCheck",
    "PcCondition",
    "apply_check",
    "apply_check_result",
    "apply_kill_rule",
    "checks_at_damage",
    "checks_due",
    "critical_damage",
    "heal",
    "take_damage",
]

DEATH_CHECK_FROM = 10


class CheckKind(StrEnum):
    PASS_OUT = "pass out"  # the single WP (5) check at exactly 0 CD
    DEATH = "death"
    UNCONSCIOUSNESS = "unconsciousness"
    VITALITY_DRAIN = "vitality drain"


@record
class DueCheck:
    kind: CheckKind
    ability: str  # the PC ability the player rolls
    difficulty: int
    on_failure: str

    def describe(self) -> str:
        return f"{self.ability} vs {self.difficulty} ({self.kind}): failure = {self.on_failure}"


def critical_damage(wounds: int, vit_max: int) -> int | None:
    """Wounds above the Vitality maximum; 0 when they are equal; None below it."""
    if wounds < 0 or vit_max < 0:
        raise RulesError("wounds and Vitality cannot be negative")
    excess = wounds - vit_max
    return excess if excess >= 0 else None


def checks_due(
    wounds: int,
    vit_max: int,
    *,
    pass_out_check_done: bool = False,
    drain_stopped: bool = False,
    unconscious: bool = False,
) -> list[DueCheck]:
    """The checks a PC owes now (on taking the damage, or on his Nish before acting)."""
    cd = critical_damage(wounds, vit_max)
    if cd is None:
        return []
    if cd == 0:
        if pass_out_check_done or unconscious:
            return []
        return [DueCheck(CheckKind.PASS_OUT, "WP", 5, "passes out (this check is made once)")]
    due = []
    if cd >= DEATH_CHECK_FROM:
        due.append(DueCheck(CheckKind.DEATH, "Vit", cd, "dies"))
    on_failure = "stays unconscious" if unconscious else "falls unconscious"
    due.append(DueCheck(CheckKind.UNCONSCIOUSNESS, "WP", 5 * cd, on_failure))
    if not drain_stopped:
        due.append(DueCheck(CheckKind.VITALITY_DRAIN, "Healing", 5 * cd, "+1 wound"))
    return due


# ----- the state machine ----------------------------------------------------------------------

KILL_RULE_CD = 10  # Kill Rules: what would outright kill an NPC puts a PC at 10 CD


@record
class PcCondition:
    """A PC's wounds and where he stands in the critical-damage rules; never mutated.

    ``pass_out_check_done``: the single WP (5) at exactly 0 CD has been made.
    ``drain_stopped``: a drain check succeeded (or he was healed) since the last damage.
    """

    wounds: int
    vit_max: int
    pass_out_check_done: bool = False
    drain_stopped: bool = False
    unconscious: bool = False
    dead: bool = False

    def __post_init__(self) -> None:
        for name in ("wounds", "vit_max"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise RulesError(f"{name.replace('_', ' ')} must be a whole number >= 0, "
                                 f"not {value!r}")

    @property
    def critical_damage(self) -> int | None:
        return critical_damage(self.wounds, self.vit_max)

    def checks_due(self) -> list[DueCheck]:
        """What :func:`checks_due` asks of him now; nothing once he is dead."""
        if self.dead:
            return []
        return checks_due(
            self.wounds, self.vit_max,
            pass_out_check_done=self.pass_out_check_done,
            drain_stopped=self.drain_stopped,
            unconscious=self.unconscious,
        )


def checks_at_damage(before: PcCondition, after: PcCondition) -> list[DueCheck]:
    """The checks made at once as damage takes him from ``before`` to ``after``: those the
    damage makes warranted for the first time (module docstring), in the book's order."""
    was = before.critical_damage
    newly = {
        CheckKind.PASS_OUT: was is None,
        CheckKind.UNCONSCIOUSNESS: was is None or was == 0,
        CheckKind.DEATH: was is None or was < DEATH_CHECK_FROM,
        CheckKind.VITALITY_DRAIN: False,
    }
    return [check for check in after.checks_due() if newly[check.kind]]


def _kind(kind: object) -> CheckKind:
    if isinstance(kind, CheckKind):
        return kind
    try:
        return CheckKind(str(kind))
    except ValueError:
        choices = ", ".join(k.value for k in CheckKind)
        raise RulesError(f"{kind!r} is not a critical-damage check ({choices})") from None


def _amount(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesError(f"{name} must be a whole number >= 0, not {value!r}")
    return value


def take_damage(state: PcCondition, wounding: int) -> PcCondition:
    """New wounding damage: wounds go up and Vitality drain starts again (Vitality Drain:
    "unless additional damage is taken"). The checks it triggers are ``checks_due()``."""
    amount = _amount("wounding damage", wounding)
    if amount == 0:
        return state
    return replace(state, wounds=state.wounds + amount, drain_stopped=False)


def apply_check(state: PcCondition, kind: CheckKind, success: bool) -> PcCondition:
    """Apply the outcome of one due check, as the GM entered it.

    Refuses a check that is not due now, so a stale prompt cannot be applied twice.
    """
    kind = _kind(kind)
    if kind not in {check.kind for check in state.checks_due()}:
        raise RulesError(f"no {kind} check is due for this character now")
    if kind is CheckKind.PASS_OUT:
        return replace(state, pass_out_check_done=True, unconscious=not success)
    if kind is CheckKind.UNCONSCIOUSNESS:
        # Failing falls (or keeps) him unconscious; a success keeps (or brings) him awake.
        return replace(state, unconscious=not success)
    if kind is CheckKind.VITALITY_DRAIN:
        if success:
            return replace(state, drain_stopped=True)
        return replace(state, wounds=state.wounds + 1)  # the drain goes on next round
    return state if success else replace(state, dead=True)  # CheckKind.DEATH


def apply_check_result(state: PcCondition, kind: CheckKind, result: int) -> PcCondition:
    """:func:`apply_check` from the player's roll: success is ``result >= difficulty`` of the
    check as due now (Jeff: Healing 10 vs 40 fails, +1 wound; then 128 vs 45 stops the drain)."""
    kind = _kind(kind)
    roll = _amount("result", result)
    for check in state.checks_due():
        if check.kind is kind:
            return apply_check(state, kind, roll >= check.difficulty)
    raise RulesError(f"no {kind} check is due for this character now")


def heal(state: PcCondition, amount: int) -> PcCondition:
    """Healing reduces wounds, never below 0; any healing of 1+ stops the drain.

    Once wounds are below Vit again the one-time WP (5) is re-armed for a later fall to
    exactly 0 CD (the book says it is made once, not every round; we read that per episode).
    Unconsciousness is left as it is: waking is the GM's call once no checks remain.
    """
    healed = _amount("healing", amount)
    if healed == 0:
        return state
    wounds = max(0, state.wounds - healed)
    return replace(
        state,
        wounds=wounds,
        drain_stopped=True,
        pass_out_check_done=state.pass_out_check_done and wounds >= state.vit_max,
    )


def apply_kill_rule(state: PcCondition) -> PcCondition:
    """Something that would outright kill an NPC puts a PC at 10 CD (more if he has more)."""
    wounds = max(state.wounds, state.vit_max + KILL_RULE_CD)
    return replace(state, wounds=wounds, drain_stopped=False)
