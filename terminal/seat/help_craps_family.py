"""The help pages every craps game writes alike, from what each game says differently (its :class:`Family`).

Craps and Crapless Craps both have a line page (the line bets, their rules, the odds on each point and the
most the house takes), a page of the numbers (Place, Buy... on each point, the commission and increments),
the one-roll and hardway bets, the hops, then pages of their own side wagers. Each game's help module
(:mod:`terminal.seat.help_craps`, :mod:`terminal.seat.help_crapless`) declares its :class:`Family`: which
wagers, which paytables, which words, and the rows only it writes; :func:`family_pages` builds the book.
The house's odds and vig rules come from the ``Offer`` (:func:`house_terms`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from terminal.games.base import Payout
from terminal.games.craps.rules import (
    FIELD,
    HARDWAY,
    HOP_HARD,
    HOP_MIXED,
    HORN,
    PROPOSITION,
    SIX_SEVEN_EIGHT,
    SIX_SEVEN_EIGHT_PAIR,
)
from terminal.money import MoneyError, parse_amount
from terminal.net import messages as m
from terminal.seat.help_rows import (
    EVEN,
    Cell,
    Page,
    Row,
    head,
    limits_cell,
    limits_row,
    one_limits,
    payout_cell,
    text,
)

Money = Callable[[int], str]
Offered = dict[str, m.OfferedWager]


class OddsRules(Protocol):
    """What the line page reads of a game's rules: the most odds the house takes behind a point."""

    def odds_multiple(self, point: int) -> int: ...


R = TypeVar("R", bound=OddsRules)


@dataclass(frozen=True)
class Family(Generic[R]):
    """What one craps game's help says differently; the ``title``s and notes are catalogue keys.

    ``line``: the line bets in table order (and ``line_prefixes``: wagers that open the line page too);
    ``line_rules(chosen)``: each (name, rule) paragraph under the line bets; ``odds``: the odds table's
    columns, each a heading and its payouts by point. ``numbers``: the kinds bet on each point, in table
    order, with their payouts; ``number_notes(rules, kinds, money)``: the commission and increments rows.
    ``props``: the one-roll and hardway bets, ``prop_as``: a bet written as another's rows (the World as the
    Whirl). ``sides(offered, money)``: the game's own side-wager pages, after the hops.
    """

    rules: Callable[[m.Offer], R]
    points: tuple[int, ...]
    line_title: str
    line: tuple[str, ...]
    line_rules: Callable[[list[m.OfferedWager]], Iterable[tuple[str, str]]]
    odds: tuple[tuple[str, Mapping[int, Payout]], ...]
    odds_note: str
    numbers_title: str
    numbers: Mapping[str, Mapping[int, Payout]]
    numbers_note: str
    number_notes: Callable[[R, list[str], Money], Iterator[Row]]
    props: tuple[str, ...]
    props_note: str
    sides: Callable[[Offered, Money], Iterator[Page]]
    line_prefixes: tuple[str, ...] = ()
    prop_as: Mapping[str, str] = field(default_factory=dict)


def family_pages(family: Family[Any], offer: m.Offer, money: Money) -> list[Page]:
    """The pages ``offer`` has of ``family``'s game, in the order of the table."""
    offered = {w.wager: w for w in offer.wagers}
    rules = family.rules(offer)
    out: list[Page] = []
    if any(k in offered for k in family.line) or any(w.startswith(family.line_prefixes) for w in offered):
        out.append(Page(family.line_title, tuple(_line_rows(family, rules, offered, money))))
    if any(w.startswith(tuple(family.numbers)) for w in offered):
        out.append(Page(family.numbers_title, tuple(_number_rows(family, rules, offered, money))))
    props = [k for k in family.props if k in offered]
    if props:
        out.append(Page("help.family.props", tuple(_prop_rows(family, props, offered, money))))
    hops = [w for w in offered if w.startswith("hop_")]
    if hops:
        out.append(Page("help.family.hops", tuple(_hop_rows(hops, offered[hops[0]], money))))
    out += list(family.sides(offered, money))
    return out


def house_terms(offer: m.Offer, money_scale: int, odds: str, choices: tuple[str, ...]) -> dict[str, Any]:
    """The house's odds, vig and increments from the ``Offer``, as the keywords every craps game's rules
    take (``odds``: the shipped most odds, also taken for a choice not in ``choices``)."""
    found = {r.key: r.value for r in offer.rules}
    try:
        minimum = parse_amount(found.get("vig_minimum", "1.00").lstrip("$€£"))
    except MoneyError:
        minimum = money_scale
    chosen = found.get("max_odds", odds)
    percent = found.get("vig_percent", "5")
    return {
        "max_odds": chosen if chosen in choices else odds,
        "vig_percent": int(percent) if percent.isdigit() and int(percent) <= 5 else 5,
        "buy_vig": "on_bet" if found.get("buy_vig") == "on_bet" else "on_win",
        "vig_minimum": minimum,
        "place_increments": found.get("place_increments", "on") == "on",
        "unit": money_scale,
    }


def heading(wager: m.OfferedWager, money: Money) -> Row:
    """A side wager's heading: its name and its limits."""
    key, args = limits_cell(wager, money)
    return Row(f"wager.{wager.wager}", (), key, args, heading=True)


_NONE: Cell = ("fmt.value", (("value", "-"),))  # a kind not offered on that number


def _number(n: int) -> Cell:
    return "fmt.number", (("number", str(n)),)


def _line_rows(family: Family[R], rules: R, offered: Offered, money: Money) -> Iterator[Row]:
    chosen = [offered[k] for k in family.line if k in offered]
    rows = [head("help.col.bet", "help.col.pays", "help.col.limits")]
    rows += [Row(cells=((f"wager.{w.wager}", ()), payout_cell(EVEN), limits_cell(w, money))) for w in chosen]
    yield from one_limits(rows, chosen, money)
    for name, rule in family.line_rules(chosen):
        yield text("help.rule_of", name=name, rule=rule)
    yield head("help.col.number", *(column for column, _ in family.odds), "help.col.most_odds")
    for n in family.points:
        most = ("help.times", (("times", str(rules.odds_multiple(n))),))
        yield Row(cells=(_number(n), *(payout_cell(pays[n]) for _, pays in family.odds), most))
    yield text(family.odds_note)


def _number_rows(family: Family[R], rules: R, offered: Offered, money: Money) -> Iterator[Row]:
    points = family.points
    kinds = [k for k in family.numbers if any(w == f"{k}_{n}" for w in offered for n in points)]
    yield head("help.col.number", *(f"help.col.{k}" for k in kinds))
    for n in points:
        cells: list[Cell] = [_number(n)]
        cells += [payout_cell(family.numbers[k][n]) if f"{k}_{n}" in offered else _NONE for k in kinds]
        yield Row(cells=tuple(cells))
    yield text(family.numbers_note)
    yield from family.number_notes(rules, kinds, money)
    for kind in kinds:
        first = next(offered[f"{kind}_{n}"] for n in points if f"{kind}_{n}" in offered)
        key, args = limits_cell(first, money)
        yield Row(f"help.col.{kind}", (), key, args)


def _prop_rows(family: Family[Any], props: list[str], offered: Offered, money: Money) -> Iterator[Row]:
    rows = [head("help.col.bet", "help.col.wins", "help.col.pays", "help.col.limits")]
    chosen = [offered[k] for k in props]
    for wager in chosen:
        for n, (wins, payout) in enumerate(prop_lines(family.prop_as.get(wager.wager, wager.wager))):
            name: Cell = (f"wager.{wager.wager}", ()) if n == 0 else ("fmt.value", (("value", ""),))
            limits = limits_cell(wager, money) if n == 0 else ("fmt.value", (("value", ""),))
            rows.append(Row(cells=(name, wins, payout_cell(payout), limits)))
    yield text(family.props_note)
    yield from one_limits(rows, chosen, money)


def _totals(numbers: tuple[int, ...] | list[int]) -> Cell:
    return "fmt.value", (("value", ", ".join(str(n) for n in numbers)),)


def prop_lines(kind: str) -> Iterator[tuple[Cell, Payout]]:
    """What each part of a one-roll or hardway bet wins on, and what it pays."""
    if kind == "field":
        for payout in sorted(set(FIELD.values()), key=lambda p: -p.numerator / p.denominator):
            yield _totals([t for t, p in FIELD.items() if p == payout]), payout
    elif kind in PROPOSITION:
        totals, payout = PROPOSITION[kind]
        yield _totals(totals), payout
    elif kind == "c_and_e":
        for part in ("any_craps", "eleven"):
            numbers, payout = PROPOSITION[part]
            yield ("help.wins.half", (("totals", ", ".join(map(str, numbers))),)), payout
    elif kind in ("horn", "horn_high", "whirl"):
        share = {"horn": "help.wins.quarter", "horn_high": "help.wins.horn_high", "whirl": "help.wins.fifth"}
        for payout in sorted(set(HORN.values()), key=lambda p: -p.numerator):
            listed = ", ".join(str(t) for t, p in HORN.items() if p == payout)
            yield (share[kind], (("totals", listed),)), payout
        if kind == "whirl":
            yield (share[kind], (("totals", "7"),)), PROPOSITION["any_seven"][1]
    elif kind == "six_seven_eight":
        yield _totals((6, 7, 8)), SIX_SEVEN_EIGHT
        yield ("fmt.value", (("value", "3-3, 4-4"),)), SIX_SEVEN_EIGHT_PAIR
    elif kind.startswith("hard_"):
        n = int(kind.removeprefix("hard_"))
        yield ("help.wins.hard", (("face", str(n // 2)), ("number", str(n)))), HARDWAY[n]


def _hop_rows(hops: list[str], first: m.OfferedWager, money: Money) -> Iterator[Row]:
    yield text("help.hops.note")
    yield head("help.col.bet", "help.col.pays")
    for pairs, payout in ((True, HOP_HARD), (False, HOP_MIXED)):
        chosen = [h for h in hops if (h.split("_")[1] == h.split("_")[2]) == pairs]
        if chosen:
            faces = ", ".join(h.removeprefix("hop_").replace("_", "-") for h in chosen)
            yield Row(cells=(("fmt.value", (("value", faces),)), payout_cell(payout)))
    yield limits_row(first, money)
