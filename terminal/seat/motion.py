"""A round in play on the seat: a small wheel, wheel of fortune or dice of its own, in step with the display.

While the display's ball runs, its dice roll or its wheel turns (until the round's reveal time), a seat
shows its own small motion in the result box and nothing of the outcome: the seat does not know it (the
model holds the ``Result`` back, :class:`~terminal.seat.model.Rolling`), so nothing drawn here can depend on
it. The motion slows as the display's does and ends at the reveal time, when the result takes its place.
Roulette: a wheel of red, black and green pockets turning one way and a ball running the other; Big Six:
the wheel's coloured sections passing under a pointer; craps and Sic Bo: two or three dice tumbling,
their faces drawn from the round's number and the instant, never from the outcome.
"""

from __future__ import annotations

import math

import pygame

from terminal.games.bigsix.rules import SECTIONS
from terminal.games.roulette.wheels import DOUBLE_ZERO, WHEELS, is_red
from terminal.seat import theme
from terminal.seat.marks import BIGSIX_COLOURS, TDF_COLOURS
from terminal.seat.model import Rolling
from terminal.seat.text import Painter
from terminal.seat.widgets import draw_die

FLIP_S = 0.12  # a tumbling die shows a new face this often
DICE = {
    "craps": 2,
    "sicbo": 3,
    "props_hops": 2,
    "high_roll": 4,
    "tdf": 3,
}  # High Roll: four of its dice tumbling
DIE_COLOURS: dict[str, tuple[theme.Colour, ...]] = {
    "tdf": (TDF_COLOURS["green_die"], TDF_COLOURS["green_die"], TDF_COLOURS["red_die"]),
}
"""A game whose dice are not white: each die's colour, in the order drawn."""


def _eased(rolling: Rolling, now: float, turns: float) -> float:
    """Degrees turned by ``now``: ``turns`` in all, slowing to a stop at the reveal."""
    u = rolling.progress(now)
    return 360.0 * turns * (1.0 - (1.0 - u) ** 2)


def _wheel(surface: pygame.Surface, rolling: Rolling, variant: str, box: pygame.Rect, now: float) -> int:
    order = WHEELS[variant].order if variant in WHEELS else WHEELS["double_zero"].order
    size = box.height * 84 // 100
    centre = (box.left + size // 2 + 4, box.centery)
    rim = size // 2
    pygame.draw.circle(surface, theme.FELT_DARK, centre, rim)  # the ball track round the pockets
    outer, inner = rim * 4 // 5, rim * 9 // 20
    step = 360.0 / len(order)
    turn = _eased(rolling, now, 1.5)
    for n, pocket in enumerate(order):
        colour = theme.GREEN if pocket in (0, DOUBLE_ZERO) else theme.RED if is_red(pocket) else theme.BLACK
        a0, a1 = math.radians(turn + n * step), math.radians(turn + (n + 1) * step)
        points = [(centre[0] + r * math.cos(a), centre[1] - r * math.sin(a))
                  for r, a in ((outer, a0), (outer, a1), (inner, a1), (inner, a0))]  # fmt: skip
        pygame.draw.polygon(surface, colour, points)
    pygame.draw.circle(surface, theme.GOLD, centre, rim, width=max(2, size // 40))
    pygame.draw.circle(surface, theme.PANEL, centre, inner)
    pygame.draw.circle(surface, theme.GOLD, centre, inner // 3)
    ball = math.radians(90.0 - _eased(rolling, now, 5.0))  # the ball runs the other way, on its track
    track = (outer + rim) // 2
    at = (int(centre[0] + track * math.cos(ball)), int(centre[1] - track * math.sin(ball)))
    pygame.draw.circle(surface, theme.PAPER, at, max(3, (rim - outer) * 2 // 5))
    return box.left + size + 4


def _fortune(surface: pygame.Surface, rolling: Rolling, box: pygame.Rect, now: float) -> int:
    size = box.height * 84 // 100
    centre = (box.left + size // 2 + 4, box.centery + size // 16)
    radius = size * 7 // 16
    step = 360.0 / len(SECTIONS)
    turn = -_eased(rolling, now, 3.0)
    for n, symbol in enumerate(SECTIONS):
        a0, a1 = math.radians(turn + n * step), math.radians(turn + (n + 1) * step)
        points = [centre, (centre[0] + radius * math.cos(a0), centre[1] - radius * math.sin(a0)),
                  (centre[0] + radius * math.cos(a1), centre[1] - radius * math.sin(a1))]  # fmt: skip
        pygame.draw.polygon(surface, BIGSIX_COLOURS.get(symbol, theme.BUTTON_OFF), points)
    pygame.draw.circle(surface, theme.GOLD, centre, radius, width=max(2, size // 40))
    pygame.draw.circle(surface, theme.PANEL, centre, radius // 4)
    tip = (centre[0], centre[1] - radius + size // 10)
    top = centre[1] - radius - size // 12
    pointer = [(tip[0], tip[1]), (tip[0] - size // 14, top), (tip[0] + size // 14, top)]
    pygame.draw.polygon(surface, theme.GOLD, pointer)
    return box.left + size + 4


def tumbling_face(round_id: int, die: int, flip: int) -> int:
    """The face a tumbling die shows on its ``flip``-th flip of round ``round_id``: a fixed scramble of the
    three numbers (a die's faces must not say the outcome: the seat does not know it anyway).

    >>> [tumbling_face(7, 0, k) for k in range(6)] == [tumbling_face(7, 0, k) for k in range(6)]
    True
    """
    mixed = (round_id * 7919 + die * 104729 + flip * 1299709) * 2654435761 % 2**32
    return mixed % 6 + 1


def _dice(
    surface: pygame.Surface,
    rolling: Rolling,
    count: int,
    box: pygame.Rect,
    now: float,
    colours: tuple[theme.Colour, ...] = (),
) -> int:
    size = box.height * 84 // 100
    side = size * 3 // 4 if count <= 2 else size * 3 // 5
    gap = max(6, side // 5)
    flip = int((now - rolling.since) / FLIP_S)
    left = box.left
    for die in range(count):
        t = now - rolling.since
        lift = abs(math.sin(t * 9.0 + die * 1.9)) * (1.0 - rolling.progress(now))
        hop = int(lift * (box.height - side) * 0.4)
        rect = pygame.Rect(left, box.centery - side // 2 - hop + int((box.height - side) * 0.2), side, side)
        fill = colours[die] if die < len(colours) else None  # Three Dice Football: green, green, red
        draw_die(
            surface,
            rect,
            tumbling_face(rolling.round_id, die, flip),
            fill,
            TDF_COLOURS["pips"] if fill else None,
        )
        left += side + gap
    return left


def draw(surface: pygame.Surface, p: Painter, game: str, variant: str, rolling: Rolling, box: pygame.Rect,
         unit: int, now: float) -> None:  # fmt: skip
    """The round in play in the result box: the motion on the left; on the right what is moving ("Ball in
    play") and how far it has come (a bar that fills at the reveal time)."""
    if game == "roulette":
        right = _wheel(surface, rolling, variant, box, now)
    elif game == "bigsix":
        right = _fortune(surface, rolling, box, now)
    else:
        right = _dice(surface, rolling, DICE.get(game, 2), box, now, DIE_COLOURS.get(game, ()))
    right += unit // 2
    column = pygame.Rect(right, box.top, max(unit, box.right - right), box.height)
    upper = pygame.Rect(column.left, column.top, column.width, column.height * 3 // 5)
    named = ("roulette", "bigsix", "craps", "sicbo", "props_hops", "high_roll", "tdf")
    shown = game if game in named else "roulette"
    p.block(surface, f"rolling.{shown}",
            upper, unit * 3 // 2, theme.GOLD, bold=True)  # fmt: skip
    bar = pygame.Rect(column.left, upper.bottom + unit // 3, column.width, max(6, unit // 3))
    pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=bar.height // 2)
    filled = bar.copy()
    filled.width = max(bar.height, int(bar.width * rolling.progress(now)))
    pygame.draw.rect(surface, theme.GOLD, filled, border_radius=bar.height // 2)
