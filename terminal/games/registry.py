"""Every game this build plays, found by name: adding a game is one line here.

The table, the protocol, the ledger, the lab tools and the command line find a game only through
:func:`game`; the faces (seat layouts, display scenes, help) register their part for each name in their
own registries.

>>> tuple(GAMES)
('roulette', 'craps', 'sicbo', 'bigsix', 'props_hops', 'high_roll', 'tdf', 'crapless')
>>> game("sicbo").wagers[:2]
('small', 'big')
"""

from __future__ import annotations

from terminal.games.bigsix.game import GAME_DECLARATION as BIGSIX
from terminal.games.crapless.game import GAME_DECLARATION as CRAPLESS
from terminal.games.craps.game import GAME_DECLARATION as CRAPS
from terminal.games.high_roll.game import GAME_DECLARATION as HIGH_ROLL
from terminal.games.props_hops.game import GAME_DECLARATION as PROPS_HOPS
from terminal.games.roulette.game import GAME_DECLARATION as ROULETTE
from terminal.games.seam import Game, UnknownGameError
from terminal.games.sicbo.game import GAME_DECLARATION as SICBO
from terminal.games.tdf.game import GAME_DECLARATION as TDF

GAMES: dict[str, Game] = {
    g.name: g for g in (ROULETTE, CRAPS, SICBO, BIGSIX, PROPS_HOPS, HIGH_ROLL, TDF, CRAPLESS)
}


def game(name: str) -> Game:
    """The game called ``name``; :class:`UnknownGameError` naming the games there are."""
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownGameError(f"unknown game {name!r}: choose one of {', '.join(GAMES)}") from None
