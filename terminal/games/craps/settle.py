"""Settling every craps wager on one roll: ``settle(state, wagers, roll, rules)``.

Returns the settlements (losers first, then pushes and winners, GAMES.md §2.7), the wagers still working
and the table's next state. A wager is either settled (it leaves) or carried on (possibly with progress),
never both, so no wager is settled twice. ``returned`` includes the stake; a Buy/Lay settlement's
``stake`` includes vig collected with the wager.

>>> from terminal.games.craps.records import Spot
>>> bets = (Wager("a", 1, Spot("pass"), 1000), Wager("b", 1, Spot.parse("place_6"), 1200))
>>> done, left, state = settle(TableState(point=6), bets, Roll(2, 4), CrapsRules())
>>> [(s.wager_ref, s.returned) for s in done], left, state.point
([('a', 2000), ('b', 2600)], (), None)
"""

from __future__ import annotations

from collections.abc import Callable

from terminal.games.base import Payout, Result, Settlement
from terminal.games.craps import bonus, fire, hot_roller, lucky_shooter
from terminal.games.craps.records import BONUS_KINDS, POINTS, Roll, TableState, Wager, new_wager, next_state
from terminal.games.craps.rules import (
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
    CrapsRules,
    win_amount,
)

Outcome = Settlement | Wager
Resolver = Callable[[Wager, TableState, Roll, CrapsRules], Outcome]
STANDARD = "standard"
EVEN = Payout(1)
# the results bound once: an enum member read through its class costs a lookup on every settlement
WIN, LOSE, PUSH = Result.WIN, Result.LOSE, Result.PUSH


def settle(
    state: TableState, wagers: tuple[Wager, ...], roll: Roll, rules: CrapsRules
) -> tuple[tuple[Settlement, ...], tuple[Wager, ...], TableState]:
    """Settle ``wagers`` on ``roll`` from ``state``."""
    if len({w.ref for w in wagers}) != len(wagers):  # a comprehension: quicker than map on 3.11
        refs = [w.ref for w in wagers]
        raise ValueError(f"wager refs must be unique, got {sorted(r for r in refs if refs.count(r) > 1)}")
    # losers, then pushes, then winners, each in wager order (a stable sort by result, without the sort)
    lost: list[Settlement] = []
    pushed: list[Settlement] = []
    won: list[Settlement] = []
    remaining: list[Wager] = []
    carry = remaining.append
    lose, push, resolvers = LOSE, PUSH, _RESOLVERS
    for wager in wagers:
        outcome = resolvers[wager.spot.kind](wager, state, roll, rules)  # resolve(), inlined: every wager
        if outcome is wager:  # most wagers on most rolls: carried on unchanged
            carry(wager)
        elif isinstance(outcome, Settlement):
            result = outcome.result
            (lost if result is lose else pushed if result is push else won).append(outcome)
        else:
            carry(outcome)  # carried on with progress (a come bet moved to its point)
    return (*lost, *pushed, *won), tuple(remaining), next_state(state, roll)


def resolve(wager: Wager, state: TableState, roll: Roll, rules: CrapsRules) -> Outcome:
    """One wager on one roll: its settlement, or the wager carried on."""
    return _RESOLVERS[wager.spot.kind](wager, state, roll, rules)


def is_working(wager: Wager, state: TableState, rules: CrapsRules) -> bool:
    """ON/OFF: the seat's toggle if set, else the spot's default for this roll (GAMES.md §2.1, §2.2)."""
    if wager.working is not None:
        return wager.working
    kind = wager.spot.kind
    if kind in ("place", "place_lose", "buy", "hard"):
        return not state.come_out
    if kind == "come_odds":
        return not state.come_out or rules.come_odds_on_comeout
    return True


# --- building settlements ------------------------------------------------------------------------------


def _done(wager: Wager, returned: int, entry: str, paytable: str = STANDARD) -> Settlement:
    # by the seat's net: a multi-part wager (Whirl on a 7) can come back exactly even or partly
    cost = wager.amount + wager.vig  # wager.cost, without the property's call: every settlement
    net = returned - cost
    result = WIN if net > 0 else PUSH if net == 0 else LOSE
    return _record(wager.ref, wager.spot.wager_id, paytable, cost, returned, result, entry)


def _win(wager: Wager, payout: Payout, entry: str, paytable: str = STANDARD) -> Settlement:
    return _done(wager, payout.returned(wager.amount), entry, paytable)


def _lose(wager: Wager, entry: str, paytable: str = STANDARD) -> Settlement:
    return _record(wager.ref, wager.spot.wager_id, paytable, wager.amount + wager.vig, 0, LOSE, entry)


def _push(wager: Wager, entry: str) -> Settlement:
    cost = wager.amount + wager.vig
    return _record(wager.ref, wager.spot.wager_id, STANDARD, cost, cost, PUSH, entry)


def _even(wager: Wager, entry: str) -> Settlement:
    return _win(wager, EVEN, entry)


_new = object.__new__
_DONT = ("dont_pass", "dont_come")
_FACES = tuple(tuple(f"{a}-{b}" for b in range(7)) for a in range(7))  # a one-roll wager's entry, "3-4"
# Settlement's slots, written through their descriptors: no attribute lookup by name on every write
_S_REF, _S_KIND, _S_PAYTABLE, _S_STAKE, _S_RETURNED, _S_RESULT, _S_ENTRY = (
    vars(Settlement)[name].__set__
    for name in ("wager_ref", "kind", "paytable", "stake", "returned", "result", "entry")
)


def _record(
    ref: str, kind: str, paytable: str, stake: int, returned: int, result: Result, entry: str
) -> Settlement:
    """``Settlement(ref, kind, ...)`` without the frozen ``__init__``'s overhead: every settled wager."""
    s: Settlement = _new(Settlement)
    _S_REF(s, ref)
    _S_KIND(s, kind)
    _S_PAYTABLE(s, paytable)
    _S_STAKE(s, stake)
    _S_RETURNED(s, returned)
    _S_RESULT(s, result)
    _S_ENTRY(s, entry)
    return s


# --- line bets -----------------------------------------------------------------------------------------


def _pass(wager: Wager, state: TableState, roll: Roll, rules: CrapsRules) -> Outcome:
    return _line(wager, state.point, roll.total)


def _come(wager: Wager, state: TableState, roll: Roll, rules: CrapsRules) -> Outcome:
    outcome = _line(wager, wager.number, roll.total)
    if wager.number is None and outcome is wager and roll.total in POINTS:
        w = wager  # new_wager, not dataclasses.replace: a come bet moves on most rolls
        to = roll.total
        return new_wager(w.ref, w.seat, w.spot, w.amount, w.working, w.vig, to, w.marks, w.reduced, w.shooter)
    return outcome


def _line(wager: Wager, point: int | None, total: int) -> Outcome:
    """Pass and Come (``dont`` False) or Don't Pass and Don't Come, on their own point."""
    dont = wager.spot.kind in _DONT
    if point is None:
        if total in (7, 11):
            return _lose(wager, f"come-out {total}") if dont else _even(wager, f"come-out {total}")
        if total in (2, 3, 12):
            if dont:
                return _push(wager, "come-out 12 bars") if total == 12 else _even(wager, f"craps {total}")
            return _lose(wager, f"craps {total}")
        return wager
    if total == point:
        return _lose(wager, f"point {point} made") if dont else _even(wager, f"point {point} made")
    if total == 7:
        return _even(wager, "seven-out") if dont else _lose(wager, "seven-out")
    return wager


def _odds(wager: Wager, state: TableState, roll: Roll, rules: CrapsRules) -> Outcome:
    kind, total = wager.spot.kind, roll.total
    number = state.point if kind in ("pass_odds", "dont_pass_odds") else wager.spot.number
    if number is None or total not in (7, number):
        return wager
    if not is_working(wager, state, rules):
        return _push(wager, f"{total}: odds off, returned")
    right = total == number
    if kind.startswith("dont"):
        return _win(wager, LAY_ODDS[number], "seven-out") if not right else _lose(wager, f"{number} rolled")
    return _win(wager, TRUE_ODDS[number], f"{number} rolled") if right else _lose(wager, "seven")


# --- numbers -------------------------------------------------------------------------------------------


def _number(wager: Wager, state: TableState, roll: Roll, rules: CrapsRules) -> Outcome:
    kind, number, total = wager.spot.kind, wager.spot.number, roll.total
    if total not in (7, number) or not is_working(wager, state, rules):
        return wager
    if kind == "hard":
        return _win(wager, HARDWAY[number], f"hard {number}") if roll.hard else _lose(wager, f"{total}")
    wins_on_number = kind in ("place", "buy")
    if (total == 7) == wins_on_number:
        return _lose(wager, f"{total} before {'7' if total == number else number}")
    entry = f"{total} rolled"
    if kind == "place":
        return _win(wager, PLACE[number], entry)
    if kind == "place_lose":
        return _win(wager, PLACE_LOSE[number], entry)
    payout, timing = (
        (TRUE_ODDS[number], rules.buy_vig) if kind == "buy" else (LAY_ODDS[number], rules.lay_vig)
    )
    won = win_amount(payout, wager.amount)
    commission = 0
    if timing == "on_win":
        commission = rules.vig(wager.amount if kind == "buy" else won)
    return _done(
        wager, wager.amount + won - commission, entry + (f", vig {commission}" if commission else "")
    )


# --- one-roll bets -------------------------------------------------------------------------------------


def _one_roll(wager: Wager, state: TableState, roll: Roll, rules: CrapsRules) -> Outcome:
    kind, total, amount = wager.spot.kind, roll.total, wager.amount
    entry = _FACES[roll.die1][roll.die2]
    if kind == "field":
        return _win(wager, FIELD[total], entry) if total in FIELD else _lose(wager, entry)
    if kind in PROPOSITION:
        numbers, payout = PROPOSITION[kind]
        return _win(wager, payout, entry) if total in numbers else _lose(wager, entry)
    if kind == "hop":
        if roll.pair != (wager.spot.number, wager.spot.second):
            return _lose(wager, entry)
        return _win(wager, HOP_HARD if roll.hard else HOP_MIXED, entry)
    if kind == "six_seven_eight":
        if total not in (6, 7, 8):
            return _lose(wager, entry)
        return _win(wager, SIX_SEVEN_EIGHT_PAIR if roll.hard else SIX_SEVEN_EIGHT, entry)
    if kind == "c_and_e":
        half = amount // 2
        payout = PROPOSITION["any_craps"][1] if total in (2, 3, 12) else PROPOSITION["eleven"][1]
        return _done(wager, payout.returned(half), entry) if total in (2, 3, 11, 12) else _lose(wager, entry)
    return _horn_family(wager, roll, entry)


def _horn_family(wager: Wager, roll: Roll, entry: str) -> Outcome:
    """Horn (4 parts), Horn High (5: one extra on the chosen number), Whirl (5: one on Any Seven)."""
    kind, total = wager.spot.kind, roll.total
    part = wager.amount // (4 if kind == "horn" else 5)
    if kind == "whirl" and total == 7:
        return _done(wager, PROPOSITION["any_seven"][1].returned(part), entry)
    if total not in HORN:
        return _lose(wager, entry)
    parts = 2 if kind == "horn_high" and total == wager.spot.number else 1
    return _done(wager, HORN[total].returned(part * parts), entry)


# --- the side wagers -----------------------------------------------------------------------------------


def _fire(wager: Wager, state: TableState, roll: Roll, rules: CrapsRules) -> Outcome:
    if state.point is None or roll.total != 7:
        return wager
    table = fire.PAYTABLES[rules.fire_paytable or "A"]
    made = len(state.fire_points)
    payout = table.payout(made)
    entry = fire.result_text(made)
    return _win(wager, payout, entry, table.name) if payout else _lose(wager, entry, table.name)


def _bonus(wager: Wager, state: TableState, roll: Roll, rules: CrapsRules) -> Outcome:
    kind, total = wager.spot.kind, roll.total
    if total != 7 and not bonus.completes(kind, state.bonus_marks, total):  # most rolls: still working
        return wager
    table = bonus.PAYTABLES[rules.bonus_paytable or "1"]
    if total == 7:
        return _lose(wager, "7 before " + "-".join(map(str, BONUS_KINDS[kind])), table.name)
    return _win(wager, table.payout(kind), "all marked", table.name)


def _lucky(wager: Wager, state: TableState, roll: Roll, rules: CrapsRules) -> Outcome:
    step = lucky_shooter.step(wager, state.come_out, roll.total)
    if isinstance(step, Wager):
        return step
    table = lucky_shooter.PAYTABLES[rules.lucky_shooter_paytable or "A"]
    payout = table.payout(step)
    return _win(wager, payout, step, table.name) if payout else _lose(wager, step, table.name)


def _hot(wager: Wager, state: TableState, roll: Roll, rules: CrapsRules) -> Outcome:
    """Hot Roller: a new combination marked, or the first 7 settling it on the numbers complete."""
    w = wager
    if roll.total != 7:
        marks = hot_roller.thrown(w.marks, roll.die1, roll.die2)
        if marks is w.marks:
            return w
        ref, seat, spot, amount, working, vig, number, reduced = (
            w.ref, w.seat, w.spot, w.amount, w.working, w.vig, w.number, w.reduced
        )  # fmt: skip
        return new_wager(ref, seat, spot, amount, working, vig, number, marks, reduced, w.shooter)
    table = hot_roller.PAYTABLES[rules.hot_roller_paytable or "A"]
    complete = len(hot_roller.completed(w.marks))
    payout = table.payout(complete)
    entry = hot_roller.result_text(complete)
    return _win(w, payout, entry, table.name) if payout else _lose(w, entry, table.name)


_RESOLVERS: dict[str, Resolver] = {
    "pass": _pass, "dont_pass": _pass, "come": _come, "dont_come": _come,
    "pass_odds": _odds, "dont_pass_odds": _odds, "come_odds": _odds, "dont_come_odds": _odds,
    "place": _number, "place_lose": _number, "buy": _number, "lay": _number, "hard": _number,
    "field": _one_roll, "any_seven": _one_roll, "any_craps": _one_roll, "craps_2": _one_roll,
    "craps_3": _one_roll, "craps_12": _one_roll, "eleven": _one_roll, "c_and_e": _one_roll,
    "horn": _one_roll, "horn_high": _one_roll, "whirl": _one_roll, "hop": _one_roll,
    "six_seven_eight": _one_roll, "fire": _fire, "all_small": _bonus, "all_tall": _bonus,
    "all_or_nothing": _bonus, "lucky_shooter": _lucky, "hot_roller": _hot,
}  # fmt: skip
