"""The rule records each engine takes, built from a validated :class:`~terminal.config.Config`.

The engines in ``terminal/games`` and ``terminal/par`` are pure and never read the configuration; the
controller and the command line hand them these records. One builder per record, so the table and the
PAR sheet cannot disagree about what the configuration means.
"""

from __future__ import annotations

from terminal.config import Config
from terminal.games.base import Limits
from terminal.games.catalog import CRAPS_WAGERS, ROULETTE_WAGERS
from terminal.games.craps_rules import CrapsRules
from terminal.games.roulette import RouletteRules, make_rules
from terminal.games.touchdown import TouchdownRules, rules_for
from terminal.money import find_currency
from terminal.par.craps import CrapsParParams, craps_par_rows
from terminal.par.roulette import roulette_rows
from terminal.par.rows import ParRow
from terminal.par.touchdown import touchdown_rows

_SIDE_SECTIONS = {
    "touchdown": "touchdown",
    "lucky_shooter": "lucky_shooter",
    "fire": "fire_bet",
    "all_small": "bonus_craps",
    "all_tall": "bonus_craps",
    "all_or_nothing": "bonus_craps",
}


def unit(c: Config) -> int:
    """One whole currency unit in minor units (100 for USD)."""
    return find_currency(c.money.currency).scale


def wager_limits(c: Config, kind: str) -> Limits:
    """The limits of wager kind ``kind``: a side wager's own section, else ``[limits]`` and its overrides."""
    section = _SIDE_SECTIONS.get(kind)
    if section is None:
        return c.limits.for_wager(kind)
    side = getattr(c, section)
    step = unit(c) if section == "fire_bet" else c.limits.increment
    return Limits(side.min, side.max, step)


def roulette_rules(c: Config) -> RouletteRules:
    """Wheel, paytable, Five Adjacent and the limits of every roulette wager."""
    limits = tuple((kind, wager_limits(c, kind)) for kind in ROULETTE_WAGERS if kind != "touchdown")
    return make_rules(
        c.roulette.wheel, c.roulette.paytable, c.roulette.five_adjacent, limits, c.limits.for_wager("")
    )


def touchdown_rules(c: Config) -> TouchdownRules | None:
    """The Touchdown rules, or ``None`` where Touchdown is not offered."""
    if not c.touchdown.offered:
        return None
    return rules_for(c.touchdown.paytable, c.touchdown.yards, wager_limits(c, "touchdown"))


def craps_rules(c: Config) -> CrapsRules:
    """Odds, vig, increments and the side wagers offered, from ``[craps]`` and the side-wager sections."""
    return CrapsRules(
        max_odds=c.craps.max_odds,
        come_odds_on_comeout=c.craps.come_odds_on_comeout,
        buy_offered=c.craps.buy_offered,
        lay_offered=c.craps.lay_offered,
        vig_percent=c.craps.vig_percent,
        buy_vig="on_bet" if c.craps.buy_vig == "on_bet" else "on_win",
        lay_vig="on_win" if c.craps.lay_vig == "on_win" else "on_bet",
        vig_minimum=c.craps.vig_minimum,
        place_increments=c.craps.place_increments,
        unit=unit(c),
        fire_paytable=c.fire_bet.paytable if c.fire_bet.offered else None,
        bonus_paytable=c.bonus_craps.paytable if c.bonus_craps.offered else None,
        lucky_shooter_paytable=c.lucky_shooter.paytable if c.lucky_shooter.offered else None,
    )


def craps_par_params(c: Config) -> CrapsParParams:
    """What the craps PAR sheet depends on."""
    return CrapsParParams(
        vig_percent=c.craps.vig_percent,
        buy_vig=c.craps.buy_vig,
        lay_vig=c.craps.lay_vig,
        vig_minimum=c.craps.vig_minimum,
        max_odds=c.craps.max_odds,
        lucky_shooter_paytable=c.lucky_shooter.paytable,
        fire_paytable=c.fire_bet.paytable,
        bonus_paytable=c.bonus_craps.paytable,
        unit=unit(c),
        place_increments=c.craps.place_increments,
    )


def offered_craps_wagers(c: Config) -> frozenset[str]:
    """The craps wager ids this configuration offers (Buy, Lay and each side wager can be switched off)."""
    off: set[str] = set()
    if not c.craps.buy_offered:
        off |= {k for k in CRAPS_WAGERS if k.startswith("buy_")}
    if not c.craps.lay_offered:
        off |= {k for k in CRAPS_WAGERS if k.startswith("lay_")}
    if not c.fire_bet.offered:
        off.add("fire")
    if not c.bonus_craps.offered:
        off |= {"all_small", "all_tall", "all_or_nothing"}
    if not c.lucky_shooter.offered:
        off.add("lucky_shooter")
    return frozenset(CRAPS_WAGERS) - off


def par_rows(c: Config) -> list[ParRow]:
    """The PAR sheet rows of the configured game (the same rows as ``terminal par-sheet``): service mode's
    meters set actual RTP beside them, the floor sets each day's hold against them."""
    if c.table.game == "craps":
        offered = offered_craps_wagers(c)
        return [row for row in craps_par_rows(craps_par_params(c)) if row.wager in offered]
    rows = roulette_rows(c.roulette.wheel, c.roulette.five_adjacent, c.roulette.paytable)
    if c.touchdown.offered:
        rows += touchdown_rows((c.touchdown.paytable,), c.touchdown.yards)
    return rows
