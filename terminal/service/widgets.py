"""The parts every service screen is built of: a screen's title, a form row, a table, name/value lines,
filter chips and a pager.

Each draws with a :class:`~terminal.service.ui.Ui` into the rectangles a geometry record gives it
(:mod:`terminal.service.layout`), and touch areas post the intents the view hands it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from terminal.service import theme
from terminal.service.intents import Intent
from terminal.service.layout.frame import Frame, Pager, Point
from terminal.service.layout.lists import Table
from terminal.service.theme import TYPE, Colour
from terminal.service.ui import Ui

FIELD_LABEL_ABOVE = 34  # a field's label sits this far above its box
FIELD_INSET = 18  # the typed value's margin inside the box


@dataclass(frozen=True, slots=True)
class Column:
    """A table's column: its title, width in pixels, and alignment (``l`` or ``r``)."""

    title: str
    width: int
    align: str = "l"


def columns(titles: Sequence[str], table: Table, aligns: str) -> tuple[Column, ...]:
    """Columns of ``table`` named ``titles``, aligned as ``aligns`` says (``"lrr"``: one letter each)."""
    return tuple(Column(t, w, a) for t, w, a in zip(titles, table.widths, aligns, strict=True))


def title(ui: Ui, frame: Frame, text: str, sub: str = "") -> None:
    """The screen's title and a line saying what it is for."""
    ui.text(text, frame.title, TYPE.title, theme.TEXT, bold=True)
    if sub:
        ui.text(sub, frame.subtitle, TYPE.label, theme.MUTED, width=frame.subtitle_width)


def field(ui: Ui, rect: pygame.Rect, label: str, value: str, focused: bool, intent: Intent | None) -> None:
    """A form row: its label above an entry box (the keypad types into the focused one)."""
    ui.text(label, (rect.x, rect.y - FIELD_LABEL_ABOVE), TYPE.label, theme.MUTED)
    ui.rect(theme.WELL, rect, radius=theme.FIELD_RADIUS)
    ui.rect(theme.ACCENT if focused else theme.LINE, rect, width=3, radius=theme.FIELD_RADIUS)
    inset = rect.width - 2 * FIELD_INSET
    ui.text(
        value, (rect.x + FIELD_INSET, rect.centery), TYPE.value, theme.TEXT, anchor="midleft", width=inset
    )
    ui.touch(rect, intent)


def table(
    ui: Ui,
    geometry: Table,
    cols: Sequence[Column],
    rows: Sequence[Sequence[str]],
    *,
    on_row: Sequence[Intent] = (),
    colors: Sequence[Colour | None] = (),
) -> None:
    """A panel of rows under a header line; rows past the panel's foot are not drawn. ``on_row[i]`` is
    posted by a touch on row ``i``, ``colors[i]`` inks it (default: text)."""
    box = geometry.rect
    size, step = geometry.size, geometry.row_height
    shown = rows[: max(0, (box.bottom - box.y - 10) // step - 1)]
    cols = fitted(ui, cols, [[c.title for c in cols], *shown], size)
    ui.panel(box)
    x0, y = box.x + 16, box.y + 10
    _row(ui, [c.title for c in cols], cols, (x0, y), size, theme.MUTED, bold=True)
    y += step
    ui.line(theme.LINE, (box.x + 10, y - 6), (box.right - 10, y - 6), 2)
    for index, row in enumerate(rows):
        if y + step > box.bottom:
            break
        band = pygame.Rect(box.x + 6, y - 4, box.width - 12, step - 2)
        if index % 2:
            ui.rect(theme.PANEL_HI, band, radius=6)
        chosen = colors[index] if index < len(colors) else None
        _row(ui, row, cols, (x0, y + 4), size, chosen if chosen is not None else theme.TEXT, band=band)
        ui.touch(band, on_row[index] if index < len(on_row) else None)
        y += step


def fitted(ui: Ui, cols: Sequence[Column], rows: Sequence[Sequence[str]], size: int) -> Sequence[Column]:
    """The columns as laid out, unless a cell would be cut: then each column gets what its widest cell
    needs and the room over is shared in the layout's proportions (a 4:3 screen sets the text larger
    against the layout than 1080 lines do, never under the floor); if even that is not room enough, the
    columns with room to spare give it to those short of it."""
    pad = 20
    need = [
        max(
            (ui.width_of(row[n], size, bold=r == 0) + pad for r, row in enumerate(rows) if n < len(row)),
            default=0,
        )
        for n in range(len(cols))
    ]
    if all(need[n] <= c.width for n, c in enumerate(cols)):
        return cols
    total = sum(c.width for c in cols)
    if sum(need) <= total:
        spare = total - sum(need)
        weights = sum(c.width for c in cols) or 1
        widths = [need[n] + spare * c.width // weights for n, c in enumerate(cols)]
    else:  # the columns with room over give it, the shortest need first (a long detail takes the rest)
        widths = [min(c.width, need[n]) for n, c in enumerate(cols)]
        spare = total - sum(widths)
        for n in sorted(range(len(cols)), key=lambda n: need[n] - cols[n].width):
            more = min(max(0, need[n] - widths[n]), spare)
            widths[n] += more
            spare -= more
        widths[-1] += spare
    return [Column(c.title, w, c.align) for c, w in zip(cols, widths, strict=True)]


def _row(
    ui: Ui,
    cells: Sequence[str],
    cols: Sequence[Column],
    at: Point,
    size: int,
    color: Colour,
    bold: bool = False,
    band: pygame.Rect | None = None,
) -> None:
    x, y = at
    for cell, col in zip(cells, cols, strict=False):
        halves = _two_lines(ui, cell, size, col.width - 20, band)
        if (
            halves is not None and col.align != "r"
        ):  # too long for its cell: two lines, where the row fits them
            top = band.y + (band.height - 2 * halves[2]) // 2 if band is not None else y
            for n, half in enumerate(halves[:2]):
                ui.text(half, (x, top + n * halves[2]), size, color, bold, "topleft", col.width - 20)
        elif col.align == "r":
            ui.text(cell, (x + col.width - 14, y), size, color, bold, "topright", col.width - 20)
        else:
            ui.text(cell, (x, y), size, color, bold, "topleft", col.width - 20)
        x += col.width


def _two_lines(
    ui: Ui, cell: str, size: int, width: int, band: pygame.Rect | None
) -> tuple[str, str, int] | None:
    """A cell's text on two lines and their step (design units), when one line would be cut and the row's
    band holds two at this screen's size; else None."""
    words = cell.split(" ")
    if band is None or len(words) < 2 or ui.width_of(cell, size) <= width:
        return None
    step = round(ui.fonts.get(ui.text_px(size)).get_linesize() / ui.sy)
    if 2 * step > band.height:
        return None
    first = words[0]
    for n in range(1, len(words)):
        if ui.width_of(" ".join(words[: n + 1]), size) > width:
            break
        first = " ".join(words[: n + 1])
    return first, cell[len(first) :].strip(), step


def paragraph(
    ui: Ui, text: str, at: Point, size: int, color: Colour, width: int, lines: int, leading: int
) -> None:
    """``text`` wrapped at words into at most ``lines`` lines of ``width`` pixels, ``leading`` apart (the
    last one cut with '...' if it still does not fit)."""
    rows: list[str] = []
    for word in text.split():
        if rows and ui.width_of(f"{rows[-1]} {word}", size) <= width:
            rows[-1] = f"{rows[-1]} {word}"
        else:
            rows.append(word)
    shown = [*rows[: lines - 1], " ".join(rows[lines - 1 :])] if len(rows) > lines else rows
    for n, row in enumerate(shown):
        ui.text(row, (at[0], at[1] + n * leading), size, color, width=width)


def name_values(ui: Ui, names: Point, values: Point, step: int, lines: Sequence[tuple[str, str]]) -> None:
    """Lines of a name (muted) and its value, a ``step`` apart: the facts on a card."""
    for n, (name, value) in enumerate(lines):
        ui.text(name, (names[0], names[1] + n * step), TYPE.body, theme.MUTED)
        ui.text(value, (values[0], values[1] + n * step), TYPE.button, theme.TEXT)


@dataclass(frozen=True, slots=True)
class Chip:
    """One choice of a row of chips: its label, the intent it posts, and whether it is the one chosen."""

    label: str
    intent: Intent | None
    chosen: bool = False


def chips(ui: Ui, cells: Sequence[pygame.Rect], options: Sequence[Chip], size: int = TYPE.button) -> None:
    """A row of choices (filters, seats, reasons), the chosen one lit."""
    for rect, chip in zip(cells, options, strict=True):
        ui.button(rect, chip.label, chip.intent, selected=chip.chosen, size=size)


def pager(
    ui: Ui, geometry: Pager, labels: tuple[str, str, str], previous: Intent | None, following: Intent | None
) -> None:
    """Previous / page x of y / next, ``labels`` in that order (a button is off at either end)."""
    ui.button(geometry.previous, labels[0], previous)
    ui.text(labels[1], geometry.label, TYPE.body, theme.TEXT, anchor="center")
    ui.button(geometry.next, labels[2], following)
