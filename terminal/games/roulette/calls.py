"""Racetrack call bets: a named sector of the wheel expanded to the ordinary layout wagers that cover it.

A call bet is no wager of its own: it is a recipe of standard spots (splits, straights, corners), each
placed as an ordinary wager of ``units`` chips, settled and limited as that wager. The French sectors are
defined on the single-zero wheel's order and offered only there (``single_zero``); every wheel offers
"neighbours": a number and ``each_side`` numbers either side of it on its own wheel (the American order
on ``double_zero``; on ``double_as_single`` the closed 00 is passed over, as no spin settles on it).

One departure from the French recipe: Voisins du zéro puts two chips on the 0/2/3 trio, but this
layout's only single-zero trio is 0-1-2 (§ 617a.3(e)(3)(i); GAMES.md § 1.2), so its two trio chips go on
the 0/2 and 0/3 splits, which cover the same three numbers and return the same on average (each of 0, 2
and 3 is one chance in 37: the trio returns 24 chips on any of them, the splits 36 on 0 and 18 on 2 or
3; 72 over the three either way).

>>> from terminal.games.roulette.wheels import WHEELS
>>> [(spot, units) for spot, units in expand("jeu_zero", WHEELS["single_zero"]).pieces]
[('split:0-3', 1), ('split:12-15', 1), ('split:32-35', 1), ('straight:26', 1)]
>>> expand("neighbours", WHEELS["double_zero"], centre=37, each_side=1).covers
(37, 1, 27)
>>> expand("tiers", WHEELS["double_zero"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
terminal.games.roulette.calls.CallBetError: tiers: the French call bets need the single-zero wheel ...
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.games.base import IllegalBetError
from terminal.games.roulette.spots import parse_spot
from terminal.games.roulette.wheels import Wheel, parse_pocket, pocket_sort_key, pocket_text

FRENCH = ("voisins", "tiers", "orphelins", "jeu_zero")
NEIGHBOURS = "neighbours"
MAX_EACH_SIDE = 9  # the most neighbours either side a racetrack offers (nineteen straights)

_RECIPES: dict[str, tuple[tuple[str, int], ...]] = {
    # the trio's two chips as the 0/2 and 0/3 splits: see the module docstring
    "voisins": (
        ("split:0-2", 1), ("split:0-3", 1), ("split:4-7", 1), ("split:12-15", 1), ("split:18-21", 1),
        ("split:19-22", 1), ("split:32-35", 1), ("corner:25-26-28-29", 2),
    ),
    "tiers": (
        ("split:5-8", 1), ("split:10-11", 1), ("split:13-16", 1), ("split:23-24", 1), ("split:27-30", 1),
        ("split:33-36", 1),
    ),
    "orphelins": (("straight:1", 1), ("split:6-9", 1), ("split:14-17", 1), ("split:17-20", 1),
                  ("split:31-34", 1)),
    "jeu_zero": (("split:0-3", 1), ("split:12-15", 1), ("split:32-35", 1), ("straight:26", 1)),
}  # fmt: skip


class CallBetError(IllegalBetError):
    """A call bet this table cannot place: unknown, not on this wheel, or a neighbours count out of range."""


@dataclass(frozen=True, slots=True)
class CallBet:
    """A call bet as layout wagers: ``pieces`` are (canonical spot, chips on it)."""

    name: str
    pieces: tuple[tuple[str, int], ...]
    covers: tuple[int, ...]  # the pockets any piece wins on, in layout order

    @property
    def units(self) -> int:
        """How many chips the call bet takes."""
        return sum(units for _, units in self.pieces)

    def stakes(self, chip: int) -> tuple[tuple[str, int], ...]:
        """Each piece's amount with ``chip`` minor units a unit."""
        return tuple((spot, units * chip) for spot, units in self.pieces)


def offered(wheel: Wheel) -> tuple[str, ...]:
    """The call bets of ``wheel``: the French sectors on the single-zero wheel, neighbours everywhere."""
    return (*FRENCH, NEIGHBOURS) if wheel.name == "single_zero" else (NEIGHBOURS,)


def expand(name: str, wheel: Wheel, centre: int | None = None, each_side: int = 2) -> CallBet:
    """The call bet ``name`` on ``wheel`` (``centre`` and ``each_side`` for neighbours); raises
    :class:`CallBetError` naming what is wrong."""
    if name == NEIGHBOURS:
        return _neighbours(wheel, centre, each_side)
    if name not in _RECIPES:
        raise CallBetError(name, f"not a call bet: use one of {(*FRENCH, NEIGHBOURS)}")
    if name not in offered(wheel):
        raise CallBetError(name, f"the French call bets need the single-zero wheel (this is {wheel.name})")
    return _bet(name, _RECIPES[name], wheel)


def _neighbours(wheel: Wheel, centre: int | None, each_side: int) -> CallBet:
    if centre is None:
        raise CallBetError(NEIGHBOURS, "needs a centre number")
    if not 1 <= each_side <= MAX_EACH_SIDE:
        raise CallBetError(NEIGHBOURS, f"{each_side} either side: choose 1 to {MAX_EACH_SIDE}")
    ring = wheel.live_pockets
    if centre not in ring:
        where = f"the {wheel.name} wheel"
        raise CallBetError(NEIGHBOURS, f"{pocket_text(centre)} is not an open number on {where}")
    at = ring.index(centre)
    pockets = [ring[(at + k) % len(ring)] for k in range(-each_side, each_side + 1)]
    return _bet(NEIGHBOURS, tuple((f"straight:{pocket_text(p)}", 1) for p in pockets), wheel)


def _bet(name: str, pieces: tuple[tuple[str, int], ...], wheel: Wheel) -> CallBet:
    """Every piece parsed against the layout (a piece the layout lacks is refused, not dropped)."""
    covered: set[int] = set()
    canonical = []
    for text, units in pieces:
        spot = parse_spot(text, wheel)
        covered.update(spot.pockets)
        canonical.append((spot.text, units))
    return CallBet(name, tuple(canonical), tuple(sorted(covered, key=pocket_sort_key)))


def parse_call(text: str, wheel: Wheel) -> CallBet:
    """A call bet written ``voisins`` or ``neighbours:17:2`` (centre, each side).

    >>> from terminal.games.roulette.wheels import WHEELS
    >>> parse_call("neighbours:0:1", WHEELS["single_zero"]).covers
    (0, 26, 32)
    """
    name, _, rest = text.strip().partition(":")
    if name != NEIGHBOURS:
        return expand(name, wheel)
    centre_text, _, side_text = rest.partition(":")
    try:
        centre, each_side = parse_pocket(centre_text), int(side_text or "2")
    except ValueError as exc:
        raise CallBetError(NEIGHBOURS, f"{text!r}: {exc}") from None
    return expand(NEIGHBOURS, wheel, centre, each_side)
