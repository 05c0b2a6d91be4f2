"""A ``GameView``'s state as its game's own record: what every screen decodes the game's view into.

The protocol carries a game's view of the table as a JSON object (:data:`~terminal.net.schema.Record`); the
game's declaration names the record type (``view_type``), and this module decodes into it with the same
strict checks as every other field.

>>> from terminal.net.messages import GameView
>>> read_state(GameView("sicbo", 3, {"paytable": "A", "last_roll": "2-5-5"}))
SicBoView(paytable='A', last_roll='2-5-5')
>>> read_state(GameView("sicbo", 3, {"paytable": "A"})) is None
True
"""

from __future__ import annotations

from typing import Any

from terminal.games.registry import GAMES
from terminal.net.errors import FieldError
from terminal.net.messages import GameView
from terminal.net.schema import from_json, to_json


def read_state(view: GameView) -> Any:
    """The view record of ``view``'s game, or ``None`` when the game or the record is not one this build
    knows (a newer controller): the screen then shows no game state rather than a wrong one."""
    declared = GAMES.get(view.game)
    if declared is None:
        return None
    try:
        return from_json(view.state, declared.view_type, "GameView.state")
    except (FieldError, ValueError, TypeError):  # mistyped, or a value the game's record refuses
        return None


def game_view(game: str, round_id: int, record: Any) -> GameView:
    """The ``GameView`` carrying ``record``, a game's view record (checked and encoded field by field)."""
    state = to_json(record, type(record), "GameView.state")
    if not isinstance(state, dict):
        raise TypeError(f"a game's view must be a record, not {record!r}")
    return GameView(game, round_id, state)
