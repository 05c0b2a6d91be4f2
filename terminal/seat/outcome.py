"""An outcome in a player's words: "17 BLACK ODD", "0 GREEN", "4 + 3 = 7", "4 + 4 = 8 THE HARD WAY".

The words (colour, odd or even, the hard way) are the catalogue's, so a Spanish seat reads "17 NEGRO
IMPAR". The numbers come from the outcome's text form as the protocol carries it (``17``, ``00``, ``4-3``).

>>> describe(lambda key: key.rpartition(".")[2].upper(), "17")
('outcome.number', {'number': '17', 'colour': 'BLACK', 'parity': 'ODD'})
>>> describe(lambda key: key, "4-4")
('outcome.hard', {'first': '4', 'second': '4', 'total': '8'})
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from terminal.games.roulette.wheels import is_red

HARD = (4, 6, 8, 10)


def describe(tr: Callable[[str], str], outcome: str) -> tuple[str, dict[str, Any]]:
    """The catalogue key and fields that say ``outcome`` (a pocket or a roll) to a player."""
    first, sep, second = outcome.partition("-")
    if sep and first.isdigit() and second.isdigit():
        total = int(first) + int(second)
        key = "outcome.hard" if first == second and total in HARD else "outcome.dice"
        return key, {"first": first, "second": second, "total": str(total)}
    if not outcome.isdigit():
        return "fmt.outcome", {"outcome": outcome}
    if outcome in ("0", "00"):
        return "outcome.zero", {"number": outcome, "colour": tr("colour.green")}
    number = int(outcome)
    colour = tr("colour.red" if is_red(number) else "colour.black")
    return "outcome.number", {
        "number": outcome,
        "colour": colour,
        "parity": tr(f"parity.{'odd' if number % 2 else 'even'}"),
    }
