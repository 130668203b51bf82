"""Each hazard's first moment, read from its own section of the Rule Book: what is checked
the moment it starts, and when its first counted round (or day) comes.

Three clocks run the hazards:

- ``AT_ONCE``: no rounds at all; every check is owed as the hazard starts (a fall, fatigue's
  set checks, and the one-off checks: poison, radiation, brain damage, fear,
  materialization);
- ``NISH``: rounds counted on the victim's Initiative. Suffocation says so in as many words,
  and its first counted round "could come this round or next": this round's Nish if his
  turn has not begun yet, otherwise the next round's. The console reads every hazard that
  counts rounds the same way (vacuum, a hull breach, freezing, heat, panic), since none of
  them says otherwise;
- ``DAYS``: game time the GM passes outside the rounds (sleep, hunger, thirst); rounds and
  Nishes do not move them.

The model (``console.model.hazards``) applies the rule; this table says it for each hazard,
for the GM (the wizard shows it) and for the tests, which check it hazard by hazard.
"""

from __future__ import annotations

from enum import StrEnum

from console.records import record

__all__ = ["FIRST_MOMENTS", "Clock", "FirstMoment"]


class Clock(StrEnum):
    AT_ONCE = "at once"
    NISH = "the victim's Nish"
    DAYS = "days and hours"


@record
class FirstMoment:
    """``section``: the Rule Book's heading; ``at_once``: what is checked (or happens) the
    moment the hazard starts, "" if nothing; ``first``: what its first counted round or day
    brings ("" for a hazard with no rounds)."""

    section: str
    clock: Clock
    at_once: str
    first: str = ""

    def describe(self) -> str:
        """One line for the GM, as the hazard starts."""
        parts = [f"At once: {self.at_once}" if self.at_once else "Nothing at once"]
        if self.clock is Clock.NISH:
            parts.append(f"on the victim's Nish (this round's if that turn has not come yet): "
                         f"{self.first}")
        elif self.clock is Clock.DAYS:
            parts.append(f"as days pass (T): {self.first}")
        return "; ".join(parts)


_BREATHING = FirstMoment(
    "Suffocation/Drowning", Clock.NISH, "",
    "a round of held breath (WP level rounds, with a lungful), or without one WP vs 5")
_COLD = FirstMoment("Freezing", Clock.NISH, "",
                    "a round of the grace (FR value rounds), FR checks after it")

FIRST_MOMENTS: dict[str, FirstMoment] = {
    "drowning": _BREATHING,
    "suffocation": _BREATHING,
    "vacuum": FirstMoment(
        "Vacuum", Clock.NISH,
        "FR vs 10 for the eardrums if the ears are exposed; trying to breathe passes the "
        "victim out",
        "WP vs 5 (Vit vs 5 once passed out) and NAR vs 10 damage"),
    "breach": FirstMoment(
        "Ship Combat: Hull Breaches and Depressurization", Clock.NISH, "",
        "a round of rushing air: Str (or Dex -1c) vs CD x 5 to hold on; vacuum once the victim is "
        "sucked out or the area is empty"),
    "falling": FirstMoment(
        "Falling", Clock.AT_ONCE,
        "Dex vs the GM's Dif to grab, Str vs the feet fallen to hang on, AR vs the damage"),
    "freezing": _COLD,
    "heat": FirstMoment("Heat", Clock.NISH, "",
                        "a round of the grace (FR value rounds), FR checks after it"),
    "fatigue": FirstMoment("Fatigue", Clock.AT_ONCE, "each of the checks the GM sets"),
    "panic": FirstMoment(
        "Panic", Clock.NISH, "the effect (fearful passes to the fear rules)",
        "WP vs 15 to snap out of it, once a round"),
    "sleep": FirstMoment("Sleep Deprivation", Clock.DAYS, "",
                         "a day awake; WP vs the days awake once the WP level days are over"),
    "hunger": FirstMoment("Starvation/Thirst", Clock.DAYS, "",
                          "a day without food; FR vs the days after FR value days"),
    "thirst": FirstMoment("Starvation/Thirst", Clock.DAYS, "",
                          "a day without water; FR vs the days after FR level days"),
    "poison": FirstMoment("Poison", Clock.AT_ONCE, "FR vs the poison's Dif"),
    "radiation": FirstMoment("Radiation", Clock.AT_ONCE, "FR vs the radiation's wounds"),
    "brain damage": FirstMoment("Brain Damage", Clock.AT_ONCE, "WP vs the GM's Dif"),
    "fear": FirstMoment("Fear", Clock.AT_ONCE,
                        "the severity from the shock roll, and WP vs 10, 20 or 30 to keep it "
                        "from growing"),
    "materialization": FirstMoment(
        "Materialization", Clock.AT_ONCE,
        "NAR vs Table 27's damage; head or chest inside: suffocation too"),
}
