"""What the display needs to know of a game to present it: one record per game, registered by name.

Roulette and craps are presented by the scene's own code (the wheel, the dice tray); a game added since
registers a :class:`StageFace` in :data:`FACES` (:mod:`terminal.display.stage_faces`) and a view in
:mod:`terminal.display.stage_views`, and the scene, the boards and the painter ask these for everything
that differs: how long the outcome takes to come to rest and where the stage is at an instant, what the
headline calls, what the outcome panel shows, a history tile, the hot and cold board. A dice game that
counts totals declares its face with :func:`dice_face`. Pure: no pyglet.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

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


D = TypeVar("D", bound=tuple[int, ...])


def dice_face(
    dice_of: Callable[[str], D | None],
    what: str,
    *,
    settle_s: float,
    pose: Callable[[str | None, float, str | None, float], Any],
    totals: Iterable[int],
    needed: int,
    call: Callable[[D], Call],
    words: Callable[[D], Call],
    colour: Callable[[D], RGBA],
    hot_colour: Callable[[int], RGBA],
    tile_mark: Callable[[D], str],
) -> StageFace:
    """The face of a dice game whose history and hot and cold board count the total (Sic Bo, Props &
    Hops, Crapless Craps): a result reads as its dice (``dice_of``: ``"2-5-5"`` or ``"2-5-5 (12)"``, None
    for anything else), the panel and a tile show the total, the board counts ``totals``; what differs is
    said of the dice. ``what`` names a roll in the refusal of one that is not (``a Sic Bo roll (...)``)."""

    def dice(outcome: str) -> D:
        found = dice_of(outcome)
        if found is None:
            raise ValueError(f"{outcome!r} is not {what}")
        return found

    def total(outcome: str) -> str:
        return str(sum(dice(outcome)))

    return StageFace(
        settle_s=settle_s,
        pose=pose,
        board=lambda text: "-".join(map(str, dice(text))) if dice_of(text) else text,
        accepts=lambda text: dice_of(text) is not None,
        call=lambda outcome: call(dice(outcome)),
        big=total,
        words=lambda outcome: words(dice(outcome)),
        colour=lambda outcome: colour(dice(outcome)),
        tile=total,
        hot_key=total,
        universe=tuple(str(n) for n in totals),
        needed=needed,
        hot_text=lambda key: key,
        hot_colour=lambda key: hot_colour(int(key)),
        labels=("display.roll", "display.last_roll"),
        tile_mark=lambda outcome: tile_mark(dice(outcome)),
    )
