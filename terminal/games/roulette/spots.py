"""Where a roulette wager sits on the layout: its kind, the pockets it covers, and its canonical text.

The canonical text is what seats, the protocol and the ledger carry. Inside wagers list the numbers they
cover (0 and 00 first, then ascending); column and dozen give their index 1-3; Five Adjacent gives the
centre number chosen on the racetrack; the other outside wagers are the bare wager id.

>>> spot = parse_spot("split:20-17", WHEELS["double_zero"])
>>> spot.text, spot.pockets
('split:17-20', (17, 20))
>>> parse_spot("street:00-2-0", WHEELS["double_zero"]).text
'street:0-00-2'
>>> parse_spot("five_adjacent:1", WHEELS["double_zero"]).pockets
(37, 1, 13, 27, 36)
>>> parse_spot("split:0-00", WHEELS["single_zero"])
Traceback (most recent call last):
...
terminal.games.roulette.spots.IllegalSpotError: split: split:0-00 is not a spot on the single_zero layout
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from terminal.games.base import IllegalBetError
from terminal.games.roulette.catalog import WAGERS as ROULETTE_WAGERS
from terminal.games.roulette.wheels import (
    DOUBLE_ZERO,
    WHEELS,
    Wheel,
    is_black,
    is_red,
    parse_pocket,
    pocket_sort_key,
    pocket_text,
)

LAYOUT_WAGERS = tuple(w for w in ROULETTE_WAGERS if w != "touchdown")
_INSIDE = ("straight", "split", "street", "corner", "line")
_INDEXED = ("column", "dozen")
_OUTSIDE: dict[str, frozenset[int]] = {
    "red": frozenset(n for n in range(1, 37) if is_red(n)),
    "black": frozenset(n for n in range(1, 37) if is_black(n)),
    "odd": frozenset(range(1, 37, 2)),
    "even": frozenset(range(2, 37, 2)),
    "low": frozenset(range(1, 19)),
    "high": frozenset(range(19, 37)),
}
# Zero spots by wheel, from the layout: on the double-zero layout the 0 box borders 1 and 2 and the 00
# box borders 2 and 3 (§ 617a.3(e)(3)(i) trios); on the single-zero layout the 0 box borders 1, 2 and 3.
_ZERO_SPLITS = {
    "double_zero": ((0, DOUBLE_ZERO), (0, 1), (0, 2), (DOUBLE_ZERO, 2), (DOUBLE_ZERO, 3)),
    "single_zero": ((0, 1), (0, 2), (0, 3)),
}
_ZERO_STREETS = {
    "double_zero": ((0, 1, 2), (0, 2, DOUBLE_ZERO), (DOUBLE_ZERO, 2, 3)),
    "single_zero": ((0, 1, 2),),  # GAMES.md § 1.2: only 0-1-2 on the single-zero wheel
}


class IllegalSpotError(IllegalBetError):
    """A spot that is not on the configured layout: unknown wager, malformed text, or numbers not adjacent."""


class WagerNotOfferedError(IllegalBetError):
    """A wager kind this table does not offer (First Five off double zero, Five Adjacent switched off)."""


@dataclass(frozen=True, slots=True)
class Spot:
    """One legal place to put chips: ``kind`` is the wager id, ``pockets`` what it covers."""

    kind: str
    pockets: tuple[int, ...]
    text: str
    mask: int

    @property
    def size(self) -> int:
        """How many pockets the spot covers."""
        return len(self.pockets)

    def covers(self, pocket: int) -> bool:
        """True if ``pocket`` wins this spot."""
        return bool(self.mask >> pocket & 1)


def _make(kind: str, pockets: Iterable[int], argument: str | None = None) -> Spot:
    ordered = tuple(sorted(set(pockets), key=pocket_sort_key))
    if argument is None and kind in _INSIDE:
        argument = "-".join(pocket_text(p) for p in ordered)
    text = f"{kind}:{argument}" if argument else kind  # first_five and even-money wagers are bare
    return Spot(kind, ordered, text, sum(1 << p for p in ordered))


def _layout_key(wheel: Wheel) -> str:
    # double_as_single is the double-zero layout with every spot touching 00 closed.
    return "single_zero" if wheel.name == "single_zero" else "double_zero"


def _number_spots(layout: str) -> Iterator[Spot]:
    yield from (_make("straight", (n,)) for n in range(37))
    if layout == "double_zero":
        yield _make("straight", (DOUBLE_ZERO,))
    yield from (_make("split", pair) for pair in _ZERO_SPLITS[layout])
    yield from (_make("split", (n, n + 1)) for n in range(1, 37) if n % 3)
    yield from (_make("split", (n, n + 3)) for n in range(1, 34))
    yield from (_make("street", trio) for trio in _ZERO_STREETS[layout])
    yield from (_make("street", range(n, n + 3)) for n in range(1, 37, 3))
    yield from (_make("corner", (n, n + 1, n + 3, n + 4)) for n in range(1, 33) if n % 3)
    if layout == "double_zero":
        yield _make("first_five", (0, DOUBLE_ZERO, 1, 2, 3), "")
    yield from (_make("line", range(n, n + 6)) for n in range(1, 32, 3))


def _outside_spots() -> Iterator[Spot]:
    for c in (1, 2, 3):
        yield _make("column", (n for n in range(1, 37) if n % 3 == c % 3), str(c))
    for d in (1, 2, 3):
        yield _make("dozen", range(12 * d - 11, 12 * d + 1), str(d))
    for kind, pockets in _OUTSIDE.items():
        yield _make(kind, pockets, "")


@cache
def legal_spots(wheel: Wheel, five_adjacent: bool = True) -> tuple[Spot, ...]:
    """Every spot a wager may be placed on, on ``wheel``, in layout order."""
    spots = [*_number_spots(_layout_key(wheel)), *_outside_spots()]
    if five_adjacent:
        spots += [_make("five_adjacent", wheel.neighbours(c), pocket_text(c)) for c in wheel.order]
    return tuple(s for s in spots if wheel.void_pocket not in s.pockets)


@cache
def _index(wheel: Wheel) -> dict[tuple[str, frozenset[int] | str], Spot]:
    index: dict[tuple[str, frozenset[int] | str], Spot] = {}
    for spot in legal_spots(wheel, True):
        key: frozenset[int] | str = frozenset(spot.pockets) if spot.kind in _INSIDE else spot.text
        index[spot.kind, key] = spot
    return index


def parse_spot(text: str, wheel: Wheel, five_adjacent: bool = True) -> Spot:
    """The spot written ``text`` on ``wheel``; raises :class:`IllegalSpotError` naming what is wrong."""
    kind, _, argument = text.strip().partition(":")
    if kind not in LAYOUT_WAGERS:
        raise IllegalSpotError(kind or text, f"{text!r} is not a roulette wager: use one of {LAYOUT_WAGERS}")
    if kind == "five_adjacent" and not five_adjacent:
        raise WagerNotOfferedError(kind, "Five Adjacent Number is not offered at this table")
    if kind == "first_five" and not wheel.has_double_zero:
        raise WagerNotOfferedError(kind, f"First Five needs the double-zero wheel (this is {wheel.name})")
    key: frozenset[int] | str
    if kind in _INSIDE:
        try:
            key = frozenset(parse_pocket(p) for p in argument.split("-"))
        except ValueError as exc:
            raise IllegalSpotError(kind, f"{text!r}: {exc}") from None
    else:
        key = canonical_outside(kind, argument)
    spot = _index(wheel).get((kind, key))
    if spot is None:
        raise IllegalSpotError(kind, f"{text.strip()} is not a spot on the {wheel.name} layout")
    return spot


def canonical_outside(kind: str, argument: str) -> str:
    """The canonical text of a non-inside spot, normalising ``"00"`` centres and stray spaces."""
    argument = argument.strip()
    if kind == "five_adjacent":
        try:
            return f"{kind}:{pocket_text(parse_pocket(argument))}"
        except ValueError as exc:
            raise IllegalSpotError(kind, f"five_adjacent needs a centre number: {exc}") from None
    return f"{kind}:{argument}" if argument else kind


def spots_of(kind: str, wheel_name: str, five_adjacent: bool = True) -> tuple[Spot, ...]:
    """Every legal spot of wager ``kind`` on the wheel called ``wheel_name``."""
    return tuple(s for s in legal_spots(WHEELS[wheel_name], five_adjacent) if s.kind == kind)
