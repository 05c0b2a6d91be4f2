"""The seam to the betting layouts (``terminal.seat.layouts``): the right layout and its view for a seat.

The layouts give every wager a hit area, an anchor for its chips, and draw the felt. Each game's layout
registers once in :data:`LAYOUTS` under the game's name; this module builds the layout of the table the
controller describes and turns the seat's model into the layouts' ``LayoutView``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

import pygame

from terminal.net import messages as m
from terminal.seat.layouts import craps_layout, roulette_layout
from terminal.seat.layouts.base import Layout, LayoutView, StakeMark, TooSmallError


def _rule(offer: m.Offer | None, key: str) -> str:
    if offer is None:
        return ""
    return next((r.value for r in offer.rules if r.key == key), "")


LayoutMaker = Callable[[m.TableState, m.Offer | None, pygame.Rect, int], Layout]
"""A game's layout for a table: (table state, offer, rectangle, smallest touch area) -> layout."""


def _offered(offer: m.Offer | None) -> frozenset[str]:
    return frozenset(w.wager for w in offer.wagers) if offer is not None else frozenset()


def _craps(table: m.TableState, offer: m.Offer | None, rect: pygame.Rect, touch: int) -> Layout:
    vig = _rule(offer, "vig_percent")
    return craps_layout(rect, _offered(offer), int(vig) if vig.isdigit() else 5, touch)


def _roulette(table: m.TableState, offer: m.Offer | None, rect: pygame.Rect, touch: int) -> Layout:
    wagers = _offered(offer)
    five = "five_adjacent" in wagers or _rule(offer, "five_adjacent") == "on"
    sides = tuple(kind for kind in ("b2b", "blazing7s") if kind in wagers)
    return roulette_layout(rect, table.variant, five, "touchdown" in wagers, touch, sides)


def _sicbo(table: m.TableState, offer: m.Offer | None, rect: pygame.Rect, touch: int) -> Layout:
    from terminal.seat.layouts.sicbo import SicBoLayout

    return SicBoLayout(rect, table.variant, touch)


def _bigsix(table: m.TableState, offer: m.Offer | None, rect: pygame.Rect, touch: int) -> Layout:
    from terminal.seat.layouts.bigsix import BigSixLayout

    return BigSixLayout(rect, table.variant, table.venue, touch)


def _props_hops(table: m.TableState, offer: m.Offer | None, rect: pygame.Rect, touch: int) -> Layout:
    from terminal.seat.layouts.props_hops import DEFAULT_GRID, PropsHopsLayout

    return PropsHopsLayout(rect, table.variant, _rule(offer, "hop_grid") or DEFAULT_GRID, touch)


def _tdf(table: m.TableState, offer: m.Offer | None, rect: pygame.Rect, touch: int) -> Layout:
    from terminal.seat.layouts.tdf import TdfLayout

    return TdfLayout(rect, table.variant, touch)


def _crapless(table: m.TableState, offer: m.Offer | None, rect: pygame.Rect, touch: int) -> Layout:
    from terminal.seat.layouts.crapless import CraplessLayout

    vig = _rule(offer, "vig_percent")
    return CraplessLayout(rect, _offered(offer), int(vig) if vig.isdigit() else 5, touch)


LAYOUTS: dict[str, LayoutMaker] = {"roulette": _roulette, "craps": _craps, "sicbo": _sicbo, "bigsix": _bigsix}
LAYOUTS["props_hops"] = _props_hops


def _high_roll(table: m.TableState, offer: m.Offer | None, rect: pygame.Rect, touch: int) -> Layout:
    from terminal.seat.layouts.high_roll import HighRollLayout

    wagers = _offered(offer)
    awards = (_rule(offer, "millionaire_nine"), _rule(offer, "millionaire_ten"))
    extra, row = "extra_roll" in wagers, "millionaire_9" in wagers
    return HighRollLayout(rect, table.variant, extra, row, touch, awards)


LAYOUTS["high_roll"] = _high_roll
LAYOUTS["tdf"] = _tdf
LAYOUTS["crapless"] = _crapless
"""Each game's seat layout, registered under the game's name."""


_SHARED: OrderedDict[tuple[object, ...], Layout] = OrderedDict()
_SHARED_SIZE = 4  # each layout keeps a few painted felts: a few megabytes apiece


def make_layout(table: m.TableState, offer: m.Offer | None, rect: pygame.Rect, touch: int = 0) -> Layout:
    """The layout of this table's game in ``rect``, every touch area at least ``touch`` pixels each way.

    A layout is geometry plus the felts it has painted, and depends on nothing but these arguments: seats
    of one process at the same table and size (a desk's tiled seats, the lab's screen tours) share it, so
    its felt is painted once, not once per seat."""
    key = (table.game, table.variant, table.venue, offer, tuple(rect), touch)
    found = _SHARED.get(key)
    if found is None:
        found = _SHARED[key] = _made(table, offer, rect, touch)
        if len(_SHARED) > _SHARED_SIZE:
            _SHARED.popitem(last=False)
    else:
        _SHARED.move_to_end(key)
    return found


def _made(table: m.TableState, offer: m.Offer | None, rect: pygame.Rect, touch: int) -> Layout:
    maker = LAYOUTS.get(table.game)
    if maker is None:
        raise KeyError(f"this seat has no layout for {table.game!r}: it knows {', '.join(LAYOUTS)}")
    try:
        return maker(table, offer, rect, touch)
    except TooSmallError:  # a window smaller than any seat's screen (tiled on a desk): drawn all the same
        return maker(table, offer, rect, 0)


def layout_view(
    me: m.SeatState | None,
    winners: tuple[tuple[str, int], ...],
    outcome: str | None,
    point: int | None,
    locked: bool,
    tr: Callable[[str], str],
    money: Callable[[int], str],
    fonts: Callable[[int, bool], pygame.font.Font],
    pending: tuple[tuple[str, int], ...] = (),
    chip_text: Callable[[int], str] | None = None,
    board: tuple[tuple[str, str], ...] = (),
) -> LayoutView:
    """The layouts' ``LayoutView`` of this seat: its wagers (and chips awaiting their reply), the result."""
    wagers = me.wagers if me is not None else ()
    merged: dict[
        tuple[str, int | None], list[int | bool]
    ] = {}  # one stack per spot: chips placed apart add up
    for w in wagers:
        stack = merged.setdefault((w.spot, w.number), [0, False])
        stack[0] = int(stack[0]) + w.amount
        stack[1] = bool(stack[1]) or w.working
    for spot, amount in pending:  # a chip awaiting its reply is drawn at once, on its spot's stack
        stack = merged.setdefault((spot, None), [0, True])
        stack[0] = int(stack[0]) + amount
    stakes = tuple(
        StakeMark(spot, int(amount), number, bool(working))
        for (spot, number), (amount, working) in merged.items()
    )
    return LayoutView(stakes, winners, outcome, point, locked, tr, money, fonts, chip_text, board)
