"""Dice-engine subcommands: rating, convert, roll, odds, combine."""

from __future__ import annotations

import argparse
import json
import random
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from console.cli.errors import CommandError
from console.cli.shares import percent as _percent
from console.rules.combining import (
    category_bonus,
    combine_cat,
    combine_cat_with_equipment,
    combine_high,
)
from console.rules.difficulty import difficulty_label, judge
from console.rules.errors import RulesError
from console.rules.limits import RESULT, Range
from console.rules.odds import (
    chance_at_least,
    chance_at_least_non_doubling,
    difficulty_bands,
    summarize,
)
from console.rules.ratings import Rating, parse_adjustment, parse_value
from console.rules.rolling import (
    Roll,
    parse_faces,
    read_non_doubling,
    resolve_faces,
    roll,
    roll_non_doubling,
)
from console.rules.systems import SYSTEMS
from console.rules.value_conversion import rating_for_value

__all__ = ["join_signed_values", "register"]

_BAR_WIDTH = 32


# Options whose value may start with a minus, like an adjustment of -1d: argparse would read
# "--adjust -1d" as two options, so the value is joined to its option first.
_SIGNED_OPTIONS = ("--adjust",)


def join_signed_values(argv: list[str]) -> list[str]:
    """``--adjust -1d`` becomes ``--adjust=-1d``: a GM types a minus like a plus."""
    joined: list[str] = []
    index = 0
    while index < len(argv):
        arg = argv[index]
        if arg in _SIGNED_OPTIONS and index + 1 < len(argv) and argv[index + 1].startswith("-"):
            joined.append(f"{arg}={argv[index + 1]}")
            index += 2
            continue
        joined.append(arg)
        index += 1
    return joined


def register(subparsers: Any) -> None:
    """Add the dice-engine subcommands to ``subparsers``."""

    def add(name: str, handler: Callable[[argparse.Namespace], int], help_text: str) -> Any:
        command = subparsers.add_parser(name, help=help_text, description=help_text)
        command.add_argument("--json", action="store_true", help="machine-readable output")
        command.set_defaults(handler=handler)
        return command

    rating = add("rating", _rating, "Show a rating's value and level, optionally adjusted.")
    rating.add_argument("rating", help="a rating such as 8M or 10HV")
    rating.add_argument("--adjust", metavar="ADJ", help="move it: +1d, -1c, +1t, +1c-1d ...")

    convert = add("convert", _convert, "Convert a value to a rating by Table 7.")
    convert.add_argument("value", help="a value such as 18")
    convert.add_argument(
        "--balanced", action="store_true", help="nearest rating, not the next larger"
    )

    roll_cmd = add("roll", _roll, "Roll a rating, or resolve the faces a player rolled.")
    roll_cmd.add_argument("rating", help="a rating such as 8MV (with --system, that system's "
                                         "roll: 3d6+2, 12, 5@3)")
    _system_option(roll_cmd)
    source = roll_cmd.add_mutually_exclusive_group()
    source.add_argument("--seed", type=_whole_number("seed", SEED),
                        help="repeatable random roll")
    source.add_argument(
        "--faces", metavar="DIE:FACES", help="faces rolled on real dice, e.g. 5:t,c,1 "
                                             "(other systems: 5,3,2)"
    )
    roll_cmd.add_argument(
        "--non-doubling", action="store_true", help="roll the die only (x1 column)"
    )
    roll_cmd.add_argument("--vs", metavar="DIF", help="judge against a Dif")

    odds = add("odds", _odds, "Exact chance that a roll reaches a difficulty.")
    odds.add_argument("rating", help="a rating such as 8M (with --system, that system's roll)")
    odds.add_argument("difficulty", nargs="?",
                      help="a whole number or Table 6's word, like moderate (metalface: easy, "
                           "normal, hard, extreme, insane; d10pool: successes needed, "
                           "default 1)")
    odds.add_argument("--non-doubling", action="store_true", help="the die only (x1 column)")
    _system_option(odds)
    odds.add_argument("--against", metavar="ROLL",
                      help="metalface: an opposed roll; facade: an active contest")
    odds.add_argument("--risk", type=_whole_number("risk level", Range(0, 5, "risk")),
                      default=0, metavar="N", help="d10pool: a risk roll of this level")

    combine = add("combine", _combine, "Combine ratings: cat (category) or high.")
    combine.add_argument("method", choices=["cat", "high"], help="cat or high")
    combine.add_argument("ratings", nargs="+", metavar="RATING", help="two or more ratings")
    combine.add_argument(
        "--equipment",
        metavar="RATING",
        help="cat only: the two ratings are characters and this is their equipment",
    )


def _system_option(command: Any) -> None:
    command.add_argument("--system", default="metascape",
                         choices=list(SYSTEMS),
                         help="the dice system (default metascape)")


def _difficulty(text: str | None) -> int:
    """MetaScape's difficulty, as the option's own message would refuse it."""
    if text is None:
        raise CommandError("odds: give a difficulty, like 15")
    if text.strip()[:1].isalpha():  # a word of Table 6: Moderate is 15
        try:
            return SYSTEMS["metascape"].parse_difficulty(text)
        except RulesError as error:
            raise CommandError(str(error)) from None
    try:
        return _whole_number("difficulty", RESULT)(text)
    except argparse.ArgumentTypeError as error:
        raise CommandError(str(error)) from None


# A seed only picks a sequence of rolls: any 64-bit number will do.
SEED = Range(0, 2**64 - 1, "a 64-bit seed")


def _whole_number(what: str, bounds: Range) -> Callable[[str], int]:
    def convert(text: str) -> int:
        if not re.fullmatch(r"\s*[+-]?[0-9]{1,30}\s*", text, re.ASCII):
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}")
        if int(text) not in bounds:
            raise argparse.ArgumentTypeError(
                f"{what} {text.strip()} is out of range: {bounds.describe()}")
        return int(text)

    convert.__name__ = what  # argparse names the argument by this in its message
    return convert


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def _show_number(value: Fraction) -> str:
    return str(_number(value))


def _emit(args: argparse.Namespace, data: dict[str, Any], lines: list[str]) -> int:
    if args.json:
        print(json.dumps(data))
    else:
        print("\n".join(lines))
    return 0


def _describe(rating: Rating) -> str:
    level = "no level (Bantam)" if rating.level is None else f"level {rating.level}"
    return (
        f"value {_show_number(rating.value)}, {level}  "
        f"(d{rating.die}, {rating.category.label} {rating.type.label})"
    )


def _rating(args: argparse.Namespace) -> int:
    original = Rating.parse(args.rating)
    result = original
    data: dict[str, Any] = {}
    heading = str(original)
    if args.adjust is not None:
        adjustment = parse_adjustment(args.adjust)
        result = original.adjusted(adjustment)
        data = {"from": str(original), "adjust": str(adjustment)}
        heading = f"{original} {adjustment} = {result}"
    data = {"rating": str(result), "value": _number(result.value), "level": result.level, **data}
    return _emit(args, data, [f"{heading}: {_describe(result)}"])


def _convert(args: argparse.Namespace) -> int:
    value = parse_value(args.value)
    rating = rating_for_value(value, balanced=args.balanced)
    method = "balanced" if args.balanced else "simple"
    other = rating_for_value(value, balanced=not args.balanced)
    line = f"{_show_number(value)} -> {rating} (Table 7, {method}"
    line += f"; the {'simple' if args.balanced else 'balanced'} column gives {other})"
    if other == rating:
        line = f"{_show_number(value)} -> {rating} (Table 7, {method}; both columns agree)"
    data = {"rating": str(rating), "value": _number(value), "method": method}
    return _emit(args, data, [line])


def _roll(args: argparse.Namespace) -> int:
    if args.system != "metascape":
        from console.cli.system_dice import roll_in_system

        return _emit(args, *roll_in_system(args))
    rating = Rating.parse(args.rating)
    if args.non_doubling:
        made = _non_doubling_roll(rating, args)
    elif args.faces is not None:
        die_face, faces = parse_faces(args.faces)
        made = resolve_faces(rating, die_face, faces)
    else:
        made = roll(rating, random.Random(args.seed))
    data: dict[str, Any] = {
        "rating": str(rating),
        "result": made.result,
        "final_rating": str(made.final_rating),
        "die": made.die_face,
        "doubling": list(made.doubling_faces),
        "method": "non-doubling" if args.non_doubling else "doubling",
        "trail": [step.to_dict() for step in made.trail],
    }
    lines = [f"{rating}: " + "  ".join(f"[{step.face}] {step.note}" for step in made.trail[:1])]
    lines += [f"  [{step.face}] {step.note}" for step in made.trail[1:]]
    working = f"{made.die_face} x{made.final_rating.category.multiplier}"
    working += f" ({made.final_rating.category.label} {made.final_rating.type.label})"
    if made.multiplier != 1:
        working += f" x{made.multiplier}"
    lines.append(f"result {made.result}  (read on {made.final_rating}: {working})")
    if args.vs is not None:
        versus = _difficulty(args.vs)
        outcome = judge(made.result, versus)
        data["vs"] = {"difficulty": versus, "success": outcome.success, "amount": outcome.amount}
        lines.append(outcome.describe())
    return _emit(args, data, lines)


def _non_doubling_roll(rating: Rating, args: argparse.Namespace) -> Roll:
    if args.faces is None:
        return roll_non_doubling(rating, random.Random(args.seed))
    text = args.faces.strip()
    if not re.fullmatch(r"[0-9]{1,3}", text, re.ASCII):
        raise CommandError(
            f"{text or 'empty'}: a non-doubling roll takes only the die face, like --faces 5"
        )
    return read_non_doubling(rating, int(text))


def _bar(share: Fraction, largest: Fraction) -> str:
    if largest == 0:
        return ""
    eighths = round(share / largest * _BAR_WIDTH * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")[part]


def _odds(args: argparse.Namespace) -> int:
    if args.system != "metascape":
        from console.cli.system_dice import odds_in_system

        return _emit(args, *odds_in_system(args))
    if args.against is not None or args.risk:
        raise CommandError("odds: --against and --risk are for --system metalface, facade "
                           "or d10pool")
    rating = Rating.parse(args.rating)
    difficulty = _difficulty(args.difficulty)
    label = difficulty_label(difficulty)
    if args.non_doubling:
        chance = chance_at_least_non_doubling(rating, difficulty)
        data = {"rating": str(rating), "difficulty": difficulty, "p": float(chance),
                "exact": str(chance), "method": "non-doubling", "label": label}
        line = f"{rating} (non-doubling) vs {difficulty} ({label}): {_percent(chance)} ({chance})"
        return _emit(args, data, [line])
    chance = chance_at_least(rating, difficulty)
    summary = summarize(rating)
    data = {
        "rating": str(rating),
        "difficulty": difficulty,
        "label": label,
        "p": float(chance),
        "exact": str(chance),
        "method": "doubling",
        "median": summary.median,
        "critical_success": float(summary.critical_success),
        "critical_failure": float(summary.critical_failure),
    }
    lines = [
        f"{rating} vs {difficulty} ({label}): {_percent(chance)} to succeed  (exactly {chance})",
        f"median {summary.median}  ·  critical success (100+) {_percent(summary.critical_success)}"
        f"  ·  critical failure (1 or less) {_percent(summary.critical_failure)}",
        "",
        f"{'result':>9}  {'chance':>7}  {'at least':>8}  difficulty band",
    ]
    bands = difficulty_bands(rating)
    largest = max(band.chance for band in bands)
    for band in bands:
        span = f"{band.low}+" if band.high is None else (
            str(band.low) if band.high == band.low else f"{band.low}-{band.high}"
        )
        inside = band.low <= difficulty and (band.high is None or difficulty <= band.high)
        marker = f"  <- {difficulty}" if inside else ""
        lines.append(
            f"{span:>9}  {_percent(band.chance):>7}  {_percent(band.at_least):>8}  "
            f"{band.label:<19} {_bar(band.chance, largest)}{marker}"
        )
    return _emit(args, data, lines)


def _read_rating(text: str) -> Rating:
    if re.fullmatch(r"\s*[0-9.]+\s*", text):
        raise CommandError(
            f"{text.strip()}: combine cat takes ratings, not values "
            "(convert it first with `gm-console convert`)"
        )
    return Rating.parse(text)


def _read_rating_or_value(text: str) -> Rating | Fraction:
    if re.fullmatch(r"\s*[0-9.]+\s*", text):
        return parse_value(text)
    return Rating.parse(text)


def _combine(args: argparse.Namespace) -> int:
    if args.method == "high":
        if args.equipment is not None:
            raise CommandError("--equipment applies to combine cat only")
        items = [_read_rating_or_value(text) for text in args.ratings]
        if len(items) < 2:
            raise CommandError("combine high needs at least two ratings or values")
        high = combine_high(*items)
        smaller = " + ".join(f"{_show_number(v)}/2" for v in high.values[1:])
        line = (
            f"combine (high): {_show_number(high.values[0])} + {smaller} = "
            f"{_show_number(high.total)} -> {high.rating} (Table 7, balanced)"
        )
        data = {"rating": str(high.rating), "total": _number(high.total), "method": "high"}
        return _emit(args, data, [line])

    ratings = [_read_rating(text) for text in args.ratings]
    if args.equipment is not None:
        if len(ratings) != 2:
            raise CommandError("with --equipment, give exactly two character ratings")
        equipment = _read_rating(args.equipment)
        result = combine_cat_with_equipment(ratings[0], ratings[1], equipment)
        line = (
            f"combine (cat), characters {ratings[0]} and {ratings[1]} with equipment "
            f"{equipment}: {result}"
        )
    else:
        if len(ratings) < 2:
            raise CommandError("combine cat needs at least two ratings")
        result = combine_cat(*ratings)
        largest, second = sorted(ratings, reverse=True)[:2]
        line = (
            f"combine (cat): {largest} {category_bonus(second):+d}d "
            f"(for {second}'s category {second.category.name}{second.type.name}) = {result}"
        )
        if len(ratings) > 2:
            line += "  (only the two largest count)"
    data = {"rating": str(result), "method": "cat"}
    return _emit(args, data, [line])
