"""Settling every crapless wager on one roll: ``settle(state, wagers, dice, rules)`` (GAMES.md §6.4).

The one-roll wagers are the craps engine's (``terminal.games.craps.settle.resolve``: the same field,
propositions, horn, hops; the World is its Whirl, Horn plus Any Seven). What differs is settled here: the
line wagers with no craps on the come-out, Put, Place/Buy/odds on 2 to 12, hardways working on the
come-out, the ten-point Fire Bet and Hard Rock'n Dice. Losers come first, then pushes, then winners.

>>> bets = (Wager("a", 1, Spot("pass"), 1000), Wager("b", 1, Spot.parse("place_2"), 200))
>>> done, left, state = settle(TableState(), bets, (1, 1), CraplessRules())  # come-out 2: the point
>>> done, [w.ref for w in left], state.point
((), ['a', 'b'], 2)
>>> done, left, state = settle(state, left, (1, 1), CraplessRules())         # 2 made: 1 to 1, 11 to 2
>>> [(s.wager_ref, s.returned) for s in done], state.point
([('a', 2000), ('b', 1300)], None)
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from terminal.games.base import Payout, Result, Settlement
from terminal.games.crapless.records import Spot, TableState, Wager, hop_pair, next_state
from terminal.games.crapless.rules import (
    EVEN,
    FAB_FOUR,
    FIRE,
    FIRE_MOST,
    HARD_ROCKN,
    HARDWAY,
    PLACE,
    SIX_STRING,
    TENOR,
    TENOR_ALL,
    TENOR_ALMOST,
    TRUE_ODDS,
    CraplessRules,
)
from terminal.games.craps import settle as craps_settle
from terminal.games.craps.records import Roll
from terminal.games.craps.records import Spot as CrapsSpot
from terminal.games.craps.records import TableState as CrapsState
from terminal.games.craps.records import Wager as CrapsWager
from terminal.games.craps.rules import CrapsRules

STANDARD = "standard"
_CRAPS_RULES, _CRAPS_STATE = CrapsRules(), CrapsState()  # the one-roll resolvers read neither


def settle(
    state: TableState, wagers: tuple[Wager, ...], dice: tuple[int, int], rules: CraplessRules
) -> tuple[tuple[Settlement, ...], tuple[Wager, ...], TableState]:
    """Settle ``wagers`` on the roll ``dice`` from ``state``; the wagers carried on and the next state."""
    refs = [w.ref for w in wagers]
    if len(set(refs)) != len(refs):
        raise ValueError(f"wager refs must be unique, got {sorted(r for r in refs if refs.count(r) > 1)}")
    settled: list[Settlement] = []
    carried: list[Wager] = []
    for wager in wagers:
        outcome = resolve(wager, state, dice, rules)
        if isinstance(outcome, Settlement):
            settled.append(outcome)
        else:
            carried.append(outcome)
    order = {Result.LOSE: 0, Result.PUSH: 1, Result.WIN: 2}
    settled.sort(key=lambda s: order[s.result])  # stable: wager order within each result
    return tuple(settled), tuple(carried), next_state(state, dice[0] + dice[1])


def is_working(wager: Wager, state: TableState, rules: CraplessRules) -> bool:
    """ON/OFF: the seat's toggle if set, else the spot's default (GAMES.md §6.4, Decision 5)."""
    if wager.working is not None:
        return wager.working
    kind = wager.spot.kind
    if kind in ("place", "buy"):
        return not state.come_out
    if kind == "hard":
        return rules.hardways_on_comeout or not state.come_out
    if kind in ("come_odds", "put_odds"):
        return not state.come_out or rules.come_odds_on_comeout
    return True


def resolve(
    wager: Wager, state: TableState, dice: tuple[int, int], rules: CraplessRules
) -> Settlement | Wager:
    """One wager on one roll: its settlement, or the wager carried on (a Come moved to its point)."""
    kind, total = wager.spot.kind, dice[0] + dice[1]
    if kind == "pass":
        return _line(wager, state.point, total) if state.point is not None else _come_out(wager, total)
    if kind == "come":
        if wager.number is None:
            return _come_out(wager, total) if total == 7 else replace(wager, number=total)
        return _line(wager, wager.number, total)
    if kind == "put":
        return _line(wager, wager.spot.number, total)
    if kind in ("pass_odds", "come_odds", "put_odds"):
        return _odds(wager, state, total, rules)
    if kind in ("place", "buy", "hard"):
        return _number(wager, state, dice, rules)
    if kind == "fire_bet":
        return _fire(wager, state, total)
    if kind in ("six_string", "fab_four", "the_tenor"):
        return _hard_rockn(wager, state, total)
    return _one_roll(wager, state, dice)


def _record(wager: Wager, returned: int, entry: str) -> Settlement:
    cost = wager.cost
    result = Result.WIN if returned > cost else Result.PUSH if returned == cost else Result.LOSE
    return Settlement(wager.ref, wager.spot.wager_id, STANDARD, cost, returned, result, entry)


def _win(wager: Wager, payout: Payout, entry: str) -> Settlement:
    return _record(wager, wager.vig + payout.returned(wager.amount), entry)


def _come_out(wager: Wager, total: int) -> Settlement | Wager:
    return _win(wager, EVEN, "come-out 7") if total == 7 else wager


def _line(wager: Wager, point: int, total: int) -> Settlement | Wager:
    if total == point:
        return _win(wager, EVEN, f"point {point} made")
    if total == 7:
        return _record(wager, 0, "seven-out")
    return wager


def _odds(wager: Wager, state: TableState, total: int, rules: CraplessRules) -> Settlement | Wager:
    number = state.point if wager.spot.kind == "pass_odds" else wager.spot.number
    if number is None or total not in (7, number):
        return wager
    if not is_working(wager, state, rules):
        return _record(wager, wager.cost, f"{total}: odds off, returned")
    if total == number:
        return _win(wager, TRUE_ODDS[number], f"{number} rolled")
    return _record(wager, 0, "seven")


def _number(
    wager: Wager, state: TableState, dice: tuple[int, int], rules: CraplessRules
) -> Settlement | Wager:
    kind, number, total = wager.spot.kind, wager.spot.number, dice[0] + dice[1]
    if total not in (7, number) or not is_working(wager, state, rules):
        return wager
    if kind == "hard":
        hard = dice[0] == dice[1]
        return _win(wager, HARDWAY[number], f"hard {number}") if hard else _record(wager, 0, f"{total}")
    if total == 7:
        return _record(wager, 0, f"7 before {number}")
    if kind == "place":
        return _win(wager, PLACE[number], f"{number} rolled")
    won = TRUE_ODDS[number].returned(wager.amount) - wager.amount
    commission = rules.vig(wager.amount) if rules.buy_vig == "on_win" else 0
    entry = f"{number} rolled" + (f", vig {commission}" if commission else "")
    return _record(wager, wager.cost + won - commission, entry)


def _fire(wager: Wager, state: TableState, total: int) -> Settlement | Wager:
    if state.point is None or total != 7:
        return wager
    made = min(len(state.fire_points), FIRE_MOST)
    payout = FIRE.get(made)
    entry = f"{len(state.fire_points)} points made"
    return _win(wager, payout, entry) if payout else _record(wager, 0, entry)


def _hard_rockn(wager: Wager, state: TableState, total: int) -> Settlement | Wager:
    if total != 7:  # Decision 8: settled at the 7, even when complete earlier
        return wager
    marks = set(state.marks)
    kind = wager.spot.kind
    if kind == "the_tenor":
        rolled = len(marks & set(TENOR))
        payout = TENOR_ALL if rolled == len(TENOR) else TENOR_ALMOST if rolled == len(TENOR) - 1 else None
    else:
        needed = SIX_STRING if kind == "six_string" else FAB_FOUR
        payout = HARD_ROCKN[kind] if marks >= set(needed) else None
    entry = "marked " + "-".join(map(str, sorted(marks)))
    return _win(wager, payout, entry) if payout else _record(wager, 0, entry)


def _one_roll(wager: Wager, state: TableState, dice: tuple[int, int]) -> Settlement:
    craps_wager = CrapsWager(wager.ref, wager.seat, _craps_spot(wager.spot), wager.amount)
    outcome = craps_settle.resolve(craps_wager, _CRAPS_STATE, Roll(dice[0], dice[1]), _CRAPS_RULES)
    if not isinstance(outcome, Settlement):
        raise AssertionError(f"{wager.spot} is not a one-roll wager")
    return replace(outcome, kind=wager.spot.wager_id)


@cache
def _craps_spot(spot: Spot) -> CrapsSpot:
    """The craps spot that settles this one-roll crapless spot (the World is the craps Whirl)."""
    if spot.kind == "world":
        return CrapsSpot("whirl")
    if spot.kind == "horn_high":
        return CrapsSpot("horn_high", spot.number)
    if spot.kind.startswith("hop_"):
        return CrapsSpot("hop", *hop_pair(spot))
    return CrapsSpot(spot.kind)
