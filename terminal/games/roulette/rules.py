"""Roulette (§ 617a): placing a wager on a legal spot within its limits, and settling a spin.

A wager is validated once, when the chip lands; placement precomputes the two frozen settlements it can
end in and, from the spot's pocket mask, which of the two each pocket of any wheel gives, so settling a
spin is one tuple index per wager. Five Adjacent is five equal
Straight wagers (§ 617a.3(e)(1)(iii)): its stake must split into five equal parts, each a whole number of
the wager's increment; when it wins, one fifth is paid as a Straight and the other four fifths lose.

>>> rules = make_rules("double_zero", default_limits=Limits(100, 50_000, 100))
>>> bets = (place(rules, "a", "straight:17", 100), place(rules, "b", "red", 500))
>>> spin = settle(bets, 17, rules)
>>> [(s.wager_ref, s.result.value, s.returned) for s in spin.settlements], spin.house_net
([('a', 'win', 3600), ('b', 'lose', 0)], -3000)
>>> settle(bets, 37, make_rules("double_as_single")).void
True
>>> place(rules, "c", "five_adjacent:0", 700)
Traceback (most recent call last):
...
terminal.games.roulette.rules.FiveAdjacentStakeError: five_adjacent: stake 700 does not split into five ...
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from terminal.games.base import IllegalBetError, Limits, Result, Settlement
from terminal.games.paytables import Paytable, roulette_paytable
from terminal.games.roulette.spots import Spot, parse_spot
from terminal.games.roulette.wheels import DOUBLE_ZERO, Wheel, pocket_text, wheel

FIVE = 5
POCKETS = DOUBLE_ZERO + 1  # every pocket of every wheel: 0-36 and 00
_NO_LIMITS = Limits(1, 10**15, 1)


class FiveAdjacentStakeError(IllegalBetError):
    """A Five Adjacent stake that does not split into five equal whole parts on the increment."""


class PaytableMismatchError(ValueError):
    """A wager placed under one paytable settled under another."""


@dataclass(frozen=True, slots=True)
class RouletteRules:
    """What the command layer hands the engine: wheel, paytable, Five Adjacent on/off, limits by wager id."""

    wheel: Wheel
    paytable: Paytable
    five_adjacent: bool = True
    limits: tuple[tuple[str, Limits], ...] = ()
    default_limits: Limits = _NO_LIMITS

    def limits_for(self, wager: str) -> Limits:
        """The limits of wager id ``wager``."""
        for name, limits in self.limits:
            if name == wager:
                return limits
        return self.default_limits


def make_rules(
    wheel_name: str,
    paytable_name: str = "standard",
    five_adjacent: bool = True,
    limits: tuple[tuple[str, Limits], ...] = (),
    default_limits: Limits = _NO_LIMITS,
) -> RouletteRules:
    """Rules from the names ``[roulette]`` uses; unknown names raise ``ValueError``."""
    return RouletteRules(
        wheel(wheel_name), roulette_paytable(paytable_name), five_adjacent, limits, default_limits
    )


@dataclass(frozen=True, slots=True)
class Wager:
    """A placed, validated wager with the two settlements it can end in precomputed.

    ``by_pocket[p]`` is ``win`` if the spot covers pocket ``p`` (bit ``p`` of ``mask``), else ``lose``.
    """

    ref: str
    spot: Spot
    stake: int
    paytable: str
    mask: int
    win: Settlement
    lose: Settlement
    by_pocket: tuple[Settlement, ...] = field(repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class SpinResult:
    """A settled spin. A void spin (00 on ``double_as_single``) settles nothing: every wager stands."""

    pocket: int
    void: bool
    settlements: tuple[Settlement, ...]

    @property
    def staked(self) -> int:
        """Total stakes settled."""
        return sum(s.stake for s in self.settlements)

    @property
    def returned(self) -> int:
        """Total returned to the seats, stakes included."""
        return sum(s.returned for s in self.settlements)

    @property
    def house_net(self) -> int:
        """What the house kept (positive) or paid out beyond the stakes (negative)."""
        return self.staked - self.returned


def place(rules: RouletteRules, ref: str, spot: str | Spot, stake: int) -> Wager:
    """Validate a wager of ``stake`` minor units on ``spot`` and return it ready to settle."""
    where = parse_spot(spot if isinstance(spot, str) else spot.text, rules.wheel, rules.five_adjacent)
    limits = rules.limits_for(where.kind)
    limits.check_stake(where.kind, stake)
    if where.kind == "five_adjacent" and stake % (FIVE * limits.increment):
        raise FiveAdjacentStakeError(
            where.kind,
            f"stake {stake} does not split into five equal parts of a multiple of {limits.increment}",
        )
    return _compile(rules.paytable, ref, where, stake)


def _compile(paytable: Paytable, ref: str, spot: Spot, stake: int) -> Wager:
    entry = "straight" if spot.kind == "five_adjacent" else spot.kind
    winning_part = stake // FIVE if spot.kind == "five_adjacent" else stake
    returned = paytable.payout(entry).returned(winning_part)
    win = Settlement(ref, spot.kind, paytable.name, stake, returned, Result.WIN, entry)
    lose = Settlement(ref, spot.kind, paytable.name, stake, 0, Result.LOSE, entry)
    by_pocket = tuple([win if spot.mask >> pocket & 1 else lose for pocket in range(POCKETS)])
    return Wager(ref, spot, stake, paytable.name, spot.mask, win, lose, by_pocket)


def settle(wagers: Sequence[Wager], pocket: int, rules: RouletteRules) -> SpinResult:
    """Settle every wager on ``pocket``: a pure function, the same answer however often it is asked."""
    the_wheel = rules.wheel
    if not 0 <= pocket < len(the_wheel.order):
        raise ValueError(f"pocket {pocket_text(pocket)} is not on the {the_wheel.name} wheel")
    name = rules.paytable.name
    settlements = tuple([w.by_pocket[pocket] for w in wagers if w.paytable == name])
    if len(settlements) != len(wagers):
        _refuse_mismatch(wagers, name)
    # SpinResult(pocket, void, settlements) without the frozen __init__'s overhead: this runs every spin
    result: SpinResult = _new(SpinResult)
    _set(result, "pocket", pocket)
    if pocket == the_wheel.void_pocket:
        _set(result, "void", True)
        _set(result, "settlements", ())
    else:
        _set(result, "void", False)
        _set(result, "settlements", settlements)
    return result


_new = object.__new__
_set = object.__setattr__


def _refuse_mismatch(wagers: Sequence[Wager], name: str) -> None:
    for w in wagers:
        if w.paytable != name:
            raise PaytableMismatchError(
                f"wager {w.ref} was placed under paytable {w.paytable!r}, not {name!r}"
            )
