"""An outcome in a player's words: "17 BLACK ODD", "0 GREEN", "4 + 3 = 7", "4 + 4 = 8 THE HARD WAY",
"2 + 5 + 5 = 12 BIG", "THE WHEEL STOPS ON 5".

The words (colour, odd or even, the hard way, big or small, a symbol) are the catalogue's, so a Spanish
seat reads "17 NEGRO IMPAR". The numbers come from the outcome's text form as the protocol carries it
(``17``, ``00``, ``4-3``, ``2-5-5``, ``five@4``).

>>> describe(lambda key: key.rpartition(".")[2].upper(), "17")
('outcome.number', {'number': '17', 'colour': 'BLACK', 'parity': 'ODD'})
>>> describe(lambda key: key, "4-4")
('outcome.hard', {'first': '4', 'second': '4', 'total': '8'})
>>> describe(lambda key: key.rpartition(".")[2].upper(), "2-5-5")
('outcome.three_dice', {'first': '2', 'second': '5', 'third': '5', 'total': '12', 'size': 'SICBO_BIG'})
>>> describe(lambda key: key, "flag@27")
('outcome.wheel_stop', {'symbol': 'wager.flag'})
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from terminal.games.roulette.wheels import is_red

HARD = (4, 6, 8, 10)


def describe(tr: Callable[[str], str], outcome: str) -> tuple[str, dict[str, Any]]:
    """The catalogue key and fields that say ``outcome`` (a pocket, a roll, a wheel stop) to a player."""
    symbol, at, section = outcome.partition("@")
    if at and section.isdigit():
        return "outcome.wheel_stop", {"symbol": tr(f"wager.{symbol}")}
    if outcome.count("-") == 2 and outcome.replace("-", "").isdigit():
        dice = [int(d) for d in outcome.split("-")]
        total = sum(dice)
        size = "triple" if len(set(dice)) == 1 else "small" if total <= 10 else "big"
        faces = {"first": str(dice[0]), "second": str(dice[1]), "third": str(dice[2])}
        return "outcome.three_dice", {**faces, "total": str(total), "size": tr(f"outcome.sicbo_{size}")}
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
