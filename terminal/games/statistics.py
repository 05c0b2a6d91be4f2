"""The statistics boards of every game, found by name (docs/statistics.md): adding a game's board is one
line here (its function turns :class:`~terminal.games.stat_boards.Seen` into a ``Board``).

The seat's statistics page and the display's board panel ask :func:`board_of`; a game with no board
registered gets None and its faces show none.

>>> from terminal.games.stat_boards import Seen
>>> board_of("no_such_game", Seen((), ())) is None, len(board_of("craps", Seen((), ())).panels)
(True, 0)
"""

from __future__ import annotations

from terminal.games.bigsix.board import board as bigsix
from terminal.games.craps.board import board as craps
from terminal.games.high_roll.board import board as high_roll
from terminal.games.roulette.board import board as roulette
from terminal.games.sicbo.board import board as sicbo
from terminal.games.stat_boards import Board, BoardOf, Seen
from terminal.games.tdf.board import board as tdf

BOARDS: dict[str, BoardOf] = {
    "roulette": roulette,
    "craps": craps,
    "sicbo": sicbo,
    "bigsix": bigsix,
    "crapless": craps,  # the same two dice: the totals 2 to 12 (no shooter line: its view is not craps')
    "tdf": tdf,
    "high_roll": high_roll,
}
"""Each game's board function, registered under the game's name."""


def board_of(game: str | None, seen: Seen) -> Board | None:
    """``game``'s board of ``seen``, or None where the game registered none."""
    make = BOARDS.get(game or "")
    return make(seen) if make is not None else None
