"""What the display needs to know of a game to present it: one record per game, registered by name.

Roulette and craps are presented by the scene's own code (the wheel, the dice tray); a game added since
registers a :class:`StageFace` in :data:`FACES` (:mod:`terminal.display.stage_faces`) and a view in
:mod:`terminal.display.stage_views`, and the scene, the boards and the painter ask these for everything
that differs: how long the outcome takes to come to rest and where the stage is at an instant, what the
headline calls, what the outcome panel shows, a history tile, the hot and cold board. Pure: no pyglet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

RGBA = tuple[int, int, int, int]
Call = tuple[str, tuple[tuple[str, str], ...]]
"""A catalogue key and its named fields (each field's value a plain string)."""


@dataclass(frozen=True, slots=True)
class StageFace:
    """One game's presentation on the table display.

    ``settle_s``: seconds from a result's arrival until the outcome rests on the stage. ``pose(outcome,
    start, last, t)``: the stage at ``t`` for a result ``outcome`` that arrived at ``start`` (None before
    any result: the stage at rest on ``last``, the newest outcome of the history, or None). ``board(text)``:
    a ``Result``'s outcome as the history writes it. ``accepts``: whether a history entry is this game's.
    ``call``: the headline for a result. ``big``/``words``/``colour``: the outcome panel's large text,
    the words beside it and the disc's colour. ``tile``: a history tile's text (its colour is ``colour``).
    ``hot_key`` maps an outcome onto what the hot and cold board counts (a total, a symbol); ``universe``
    every such key and ``needed`` the results the board waits for; ``hot_text``/``hot_colour`` draw a key;
    ``hot_count`` how many keys each of the hot and the cold row shows.
    ``labels``: the outcome panel's title for the result just called and for the last one.
    ``tile_mark``: the catalogue key of a letter under a history tile's text, for a player who cannot
    tell the tile's colours apart (Sic Bo's Big, Small, Triple); None: the colour says nothing the text
    does not. ``call_in(outcome, state)``: the headline where the game's view record after the result
    changes it (Three Dice Football's touchdown, its extra point roll); None: ``call`` alone.
    """

    settle_s: float
    pose: Callable[[str | None, float, str | None, float], Any]
    board: Callable[[str], str]
    accepts: Callable[[str], bool]
    call: Callable[[str], Call]
    big: Callable[[str], str]
    words: Callable[[str], Call]
    colour: Callable[[str], RGBA]
    tile: Callable[[str], str]
    hot_key: Callable[[str], str]
    universe: tuple[str, ...]
    needed: int
    hot_text: Callable[[str], str]
    hot_colour: Callable[[str], RGBA]
    labels: tuple[str, str]
    hot_count: int = 4
    tile_mark: Callable[[str], str] | None = None
    call_in: Callable[[str, object], Call] | None = None  # the headline knowing the game's view record
