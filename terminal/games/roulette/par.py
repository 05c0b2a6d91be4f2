"""Exact true odds, payout and house edge of every roulette wager, from the engine's own spot coverage.

The probability of a wager is the pockets it covers over the live pockets of the wheel. On
``double_as_single`` 00 voids and re-spins, so the figures are conditional on no 00: the single-zero
figures. Every legal spot of a kind is computed, and they must agree (a street on 0-00-2 is a street).

>>> rows = {r.wager: r for r in roulette_rows("double_zero")}
>>> rows["straight"].house_edge, rows["first_five"].house_edge, rows["five_adjacent"].payout
(Fraction(1, 19), Fraction(3, 38), '31 to 5')
>>> {r.house_edge for r in roulette_rows("single_zero")}
{Fraction(1, 37)}
"""

from __future__ import annotations

from fractions import Fraction

from terminal.games.par_rows import ParRow, odds_text
from terminal.games.paytables import Paytable, roulette_paytable
from terminal.games.roulette.catalog import WAGERS as ROULETTE_WAGERS
from terminal.games.roulette.spots import Spot, legal_spots
from terminal.games.roulette.wheels import Wheel, wheel


def roulette_rows(
    wheel_name: str, five_adjacent: bool = True, paytable_name: str = "standard"
) -> list[ParRow]:
    """One row per wager offered on ``wheel_name`` (Touchdown excepted: see
    ``terminal.games.roulette.par_touchdown``)."""
    the_wheel = wheel(wheel_name)
    paytable = roulette_paytable(paytable_name)
    spots = legal_spots(the_wheel, five_adjacent)
    rows = []
    for kind in ROULETTE_WAGERS:
        of_kind = [s for s in spots if s.kind == kind]
        if of_kind:
            rows.append(_row(the_wheel, paytable, kind, of_kind))
    return rows


def _row(the_wheel: Wheel, paytable: Paytable, kind: str, spots: list[Spot]) -> ParRow:
    live = the_wheel.live_pockets
    probabilities = {Fraction(sum(1 for p in live if s.covers(p)), len(live)) for s in spots}
    if len(probabilities) != 1:
        raise ValueError(
            f"spots of {kind} on {the_wheel.name} cover different counts: {sorted(probabilities)}"
        )
    probability = probabilities.pop()
    if kind == "five_adjacent":
        # Five equal Straights: one fifth of the stake wins a Straight, four fifths lose.
        straight = paytable.payout("straight")
        ratio = straight.ratio / 5
        net = ratio - 1
        payout, note = f"{net.numerator} to {net.denominator}", f"five Straights at {straight} each"
    else:
        ratio = paytable.payout(kind).ratio
        payout, note = str(paytable.payout(kind)), ""
    edge = 1 - probability * ratio
    if the_wheel.void_pocket is not None:
        note = (note + "; " if note else "") + "00 voids and re-spins: conditional on no 00"
    return ParRow("roulette", kind, paytable.name, odds_text(probability), payout, edge, note=note)
