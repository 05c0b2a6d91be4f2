"""Roulette's help: inside, outside, Five Adjacent, Touchdown, B2B (its seven odds with how often the RNG
draws each, the weights being its paytable id in the ``Offer``) and Blazing 7's, from the paytables the
engine settles with."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from terminal.games.base import Payout
from terminal.games.paytables import roulette_paytable, touchdown_paytable
from terminal.games.roulette.b2b import B2B, ODDS
from terminal.games.roulette.blazing7s import BLAZING, blazing_paytable
from terminal.net import messages as m
from terminal.seat.help_rows import (
    Cell,
    GameHelp,
    Page,
    Row,
    head,
    limits_cell,
    limits_row,
    offer_rule,
    one_limits,
    payout_cell,
    payout_row,
    text,
)

INSIDE = ("straight", "split", "street", "corner", "line", "first_five")
OUTSIDE = ("column", "dozen", "red", "black", "odd", "even", "low", "high")


def _offered(offer: m.Offer) -> dict[str, m.OfferedWager]:
    return {w.wager: w for w in offer.wagers}


def roulette_pages(offer: m.Offer, money: Callable[[int], str]) -> Iterator[Page]:
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
    yards = yard_bands(offer_rule(offer, "touchdown_yards"))
    if yards:
        yield head("help.col.pocket", "help.col.yards")
        for pockets, count in yards:
            yield Row(cells=(("fmt.value", (("value", pockets),)), ("fmt.value", (("value", count),))))
    seconds = offer_rule(offer, "team_choice_seconds")
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


def roulette_payout(spot: str, paytable: str) -> Payout | None:
    """What a roulette wager pays first (the best of a side wager, Touchdown's first band)."""
    if spot == B2B:
        return Payout(ODDS[0])
    if spot == BLAZING:
        return blazing_paytable(paytable).payout("all_three")
    kind = "straight" if spot == "five_adjacent" else spot
    if kind == "touchdown":
        return touchdown_paytable(paytable.upper()).entries[0][1]
    return roulette_paytable(paytable).payout(kind)


HELP = GameHelp(roulette_pages, roulette_payout)
