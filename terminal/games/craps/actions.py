"""What a seat may place, remove, reduce, increase or turn ON/OFF, and when (GAMES.md §2.1, § 623a.4).

Pass is fixed once a point is set, a Come bet once it has its come point; Don't Pass/Don't Come may be
removed or reduced at any time but never increased again after a reduction; Fire and Bonus are never
changed, nor is Hot Roller until a 7 settles it; odds go up to the configured multiple. Every refusal is
a :class:`CrapsRefusal` subclass naming the wager, the table state and the reason. Limits (min/max per
wager id) are checked by the caller with :class:`terminal.games.base.Limits`; these are the rules of the
game.

>>> from terminal.games.craps.records import Spot, TableState, Wager
>>> place(TableState(point=5, new_shooter=False), (), Wager("a", 1, Spot("pass"), 500), CrapsRules())
Traceback (most recent call last):
...
terminal.games.craps.actions.WrongTimeError: pass: may be placed only before a come-out roll (table: ...)
>>> place(TableState(), (), Wager("b", 1, Spot.parse("lay_4"), 4000), CrapsRules()).vig  # 5% of the 20.00 win
100
"""

from __future__ import annotations

from dataclasses import replace

from terminal.games.craps.records import CrapsRefusal, TableState, Wager, new_wager
from terminal.games.craps.rules import LAY_ODDS, CrapsRules, win_amount


class WrongTimeError(CrapsRefusal):
    """The wager may not be placed in this table state."""


class NotOfferedError(CrapsRefusal):
    """The operator does not offer this wager."""


class FixedWagerError(CrapsRefusal):
    """The wager may not be removed, reduced or increased now (§ 623a.4(c), (d))."""


class OddsError(CrapsRefusal):
    """Odds without their flat wager, or above the configured multiple (§ 623a.6)."""


class IncrementError(CrapsRefusal):
    """An amount that is not a multiple the wager needs (place increments, Horn in 4 parts, ...)."""


class VigCapError(CrapsRefusal):
    """A Buy/Lay stake so small that the minimum vig would exceed 5 % of it (§ 623a.5(g)(3), (i))."""


class ToggleError(CrapsRefusal):
    """The wager has no ON/OFF choice."""


class UnknownWagerError(CrapsRefusal):
    """No working wager has this reference."""


TOGGLES = frozenset({"place", "place_lose", "buy", "lay", "hard", "come_odds", "dont_come_odds"})
_PARTS = {"c_and_e": 2, "horn": 4, "horn_high": 5, "whirl": 5}
_ODDS_BASE = {
    "pass_odds": "pass",
    "dont_pass_odds": "dont_pass",
    "come_odds": "come",
    "dont_come_odds": "dont_come",
}
_REPEATABLE = frozenset({"come", "dont_come"})  # each is its own contract until it moves
_BONUS = frozenset({"all_small", "all_tall", "all_or_nothing"})
_SIDE = frozenset({"fire", "lucky_shooter", "hot_roller"})
_OPTIONAL = frozenset({"buy", "lay"}) | _SIDE | _BONUS  # what _check_offered may refuse
_STEPPED = frozenset({"place", "place_lose", "buy", "lay", "fire", *_PARTS})  # _check_amount's steps
_TIMED = frozenset({"pass", "dont_pass", "come", "dont_come"}) | _SIDE | _BONUS
_VIGGED = frozenset({"buy", "lay"})  # the wagers _vig_on_bet may charge


def place(state: TableState, wagers: tuple[Wager, ...], wager: Wager, rules: CrapsRules) -> Wager:
    """Validate a new ``wager`` against the seat's ``wagers``; return it with vig and shooter filled in
    (``wager`` itself when they already are: the rules read neither)."""
    kind = wager.spot.kind
    if kind in _OPTIONAL:  # every other wager is always offered
        _check_offered(state, wager, rules)
    if kind in _TIMED:  # every other wager may be placed at any time
        _check_time(state, wagers, wager)
    if kind not in _REPEATABLE and _holds_spot(wagers, wager):
        raise WrongTimeError(str(wager.spot), state, "the seat already has this wager; increase it instead")
    if kind in _STEPPED or wager.amount <= 0:  # every other wager's step is 1: any positive amount
        _check_amount(state, wager, wager.amount, rules)
    if kind in _ODDS_BASE:
        _check_odds(state, wagers, wager, wager.amount, rules)
    w = wager
    vig = _vig_on_bet(w, w.amount, rules) if kind in _VIGGED else 0
    shooter = state.shooter
    if vig == w.vig and shooter == w.shooter:  # already the wager placed: records are immutable
        return w
    # new_wager, not dataclasses.replace: this runs for every chip placed
    return new_wager(w.ref, w.seat, w.spot, w.amount, w.working, vig, w.number, w.marks, w.reduced, shooter)


def remove(state: TableState, wagers: tuple[Wager, ...], ref: str) -> tuple[tuple[Wager, ...], int]:
    """Take a wager down: the seat's wagers without it and the amount refunded (stake plus vig paid)."""
    wager = _find(state, wagers, ref)
    _check_removable(state, wager)
    if wager.spot.kind in ("pass", "dont_pass", *_REPEATABLE) and any(_odds_of(w, wager) for w in wagers):
        raise FixedWagerError(str(wager.spot), state, "take the odds down first")
    return tuple(w for w in wagers if w.ref != ref), wager.cost


def change(
    state: TableState, wagers: tuple[Wager, ...], ref: str, amount: int, rules: CrapsRules
) -> tuple[tuple[Wager, ...], int]:
    """Reduce or increase a wager to ``amount``: the new wagers and the credits back (negative: owed)."""
    wager = _find(state, wagers, ref)
    name, kind = str(wager.spot), wager.spot.kind
    if amount <= 0:
        raise IncrementError(name, state, f"amount {amount} must be positive; take the wager down instead")
    if amount < wager.amount:
        _check_removable(state, wager)
        if kind in ("dont_pass", "dont_come"):
            _check_odds_fit(state, wagers, wager, amount, rules)
    elif amount > wager.amount:
        _check_increasable(state, wager)
    _check_amount(state, wager, amount, rules)
    if kind in _ODDS_BASE:
        _check_odds(state, tuple(w for w in wagers if w.ref != ref), wager, amount, rules)
    vig = _vig_on_bet(wager, amount, rules)
    reduced = wager.reduced or (amount < wager.amount and kind in ("dont_pass", "dont_come"))
    new = replace(wager, amount=amount, vig=vig, reduced=reduced)
    return tuple(new if w.ref == ref else w for w in wagers), wager.cost - new.cost


def toggle(state: TableState, wagers: tuple[Wager, ...], ref: str, working: bool | None) -> tuple[Wager, ...]:
    """Turn a wager ON (True), OFF (False) or back to its default (None)."""
    wager = _find(state, wagers, ref)
    if wager.spot.kind not in TOGGLES:
        raise ToggleError(str(wager.spot), state, "this wager has no ON/OFF choice")
    return tuple(replace(w, working=working) if w.ref == ref else w for w in wagers)


# --- the checks ----------------------------------------------------------------------------------------


def _check_offered(state: TableState, wager: Wager, rules: CrapsRules) -> None:
    kind = wager.spot.kind
    if kind == "buy":
        offered = rules.buy_offered
    elif kind == "lay":
        offered = rules.lay_offered
    elif kind == "fire":
        offered = rules.fire_paytable is not None
    elif kind == "lucky_shooter":
        offered = rules.lucky_shooter_paytable is not None
    elif kind == "hot_roller":
        offered = rules.hot_roller_paytable is not None
    else:
        offered = rules.bonus_paytable is not None if kind.startswith("all_") else True
    if not offered:
        raise NotOfferedError(str(wager.spot), state, "not offered at this table")


def _check_time(state: TableState, wagers: tuple[Wager, ...], wager: Wager) -> None:
    kind = wager.spot.kind
    reason = ""
    if kind in ("pass", "dont_pass") and not state.come_out:
        reason = "may be placed only before a come-out roll"
    elif kind in ("come", "dont_come") and state.come_out:
        reason = "may be placed only after the come-out, while a point is on"
    elif (kind == "fire" or kind.startswith("all_")) and not state.new_shooter:
        reason = "may be placed only before a new shooter's first come-out"
    elif kind == "lucky_shooter" and _seat_has(wagers, kind, wager.seat):
        reason = "the seat already has a Lucky Shooter wager working"
    elif kind == "hot_roller":
        reason = _hot_roller_time(state, wagers, wager)
    if reason:  # the spot's text is built only for a refusal
        raise WrongTimeError(str(wager.spot), state, reason)


def _hot_roller_time(state: TableState, wagers: tuple[Wager, ...], wager: Wager) -> str:
    """Why a Hot Roller may not be placed now (§ 623b.2(b)), or "" when it may."""
    if _seat_has(wagers, "hot_roller", wager.seat):
        return "the seat already has a Hot Roller wager working until a 7 settles it"
    return "" if state.come_out else "may be placed only before a come-out roll"


def _seat_has(wagers: tuple[Wager, ...], kind: str, seat: int) -> bool:
    """The seat has a wager of ``kind`` working (a plain loop, not ``any``: quicker on every placing)."""
    for w in wagers:  # noqa: SIM110 (the loop, not any(): see above)
        if w.spot.kind == kind and w.seat == seat:
            return True
    return False


def _check_amount(state: TableState, wager: Wager, amount: int, rules: CrapsRules) -> None:
    kind = wager.spot.kind
    if amount <= 0:
        raise IncrementError(str(wager.spot), state, f"amount {amount} must be positive")
    step = rules.increment(kind, wager.spot.number)
    if kind in _PARTS:
        step = _PARTS[kind]
    if kind == "fire":
        step = rules.unit
    if amount % step:
        raise IncrementError(str(wager.spot), state, f"amount {amount} is not a multiple of {step}")
    if kind in ("buy", "lay") and not rules.vig_within_cap(kind, wager.spot.number, amount):
        _refuse_vig(state, wager, amount, rules)


def _refuse_vig(state: TableState, wager: Wager, amount: int, rules: CrapsRules) -> None:
    kind, number = wager.spot.kind, wager.spot.number
    base = rules.vig_base(kind, number, amount)
    smallest = rules.smallest_vig_stake(kind, number)
    raise VigCapError(
        str(wager.spot),
        state,
        f"amount {amount}: the vig of {rules.vig(base)} would be more than 5% of {base} "
        f"(§ 623a.5(g)(3)); the smallest {kind} stake here is {smallest}",
    )


def _check_removable(state: TableState, wager: Wager) -> None:
    name, kind = str(wager.spot), wager.spot.kind
    if kind == "pass" and not state.come_out:
        raise FixedWagerError(name, state, "Pass may not be removed or reduced once a point is set")
    if kind == "come" and wager.number is not None:
        raise FixedWagerError(name, state, f"Come may not be removed or reduced on its point {wager.number}")
    if kind == "fire" or kind.startswith("all_"):
        raise FixedWagerError(name, state, "never removed, reduced or increased")
    if kind == "lucky_shooter" and wager.number is not None:
        raise FixedWagerError(name, state, f"in progress on point {wager.number}")
    if kind == "hot_roller":
        raise FixedWagerError(name, state, "never removed, reduced or increased until a 7 settles it")


def _check_increasable(state: TableState, wager: Wager) -> None:
    name, kind = str(wager.spot), wager.spot.kind
    if kind in ("dont_pass", "dont_come") and wager.reduced:
        raise FixedWagerError(name, state, "may not be increased after it was reduced")
    if kind in ("pass", "dont_pass") and not state.come_out:
        raise FixedWagerError(name, state, "may be increased only before a come-out roll")
    if kind in ("come", "dont_come") and wager.number is not None:
        raise FixedWagerError(name, state, f"may not be increased on its come point {wager.number}")
    _check_removable(state, wager)


def _bases(wagers: tuple[Wager, ...], odds: Wager, state: TableState) -> tuple[int, int]:
    """(point the odds back, flat amount behind them) for an odds wager of the seat."""
    kind, seat = odds.spot.kind, odds.seat
    base = _ODDS_BASE[kind]
    line = kind in ("pass_odds", "dont_pass_odds")  # behind the table's point, else a come point
    number = state.point if line else odds.spot.number
    flat = 0
    for w in wagers:  # a plain loop, the cheapest test first: every odds wager placed
        if w.spot.kind == base and w.seat == seat and (line or w.number == number):
            flat += w.amount
    return number or 0, flat


def _check_odds(
    state: TableState, wagers: tuple[Wager, ...], odds: Wager, amount: int, rules: CrapsRules
) -> None:
    number, flat = _bases(wagers, odds, state)
    if number == 0 or flat == 0:
        raise OddsError(str(odds.spot), state, f"no {_ODDS_BASE[odds.spot.kind]} wager on a point to back")
    most = rules.odds_limit(odds.spot.kind, number, flat)
    if amount > most:
        limit = f"odds {amount} above {rules.max_odds} limit {most} on flat {flat}"
        raise OddsError(str(odds.spot), state, limit)


def _check_odds_fit(
    state: TableState, wagers: tuple[Wager, ...], flat: Wager, amount: int, rules: CrapsRules
) -> None:
    after = tuple(replace(w, amount=amount) if w.ref == flat.ref else w for w in wagers)
    for odds in (w for w in wagers if _odds_of(w, flat)):
        _check_odds(state, after, odds, odds.amount, rules)


def _odds_of(candidate: Wager, flat: Wager) -> bool:
    kind = f"{flat.spot.kind}_odds"
    if candidate.seat != flat.seat or candidate.spot.kind != kind:
        return False
    return flat.spot.kind in ("pass", "dont_pass") or candidate.spot.number == flat.number


def _vig_on_bet(wager: Wager, amount: int, rules: CrapsRules) -> int:
    kind, number = wager.spot.kind, wager.spot.number
    if kind == "buy" and rules.buy_vig == "on_bet":
        return rules.vig(amount)
    if kind == "lay" and rules.lay_vig == "on_bet":
        return rules.vig(win_amount(LAY_ODDS[number], amount))
    return 0


def _holds_spot(wagers: tuple[Wager, ...], new: Wager) -> bool:
    """The seat already has a wager on ``new``'s spot (a plain loop: this runs for every chip placed)."""
    seat, spot = new.seat, new.spot
    kind, number, second = spot.kind, spot.number, spot.second
    for w in wagers:
        if w.spot.kind == kind:
            other = w.spot
            if other.number == number and other.second == second and w.seat == seat:
                return True
    return False


def _find(state: TableState, wagers: tuple[Wager, ...], ref: str) -> Wager:
    for wager in wagers:
        if wager.ref == ref:
            return wager
    raise UnknownWagerError(ref, state, "no working wager has this reference")
