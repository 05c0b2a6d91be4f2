"""Sic Bo's help: each bet of GAMES.md §4 with what it wins on and what it pays under the table's own
paytable (the one the engine settles with, never retyped), then the totals. The limits come from the
controller's ``Offer``."""

from __future__ import annotations

from collections.abc import Callable

from terminal.games.sicbo.rules import TOTALS, paytable
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

BETS = ("small", "big", "any_three_of_a_kind", "three_of_a_kind", "two_of_a_kind", "two_dice")


def sicbo_pages(offer: m.Offer, money: Callable[[int], str]) -> list[Page]:
    """The bets, One of a Kind, and the totals, each a page."""
    offered = {w.wager: w for w in offer.wagers}
    pages = []
    rows = [head("help.col.bet", "help.col.wins", "help.col.pays", "help.col.limits")]
    chosen = [offered[k] for k in BETS if k in offered]
    for wager in chosen:
        pays = payout_cell(paytable(wager.paytable).payout(wager.wager))
        cells: tuple[Cell, ...] = ((f"wager.{wager.wager}", ()), (f"help.sicbo.wins.{wager.wager}", ()), pays,
                                   limits_cell(wager, money))  # fmt: skip
        rows.append(Row(cells=cells))
    if chosen:
        pages.append(Page("help.family.sicbo", (*one_limits(rows, chosen, money), text("help.sicbo.note"))))
    single = offered.get("one_of_a_kind")
    if single is not None:
        table = paytable(single.paytable)
        lines = [head("help.col.result", "help.col.pays")]
        for n in (1, 2, 3):
            lines.append(
                Row(cells=((f"help.sicbo.dice_{n}", ()), payout_cell(table.payout(f"one_of_a_kind_{n}"))))
            )
        pages.append(Page("help.family.sicbo_single", (text("help.sicbo.single"), *lines)))
    totals = [offered[f"total_{t}"] for t in TOTALS if f"total_{t}" in offered]
    if totals:
        lines = [head("help.col.bet", "help.col.pays", "help.col.limits")]
        for wager in totals:
            pays = payout_cell(paytable(wager.paytable).payout(wager.wager))
            lines.append(Row(cells=((f"wager.{wager.wager}", ()), pays, limits_cell(wager, money))))
        pages.append(
            Page("help.family.sicbo_totals", (*one_limits(lines, totals, money), text("help.sicbo.totals")))
        )
    return pages


HELP = GameHelp(sicbo_pages)
