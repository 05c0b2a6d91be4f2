"""When a round's outcome may be shown: its reveal time, one function for the controller and every face.

The table settles a round the instant it draws it (money first); the screens show the outcome only once
the display's ball has dropped into its pocket, its dice rest or its wheel's clapper catches the section.
That instant, in seconds after the result, is the round's *reveal time*: the controller sends it in the
``Result`` (``reveal_ms``), the display's motions end on it, and a seat shows the spin or roll in progress
and nothing of the outcome until it has passed. Each game declares it (``REVEAL_S`` beside its
declaration); pure, so the table and the display both import it (neither imports the other).

>>> reveal_seconds("roulette", "17"), reveal_seconds("craps", "4-3"), reveal_seconds("sicbo", "2-5-5")
(6.5, 2.2, 2.5)
>>> reveal_ms("bigsix", "five@4")
6800
"""

from __future__ import annotations

from terminal.games.registry import game


def reveal_seconds(name: str, outcome: str) -> float:
    """Seconds from the result of ``outcome`` (its canonical text) at a ``name`` table to its reveal."""
    return game(name).reveal_seconds(outcome)


def reveal_ms(name: str, outcome: str) -> int:
    """:func:`reveal_seconds` in whole milliseconds, as the ``Result`` carries it."""
    return round(reveal_seconds(name, outcome) * 1000)
