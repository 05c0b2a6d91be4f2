"""The craps pages of help: the line and its odds, place/buy/lay, one-roll and hardway bets, hops and the
side wagers, from the payouts of ``terminal.games`` and the house's odds and vig rules in the ``Offer``.
The pages craps writes as Crapless Craps does are :mod:`terminal.seat.help_craps_family`'s; this module
declares craps' :class:`~terminal.seat.help_craps_family.Family` and writes its side-wager pages.

The largest odds and the commission are stated as amounts a player can check: "up to 5 times the line
bet on the 6", "a $20.00 Buy on the 4 wins $40.00 less $1.00", computed with the engine's own
:class:`~terminal.games.craps.rules.CrapsRules`.

>>> craps_payout("place_6"), craps_payout("come_odds_4"), craps_payout("lay_10")
(Payout(numerator=7, denominator=6, unit='to'), Payout(numerator=2, denominator=1, unit='to'), \
Payout(numerator=1, denominator=2, unit='to'))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from terminal.games.base import Payout
from terminal.games.craps import bonus, fire, hot_roller, lucky_shooter
from terminal.games.craps.records import POINTS
from terminal.games.craps.rules import (
    FIELD,
    HARDWAY,
    HOP_HARD,
    HOP_MIXED,
    LAY_ODDS,
    ODDS_CHOICES,
    PLACE,
    PLACE_LOSE,
    PROPOSITION,
    SIX_SEVEN_EIGHT,
    TRUE_ODDS,
    CrapsRules,
    win_amount,
)
from terminal.net import messages as m
from terminal.seat.help_craps_family import Family, family_pages, heading, house_terms
from terminal.seat.help_rows import EVEN, GameHelp, Page, Row, head, payout_row, text

Money = Callable[[int], str]
LINE = ("pass", "dont_pass", "come", "dont_come")
NUMBERS = ("place", "buy", "lay", "place_lose")
PROPS = ("field", "any_seven", "any_craps", "craps_2", "craps_3", "craps_12", "eleven", "c_and_e", "horn",
         "horn_high", "whirl", "six_seven_eight", "hard_4", "hard_6", "hard_8", "hard_10")  # fmt: skip
BONUS = ("all_small", "all_tall", "all_or_nothing")


def craps_payout(spot: str, paytable: str = "") -> Payout | None:
    """The (first) payout of a craps wager or spot: what a picker button says it pays."""
    kind, _, tail = spot.rpartition("_")
    n = int(tail) if tail.isdigit() and int(tail) in POINTS else 0
    by_kind = {"place": PLACE, "place_lose": PLACE_LOSE, "buy": TRUE_ODDS, "lay": LAY_ODDS,
               "come_odds": TRUE_ODDS, "dont_come_odds": LAY_ODDS}  # fmt: skip
    if n and kind in by_kind:
        return by_kind[kind][n]
    if spot.startswith("hard_") and n:
        return HARDWAY[n]
    if spot.startswith("hop_"):
        first, second = spot.split("_")[1:]
        return HOP_HARD if first == second else HOP_MIXED
    simple: dict[str, Payout] = {
        **dict.fromkeys(LINE, EVEN), **{k: v[1] for k, v in PROPOSITION.items()}, "field": FIELD[3],
        "six_seven_eight": SIX_SEVEN_EIGHT, "pass_odds": TRUE_ODDS[4], "dont_pass_odds": LAY_ODDS[4],
    }  # fmt: skip
    if spot in simple:
        return simple[spot]
    if spot in BONUS and paytable.upper() in bonus.PAYTABLES:
        return bonus.PAYTABLES[paytable.upper()].payout(spot)
    return None


def rules_of(offer: m.Offer, money_scale: int = 100) -> CrapsRules:
    """The house's odds, vig and increments as the engine's :class:`CrapsRules` (from the ``Offer``)."""
    lay_win = {r.key: r.value for r in offer.rules}.get("lay_vig") == "on_win"
    return CrapsRules(
        lay_vig="on_win" if lay_win else "on_bet", **house_terms(offer, money_scale, "3-4-5x", ODDS_CHOICES)
    )


def craps_pages(offer: m.Offer, money: Money) -> list[Page]:
    """The craps families that ``offer`` has, in the order of the table."""
    return family_pages(CRAPS, offer, money)


def _number_notes(rules: CrapsRules, kinds: list[str], money: Money) -> Iterator[Row]:
    """The commission of Buy and Lay, each with an example, and the increments Place and Buy take."""
    for kind, timing in (("buy", rules.buy_vig), ("lay", rules.lay_vig)):
        if kind in kinds and rules.vig_percent:
            yield _vig_example(kind, timing, rules, money)
    if rules.place_increments:
        six, five = rules.increment("place", 6), rules.increment("buy", 4)
        yield text("help.increments", six=money(six), five=money(five))


def _vig_example(kind: str, timing: str, rules: CrapsRules, money: Money) -> Row:
    """The commission stated with an example a player can check: the smallest stake on 4 it applies to."""
    stake = rules.smallest_vig_stake(kind, 4)
    win = win_amount((TRUE_ODDS if kind == "buy" else LAY_ODDS)[4], stake)
    vig = rules.vig(rules.vig_base(kind, 4, stake))
    return text(
        f"help.vig.{kind}",
        percent=str(rules.vig_percent),
        when=f"value.{timing}",
        minimum=money(rules.vig_minimum),
        stake=money(stake),
        win=money(win),
        vig=money(vig),
    )


def _side_pages(offered: dict[str, m.OfferedWager], money: Money) -> Iterator[Page]:
    if "fire" in offered:
        wager = offered["fire"]
        rows = [heading(wager, money), text("rules.fire")]
        for points, payout in fire.PAYTABLES[wager.paytable.upper()].pays:
            rows.append(payout_row("help.fire_points", payout, count=str(points)))
        yield Page("wager.fire", tuple(rows))
    chosen = [offered[k] for k in BONUS if k in offered]
    if chosen:
        rows = []
        for wager in chosen:
            payout = bonus.PAYTABLES[wager.paytable.upper()].payout(wager.wager)
            rows += [heading(wager, money), text(f"rules.{wager.wager}"), payout_row("help.pays", payout)]
        yield Page("help.family.bonus", (text("help.bonus.note"), *rows))
    if "lucky_shooter" in offered:
        yield Page("wager.lucky_shooter", tuple(_lucky_rows(offered["lucky_shooter"], money)))
    if "hot_roller" in offered:
        yield Page("wager.hot_roller", tuple(_hot_rows(offered["hot_roller"], money)))


def _hot_rows(wager: m.OfferedWager, money: Money) -> Iterator[Row]:
    """Hot Roller: the rules, the paytable in play and the 14 combinations, from ``hot_roller``'s data."""
    yield heading(wager, money)
    yield text("rules.hot_roller")
    for count, payout in hot_roller.PAYTABLES[wager.paytable.upper()].pays:
        if count == len(hot_roller.NUMBERS):
            yield payout_row("help.hot_all", payout, count=str(count))
        else:
            yield payout_row("help.hot_count", payout, count=str(count))
    yield head("help.col.number", "help.col.combinations")
    for number, combos in hot_roller.NUMBERS.items():
        faces = ", ".join(f"{code // 10}-{code % 10}" for code in combos)
        yield Row(cells=(("fmt.number", (("number", str(number)),)), ("fmt.value", (("value", faces),))))


def _lucky_rows(wager: m.OfferedWager, money: Money) -> Iterator[Row]:
    yield heading(wager, money)
    yield text("rules.lucky_shooter")
    for result, payout in lucky_shooter.PAYTABLES[wager.paytable.upper()].pays:
        if result == lucky_shooter.TOP:
            yield payout_row("help.lucky_top", payout)
        else:
            yield payout_row("help.lucky_count", payout, count=result.split(" ")[0])
    yield payout_row("help.lucky_hold", Payout(1, 1, "for"))


CRAPS = Family(
    rules=rules_of,
    points=POINTS,
    line_title="help.family.line",
    line=LINE,
    line_rules=lambda chosen: ((f"wager.{w.wager}", f"rules.{w.wager}") for w in chosen),
    odds=(("help.col.odds", TRUE_ODDS), ("help.col.dont_odds", LAY_ODDS)),
    odds_note="help.odds.note",
    numbers_title="help.family.numbers",
    numbers={"place": PLACE, "buy": TRUE_ODDS, "lay": LAY_ODDS, "place_lose": PLACE_LOSE},
    numbers_note="help.numbers.note",
    number_notes=_number_notes,
    props=PROPS,
    props_note="help.props.note",
    sides=lambda offered, money: _side_pages(offered, money),
)
HELP = GameHelp(craps_pages, craps_payout)
