"""The Crapless Craps pages of help (GAMES.md §6.4), from the paytables the crapless engine settles with.

The line page (Pass, Come, Put: even money; the odds on each of the ten points and the most the house
takes), Place and Buy on 2 to 12 with the commission as an example a player can check, the one-roll and
hardway bets and the hops (the craps rows, the World as the Whirl it is), the Fire Bet of ten points, and
Hard Rock'n Dice where offered. The odds and vig rules come from the ``Offer``.

>>> crapless_payout("place_2"), crapless_payout("put_odds_3"), crapless_payout("world")
(Payout(numerator=11, denominator=2, unit='to'), Payout(numerator=3, denominator=1, unit='to'), \
Payout(numerator=30, denominator=1, unit='to'))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from terminal.games.base import Payout
from terminal.games.crapless.rules import (
    FIRE,
    FIRE_MOST,
    HARD_ROCKN,
    HARD_ROCKN_WAGERS,
    HORN,
    ODDS_CHOICES,
    PLACE,
    POINTS,
    TENOR_ALL,
    TENOR_ALMOST,
    TRUE_ODDS,
    CraplessRules,
)
from terminal.money import MoneyError, parse_amount
from terminal.net import messages as m
from terminal.seat import help_craps
from terminal.seat.help_rows import (
    EVEN,
    Cell,
    GameHelp,
    Page,
    Row,
    head,
    limits_cell,
    one_limits,
    payout_cell,
    payout_row,
    text,
)

Money = Callable[[int], str]
LINE = ("pass", "come")
NUMBERS = ("place", "buy")
PROPS = ("field", "any_seven", "any_craps", "craps_2", "craps_3", "craps_12", "eleven", "c_and_e", "horn",
         "horn_high", "world", "hard_4", "hard_6", "hard_8", "hard_10")  # fmt: skip
_ODDS = ("pass_odds", "come_odds", "put_odds")


def crapless_payout(spot: str, paytable: str = "") -> Payout | None:
    """The (first) payout of a crapless wager or spot: what a picker button says it pays."""
    kind, _, tail = spot.rpartition("_")
    n = int(tail) if tail.isdigit() and int(tail) in POINTS else 0
    if n and kind == "place":
        return PLACE[n]
    if n and kind in ("buy", "come_odds", "put_odds"):
        return TRUE_ODDS[n]
    if spot in ("pass", "come") or (n and kind == "put"):
        return EVEN
    if spot == "pass_odds":
        return TRUE_ODDS[4]
    if spot == "fire_bet":
        return FIRE[min(FIRE)]
    if spot in HARD_ROCKN:
        return HARD_ROCKN[spot]
    if spot == "the_tenor":
        return TENOR_ALL
    if spot in ("horn", "horn_high", "world") or spot.startswith("horn_high:"):
        return HORN[2]  # the most a part pays: 30 to 1 on the 2 (or 12)
    return help_craps.craps_payout(spot, paytable)


def rules_of(offer: m.Offer, money_scale: int = 100) -> CraplessRules:
    """The house's odds, vig and increments as the engine's :class:`CraplessRules` (from the ``Offer``)."""
    found = {r.key: r.value for r in offer.rules}
    try:
        minimum = parse_amount(found.get("vig_minimum", "1.00").lstrip("$€£"))
    except MoneyError:
        minimum = money_scale
    odds = found.get("max_odds", "1-2-3-4-5x")
    percent = found.get("vig_percent", "5")
    return CraplessRules(
        max_odds=odds if odds in ODDS_CHOICES else "1-2-3-4-5x",
        vig_percent=int(percent) if percent.isdigit() and int(percent) <= 5 else 5,
        buy_vig="on_bet" if found.get("buy_vig") == "on_bet" else "on_win",
        vig_minimum=minimum,
        place_increments=found.get("place_increments", "on") == "on",
        unit=money_scale,
    )


def crapless_pages(offer: m.Offer, money: Money) -> list[Page]:
    """The crapless families that ``offer`` has, in the order of the table."""
    offered = {w.wager: w for w in offer.wagers}
    rules = rules_of(offer)
    out: list[Page] = []
    if any(k in offered for k in LINE) or any(w.startswith("put_") for w in offered):
        out.append(Page("help.family.crapless_line", tuple(_line_rows(offered, rules, money))))
    if any(w.startswith(NUMBERS) for w in offered):
        out.append(Page("help.family.crapless_numbers", tuple(_number_rows(offered, rules, money))))
    props = [k for k in PROPS if k in offered]
    if props:
        out.append(Page("help.family.props", tuple(_prop_rows(props, offered, money))))
    hops = [w for w in offered if w.startswith("hop_")]
    if hops:
        out.append(Page("help.family.hops", tuple(help_craps._hop_rows(hops, offered[hops[0]], money))))
    if "fire_bet" in offered:
        out.append(Page("wager.fire_bet", tuple(_fire_rows(offered["fire_bet"], money))))
    rockn = [offered[k] for k in HARD_ROCKN_WAGERS if k in offered]
    if rockn:
        out.append(Page("help.family.hard_rockn", tuple(_hard_rockn_rows(rockn, money))))
    return out


def _heading(wager: m.OfferedWager, money: Money) -> Row:
    key, args = limits_cell(wager, money)
    return Row(f"wager.{wager.wager}", (), key, args, heading=True)


def _line_rows(offered: dict[str, m.OfferedWager], rules: CraplessRules, money: Money) -> Iterator[Row]:
    chosen = [offered[k] for k in (*LINE, *(f"put_{n}" for n in POINTS)) if k in offered]
    rows = [head("help.col.bet", "help.col.pays", "help.col.limits")]
    rows += [Row(cells=((f"wager.{w.wager}", ()), payout_cell(EVEN), limits_cell(w, money))) for w in chosen]
    yield from one_limits(rows, chosen, money)
    for name, rule in (("wager.pass", "rules.crapless_pass"), ("wager.come", "rules.come"),
                       ("help.crapless.put", "rules.put")):  # fmt: skip
        yield text("help.rule_of", name=name, rule=rule)
    yield head("help.col.number", "help.col.crapless_odds", "help.col.most_odds")
    for n in POINTS:
        most = ("help.times", (("times", str(rules.odds_multiple(n))),))
        yield Row(cells=(("fmt.number", (("number", str(n)),)), payout_cell(TRUE_ODDS[n]), most))
    yield text("help.crapless.odds_note")


def _number_rows(offered: dict[str, m.OfferedWager], rules: CraplessRules, money: Money) -> Iterator[Row]:
    kinds = [k for k in NUMBERS if any(w == f"{k}_{n}" for w in offered for n in POINTS)]
    tables = {"place": PLACE, "buy": TRUE_ODDS}
    yield head("help.col.number", *(f"help.col.{k}" for k in kinds))
    for n in POINTS:
        cells: list[Cell] = [("fmt.number", (("number", str(n)),))]
        cells += [payout_cell(tables[k][n]) if f"{k}_{n}" in offered else ("fmt.value", (("value", "-"),))
                  for k in kinds]  # fmt: skip
        yield Row(cells=tuple(cells))
    yield text("help.crapless.numbers_note")
    if "buy" in kinds and rules.vig_percent:
        stake = next(
            s for s in range(rules.unit, 1000 * rules.unit + 1, rules.unit) if rules.vig_within_cap(s)
        )
        win = TRUE_ODDS[4].returned(stake) - stake
        yield text("help.vig.buy", percent=str(rules.vig_percent), when=f"value.{rules.buy_vig}",
                   minimum=money(rules.vig_minimum), stake=money(stake), win=money(win),
                   vig=money(rules.vig(stake)))  # fmt: skip
    if rules.place_increments:
        yield text("help.crapless.increments", two=money(rules.increment("place", 2)),
                   three=money(rules.increment("place", 3)), five=money(rules.increment("place", 4)),
                   six=money(rules.increment("place", 6)), buy_five=money(rules.increment("buy", 5)),
                   buy_six=money(rules.increment("buy", 6)))  # fmt: skip
    for kind in kinds:
        first = next(offered[f"{kind}_{n}"] for n in POINTS if f"{kind}_{n}" in offered)
        key, args = limits_cell(first, money)
        yield Row(f"help.col.{kind}", (), key, args)


def _prop_rows(props: list[str], offered: dict[str, m.OfferedWager], money: Money) -> Iterator[Row]:
    rows = [head("help.col.bet", "help.col.wins", "help.col.pays", "help.col.limits")]
    chosen = [offered[k] for k in props]
    for wager in chosen:
        lines = help_craps._prop_lines("whirl" if wager.wager == "world" else wager.wager)
        for n, (wins, payout) in enumerate(lines):
            name: Cell = (f"wager.{wager.wager}", ()) if n == 0 else ("fmt.value", (("value", ""),))
            limits = limits_cell(wager, money) if n == 0 else ("fmt.value", (("value", ""),))
            rows.append(Row(cells=(name, wins, payout_cell(payout), limits)))
    yield text("help.crapless.props_note")
    yield from one_limits(rows, chosen, money)


def _fire_rows(wager: m.OfferedWager, money: Money) -> Iterator[Row]:
    yield _heading(wager, money)
    yield text("rules.crapless_fire")
    for points, payout in sorted(FIRE.items()):
        key = "help.crapless_fire_most" if points == FIRE_MOST else "help.fire_points"
        yield payout_row(key, payout, count=str(points))


def _hard_rockn_rows(chosen: list[m.OfferedWager], money: Money) -> Iterator[Row]:
    yield text("help.hard_rockn.note")
    for wager in chosen:
        yield _heading(wager, money)
        yield text(f"rules.{wager.wager}")
        if wager.wager == "the_tenor":
            yield payout_row("help.tenor_all", TENOR_ALL)
            yield payout_row("help.tenor_almost", TENOR_ALMOST)
        else:
            yield payout_row("help.pays", HARD_ROCKN[wager.wager])


HELP = GameHelp(crapless_pages, crapless_payout)
