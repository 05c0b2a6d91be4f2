"""The help screen's content, built from the same paytables the engines settle with (never retyped).

Help is a book of pages, one per family of wagers (roulette: inside, outside, Five Adjacent, Touchdown,
B2B: its seven odds with how often the RNG draws each, the weights being its paytable id in the
``Offer``, Blazing 7's; craps: the line and its odds, place/buy/lay, the one-roll and hardway bets, hops,
Fire, Bonus, Lucky Shooter), then the house rules. Each page is rows of catalogue keys with their
arguments: a heading, a paragraph, a label with its value, or a table row of cells; so both languages draw
the same data. The
payouts come from ``terminal.games`` (each with its unit: "to 1" returns the stake, "for 1" includes it),
the limits and house rules from the controller's ``Offer``; no internal id (a paytable's name) is shown.

This module is the one builder: each game registers its pages and its payouts (a
:class:`~terminal.seat.help_rows.GameHelp` in ``help_<game>.py``) in :data:`GAME_HELP`, and the house rules
close every book. The parts every game's help writes are :mod:`terminal.seat.help_rows`'s.

>>> from terminal.net import messages as m
>>> offer = m.Offer("roulette", (m.OfferedWager("straight", "standard", 100, 10000, 100),), ())
>>> [r.cells[2] for r in pages(offer, str)[0].rows if r.cells and not r.heading]
[('payout.to', (('denominator', '1'), ('numerator', '35')))]
"""

from __future__ import annotations

from collections.abc import Callable

from terminal.net import messages as m
from terminal.seat import (
    help_bigsix,
    help_crapless,
    help_craps,
    help_high_roll,
    help_props_hops,
    help_roulette,
    help_sicbo,
    help_tdf,
)
from terminal.seat.help_rows import GameHelp, Page, Row, house_rows, payout_row

#: Every game's registration with the help, by the game's name (a registered game lacking one fails
#: ``tests/test_adding_a_game.py``).
GAME_HELP: dict[str, GameHelp] = {
    "roulette": help_roulette.HELP,
    "craps": help_craps.HELP,
    "sicbo": help_sicbo.HELP,
    "bigsix": help_bigsix.HELP,
    "props_hops": help_props_hops.HELP,
    "high_roll": help_high_roll.HELP,
    "tdf": help_tdf.HELP,
    "crapless": help_crapless.HELP,
}


def pages(offer: m.Offer, money: Callable[[int], str]) -> list[Page]:
    """Every page of help for the wagers and house rules of ``offer``."""
    found = GAME_HELP[offer.game].pages(offer, money) if offer.game in GAME_HELP else []
    return [*found, Page("help.family.house", tuple(house_rows(offer, money)))]


def first_payout(game: str, wager: m.OfferedWager) -> Row | None:
    """What ``wager`` pays first (a picker button says it), or None."""
    registered = GAME_HELP.get(game)
    payout = registered.pays(wager.wager, wager.paytable) if registered is not None else None
    return payout_row("help.pays", payout) if payout is not None else None
