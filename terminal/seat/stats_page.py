"""The statistics page (docs/statistics.md): the game's statistics board, every panel of it in a grid.

The board comes from the game's registered function (:mod:`terminal.games.statistics`) worked out from what
the table sent: the history, the ``Tally`` counts of the last 100 and 500 results, the wheel, the game's
view. Each is held while a round is in play (:mod:`terminal.seat.model`), so the page never shows an
outcome before its reveal time. A game with no board registered says so.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from terminal.games.stat_boards import (
    Bars,
    Beads,
    Board,
    Figures,
    Panel,
    Ring,
    Section,
    Seen,
    Split,
    Window,
    Words,
    heat,
    percent_text,
    track,
)
from terminal.games.statistics import board_of
from terminal.net import messages as m
from terminal.seat import theme
from terminal.seat.control import SeatControl
from terminal.seat.marks import cell
from terminal.seat.model import SeatModel
from terminal.seat.text import Painter
from terminal.seat.widgets import panel
from terminal.theme import looks

_HEAT = looks("seat", "stats")
COLD: theme.Colour = _HEAT.rgb("heat_cold")  # a pocket never seen
HOT: theme.Colour = _HEAT.rgb("heat_hot")  # the pocket seen most


def seen_of(model: SeatModel) -> Seen:
    """What the seat was told, as a board reads it (the held messages are not in the model yet)."""
    variant = model.table.variant if model.table is not None else ""
    try:
        return _seen(model.history, model.tally, variant, model.state)
    except TypeError:  # a game's view record that cannot be hashed: worked out afresh
        return _seen.__wrapped__(model.history, model.tally, variant, model.state)


@lru_cache(maxsize=8)  # every frame of the page asks; what it was told changes once a round
def _seen(history: m.History | None, tally: m.Tally | None, variant: str, state: object) -> Seen:
    recent = tuple(e.outcome for e in history.results if not e.void) if history else ()
    windows: tuple[Window, ...] = ()
    if tally is not None:
        windows = tuple(
            Window(w.rounds, tuple((c.outcome, c.count) for c in w.counts)) for w in tally.windows
        )
    return Seen(recent, windows, variant, state)


@lru_cache(maxsize=8)
def _board(game: str | None, seen: Seen) -> Board | None:
    return board_of(game, seen)


def draw(surface: pygame.Surface, p: Painter, control: SeatControl, box: pygame.Rect, u: int) -> None:
    """The statistics page in ``box``."""
    model = control.model
    game = model.table.game if model.table is not None else None
    seen = seen_of(model)
    try:
        board = _board(game, seen)
    except TypeError:
        board = board_of(game, seen)
    if board is None:
        p.draw(surface, "stats.no_board", box.topleft, u, theme.DIM_INK, max_width=box.width)
        return
    if not model.history or not any(not e.void for e in model.history.results):
        p.draw(surface, "stats.none", box.topleft, u, theme.DIM_INK, max_width=box.width)
        return
    key = (game, board, box.size, p.language, u, p.min_size, id(p))
    if _DRAWN.get("key") != key:  # the board changes once a round: painted once, then blitted
        content = pygame.Surface(box.size)
        content.fill(theme.PANEL)  # the page's panel, under the board's panels
        _panels(content, p, game, board, pygame.Rect((0, 0), box.size), u)
        _DRAWN.clear()
        _DRAWN.update(key=key, content=content, painter=p)  # the painter kept: its id stays its own
    drawn = _DRAWN["content"]
    assert isinstance(drawn, pygame.Surface)
    surface.blit(drawn, box.topleft)


_DRAWN: dict[str, object] = {}
"""The last board painted: its key (game, board, size, language, unit, text floor, painter) and picture."""


def _panels(
    surface: pygame.Surface, p: Painter, game: str | None, board: Board, box: pygame.Rect, u: int
) -> None:
    """Every panel of ``board`` in a grid, two a row."""
    cols = 2 if len(board.panels) > 1 else 1
    rows = max(1, math.ceil(len(board.panels) / cols))
    gap = u // 2
    width, height = (box.width - gap * (cols - 1)) // cols, (box.height - gap * (rows - 1)) // rows
    for n, item in enumerate(board.panels):
        rect = pygame.Rect(box.left + (n % cols) * (width + gap), box.top + (n // cols) * (height + gap),
                           width, height)  # fmt: skip
        draw_panel(surface, p, game, item, rect, u)


def _say(p: Painter, w: Words) -> str:
    return p.tr(w[0], **dict(w[1]))


def tone_colour(game: str | None, tone: str) -> theme.Colour:
    """The colour of a part, bar or bead: its tone's outcome's colour, neutral without one."""
    return cell(game, tone)[0] if tone else theme.BUTTON


def draw_panel(
    surface: pygame.Surface, p: Painter, game: str | None, item: Panel, rect: pygame.Rect, u: int
) -> None:
    """One panel: its title, then its sections from the top (splits and lines at their own height, the
    histogram, road or wheel in what is left)."""
    panel(surface, rect)
    inner = rect.inflate(-u, -u // 2)
    title = p.draw(surface, "fmt.value", inner.topleft, u, theme.GOLD, bold=True, max_width=inner.width,
                   value=_say(p, item.title))  # fmt: skip
    y = title.bottom + u // 3
    fixed = sum(_fixed_height(s, u) for s in item.sections)
    grows = sum(1 for s in item.sections if _fixed_height(s, u) == 0)
    spare = max(u * 3, (inner.bottom - y - fixed) // max(1, grows))
    for section in item.sections:
        h = _fixed_height(section, u) or spare
        _draw_section(surface, p, game, section, pygame.Rect(inner.left, y, inner.width, h), u)
        y += h


def _fixed_height(section: Section, u: int) -> int:
    """The height a split or lines take (0: the section takes what the panel has left)."""
    if isinstance(section, Split):
        return u * 2 + u // 3
    if isinstance(section, Figures):
        return len(section.lines) * (u + u // 4)
    return 0


def _draw_section(
    surface: pygame.Surface, p: Painter, game: str | None, section: Section, box: pygame.Rect, u: int
) -> None:
    if isinstance(section, Split):
        _split(surface, p, game, section, box, u)
    elif isinstance(section, Bars):
        _bars(surface, p, game, section, box, u)
    elif isinstance(section, Beads):
        _beads(surface, p, game, section, box, u)
    elif isinstance(section, Ring):
        _ring(surface, p, game, section, box, u)
    else:
        for n, line in enumerate(section.lines):
            p.draw(surface, "fmt.value", (box.left, box.top + n * (u + u // 4)), u, theme.INK,
                   max_width=box.width, value=_say(p, line))  # fmt: skip


def _split(
    surface: pygame.Surface, p: Painter, game: str | None, split: Split, box: pygame.Rect, u: int
) -> None:
    """A box for each part in its colour: its name, then its count and share."""
    n = len(split.parts)
    width = (box.width - (n - 1) * u // 4) // n
    small = u * 7 // 10
    for k, part in enumerate(split.parts):
        rect = pygame.Rect(box.left + k * (width + u // 4), box.top, width, box.height - u // 3)
        fill = tone_colour(game, part.tone)
        pygame.draw.rect(surface, fill, rect, border_radius=6)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=1, border_radius=6)
        ink = theme.ink_on(fill)
        p.draw(surface, "fmt.value", (rect.centerx, rect.top + rect.height // 4), small, ink, anchor="center",
               bold=True, max_width=rect.width - 6, value=_say(p, part.label))  # fmt: skip
        figures = p.tr("stats.count_share", count=part.count, share=percent_text(part.count, split.rounds))
        p.draw(surface, "fmt.value", (rect.centerx, rect.top + rect.height * 3 // 4), small, ink,
               anchor="center", max_width=rect.width - 6, value=figures)  # fmt: skip


def _bars(
    surface: pygame.Surface, p: Painter, game: str | None, bars: Bars, box: pygame.Rect, u: int
) -> None:
    """A bar for each label, its count over it, its label under it; the tallest fills the box."""
    n = len(bars.counts)
    step = box.width / n
    most = max(bars.counts, default=0) or 1
    small = u * 7 // 10
    base = box.bottom - u
    room = base - box.top - u
    for k, (label, tone, count) in enumerate(zip(bars.labels, bars.tones, bars.counts, strict=True)):
        x = int(box.left + k * step)
        width = max(2, int(step) - max(2, u // 5))
        h = max(2, room * count // most) if count else 2
        bar = pygame.Rect(x, base - h, width, h)
        pygame.draw.rect(surface, tone_colour(game, tone) if tone else theme.GOLD, bar, border_radius=3)
        p.draw(surface, "fmt.number", (bar.centerx, bar.top - 2), small, theme.INK, anchor="midbottom",
               max_width=int(step), number=count)  # fmt: skip
        p.draw(surface, "fmt.value", (bar.centerx, base + 2), small, theme.DIM_INK, anchor="midtop",
               max_width=int(step), value=_say(p, label))  # fmt: skip


def road_shown(cells: tuple[str, ...], rows: int, columns: int) -> tuple[str, ...]:
    """The newest whole columns of a bead road that fit ``columns`` (the oldest columns drop off).

    >>> road_shown(tuple("abcdefg"), 3, 2)
    ('d', 'e', 'f', 'g')
    """
    needed = math.ceil(len(cells) / rows)
    return cells[max(0, needed - columns) * rows :]


def _beads(
    surface: pygame.Surface, p: Painter, game: str | None, beads: Beads, box: pygame.Rect, u: int
) -> None:
    """The bead road: a bead for each result, down each column, oldest first."""
    size = min(box.height // beads.rows, u * 2)
    columns = max(1, box.width // size)
    for k, outcome in enumerate(road_shown(beads.cells, beads.rows, columns)):
        centre = (
            box.left + (k // beads.rows) * size + size // 2,
            box.top + (k % beads.rows) * size + size // 2,
        )
        fill, key, args = cell(game, outcome)
        pygame.draw.circle(surface, fill, centre, size // 2 - 1)
        p.draw(surface, key, centre, size * 2 // 5, theme.ink_on(fill), anchor="center", bold=True,
               max_width=size - 4, **args)  # fmt: skip


def heat_colour(count: int, most: int) -> theme.Colour:
    """Cold blue for a pocket never seen, through to hot orange for the most seen."""
    t = heat(count, most)
    return (
        round(COLD[0] + (HOT[0] - COLD[0]) * t),
        round(COLD[1] + (HOT[1] - COLD[1]) * t),
        round(COLD[2] + (HOT[2] - COLD[2]) * t),
    )


def _ring(
    surface: pygame.Surface, p: Painter, game: str | None, ring: Ring, box: pygame.Rect, u: int
) -> None:
    """Each pocket round a racetrack in wheel order: its number on its colour, its count on its heat."""
    most = max((n for _, n in ring.pockets), default=0)
    small = u * 7 // 10
    cells = track(len(ring.pockets))
    if cells:  # inside the track: what the cells say
        fw, fh = cells[0][2], cells[0][3]
        inside = pygame.Rect(
            box.left + int(fw * box.width) + u // 2,
            box.top + int(fh * box.height) + u // 2,
            box.width - 2 * int(fw * box.width) - u,
            box.height - 2 * int(fh * box.height) - u,
        )
        if p.wrapped_height("stats.ring_legend", inside.width, small) <= inside.height:
            p.wrap(surface, "stats.ring_legend", inside, small, theme.DIM_INK)
    for (outcome, count), (fx, fy, fw, fh) in zip(ring.pockets, cells, strict=True):
        rect = pygame.Rect(box.left + int(fx * box.width), box.top + int(fy * box.height),
                           int(fw * box.width) - 2, int(fh * box.height) - 2)  # fmt: skip
        top, bottom = rect.copy(), rect.copy()
        top.height = rect.height // 2
        bottom.top, bottom.height = top.bottom, rect.height - top.height
        pocket = cell(game, outcome)[0]
        pygame.draw.rect(surface, pocket, top)
        pygame.draw.rect(surface, heat_colour(count, most), bottom)
        p.draw(surface, "fmt.value", top.center, small, theme.ink_on(pocket), anchor="center", bold=True,
               max_width=rect.width - 2, value=outcome)  # fmt: skip
        p.draw(surface, "fmt.number", bottom.center, small, theme.INK, anchor="center",
               max_width=rect.width - 2, number=count)  # fmt: skip
