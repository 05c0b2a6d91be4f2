"""Compare two folders of screenshots (``terminal screens --out A`` before a change, ``--out B`` after).

Every PNG of one must be in the other, and each pair the same byte for byte or, failing that, pixel for
pixel (PNG encoders may differ in bytes for the same picture). Prints the counts and each picture that
differs with the box its changed pixels span; exits 1 if any differs or is missing.

Run: ``SDL_VIDEODRIVER=dummy .venv/bin/python tools/compare_screens.py BEFORE AFTER``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np
import pygame


def changed_box(a: Path, b: Path) -> str | None:
    """``None`` if the two pictures have the same pixels, else where they differ."""
    first, second = pygame.image.load(str(a)), pygame.image.load(str(b))
    if first.get_size() != second.get_size():
        return f"sizes {first.get_size()} and {second.get_size()}"
    x = pygame.surfarray.array3d(first)
    y = pygame.surfarray.array3d(second)
    differs = np.any(x != y, axis=2)
    if not differs.any():
        return None
    cols, rows = np.nonzero(differs)
    return f"{int(differs.sum())} pixels in x {cols.min()}..{cols.max()}, y {rows.min()}..{rows.max()}"


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: compare_screens.py BEFORE AFTER", file=sys.stderr)
        return 2
    before, after = (Path(arg) for arg in argv)
    names = {p.relative_to(before) for p in before.rglob("*.png")}
    others = {p.relative_to(after) for p in after.rglob("*.png")}
    missing = sorted(names ^ others)
    same_bytes = same_pixels = 0
    differing = []
    for name in sorted(names & others):
        if (before / name).read_bytes() == (after / name).read_bytes():
            same_bytes += 1
            continue
        box = changed_box(before / name, after / name)
        if box is None:
            same_pixels += 1
        else:
            differing.append(f"{name}: {box}")
    compared = len(names & others)
    print(
        f"{compared} pictures compared: {same_bytes} byte-identical, {same_bytes + same_pixels} "
        f"pixel-identical, {len(differing)} differ, {len(missing)} in one folder only"
    )
    for line in differing + [f"{name}: in one folder only" for name in missing]:
        print(f"  {line}")
    return 1 if differing or missing or compared == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
