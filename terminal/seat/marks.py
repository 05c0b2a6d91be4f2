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


MARKS: dict[str, Marks] = {
    "roulette": Marks(_ball, _pocket_cell),
    "craps": Marks(_dice, _roll_cell),
    "sicbo": Marks(_dice, _three_dice_cell, _sizes),
    "bigsix": Marks(_symbol, _symbol_cell, _symbols, lambda outcome: _symbol_cell(outcome)[1:]),
    "props_hops": Marks(_dice, _roll_cell),
    "crapless": Marks(_dice, _roll_cell),
}
"""Each game's marks, registered under the game's name."""


def marks_of(game: str | None) -> Marks:
    """The marks of ``game`` (roulette's where the table has not said which game it plays yet)."""
    return MARKS.get(game or "", MARKS["roulette"])


def cell(game: str | None, outcome: str) -> Cell:
    """One history cell of ``game``'s ``outcome``."""
    return marks_of(game).cell(outcome)


def is_dice(outcome: str) -> bool:
    """Whether ``outcome`` is a roll of dice (two or three)."""
    return dice_of(outcome) is not None or len(_faces(outcome)) == 3
