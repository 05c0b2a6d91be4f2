"""Wagers placed as a set: a favourite saved this session and played again, a racetrack call bet.

A favourite is the seat's wagers of the round on screen (each spot once, its whole stake), kept in one
of :data:`SLOTS` slots on the seat until the player cashes out (the session ends with the voucher, and its
favourites with it). A call bet is the ordinary wagers its recipe lists
(:mod:`terminal.games.roulette.calls`), one chip of the tray a unit. Either is sent as one
``PlaceWagers``: the controller places all of it or none.

>>> from terminal.net import messages as m
>>> me = m.SeatState("seat-1", 900, 300, 0, (m.WagerView("red", 100, True, None, (), 0, False),
...     m.WagerView("straight:17", 200, True, None, (), 0, False)), None)
>>> saved(me)
(('red', 100), ('straight:17', 200))
"""

from __future__ import annotations

from terminal.games.roulette.calls import NEIGHBOURS, CallBetError, offered, parse_call
from terminal.games.roulette.wheels import WHEELS, UnknownWheelError, Wheel, wheel
from terminal.net import messages as m
from terminal.seat.model import SeatModel

SLOTS = 3  # favourites a session keeps
Stakes = tuple[tuple[str, int], ...]


def saved(me: m.SeatState | None) -> Stakes:
    """What a favourite keeps of the seat's wagers: this round's (not a contract standing from an earlier
    one, nor a moved come bet), each spot once with its whole stake, in the order shown."""
    out: dict[str, int] = {}
    for w in me.wagers if me is not None else ():
        if not w.standing and w.number is None:
            out[w.spot] = out.get(w.spot, 0) + w.amount
    return tuple(out.items())


def store(favourites: tuple[Stakes, ...], slot: int, stakes: Stakes) -> tuple[Stakes, ...]:
    """``favourites`` with ``slot`` holding ``stakes`` (the slots padded to :data:`SLOTS`)."""
    if not 0 <= slot < SLOTS:
        raise ValueError(f"favourite slot {slot} is not one of 0-{SLOTS - 1}")
    padded = (*favourites, *((),) * (SLOTS - len(favourites)))[:SLOTS]
    return (*padded[:slot], stakes, *padded[slot + 1 :])


def calls_of(model: SeatModel) -> tuple[str, ...]:
    """The call bets of the seat's roulette wheel (none at another game's table)."""
    wheel_ = table_wheel(model)
    return offered(wheel_) if wheel_ is not None else ()


def table_wheel(model: SeatModel) -> Wheel | None:
    """The roulette wheel of the table, or None at another game."""
    table = model.table
    if table is None or table.game != "roulette" or table.variant not in WHEELS:
        return None
    try:
        return wheel(table.variant)
    except UnknownWheelError:
        return None


def call_stakes(model: SeatModel, text: str, chip: int, each_side: int) -> Stakes:
    """The stakes of call bet ``text`` (``voisins``, ``neighbours:17``) with ``chip`` a unit; raises
    :class:`CallBetError` when the wheel has no such call bet."""
    found = table_wheel(model)
    if found is None:
        raise CallBetError(text, "call bets are a roulette table's")
    if text.startswith(NEIGHBOURS + ":"):
        text = f"{text}:{each_side}"
    return parse_call(text, found).stakes(chip)
