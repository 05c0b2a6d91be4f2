"""The help book's parts: pages of rows of catalogue keys with their arguments (a heading, a paragraph, a
label with its value, or a table row of cells), so both languages draw the same data; the payout and limits
cells every game's help writes; and the house rules that close every book.

Each game registers its own pages (``help_<game>.py``, a :class:`GameHelp`); :mod:`terminal.seat.help_content`
builds the book from the registration. No module here imports a game's help.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from terminal.games.base import Payout
from terminal.net import messages as m

Money = Callable[[int], str]
Args = tuple[tuple[str, str], ...]
Cell = tuple[str, Args]
EVEN = Payout(1)  # pass, don't pass, come, don't come: even money (GAMES.md § 2.1)


@dataclass(frozen=True, slots=True)
class Row:
    """One line of help: a label (key, args) and a value; ``heading`` rows stand out; ``value_key ==
    "wrap"`` makes the label a paragraph; ``cells`` make a table row (a heading row is the table's head)."""

    key: str = ""
    args: Args = ()
    value_key: str = ""
    value_args: Args = ()
    heading: bool = False
    cells: tuple[Cell, ...] = ()


@dataclass(frozen=True, slots=True)
class Page:
    """One page of help: its title and its rows."""

    title: str
    rows: tuple[Row, ...]


def payout_cell(payout: Payout) -> Cell:
    """A payout as the catalogue writes it (``payout.to`` / ``payout.for``)."""
    return f"payout.{payout.unit}", (
        ("denominator", f"{payout.denominator:,}"),
        ("numerator", f"{payout.numerator:,}"),
    )


def payout_row(key: str, payout: Payout, **args: str) -> Row:
    """A row paying ``payout`` (its unit chooses ``payout.to`` or ``payout.for``)."""
    value_key, value_args = payout_cell(payout)
    return Row(key, tuple(sorted(args.items())), value_key, value_args)


def text(key: str, **args: str) -> Row:
    """A paragraph."""
    return Row(key, tuple(sorted(args.items())), "wrap")


def head(*keys: str) -> Row:
    """A table's heading row."""
    return Row(heading=True, cells=tuple((k, ()) for k in keys))


def limits_cell(wager: m.OfferedWager, money: Callable[[int], str]) -> Cell:
    """A wager's limits: "$1.00 - $100.00"."""
    return "fmt.range", (("maximum", money(wager.maximum)), ("minimum", money(wager.minimum)))


def limits_row(wager: m.OfferedWager, money: Callable[[int], str]) -> Row:
    """A wager's limits and its step, as a labelled row."""
    key, args = limits_cell(wager, money)
    step = (("increment", money(wager.increment)),)
    return Row("help.limits", step, key, args)


def one_limits(rows: list[Row], wagers: list[m.OfferedWager], money: Callable[[int], str]) -> list[Row]:
    """Every wager's row keeps its own minimum and maximum (the Limits column), even where they are all
    alike; a table whose wagers share one step says it once below them."""
    steps = {w.increment for w in wagers}
    if len(steps) != 1:
        return rows
    return [*rows, text("help.steps", increment=money(steps.pop()))]


def offer_rule(offer: m.Offer, key: str) -> str:
    return next((r.value for r in offer.rules if r.key == key), "")


def house_rows(offer: m.Offer, money: Callable[[int], str]) -> Iterator[Row]:
    """Rounding, units, the seat's and the credits' limits, the bills, the wheel: the house rules."""
    yield text("help.rounding")
    shown = ("seat_max", "credit_limit", "handpay_limit", "wheel", "come_odds_on_comeout", "place_increments")
    for rule in offer.rules:
        if rule.key in shown:
            yield Row(f"rule.{rule.key}", (), _rule_value(rule.value), (("value", rule.value),))
    bills = offer_rule(offer, "bills")
    if bills:
        listed = ", ".join(money(int(bill)) for bill in bills.split() if bill.isdigit())
        yield Row("rule.bills", (), "wrap_value", (("value", listed),))


def _rule_value(value: str) -> str:
    known = ("on", "off", "on_win", "on_bet", "double_zero", "single_zero", "double_as_single")
    return f"value.{value}" if value in known else "fmt.value"


@dataclass(frozen=True, slots=True)
class GameHelp:
    """One game's registration with the help: its pages for an ``Offer`` (the house rules follow them), and
    what a wager or spot pays first (a picker button says it; None where nothing is said)."""

    pages: Callable[[m.Offer, Money], Iterable[Page]]
    pays: Callable[[str, str], Payout | None] = lambda spot, paytable: None
