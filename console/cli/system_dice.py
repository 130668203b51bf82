"""`roll` and `odds` with ``--system metalface|facade|d10pool`` (issue 18): the same
commands, read by the chosen system's rules (:mod:`console.rules.systems`)."""

from __future__ import annotations

import argparse
import random
from fractions import Fraction
from typing import Any

from console.cli.errors import CommandError
from console.cli.shares import percent as _percent
from console.rules.systems import System, facade, metalface, system
from console.rules.systems.d10pool import with_risk

__all__ = ["odds_in_system", "roll_in_system"]

_BAR = 32


def roll_in_system(args: argparse.Namespace) -> tuple[dict[str, Any], list[str]]:
    chosen = system(args.system)
    if args.non_doubling:
        raise CommandError("--non-doubling is MetaScape's; leave it out with --system")
    spec = chosen.parse(args.rating)
    reading = (chosen.read_faces(spec, args.faces) if args.faces is not None
               else chosen.roll(spec, random.Random(args.seed)))
    data: dict[str, Any] = {"system": chosen.name, "roll": str(spec), "result": reading.total,
                            "dice": list(reading.dice), "reading": reading.text}
    lines = [f"{spec} ({chosen.title}): {', '.join(map(str, reading.dice))} -> {reading.text}"]
    if args.vs is not None:
        difficulty = chosen.parse_difficulty(args.vs)
        verdict = chosen.verdict(spec, reading, difficulty)
        data["vs"] = {"difficulty": difficulty, "success": verdict.success,
                      "reading": verdict.text}
        lines.append(verdict.text)
    return data, lines


def _chart_lines(chosen: System, spec: Any, difficulty: int) -> list[str]:
    chart = chosen.chart(spec)
    shown = [(value, p) for value, p in chart.atoms if p > 0]
    largest = max((p for _, p in shown), default=Fraction(1))
    lines = [f"{'result':>7}  {'chance':>7}  {'at least':>8}"]
    for value, p in shown:
        marker = f"  <- {difficulty}" if value == difficulty else ""
        bar = "█" * round(float(p / largest) * _BAR)
        lines.append(f"{value:>7}  {_percent(p):>7}  {_percent(chosen.chance(spec, value)):>8}"
                     f"  {bar}{marker}")
    if chart.beyond:
        lines.append(f"{str(chart.cap) + '+':>7}  {_percent(chart.beyond):>7}")
    return lines


def odds_in_system(args: argparse.Namespace) -> tuple[dict[str, Any], list[str]]:
    chosen = system(args.system)
    if args.non_doubling:
        raise CommandError("--non-doubling is MetaScape's; leave it out with --system")
    spec = chosen.parse(args.rating)
    text = args.difficulty
    if text is None:
        if chosen.name != "d10pool":
            raise CommandError(f"odds: give a difficulty ({chosen.difficulty_help})")
        text = "1"
    difficulty = chosen.parse_difficulty(text)
    if args.risk and chosen.name != "d10pool":
        raise CommandError("--risk is the d10 pool's (--system d10pool)")
    chance = (with_risk(spec, args.risk, difficulty) if args.risk else
              chosen.chance(spec, difficulty))
    data: dict[str, Any] = {"system": chosen.name, "roll": str(spec),
                            "difficulty": difficulty, "p": float(chance), "exact": str(chance),
                            **chosen.odds(spec, difficulty)}
    what = "successes needed" if chosen.name == "d10pool" else "difficulty"
    risk = f" with risk {args.risk}" if args.risk else ""
    lines = [f"{spec} ({chosen.title}) vs {what} {difficulty}{risk}: {_percent(chance)} "
             f"(exactly {chance})"]
    if chosen.name == "d10pool":
        critical = Fraction(data["critical_failure_exact"])
        lines.append(f"critical failure (nines, no success): {_percent(critical)}")
    if chosen.name == "facade":
        spec_levels = facade.levels(spec, difficulty)
        lines.append("  ".join(f"{facade.level_name(k if not k.isdigit() else int(k))} "
                               f"{_percent(p)}" for k, p in spec_levels.items() if p))
        automatic = facade.automatic(spec, difficulty)
        if automatic:
            lines.append(f"out of contest the trait may take an automatic {automatic} success")
    if args.against is not None:
        data["against"] = _against(chosen, spec, args.against, lines)
    lines += ["", *_chart_lines(chosen, spec, difficulty)]
    return data, lines


def _level_label(name: str) -> str:
    if name == "tie":
        return "tie"
    side, number = name.split("_")
    return f"{side} {facade.LEVEL_NAMES[int(number)]}"


def _against(chosen: System, spec: Any, text: str, lines: list[str]) -> dict[str, Any]:
    other = chosen.parse(text)
    if chosen.name == "metalface":
        win, standoff, lose = metalface.opposed(spec, other)
        lines.append(f"opposed by {other}: wins {_percent(win)}, standoff {_percent(standoff)}, "
                     f"loses {_percent(lose)}")
        return {"win": float(win), "standoff": float(standoff), "lose": float(lose)}
    if chosen.name == "facade":
        blows = facade.contest(spec, other)
        lines.append(f"active contest against {other}: " + ", ".join(
            f"{name.replace('_', ' ')} {_percent(p)}" for name, p in blows.items() if p))
        # The level of success: the loser's roll taken from the winner's, read by 3s.
        levels = facade.contest_levels(spec, other)
        lines.append("level of success (winner's roll - loser's) / 3: " + ", ".join(
            f"{_level_label(name)} {_percent(p)}" for name, p in levels.items() if p))
        return {**{name: float(p) for name, p in blows.items()},
                "levels": {name: float(p) for name, p in levels.items()}}
    raise CommandError("--against is for metalface (opposed) and facade (active contests)")
