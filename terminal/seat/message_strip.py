"""Where the seat's messages to the player show: one strip that covers nothing the player needs.

On the game screen the strip is the top of the side panel, in every state, game, language and size: the
round's status (place your bets, no more bets, waiting) in a quiet box, the ON/OFF prompt in gold, or a
notice (a refused chip naming its limit, money added) in a coloured box of its own. On the pages (help,
history, cash-out, session) it is the left of the page's footer, beside its buttons. The felt, the
racetrack and the page's content are never covered.
"""

from __future__ import annotations

import pygame

from terminal.seat import theme
from terminal.seat.control import SeatControl
from terminal.seat.marks import marks_of
from terminal.seat.outcome import describe
from terminal.seat.text import Painter
from terminal.seat.theme import Frame

_NESTED = ("wager",)  # notice arguments that are catalogue keys themselves


def game_rect(frame: Frame) -> pygame.Rect:
    """The strip on the game screen: the top of the side panel."""
    side = frame.side.inflate(-16, -16)
    return pygame.Rect(side.left, side.top, side.width, frame.unit * 3)


def footer_rect(frame: Frame, right: int) -> pygame.Rect:
    """The strip on a page: its footer, from the left edge to ``right`` (the first footer button)."""
    u = frame.unit
    left = u * 3 // 2
    height = u * 5 // 2
    top = frame.height - u // 2 - u // 2 - height
    return pygame.Rect(left, top, max(u, right - u - left), height)


def status_key(control: SeatControl, p: Painter, now: float) -> tuple[str, theme.Colour, dict[str, str]]:
    """The round's status on this seat, its colour and its fields: while a result shows (before the next
    window opens), the result itself ("17 BLACK ODD"), never "no more bets"."""
    model = control.model
    if control.ui.selected is not None:
        return "onoff.prompt", theme.GOLD, {}
    if control.accepted(now):  # the controller took this seat's Ready: its wagers stand
        total = model.me.total_bet if model.me is not None else 0
        return "status.bets_accepted", theme.WIN, {"amount": p.money(total)}
    if model.can_bet(now):
        return "status.place_bets", theme.INK, {}
    if model.link == "up" and model.table is not None and not model.tilts:
        locked = model.me is not None and model.me.locked is not None
        if not locked and model.rolling is not None:  # the round in play: nothing of its outcome yet
            return "status.in_play", theme.GOLD, {}
        if not locked and model.result is not None and model.showing_result(now):
            return "status.result", theme.GOLD, {"outcome": result_words(control, p)}
        return ("status.seat_stopped" if locked else "bets.closed"), theme.WARN, {}
    return "status.waiting", theme.DIM_INK, {}


def result_words(control: SeatControl, p: Painter) -> str:
    """The last result in words, in the seat's language ("17 BLACK ODD")."""
    result = control.model.result
    if result is None:
        return ""
    table = control.model.table
    own = marks_of(table.game if table is not None else None).words
    state = control.model.state  # the game's view record: the seat folds it in at the reveal
    key, args = own(result.outcome, state) if own is not None else describe(p.tr, result.outcome)
    return p.tr(key, **args)


def draw_status(surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, now: float) -> None:
    """The quiet status box of the game screen (a notice, drawn later, covers it while it shows)."""
    box = game_rect(frame)
    key, colour, args = status_key(control, p, now)
    gold = ("onoff.prompt", "status.result", "status.in_play", "status.bets_accepted")
    edge = theme.GOLD if key in gold else theme.PANEL_EDGE
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=frame.unit // 2)
    pygame.draw.rect(surface, edge, box, width=2, border_radius=frame.unit // 2)
    u = frame.unit
    p.block(surface, key, box.inflate(-u, -u // 2), u * 13 // 10, colour, bold=True, **args)


def draw_notice(
    surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, box: pygame.Rect, now: float
) -> None:
    """The notice showing at ``now``, if any, in its coloured box filling ``box``."""
    shown = control.model.notice_at(now)
    if shown is None:
        return
    u = frame.unit
    args = {k: p.tr(v) if k in _NESTED else v for k, v in shown.kwargs().items()}
    colour = {"info": theme.BUTTON_HOT, "alert": theme.ALERT}.get(shown.severity, theme.WARN)
    pygame.draw.rect(surface, colour, box, border_radius=u // 2)
    pygame.draw.rect(surface, theme.INK, box, width=2, border_radius=u // 2)
    inner = box.inflate(-u * 2 // 3, -u // 3)
    if not shown.detail:
        p.block(surface, shown.key, inner, u * 6 // 5, theme.INK, bold=True, **args)
        return
    room = max(inner.height * 38 // 100, 2 * p.font(p.min_size).get_linesize())  # the detail: two lines
    head = pygame.Rect(inner.left, inner.top, inner.width, inner.height - room)
    foot = pygame.Rect(inner.left, head.bottom, inner.width, inner.bottom - head.bottom)
    p.block(surface, shown.key, head, u, theme.INK, bold=True, **args)
    p.block(surface, "fmt.detail", foot, u * 7 // 10, theme.INK, detail=shown.detail)
