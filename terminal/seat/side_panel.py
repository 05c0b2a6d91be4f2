"""The game screen's side panel: messages, the last result big, the game's progress, the seat's wagers
this round, and the recent outcomes.

Roulette shows the winning number in its colour and, while a Touchdown game runs, a small football field
with the downs and yards. Craps shows the dice, the puck, the Fire points made, the Bonus numbers marked
and the seat's Lucky Shooter: its point and the numbers still needed.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from terminal.money import signed_amount
from terminal.net import messages as m
from terminal.net.win_tier import round_of
from terminal.seat import demo_badge, message_strip, motion, side_boards, side_progress, theme, wager_list
from terminal.seat.control import SeatControl
from terminal.seat.marks import cell, marks_of
from terminal.seat.text import Painter
from terminal.seat.theme import Frame


@dataclass(frozen=True, slots=True)
class Sections:
    """Where the side panel's parts are: the last result, the game's progress, the seat's wagers and the
    recent results (the wagers and the recent results in the wide screen's own column)."""

    result: pygame.Rect
    progress: pygame.Rect
    wagers: pygame.Rect
    strip: pygame.Rect


def sections(frame: Frame, control: SeatControl) -> Sections:
    """The side panel's parts for what the seat shows now. The game's progress gives way so that the
    list of wagers always keeps its heading and a row for each wager up to five (at least one; it
    pages through the rest)."""
    side, u = frame.side.inflate(-16, -16), frame.unit
    top = message_strip.game_rect(frame).bottom + 8
    has_result = control.model.result is not None or control.model.rolling is not None
    result = pygame.Rect(side.left, top, side.width, int(frame.side.height * 0.16) if has_result else 0)
    strip_h = u * 12 // 5
    strip = pygame.Rect(side.left, frame.nav_cell(0).top - 8 - strip_h, side.width, strip_h)
    body_top = result.bottom + (8 if has_result else 0)
    body = pygame.Rect(side.left, body_top, side.width, max(0, strip.top - 8 - body_top))
    if frame.ledger is not None:  # a wide screen: the wagers and the last results have a column
        column = frame.ledger.inflate(-16, -16)
        strip = pygame.Rect(column.left, column.bottom - strip_h, column.width, strip_h)
        wagers = pygame.Rect(column.left, column.top, column.width, strip.top - 8 - column.top)
        return Sections(result, body, wagers, strip)
    listed = min(5, max(1, len(wager_list.rows(control))))  # the round's wagers, up to five, unpaged
    least = max(frame.touch, u * 6 // 5) + listed * (u * 23 // 20)  # the list's heading and its rows
    height = min(progress_height(control, u), max(0, body.height - least - u // 2))
    progress = pygame.Rect(body.left, body.top, body.width, height)
    gap = u // 2 if height else 0
    return Sections(result, progress, pygame.Rect(body.left, progress.bottom + gap, body.width,
                                                  body.bottom - progress.bottom - gap), strip)  # fmt: skip


def progress_height(control: SeatControl, unit: int) -> int:
    """The height the game's progress wants: the craps board, or a Touchdown drive's field and downs."""
    model = control.model
    if model.craps is not None:
        return side_progress.craps_height(control, unit)
    if model.touchdown is not None and _touchdown_live(control):
        return unit * 21 // 2
    return side_boards.boards_height(control, unit)


def draw(surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, now: float) -> None:
    """Paint the side panel: status strip, last result, game progress, the seat's wagers, recent results."""
    model, u = control.model, frame.unit
    message_strip.draw_status(surface, p, control, frame, now)
    at = sections(frame, control)
    if model.rolling is not None and model.table is not None:  # a round in play: its motion, no outcome
        motion.draw(surface, p, model.table.game, model.table.variant, model.rolling, at.result, u, now)
    elif model.result is not None:
        _draw_result(surface, p, control, at.result, u, now)
    if model.craps is not None:
        side_progress.draw_craps(surface, p, control, model.craps, at.progress, u)
    elif model.touchdown is not None and _touchdown_live(control):
        side_progress.draw_field(surface, p, control, model.touchdown, at.progress, u)
    else:
        side_boards.draw_boards(surface, p, control, at.progress, u)
    wager_list.draw(surface, p, control, at.wagers, u, frame.touch, now)
    reserve = demo_badge.draw(surface, p, at.strip, u).width + u // 2 if demo_badge.on(model) else 0
    game = model.table.game if model.table is not None else None
    _draw_strip(surface, p, model.history, at.strip, u, game, reserve)
    if model.craps is not None:  # the shooter's line right of the recent rolls' heading, left of DEMO
        craps, box = model.craps, at.strip
        p.draw(surface, "craps.shooter", (box.right - reserve, box.top), u * 7 // 10, theme.DIM_INK,
               anchor="topright", max_width=box.width * 11 // 20 - reserve, shooter=craps.shooter,
               rolls=craps.rolls)  # fmt: skip


def _touchdown_live(control: SeatControl) -> bool:
    """A Touchdown drive this seat plays (its team in the game, or its prompt to choose one): a seat with
    no Touchdown wager keeps its own boards."""
    model = control.model
    td = model.touchdown
    if td is None:
        return False
    if model.prompt is not None:
        return True
    return td.phase == "game" and (model.team is not None or any(t.seat == model.seat for t in td.teams))


def _draw_result(
    surface: pygame.Surface, p: Painter, control: SeatControl, box: pygame.Rect, unit: int, now: float
) -> None:
    """The last outcome large on the left (a ball in its colour, or the dice); on the right the outcome
    in words ("17 BLACK ODD"), what this seat won ("You win $36.00": the winning wagers' payouts, or
    "No win this round") and the round's net beside it. Once the result has had its time the lines say
    "last result" instead."""
    result = control.model.result
    if result is None:
        return
    game = control.model.table.game if control.model.table is not None else None
    right = marks_of(game).big(surface, p, result.outcome, box, unit)  # a ball, dice, a wheel's symbol
    column = pygame.Rect(right, box.top, box.right - right, box.height)
    net = round_net(control)
    upper = pygame.Rect(column.left, column.top, column.width, column.height * 3 // 5)
    lower = pygame.Rect(column.left, upper.bottom, column.width, column.bottom - upper.bottom)
    if not control.model.showing_result(now):  # the status strip has moved on: the result in words here
        p.block(surface, "result.last", upper, unit * 9 // 10, theme.DIM_INK)
        words = message_strip.result_words(control, p)
        p.block(surface, "fmt.value", lower, unit * 9 // 10, theme.DIM_INK, value=words)
        return
    key, colour, args = headline(control, p)
    p.block(surface, key, upper, unit * 3 // 2, colour, bold=True, **args)
    if net is not None and key != "result.paid_net":  # "Paid $6.00 · net -$4.00" already says the net
        signed = signed_amount(net, p.money)
        shade = theme.WIN if net > 0 else theme.DIM_INK
        p.block(surface, "result.net", lower, unit, shade, amount=signed)


def headline(control: SeatControl, p: Painter) -> tuple[str, theme.Colour, dict[str, str]]:
    """The result's headline (catalogue key, colour, arguments): "You win $36.00" only for a round whose
    net is above zero; a round that paid back less than (or just) its stake says "Paid $6.00 · net
    -$4.00"; one that paid nothing "No win this round"."""
    result = control.model.result
    mine = round_of(result.settlements if result is not None else (), control.model.seat)
    if mine.won:
        return "result.win", theme.WIN, {"amount": p.money(mine.paid)}
    if mine.paid > 0:
        net = signed_amount(mine.net, p.money)
        return "result.paid_net", theme.INK, {"amount": p.money(mine.paid), "net": net}
    return "result.no_win", theme.DIM_INK, {"amount": p.money(0)}


def round_net(control: SeatControl) -> int | None:
    """What this seat's wagers of the result returned less what they staked (None: it had none)."""
    result, seat = control.model.result, control.model.seat
    if result is None:
        return None
    mine = [s for s in result.settlements if s.seat == seat]
    return sum(s.paid - s.wagered for s in mine) if mine else None


def _draw_strip(
    surface: pygame.Surface, p: Painter, history: m.History | None, box: pygame.Rect, unit: int,
    game: str | None = None, reserve: int = 0,
) -> None:  # fmt: skip
    """The recent results; ``reserve``: the width the heading leaves free at its right (the DEMO badge);
    at craps the shooter's line takes the right of the heading's row."""
    room = box.width * 9 // 20 if game == "craps" else box.width - reserve
    p.draw(surface, "history.recent", (box.left, box.top), unit * 7 // 10, theme.DIM_INK, max_width=room)
    if history is None or not history.results:
        at = (box.left, box.top + unit * 5 // 4)
        p.draw(surface, "history.no_results", at, unit * 8 // 10, theme.DIM_INK, max_width=box.width)
        return
    width = max(unit * 2, box.width // 10)
    for n, entry in enumerate(history.results[: box.width // width]):
        rect = pygame.Rect(box.left + n * width, box.top + unit, width - 4, box.height - unit)
        colour, key, args = cell(game, entry.outcome)
        colour = theme.BUTTON_OFF if entry.void else colour
        pygame.draw.rect(surface, colour, rect, border_radius=4)
        p.draw(surface, key, rect.center, unit * 8 // 10, theme.ink_on(colour), anchor="center", bold=True,
               max_width=rect.width - 2, **args)  # fmt: skip
