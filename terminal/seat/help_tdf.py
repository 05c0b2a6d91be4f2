"""Three Dice Football's help: how a drive goes (GAMES.md §6.1), then each wager with what it wins on and
what it pays under the table's own paytable (the one the engine settles with, never retyped): the
full-game wagers on one page, the single-play wagers on the next. The limits come from the controller's
``Offer``."""

from __future__ import annotations

from collections.abc import Callable

from terminal.games.base import Payout
from terminal.games.tdf.rules import (
    EXTRA_ENTRIES,
    EXTRA_POINT,
    FULL_GAME,
    OVER_FOUR,
    QUICK_ENTRIES,
    QUICK_STRIKE,
    SINGLE_PLAY,
    paytable,
    winning_entries,
)
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


def _rows(
    offered: dict[str, m.OfferedWager], spots: tuple[str, ...], money: Callable[[int], str]
) -> list[Row]:
    rows = [head("help.col.bet", "help.col.wins", "help.col.pays", "help.col.limits")]
    chosen = [offered[k] for k in spots if k in offered]
    for wager in chosen:
        table = paytable(wager.paytable)
        entries = winning_entries(wager.wager)
        first = entries[0]
        cells: tuple[Cell, ...] = (
            (f"wager.{wager.wager}", ()),
            (f"help.tdf.wins.{first}", ()),
            payout_cell(table.payout(first)),
            limits_cell(wager, money),
        )
        rows.append(Row(cells=cells))
        for entry in entries[1:]:  # Extra Point, Quick Strike and Over Four Yards pay by what happened
            more = (
                ("help.tdf.and", ()),
                (f"help.tdf.wins.{entry}", ()),
                payout_cell(table.payout(entry)),
                limits_cell(wager, money),
            )
            rows.append(Row(cells=more))
    return one_limits(rows, chosen, money)


def tdf_pages(offer: m.Offer, money: Callable[[int], str]) -> list[Page]:
    """The drive, the full-game wagers, the single-play wagers: each a page."""
    offered = {w.wager: w for w in offer.wagers}
    pages = [
        Page("help.family.tdf_game", (text("help.tdf.down"), text("help.tdf.drive"), text("help.tdf.extra")))
    ]
    if any(k in offered for k in FULL_GAME):
        pages.append(
            Page("help.family.tdf_full", (text("help.tdf.full_note"), *_rows(offered, FULL_GAME, money)))
        )
    if any(k in offered for k in SINGLE_PLAY):
        single = (text("help.tdf.single_note"), *_rows(offered, SINGLE_PLAY, money))
        pages.append(Page("help.family.tdf_single", single))
    return pages


def _pays(spot: str, name: str) -> Payout | None:
    first = {EXTRA_POINT: EXTRA_ENTRIES[0], QUICK_STRIKE: QUICK_ENTRIES[0], OVER_FOUR: OVER_FOUR}.get(
        spot, spot
    )
    try:
        return paytable(name).payout(first)
    except (KeyError, ValueError):
        return None


HELP = GameHelp(tdf_pages, _pays)
