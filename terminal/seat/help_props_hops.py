"""Props & Hops' help: each wager of GAMES.md §6.2 with what it wins on and what it pays under the table's
own paytable (the one the engine settles with, never retyped): the propositions and the Hop groups on one
page, the Doubles and Any Numbers of the hop grid on the next. The limits come from the controller's
``Offer``."""

from __future__ import annotations

from collections.abc import Callable

from terminal.games.base import Payout
from terminal.games.props_hops.rules import FIELD, HOPS, OVER, SHAKE, UNDER, paytable
from terminal.net import messages as m
from terminal.seat.help_rows import (
    Cell,
    GameHelp,
    Page,
    Row,
    head,
    limits_cell,
    one_limits,
    payout_cell,
    text,
)

PROPS = (FIELD, UNDER, OVER, *HOPS, SHAKE)


def _entry(spot: str) -> str:
    if spot.startswith("double_"):
        return "double"
    if spot.startswith("any_number_"):
        return "any_number"
    return spot


def props_hops_pages(offer: m.Offer, money: Callable[[int], str]) -> list[Page]:
    """The propositions and hops, then the grid's boxes, each a page."""
    offered = {w.wager: w for w in offer.wagers}
    pages = []
    rows = [head("help.col.bet", "help.col.wins", "help.col.pays", "help.col.limits")]
    chosen = [offered[k] for k in PROPS if k in offered]
    for wager in chosen:
        table = paytable(wager.paytable)
        pays = payout_cell(table.payout(wager.wager))
        cells: tuple[Cell, ...] = ((f"wager.{wager.wager}", ()), (f"help.props_hops.wins.{wager.wager}", ()),
                                   pays, limits_cell(wager, money))  # fmt: skip
        rows.append(Row(cells=cells))
        if wager.wager == FIELD:
            extra = payout_cell(table.payout("field_2_12"))
            names = (("help.props_hops.field_2_12", ()), ("help.props_hops.wins.field_2_12", ()))
            rows.append(Row(cells=(*names, extra, limits_cell(wager, money))))
    if chosen:
        pages.append(
            Page("help.family.props_hops", (*one_limits(rows, chosen, money), text("help.props_hops.note")))
        )
    boxes = [w for w in offer.wagers if w.wager.startswith(("double_", "any_number_"))]
    if boxes:
        lines = [head("help.col.bet", "help.col.wins", "help.col.pays", "help.col.limits")]
        for kind in ("double", "any_number"):
            first = next((w for w in boxes if _entry(w.wager) == kind), None)
            if first is not None:
                pays = payout_cell(paytable(first.paytable).payout(kind))
                lines.append(Row(cells=((f"help.props_hops.{kind}", ()), (f"help.props_hops.wins.{kind}", ()),
                                        pays, limits_cell(first, money))))  # fmt: skip
        pages.append(Page("help.family.props_hops_grid", (text("help.props_hops.grid"), *lines)))
    if SHAKE in offered:
        pages.append(Page("help.family.props_hops_shake", (text("help.props_hops.shake"),)))
    return pages


def _pays(spot: str, name: str) -> Payout | None:
    try:
        return paytable(name).payout(_entry(spot))
    except (KeyError, ValueError):
        return None


HELP = GameHelp(props_hops_pages, _pays)
