"""The craps pages of help: the line and its odds, place/buy/lay, one-roll and hardway bets, hops and the
side wagers, from the payouts of ``terminal.games`` and the house's odds and vig rules in the ``Offer``.

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
    HORN,
    LAY_ODDS,
    ODDS_CHOICES,
    PLACE,
    PLACE_LOSE,
    PROPOSITION,
    SIX_SEVEN_EIGHT,
    SIX_SEVEN_EIGHT_PAIR,
    TRUE_ODDS,
    CrapsRules,
    win_amount,
)
from terminal.money import MoneyError, parse_amount
from terminal.net import messages as m
from terminal.seat.help_rows import (
    EVEN,
    Cell,
    GameHelp,
    Page,
    Row,
    head,
    limits_cell,
    limits_row,
    one_limits,
    payout_cell,
    payout_row,
    text,
)

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
    found = {r.key: r.value for r in offer.rules}
    try:
        minimum = parse_amount(found.get("vig_minimum", "1.00").lstrip("$€£"))
    except MoneyError:
        minimum = money_scale
    odds = found.get("max_odds", "3-4-5x")
    percent = found.get("vig_percent", "5")
    return CrapsRules(
        max_odds=odds if odds in ODDS_CHOICES else "3-4-5x",
        vig_percent=int(percent) if percent.isdigit() and int(percent) <= 5 else 5,
        buy_vig="on_bet" if found.get("buy_vig") == "on_bet" else "on_win",
        lay_vig="on_win" if found.get("lay_vig") == "on_win" else "on_bet",
        vig_minimum=minimum,
        place_increments=found.get("place_increments", "on") == "on",
        unit=money_scale,
    )


def craps_pages(offer: m.Offer, money: Money) -> list[Page]:
    """The craps families that ``offer`` has, in the order of the table."""
    offered = {w.wager: w for w in offer.wagers}
    rules = rules_of(offer)
    out: list[Page] = []
    if any(k in offered for k in LINE):
        out.append(Page("help.family.line", tuple(_line_rows(offered, rules, money))))
    if any(w.startswith(NUMBERS) for w in offered):
        out.append(Page("help.family.numbers", tuple(_number_rows(offered, rules, money))))
    if any(k in offered for k in PROPS):
        out.append(Page("help.family.props", tuple(_prop_rows(offered, money))))
    hops = [w for w in offered if w.startswith("hop_")]
    if hops:
        out.append(Page("help.family.hops", tuple(_hop_rows(hops, offered[hops[0]], money))))
    out += list(_side_pages(offered, money))
    return out


def _heading(wager: m.OfferedWager, money: Money) -> Row:
    key, args = limits_cell(wager, money)
    return Row(f"wager.{wager.wager}", (), key, args, heading=True)


def _line_rows(offered: dict[str, m.OfferedWager], rules: CrapsRules, money: Money) -> Iterator[Row]:
    chosen = [offered[k] for k in LINE if k in offered]
    rows = [head("help.col.bet", "help.col.pays", "help.col.limits")]
    rows += [Row(cells=((f"wager.{w.wager}", ()), payout_cell(EVEN), limits_cell(w, money))) for w in chosen]
    yield from one_limits(rows, chosen, money)
    for wager in chosen:
        yield text("help.rule_of", name=f"wager.{wager.wager}", rule=f"rules.{wager.wager}")
    yield head("help.col.number", "help.col.odds", "help.col.dont_odds", "help.col.most_odds")
    for n in POINTS:
        most = ("help.times", (("times", str(rules.odds_multiple(n))),))
        yield Row(cells=(("fmt.number", (("number", str(n)),)), payout_cell(TRUE_ODDS[n]),
                         payout_cell(LAY_ODDS[n]), most))  # fmt: skip
    yield text("help.odds.note")


def _number_rows(offered: dict[str, m.OfferedWager], rules: CrapsRules, money: Money) -> Iterator[Row]:
    kinds = [k for k in NUMBERS if any(w == f"{k}_{n}" for w in offered for n in POINTS)]
    tables = {"place": PLACE, "buy": TRUE_ODDS, "lay": LAY_ODDS, "place_lose": PLACE_LOSE}
    yield head("help.col.number", *(f"help.col.{k}" for k in kinds))
    for n in POINTS:
        cells: list[Cell] = [("fmt.number", (("number", str(n)),))]
        cells += [payout_cell(tables[k][n]) if f"{k}_{n}" in offered else ("fmt.value", (("value", "-"),))
                  for k in kinds]  # fmt: skip
        yield Row(cells=tuple(cells))
    yield text("help.numbers.note")
    for kind, timing in (("buy", rules.buy_vig), ("lay", rules.lay_vig)):
        if kind in kinds and rules.vig_percent:
            yield _vig_example(kind, timing, rules, money)
    if rules.place_increments:
        six, five = rules.increment("place", 6), rules.increment("buy", 4)
        yield text("help.increments", six=money(six), five=money(five))
    for kind in kinds:
        first = next(offered[f"{kind}_{n}"] for n in POINTS if f"{kind}_{n}" in offered)
        key, args = limits_cell(first, money)
        yield Row(f"help.col.{kind}", (), key, args)


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


def _totals(numbers: tuple[int, ...] | list[int]) -> Cell:
    return "fmt.value", (("value", ", ".join(str(n) for n in numbers)),)


def _prop_rows(offered: dict[str, m.OfferedWager], money: Money) -> Iterator[Row]:
    rows = [head("help.col.bet", "help.col.wins", "help.col.pays", "help.col.limits")]
    chosen = [offered[k] for k in PROPS if k in offered]
    for wager in chosen:
        for n, (wins, payout) in enumerate(_prop_lines(wager.wager)):
            name: Cell = (f"wager.{wager.wager}", ()) if n == 0 else ("fmt.value", (("value", ""),))
            limits = limits_cell(wager, money) if n == 0 else ("fmt.value", (("value", ""),))
            rows.append(Row(cells=(name, wins, payout_cell(payout), limits)))
    yield text("help.props.note")
    yield from one_limits(rows, chosen, money)


def _prop_lines(kind: str) -> Iterator[tuple[Cell, Payout]]:
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


def _side_pages(offered: dict[str, m.OfferedWager], money: Money) -> Iterator[Page]:
    if "fire" in offered:
        wager = offered["fire"]
        rows = [_heading(wager, money), text("rules.fire")]
        for points, payout in fire.PAYTABLES[wager.paytable.upper()].pays:
            rows.append(payout_row("help.fire_points", payout, count=str(points)))
        yield Page("wager.fire", tuple(rows))
    chosen = [offered[k] for k in BONUS if k in offered]
    if chosen:
        rows = []
        for wager in chosen:
            payout = bonus.PAYTABLES[wager.paytable.upper()].payout(wager.wager)
            rows += [_heading(wager, money), text(f"rules.{wager.wager}"), payout_row("help.pays", payout)]
        yield Page("help.family.bonus", (text("help.bonus.note"), *rows))
    if "lucky_shooter" in offered:
        yield Page("wager.lucky_shooter", tuple(_lucky_rows(offered["lucky_shooter"], money)))
    if "hot_roller" in offered:
        yield Page("wager.hot_roller", tuple(_hot_rows(offered["hot_roller"], money)))


def _hot_rows(wager: m.OfferedWager, money: Money) -> Iterator[Row]:
    """Hot Roller: the rules, the paytable in play and the 14 combinations, from ``hot_roller``'s data."""
    yield _heading(wager, money)
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
    yield _heading(wager, money)
    yield text("rules.lucky_shooter")
    for result, payout in lucky_shooter.PAYTABLES[wager.paytable.upper()].pays:
        if result == lucky_shooter.TOP:
            yield payout_row("help.lucky_top", payout)
        else:
            yield payout_row("help.lucky_count", payout, count=result.split(" ")[0])
    yield payout_row("help.lucky_hold", Payout(1, 1, "for"))


HELP = GameHelp(craps_pages, craps_payout)
