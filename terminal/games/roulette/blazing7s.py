"""Blazing 7's (§ 617b.3; GAMES.md § 3.2): a spin of 7, 17 or 27 starts a bonus round of three balls.

A seat may place it only beside another roulette wager of its own in the same spin. The main spin settles
the roulette wagers first; then a Blazing 7's wager loses unless the pocket is 7, 17 or 27, in which case
it wins and is paid by the bonus round: three balls in three different pockets of the same wheel, drawn
uniformly (balls sharing a compartment are re-launched until all three are apart, § 617b.3(h): the same
as drawing three different pockets). The table draws the three pockets with the spin, as one uniform
integer below n·(n−1)·(n−2) (:func:`balls_drawn` decodes it), and persists them in the spin's outcome
record before anything shows them. When several rows of the paytable apply, the highest pays.

>>> from terminal.games.roulette.wheels import WHEELS
>>> wheel_ = WHEELS["double_zero"]
>>> balls_drawn(wheel_, 0), len(set(balls_drawn(wheel_, 38 * 37 * 36 - 1)))
((0, 28, 9), 3)
>>> bonus_entry((7, 17, 27)), bonus_entry((7, 1, 27)), bonus_entry((3, 17, 0)), bonus_entry((1, 3, 5))
('all_three', 'two', 'one', 'one_colour')
>>> [(entry, str(p)) for entry, p in (bonus_payout(blazing_paytable(t), (1, 3, 5)) for t in "13")]
[('other', '7 to 1'), ('one_colour', '11 to 1')]
>>> bonus_payout(blazing_paytable("3"), (7, 3, 5))  # one colour and one seven: the seven's 17 to 1 pays
('one', Payout(numerator=17, denominator=1, unit='to'))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from terminal.games.base import IllegalBetError, Limits, Payout, Result, Settlement
from terminal.games.paytables import Paytable, PaytableError, UnknownPaytableError
from terminal.games.roulette.wheels import Wheel, is_black, is_red

BLAZING = "blazing7s"
SEVENS = frozenset({7, 17, 27})
BALLS = 3
ANY_STAKE = Limits(1, 10**15, 1)
# The bonus rows, best first (GAMES.md § 3.2); "one_colour" is offered by paytables 3 and 4 only.
ENTRIES: tuple[str, ...] = ("all_three", "two", "one", "one_colour", "other")
ENTRY_NAMES: dict[str, str] = {
    "all_three": "7, 17 and 27 all three", "two": "two of 7, 17, 27", "one": "one of 7, 17, 27",
    "one_colour": "all three balls one colour", "other": "any other result",
}  # fmt: skip


def _table(name: str, top: int, colour: int | None, other: int) -> Paytable:
    rows = [("all_three", Payout(top)), ("two", Payout(100)), ("one", Payout(17))]
    if colour is not None:
        rows.append(("one_colour", Payout(colour)))
    rows.append(("other", Payout(other)))
    table = Paytable(BLAZING, name, tuple(rows))
    if any(p.unit != "to" or p.numerator < 1 for _, p in table.entries):
        raise PaytableError(f"Blazing 7's paytable {name}: every row must win something")
    return table


# § 617b.3(j): paytables 1 and 2 have no colour row; 3 and 4 pay 11 to 1 for three balls of one colour.
BLAZING_PAYTABLES: dict[str, Paytable] = {
    "1": _table("1", 1000, None, 7),
    "2": _table("2", 299, None, 7),
    "3": _table("3", 1000, 11, 6),
    "4": _table("4", 299, 11, 6),
}


def blazing_paytable(name: str) -> Paytable:
    """The Blazing 7's paytable called ``name`` (1 to 4)."""
    try:
        return BLAZING_PAYTABLES[name]
    except KeyError:
        raise UnknownPaytableError(
            f"unknown Blazing 7's paytable {name!r}: choose one of {', '.join(BLAZING_PAYTABLES)}"
        ) from None


def ball_space(wheel: Wheel) -> int:
    """How many ordered triples of different live pockets the wheel has: the bonus draw is uniform below it
    (on ``double_as_single`` the closed 00 is no pocket of the bonus either: a ball there is re-launched)."""
    n = len(wheel.live_pockets)
    return n * (n - 1) * (n - 2)


def balls_drawn(wheel: Wheel, value: int) -> tuple[int, int, int]:
    """The three different pockets (in the order the balls land) a draw ``value`` below
    :func:`ball_space` gives: a mixed-radix index into the wheel's pockets, each ball choosing among
    the pockets the earlier balls left free."""
    live = wheel.live_pockets
    n = len(live)
    if not 0 <= value < n * (n - 1) * (n - 2):
        raise ValueError(f"Blazing 7's draw {value} is outside 0..{ball_space(wheel) - 1}")
    # The same mixed radix as taking each ball out of a list of the free pockets, done on indices (the
    # simulator and the brute force draw it on every spin): each later index skips the earlier balls.
    first, rest = divmod(value, (n - 1) * (n - 2))
    second, third = divmod(rest, n - 2)
    second += second >= first
    low, high = (first, second) if first < second else (second, first)
    third += third >= low
    third += third >= high
    return live[first], live[second], live[third]


def balls_index(wheel: Wheel, balls: tuple[int, ...]) -> int:
    """The draw value that gives ``balls`` in that order (the inverse of :func:`balls_drawn`).

    >>> from terminal.games.roulette.wheels import WHEELS
    >>> w = WHEELS["single_zero"]
    >>> balls_drawn(w, balls_index(w, (27, 7, 17)))
    (27, 7, 17)
    """
    if len(balls) != BALLS or len(set(balls)) != BALLS:
        raise ValueError(f"a bonus is three different pockets, not {balls!r}")
    free = list(wheel.live_pockets)
    n = len(free)
    value = 0
    for radix, ball in zip(((n - 1) * (n - 2), n - 2, 1), balls, strict=True):
        if ball not in free:
            raise ValueError(f"pocket {ball} is not a live pocket of the {wheel.name} wheel")
        value += free.index(ball) * radix
        free.remove(ball)
    return value


def bonus_entry(balls: tuple[int, ...]) -> str:
    """The highest paytable row the three balls reach (colour counted even where a paytable has no such
    row: :func:`bonus_payout` then falls back to "other")."""
    sevens = len(SEVENS & set(balls))
    if sevens:
        return ("one", "two", "all_three")[sevens - 1]
    if all(is_red(b) for b in balls) or all(is_black(b) for b in balls):
        return "one_colour"
    return "other"


def bonus_payout(paytable: Paytable, balls: tuple[int, ...]) -> tuple[str, Payout]:
    """The row that pays and its payout: the highest of the rows that apply under ``paytable``."""
    sevens = len(SEVENS.intersection(balls))
    one_colour = all(is_red(b) for b in balls) or all(is_black(b) for b in balls)
    return _highest(paytable, sevens, one_colour)


@lru_cache(maxsize=256)
def _highest(paytable: Paytable, sevens: int, one_colour: bool) -> tuple[str, Payout]:
    # Which rows apply depends on the balls only through these two facts, so a settle looks the
    # answer up instead of comparing every row's exact ratio again (the simulator settles millions).
    applying = {"all_three": sevens == 3, "two": sevens == 2, "one": sevens == 1, "one_colour": one_colour}
    paid = [(entry, p) for entry, p in paytable.entries if entry in ENTRIES and applying.get(entry, True)]
    return max(paid, key=lambda pair: pair[1].ratio)


@dataclass(frozen=True, slots=True)
class BlazingRules:
    """The configured paytable and limits of the Blazing 7's wager."""

    paytable: Paytable
    limits: Limits = ANY_STAKE


@dataclass(frozen=True, slots=True)
class BlazingWager:
    """One Blazing 7's wager of a seat for the next spin."""

    ref: str
    stake: int


def check_place(rules: BlazingRules, stake: int, others: int, seat_total: int) -> None:
    """Refuse a Blazing 7's wager of a seat with no other roulette wager this spin, or off the limits."""
    if others == 0:
        raise IllegalBetError(
            BLAZING, "Blazing 7's is placed only beside another roulette wager of this seat"
        )
    rules.limits.check_stake(BLAZING, stake)
    rules.limits.check_seat_total(BLAZING, "Blazing 7's", seat_total, stake)


def triggered(pocket: int) -> bool:
    """The main spin starts a bonus round: 7, 17 or 27."""
    return pocket in SEVENS


def settle_blazing(
    rules: BlazingRules, wagers: tuple[tuple[int, BlazingWager], ...], pocket: int, balls: tuple[int, ...]
) -> tuple[Settlement, ...]:
    """Settle every seat's Blazing 7's wager on a valid spin (after its roulette wagers)."""
    if not triggered(pocket):
        name = rules.paytable.name
        return tuple(
            Settlement(w.ref, BLAZING, name, w.stake, 0, Result.LOSE, "no_trigger") for _, w in wagers
        )
    if len(balls) != BALLS or len(set(balls)) != BALLS:
        raise ValueError(f"a Blazing 7's bonus needs three different pockets, not {balls!r}")
    entry, payout = bonus_payout(rules.paytable, balls)
    return tuple(
        Settlement(w.ref, BLAZING, rules.paytable.name, w.stake, payout.returned(w.stake), Result.WIN, entry)
        for _, w in wagers
    )
