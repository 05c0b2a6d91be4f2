"""The help screen drawn: each family of wagers on its own page, its rows poured into one or two columns,
tables with their heading, nothing smaller than the screen's smallest text (a family too long for one
screen continues on the next page, a table's heading repeated).

Every row is measured with the painter's own wrapping before it is placed, so a long Spanish label or a
list of bills wraps onto more lines instead of shrinking or running into its neighbour.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from terminal.seat import help_content, theme
from terminal.seat.help_rows import Page, Row
from terminal.seat.text import Painter

GAP = 3  # pixels between the lines of a table


@dataclass(frozen=True, slots=True)
class Sheet:
    """One screen of help: a family's title (and whether it continues one), and its columns of rows."""

    title: str
    continued: bool
    columns: tuple[tuple[Row, ...], ...]


def columns_for(width: int, unit: int) -> int:
    """One column on a narrow screen, two where each has room for a table of four columns."""
    return 2 if width >= unit * 60 else 1


def _args(p: Painter, args: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """A row's arguments, with any that are catalogue keys themselves ("value.on_win") translated."""
    return {k: p.tr(v) if "." in v and p.catalogue.has(v) else v for k, v in args}


def column_rects(box: pygame.Rect, unit: int, count: int = 0) -> list[pygame.Rect]:
    """The columns of a help screen in ``box`` (``count`` of them; else as many as fit)."""
    count = count or columns_for(box.width, unit)
    width = (box.width - (count - 1) * unit) // count
    return [pygame.Rect(box.left + n * (width + unit), box.top, width, box.height) for n in range(count)]


_SHEETS: dict[tuple[object, ...], list[Sheet]] = {}


def sheets(p: Painter, book: list[Page], box: pygame.Rect, unit: int) -> list[Sheet]:
    """Every page of ``book`` laid out on screens of ``box``'s size (measured once per language, size and
    book: the paging buttons ask on every tap)."""
    key = (p.language, p.min_size, p.currency.code, tuple(box), unit, tuple(book))
    found = _SHEETS.get(key)
    if found is None:
        if len(_SHEETS) > 32:
            _SHEETS.clear()
        found = _SHEETS[key] = _lay_out(p, book, box, unit)
    return found


def _lay_out(p: Painter, book: list[Page], box: pygame.Rect, unit: int) -> list[Sheet]:
    out: list[Sheet] = []
    for page in book:
        whole = sum(row_height(p, row, box.width, unit, page.rows) for row in page.rows)
        if whole <= box.height:  # a family that fits across the screen keeps its tables wide
            out.append(Sheet(page.title, False, (page.rows,)))
            continue
        out += _poured(p, page, box, unit, bool(out) and out[-1].title == page.title)
    return out


def _poured(p: Painter, page: Page, box: pygame.Rect, unit: int, continued: bool) -> list[Sheet]:
    """``page``'s rows poured into columns, onto as many screens as they need."""
    wide = any(len(r.cells) > 3 for r in page.rows)  # a wide table reads better across the screen
    count = 1 if wide else columns_for(box.width, unit)
    width = column_rects(box, unit, count)[0].width
    out: list[Sheet] = []
    columns: list[list[Row]] = [[]]
    used = 0
    for n, row in enumerate(page.rows):
        need = row_height(p, row, width, unit, page.rows)
        follows = page.rows[n + 1] if n + 1 < len(page.rows) else None
        if row.heading and follows is not None:  # a heading never ends a column on its own
            need += row_height(p, follows, width, unit, page.rows)
        if used + need > box.height and columns[-1]:
            if len(columns) == count:
                out.append(Sheet(page.title, continued or bool(out), tuple(map(tuple, columns))))
                columns = []
            columns.append(_head_again(row, page.rows))
            used = sum(row_height(p, r, width, unit, page.rows) for r in columns[-1])
        columns[-1].append(row)
        used += row_height(p, row, width, unit, page.rows)
    out.append(Sheet(page.title, continued or bool(out), tuple(map(tuple, columns))))
    return out


def _head_again(row: Row, rows: tuple[Row, ...]) -> list[Row]:
    """A table row starting a new column gets its table's heading row above it again."""
    if not row.cells or row.heading:
        return []
    at = rows.index(row)
    heads = [r for r in rows[:at] if r.heading and r.cells]
    return [heads[-1]] if heads else []


def _table(row: Row, rows: tuple[Row, ...]) -> list[Row]:
    """The rows of the table ``row`` belongs to (consecutive rows with cells)."""
    at = rows.index(row)
    start = at
    while start > 0 and rows[start - 1].cells:
        start -= 1
    end = at
    while end + 1 < len(rows) and rows[end + 1].cells:
        end += 1
    return list(rows[start : end + 1])


_WIDTHS: dict[tuple[object, ...], list[int]] = {}


def _widths(p: Painter, table: list[Row], width: int, size: int) -> list[int]:
    """Column widths: each column's widest cell (its heading may wrap, down to its longest word), the room
    over shared out (measured once per language and size: every row of a table asks, on every frame)."""
    key = (p.language, p.min_size, p.currency.code, tuple(table), width, size)
    found = _WIDTHS.get(key)
    if found is None:
        if len(_WIDTHS) > 256:
            _WIDTHS.clear()
        found = _WIDTHS[key] = _measured(p, table, width, size)
    return list(found)


def _measured(p: Painter, table: list[Row], width: int, size: int) -> list[int]:
    count = max(len(r.cells) for r in table)
    natural = [0] * count
    for r in table:
        for n, (key, args) in enumerate(r.cells):
            line = p.tr(key, **_args(p, args))
            words = line.split() if r.heading else [line]
            widest = max((p.font(size, r.heading).size(w)[0] for w in words), default=0)
            natural[n] = max(natural[n], widest + size)
    total = sum(natural)
    if total <= width:
        extra = (width - total) // count
        return [w + extra for w in natural]
    return [max(size * 3, w * width // total) for w in natural]


def row_height(p: Painter, row: Row, width: int, unit: int, rows: tuple[Row, ...]) -> int:
    """The height ``row`` takes in a column ``width`` pixels wide."""
    size = unit * 9 // 10
    if row.cells:
        widths = _widths(p, _table(row, rows), width, size)
        lines = [
            p.wrapped_height(key, w - size // 2, size, bold=row.heading, **_args(p, args))
            for (key, args), w in zip(row.cells, widths, strict=False)
        ]
        return max(lines) + GAP * 2 + (unit // 4 if row.heading else 0)
    if row.heading:
        return p.font(unit, True).get_linesize() + unit // 2
    if row.value_key == "wrap":
        return p.wrapped_height(row.key, width - unit, size, **_args(p, row.args)) + unit // 3
    if row.value_key == "wrap_value":
        label = p.font(size).get_linesize()
        return (
            label + p.wrapped_height("fmt.value", width - unit, size, **_args(p, row.value_args)) + unit // 3
        )
    label = p.wrapped_height(row.key, width * 58 // 100, size, **_args(p, row.args))
    value = p.wrapped_height(row.value_key, width * 40 // 100, size, **_args(p, row.value_args))
    return max(label, value) + unit // 4


def draw_column(
    surface: pygame.Surface, p: Painter, rows: tuple[Row, ...], page: Page, box: pygame.Rect, unit: int
) -> None:
    """Draw one column of a sheet from ``box``'s top."""
    y = box.top
    for row in rows:
        height = row_height(p, row, box.width, unit, page.rows)
        _draw_row(surface, p, row, pygame.Rect(box.left, y, box.width, height), unit, page.rows)
        y += height


def _draw_row(
    surface: pygame.Surface, p: Painter, row: Row, rect: pygame.Rect, unit: int, rows: tuple[Row, ...]
) -> None:
    size = unit * 9 // 10
    if row.cells:
        _draw_cells(surface, p, row, rect, size, rows)
    elif row.heading:
        p.draw(surface, row.key, (rect.left, rect.top + unit // 4), unit, theme.GOLD, bold=True,
               max_width=rect.width * 6 // 10, **_args(p, row.args))  # fmt: skip
        if row.value_key:
            p.draw(surface, row.value_key, (rect.right, rect.top + unit // 4), size, theme.DIM_INK,
                   anchor="topright", max_width=rect.width * 4 // 10, **_args(p, row.value_args))  # fmt: skip
    elif row.value_key == "wrap":
        p.wrap(surface, row.key, rect.inflate(-unit, 0), size, theme.DIM_INK, **_args(p, row.args))
    elif row.value_key == "wrap_value":
        p.draw(surface, row.key, rect.topleft, size, theme.INK, max_width=rect.width, **_args(p, row.args))
        below = pygame.Rect(rect.left + unit, rect.top + p.font(size).get_linesize(), rect.width - unit, 0)
        p.wrap(surface, "fmt.value", below, size, theme.INK, **_args(p, row.value_args))
    else:
        label = pygame.Rect(rect.left + unit // 2, rect.top, rect.width * 58 // 100, rect.height)
        p.wrap(surface, row.key, label, size, theme.INK, **_args(p, row.args))
        p.draw(surface, row.value_key, (rect.right, rect.top), size, theme.INK, anchor="topright", bold=True,
               max_width=rect.width * 40 // 100, **_args(p, row.value_args))  # fmt: skip


def _draw_cells(
    surface: pygame.Surface, p: Painter, row: Row, rect: pygame.Rect, size: int, rows: tuple[Row, ...]
) -> None:
    widths = _widths(p, _table(row, rows), rect.width, size)
    if row.heading:
        pygame.draw.line(
            surface, theme.PANEL_EDGE, (rect.left, rect.bottom - 2), (rect.right, rect.bottom - 2)
        )
    else:
        pygame.draw.line(
            surface, theme.BUTTON_OFF, (rect.left, rect.bottom - 1), (rect.right, rect.bottom - 1)
        )
    x = rect.left
    for (key, args), w in zip(row.cells, widths, strict=False):
        colour = theme.DIM_INK if row.heading else (theme.GOLD if key.startswith("payout.") else theme.INK)
        cell = pygame.Rect(x + size // 4, rect.top + GAP, w - size // 2, rect.height)
        p.wrap(surface, key, cell, size, colour, bold=row.heading, **_args(p, args))
        x += w


def book(p: Painter, offer: Any) -> list[Page]:
    """The help book of ``offer`` (the controller's ``Offer``)."""
    return help_content.pages(offer, p.money)
