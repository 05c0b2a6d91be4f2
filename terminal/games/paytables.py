"""Roulette and Touchdown paytables as validated data, found by name (``[roulette]`` / ``[touchdown]``).

A roulette paytable may pay more than the minimums of § 617a.4(a), never less; a Touchdown paytable is one
of the four of § 617a.4(d) and must name every result band.

>>> str(roulette_paytable("standard").payout("first_five"))
'6 to 1'
>>> str(touchdown_paytable("B").payout("yards_1_10"))
'250 to 1'
>>> roulette_paytable("generous")
Traceback (most recent call last):
...
terminal.games.paytables.UnknownPaytableError: unknown roulette paytable 'generous': choose one of standard
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.games.base import Payout

# § 617a.4(a): the least a winning wager may be paid.
ROULETTE_MINIMUMS: dict[str, Payout] = {
    "straight": Payout(35), "split": Payout(17), "street": Payout(11), "corner": Payout(8),
    "first_five": Payout(6), "line": Payout(5), "column": Payout(2), "dozen": Payout(2),
    "red": Payout(1), "black": Payout(1), "odd": Payout(1), "even": Payout(1), "low": Payout(1),
    "high": Payout(1),
}  # fmt: skip

# Result bands of a Touchdown game, best first (GAMES.md § 1.3).
TOUCHDOWN_BANDS: tuple[str, ...] = (
    "touchdown", "yards_1_10", "yards_11_20", "yards_21_30", "yards_31_40", "yards_41_49", "tie",
    "losing_team",
)  # fmt: skip
BAND_NAMES: dict[str, str] = {
    "touchdown": "Touchdown", "yards_1_10": "1-10 yard line", "yards_11_20": "11-20 yard line",
    "yards_21_30": "21-30 yard line", "yards_31_40": "31-40 yard line", "yards_41_49": "41-49 yard line",
    "tie": "Tie - 50 yard line", "losing_team": "Losing team",
}  # fmt: skip


class UnknownPaytableError(ValueError):
    """A paytable name that is not in the registry."""


class PaytableError(ValueError):
    """A paytable that breaks the regulations: below a minimum, or an entry missing."""


@dataclass(frozen=True, slots=True)
class Paytable:
    """A named set of payouts, one per wager id (roulette) or result band (Touchdown)."""

    game: str
    name: str
    entries: tuple[tuple[str, Payout], ...]

    def payout(self, entry: str) -> Payout:
        """The payout of ``entry``; ``KeyError`` naming the paytable if it has none."""
        for key, payout in self.entries:
            if key == entry:
                return payout
        raise KeyError(f"{self.game} paytable {self.name!r} has no entry {entry!r}")


def validate_roulette(table: Paytable) -> Paytable:
    """Return ``table`` if it pays every roulette wager at least its minimum; else :class:`PaytableError`."""
    given = dict(table.entries)
    for wager, minimum in ROULETTE_MINIMUMS.items():
        payout = given.get(wager)
        if payout is None:
            raise PaytableError(f"roulette paytable {table.name!r} has no {wager} entry")
        if payout.ratio < minimum.ratio:
            raise PaytableError(f"roulette paytable {table.name!r} pays {wager} {payout}, below {minimum}")
    if set(given) - set(ROULETTE_MINIMUMS):
        raise PaytableError(
            f"roulette paytable {table.name!r} has unknown entries {set(given) - set(ROULETTE_MINIMUMS)}"
        )
    return table


def validate_listed(table: Paytable, label: str, listed: tuple[str, ...], noun: str = "entries") -> Paytable:
    """Return ``table`` if it names exactly ``listed``, in order, each paid "to 1" above the stake (a win);
    else :class:`PaytableError` naming the ``label`` paytable. The rule of every table whose entries are a
    fixed list: Touchdown's bands, Sic Bo's and Props & Hops' entries."""
    if tuple(key for key, _ in table.entries) != listed:
        raise PaytableError(f"{label} paytable {table.name!r} must list the {noun} {listed}")
    for key, payout in table.entries:
        if payout.unit != "to" or payout.ratio <= 1:
            raise PaytableError(f"{label} paytable {table.name!r}: {key} must win something, not {payout}")
    return table


def validate_touchdown(table: Paytable) -> Paytable:
    """Return ``table`` if it has exactly the Touchdown bands, best first, each paid "to 1" or better."""
    return validate_listed(table, "touchdown", TOUCHDOWN_BANDS, "bands")


def _touchdown(name: str, touchdown: int, near: int, eleven_twenty: int) -> Paytable:
    tail = (Payout(50), Payout(25), Payout(10), Payout(5), Payout(1))
    payouts = (Payout(touchdown), Payout(near), Payout(eleven_twenty), *tail)
    return validate_touchdown(Paytable("touchdown", name, tuple(zip(TOUCHDOWN_BANDS, payouts, strict=True))))


ROULETTE_PAYTABLES: dict[str, Paytable] = {
    "standard": validate_roulette(Paytable("roulette", "standard", tuple(ROULETTE_MINIMUMS.items()))),
}
# § 617a.4(d): A to D differ only in the Touchdown, 1-10 and 11-20 payouts.
TOUCHDOWN_PAYTABLES: dict[str, Paytable] = {
    "A": _touchdown("A", 1000, 150, 75),
    "B": _touchdown("B", 500, 250, 75),
    "C": _touchdown("C", 1000, 200, 75),
    "D": _touchdown("D", 500, 200, 100),
}


def roulette_paytable(name: str) -> Paytable:
    """The roulette paytable called ``name``."""
    return _find(ROULETTE_PAYTABLES, "roulette", name)


def touchdown_paytable(name: str) -> Paytable:
    """The Touchdown paytable called ``name`` (A to D)."""
    return _find(TOUCHDOWN_PAYTABLES, "touchdown", name)


def _find(registry: dict[str, Paytable], game: str, name: str) -> Paytable:
    try:
        return registry[name]
    except KeyError:
        raise UnknownPaytableError(
            f"unknown {game} paytable {name!r}: choose one of {', '.join(registry)}"
        ) from None
