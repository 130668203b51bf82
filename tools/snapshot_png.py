"""Render a snapshot's SVG to a PNG as the terminal shows it: ``python tools/snapshot_png.py
X.svg [...] [--out DIR]`` (needs ``rsvg-convert``, Debian's librsvg2-bin).

Rich writes each run of one style as a ``<text>`` at its column, spaces as ``&#160;``.
librsvg drops the spaces that open a ``<text>`` (it trims them as it would XML
whitespace), so a cell that follows a styled one was drawn at the previous one's end:
"held24/20", names indented by different amounts, a Nish of 256 at the left edge, while
the terminal had them in their columns. Here each such ``<text>`` starts after its opening
spaces instead (at its column, as the SVG says), and the picture is the terminal's.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

_TEXT = re.compile(r'(<text\b[^>]*?\bx=")([0-9.]+)("[^>]*?\btextLength=")([0-9.]+)("[^>]*>)'
                   r"((?:&#160;)+)([^<]*)</text>")


def _moved(match: re.Match[str]) -> str:
    start, x, middle, length, end, spaces, rest = match.groups()
    opening = spaces.count("&#160;")
    cells = opening + len(re.sub(r"&#?\w+;", "_", rest))
    if not rest.replace("&#160;", "").strip() or cells == 0:
        return match.group(0)  # only spaces: nothing is drawn either way
    width = float(length) / cells
    shifted = float(x) + opening * width
    return (f"{start}{shifted:.1f}{middle}{float(length) - opening * width:.1f}{end}"
            f"{rest}</text>")


def faithful(svg: str) -> str:
    """The SVG with every text run's opening spaces turned into its start column."""
    return _TEXT.sub(_moved, svg)


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
