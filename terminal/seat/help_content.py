"""The help screen's content, built from the same paytables the engines settle with (never retyped).

For every wager the controller's ``Offer`` lists, the rows name the wager, its configured paytable's
payouts (with their unit: "to 1" returns the stake, "for 1" includes it) and its limits; then the house
rules the ``Offer`` carries (rounding, vig, odds, wheel...). Each row is catalogue keys with arguments, so
both languages draw the same data.

>>> from terminal.net import messages as m
>>> offer = m.Offer("roulette", (m.OfferedWager("straight", "standard", 100, 10000, 100),), ())
>>> [(r.key, r.value_args) for r in rows(offer, str) if r.key == "help.pays"]
[('help.pays', (('denominator', '1'), ('numerator', '35')))]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from terminal.games import bonus, fire, lucky_shooter
from terminal.games.base import Payout
from terminal.games.craps_rules import (
    FIELD,
    HARDWAY,
    HOP_HARD,
    HOP_MIXED,
    HORN,
    LAY_ODDS,
    PLACE,
    PLACE_LOSE,
    PROPOSITION,
    SIX_SEVEN_EIGHT,
    SIX_SEVEN_EIGHT_PAIR,
    TRUE_ODDS,
)
from terminal.games.paytables import roulette_paytable, touchdown_paytable
from terminal.net import messages as m

EVEN = Payout(1)  # pass, don't pass, come, don't come: even money (GAMES.md § 2.1)
# Wagers whose rules need words beyond their payouts (``rules.<wager>`` in the catalogue, wrapped).
EXPLAINED = frozenset(
    (
        "five_adjacent",
        "first_five",
        "touchdown",
        "pass",
        "dont_pass",
        "come",
        "dont_come",
        "field",
        "fire",
        "all_small",
        "all_tall",
        "all_or_nothing",
        "lucky_shooter",
        "horn_high",
        "whirl",
        "six_seven_eight",
    )
)


@dataclass(frozen=True, slots=True)
class Row:
    """One line of help: a label (key, args) and a value (key, args); ``heading`` rows stand alone."""

    key: str
    args: tuple[tuple[str, str], ...] = ()
    value_key: str = ""
    value_args: tuple[tuple[str, str], ...] = ()
    heading: bool = False


def payout_row(key: str, payout: Payout, **args: str) -> Row:
    """A row paying ``payout`` (its unit chooses ``payout.to`` or ``payout.for``)."""
    value = (("denominator", f"{payout.denominator:,}"), ("numerator", f"{payout.numerator:,}"))
    return Row(key, tuple(sorted(args.items())), f"payout.{payout.unit}", value)


def rows(offer: m.Offer, money: Callable[[int], str]) -> list[Row]:
    """Every row of help for the wagers and house rules of ``offer``."""
    out = [Row(f"help.rules_{offer.game}", heading=True)]
    for wager in offer.wagers:
        out.append(Row(f"wager.{wager.wager}", heading=True))
        if wager.wager in EXPLAINED:
            out.append(Row(f"rules.{wager.wager}", value_key="wrap"))
        out += list(_payouts(offer.game, wager))
        limits = (
            ("increment", money(wager.increment)),
            ("maximum", money(wager.maximum)),
            ("minimum", money(wager.minimum)),
            ("paytable", wager.paytable.upper()),
        )
        out.append(Row("help.limits", limits, value_key="wrap"))
    out.append(Row("help.house_rules", heading=True))
    out.append(Row("help.rounding", value_key="wrap"))
    for rule in offer.rules:
        if rule.key == "bills":
            shown = ", ".join(money(int(bill)) for bill in rule.value.split() if bill.isdigit())
            out.append(Row("rule.bills", value_key="fmt.value", value_args=(("value", shown),)))
        elif rule.key != "rounding":
            out.append(
                Row(
                    f"rule.{rule.key}", value_key=_rule_value(rule.value), value_args=(("value", rule.value),)
                )
            )
    return out


def first_payout(game: str, wager: m.OfferedWager) -> Row | None:
    """The first payout row of ``wager`` (what a picker button says it pays), or None."""
    return next(iter(_payouts(game, wager)), None)


def _rule_value(value: str) -> str:
    known = ("on", "off", "on_win", "on_bet", "double_zero", "single_zero", "double_as_single")
    return f"value.{value}" if value in known else "fmt.value"


def _payouts(game: str, wager: m.OfferedWager) -> Iterator[Row]:
    kind = wager.wager
    if game == "roulette":
        if kind == "touchdown":
            for band, payout in touchdown_paytable(wager.paytable.upper()).entries:
                yield payout_row(f"band.{band}", payout)
        elif kind == "five_adjacent":
            yield payout_row("help.five_adjacent", roulette_paytable(wager.paytable).payout("straight"))
        else:
            yield payout_row("help.pays", roulette_paytable(wager.paytable).payout(kind))
        return
    yield from _craps_payouts(kind, wager.paytable.upper())


def _craps_payouts(kind: str, paytable: str) -> Iterator[Row]:
    number = kind.rpartition("_")[2]
    n = int(number) if number.isdigit() else 0
    simple: dict[str, Payout] = {k: v[1] for k, v in PROPOSITION.items()}
    if kind in ("pass", "dont_pass", "come", "dont_come"):
        yield payout_row("help.pays", EVEN)
        odds, key = (TRUE_ODDS, "help.odds") if kind in ("pass", "come") else (LAY_ODDS, "help.lay_odds")
        for point, payout in odds.items():
            yield payout_row(key, payout, number=str(point))
    elif kind.startswith("place_lose_"):
        yield payout_row("help.pays", PLACE_LOSE[n])
    elif kind.startswith("place_"):
        yield payout_row("help.pays", PLACE[n])
    elif kind.startswith("buy_"):
        yield payout_row("help.pays_less_vig", TRUE_ODDS[n])
    elif kind.startswith("lay_"):
        yield payout_row("help.pays_less_vig", LAY_ODDS[n])
    elif kind.startswith("hard_"):
        yield payout_row("help.pays", HARDWAY[n])
    elif kind == "field":
        for total, payout in FIELD.items():
            yield payout_row("help.on_total", payout, number=str(total))
    elif kind in simple:
        yield payout_row("help.pays", simple[kind])
    elif kind in ("c_and_e", "horn", "horn_high", "whirl"):
        yield from _horn_family(kind)
    elif kind.startswith("hop_"):
        first, second = kind.split("_")[1:]
        yield payout_row("help.pays", HOP_HARD if first == second else HOP_MIXED)
    elif kind == "six_seven_eight":
        yield payout_row("help.pays", SIX_SEVEN_EIGHT)
        yield payout_row("help.pays_pair", SIX_SEVEN_EIGHT_PAIR)
    else:
        yield from _side_payouts(kind, paytable)


def _horn_family(kind: str) -> Iterator[Row]:
    if kind == "c_and_e":
        yield payout_row("help.half_craps", PROPOSITION["any_craps"][1])
        yield payout_row("help.half_eleven", PROPOSITION["eleven"][1])
        return
    for total, payout in HORN.items():
        yield payout_row("help.on_total", payout, number=str(total))
    if kind == "whirl":
        yield payout_row("help.on_total", PROPOSITION["any_seven"][1], number="7")


def _side_payouts(kind: str, paytable: str) -> Iterator[Row]:
    if kind == "fire":
        for points, payout in fire.PAYTABLES[paytable].pays:
            yield payout_row("help.fire_points", payout, count=str(points))
    elif kind in ("all_small", "all_tall", "all_or_nothing"):
        yield payout_row("help.pays", bonus.PAYTABLES[paytable].payout(kind))
    elif kind == "lucky_shooter":
        for result, payout in lucky_shooter.PAYTABLES[paytable].pays:
            if result == lucky_shooter.TOP:
                yield payout_row("help.lucky_top", payout)
            else:
                yield payout_row("help.lucky_count", payout, count=result.split(" ")[0])
        yield payout_row("help.lucky_hold", Payout(1, 1, "for"))
