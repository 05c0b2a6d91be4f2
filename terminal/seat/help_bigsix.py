"""Big Six's help: the seven symbols, how many of the wheel's 54 sections carry each, and what each pays
under the table's paytable (the engine's own), with the limits the controller offers."""

from __future__ import annotations

from collections.abc import Callable

from terminal.games.bigsix.rules import SECTIONS, WAGERS, paytable
from terminal.net import messages as m
from terminal.seat.help_rows import GameHelp, Page, Row, head, limits_cell, one_limits, payout_cell, text


def bigsix_pages(offer: m.Offer, money: Callable[[int], str]) -> list[Page]:
    """One page: the symbols, their sections and payouts."""
    offered = {w.wager: w for w in offer.wagers}
    chosen = [offered[k] for k in WAGERS if k in offered]
    if not chosen:
        return []
    rows = [head("help.col.bet", "help.col.sections", "help.col.pays", "help.col.limits")]
    for wager in chosen:
        count = ("fmt.number", (("number", str(SECTIONS.count(wager.wager))),))
        pays = payout_cell(paytable(wager.paytable).payout(wager.wager))
        rows.append(Row(cells=((f"wager.{wager.wager}", ()), count, pays, limits_cell(wager, money))))
    return [Page("help.family.bigsix", (text("help.bigsix.note"), *one_limits(rows, chosen, money)))]


HELP = GameHelp(bigsix_pages)
