"""How each game's outcome looks on the seat: the large mark of the last result and a small history cell.

Each game registers its marks once in :data:`MARKS` under its name: roulette a ball in the pocket's colour,
craps two dice, Sic Bo three dice, Big Six the symbol in its colour (the venue's flag gold, the joker
black). A cell is a colour and the words in it; the history screen and the recent-results strip draw it.

>>> cell("sicbo", "6-6-6")[1:], cell("bigsix", "twenty@13")[1:], cell("roulette", "17")[1:]
(('history.sicbo_cell_triple', {'number': '18'}), ('wager.twenty', {}), ('fmt.outcome', {'outcome': '17'}))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from terminal.games.high_roll.rules import Throw
from terminal.games.tdf.engine import TdfView
from terminal.games.tdf.rules import result_of
from terminal.seat import theme
from terminal.seat.text import Painter
from terminal.seat.widgets import dice_of, draw_die, pocket_colour
from terminal.theme import looks

Cell = tuple[theme.Colour, str, dict[str, Any]]
"""A history cell: its fill, and the catalogue key and fields of its words."""

SICBO_COLOURS = looks("seat", "marks").rgb_table()
BIGSIX_COLOURS: dict[str, theme.Colour] = looks("layout", "bigsix").rgb_table()


@dataclass(frozen=True, slots=True)
class Marks:
    """One game's marks: the large one (drawn in a box; returns the x where its words may start), a cell."""

    big: Callable[[pygame.Surface, Painter, str, pygame.Rect, int], int]
    cell: Callable[[str], Cell]
    counts: Callable[[list[str]], tuple[str, dict[str, Any]]] | None = None  # how the results fall
    said: Callable[[str], tuple[str, dict[str, Any]]] = lambda outcome: ("fmt.outcome", {"outcome": outcome})
    words: Callable[[str, object], tuple[str, dict[str, Any]]] | None = None  # a game's own words (its view)


def _ball(surface: pygame.Surface, p: Painter, outcome: str, box: pygame.Rect, unit: int) -> int:
    size = box.height * 84 // 100
    ball = pygame.Rect(box.left + unit // 3, box.centery - size // 2, size, size)
    pygame.draw.circle(surface, pocket_colour(outcome), ball.center, size // 2)
    pygame.draw.circle(surface, theme.GOLD, ball.center, size // 2, width=max(3, unit // 7))
    p.draw(surface, "fmt.outcome", ball.center, size * 11 // 20, theme.INK, anchor="center", bold=True,
           max_width=size * 4 // 5, outcome=outcome)  # fmt: skip
    return ball.right + unit * 2 // 3


def _faces(outcome: str) -> tuple[int, ...]:
    parts = outcome.split("-")
    return tuple(int(d) for d in parts) if all(d in "123456" and d for d in parts) else ()


def _dice(surface: pygame.Surface, p: Painter, outcome: str, box: pygame.Rect, unit: int) -> int:
    faces = _faces(outcome)
    size = box.height * 84 // 100
    side = size * 3 // 4 if len(faces) <= 2 else size * 3 // 5
    die = pygame.Rect(box.left, box.centery - side // 2, side, side)
    for face in faces:
        draw_die(surface, die, face)
        die = die.move(side + unit // 3, 0)
    return die.left + unit // 3


def _symbol(surface: pygame.Surface, p: Painter, outcome: str, box: pygame.Rect, unit: int) -> int:
    symbol = outcome.partition("@")[0]
    size = box.height * 84 // 100
    note = pygame.Rect(box.left + unit // 3, box.centery - size * 3 // 8, size * 3 // 2, size * 3 // 4)
    colour = BIGSIX_COLOURS.get(symbol, theme.BUTTON_OFF)
    pygame.draw.rect(surface, colour, note, border_radius=unit // 2)
    pygame.draw.rect(surface, theme.GOLD, note, width=max(3, unit // 7), border_radius=unit // 2)
    p.draw(surface, f"wager.{symbol}", note.center, size * 2 // 5, theme.ink_on(colour), anchor="center",
           bold=True, max_width=note.width - unit // 2)  # fmt: skip
    return note.right + unit * 2 // 3


def _pocket_cell(outcome: str) -> Cell:
    return pocket_colour(outcome), "fmt.outcome", {"outcome": outcome}


def _roll_cell(outcome: str) -> Cell:
    return theme.BUTTON_OFF, "fmt.outcome", {"outcome": outcome}


def _size(faces: tuple[int, ...]) -> str:
    return "triple" if len(set(faces)) == 1 else "small" if sum(faces) <= 10 else "big"


def _three_dice_cell(outcome: str) -> Cell:
    faces = _faces(outcome)
    size = _size(faces)  # its letter as well as its colour: a colour-blind player reads B, S or T
    return SICBO_COLOURS[size], f"history.sicbo_cell_{size}", {"number": str(sum(faces))}


def _symbol_cell(outcome: str) -> Cell:
    symbol = outcome.partition("@")[0]
    return BIGSIX_COLOURS.get(symbol, theme.BUTTON_OFF), f"wager.{symbol}", {}


def _sizes(outcomes: list[str]) -> tuple[str, dict[str, Any]]:
    sizes = [_size(_faces(o)) for o in outcomes]
    counts = {"small": sizes.count("small"), "big": sizes.count("big"), "triples": sizes.count("triple")}
    return "history.sicbo_counts", {"rolls": len(sizes), **counts}


def _symbols(outcomes: list[str]) -> tuple[str, dict[str, Any]]:
    symbols = [o.partition("@")[0] for o in outcomes]
    counts = {s: symbols.count(s) for s in ("twenty", "joker", "flag")}
    return "history.bigsix_counts", {"spins": len(symbols), **counts}


TDF_COLOURS: dict[str, theme.Colour] = looks("seat", "tdf").rgb_table()


def _tdf_dice(surface: pygame.Surface, p: Painter, outcome: str, box: pygame.Rect, unit: int) -> int:
    """Three Dice Football's throw: two green Offensive dice and the red Defensive die (§ 661a.1)."""
    faces = _faces(outcome)
    side = box.height * 84 // 100 * 3 // 5
    die = pygame.Rect(box.left, box.centery - side // 2, side, side)
    for k, face in enumerate(faces):
        draw_die(surface, die, face, TDF_COLOURS["red_die" if k == 2 else "green_die"], TDF_COLOURS["pips"])
        die = die.move(side + unit // 3 + (unit // 3 if k == 1 else 0), 0)
    return die.left + unit // 3


def _tdf_cell(outcome: str) -> Cell:
    """A down by what its dice did: +yards on green, a penalty, no gain, a turnover, trips (the words say
    it as well as the colour)."""
    faces = _faces(outcome)
    if len(faces) != 3:
        return theme.BUTTON_OFF, "fmt.outcome", {"outcome": outcome}
    kind, yards = result_of((faces[0], faces[1], faces[2]))
    return TDF_COLOURS[kind], f"history.tdf_cell_{kind}", {"yards": str(yards)}


def _tdf_said(outcome: str, state: object) -> tuple[str, dict[str, Any]]:
    """``5 + 2 against 3: GAIN OF 4``: the green dice, the red die and what the down did; the extra point
    roll and a touchdown as such (``state``: the game's view record after the throw)."""
    faces = _faces(outcome)
    if len(faces) != 3:
        return "fmt.outcome", {"outcome": outcome}
    kind, yards = result_of((faces[0], faces[1], faces[2]))
    dice = {"first": str(faces[0]), "second": str(faces[1]), "red": str(faces[2])}
    if isinstance(state, TdfView) and state.play == 1 and state.last_end == "extra_point":
        return "outcome.tdf_extra_point", {**dice, "ones": str(faces.count(1))}
    if isinstance(state, TdfView) and state.last_end == "td" and (state.play == 1 or state.extra_point):
        return "outcome.tdf_touchdown", dice
    return f"outcome.tdf_{kind}", {**dice, "yards": str(yards)}


def _tdf_counts(outcomes: list[str]) -> tuple[str, dict[str, Any]]:
    kinds = [result_of((f[0], f[1], f[2]))[0] for f in map(_faces, outcomes) if len(f) == 3]
    counts = {"gains": kinds.count("gain"), "penalties": kinds.count("penalty") + kinds.count("turnover"),
              "trips": kinds.count("trips")}  # fmt: skip
    return "history.tdf_counts", {"throws": len(kinds), **counts}


MARKS: dict[str, Marks] = {
    "roulette": Marks(_ball, _pocket_cell),
    "craps": Marks(_dice, _roll_cell),
    "sicbo": Marks(_dice, _three_dice_cell, _sizes),
    "bigsix": Marks(_symbol, _symbol_cell, _symbols, lambda outcome: _symbol_cell(outcome)[1:]),
    "props_hops": Marks(_dice, _roll_cell),
    "tdf": Marks(_tdf_dice, _tdf_cell, _tdf_counts, words=_tdf_said),
    "crapless": Marks(_dice, _roll_cell),
}
"""Each game's marks, registered under the game's name."""


def _high_roll_words(outcome: str) -> tuple[str, dict[str, Any]]:
    """High Roll's throw as a count of a face (``3 × 5``; the extra roll ``+ 5 × 5``)."""
    try:
        throw = Throw.parse(outcome)
    except ValueError:
        return "fmt.outcome", {"outcome": outcome}
    face = "A" if throw.face == 1 else str(throw.face)
    key = "history.high_roll_extra" if throw.extra else "history.high_roll_cell"
    return key, {"count": str(throw.count), "face": face}


def _high_roll_big(surface: pygame.Surface, p: Painter, outcome: str, box: pygame.Rect, unit: int) -> int:
    """The winning face's die and its count."""
    try:
        throw = Throw.parse(outcome)
    except ValueError:
        return box.left
    side = box.height * 84 // 100 * 3 // 4
    die = pygame.Rect(box.left, box.centery - side // 2, side, side)
    draw_die(surface, die, throw.face)
    key = "history.high_roll_extra_count" if throw.extra else "history.high_roll_count"
    drawn = p.draw(surface, key, (die.right + unit // 3, box.centery), side * 3 // 4, theme.GOLD,
                   anchor="midleft", bold=True, count=str(throw.count))  # fmt: skip
    return drawn.right + unit * 2 // 3


def _high_roll_cell(outcome: str) -> Cell:
    return (theme.BUTTON_OFF, *_high_roll_words(outcome))


def _high_roll_counts(outcomes: list[str]) -> tuple[str, dict[str, Any]]:
    """How many throws, how many were extra rolls, and the largest count among them."""
    throws = []
    for outcome in outcomes:
        try:
            throws.append(Throw.parse(outcome))
        except ValueError:
            continue
    best = max((t.count for t in throws), default=0)
    extra = sum(1 for t in throws if t.extra)
    return "history.high_roll_counts", {"throws": len(throws), "extra": extra, "best": best}


def _high_roll_said(outcome: str, state: object) -> tuple[str, dict[str, Any]]:
    """The throw in words as the display calls it: ``5 of a kind: A``, ``Extra roll: 6 of a kind, 4``
    (never the extra roll's text ``1x3:4-5-...``)."""
    try:
        throw = Throw.parse(outcome)
    except ValueError:
        return "fmt.outcome", {"outcome": outcome}
    face = "A" if throw.face == 1 else str(throw.face)
    key = "outcome.high_roll_extra" if throw.extra else "outcome.high_roll"
    return key, {"count": str(throw.count), "face": face}


MARKS["high_roll"] = Marks(
    _high_roll_big, _high_roll_cell, _high_roll_counts, _high_roll_words, words=_high_roll_said
)


def marks_of(game: str | None) -> Marks:
    """The marks of ``game`` (roulette's where the table has not said which game it plays yet)."""
    return MARKS.get(game or "", MARKS["roulette"])


def cell(game: str | None, outcome: str) -> Cell:
    """One history cell of ``game``'s ``outcome``."""
    return marks_of(game).cell(outcome)


def is_dice(outcome: str) -> bool:
    """Whether ``outcome`` is a roll of dice (two or three)."""
    return dice_of(outcome) is not None or len(_faces(outcome)) == 3
