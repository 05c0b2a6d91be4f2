"""The seat's wagers this round as a list in the side panel: each spot in words and its amount; after a
round, each wager with what it paid, its stake returned, or "lost". A list longer than its room pages
(arrows beside its heading): a wager never drops off the screen.

Handy where a chip on the felt is small (come bets and their odds, a split on a line): the list says
"Come 6  $10.00" in the player's language. Chips still waiting for the controller's answer are counted
in; a wager turned OFF says so. The spot's name comes from the catalogue's ``wager.*`` keys, its number
from the spot itself (``straight:17``, ``come_odds_5``) or from a moved come point.

>>> detail_of("split:17-20", "split", None), detail_of("come_odds_5", "come_odds", None)
('17-20', '5')
>>> detail_of("come", "come", 6), detail_of("place_6", "place_6", None)
('6', '')
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from terminal.net import messages as m
from terminal.seat import intents as i
from terminal.seat import theme
from terminal.seat.control import SeatControl
from terminal.seat.limits import wager_id
from terminal.seat.text import Painter

Row = tuple[str, str, int, str]  # wager id, detail, amount, state: on | off | win | push | lose
_INK = {"on": theme.INK, "off": theme.DIM_INK, "win": theme.WIN, "push": theme.INK, "lose": theme.DIM_INK}
_AMOUNT = {
    "on": theme.GOLD,
    "off": theme.DIM_INK,
    "win": theme.WIN,
    "push": theme.INK,
    "lose": theme.LOST_AMOUNT,
}


def detail_of(spot: str, wager: str, number: int | None) -> str:
    """What tells this spot apart from others of its wager: its numbers, or a come bet's moved point."""
    _, sep, tail = spot.partition(":")
    if sep:
        return tail
    if spot.startswith(f"{wager}_"):
        return spot.removeprefix(f"{wager}_")
    return str(number) if number and wager in ("come", "dont_come") else ""


def rows(control: SeatControl) -> list[Row]:
    """The seat's wagers (standing and new) and its chips on their way, one row a spot."""
    me = control.model.me
    wagers: tuple[m.WagerView, ...] = me.wagers if me is not None else ()
    out: dict[str, Row] = {}
    for w in wagers:
        wager = wager_id(w.spot)
        key = f"{w.spot}#{w.number}"
        amount = out[key][2] if key in out else 0
        state = "on" if w.working else "off"
        out[key] = (wager, detail_of(w.spot, wager, w.number), amount + w.amount, state)
    for spot, amount, _ in control.ui.pending:
        key = f"{spot}#None"
        wager = wager_id(spot)
        before, state = (out[key][2], out[key][3]) if key in out else (0, "on")
        out[key] = (wager, detail_of(spot, wager, None), before + amount, state)
    return list(out.values())


def settled(control: SeatControl) -> list[Row]:
    """The seat's wagers of the result on screen: a winner with what it paid (the stake back included), a
    push with its stake back, a loser with the stake it lost."""
    model = control.model
    if model.result is None:
        return []
    totals: dict[str, tuple[int, int]] = {}  # spot -> (wagered, paid)
    for s in model.result.settlements:
        if s.seat == model.seat:
            wagered, paid = totals.get(s.spot, (0, 0))
            totals[s.spot] = (wagered + s.wagered, paid + s.paid)
    out: list[Row] = []
    for spot, (wagered, paid) in totals.items():
        wager = wager_id(spot)
        state = "win" if paid > wagered else ("push" if paid and paid == wagered else "lose")
        out.append((wager, detail_of(spot, wager, None), paid if paid else wagered, state))
    return sorted(out, key=lambda r: ("win", "push", "lose").index(r[3]))  # the winners first


def listed(control: SeatControl, now: float) -> tuple[str, list[Row]]:
    """The list's heading key and its rows: the result's wagers while it shows, else this round's."""
    found = settled(control) if control.model.showing_result(now) else []
    return ("bets.results", found) if found else ("bets.mine", rows(control))


@dataclass(frozen=True, slots=True)
class Paged:
    """Where the list's parts are in its box, and which of its pages shows."""

    heading: pygame.Rect
    rows: tuple[pygame.Rect, ...]  # the rows of one page
    previous: pygame.Rect | None  # the paging buttons, when the list needs more than one page
    following: pygame.Rect | None
    page: int
    pages: int
    first: int  # the index of the page's first row


def paged(control: SeatControl, box: pygame.Rect, unit: int, touch: int, now: float) -> Paged:
    """The list in ``box``: a heading as tall as a finger needs for its paging buttons, then its rows."""
    heading = pygame.Rect(box.left, box.top, box.width, max(touch, unit * 6 // 5))
    step = unit * 23 // 20
    room = max(1, (box.bottom - heading.bottom) // step)
    count = len(listed(control, now)[1])
    pages = max(1, -(-count // room))
    page = min(control.ui.bets_page, pages - 1)
    shown = min(room, count - page * room)
    rects = tuple(pygame.Rect(box.left, heading.bottom + n * step, box.width, step) for n in range(shown))
    if pages == 1:
        return Paged(heading, rects, None, None, 0, 1, 0)
    following = pygame.Rect(0, 0, touch, touch)
    following.topright = heading.topright
    previous = following.move(-touch - unit // 3, 0)
    return Paged(heading, rects, previous, following, page, pages, page * room)


def process(
    control: SeatControl, box: pygame.Rect, unit: int, touch: int, pos: tuple[int, int], now: float
) -> list[i.Intent] | None:
    """The paging buttons' intents, or None when ``pos`` is not on one."""
    at = paged(control, box, unit, touch, now)
    if at.previous is not None and at.previous.collidepoint(pos):
        return [i.Intent(i.BETS_PAGE, value=-1)] if at.page > 0 else []
    if at.following is not None and at.following.collidepoint(pos):
        return [i.Intent(i.BETS_PAGE, value=1)] if at.page < at.pages - 1 else []
    return None


def draw(
    surface: pygame.Surface,
    p: Painter,
    control: SeatControl,
    box: pygame.Rect,
    unit: int,
    touch: int,
    now: float,
) -> None:
    """The heading and one page of rows (paging buttons when they do not all fit): the wagers of the
    result while it shows, else this round's. Every wager stays reachable: none is ever dropped."""
    heading, found = listed(control, now)
    at = paged(control, box, unit, touch, now)
    room = at.heading.copy()
    if at.previous is not None and at.following is not None:
        _arrow(surface, at.previous, -1, at.page > 0)
        _arrow(surface, at.following, 1, at.page < at.pages - 1)
        where = (at.previous.left - unit // 4, at.heading.centery)
        count = p.draw(surface, "fmt.page_short", where, unit * 7 // 10, theme.DIM_INK, anchor="midright",
                       page=at.page + 1, pages=at.pages)  # fmt: skip
        room.width = count.left - room.left - unit // 4
    p.draw(surface, heading, room.midleft, unit * 4 // 5, theme.DIM_INK, anchor="midleft", bold=True,
           max_width=room.width)  # fmt: skip
    if not found:
        below = pygame.Rect(box.left, at.heading.bottom, box.width, box.bottom - at.heading.bottom)
        p.block(surface, "bets.none", below, unit, theme.DIM_INK)
        return
    for n, rect in enumerate(at.rows):
        _draw_row(surface, p, found[at.first + n], rect, n, unit)


def _arrow(surface: pygame.Surface, rect: pygame.Rect, way: int, enabled: bool) -> None:
    """A paging button: a triangle pointing up (``way`` -1, the page before) or down."""
    fill = theme.BUTTON if enabled else theme.BUTTON_OFF
    pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 5)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=2, border_radius=rect.height // 5)
    cx, cy, h = rect.centerx, rect.centery, rect.height // 4
    tip, base = (cy - h, cy + h) if way < 0 else (cy + h, cy - h)
    ink = theme.INK if enabled else theme.DIM_INK
    pygame.draw.polygon(surface, ink, [(cx, tip), (cx - h - h // 2, base), (cx + h + h // 2, base)])


def _draw_row(surface: pygame.Surface, p: Painter, row: Row, rect: pygame.Rect, n: int, unit: int) -> None:
    wager, detail, amount, state = row
    if n % 2 == 0:
        pygame.draw.rect(surface, theme.BUTTON_OFF, rect, border_radius=4)
    name = p.tr(f"wager.{wager}")
    key = "bets.row_off" if state == "off" else ("fmt.spot" if detail else "fmt.value")
    size = unit * 4 // 5
    p.draw(surface, key, (rect.left + unit // 3, rect.centery), size, _INK[state], anchor="midleft",
           max_width=rect.width * 58 // 100, value=name, name=name, detail=detail)  # fmt: skip
    at = (rect.right - unit // 3, rect.centery)
    value = {"win": "bets.pays", "push": "bets.returned", "lose": "bets.lost"}.get(state, "fmt.money")
    p.draw(surface, value, at, size, _AMOUNT[state], anchor="midright", bold=True,
           max_width=rect.width * 40 // 100, amount=p.money(amount))  # fmt: skip
