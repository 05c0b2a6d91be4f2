"""High Roll Dice's help: each wager of GAMES.md §6.3 with what it wins on and what it pays under the
table's own paytable (the one the engine settles with, never retyped): Pip Street, then the Like Kind
circles with what each pays on the extra roll, then the Extra Roll and Millionaire Row. The limits come
from the controller's ``Offer``; Millionaire Row's awards from its house rules."""

from __future__ import annotations

from collections.abc import Callable

from terminal.games.base import Payout
from terminal.games.high_roll.rules import EXTRA, NINE, NO_MATCH, PIP_FACE, PIPS, TEN, paytable
from terminal.games.paytables import Paytable
from terminal.net import messages as m
from terminal.seat.help_rows import (
    Cell,
    GameHelp,
    Page,
    Row,
    head,
    limits_cell,
    offer_rule,
    one_limits,
    payout_cell,
    text,
)


def _table(name: str) -> Paytable:
    return paytable("standard", 6 if name == "standard_six" else 10)


def _face(spot: str) -> str:
    return "A" if PIP_FACE[spot] == 1 else str(PIP_FACE[spot])


def high_roll_pages(offer: m.Offer, money: Callable[[int], str]) -> list[Page]:
    """Pip Street, the Like Kind Boulevard, the Extra Roll and Millionaire Row, each a page."""
    offered = {w.wager: w for w in offer.wagers}
    pages = [Page("help.family.high_roll", (text("help.high_roll.rules"), text("help.high_roll.unit")))]
    pips = [offered[p] for p in PIPS if p in offered]
    if pips:
        rows = [head("help.col.bet", "help.col.wins", "help.col.pays", "help.col.limits")]
        for wager in pips:
            pays = payout_cell(_table(wager.paytable).payout(wager.wager))
            wins = ("help.high_roll.wins.pip", (("face", _face(wager.wager)),))
            cells: tuple[Cell, ...] = ((f"wager.{wager.wager}", ()), wins, pays, limits_cell(wager, money))
            rows.append(Row(cells=cells))
        ties = text("help.high_roll.ties")
        pages.append(Page("help.family.high_roll_pips", (*one_limits(rows, pips, money), ties)))
    circles = [w for w in offer.wagers if w.wager.startswith("like_kind_")]
    if circles:
        extra = EXTRA in offered
        again_head = ("help.high_roll.col.extra",) if extra else ()
        rows = [head("help.col.bet", "help.col.pays", *again_head, "help.col.limits")]
        for wager in circles:
            table = _table(wager.paytable)
            again: tuple[Cell, ...] = ()
            if extra:
                entry = f"extra_{wager.wager}"
                known = any(key == entry for key, _ in table.entries)
                again = (payout_cell(table.payout(entry)) if known else ("help.high_roll.no_ride", ()),)
            cells = ((f"wager.{wager.wager}", ()), payout_cell(table.payout(wager.wager)), *again,
                     limits_cell(wager, money))  # fmt: skip
            rows.append(Row(cells=cells))
        notes = [text("help.high_roll.nine_ten")]
        if NO_MATCH in offered:
            notes.append(text("help.high_roll.no_match"))
        pages.append(Page("help.family.high_roll_circles", (*one_limits(rows, circles, money), *notes)))
    row: list[Row] = []
    if EXTRA in offered:
        row += [text("help.high_roll.extra_roll"), text("help.high_roll.extra_roll_rides")]
    if NINE in offered and TEN in offered:
        nine, ten = offer_rule(offer, "millionaire_nine"), offer_rule(offer, "millionaire_ten")
        stake = offer_rule(offer, "millionaire_stake")
        row += [text("help.high_roll.millionaire", stake=stake, nine=nine, ten=ten)]
    if row:
        pages.append(Page("help.family.high_roll_extra", tuple(row)))
    return pages


def _pays(spot: str, name: str) -> Payout | None:
    try:
        return _table(name).payout(spot)
    except (KeyError, ValueError):
        return None


HELP = GameHelp(high_roll_pages, _pays)
