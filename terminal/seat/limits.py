"""The limits a chip is checked against the moment it lands, before anything is sent to the controller.

The check mirrors the controller's (the controller stays the authority and checks again): the betting
window must be open, the chip must fit the wager's minimum, maximum and increment of the ``Offer``, the
seat's stake this round must stay within ``seat_max``, and the credits must cover it. A refusal is a
:class:`~terminal.seat.model.Notice` naming the limit and its amount in the player's language.

>>> wager_id("split:17-20"), wager_id("place_6"), wager_id("horn_high:12"), wager_id("come_odds_5")
('split', 'place_6', 'horn_high', 'come_odds')
"""

from __future__ import annotations

from collections.abc import Callable

from terminal.games.crapless.records import Spot as CraplessSpot
from terminal.games.craps.records import Spot as CrapsSpot
from terminal.games.roulette.catalog import WAGERS as ROULETTE_WAGERS
from terminal.net import messages as m
from terminal.seat.model import Notice, SeatModel, notice

_ROULETTE = frozenset(ROULETTE_WAGERS)


def wager_id(spot: str) -> str:
    """The wager id (as in ``terminal/games/catalog.py``) of a spot's canonical text."""
    head = spot.partition(":")[0]
    if head in _ROULETTE:
        return head
    for parse in (CrapsSpot.parse, CraplessSpot.parse):  # craps, then the crapless spots craps lacks
        try:
            return parse(spot).wager_id
        except ValueError:
            continue
    return head


def offered(model: SeatModel, wager: str) -> m.OfferedWager | None:
    """The offer of ``wager`` at this table, if the controller told us one."""
    if model.offer is None:
        return None
    return next((w for w in model.offer.wagers if w.wager == wager), None)


def check_chip(
    model: SeatModel, spot: str, amount: int, now: float, money: Callable[[int], str]
) -> Notice | None:
    """``None`` when a chip of ``amount`` may land on ``spot``; else the notice that says why not."""
    if not model.can_bet(now):
        return notice("bets.closed", now)
    wager = wager_id(spot)
    name_key = f"wager.{wager}"  # a catalogue key: the notice's ``wager`` argument is translated when drawn
    offer = offered(model, wager)
    if offer is not None:
        if amount < offer.minimum:
            return notice("limit.minimum", now, wager=name_key, amount=money(offer.minimum))
        if amount > offer.maximum:
            return notice("limit.maximum", now, wager=name_key, amount=money(offer.maximum))
        if offer.increment and amount % offer.increment:
            return notice("limit.increment", now, wager=name_key, amount=money(offer.increment))
    if model.table is not None and model.me is not None:
        fresh = sum(w.amount for w in model.me.wagers if not w.standing)
        if fresh + amount > model.table.limits.seat_max:
            return notice("limit.seat_max", now, amount=money(model.table.limits.seat_max))
    if model.me is not None and amount > model.me.credits:
        return notice("limit.credits", now, amount=money(amount), credits=money(model.me.credits))
    return None


def check_set(
    model: SeatModel, stakes: tuple[tuple[str, int], ...], now: float, money: Callable[[int], str]
) -> Notice | None:
    """``None`` when every (spot, amount) of ``stakes`` may land together (a favourite replayed, a call
    bet); else the notice of the first limit it would break. The controller checks again and places all
    of them or none."""
    if not model.can_bet(now):
        return notice("bets.closed", now)
    for spot, amount in stakes:
        refusal = _offer_refusal(model, spot, amount, now, money)
        if refusal is not None:
            return refusal
    total = sum(amount for _, amount in stakes)
    if model.table is not None and model.me is not None:
        fresh = sum(w.amount for w in model.me.wagers if not w.standing)
        if fresh + total > model.table.limits.seat_max:
            return notice("limit.seat_max", now, amount=money(model.table.limits.seat_max))
    if model.me is not None and total > model.me.credits:
        return notice("limit.set_credits", now, amount=money(total), credits=money(model.me.credits))
    return None


def _offer_refusal(
    model: SeatModel, spot: str, amount: int, now: float, money: Callable[[int], str]
) -> Notice | None:
    """The wager's own minimum, maximum and step, as :func:`check_chip` checks a chip."""
    wager = wager_id(spot)
    offer = offered(model, wager)
    if offer is None:
        return None
    name_key = f"wager.{wager}"
    if amount < offer.minimum:
        return notice("limit.minimum", now, wager=name_key, amount=money(offer.minimum))
    if amount > offer.maximum:
        return notice("limit.maximum", now, wager=name_key, amount=money(offer.maximum))
    if offer.increment and amount % offer.increment:
        return notice("limit.increment", now, wager=name_key, amount=money(offer.increment))
    return None
