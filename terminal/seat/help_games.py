"""The help of each game that brings its own pages, by name: one registration per game (roulette's and
craps's are :mod:`terminal.seat.help_content`'s own). The house rules close every book."""

from __future__ import annotations

from collections.abc import Callable

from terminal.net import messages as m
from terminal.seat.help_bigsix import bigsix_pages
from terminal.seat.help_content import Page, house_rows
from terminal.seat.help_sicbo import sicbo_pages

Pages = Callable[[m.Offer, Callable[[int], str]], list[Page]]

GAME_PAGES: dict[str, Pages] = {
    "sicbo": sicbo_pages,
    "bigsix": bigsix_pages,
}


def own_book(offer: m.Offer, money: Callable[[int], str]) -> list[Page] | None:
    """The book of a game with its own pages, the house rules last; None for any other game."""
    pages = GAME_PAGES.get(offer.game)
    if pages is None:
        return None
    return [*pages(offer, money), Page("help.family.house", tuple(house_rows(offer, money)))]
