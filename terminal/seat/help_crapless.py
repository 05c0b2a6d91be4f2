"""The Crapless Craps pages of help (GAMES.md §6.4), from the paytables the crapless engine settles with.

The line page (Pass, Come, Put: even money; the odds on each of the ten points and the most the house
takes), Place and Buy on 2 to 12 with the commission as an example a player can check, the one-roll and
hardway bets and the hops (the craps rows, the World as the Whirl it is), the Fire Bet of ten points, and
Hard Rock'n Dice where offered. The odds and vig rules come from the ``Offer``. The pages it writes as
craps does are :mod:`terminal.seat.help_craps_family`'s, fed by :data:`CRAPLESS`, crapless's differences.

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
from terminal.net import messages as m
from terminal.seat import help_craps
from terminal.seat.help_craps_family import Family, family_pages, heading, house_terms
from terminal.seat.help_rows import EVEN, GameHelp, Page, Row, payout_row, text

Money = Callable[[int], str]
LINE = ("pass", "come")
PROPS = ("field", "any_seven", "any_craps", "craps_2", "craps_3", "craps_12", "eleven", "c_and_e", "horn",
         "horn_high", "world", "hard_4", "hard_6", "hard_8", "hard_10")  # fmt: skip


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
    return CraplessRules(**house_terms(offer, money_scale, "1-2-3-4-5x", ODDS_CHOICES))


def crapless_pages(offer: m.Offer, money: Money) -> list[Page]:
    """The crapless families that ``offer`` has, in the order of the table."""
    return family_pages(CRAPLESS, offer, money)


def _number_notes(rules: CraplessRules, kinds: list[str], money: Money) -> Iterator[Row]:
    """The commission of a Buy with an example a player can check, and the increments of Place and Buy."""
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


def _side_pages(offered: dict[str, m.OfferedWager], money: Money) -> Iterator[Page]:
    if "fire_bet" in offered:
        yield Page("wager.fire_bet", tuple(_fire_rows(offered["fire_bet"], money)))
    rockn = [offered[k] for k in HARD_ROCKN_WAGERS if k in offered]
    if rockn:
        yield Page("help.family.hard_rockn", tuple(_hard_rockn_rows(rockn, money)))


def _fire_rows(wager: m.OfferedWager, money: Money) -> Iterator[Row]:
    yield heading(wager, money)
    yield text("rules.crapless_fire")
    for points, payout in sorted(FIRE.items()):
        key = "help.crapless_fire_most" if points == FIRE_MOST else "help.fire_points"
        yield payout_row(key, payout, count=str(points))


def _hard_rockn_rows(chosen: list[m.OfferedWager], money: Money) -> Iterator[Row]:
    yield text("help.hard_rockn.note")
    for wager in chosen:
        yield heading(wager, money)
        yield text(f"rules.{wager.wager}")
        if wager.wager == "the_tenor":
            yield payout_row("help.tenor_all", TENOR_ALL)
            yield payout_row("help.tenor_almost", TENOR_ALMOST)
        else:
            yield payout_row("help.pays", HARD_ROCKN[wager.wager])


#: The line page's paragraphs: each line bet's rule, whichever are offered.
_LINE_RULES = (
    ("wager.pass", "rules.crapless_pass"),
    ("wager.come", "rules.come"),
    ("help.crapless.put", "rules.put"),
)
CRAPLESS = Family(
    rules=rules_of,
    points=POINTS,
    line_title="help.family.crapless_line",
    line=(*LINE, *(f"put_{n}" for n in POINTS)),
    line_rules=lambda chosen: _LINE_RULES,
    odds=(("help.col.crapless_odds", TRUE_ODDS),),
    odds_note="help.crapless.odds_note",
    numbers_title="help.family.crapless_numbers",
    numbers={"place": PLACE, "buy": TRUE_ODDS},
    numbers_note="help.crapless.numbers_note",
    number_notes=_number_notes,
    props=PROPS,
    props_note="help.crapless.props_note",
    sides=_side_pages,
    line_prefixes=("put_",),
    prop_as={"world": "whirl"},
)
HELP = GameHelp(crapless_pages, crapless_payout)
