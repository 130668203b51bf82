"""Render a snapshot's SVG to a PNG as the terminal shows it: ``python tools/snapshot_png.py
X.svg [...] [--out DIR]`` (needs ``rsvg-convert``, Debian's librsvg2-bin).

Rich writes each run of one style as a ``<text>`` at its column, spaces as ``&#160;``, and
relies on ``textLength`` to keep it to its cells. librsvg drops the spaces that open a
``<text>`` and ignores ``textLength``, so a cell that follows a styled one was drawn at
the previous one's end ("held24/20", names indented by different amounts, a Nish of 256
at the left edge) and words after spaces drifted, while the terminal had them in their
columns. Here every word is its own ``<text>`` at its column, as the terminal shows it.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

_TEXT = re.compile(r'(<text\b[^>]*?\bx=")([0-9.]+)("[^>]*?\btextLength=")([0-9.]+)("[^>]*>)'
                   r"([^<]*)</text>")
_CELL = re.compile(r"&#?\w+;|.", re.S)
_SPACE = "&#160;"


def _split(match: re.Match[str]) -> str:
    """The run as one ``<text>`` per word, each at its own column: librsvg ignores
    ``textLength``, and its font's spaces are not as wide as its letters."""
    start, x, middle, length, end, content = match.groups()
    cells = _CELL.findall(content)
    if not cells or _SPACE not in cells:
        return match.group(0)
    width = float(length) / len(cells)
    words: list[str] = []
    column = 0
    while column < len(cells):
        if cells[column] == _SPACE:
            column += 1
            continue
        first = column
        while column < len(cells) and cells[column] != _SPACE:
            column += 1
        word = "".join(cells[first:column])
        words.append(f"{start}{float(x) + first * width:.1f}{middle}"
                      f"{(column - first) * width:.1f}{end}{word}</text>")
    return "".join(words)


def faithful(svg: str) -> str:
    """The SVG with every text run drawn word by word at the columns the terminal has."""
    return _TEXT.sub(_split, svg)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("svgs", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, default=Path("/tmp"))
    parser.add_argument("--width", type=int, default=1400)
    args = parser.parse_args(argv)
    for svg in args.svgs:
        with tempfile.NamedTemporaryFile("w", suffix=".svg", delete=False) as fixed:
            fixed.write(faithful(svg.read_text(encoding="utf-8")))
        png = args.out / (svg.stem + ".png")
        subprocess.run(["rsvg-convert", "-w", str(args.width), fixed.name, "-o", str(png)],
                       check=True)
        Path(fixed.name).unlink()
        print(png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
