"""The racetrack's call bets: a card with the wheel-order oval, the named sectors and neighbours.

The oval holds every pocket in its wheel's order (the racetrack of the felt, drawn large enough for a
finger); a touch on a pocket places the neighbours call bet on it, ``each_side`` numbers either side
(the stepper below the oval sets 1 to 9). On the single-zero wheel the oval's middle holds the French
sectors (Voisins du zéro, Tiers du cylindre, Orphelins, Jeu zéro), each button saying what it costs with
the chip selected; on the double-zero wheel the middle says the card offers neighbours on the American
wheel and no French sector (those are defined on the single-zero wheel's order). Each call bet goes to
the controller as one ``PlaceWagers``: all its wagers or none (:mod:`terminal.seat.bet_sets`).

The card spans the layout, or the whole width below the meters where the layout is too narrow for a
pocket of the frame's touch size (a 4:3 screen).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from terminal.games.roulette.calls import FRENCH, CallBetError, expand
from terminal.games.roulette.wheels import Wheel, pocket_text
from terminal.seat import bet_sets, theme
from terminal.seat import intents as i
from terminal.seat.control import SeatControl
from terminal.seat.layouts.roulette_geometry import track_cells, track_inner
from terminal.seat.pointer import Gesture
from terminal.seat.text import Painter
from terminal.seat.theme import Frame
from terminal.seat.widgets import Button, dim, draw_button, hit_button, panel, pocket_colour

CALLS = "calls"


@dataclass(frozen=True, slots=True)
class CallCard:
    """Where everything of the card is, for one frame and wheel."""

    box: pygame.Rect
    track: pygame.Rect
    pockets: tuple[tuple[int, pygame.Rect], ...]
    inner: pygame.Rect
    buttons: tuple[Button, ...]  # the sectors, the stepper's − and +, Close


def card_rect(frame: Frame, pockets: int) -> pygame.Rect:
    """The card: over the layout, or the whole width below the meters where a pocket would be too small."""
    u, layout = frame.unit, frame.layout
    rect = layout.inflate(-2 * u, -u)
    along = (pockets - 3) // 2 + 2  # pockets along the top row, and room for the curved ends
    if rect.width // along < frame.touch:
        rect = pygame.Rect(u // 2, layout.top, frame.width - u, layout.height).inflate(0, -u)
    return rect


def measure(frame: Frame, wheel: Wheel, each_side: int) -> CallCard:
    """The card's oval, its pockets and its buttons."""
    u = frame.unit
    box = card_rect(frame, len(wheel.live_pockets))
    side = max(frame.touch, u * 5 // 2)  # the stepper's buttons, in a row under the oval
    room = box.height - u * 4 - u - side - u
    tall = max(3 * frame.touch, min(room, u * 12))  # three rows of pockets, none below a finger's size
    box = pygame.Rect(box.left, box.top, box.width, u * 4 + tall + u + side + u)
    box.centery = frame.layout.centery
    foot = box.bottom - u - side
    track = pygame.Rect(box.left + u, box.top + u * 4, box.width - 2 * u, tall)
    pockets = tuple((p, r) for p, r in track_cells(track, wheel) if p != wheel.void_pocket)
    inner = track_inner(track).inflate(-u // 2, -u // 3)
    buttons: list[Button] = []
    french = [n for n in FRENCH if _offers(wheel, n)]
    if french:
        width = inner.width // len(french)
        for k, name in enumerate(french):
            rect = pygame.Rect(inner.left + k * width, inner.top, width, inner.height).inflate(-u // 3, 0)
            buttons.append(Button(rect, f"calls.{name}", i.Intent(i.CALL_BET, name), colour=theme.BUTTON))
    stepper_y = foot
    minus = pygame.Rect(box.left + u + _label_w(frame), stepper_y, side, side)
    plus = pygame.Rect(minus.right + side + u, stepper_y, side, side)
    buttons.append(Button(minus, "calls.fewer", i.Intent(i.NEIGHBOURS, value=-1), each_side > 1))
    buttons.append(Button(plus, "calls.more", i.Intent(i.NEIGHBOURS, value=1), each_side < 9))
    close = pygame.Rect(0, 0, max(frame.touch * 3, u * 8), max(frame.touch, u * 2))
    close.topright = (box.right - u // 2, box.top + u // 2)  # the top corner: clear of the side panel's foot
    buttons.append(Button(close, "button.close", i.Intent(i.CARD)))
    return CallCard(box, track, pockets, inner, tuple(buttons))


def _label_w(frame: Frame) -> int:
    return frame.unit * 12


def _offers(wheel: Wheel, name: str) -> bool:
    try:
        expand(name, wheel)
    except CallBetError:
        return False
    return True


def process(control: SeatControl, frame: Frame, gesture: Gesture, now: float) -> list[i.Intent] | None:
    """Intents of a touch while the card is open; None when it is outside the card and off the felt."""
    wheel = bet_sets.table_wheel(control.model)
    if wheel is None:
        return [i.Intent(i.CARD)]
    card = measure(frame, wheel, control.ui.each_side)
    if not card.box.collidepoint(gesture.pos):
        return [i.Intent(i.CARD)] if frame.layout.collidepoint(gesture.pos) else None
    if gesture.kind != "tap":
        return []
    button = hit_button(list(card.buttons), gesture.pos)
    if button is not None:
        return [button.intent] if button.enabled else []
    for pocket, rect in card.pockets:
        if rect.collidepoint(gesture.pos):
            return [i.Intent(i.CALL_BET, f"neighbours:{pocket_text(pocket)}")]
    return []


def draw(surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, now: float) -> None:
    """The card over the dimmed felt."""
    wheel = bet_sets.table_wheel(control.model)
    if wheel is None:
        return
    u, chip, each = frame.unit, control.ui.chip, control.ui.each_side
    card = measure(frame, wheel, each)
    dim(surface, card.box.union(frame.layout), 150)
    panel(surface, card.box)
    pygame.draw.rect(surface, theme.GOLD, card.box, width=3, border_radius=max(4, card.box.height // 40))
    close = next(b.rect for b in card.buttons if b.key == "button.close")
    p.draw(surface, "calls.title", (card.box.left + u, card.box.top + u // 3), u * 3 // 2, theme.GOLD,
           bold=True, max_width=close.left - u - card.box.left - u)  # fmt: skip
    hint = "calls.hint" if wheel.name == "single_zero" else "calls.hint_american"
    words = pygame.Rect(card.box.left + u, card.box.top + u * 2, card.box.width - 2 * u, u * 2)
    p.block(surface, hint, words, u * 4 // 5, theme.DIM_INK, chip=p.money(chip))
    _draw_track(surface, p, card, u)
    if not any(b.intent.kind == i.CALL_BET for b in card.buttons):
        p.block(surface, "calls.american", card.inner, u, theme.GOLD, bold=True)
    for button in card.buttons:
        if button.intent.kind == i.CALL_BET:
            _draw_sector(surface, p, button, wheel, chip, u)
        else:
            draw_button(surface, p, button, u)
    minus = next(b.rect for b in card.buttons if b.intent.kind == i.NEIGHBOURS)
    label = pygame.Rect(card.box.left + u, minus.top, _label_w(frame) - u // 2, minus.height)
    p.block(surface, "calls.each_side", label, u, theme.INK, bold=True)
    count = pygame.Rect(minus.right, minus.top, minus.width + u, minus.height)
    p.draw(
        surface,
        "fmt.value",
        count.center,
        u * 3 // 2,
        theme.GOLD,
        anchor="center",
        bold=True,
        value=str(each),
    )
    cost = pygame.Rect(count.right + minus.width + u, minus.top, 0, minus.height)
    cost.width = card.box.right - u - cost.left
    p.block(surface, "calls.neighbours_cost", cost, u * 4 // 5, theme.DIM_INK, count=str(2 * each + 1),
            amount=p.money((2 * each + 1) * chip))  # fmt: skip


def _draw_track(surface: pygame.Surface, p: Painter, card: CallCard, u: int) -> None:
    radius = card.track.height // 2
    pygame.draw.rect(surface, theme.FELT_DARK, card.track, border_radius=radius)
    pygame.draw.rect(surface, theme.GOLD, card.track, 3, border_radius=radius)
    for pocket, rect in card.pockets:
        inner = rect.inflate(-4, -4)
        text = pocket_text(pocket)
        pygame.draw.rect(surface, pocket_colour(text), inner, border_radius=max(3, min(inner.size) // 4))
        pygame.draw.rect(surface, theme.GOLD, inner, 1, border_radius=max(3, min(inner.size) // 4))
        size = min(u, inner.height * 3 // 5)
        p.draw(
            surface, "fmt.outcome", inner.center, size, theme.INK, anchor="center", bold=True, outcome=text
        )


def _draw_sector(
    surface: pygame.Surface, p: Painter, button: Button, wheel: Wheel, chip: int, u: int
) -> None:
    """A French sector's button: its name, and its chips' cost with the chip selected."""
    bet = expand(button.intent.text, wheel)
    colour = button.colour
    radius = button.rect.height // 5
    pygame.draw.rect(surface, colour, button.rect, border_radius=radius)
    pygame.draw.rect(surface, theme.PANEL_EDGE, button.rect, width=2, border_radius=radius)
    inner = button.rect.inflate(-u // 2, -u // 4)
    top = pygame.Rect(inner.left, inner.top, inner.width, inner.height * 3 // 5)
    foot = pygame.Rect(inner.left, top.bottom, inner.width, inner.bottom - top.bottom)
    p.block(surface, button.key, top, u, theme.INK, bold=True)
    p.draw(surface, "calls.cost", foot.center, u * 4 // 5, theme.GOLD, anchor="center", max_width=foot.width,
           count=str(bet.units), amount=p.money(bet.units * chip))  # fmt: skip
