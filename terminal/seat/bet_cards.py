"""Cards over the felt for managing bets: favourites, and a long-pressed spot's name, pay and limits.

The favourites card lists the session's :data:`~terminal.seat.bet_sets.SLOTS` slots, each with what it
holds, a Save button (this round's wagers go in it) and a Place button (its wagers go on the layout, all
or none). A long press on any betting spot opens that spot's card: its name, what it pays, its minimum,
maximum and step from the table's ``[limits]`` (the ``Offer``), and the seat's stake on it; it goes by
itself after a few seconds or at the next touch. The racetrack's call bets have their own card
(:mod:`terminal.seat.call_card`). Every button is at least the frame's touch size each way.
"""

from __future__ import annotations

from typing import Any

import pygame

from terminal.seat import bet_sets, theme
from terminal.seat import intents as i
from terminal.seat.control import SeatControl
from terminal.seat.limits import offered, wager_id
from terminal.seat.picker import pays_of
from terminal.seat.pointer import Gesture
from terminal.seat.text import Painter
from terminal.seat.theme import Frame
from terminal.seat.wager_list import detail_of
from terminal.seat.widgets import Button, dim, draw_button, hit_button, panel

FAVOURITES, SPOT = "favourites", "spot:"


def spot_name(p: Painter, spot: str) -> str:
    """A spot as the player reads it: "Split 17-20", "Place 6", "Red"."""
    wager = wager_id(spot)
    short = f"short.{wager}"
    name = p.tr(short if p.catalogue.has(short) else f"wager.{wager}")
    detail = detail_of(spot, wager, None)
    return p.tr("fmt.spot", name=name, detail=detail) if detail else name


# -- favourites ------------------------------------------------------------------------------------------
def favourites_card(frame: Frame) -> pygame.Rect:
    """The favourites card, centred over the layout."""
    u, layout = frame.unit, frame.layout
    row = max(frame.touch + u, u * 4)
    width = min(layout.width - 2 * u, max(frame.touch * 14, layout.width * 3 // 4))
    height = u * 5 + bet_sets.SLOTS * row + max(frame.touch, u * 5 // 2) + u
    rect = pygame.Rect(0, 0, width, min(height, layout.height - u))
    rect.center = layout.center
    return rect


def favourite_buttons(control: SeatControl, frame: Frame, now: float) -> list[Button]:
    """Save and Place for each slot, then Close."""
    box, u = favourites_card(frame), frame.unit
    row = max(frame.touch + u, u * 4)
    width = max(frame.touch * 2, min(u * 8, box.width // 5))
    height = max(frame.touch, row - u)
    open_ = control.model.can_bet(now)
    slots = control.ui.favourites
    out = []
    for n in range(bet_sets.SLOTS):
        top = box.top + u * 4 + n * row + (row - height) // 2
        held = n < len(slots) and bool(slots[n])
        place = pygame.Rect(box.right - u - width, top, width, height)
        save = pygame.Rect(place.left - u // 2 - width, top, width, height)
        out.append(Button(save, "favourites.save", i.Intent(i.FAVOURITE_SAVE, value=n), open_))
        out.append(Button(place, "favourites.place", i.Intent(i.FAVOURITE_PLAY, value=n), open_ and held,
                          colour=theme.READY))  # fmt: skip
    return [*out, _close(frame, box)]


def _close(frame: Frame, box: pygame.Rect) -> Button:
    u = frame.unit
    rect = pygame.Rect(0, 0, max(frame.touch * 3, u * 8), max(frame.touch, u * 5 // 2))
    rect.bottomright = (box.right - u, box.bottom - u // 2)
    return Button(rect, "button.close", i.Intent(i.CARD))


def draw_favourites(
    surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, now: float
) -> None:
    """The favourites card: each slot's content and its buttons."""
    box, u = favourites_card(frame), frame.unit
    _card(surface, frame, box)
    p.draw(surface, "favourites.title", (box.left + u, box.top + u // 3), u * 3 // 2, theme.GOLD, bold=True,
           max_width=box.width - 2 * u)  # fmt: skip
    p.block(surface, "favourites.hint", pygame.Rect(box.left + u, box.top + u * 2, box.width - 2 * u, u * 2),
            u * 4 // 5, theme.DIM_INK)  # fmt: skip
    buttons = favourite_buttons(control, frame, now)
    slots = control.ui.favourites
    for n in range(bet_sets.SLOTS):
        save = buttons[2 * n].rect
        words = pygame.Rect(box.left + u, save.top, save.left - u - box.left - u, save.height)
        stakes = slots[n] if n < len(slots) else ()
        p.draw(surface, "favourites.slot", words.topleft, u, theme.INK, bold=True, max_width=words.width,
               slot=str(n + 1))  # fmt: skip
        total = p.money(sum(a for _, a in stakes))
        args: dict[str, Any] = {"count": str(len(stakes)), "amount": total} if stakes else {}
        key = "favourites.holds" if stakes else "favourites.empty"
        p.draw(surface, key, words.bottomleft, u * 4 // 5, theme.GOLD if stakes else theme.DIM_INK,
               anchor="bottomleft", max_width=words.width, **args)  # fmt: skip
    for button in buttons:
        draw_button(surface, p, button, u)


def process_favourites(
    control: SeatControl, frame: Frame, gesture: Gesture, now: float
) -> list[i.Intent] | None:
    """Intents of a touch while the favourites card is open; None when it is off the felt."""
    box = favourites_card(frame)
    if not frame.layout.collidepoint(gesture.pos):
        return None
    if not box.collidepoint(gesture.pos):
        return [i.Intent(i.CARD)]  # the felt beside the card closes it
    button = hit_button(favourite_buttons(control, frame, now), gesture.pos)
    if button is None or gesture.kind != "tap":
        return []
    return [button.intent if button.enabled else i.Intent(i.REFUSED, _why_off(control, button, now))]


def _why_off(control: SeatControl, button: Button, now: float) -> str:
    return "favourites.empty_slot" if control.model.can_bet(now) else "bets.closed"


# -- a spot's card (a long press) ------------------------------------------------------------------------
def spot_card(frame: Frame, at: tuple[int, int]) -> pygame.Rect:
    """The card of a long-pressed spot: above the finger where there is room, inside the layout."""
    u = frame.unit
    rect = pygame.Rect(0, 0, min(frame.layout.width - 2 * u, u * 20), u * 10)
    rect.midbottom = (at[0], at[1] - u * 2)
    if rect.top < frame.layout.top:
        rect.top = at[1] + u * 2
    return rect.clamp(frame.layout)


def spot_lines(p: Painter, control: SeatControl, spot: str) -> list[tuple[str, dict[str, Any]]]:
    """The card's lines below its title: pays, minimum, maximum, step, the seat's stake (catalogue keys)."""
    lines: list[tuple[str, dict[str, Any]]] = []
    pays = pays_of(p, control, spot)
    if pays is not None:
        lines.append(("spotcard.pays", {"payout": pays}))
    offer = offered(control.model, wager_id(spot))
    if offer is not None:
        lines.append(("spotcard.minimum", {"amount": p.money(offer.minimum)}))
        lines.append(("spotcard.maximum", {"amount": p.money(offer.maximum)}))
        if offer.increment > 1:
            lines.append(("spotcard.step", {"amount": p.money(offer.increment)}))
    me = control.model.me
    stake = sum(w.amount for w in me.wagers if w.spot == spot) if me is not None else 0
    if stake:
        lines.append(("spotcard.stake", {"amount": p.money(stake)}))
    return lines


def draw_spot(
    surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, at: tuple[int, int]
) -> None:
    """The long-pressed spot's card: its name, then a line each for pays, minimum, maximum, step, stake."""
    card = control.ui.card or ""
    spot = card.removeprefix(SPOT)
    u = frame.unit
    lines = spot_lines(p, control, spot)
    box = spot_card(frame, at)
    box.height = u * 3 + len(lines) * u * 3 // 2 + u // 2
    box = box.clamp(frame.layout)
    panel(surface, box)
    pygame.draw.rect(surface, theme.GOLD, box, width=3, border_radius=max(4, box.height // 20))
    p.draw(surface, "fmt.value", (box.left + u, box.top + u // 2), u * 6 // 5, theme.GOLD, bold=True,
           max_width=box.width - 2 * u, value=spot_name(p, spot))  # fmt: skip
    for n, (key, args) in enumerate(lines):
        y = box.top + u * 5 // 2 + n * u * 3 // 2
        p.draw(surface, key, (box.left + u, y), u, theme.INK, max_width=box.width - 2 * u, **args)


def _card(surface: pygame.Surface, frame: Frame, box: pygame.Rect) -> None:
    dim(surface, frame.layout, 150)
    panel(surface, box)
    pygame.draw.rect(surface, theme.GOLD, box, width=3, border_radius=max(4, box.height // 40))
