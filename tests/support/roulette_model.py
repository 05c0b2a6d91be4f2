"""An independent model of the roulette layout for tests: built from GAMES.md § 1 and § 617a, not the engine.

The layout is a grid of 12 rows of 3 (row r holds 3r+1 .. 3r+3). On the double-zero layout the 0 box sits
over the first column and half of the second, the 00 box over the other half and the third; on the
single-zero layout the 0 box spans all three. A zero box borders a first-row number when their column spans
overlap. Payouts are § 617a.4(a) "to 1" multiples. Pockets: 0-36 and "00" written as 37.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

DZ = 37
RED = {1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36}  # GAMES.md § 1.1
SINGLE_ORDER = [
    0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10,
    5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
]  # fmt: skip
DOUBLE_ORDER = [
    0, 28, 9, 26, 30, 11, 7, 20, 32, 17, 5, 22, 34, 15, 3, 24, 36, 13, 1,
    DZ, 27, 10, 25, 29, 12, 8, 19, 31, 18, 6, 21, 33, 16, 4, 23, 35, 14, 2,
]  # fmt: skip
PAYS = {
    "straight": 35, "split": 17, "street": 11, "corner": 8, "first_five": 6, "line": 5, "column": 2,
    "dozen": 2, "red": 1, "black": 1, "odd": 1, "even": 1, "low": 1, "high": 1,
}  # fmt: skip
# Column spans (in thirds of the layout width) of each zero box, per layout.
ZERO_SPANS = {"double": {0: (0, 1.5), DZ: (1.5, 3)}, "single": {0: (0, 3)}}


def cell(n: int) -> tuple[int, int]:
    return (n - 1) // 3, (n - 1) % 3


def _zero_spots(layout: str) -> set[tuple[str, frozenset[int]]]:
    spans = ZERO_SPANS[layout]
    spots = {("straight", frozenset({z})) for z in spans}
    for zero, (lo, hi) in spans.items():
        for n in (1, 2, 3):
            col = cell(n)[1]
            if max(lo, col) < min(hi, col + 1):  # spans overlap with positive width
                spots.add(("split", frozenset({zero, n})))
    if layout == "double":
        spots.add(("split", frozenset({0, DZ})))  # § 617a.3(e)(2)
        spots |= {("street", frozenset(t)) for t in ({0, 1, 2}, {0, 2, DZ}, {DZ, 2, 3})}  # § 617a.3(e)(3)(i)
        spots.add(("first_five", frozenset({0, DZ, 1, 2, 3})))  # § 617a.3(e)(5)
    else:
        spots.add(("street", frozenset({0, 1, 2})))  # GAMES.md § 1.2: 0-1-2 only on single zero
    return spots


def _grid_spots() -> set[tuple[str, frozenset[int]]]:
    nums = range(1, 37)
    spots = {("straight", frozenset({n})) for n in nums}
    for a, b in combinations(nums, 2):
        (ra, ca), (rb, cb) = cell(a), cell(b)
        if abs(ra - rb) + abs(ca - cb) == 1:
            spots.add(("split", frozenset({a, b})))
    rows = [frozenset(n for n in nums if cell(n)[0] == r) for r in range(12)]
    spots |= {("street", row) for row in rows}
    spots |= {("line", rows[r] | rows[r + 1]) for r in range(11)}
    for n in nums:
        r, c = cell(n)
        square = frozenset(m for m in nums if cell(m)[0] in (r, r + 1) and cell(m)[1] in (c, c + 1))
        if len(square) == 4:
            spots.add(("corner", square))
    spots |= {("column", frozenset(n for n in nums if cell(n)[1] == c)) for c in range(3)}
    spots |= {("dozen", frozenset(range(12 * d + 1, 12 * d + 13))) for d in range(3)}
    spots |= {
        ("red", frozenset(RED)), ("black", frozenset(set(nums) - RED)),
        ("odd", frozenset(n for n in nums if n % 2)), ("even", frozenset(n for n in nums if n % 2 == 0)),
        ("low", frozenset(range(1, 19))), ("high", frozenset(range(19, 37))),
    }  # fmt: skip
    return spots


def _five_adjacent(order: list[int]) -> set[tuple[str, frozenset[int]]]:
    n = len(order)
    return {("five_adjacent", frozenset(order[(i + k) % n] for k in (-2, -1, 0, 1, 2))) for i in range(n)}


def expected_spots(wheel: str) -> set[tuple[str, frozenset[int]]]:
    """Every legal (kind, covered pockets) on ``wheel`` with Five Adjacent offered."""
    if wheel == "single_zero":
        return _grid_spots() | _zero_spots("single") | _five_adjacent(SINGLE_ORDER)
    spots = _grid_spots() | _zero_spots("double") | _five_adjacent(DOUBLE_ORDER)
    if wheel == "double_as_single":  # the 00 area is closed
        spots = {(k, p) for k, p in spots if DZ not in p and k != "first_five"}
    return spots


def pockets(wheel: str) -> list[int]:
    return list(range(37)) if wheel == "single_zero" else list(range(38))


def expected_return(kind: str, covered: frozenset[int], stake: int, pocket: int) -> int:
    """Minor units returned (stake included) on ``pocket``; a Five Adjacent wins one fifth as a Straight."""
    if pocket not in covered:
        return 0
    if kind == "five_adjacent":
        return stake // 5 * 36
    return stake * (PAYS[kind] + 1)


def house_edge(kind: str, wheel: str) -> Fraction:
    """Textbook figure: 2/38 on double zero (3/38 First Five), 1/37 on single zero and double-as-single."""
    if wheel == "double_zero":
        return Fraction(3, 38) if kind == "first_five" else Fraction(2, 38)
    return Fraction(1, 37)
