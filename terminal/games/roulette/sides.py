"""B2B and Blazing 7's, the one-spin side wagers of the statements of policy, as roulette keeps them.

Both live one spin, like the layout's wagers, and settle after them (§ 617b.3(d)). What outlives the spin
is the table's previous valid pocket (B2B's target: it comes back from the ledger's snapshot, so it
survives a restart, and a new ledger has none, which keeps B2B closed) and the three balls of the last
bonus round (shown until the next spin). Each wager's own draw comes with the spin: :func:`extra_draws`
are the bounds the table draws below after the pocket, :func:`decode` turns those values into the B2B
odds and the bonus balls the outcome record persists.

>>> from terminal.games.roulette.wheels import WHEELS
>>> from terminal.games.roulette.b2b import DEFAULT_WEIGHTS, parse_weights
>>> rules = SideRules(WHEELS["double_zero"], B2BRules(parse_weights(DEFAULT_WEIGHTS)), None)
>>> extra_draws(rules), decode(rules, (999,))
((1000,), (10, ()))
>>> state = place(SideState(previous=17), rules, 1, "b1", B2B, 100, others=0)
>>> step = settle(state, rules, 17, (500, ()))
>>> step.settlements[0].returned, step.state.previous, step.state.wagers
(50100, 17, ())
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from terminal.games.base import IllegalBetError, Result, Settlement
from terminal.games.roulette import b2b, blazing7s
from terminal.games.roulette.b2b import B2B, B2BRules, B2BWager
from terminal.games.roulette.blazing7s import BLAZING, BlazingRules, BlazingWager
from terminal.games.roulette.wheels import DOUBLE_ZERO, Wheel, parse_pocket

KINDS = (B2B, BLAZING)


@dataclass(frozen=True, slots=True)
class SideRules:
    """The wheel and the B2B and Blazing 7's rules, each ``None`` where it is not offered."""

    wheel: Wheel
    b2b: B2BRules | None
    blazing: BlazingRules | None


@dataclass(frozen=True, slots=True)
class SideWager:
    """One seat's B2B or Blazing 7's wager for the next spin."""

    seat: int
    ref: str
    kind: str
    stake: int


@dataclass(frozen=True, slots=True)
class SideState:
    """This spin's side wagers, the previous valid pocket, and the last bonus round's balls."""

    wagers: tuple[SideWager, ...] = ()
    previous: int | None = None
    bonus: tuple[int, ...] = ()


NONE = SideState()


@dataclass(frozen=True, slots=True)
class SideStep:
    """What a valid spin did to the side wagers."""

    settlements: tuple[Settlement, ...]
    state: SideState
    notes: tuple[str, ...] = ()


def extra_draws(rules: SideRules) -> tuple[int, ...]:
    """The bounds of the side wagers' own draws, in the order :func:`decode` reads them."""
    bounds = (rules.b2b.total,) if rules.b2b is not None else ()
    return bounds + ((blazing7s.ball_space(rules.wheel),) if rules.blazing is not None else ())


def decode(rules: SideRules, values: Sequence[int]) -> tuple[int | None, tuple[int, ...]]:
    """The B2B odds and the bonus balls drawn ``values`` give (``None`` / ``()`` where not drawn)."""
    rest = list(values)
    odds = b2b.odds_drawn(rules.b2b.weights, rest.pop(0)) if rules.b2b is not None and rest else None
    balls = blazing7s.balls_drawn(rules.wheel, rest.pop(0)) if rules.blazing is not None and rest else ()
    return odds, balls


def forced(rules: SideRules, options: Sequence[str]) -> tuple[int | None, tuple[int, ...], tuple[int, ...]]:
    """The side draws a lab's forced outcome asks for (``b2b=500``, ``balls=7-30-27``): the odds, the balls
    and the draw values in :func:`extra_draws` order (-1 where not forced: the generator draws it).

    >>> from terminal.games.roulette.wheels import WHEELS
    >>> from terminal.games.roulette.b2b import DEFAULT_WEIGHTS, parse_weights
    >>> rules = SideRules(WHEELS["double_zero"], B2BRules(parse_weights(DEFAULT_WEIGHTS)), None)
    >>> forced(rules, ["b2b=500"]), forced(rules, [])
    ((500, (), (5,)), (None, (), (-1,)))
    """
    asked = dict(option.partition("=")[::2] for option in options)
    unknown = set(asked) - {"b2b", "balls"}
    if unknown:
        raise ValueError(f"a forced spin may give b2b=ODDS and balls=A-B-C, not {', '.join(sorted(unknown))}")
    odds: int | None = None
    balls: tuple[int, ...] = ()
    values: list[int] = []
    if ("b2b" in asked and rules.b2b is None) or ("balls" in asked and rules.blazing is None):
        raise ValueError("that side wager is not offered at this table")
    if rules.b2b is not None:
        odds = int(asked["b2b"]) if "b2b" in asked and asked["b2b"].isdigit() else None
        values.append(b2b.odds_value(rules.b2b.weights, odds) if odds is not None else -1)
        if "b2b" in asked and odds is None:
            raise ValueError(f"b2b={asked['b2b']}: the odds are a whole number (1000, 500 ... 10)")
    if rules.blazing is not None:
        if "balls" in asked:
            balls = tuple(parse_pocket(p) for p in asked["balls"].split("-"))
            values.append(blazing7s.balls_index(rules.wheel, balls))
        else:
            values.append(-1)
    return odds, balls, tuple(values)


def place(
    state: SideState, rules: SideRules, seat: int, ref: str, kind: str, stake: int, others: int
) -> SideState:
    """Add a seat's side wager; ``others``: its other roulette wagers this spin (Blazing 7's needs one)."""
    total = sum(w.stake for w in state.wagers if w.seat == seat and w.kind == kind)
    if kind == B2B:
        if rules.b2b is None:
            raise IllegalBetError(B2B, "B2B Roulette is not offered at this table")
        b2b.check_place(rules.b2b, state.previous, stake, total)
    elif kind == BLAZING:
        if rules.blazing is None:
            raise IllegalBetError(BLAZING, "Blazing 7's is not offered at this table")
        blazing7s.check_place(rules.blazing, stake, others, total)
    else:
        raise IllegalBetError(kind, "not a side wager of this table")
    return replace(state, wagers=(*state.wagers, SideWager(seat, ref, kind, stake)))


def removable(state: SideState, seat: int, spot: str | None, others_left: int) -> tuple[str, ...]:
    """Refs of the seat's side wagers that come down: those on ``spot`` (all for ``None``), and its
    Blazing 7's wagers too when none of its other roulette wagers would be left beside them."""
    return tuple(
        w.ref for w in state.wagers
        if w.seat == seat and (spot in (None, w.kind) or (w.kind == BLAZING and others_left == 0))
    )  # fmt: skip


def remove(state: SideState, refs: Sequence[str]) -> SideState:
    """The state without wagers the ledger has withdrawn."""
    gone = set(refs)
    return replace(state, wagers=tuple(w for w in state.wagers if w.ref not in gone))


def settle(
    state: SideState,
    rules: SideRules,
    pocket: int,
    drawn: tuple[int | None, tuple[int, ...]],
    with_others: frozenset[int] = frozenset(),
) -> SideStep:
    """Settle B2B and Blazing 7's on a valid spin (the layout's wagers settled first) and move on.

    ``drawn``: the spin's B2B odds and bonus balls; ``with_others``: the seats that had another roulette
    wager in the spin (a Blazing 7's wager of any other seat is returned)."""
    odds, balls = drawn

    on_b2b = [w for w in state.wagers if w.kind == B2B]  # each kind's wagers picked out once a spin
    on_blazing = [w for w in state.wagers if w.kind == BLAZING]
    settled: list[Settlement] = []
    if rules.b2b is not None and on_b2b:
        bets = tuple((w.seat, B2BWager(w.ref, w.stake)) for w in on_b2b)
        settled += b2b.settle_b2b(rules.b2b, bets, pocket, state.previous, odds)
    bonus: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()
    if rules.blazing is not None and on_blazing:
        beside = [(w.seat, w) for w in on_blazing if w.seat in with_others]
        alone = [w for w in on_blazing if w.seat not in with_others]
        bets_ = tuple((s, BlazingWager(w.ref, w.stake)) for s, w in beside)
        settled += blazing7s.settle_blazing(rules.blazing, bets_, pocket, balls)
        # Its seat took back every other wager after placing it (undo): the wager never stood, it goes back.
        name = rules.blazing.paytable.name
        settled += [Settlement(w.ref, BLAZING, name, w.stake, w.stake, Result.PUSH, "alone") for w in alone]
        if blazing7s.triggered(pocket) and bets_:
            bonus, notes = balls, ("blazing7s bonus",)
    return SideStep(tuple(settled), SideState((), pocket, bonus), notes)


def wagers_of(state: SideState, seat: int) -> list[tuple[str, str, int]]:
    """(ref, kind, stake) of the seat's side wagers."""
    return [(w.ref, w.kind, w.stake) for w in state.wagers if w.seat == seat]


def to_dict(state: SideState) -> dict[str, Any]:
    """What the ledger persists with each settlement: the previous pocket and the last bonus (wagers come
    back from the ledger's pending wagers)."""
    return {"previous": state.previous, "bonus": list(state.bonus)}


def from_dict(data: Any) -> SideState:
    """The persisted state back; a snapshot without one (a new ledger, an older build) has no previous."""
    if not isinstance(data, dict):
        return SideState()
    previous, bonus = data.get("previous"), data.get("bonus", [])
    if previous is not None and (type(previous) is not int or not 0 <= previous <= DOUBLE_ZERO):
        raise ValueError(f"a persisted previous pocket is 0..{DOUBLE_ZERO}, not {previous!r}")
    if not isinstance(bonus, list) or not all(type(b) is int and 0 <= b <= DOUBLE_ZERO for b in bonus):
        raise ValueError(f"a persisted bonus is a list of pockets, not {bonus!r}")
    return SideState((), previous, tuple(bonus))
