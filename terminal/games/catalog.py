"""The wager ids each game offers, by the ids used in paytables, limits, meters and the PAR sheet.

One list per game, in layout order, as each game declares it (:mod:`terminal.games.registry`). The rule
engines, ``[limits]`` overrides in ``kiosk.cfg`` and the meters per wager type all name wagers by these ids.
"""

from __future__ import annotations

from terminal.games.registry import GAMES as _GAMES

GAMES: dict[str, tuple[str, ...]] = {name: g.wagers for name, g in _GAMES.items()}
ALL_WAGERS: frozenset[str] = frozenset(kind for wagers in GAMES.values() for kind in wagers)
