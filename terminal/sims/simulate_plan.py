"""The strategy a simulation plays, built from the configuration: every offered wager, at an exact stake.

Each wager id of the game's offered wagers is played, at the smallest stake its limits allow that is
also a multiple of what the rules need (place increments, Horn in parts, Fire in whole units) and for
which every payout and vig is a whole number of minor units. The PAR sheet is exact in fractions, so a
stake that a payout would round down could never match it; this keeps the comparison fair.
Horn High is played twice (high on 12 and high on 11: two PAR rows), odds behind every flat bet.

>>> from terminal.games.base import Limits
>>> first_exact(Limits(100, 50_000, 100), 500, lambda a: a * 5 % 11 == 0)  # place to lose 4 (5 to 11)
5500
"""

from __future__ import annotations

from collections.abc import Callable
from math import lcm

from terminal.config import Config
from terminal.config.game_rules import ConfigSettings, wager_limits
from terminal.games.base import Limits, Payout
from terminal.games.craps.catalog import WAGERS as CRAPS_WAGERS
from terminal.games.craps.game import GAME_DECLARATION as CRAPS
from terminal.games.craps.records import POINTS, Spot
from terminal.games.craps.rules import LAY_ODDS, PLACE, PLACE_LOSE, TRUE_ODDS, CrapsRules, win_amount
from terminal.games.roulette.catalog import WAGERS as ROULETTE_WAGERS
from terminal.games.roulette.game import GAME_DECLARATION as ROULETTE
from terminal.games.roulette.spots import spots_of
from terminal.sims.simulate_craps import CrapsEntry, CrapsPlan
from terminal.sims.simulate_roulette import RoulettePlan
from terminal.sims.simulate_seam import PlanError

_PARTS = {"c_and_e": 2, "horn": 4, "horn_high": 5, "whirl": 5, "five_adjacent": 5}
_WHEN = {
    "pass": "come_out",
    "dont_pass": "come_out",
    "come": "point",
    "dont_come": "point",
    "fire": "new_shooter",
    "hot_roller": "come_out",
}
_ODDS = (
    ("pass_odds", "pass"),
    ("dont_pass_odds", "dont_pass"),
    ("come_odds", "come"),
    ("dont_come_odds", "dont_come"),
)


def first_exact(limits: Limits, step: int, exact: Callable[[int], bool]) -> int:
    """The smallest multiple of ``step`` and the limits' increment within the limits that is ``exact``."""
    unit = lcm(step, limits.increment)
    amount = -(-limits.minimum // unit) * unit
    while amount <= limits.maximum:
        if exact(amount):
            return amount
        amount += unit
    raise PlanError(f"no stake of {limits.minimum}..{limits.maximum} in steps of {unit} pays exactly")


def _pays_exactly(payout: Payout, amount: int) -> bool:
    return amount * payout.ratio.numerator % payout.ratio.denominator == 0


# --- roulette ------------------------------------------------------------------------------------------


def roulette_plan(c: Config) -> RoulettePlan:
    """One spot of every wager kind the wheel offers (the middle one of its kind), and Touchdown."""
    rules = ROULETTE.rules(ConfigSettings(c))
    spots = []
    for kind in ROULETTE_WAGERS:
        if kind in ("touchdown", "b2b", "blazing7s"):  # played apart: not spots of the layout
            continue
        of_kind = spots_of(kind, rules.wheel.name, rules.five_adjacent)
        if not of_kind:
            continue
        spot = of_kind[len(of_kind) // 2]
        limits = rules.limits_for(kind)
        try:
            stake = first_exact(limits, _PARTS.get(kind, 1) * limits.increment, lambda a: True)
        except PlanError as exc:
            raise PlanError(f"{kind}: {exc}") from None
        spots.append((spot.text, stake))
    td = ROULETTE.touchdown_rules(ConfigSettings(c))
    td_stake = 0
    if td is not None:
        exact = lambda a: all(_pays_exactly(p, a) for _, p in td.paytable.entries)  # noqa: E731
        td_stake = first_exact(td.limits, 1, exact)
    extra = ROULETTE.side_rules(ConfigSettings(c))
    b2b = first_exact(extra.b2b.limits, 1, lambda a: True) if extra.b2b is not None else 0  # "to 1": exact
    blazing = first_exact(extra.blazing.limits, 1, lambda a: True) if extra.blazing is not None else 0
    offered = extra if extra.b2b is not None or extra.blazing is not None else None
    return RoulettePlan(rules, tuple(spots), td, td_stake, offered, b2b, blazing)


# --- craps ---------------------------------------------------------------------------------------------


def craps_plan(c: Config) -> CrapsPlan:
    """Every offered craps wager id kept up, with full odds behind every flat bet."""
    rules = CRAPS.rules(ConfigSettings(c))
    offered = CRAPS.offered(rules)
    entries: list[CrapsEntry] = []
    flats: dict[str, int] = {}
    for wager_id in CRAPS_WAGERS:
        if wager_id not in offered:
            continue
        texts = ("horn_high:12", "horn_high:11") if wager_id == "horn_high" else (wager_id,)
        for text in texts:
            spot = Spot.parse(text)
            try:
                amount = first_exact(wager_limits(c, wager_id), _step(spot, rules), _exact(spot, rules))
            except PlanError as exc:
                raise PlanError(f"{text}: {exc}") from None
            entries.append(CrapsEntry(text, spot, amount, _WHEN.get(spot.kind, _side(spot.kind))))
            flats[text] = amount
    for odds, flat in _ODDS:
        if flat in flats:
            entries += _odds_entries(c, rules, odds, flats[flat])
    return CrapsPlan(rules, tuple(entries))


def _side(kind: str) -> str:
    return "new_shooter" if kind.startswith("all_") else "always"


def _step(spot: Spot, rules: CrapsRules) -> int:
    if spot.kind == "fire":
        return rules.unit
    return _PARTS.get(spot.kind, rules.increment(spot.kind, spot.number))


def _exact(spot: Spot, rules: CrapsRules) -> Callable[[int], bool]:
    kind, n = spot.kind, spot.number
    if kind == "place":
        return lambda a: _pays_exactly(PLACE[n], a)
    if kind == "place_lose":
        return lambda a: _pays_exactly(PLACE_LOSE[n], a)
    if kind == "buy":
        return lambda a: _pays_exactly(TRUE_ODDS[n], a) and _vig_exact(rules, a)
    if kind == "lay":
        return lambda a: _pays_exactly(LAY_ODDS[n], a) and _vig_exact(rules, win_amount(LAY_ODDS[n], a))
    return lambda a: True


def _vig_exact(rules: CrapsRules, base: int) -> bool:
    """The vig on ``base`` is exactly the percentage: no rounding down, not raised to the minimum."""
    return rules.vig(base) * 100 == base * rules.vig_percent


def _odds_entries(c: Config, rules: CrapsRules, kind: str, flat: int) -> list[CrapsEntry]:
    limits = wager_limits(c, kind)
    amounts = []
    for n in POINTS:
        payout = LAY_ODDS[n] if kind.startswith("dont") else TRUE_ODDS[n]
        most = min(rules.odds_limit(kind, n, flat), limits.maximum)
        amount = most - most % limits.increment
        while amount >= limits.minimum and not _pays_exactly(payout, amount):
            amount -= limits.increment
        if amount >= limits.minimum:
            amounts.append((n, amount))
    if kind in ("pass_odds", "dont_pass_odds"):
        return [CrapsEntry(kind, Spot(kind), 0, "odds", tuple(amounts))]
    return [CrapsEntry(f"{kind}_{n}", Spot(kind, n), 0, "odds", ((n, a),)) for n, a in amounts]
