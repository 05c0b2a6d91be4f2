"""Exact true odds, payout and house edge of every craps wager (GAMES.md §2, §4), in rational arithmetic.

Multi-roll wagers are absorbing Markov chains (``par.markov``); one-roll wagers are the 36 dice outcomes.
The edge is per unit wagered (vig collected with a wager counts as wagered) and, where a wager can push,
also per unit resolved. Buy/Lay figures assume the vig is exactly the percentage (amounts where it is a
whole number of currency units, e.g. Buy 20); rounding down and the minimum move it for other amounts.

>>> rows = {(r.wager, r.paytable): r for r in craps_par_rows(CrapsRules(), all_paytables=True)}
>>> rows["pass", "standard"].house_edge, rows["dont_pass", "standard"].house_edge_resolved
(Fraction(7, 495), Fraction(27, 1925))
>>> rows["place_6", "standard"].house_edge, rows["lucky_shooter", "B"].paytable
(Fraction(1, 66), 'B')
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import replace
from fractions import Fraction
from functools import cache
from typing import cast

from terminal.games.base import Payout
from terminal.games.craps import bonus, fire, hot_roller, lucky_shooter
from terminal.games.craps.par_vig import stake_edges
from terminal.games.craps.records import BONUS_KINDS, HARD_NUMBERS, HOPS, HORN_NUMBERS, POINTS, Spot, Wager
from terminal.games.craps.rules import (
    FIELD,
    HARDWAY,
    HOP_HARD,
    HOP_MIXED,
    HORN,
    LAY_ODDS,
    ODDS_MULTIPLES_345,
    PLACE,
    PLACE_LOSE,
    PROPOSITION,
    SIX_SEVEN_EIGHT,
    SIX_SEVEN_EIGHT_PAIR,
    TRUE_ODDS,
    CrapsRules,
)  # fmt: skip
from terminal.games.markov import Dist, End, Transitions, absorb
from terminal.games.par_rows import ParRow, odds_text

GAME = "craps"
WAYS = {total: 6 - abs(total - 7) for total in range(2, 13)}
P = {total: Fraction(ways, 36) for total, ways in WAYS.items()}
DICE = tuple((a, b) for a in range(1, 7) for b in range(1, 7))


def craps_par_rows(rules: CrapsRules, all_paytables: bool = False) -> list[ParRow]:
    """Every craps wager under the rules the table runs; with ``all_paytables`` every side-wager paytable.

    Without ``all_paytables`` a side wager that is not offered (its paytable ``None``) has no row.
    """
    rows = [*_line_rows(rules), *_number_rows(rules), *_one_roll_rows()]
    lucky = _names(lucky_shooter.PAYTABLES, rules.lucky_shooter_paytable, all_paytables)
    fires = _names(fire.PAYTABLES, rules.fire_paytable, all_paytables)
    bonuses = _names(bonus.PAYTABLES, rules.bonus_paytable, all_paytables)
    rows += [_fire_row(name) for name in fires]
    rows += [_bonus_row(kind, name) for kind in BONUS_KINDS for name in bonuses]
    rows += [_lucky_row(name) for name in lucky]
    hot = _names(hot_roller.PAYTABLES, rules.hot_roller_paytable, all_paytables)
    rows += [_hot_row(name, hot_roller_ends()) for name in hot]
    return rows


def _names(every: Iterable[str], configured: str | None, all_paytables: bool) -> tuple[str, ...]:
    if all_paytables:
        return tuple(every)
    return () if configured is None else (configured,)


def _row(
    wager: str, win: Fraction, payout: str, edge: Fraction, paytable: str = "standard", **extra: object
) -> ParRow:
    resolved = extra.get("resolved")
    return ParRow(
        GAME, wager, paytable, odds_text(win), payout, edge,
        resolved if isinstance(resolved, Fraction) else None, str(extra.get("note", "")),
    )  # fmt: skip


def _edge(dist: Dist, returned: Callable[[str], Fraction], stake: Fraction = Fraction(1)) -> Fraction:
    """House edge per unit wagered: what is kept of ``stake`` on average, over the stake."""
    back = sum((p * returned(label) for label, p in dist.items()), Fraction(0))
    return (stake - back) / stake


# --- line bets -----------------------------------------------------------------------------------------


def _line_chain(dont: bool) -> Callable[[Hashable], Transitions]:
    def step(point: Hashable) -> Transitions:
        if point is None:
            win, lose = ((2, 3), (7, 11)) if dont else ((7, 11), (2, 3, 12))
            moves: list[tuple[Fraction, Hashable | End]] = [(P[t], End("win")) for t in win]
            moves += [(P[t], End("lose")) for t in lose]
            moves += [(P[12], End("push"))] if dont else []
            return (*moves, *((P[t], t) for t in POINTS))
        point = cast(int, point)  # the chain's own states: None or a point
        made, seven = ("lose", "win") if dont else ("win", "lose")
        rest = 1 - P[point] - P[7]
        return ((P[point], End(made)), (P[7], End(seven)), (rest, point))

    return step


def _line_rows(rules: CrapsRules) -> Iterator[ParRow]:
    mult = {
        n: ODDS_MULTIPLES_345[n] if rules.max_odds == "3-4-5x" else int(rules.max_odds[:-1]) for n in POINTS
    }
    for dont in (False, True):
        dist = absorb(None, _line_chain(dont))
        edge = _edge(dist, lambda label: {"win": Fraction(2), "push": Fraction(1)}.get(label, Fraction(0)))
        push = dist.get("push", Fraction(0))
        resolved = edge / (1 - push) if push else None
        # odds are fair, so full odds only add action: expected extra wagered per flat unit
        extra = sum((P[n] * mult[n] * (_lay_multiple(n) if dont else 1) for n in POINTS), Fraction(0))
        note = f"with full {rules.max_odds} odds: {float(edge / (1 + extra) * 100):.4f}% of all action"
        for wager in ("dont_pass", "dont_come") if dont else ("pass", "come"):
            yield _row(wager, dist["win"] / (1 - push), "1 to 1", edge, resolved=resolved, note=note)


def _lay_multiple(number: int) -> Fraction:
    return Fraction(LAY_ODDS[number].denominator, LAY_ODDS[number].numerator)


# --- numbers: place, place to lose, buy, lay, hardways -------------------------------------------------


def _race(win: Fraction, lose: Fraction) -> Dist:
    return absorb("on", lambda s: ((win, End("win")), (lose, End("lose")), (1 - win - lose, s)))


def _number_rows(rules: CrapsRules) -> Iterator[ParRow]:
    pct = Fraction(rules.vig_percent, 100)
    for n in POINTS:
        right, wrong = _race(P[n], P[7]), _race(P[7], P[n])
        yield _row(f"place_{n}", right["win"], str(PLACE[n]), _edge(right, _pays(PLACE[n])))
    for n in POINTS:
        wrong = _race(P[7], P[n])
        yield _row(f"place_lose_{n}", wrong["win"], str(PLACE_LOSE[n]), _edge(wrong, _pays(PLACE_LOSE[n])))
    for n in POINTS:
        yield _vig_row(f"buy_{n}", _race(P[n], P[7]), TRUE_ODDS[n], pct * 1, rules.buy_vig, rules)
    for n in POINTS:
        yield _vig_row(
            f"lay_{n}", _race(P[7], P[n]), LAY_ODDS[n], pct * _odds(LAY_ODDS[n]), rules.lay_vig, rules
        )
    for n in HARD_NUMBERS:
        dist = _race(Fraction(1, 36), P[7] + P[n] - Fraction(1, 36))
        yield _row(f"hard_{n}", dist["win"], str(HARDWAY[n]), _edge(dist, _pays(HARDWAY[n])))


def _vig_row(
    wager: str, dist: Dist, payout: Payout, vig: Fraction, timing: str, rules: CrapsRules
) -> ParRow:
    win = _odds(payout)
    if timing == "on_bet":
        edge = _edge(dist, lambda label: 1 + win if label == "win" else Fraction(0), 1 + vig)
    else:
        edge = _edge(dist, lambda label: 1 + win - vig if label == "win" else Fraction(0))
    note = f"{rules.vig_percent}% vig {timing}, taken exactly"
    note += f" (rounded down to whole units, minimum {rules.vig_minimum} minor units)"
    kind, number = wager.split("_")
    stakes = stake_edges(rules, kind, int(number))
    return replace(_row(wager, dist["win"], f"{payout} less vig", edge, note=note), stakes=stakes)


def _odds(payout: Payout) -> Fraction:
    return Fraction(payout.numerator, payout.denominator)


def _pays(payout: Payout) -> Callable[[str], Fraction]:
    return lambda label: payout.ratio if label == "win" else Fraction(0)


# --- one-roll bets -------------------------------------------------------------------------------------


def _one_roll(wager: str, returned: Callable[[int, int], Fraction], payout: str, note: str = "") -> ParRow:
    back = [returned(a, b) for a, b in DICE]
    win = Fraction(sum(1 for r in back if r > 1), 36)
    return _row(wager, win, payout, 1 - sum(back, Fraction(0)) / 36, note=note)


def _one_roll_rows() -> Iterator[ParRow]:
    def on(numbers: tuple[int, ...], payout: Payout) -> Callable[[int, int], Fraction]:
        return lambda a, b: payout.ratio if a + b in numbers else Fraction(0)

    yield _one_roll("field", lambda a, b: FIELD[a + b].ratio if a + b in FIELD else Fraction(0),
                    "2 or 12: 2 to 1; 3, 4, 9, 10, 11: 1 to 1")  # fmt: skip
    for wager, (numbers, payout) in PROPOSITION.items():
        yield _one_roll(wager, on(numbers, payout), str(payout))
    craps, eleven, seven = PROPOSITION["any_craps"][1], PROPOSITION["eleven"][1], PROPOSITION["any_seven"][1]
    horn = {n: (1, HORN[n]) for n in HORN_NUMBERS}
    yield _one_roll("c_and_e", _split({2: (1, craps), 3: (1, craps), 12: (1, craps), 11: (1, eleven)}, 2),
                    "half: 7 to 1 on 2, 3, 12; half: 15 to 1 on 11")  # fmt: skip
    yield _one_roll("horn", _split(horn, 4), "30/15/15/30 to 1")
    for high, note in ((12, "high on 2 or 12"), (11, "high on 3 or 11")):
        yield _one_roll("horn_high", _split({**horn, high: (2, HORN[high])}, 5), "as Horn", note)
    yield _one_roll("whirl", _split({**horn, 7: (1, seven)}, 5), "as Horn; 7: 4 to 1")
    for low, high in HOPS:
        yield _one_roll(f"hop_{low}_{high}", _hop((low, high)), str(HOP_HARD if low == high else HOP_MIXED))
    yield _one_roll("six_seven_eight", _six_seven_eight, "1 to 1; 3-3 or 4-4: 2 to 1")


def _split(units: dict[int, tuple[int, Payout]], parts: int) -> Callable[[int, int], Fraction]:
    """A wager in ``parts`` equal units; ``units[total]`` = (units on that total, their payout)."""

    def returned(a: int, b: int) -> Fraction:
        count, payout = units.get(a + b, (0, Payout(0)))
        return Fraction(count, parts) * payout.ratio

    return returned


def _hop(pair: tuple[int, int]) -> Callable[[int, int], Fraction]:
    payout = HOP_HARD if pair[0] == pair[1] else HOP_MIXED
    return lambda a, b: payout.ratio if (min(a, b), max(a, b)) == pair else Fraction(0)


def _six_seven_eight(a: int, b: int) -> Fraction:
    if a + b not in (6, 7, 8):
        return Fraction(0)
    return (SIX_SEVEN_EIGHT_PAIR if a == b else SIX_SEVEN_EIGHT).ratio


# --- the side wagers -----------------------------------------------------------------------------------


def fire_chain(made: Hashable) -> Transitions:
    """Fire Bet on come-out states (points made so far); the point phase is folded into each point roll."""
    made = cast(frozenset[int], made)
    moves: list[tuple[Fraction, Hashable | End]] = [(P[t], made) for t in (2, 3, 7, 11, 12)]
    for n in POINTS:
        made_it = P[n] / (P[n] + P[7])
        moves += [(P[n] * made_it, made | {n}), (P[n] * (1 - made_it), End(str(len(made))))]
    return tuple(moves)


@cache  # an exact chain, worked out once per process (every craps boot with a floor asks for it)
def _fire_row(name: str) -> ParRow:
    table = fire.PAYTABLES[name]
    dist = absorb(frozenset(), fire_chain)
    edge = _edge(dist, lambda label: _ratio(table.payout(int(label))))
    win = sum((p for label, p in dist.items() if table.payout(int(label))), Fraction(0))
    pays = "/".join(str(p.numerator) for _, p in table.pays)
    return _row("fire", win, f"{pays} to 1 for 4/5/6 points", edge, name)


@cache  # an exact chain, worked out once per process (every craps boot with a floor asks for it)
def _bonus_row(kind: str, name: str) -> ParRow:
    needed = frozenset(BONUS_KINDS[kind])

    def step(marks: Hashable) -> Transitions:
        marks = cast(frozenset[int], marks)
        moves: list[tuple[Fraction, Hashable | End]] = [(P[7], End("lose"))]
        for t in (t for t in P if t != 7):
            after = marks | {t} if t in needed else marks
            moves.append((P[t], End("win") if after == needed else after))
        return tuple(moves)

    payout = bonus.PAYTABLES[name].payout(kind)
    dist = absorb(frozenset(), step)
    return _row(kind, dist["win"], str(payout), _edge(dist, _pays(payout)), name)


def lucky_chain(state: Hashable) -> Transitions:
    """Lucky Shooter through ``lucky_shooter.step`` on the 11 totals; states are (point, marks) or waiting."""
    wager = Wager("par", 0, Spot("lucky_shooter"), 1)
    if state is not None:
        point, marks = cast(tuple[int, tuple[int, ...]], state)
        wager = Wager("par", 0, Spot("lucky_shooter"), 1, number=point, marks=marks)
    moves: list[tuple[Fraction, Hashable | End]] = []
    for total, p in P.items():
        after = lucky_shooter.step(wager, state is None, total)
        if isinstance(after, str):
            moves.append((p, End(after)))
        else:
            moves.append((p, None if after.number is None else (after.number, after.marks)))
    return tuple(moves)


@cache  # an exact chain, worked out once per process (every craps boot with a floor asks for it)
def _lucky_row(name: str) -> ParRow:
    table = lucky_shooter.PAYTABLES[name]
    dist = absorb(None, lucky_chain)
    edge = _edge(dist, lambda label: _ratio(table.payout(label)))
    win = sum((p for label, p in dist.items() if _ratio(table.payout(label)) > 1), Fraction(0))
    pays = "/".join(f"{p.numerator}" for _, p in table.pays)
    note = (
        "per wager; a come-out 7/11 (1 for 1, stays working) is no decision. Counting each as a push and "
        f"a new wager the edge per unit wagered is {float(edge * Fraction(7, 9) * 100):.4f}%"
    )
    return _row("lucky_shooter", win, f"{pays} for 1", edge, name, note=note)


def _ratio(payout: Payout | None) -> Fraction:
    return payout.ratio if payout else Fraction(0)


def hot_roller_chain(marks: Hashable) -> Transitions:
    """Hot Roller over the combinations marked, through ``hot_roller.thrown`` on every roll.

    A 7 ends the chain on the count of numbers complete; a roll of 2, 3, 11 or 12 or a combination
    already marked changes nothing. States are lumped (:func:`_lumped`): 2,628 rather than 2**14.
    """
    marks = cast(tuple[int, ...], marks)
    ways: dict[Hashable, int] = {End(str(len(hot_roller.completed(marks)))): WAYS[7]}
    for a, b in DICE:
        if a + b != 7 and a <= b:  # each unordered pair once, with its ways (counted whole, then /36)
            after = _lumped(hot_roller.thrown(marks, a, b))
            ways[after] = ways.get(after, 0) + (1 if a == b else 2)
    return tuple((Fraction(n, 36), state) for state, n in ways.items())


_FLIP = {10 * a + b: 10 * (7 - b) + (7 - a) for a in range(1, 7) for b in range(a, 7)}  # each die x -> 7 - x


@cache
def _lumped(marks: tuple[int, ...]) -> tuple[int, ...]:
    """One representative of the marks that end alike: within a number the mixed combinations (2/36 each)
    are interchangeable, and turning both dice over (x -> 7 - x) swaps 4/10, 5/9 and 6/8 with their odds."""

    def canonical(have: set[int]) -> tuple[int, ...]:
        out: list[int] = []
        for combos in hot_roller.NUMBERS.values():
            mixed = [c for c in combos if c % 11]
            out += mixed[: sum(1 for c in mixed if c in have)]
            out += [c for c in combos if not c % 11 and c in have]
        return tuple(sorted(out, key=_LAYOUT.index))

    return min(canonical(set(marks)), canonical({_FLIP[c] for c in marks}))


_LAYOUT = hot_roller.COMBINATIONS


@cache
def hot_roller_ends() -> Dist:
    """How a Hot Roller wager ends: the probability of each count of numbers complete at the first 7."""
    return absorb((), hot_roller_chain)


def _hot_row(name: str, dist: Dist) -> ParRow:
    table = hot_roller.PAYTABLES[name]
    edge = _edge(dist, lambda label: _ratio(table.payout(int(label))))
    win = sum((p for label, p in dist.items() if table.payout(int(label))), Fraction(0))
    pays = "/".join(str(p.numerator) for _, p in table.pays)
    return _row("hot_roller", win, f"{pays} to 1 for 6/5/4/3/2 numbers", edge, name)
