"""Props & Hops (§ 668a; GAMES.md §6.2): one-roll propositions and the hop wagers on two dice.

Every wager here is decided by the next shake of two RNG dice. The Hop wagers are defined by the
product's 3x7 hop grid (``[props_hops] hop_grid``): each group of boxes pays its paytable entry, and the
grid is refused when a group would return 100 % or more at that payout. A spot is its wager id
(``double_3_3``, ``any_number_2_5``, ``field``, ``hop_top`` ...); a roll is its two dice in the order
drawn.

The Six Eight Shake, carried across shakes with its marks, is settled by the engine with the rules of
:mod:`terminal.games.props_hops.six_eight`; :func:`entry_of` knows the one-roll wagers only.

>>> rules = make_rules()
>>> bets = (place(rules, "a", "hop_top", 200), place(rules, "b", "field", 100))
>>> [(s.wager_ref, s.result.value, s.returned) for s in settle(bets, Roll((5, 3)), rules)]
[('a', 'lose', 0), ('b', 'lose', 0)]
>>> [(s.result.value, s.returned) for s in settle(bets, Roll((6, 1)), rules)]
[('win', 500), ('lose', 0)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import combinations, product
from typing import Any

from terminal.games.base import IllegalBetError, Limits, Payout, Result, Settlement
from terminal.games.paytables import Paytable, UnknownPaytableError, validate_listed

GAME = "props_hops"
FACES = (1, 2, 3, 4, 5, 6)
ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a, b in product(FACES, FACES))  # the 36 ordered rolls
PAIRS: tuple[tuple[int, int], ...] = tuple(combinations(FACES, 2))  # the 15 Any Number boxes
COMBINATIONS: tuple[tuple[int, int], ...] = tuple(sorted([*((n, n) for n in FACES), *PAIRS]))  # 21
_NO_LIMITS = Limits(1, 10**15, 1)

FIELD, TOP, LEFT, RIGHT, CENTER = "field", "hop_top", "hop_left", "hop_right", "hop_center"
UNDER, OVER = "one_six_and_under", "three_four_and_over"
SHAKE = "six_eight_shake"  # the one wager carried across shakes (terminal/games/props_hops/six_eight.py)
HOPS: tuple[str, ...] = (TOP, LEFT, RIGHT, CENTER)
FIELD_NUMBERS = (2, 3, 4, 9, 10, 11, 12)

WAGERS: tuple[str, ...] = (
    *(f"double_{n}_{n}" for n in FACES), *(f"any_number_{a}_{b}" for a, b in PAIRS),
    FIELD, *HOPS, UNDER, OVER, SHAKE,
)  # fmt: skip
"""Every Props & Hops wager id, in layout order: paytables, ``[limits]``, meters, PAR."""
ONE_ROLL: tuple[str, ...] = WAGERS[:-1]
"""The wagers decided by the next shake: every one but the Six Eight Shake."""

DEFAULT_GRID = "1-2 1-3 1-4 1-6 3-6 4-6 5-6 / 1-1 2-3 2-2 2-5 5-5 4-5 6-6 / 1-5 2-4 3-3 3-4 4-4 3-5 2-6"
"""The product's hop grid (GAMES.md §6.2), three rows of seven boxes, top row first."""

GROUP_COLUMNS: dict[str, tuple[int, ...]] = {LEFT: (0, 1), CENTER: (2, 3, 4), RIGHT: (5, 6)}


class UnknownSpotError(IllegalBetError):
    """A spot that is not on the Props & Hops layout."""


class PaytableMismatchError(ValueError):
    """A wager placed under one paytable settled under another."""


def combination_text(combo: tuple[int, int]) -> str:
    return f"{combo[0]}-{combo[1]}"


@dataclass(frozen=True, slots=True)
class Roll:
    """Two dice in the order drawn (the 36 ordered rolls are the RNG's outcome range)."""

    dice: tuple[int, int]

    def __post_init__(self) -> None:
        if len(self.dice) != 2 or any(type(d) is not int or not 1 <= d <= 6 for d in self.dice):
            raise ValueError(f"a Props & Hops shake is two dice 1..6, not {self.dice!r}")

    @property
    def total(self) -> int:
        return self.dice[0] + self.dice[1]

    @property
    def drawn(self) -> tuple[int, ...]:
        return self.dice

    @property
    def void(self) -> bool:
        """A persisted shake always counts (a device fault before persisting redraws the same throw)."""
        return False

    @property
    def combination(self) -> tuple[int, int]:
        """The box of the hop grid the shake lands in: the smaller die first."""
        a, b = self.dice
        return (min(a, b), max(a, b))

    @property
    def index(self) -> int:
        """0..35: ``(d1 - 1) * 6 + (d2 - 1)``, the order of :data:`ROLLS`."""
        return (self.dice[0] - 1) * 6 + self.dice[1] - 1

    @property
    def text(self) -> str:
        return f"{self.dice[0]}-{self.dice[1]}"

    @classmethod
    def parse(cls, text: str) -> Roll:
        """The roll whose text is ``text`` (``4-3``, or a result's ``4-3 (7)``); ``ValueError`` otherwise."""
        head = text.strip().split(" ")[0]
        parts = head.split("-")
        if len(parts) != 2 or not all(p in ("1", "2", "3", "4", "5", "6") for p in parts):
            raise ValueError(f"{text!r} is not a Props & Hops shake (two dice 1-6, as 4-3)")
        return cls((int(parts[0]), int(parts[1])))

    def to_json(self) -> dict[str, Any]:
        return {"dice": list(self.dice), "total": self.total, "text": f"{self.text} ({self.total})"}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Roll:
        dice = data.get("dice")
        if not isinstance(dice, list) or len(dice) != 2:
            raise ValueError(f"a Props & Hops outcome needs two dice, not {dice!r}")
        return cls((int(dice[0]), int(dice[1])))


# --- the hop grid -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HopGrid:
    """Three rows of seven combinations; the groups Top, Left, Center and Right are taken from it."""

    rows: tuple[tuple[tuple[int, int], ...], ...]

    def group(self, hop: str) -> frozenset[tuple[int, int]]:
        """The combinations of a Hop wager's boxes."""
        if hop == TOP:
            return frozenset(self.rows[0])
        return frozenset(row[c] for row in self.rows for c in GROUP_COLUMNS[hop])

    @property
    def text(self) -> str:
        return " / ".join(" ".join(combination_text(c) for c in row) for row in self.rows)


def ways(combos: frozenset[tuple[int, int]]) -> int:
    """Of the 36 ordered rolls, how many land in ``combos``."""
    return sum(1 if a == b else 2 for a, b in combos)


def parse_grid(text: str) -> HopGrid:
    """Read a hop grid: three rows separated by ``/``, seven boxes each (``1-2``), the 21 combinations
    each exactly once. The group returns are checked against a paytable by :func:`check_grid`."""
    rows_text = [r.split() for r in text.split("/")]
    if len(rows_text) != 3 or any(len(r) != 7 for r in rows_text):
        raise ValueError("the hop grid is three rows of seven boxes separated by '/', like 1-2 1-3 ... / ...")
    rows: list[tuple[tuple[int, int], ...]] = []
    for row in rows_text:
        boxes = []
        for box in row:
            parts = box.split("-")
            if len(parts) != 2 or not all(p in ("1", "2", "3", "4", "5", "6") for p in parts):
                raise ValueError(f"{box!r} is not a box of the hop grid (two faces, as 1-2)")
            a, b = int(parts[0]), int(parts[1])
            boxes.append((min(a, b), max(a, b)))
        rows.append(tuple(boxes))
    seen = [c for row in rows for c in row]
    twice = sorted({combination_text(c) for c in seen if seen.count(c) > 1})
    if twice:
        raise ValueError(f"the hop grid holds {', '.join(twice)} more than once: each combination once")
    return HopGrid(tuple(rows))


def group_return(grid: HopGrid, hop: str, table: Paytable) -> Fraction:
    """What a Hop group returns per unit staked under ``table`` (stake included, on a win)."""
    return Fraction(ways(grid.group(hop)), 36) * table.payout(hop).ratio


def check_grid(grid: HopGrid, table: Paytable) -> HopGrid:
    """``grid`` if every Hop group returns less than 100 % at its payout; ``ValueError`` naming it."""
    for hop in HOPS:
        back = group_return(grid, hop, table)
        if back >= 1:
            pct = f"{float(back * 100):.2f}"
            raise ValueError(
                f"the hop grid gives {hop} {ways(grid.group(hop))} ways in 36 at {table.payout(hop)}: "
                f"a return of {pct} %, not below 100 %"
            )
    return grid


def read_grid(text: str) -> HopGrid:
    """The configuration's reader of ``[props_hops] hop_grid``, checked at the standard paytable."""
    return check_grid(parse_grid(text), paytable("standard"))


# --- paytable (§ 668a.4) ------------------------------------------------------------------------------

ENTRIES: tuple[str, ...] = ("double", "any_number", "field_2_12", FIELD, *HOPS, UNDER, OVER, SHAKE)


def validate(table: Paytable) -> Paytable:
    """``table`` if it names every Props & Hops entry once, in order, each winning something."""
    return validate_listed(table, "props_hops", ENTRIES)


PAYTABLES: dict[str, Paytable] = {
    "standard": validate(
        Paytable(
            GAME,
            "standard",
            (
                ("double", Payout(30)),
                ("any_number", Payout(15)),
                ("field_2_12", Payout(2)),
                (FIELD, Payout(1)),
                (TOP, Payout(3, 2)),
                (LEFT, Payout(2)),
                (RIGHT, Payout(2)),
                (CENTER, Payout(3, 2)),
                (UNDER, Payout(1)),
                (OVER, Payout(1)),
                (SHAKE, Payout(150)),
            ),
        )
    )
}


def paytable(name: str) -> Paytable:
    """The Props & Hops paytable called ``name`` (``standard``)."""
    try:
        return PAYTABLES[name.lower()]
    except KeyError:
        raise UnknownPaytableError(f"unknown props_hops paytable {name!r}: choose one of standard") from None


# --- spots ----------------------------------------------------------------------------------------------


def entry_of(spot: str, dice: tuple[int, int], grid: HopGrid) -> str | None:
    """The paytable entry ``spot`` wins on ``dice`` under ``grid``, or ``None`` when it loses."""
    a, b = dice
    total, combo = a + b, (min(a, b), max(a, b))
    if spot.startswith("double_"):
        n = int(spot[7])
        return "double" if combo == (n, n) else None
    if spot.startswith("any_number_"):
        return "any_number" if combo == (int(spot[11]), int(spot[13])) else None
    if spot == FIELD:
        return ("field_2_12" if total in (2, 12) else FIELD) if total in FIELD_NUMBERS else None
    if spot in HOPS:
        return spot if combo in grid.group(spot) else None
    if spot == UNDER:
        return spot if combo == (1, 6) or total < 7 else None
    if spot == OVER:
        return spot if combo == (3, 4) or total > 7 else None
    raise UnknownSpotError(spot, "not a Props & Hops spot")


def check_spot(spot: str) -> str:
    """``spot`` if it is a one-roll wager id; :class:`UnknownSpotError` otherwise."""
    if spot not in ONE_ROLL:
        raise UnknownSpotError(
            spot, "not a Props & Hops spot (double_1_1, any_number_1_2, field, hop_top...)"
        )
    return spot


# --- rules, wagers, settlement --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PropsHopsRules:
    """The paytable, the hop grid and the limits by wager id (``[props_hops]`` and ``[limits]``)."""

    paytable: Paytable
    grid: HopGrid
    limits: tuple[tuple[str, Limits], ...] = ()
    default_limits: Limits = _NO_LIMITS

    def limits_for(self, wager: str) -> Limits:
        return next((limits for name, limits in self.limits if name == wager), self.default_limits)


def make_rules(
    paytable_name: str = "standard",
    grid: str = DEFAULT_GRID,
    limits: tuple[tuple[str, Limits], ...] = (),
    default: Limits = _NO_LIMITS,
) -> PropsHopsRules:
    """Rules from the names ``[props_hops]`` uses; a bad paytable or grid raises ``ValueError``."""
    table = paytable(paytable_name)
    return PropsHopsRules(table, check_grid(parse_grid(grid), table), limits, default)


@dataclass(frozen=True, slots=True)
class Wager:
    """A placed wager with its settlement on each of the 36 ordered rolls precomputed."""

    ref: str
    spot: str
    stake: int
    paytable: str
    settlements: tuple[Settlement, ...] = field(repr=False, compare=False)
    by_roll: tuple[int, ...] = field(repr=False, compare=False)


def place(rules: PropsHopsRules, ref: str, spot: str, stake: int) -> Wager:
    """Validate a wager of ``stake`` minor units on ``spot`` and return it ready to settle."""
    check_spot(spot)
    rules.limits_for(spot).check_stake(spot, stake)
    return compile_wager(rules, ref, spot, stake)


def compile_wager(rules: PropsHopsRules, ref: str, spot: str, stake: int) -> Wager:
    table = rules.paytable
    entries, by_roll = _entries_by_roll(check_spot(spot), rules.grid)
    made = tuple(
        Settlement(ref, spot, table.name, stake, table.payout(entry).returned(stake), Result.WIN, entry)
        if entry is not None
        else Settlement(ref, spot, table.name, stake, 0, Result.LOSE, spot)
        for entry in entries
    )
    return Wager(ref, spot, stake, table.name, made, by_roll)


@cache
def _entries_by_roll(spot: str, grid: HopGrid) -> tuple[tuple[str | None, ...], tuple[int, ...]]:
    distinct: dict[str | None, int] = {}
    which = tuple(distinct.setdefault(entry_of(spot, dice, grid), len(distinct)) for dice in ROLLS)
    return tuple(distinct), which


def winning_entries(spot: str, grid: HopGrid) -> tuple[str, ...]:
    """The paytable entries ``spot`` can win under ``grid``."""
    if spot == SHAKE:
        return (SHAKE,)
    return tuple(e for e in _entries_by_roll(check_spot(spot), grid)[0] if e is not None)


def settle(wagers: Sequence[Wager], roll: Roll, rules: PropsHopsRules) -> tuple[Settlement, ...]:
    """Settle every wager on ``roll``: a pure function."""
    name, index = rules.paytable.name, roll.index
    for w in wagers:
        if w.paytable != name:
            raise PaytableMismatchError(
                f"wager {w.ref} was placed under paytable {w.paytable!r}, not {name!r}"
            )
    return tuple([w.settlements[w.by_roll[index]] for w in wagers])
