"""A seat's round as a player should hear it: what it paid, what it netted, and how big a win it was.

The headline of a round is its **net**: a round that paid $6.00 on $10.00 staked is a loss of $4.00 and
is never called a win ("Paid $6.00 · net −$4.00"). A win (net above zero) has a **tier** by the multiple
of the seat's total stake that came back: :data:`WIN` under :data:`BIG_MULTIPLE`, :data:`BIG` from it,
:data:`HUGE` from :data:`HUGE_MULTIPLE` (a lone straight-up roulette hit returns 36 times its stake: huge).
Both the seat (headline, banner, sound) and the display (the seat named on a big win) read it from the
round's ``Result`` settlements, so they always agree.

>>> from terminal.net import messages as m
>>> lost = m.SettlementView("seat-1", "red", 1000, 0, "lose")
>>> won = m.SettlementView("seat-1", "odd", 300, 600, "win")
>>> s = (lost, won)
>>> r = round_of(s, "seat-1")
>>> r.staked, r.paid, r.net, r.tier
(1300, 600, -700, 'loss')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from terminal.net import messages as m

NONE, LOSS, EVEN, WIN, BIG, HUGE = "none", "loss", "even", "win", "big", "huge"
BIG_MULTIPLE = 10  # paid at least ten times the round's total stake: a big win
HUGE_MULTIPLE = 30  # at least thirty times: a huge win
WIN_TIERS = (WIN, BIG, HUGE)


@dataclass(frozen=True, slots=True)
class SeatRound:
    """One seat's round: ``staked`` over all its settled wagers, ``paid`` back (stakes included), the
    ``net`` and its ``tier`` (none: no wager; loss, even, win, big, huge)."""

    staked: int
    paid: int
    net: int
    tier: str

    @property
    def won(self) -> bool:
        """Whether the round is a win (its net above zero): the only case that says "You win"."""
        return self.tier in WIN_TIERS


def tier_of(staked: int, paid: int) -> str:
    """The tier of a round that staked ``staked`` and paid back ``paid`` (integers, minor units)."""
    if staked <= 0 and paid <= 0:
        return NONE
    if paid < staked:
        return LOSS
    if paid == staked:
        return EVEN
    if paid >= staked * HUGE_MULTIPLE:
        return HUGE
    if paid >= staked * BIG_MULTIPLE:
        return BIG
    return WIN


def round_of(settlements: Iterable[m.SettlementView], seat: str) -> SeatRound:
    """``seat``'s round in ``settlements`` (every wager of the seat, winning or not)."""
    mine = [s for s in settlements if s.seat == seat]
    staked = sum(s.wagered for s in mine)
    paid = sum(s.paid for s in mine)
    return SeatRound(staked, paid, paid - staked, tier_of(staked, paid) if mine else NONE)
