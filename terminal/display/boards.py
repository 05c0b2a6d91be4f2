"""What the side boards show, worked out from the results: hot and cold numbers, Lucky Shooter progress,
the table's Hot Roller board.

Pure functions of the outcomes (newest first, as ``History`` sends them), so they agree with the table's
history however late the display joined.

>>> board = hot_cold(("17", "17", "3", "0", "17", "3"), ("0", "3", "17", "22"), 2, needed=6)
>>> board.hot, board.cold, board.ready
((('17', 3), ('3', 2)), (('22', 0), ('0', 1)), True)
>>> hot_cold(("17", "3"), ("0", "3", "17", "22"), 2, needed=6).ready   # too few spins to say
False
>>> [craps_call(roll, point)[0] for roll, point in (("5-2", None), ("4-4", 6), ("3-3", 6), ("4-3", 6))]
['display.call_winner', 'display.call_hard', 'display.call_point_made', 'display.call_seven_out']
>>> lucky_shooter(("6-4", "3-3", "2-2", "4-1"))    # newest first: come-out 5, then 4, 6, 10
LuckyProgress(point=5, marks=(4, 6, 10), settled=False)
>>> lucky_shooter(("5-5", "3-3", "3-3", "4-1"))    # 6 repeated: the run is over at 1 of 5
LuckyProgress(point=5, marks=(6,), settled=True)
>>> hot_roller(("2-2", "5-5", "3-1", "6-1", "1-3"))    # newest first: since the 7, 1-3, 5-5 and 2-2
HotRollerBoard(marks=(13, 22, 55), complete=(4,))
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache, lru_cache

from terminal.display.dice_motion import RollTextError, parse_roll
from terminal.games.craps import hot_roller as hot_rules
from terminal.games.roulette.wheels import pocket_sort_key, pocket_text

POINTS = (4, 5, 6, 8, 9, 10)
CRAPS_SPINS_NEEDED = 36  # as many rolls as there are ways to throw two dice


@cache  # a wheel's pockets never change; asked at every frame
def roulette_universe(order: tuple[int, ...]) -> tuple[str, ...]:
    """Every pocket of a wheel as text, in layout order (0, 00, 1..36)."""
    return tuple(pocket_text(p) for p in sorted(order, key=pocket_sort_key))


@lru_cache(maxsize=64)  # asked at every frame of the same history
def dice_totals(outcomes: tuple[str, ...]) -> tuple[str, ...]:
    """:func:`dice_total` of each outcome."""
    return tuple(dice_total(o) for o in outcomes)


def craps_universe() -> tuple[str, ...]:
    """Dice totals 2..12 as text."""
    return tuple(str(n) for n in range(2, 13))


def dice_total(outcome: str) -> str:
    """``"4-3"`` (or a ``Result``'s ``"4-3 (7)"``) → ``"7"``; anything else unchanged."""
    try:
        first, second = parse_roll(outcome)
    except RollTextError:
        return outcome
    return str(first + second)


Call = tuple[str, tuple[tuple[str, str], ...]]


def craps_call(roll: str, point: int | None) -> Call:
    """What the stickman calls for ``roll`` with ``point`` on (None: a come-out): catalogue key and fields."""
    first, second = parse_roll(roll)
    total = first + second
    if point is None:
        key = {7: "winner", 11: "yo", 2: "craps", 3: "craps", 12: "craps"}.get(total, "point_set")
    elif total == point:
        key = "point_made"
    elif total == 7:
        key = "seven_out"
    else:
        key = "hard" if first == second and total in POINTS else "total"
    return f"display.call_{key}", (("total", str(total)),)


Counted = tuple[tuple[str, int], ...]  # (outcome, times seen)


@dataclass(frozen=True, slots=True)
class HotCold:
    """The hot and cold outcomes with their counts over ``spins`` results; ``ready`` once there are at
    least ``needed`` (on a young table every count is 0 or 1, and "cold" would only list the layout)."""

    hot: Counted
    cold: Counted
    spins: int
    needed: int

    @property
    def ready(self) -> bool:
        return self.spins >= self.needed


@lru_cache(maxsize=64)  # every frame asks; the history changes once a round (the board is frozen)
def hot_cold(outcomes: tuple[str, ...], universe: tuple[str, ...], k: int, needed: int) -> HotCold:
    """The ``k`` most and least frequent outcomes of ``outcomes`` (newest first), counted.

    Hot needs at least two sightings; ties go to the most recent. Cold ties go to the outcome not seen
    for longest (never seen first), then to layout order.
    """
    seen = tuple(o for o in outcomes if o in universe)
    counts = Counter(seen)
    newest = {o: i for i, o in reversed(list(enumerate(seen)))}  # index of the newest sighting
    never = len(seen)
    hot = sorted((o for o in universe if counts[o] >= 2), key=lambda o: (-counts[o], newest[o]))[:k]
    cold = sorted(universe, key=lambda o: (counts[o], -newest.get(o, never), universe.index(o)))[:k]
    return HotCold(tuple((o, counts[o]) for o in hot), tuple((o, counts[o]) for o in cold), len(seen), needed)


@dataclass(frozen=True, slots=True)
class LuckyProgress:
    """Lucky Shooter seen from a wager placed on the current come-out: its point and the numbers hit."""

    point: int | None
    marks: tuple[int, ...]
    settled: bool


@lru_cache(maxsize=64)  # asked at every frame of the same history
def lucky_shooter(rolls: tuple[str, ...]) -> LuckyProgress:
    """Progress of the latest Lucky Shooter run in ``rolls`` (newest first, ``"a-b"`` each).

    A run starts on a come-out roll of a point number; the come-outs are found by following the puck from
    the oldest roll given (taken as a come-out).
    """
    progress = LuckyProgress(None, (), False)
    puck: int | None = None
    for roll in reversed(rolls):
        total = int(dice_total(roll)) if "-" in roll else 0
        come_out = puck is None
        if come_out and total in POINTS:
            puck, progress = total, LuckyProgress(total, (), False)
        else:
            if puck is not None and total in (7, puck):
                puck = None
            progress = _step(progress, total)
    return progress


def _step(progress: LuckyProgress, total: int) -> LuckyProgress:
    if progress.point is None or progress.settled:
        return progress
    others = [p for p in POINTS if p != progress.point]
    if len(progress.marks) < len(others) and total in others and total not in progress.marks:
        return LuckyProgress(progress.point, (*progress.marks, total), False)
    return LuckyProgress(progress.point, progress.marks, True)


@dataclass(frozen=True, slots=True)
class HotRollerBoard:
    """The table's Hot Roller markers (§ 623b.2(d), (f)): the combinations thrown since the last 7 and the
    numbers they complete. A Hot Roller placed on a later come-out counts its own from then on."""

    marks: tuple[int, ...]
    complete: tuple[int, ...]


@lru_cache(maxsize=64)  # asked at every frame of the same history
def hot_roller(rolls: tuple[str, ...]) -> HotRollerBoard:
    """The board as ``rolls`` (newest first, ``"a-b"`` each) leave it: each combination back to the last 7."""
    marks: tuple[int, ...] = ()
    for roll in rolls:  # newest first, back to the last 7 (the order of the marks is the layout's)
        try:
            first, second = parse_roll(roll)
        except RollTextError:
            continue
        if first + second == 7:
            break
        marks = hot_rules.thrown(marks, first, second)
    return HotRollerBoard(marks, hot_rules.completed(marks))
