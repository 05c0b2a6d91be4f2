"""What a crapless seat may place, remove and turn ON/OFF, and when (GAMES.md §6.4, CC 4.C, CC 6).

Every refusal is an :class:`~terminal.games.base.IllegalBetError` naming the wager, the table state and
the reason. Limits (min/max per wager id) are checked by the caller; these are the rules of the game.

>>> from terminal.games.crapless.records import Spot
>>> late = place(TableState(point=9), (), Wager("a", 1, Spot("pass"), 500), CraplessRules())
>>> str(late.spot)                                  # Decision 3: a late Pass is a Put on the point
'put_9'
>>> place(TableState(), (), Wager("b", 1, Spot("come"), 500), CraplessRules())
Traceback (most recent call last):
...
terminal.games.base.IllegalBetError: come: may be placed only while a point is on (table: come-out roll)
"""

from __future__ import annotations

from dataclasses import replace

from terminal.games.base import IllegalBetError
from terminal.games.crapless.records import Spot, TableState, Wager
from terminal.games.crapless.rules import HARD_ROCKN_WAGERS, CraplessRules

TOGGLES = frozenset({"place", "buy", "hard", "come_odds", "put_odds"})
_PARTS = {"c_and_e": 2, "horn": 4, "horn_high": 5, "world": 5}


def _refuse(wager: Wager, state: TableState, reason: str) -> IllegalBetError:
    return IllegalBetError(str(wager.spot), f"{reason} (table: {state.describe()})")


def place(state: TableState, mine: tuple[Wager, ...], wager: Wager, rules: CraplessRules) -> Wager:
    """Validate a new ``wager`` against the seat's own ``mine``; the wager as it stands (a late Pass is a
    Put, a Buy with its vig when the vig is taken with the bet)."""
    kind = wager.spot.kind
    if kind == "pass" and state.point is not None:
        wager = replace(wager, spot=Spot("put", state.point))
        kind = "put"
    if not rules.takes(wager.spot.wager_id) and kind not in ("pass_odds", "come_odds", "put_odds"):
        raise _refuse(wager, state, "is not offered at this table")
    if wager.amount <= 0:
        raise _refuse(wager, state, "the amount must be positive")
    if kind == "come" and state.point is None:
        raise _refuse(wager, state, "may be placed only while a point is on")
    if kind == "fire_bet":
        _fire(wager, state, mine, rules)
    if kind in HARD_ROCKN_WAGERS and state.marks:
        raise _refuse(
            wager, state, "may be placed only right after a 7 or a new shooter, before the next roll"
        )
    if kind in ("pass_odds", "come_odds", "put_odds"):
        _odds(wager, state, mine, rules)
    step = _PARTS.get(kind) or rules.increment(kind, wager.spot.number)
    if wager.amount % step:
        raise _refuse(wager, state, f"the amount must be a multiple of {step}")
    if kind == "buy" and not rules.vig_within_cap(wager.amount):
        raise _refuse(wager, state, f"the vig of {rules.vig(wager.amount)} would be over 5 % of the stake")
    if kind == "buy" and rules.buy_vig == "on_bet":
        return replace(wager, vig=rules.vig(wager.amount))
    return wager


def _fire(wager: Wager, state: TableState, mine: tuple[Wager, ...], rules: CraplessRules) -> None:
    if state.pointed:
        raise _refuse(wager, state, "may be placed only before the new shooter's first point")
    if wager.amount % rules.unit:
        raise _refuse(wager, state, "is staked in whole currency units")
    if any(w.spot.kind == "fire_bet" for w in mine):
        raise _refuse(wager, state, "is never increased once placed")


def _odds(wager: Wager, state: TableState, mine: tuple[Wager, ...], rules: CraplessRules) -> None:
    kind, number = wager.spot.kind, wager.spot.number
    if kind == "pass_odds":
        if state.point is None:
            raise _refuse(wager, state, "odds need a point")
        number = state.point
        flats = [w for w in mine if w.spot.kind == "pass"]
    elif kind == "come_odds":
        flats = [w for w in mine if w.spot.kind == "come" and w.number == number]
    else:
        flats = [w for w in mine if w.spot.kind == "put" and w.spot.number == number]
    flat = sum(w.amount for w in flats)
    if not flat:
        raise _refuse(wager, state, "odds need their flat wager on the number")
    already = sum(w.amount for w in mine if w.spot == wager.spot)
    most = rules.odds_limit(number, flat)
    if already + wager.amount > most:
        raise _refuse(wager, state, f"odds may be at most {most} behind a flat of {flat}")


def removable(state: TableState, wager: Wager, fresh: bool) -> bool:
    """CC 4.C: anything may come down before the roll that decides it, except what is fixed."""
    kind = wager.spot.kind
    if kind == "pass":
        return state.point is None
    if kind == "come":
        return wager.number is None
    if kind in ("put", *HARD_ROCKN_WAGERS):
        return fresh  # not once the dice have rolled
    return kind != "fire_bet"


def toggle(state: TableState, wager: Wager, working: bool) -> Wager:
    """A Place, Buy, hardway or Come/Put odds wager turned ON or OFF."""
    if wager.spot.kind not in TOGGLES:
        raise _refuse(wager, state, "has no ON/OFF choice")
    return replace(wager, working=working)
