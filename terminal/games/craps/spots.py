"""Every craps spot a seat can touch, derived from the catalogue's wager ids and :class:`Spot`'s rules.

A spot is legal when ``Spot.parse`` accepts its text; the candidates are each catalogue id, each id with
``_odds`` appended (odds have no catalogue id of their own: they ride on their line wager), and those
with a number appended (``come_odds_6``, ``horn_high:12``). A spot is offered when its wager id is
offered, or, for odds, when the line wager they sit behind is.

>>> spots = every_spot()
>>> len(spots), "horn_high:11" in {str(s) for s in spots}, "come_odds_6" in {str(s) for s in spots}
(84, True, True)
>>> sorted(str(s) for s in offered_spots(frozenset({"pass", "horn_high"})))
['horn_high:11', 'horn_high:12', 'horn_high:2', 'horn_high:3', 'pass', 'pass_odds']
"""

from __future__ import annotations

from functools import cache

from terminal.games.craps.catalog import WAGERS as CRAPS_WAGERS
from terminal.games.craps.records import BadSpotError, Spot

_NUMBERS = range(2, 13)
_ODDS = "_odds"


def _candidates() -> list[str]:
    texts: list[str] = []
    for wager in (*CRAPS_WAGERS, *(f"{w}{_ODDS}" for w in CRAPS_WAGERS)):
        texts += [wager, *(f"{wager}_{n}" for n in _NUMBERS), *(f"{wager}:{n}" for n in _NUMBERS)]
    return texts


@cache
def every_spot() -> tuple[Spot, ...]:
    """Every legal craps spot, once each, in catalogue order."""
    found: dict[str, Spot] = {}
    for text in _candidates():
        try:
            spot = Spot.parse(text)
        except BadSpotError:
            continue
        found.setdefault(str(spot), spot)
    return tuple(found.values())


def base_wager(spot: Spot) -> str:
    """The catalogue id that decides whether ``spot`` is offered: odds follow their line wager."""
    return spot.kind.removesuffix(_ODDS) if spot.kind.endswith(_ODDS) else spot.wager_id


def offered_spots(offered: frozenset[str]) -> tuple[Spot, ...]:
    """The legal spots whose wager (or, for odds, whose line wager) is among the ``offered`` ids."""
    return tuple(s for s in every_spot() if base_wager(s) in offered)
