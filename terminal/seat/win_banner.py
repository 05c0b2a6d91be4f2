"""The banner of a big or huge win, over the layout, from the reveal.

A round's tier (:mod:`terminal.net.win_tier`: by the multiple of the seat's total stake that came back)
decides what the seat does at the reveal: every win says "You win" in the result box and counts the
credits up; a **big** or **huge** win also lays a banner across the layout ("BIG WIN" / "HUGE WIN") whose
amount counts up from nothing to the round's payout, for :data:`BANNER_SECONDS`. The banner takes no
touch (a tap goes to the layout below) and never shows during a round in play: the model has no result
until the reveal.
"""

from __future__ import annotations

import pygame

from terminal.net.win_tier import BIG, HUGE, SeatRound, round_of
from terminal.seat import theme
from terminal.seat.control import SeatControl
from terminal.seat.model import COUNT_UP_SECONDS
from terminal.seat.text import Painter
from terminal.seat.theme import Frame

BANNER_SECONDS = 5.0
_KEYS = {BIG: "win.big", HUGE: "win.huge"}


def seat_round(control: SeatControl) -> SeatRound | None:
    """This seat's part of the result on screen, or None."""
    result = control.model.result
    return None if result is None else round_of(result.settlements, control.model.seat)


def showing(control: SeatControl, now: float) -> SeatRound | None:
    """The big or huge win whose banner is up at ``now``, or None."""
    mine = seat_round(control)
    if mine is None or mine.tier not in _KEYS:
        return None
    if not 0 <= now - control.model.result_at < BANNER_SECONDS:
        return None
    return mine


def counted(paid: int, since: float, now: float) -> int:
    """The banner's amount at ``now``: counting up from nothing to ``paid`` over the count-up time."""
    done = min(1.0, max(0.0, (now - since) / COUNT_UP_SECONDS))
    return int(paid * done)


def draw(surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, now: float) -> None:
    """The banner, if a big or huge win has just been revealed."""
    mine = showing(control, now)
    if mine is None:
        return
    u = frame.unit
    box = pygame.Rect(0, 0, frame.layout.width * 4 // 5, u * 9)
    box.center = frame.layout.center
    pulse = int((now - control.model.result_at) * 4) % 2  # the frame flashes twice a second
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=u)
    pygame.draw.rect(surface, theme.GOLD if pulse else theme.WIN, box, width=max(4, u // 3), border_radius=u)
    huge = mine.tier == HUGE
    p.draw(surface, _KEYS[mine.tier], (box.centerx, box.top + u), u * (4 if huge else 3), theme.GOLD,
           anchor="midtop", bold=True, max_width=box.width - 2 * u)  # fmt: skip
    amount = p.money(counted(mine.paid, control.model.result_at, now))
    p.draw(surface, "fmt.money", (box.centerx, box.bottom - u), u * 3, theme.WIN, anchor="midbottom",
           bold=True, max_width=box.width - 2 * u, amount=amount)  # fmt: skip
