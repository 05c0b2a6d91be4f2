"""B2B Roulette (§ 617b.2; GAMES.md § 3.1): the pocket repeats the previous valid spin, at odds the RNG draws.

A seat's B2B wager wins when the ball lands on the same number as the last spin this table settled (a
void spin does not count); it loses otherwise. The odds of a winning wager are one of the seven that
§ 617b.2(e) lists, drawn by the certified RNG with the configured weights (``[b2b] weights``, per 1000,
every one of the seven present and above zero). The table draws them with the spin, as one more uniform
integer below the weights' total, and persists them in the spin's outcome record before anything shows
it; :func:`odds_drawn` turns that integer into the odds.

>>> rules = B2BRules(parse_weights(DEFAULT_WEIGHTS))
>>> odds_drawn(rules.weights, 0), odds_drawn(rules.weights, 4), odds_drawn(rules.weights, 5)
(1000, 1000, 500)
>>> odds_drawn(rules.weights, 999)
10
>>> won = settle_b2b(rules, ((1, B2BWager("b1", 500)),), pocket=17, previous=17, odds=250)
>>> won[0].returned, won[0].entry
(125500, 'odds_250')
>>> settle_b2b(rules, ((1, B2BWager("b1", 500)),), pocket=18, previous=17, odds=250)[0].returned
0
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from terminal.games.base import IllegalBetError, Limits, Payout, Result, Settlement

B2B = "b2b"
ODDS: tuple[int, ...] = (1000, 500, 250, 100, 50, 25, 10)  # § 617b.2(e)(i)-(vii), all "to 1"
DEFAULT_WEIGHTS = "1000:5, 500:10, 250:20, 100:50, 50:100, 25:120, 10:695"
PER = 1000  # the weights are per 1000 draws
ANY_STAKE = Limits(1, 10**15, 1)


class WeightsError(ValueError):
    """``[b2b] weights`` that leave out one of the seven odds, weigh one at zero, or do not total 1000."""


def parse_weights(text: str) -> tuple[tuple[int, int], ...]:
    """``"1000:5, 500:10, ..."`` as ((odds, weight), ...) in the regulation's order; one-line errors.

    >>> parse_weights(DEFAULT_WEIGHTS)[:2]
    ((1000, 5), (500, 10))
    >>> parse_weights("1000:5, 500:10, 250:20, 100:50, 50:100, 25:120")
    Traceback (most recent call last):
    ...
    terminal.games.roulette.b2b.WeightsError: B2B weights must give all seven odds of § 617b.2(e): 10 is ...
    """
    given: dict[int, int] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        odds, sep, weight = part.partition(":")
        if not sep or not odds.strip().isdigit() or not weight.strip().isdigit():
            raise WeightsError(f"B2B weight {part!r} is not odds:weight in whole numbers (e.g. 1000:5)")
        key = int(odds)
        if key not in ODDS:
            raise WeightsError(f"B2B odds {key} to 1 are not one of § 617b.2(e): {', '.join(map(str, ODDS))}")
        if key in given:
            raise WeightsError(f"B2B odds {key} to 1 are weighted twice")
        given[key] = int(weight)
    missing = [str(o) for o in ODDS if o not in given]
    if missing:
        raise WeightsError(
            f"B2B weights must give all seven odds of § 617b.2(e): {', '.join(missing)} is missing"
        )
    zero = [str(o) for o in ODDS if given[o] <= 0]
    if zero:
        raise WeightsError(f"B2B weights must be above zero for all seven odds: {', '.join(zero)}")
    total = sum(given.values())
    if total != PER:
        raise WeightsError(f"B2B weights are per {PER} and must total {PER}, not {total}")
    return tuple((o, given[o]) for o in ODDS)


def weights_text(weights: tuple[tuple[int, int], ...]) -> str:
    """The weights as the paytable id every B2B wager record stores: ``5-10-20-50-100-120-695``."""
    return "-".join(str(w) for _, w in weights)


def odds_drawn(weights: tuple[tuple[int, int], ...], value: int) -> int:
    """The odds a draw ``value`` in ``[0, total weight)`` gives: the first odds whose cumulative weight
    exceeds it (1000 to 1 for the lowest values)."""
    if not 0 <= value < sum(w for _, w in weights):
        raise ValueError(f"B2B draw {value} is outside 0..{sum(w for _, w in weights) - 1}")
    for odds, weight in weights:
        if value < weight:
            return odds
        value -= weight
    raise AssertionError("unreachable: the value is below the total")


def odds_value(weights: tuple[tuple[int, int], ...], odds: int) -> int:
    """The first draw value that gives ``odds`` (the inverse of :func:`odds_drawn`, for forced outcomes).

    >>> odds_value(parse_weights(DEFAULT_WEIGHTS), 250), odds_drawn(parse_weights(DEFAULT_WEIGHTS), 15)
    (15, 250)
    """
    start = 0
    for each, weight in weights:
        if each == odds:
            return start
        start += weight
    raise ValueError(f"B2B odds {odds} to 1 are not one of {', '.join(str(o) for o, _ in weights)}")


def mean_ratio(weights: tuple[tuple[int, int], ...]) -> Fraction:
    """Exact mean amount returned per unit on a win, stake included (35.95 for the default weights)."""
    total = sum(w for _, w in weights)
    return sum((Fraction(w, total) * (odds + 1) for odds, w in weights), Fraction(0))


@dataclass(frozen=True, slots=True)
class B2BRules:
    """The configured weights and limits of the B2B wager."""

    weights: tuple[tuple[int, int], ...]
    limits: Limits = ANY_STAKE

    @property
    def paytable(self) -> str:
        return weights_text(self.weights)

    @property
    def total(self) -> int:
        """The weights' total: the table draws one uniform integer below it."""
        return sum(w for _, w in self.weights)


@dataclass(frozen=True, slots=True)
class B2BWager:
    """One B2B wager of a seat for the next spin."""

    ref: str
    stake: int


def check_place(rules: B2BRules, previous: int | None, stake: int, seat_total: int) -> None:
    """Refuse a B2B wager while the table has no previous spin, or one over the limits (with the seat's)."""
    if previous is None:
        raise IllegalBetError(B2B, "B2B is closed until one spin has settled at this table")
    rules.limits.check_stake(B2B, stake)
    rules.limits.check_seat_total(B2B, "B2B", seat_total, stake)


def settle_b2b(
    rules: B2BRules,
    wagers: tuple[tuple[int, B2BWager], ...],
    pocket: int,
    previous: int | None,
    odds: int | None,
) -> tuple[Settlement, ...]:
    """Settle every seat's B2B wager on a valid spin: won at ``odds`` to 1 when ``pocket`` repeats."""
    won = previous is not None and pocket == previous
    if won and odds not in ODDS:
        raise ValueError(f"a winning B2B wager needs drawn odds, one of {ODDS}, not {odds!r}")
    settled = []
    for _, w in wagers:
        if won and odds is not None:
            back = Payout(odds).returned(w.stake)
            settled.append(Settlement(w.ref, B2B, rules.paytable, w.stake, back, Result.WIN, f"odds_{odds}"))
        else:
            settled.append(Settlement(w.ref, B2B, rules.paytable, w.stake, 0, Result.LOSE, "no_repeat"))
    return tuple(settled)
