"""The seat's wagers this round as a list in the side panel: each spot in words and its amount.

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

import pygame

from terminal.net import messages as m
from terminal.seat import theme
from terminal.seat.control import SeatControl
from terminal.seat.limits import wager_id
from terminal.seat.text import Painter

Row = tuple[str, str, int, str]  # wager id, detail, amount, state: on | off | win | push | lose
_INK = {"on": theme.INK, "off": theme.DIM_INK, "win": theme.WIN, "push": theme.INK, "lose": theme.DIM_INK}
_AMOUNT = {"on": theme.GOLD, "off": theme.DIM_INK, "win": theme.WIN, "push": theme.INK, "lose": theme.DIM_INK}


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
    """The seat's wagers of the result on screen: winners with what they paid, the rest with their stake."""
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
    return out


def draw(
    surface: pygame.Surface, p: Painter, control: SeatControl, box: pygame.Rect, unit: int, now: float
) -> None:
    """The heading and as many rows as fit in ``box`` (the rest counted on the last line): the wagers of
    the result while it shows, else this round's."""
    if box.height < unit * 3:
        return
    listed = settled(control) if control.model.showing_result(now) else []
    heading = "bets.results" if listed else "bets.mine"
    listed = listed or rows(control)
    p.draw(surface, heading, box.topleft, unit * 4 // 5, theme.DIM_INK, bold=True, max_width=box.width)
    top = box.top + unit * 6 // 5
    if not listed:
        p.block(surface, "bets.none", pygame.Rect(box.left, top, box.width, box.bottom - top), unit,
                theme.DIM_INK)  # fmt: skip
        return
    step = unit * 23 // 20
    room = max(1, (box.bottom - top) // step)
    shown = listed if len(listed) <= room else listed[: room - 1]
    for n, row in enumerate(shown):
        _draw_row(surface, p, row, pygame.Rect(box.left, top + n * step, box.width, step), n, unit)
    if len(shown) < len(listed):
        y = top + len(shown) * step
        p.draw(surface, "bets.more", (box.left + unit // 3, y + step // 2), unit * 4 // 5, theme.DIM_INK,
               anchor="midleft", count=len(listed) - len(shown))  # fmt: skip


def _draw_row(surface: pygame.Surface, p: Painter, row: Row, rect: pygame.Rect, n: int, unit: int) -> None:
    wager, detail, amount, state = row
    if n % 2 == 0:
        pygame.draw.rect(surface, theme.BUTTON_OFF, rect, border_radius=4)
    name = p.tr(f"wager.{wager}")
    key = "bets.row_off" if state == "off" else ("fmt.spot" if detail else "fmt.value")
    size = unit * 4 // 5
    p.draw(surface, key, (rect.left + unit // 3, rect.centery), size, _INK[state], anchor="midleft",
           max_width=rect.width * 66 // 100, value=name, name=name, detail=detail)  # fmt: skip
    at = (rect.right - unit // 3, rect.centery)
    p.draw(surface, "fmt.money", at, size, _AMOUNT[state], anchor="midright", bold=True,
           max_width=rect.width * 30 // 100, amount=p.money(amount))  # fmt: skip
