"""The help screen's content, built from the same paytables the engines settle with (never retyped).

Help is a book of pages, one per family of wagers (roulette: inside, outside, Five Adjacent, Touchdown,
B2B: its seven odds with how often the RNG draws each, the weights being its paytable id in the
``Offer``, Blazing 7's; craps: the line and its odds, place/buy/lay, the one-roll and hardway bets, hops,
Fire, Bonus, Lucky Shooter), then the house rules. Each page is rows of catalogue keys with their
arguments: a heading, a paragraph, a label with its value, or a table row of cells; so both languages draw
the same data. The
payouts come from ``terminal.games`` (each with its unit: "to 1" returns the stake, "for 1" includes it),
the limits and house rules from the controller's ``Offer``; no internal id (a paytable's name) is shown.

>>> from terminal.net import messages as m
>>> offer = m.Offer("roulette", (m.OfferedWager("straight", "standard", 100, 10000, 100),), ())
>>> [r.cells[2] for r in pages(offer, str)[0].rows if r.cells and not r.heading]
[('payout.to', (('denominator', '1'), ('numerator', '35')))]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from terminal.games.base import Payout
from terminal.games.paytables import roulette_paytable, touchdown_paytable
from terminal.games.roulette.b2b import B2B, ODDS
from terminal.games.roulette.blazing7s import BLAZING, blazing_paytable
from terminal.net import messages as m

Args = tuple[tuple[str, str], ...]
Cell = tuple[str, Args]
EVEN = Payout(1)  # pass, don't pass, come, don't come: even money (GAMES.md § 2.1)
INSIDE = ("straight", "split", "street", "corner", "line", "first_five")
OUTSIDE = ("column", "dozen", "red", "black", "odd", "even", "low", "high")


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
    """A table whose wagers all have the same limits loses its Limits column: one row says them."""
    if not wagers or len({(w.minimum, w.maximum, w.increment) for w in wagers}) > 1:
        return rows
    return [Row(heading=r.heading, cells=r.cells[:-1]) for r in rows] + [limits_row(wagers[0], money)]


def pages(offer: m.Offer, money: Callable[[int], str]) -> list[Page]:
    """Every page of help for the wagers and house rules of ``offer``."""
    if offer.game == "craps":
        from terminal.seat.help_craps import craps_pages

        found = craps_pages(offer, money)
    else:
        found = list(_roulette_pages(offer, money))
    return [*found, Page("help.family.house", tuple(house_rows(offer, money)))]


def _offered(offer: m.Offer) -> dict[str, m.OfferedWager]:
    return {w.wager: w for w in offer.wagers}


def _roulette_pages(offer: m.Offer, money: Callable[[int], str]) -> Iterator[Page]:
    offered = _offered(offer)
    for title, kinds, note in (
        ("help.family.inside", INSIDE, "help.inside.note"),
        ("help.family.outside", OUTSIDE, "help.outside.note"),
    ):
        rows = [head("help.col.bet", "help.col.covers", "help.col.pays", "help.col.limits")]
        chosen = [offered[k] for k in kinds if k in offered]
        for wager in chosen:
            pays = payout_cell(roulette_paytable(wager.paytable).payout(wager.wager))
            name: Cell = (f"wager.{wager.wager}", ())
            cells = (name, (f"help.covers.{wager.wager}", ()), pays, limits_cell(wager, money))
            rows.append(Row(cells=cells))
        if chosen:
            yield Page(title, (*one_limits(rows, chosen, money), text(note)))
    five = offered.get("five_adjacent")
    if five is not None:
        straight = roulette_paytable(five.paytable).payout("straight")
        five_rows = (
            text("rules.five_adjacent"),
            payout_row("help.five_adjacent", straight),
            limits_row(five, money),
        )
        yield Page("help.family.five_adjacent", five_rows)
    touchdown = offered.get("touchdown")
    if touchdown is not None:
        yield Page("help.family.touchdown", tuple(_touchdown_rows(offer, touchdown, money)))
    yield from side_pages(offered, money)


def _touchdown_rows(offer: m.Offer, wager: m.OfferedWager, money: Callable[[int], str]) -> Iterator[Row]:
    yield text("rules.touchdown")
    yield head("help.col.result", "help.col.pays")
    for band, payout in touchdown_paytable(wager.paytable.upper()).entries:
        yield Row(cells=((f"band.{band}", ()), payout_cell(payout)))
    yards = yard_bands(_rule(offer, "touchdown_yards"))
    if yards:
        yield head("help.col.pocket", "help.col.yards")
        for pockets, count in yards:
            yield Row(cells=(("fmt.value", (("value", pockets),)), ("fmt.value", (("value", count),))))
    seconds = _rule(offer, "team_choice_seconds")
    if seconds:
        yield Row("rule.team_choice_seconds", (), "fmt.value", (("value", seconds),))
    yield limits_row(wager, money)


def yard_bands(rule: str) -> list[tuple[str, str]]:
    """The Touchdown yards rule (one value per pocket 0..36; 00 moves as 0) as runs of pockets.

    >>> yard_bands("0, 3, 3, 5, 5")
    [('0, 00', '0'), ('1-2', '3'), ('3-4', '5')]
    """
    values = [v.strip() for v in rule.split(",") if v.strip()]
    if len(values) < 2:
        return []
    out = [("0, 00", values[0])]
    start = 1
    for pocket in range(2, len(values) + 1):
        if pocket == len(values) or values[pocket] != values[start]:
            span = str(start) if pocket - 1 == start else f"{start}-{pocket - 1}"
            out.append((span, values[start]))
            start = pocket
    return out


def _rule(offer: m.Offer, key: str) -> str:
    return next((r.value for r in offer.rules if r.key == key), "")


def house_rows(offer: m.Offer, money: Callable[[int], str]) -> Iterator[Row]:
    """Rounding, units, the seat's and the credits' limits, the bills, the wheel: the house rules."""
    yield text("help.rounding")
    shown = ("seat_max", "credit_limit", "handpay_limit", "wheel", "come_odds_on_comeout", "place_increments")
    for rule in offer.rules:
        if rule.key in shown:
            yield Row(f"rule.{rule.key}", (), _rule_value(rule.value), (("value", rule.value),))
    bills = _rule(offer, "bills")
    if bills:
        listed = ", ".join(money(int(bill)) for bill in bills.split() if bill.isdigit())
        yield Row("rule.bills", (), "wrap_value", (("value", listed),))


def _rule_value(value: str) -> str:
    known = ("on", "off", "on_win", "on_bet", "double_zero", "single_zero", "double_as_single")
    return f"value.{value}" if value in known else "fmt.value"


def b2b_weights(paytable: str) -> tuple[tuple[int, int], ...]:
    """The (odds, weight per 1000) pairs a B2B paytable id names (empty if it is not one)."""
    parts = paytable.split("-")
    if len(parts) != len(ODDS) or not all(p.isdigit() for p in parts):
        return ()
    return tuple(zip(ODDS, (int(p) for p in parts), strict=True))


def side_pages(offered: dict[str, m.OfferedWager], money: Callable[[int], str]) -> Iterator[Page]:
    """B2B's and Blazing 7's pages, for those the table offers."""
    b2b = offered.get(B2B)
    if b2b is not None:
        rows = [text("rules.b2b"), head("help.col.pays", "help.col.chance")]
        rows += [
            Row(cells=(payout_cell(Payout(odds)), ("fmt.per_thousand", (("value", str(weight)),))))
            for odds, weight in b2b_weights(b2b.paytable)
        ]
        yield Page("wager.b2b", (*rows, limits_row(b2b, money)))
    blazing = offered.get(BLAZING)
    if blazing is not None:
        rows = [text("rules.blazing7s"), head("help.col.result", "help.col.pays")]
        rows += [
            Row(cells=((f"blazing.{entry}", ()), payout_cell(payout)))
            for entry, payout in blazing_paytable(blazing.paytable).entries
        ]
        rows.append(text("help.blazing_highest"))
        if any(entry == "one_colour" for entry, _ in blazing_paytable(blazing.paytable).entries):
            rows.append(text("help.blazing_colour"))  # paytables 3 and 4 pay three balls of one colour
        yield Page("wager.blazing7s", (*rows, limits_row(blazing, money)))


def side_first_payout(wager: m.OfferedWager) -> Row | None:
    """What a side wager pays at most (a picker button says it); None for other wagers."""
    if wager.wager == B2B:
        return payout_row("help.pays", Payout(ODDS[0]))
    if wager.wager == BLAZING:
        return payout_row("help.pays", blazing_paytable(wager.paytable).payout("all_three"))
    return None


def first_payout(game: str, wager: m.OfferedWager) -> Row | None:
    """What ``wager`` pays first (a picker button says it), or None."""
    if game == "roulette":
        kind = "straight" if wager.wager == "five_adjacent" else wager.wager
        side = side_first_payout(wager)
        if side is not None:
            return side
        if kind == "touchdown":
            return payout_row("help.pays", touchdown_paytable(wager.paytable.upper()).entries[0][1])
        return payout_row("help.pays", roulette_paytable(wager.paytable).payout(kind))
    from terminal.seat.help_craps import craps_payout

    payout = craps_payout(wager.wager, wager.paytable)
    return payout_row("help.pays", payout) if payout is not None else None
