"""The history screen: the table's last results in their colours with their counts, and the seat's own last
rounds with their totals.

Roulette results are pockets in red, black or green, counted by colour. Craps results are rolls: each
shows its total large and its dice small, the sevens in red; and where the point can be told from the rolls
themselves (from the first seven on: after any seven the next roll is a come-out) a roll that set the point
says so (ON) and a roll that made it is lit in gold. The current point heads the list. The seat's rounds
carry their wagered and paid amounts, each round's net, and the totals of the rounds listed; beneath each
round, its wagers with their results as the ledger settled them (won, lost, push, or carried on to a later
round), the whole under a RECALL banner: what is listed is past play, never the round on the table.

>>> [mark for _, mark in points(["3-3", "6-1", "3-3", "2-2", "4-2", "5-2"])]
['', 'seven', 'on', '', 'made', 'seven']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from terminal.money import signed_amount
from terminal.net import messages as m
from terminal.seat import theme
from terminal.seat.control import SeatControl
from terminal.seat.limits import wager_id
from terminal.seat.marks import marks_of
from terminal.seat.text import Painter
from terminal.seat.wager_list import detail_of
from terminal.seat.widgets import dice_of, pocket_colour

POINTS = (4, 5, 6, 8, 9, 10)
_RESULT_KEY = {
    "win": "history.won",
    "push": "history.push",
    "lose": "history.lost",
    "carried": "history.carried",
}
_MARK_COLOUR = {"seven": theme.ALERT, "made": theme.GOLD, "on": theme.BUTTON_HOT, "": theme.BUTTON_OFF}


def points(rolls: Sequence[str]) -> list[tuple[int, str]]:
    """Each roll (oldest first) with its total and what it did to the point: ``on`` (set it), ``made``,
    ``seven`` (any seven), or "" (nothing, or not known: the rolls before the first seven)."""
    out: list[tuple[int, str]] = []
    point: int | None = None
    known = False
    for roll in rolls:
        dice = dice_of(roll)
        total = sum(dice) if dice is not None else 0
        mark = ""
        if total == 7:
            mark, point, known = "seven", None, True
        elif known and point is None and total in POINTS:
            mark, point = "on", total
        elif known and point == total:
            mark, point = "made", None
        out.append((total, mark))
    return out


def draw(surface: pygame.Surface, p: Painter, control: SeatControl, box: pygame.Rect, u: int) -> None:
    """The history screen in ``box``."""
    model = control.model
    left = pygame.Rect(box.left, box.top, box.width * 45 // 100, box.height)
    right = pygame.Rect(left.right + u, box.top, box.right - left.right - u, box.height)
    results = model.history.results if model.history else ()
    craps = model.table is not None and model.table.game == "craps"
    p.draw(surface, "history.results", left.topleft, u * 5 // 4, theme.INK, bold=True, max_width=left.width)
    grid_top = left.top + u * 2
    if craps and model.craps is not None:
        point = model.craps.point
        key, args = ("craps.point", {"point": str(point)}) if point else ("craps.come_out", {})
        p.draw(surface, key, (left.left, grid_top), u, theme.GOLD, bold=True, max_width=left.width, **args)
        grid_top += u * 3 // 2
    game = model.table.game if model.table is not None else None
    grid = pygame.Rect(left.left, grid_top, left.width, 0)
    cells = _draw_grid(surface, p, results, craps, grid, u, game)
    _draw_counts(surface, p, results, craps, (left.left, cells + u // 2), left.width, u, game)
    _seat_rounds(surface, p, model.rounds, right, u, game)


def _draw_grid(
    surface: pygame.Surface,
    p: Painter,
    results: Sequence[m.HistoryEntry],
    craps: bool,
    at: pygame.Rect,
    u: int,
    game: str | None = None,
) -> int:
    """The last results, newest first, six a row; returns the y below the grid."""
    per_row, cell = 6, at.width // 6
    height = u * 5 // 2 if craps else u * 7 // 4
    shown = list(results[: 36 if craps else 48])
    marks = dict(
        zip(range(len(shown) - 1, -1, -1), points([e.outcome for e in reversed(shown)]), strict=True)
    )
    bottom = at.top
    for n, entry in enumerate(shown):
        rect = pygame.Rect(
            at.left + (n % per_row) * cell, at.top + (n // per_row) * (height + 6), cell - 6, height
        )
        bottom = rect.bottom
        if entry.void:
            pygame.draw.rect(surface, theme.BUTTON_OFF, rect, border_radius=6)
            p.draw(surface, "history.void", rect.center, u, theme.INK, anchor="center", bold=True,
                   max_width=rect.width - 4)  # fmt: skip
        elif craps:
            _draw_roll(surface, p, entry.outcome, marks[n], rect, u)
        else:  # a pocket in its colour, a Sic Bo total in Big/Small/triple colours, a Big Six symbol
            colour, key, args = marks_of(game).cell(entry.outcome)
            pygame.draw.rect(surface, colour, rect, border_radius=6)
            p.draw(surface, key, rect.center, u, theme.ink_on(colour), anchor="center", bold=True,
                   max_width=rect.width - 4, **args)  # fmt: skip
    return bottom


def _draw_roll(
    surface: pygame.Surface, p: Painter, roll: str, mark: tuple[int, str], rect: pygame.Rect, u: int
) -> None:
    """A roll: its total large, its dice small, coloured by what it did to the point."""
    total, what = mark
    fill = _MARK_COLOUR[what]
    pygame.draw.rect(surface, fill, rect, border_radius=6)
    ink = theme.PAPER_INK if what == "made" else theme.INK
    p.draw(surface, "fmt.number", (rect.centerx, rect.top + rect.height * 2 // 5), u * 6 // 5, ink,
           anchor="center", bold=True, max_width=rect.width - 4, number=total)  # fmt: skip
    key = "history.point_on" if what == "on" else "fmt.outcome"
    p.draw(surface, key, (rect.centerx, rect.bottom - 2), u * 7 // 10, ink, anchor="midbottom",
           max_width=rect.width - 4, outcome=roll)  # fmt: skip


def _draw_counts(
    surface: pygame.Surface, p: Painter, results: Sequence[m.HistoryEntry], craps: bool, at: tuple[int, int],
    width: int, u: int, game: str | None = None,
) -> None:  # fmt: skip
    """How the results shown fall: by colour (roulette), the sevens and the points made (craps), or as
    the game's marks count them (Small, Big and triples; the rare symbols)."""
    live = [e.outcome for e in results if not e.void]
    if not live:
        p.draw(surface, "history.no_results", at, u, theme.DIM_INK, max_width=width)
        return
    if craps:
        marks = [what for _, what in points(list(reversed(live[:36])))]
        args: dict[str, Any] = {
            "rolls": len(marks),
            "sevens": marks.count("seven"),
            "made": marks.count("made"),
        }
        p.draw(surface, "history.craps_counts", at, u * 4 // 5, theme.DIM_INK, max_width=width, **args)
        return
    shown = live[:48]
    counted = marks_of(game).counts
    if counted is not None:
        key, args = counted(shown)
        p.draw(surface, key, at, u * 4 // 5, theme.DIM_INK, max_width=width, **args)
        return
    colours = [pocket_colour(o) for o in shown]
    args = {"spins": len(shown), "red": colours.count(theme.RED), "black": colours.count(theme.BLACK),
            "green": colours.count(theme.GREEN)}  # fmt: skip
    p.draw(surface, "history.roulette_counts", at, u * 4 // 5, theme.DIM_INK, max_width=width, **args)


def _seat_rounds(
    surface: pygame.Surface, p: Painter, rounds: m.SeatRounds | None, box: pygame.Rect, u: int,
    game: str | None = None,
) -> None:  # fmt: skip
    """The seat's last rounds, under a RECALL banner (past rounds, never the one in play): round, result,
    wagered, paid and net, each with its wagers' results beneath; the totals of those listed below."""
    mine = box.width * 6 // 10
    p.draw(surface, "history.mine", box.topleft, u * 5 // 4, theme.INK, bold=True, max_width=mine)
    _recall_banner(surface, p, box, u)
    cols = (0.0, 0.18, 0.38, 0.6, 0.8)
    heads = (
        "history.col_round",
        "history.col_outcome",
        "history.col_wagered",
        "history.col_paid",
        "history.col_net",
    )
    y = box.top + u * 2
    for frac, key in zip(cols, heads, strict=True):
        p.draw(surface, key, (box.left + int(box.width * frac), y), u * 8 // 10, theme.DIM_INK,
               max_width=int(box.width * 0.19))  # fmt: skip
    if rounds is None or not rounds.rounds:
        p.draw(surface, "history.none", (box.left, y + u * 3 // 2), u, theme.DIM_INK, max_width=box.width)
        return
    step = u * 2 + u // 5  # a round's line and its wagers' line beneath
    tail = u * 3 // 2 + u * 9 // 4 + u // 3 + u * 6 // 5  # the first row's gap, the last wagers, the total
    listed = rounds.rounds[: max(1, (box.bottom - y - tail) // step + 1)]
    y += u * 3 // 2 - step
    small = max(p.min_size, u * 3 // 4)
    for row in listed:
        y += step
        _round_line(surface, p, box, cols, y, u, (row.round_id, row.outcome, row.wagered, row.paid), game)
        line = wager_line(p, wager_results(p, row.wagers), small, box.width - u)
        p.draw(surface, "fmt.value", (box.left + u // 2, y + u), small, theme.DIM_INK, value=line)
    y += u * 9 // 4  # under the last wagers' line
    pygame.draw.line(surface, theme.PANEL_EDGE, (box.left, y), (box.right, y), 2)
    wagered = sum(r.wagered for r in listed)
    paid = sum(r.paid for r in listed)
    _round_line(surface, p, box, cols, y + u // 3, u, (None, "", wagered, paid))


def _recall_banner(surface: pygame.Surface, p: Painter, box: pygame.Rect, u: int) -> None:
    """RECALL, top right: what is listed is past play, not the round on the table."""
    badge = pygame.Rect(0, 0, box.width * 3 // 10, u * 3 // 2)
    badge.topright = box.topright
    pygame.draw.rect(surface, theme.GOLD, badge, border_radius=6)
    p.draw(surface, "history.recall", badge.center, u, theme.PAPER_INK, anchor="center", bold=True,
           max_width=badge.width - 8)  # fmt: skip


def wager_results(p: Painter, wagers: Sequence[m.SeatWagerView]) -> list[str]:
    """A recalled round's wagers, each in words with its result as the ledger settled it: "Red $5.00 lost",
    "Straight 17 $1.00 won $36.00", "Black $5.00 push, $5.00 back", "Pass Line $10.00 carried on"."""
    pieces = []
    for w in wagers:
        wager = wager_id(w.spot)
        detail = detail_of(w.spot, wager, None)
        name = p.tr(f"wager.{wager}")
        name = p.tr("fmt.spot", name=name, detail=detail) if detail else name
        said = p.tr(_RESULT_KEY.get(w.result, "history.lost"), amount=p.money(w.paid))
        pieces.append(f"{name} {p.money(w.stake)} {said}")
    return pieces


def wager_line(p: Painter, pieces: Sequence[str], size: int, width: int) -> str:
    """As many of a round's wager results as fit on one line of ``width`` at ``size``, then how many more
    (the line never wraps into the next round nor shrinks below what a player reads)."""
    font = p.font(size)
    for shown in range(len(pieces), 0, -1):
        more = [p.tr("history.more", count=len(pieces) - shown)] if shown < len(pieces) else []
        line = " · ".join([*pieces[:shown], *more])
        if font.size(line)[0] <= width:
            return line
    return p.tr("history.more", count=len(pieces)) if pieces else ""


def _round_line(
    surface: pygame.Surface, p: Painter, box: pygame.Rect, cols: tuple[float, ...], y: int, u: int,
    row: tuple[int | None, str, int, int], game: str | None = None,
) -> None:  # fmt: skip
    """One line of the seat's rounds (``None`` for the round: the totals line)."""
    round_id, outcome, wagered, paid = row
    net = paid - wagered
    signed = signed_amount(net, p.money, "")  # even: no sign
    values: tuple[tuple[str, dict[str, Any]], ...] = (
        ("fmt.number", {"number": round_id}) if round_id is not None else ("history.total", {}),
        marks_of(game).said(outcome) if outcome else ("fmt.outcome", {"outcome": ""}),
        ("fmt.money", {"amount": p.money(wagered)}),
        ("fmt.money", {"amount": p.money(paid)}),
        ("fmt.value", {"value": signed}),
    )
    for n, (frac, (key, args)) in enumerate(zip(cols, values, strict=True)):
        colour = theme.WIN if n == 4 and net > 0 else theme.INK
        p.draw(surface, key, (box.left + int(box.width * frac), y), u, colour, bold=round_id is None,
               max_width=int(box.width * 0.19), **args)  # fmt: skip
