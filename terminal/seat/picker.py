"""The picker: the wagers of a point box, a number or the zero edge as large buttons over the layout.

Where the felt cannot give every wager a touch area a finger can use (a craps point box carries eight
wagers; a roulette number on a 4:3 screen is too small for its splits and corners), the layout has one
area that opens a picker (``pick:<name>``), as electronic craps and roulette tables do. The picker lists
that area's wagers as buttons at least the screen's touch size each way, each naming the wager, what it
pays and what the seat has on it. A tap adds the selected chip (or switches the wager ON/OFF in ON/OFF
mode), a long press takes the chips back, Close or a tap on the felt outside the card closes it; the tray,
the action buttons and the side panel stay live beside it. It closes by itself when betting closes.

>>> columns_for(3, False), columns_for(16, False), columns_for(38, True)
(3, 4, 10)
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from terminal.seat import help_content, help_craps, help_rows, theme
from terminal.seat import intents as i
from terminal.seat.control import SeatControl
from terminal.seat.layouts.base import Layout, Picker, UnknownSpotError
from terminal.seat.limits import offered, wager_id
from terminal.seat.pointer import Gesture
from terminal.seat.text import Painter
from terminal.seat.theme import Frame
from terminal.seat.wager_list import detail_of
from terminal.seat.widgets import Button, dim, draw_button, panel, pocket_colour


@dataclass(frozen=True, slots=True)
class Choice:
    """One wager of the picker: its button and whether a chip may go on it now."""

    rect: pygame.Rect
    spot: str
    enabled: bool


def columns_for(count: int, track: bool) -> int:
    """Buttons a row: the racetrack's pockets ten a row, other pickers up to four."""
    return 10 if track else min(4, max(1, count))


def card(frame: Frame, picker: Picker) -> pygame.Rect:
    """The picker's card, centred over the layout (never over the side panel)."""
    u, layout = frame.unit, frame.layout
    track = picker.name == "track"
    columns = columns_for(len(picker.spots), track)
    rows = -(-len(picker.spots) // columns)
    width = min(layout.width - 2 * u, max(frame.touch * 14, layout.width * 3 // 4))
    button_h = max(frame.touch * 5 // 4, u * 3) if not track else max(frame.touch, u * 2)
    height = u * 4 + rows * (button_h + u // 3) + max(frame.touch, u * 5 // 2) + u
    rect = pygame.Rect(0, 0, width, min(height, layout.height - u))
    rect.center = layout.center
    return rect


def choices(control: SeatControl, frame: Frame, picker: Picker, now: float) -> list[Choice]:
    """The picker's wager buttons, row by row."""
    box, u = card(frame, picker), frame.unit
    columns = columns_for(len(picker.spots), picker.name == "track")
    close = close_button(frame, picker)
    grid = pygame.Rect(box.left + u, box.top + u * 3, box.width - 2 * u, close.top - u // 3 - box.top - u * 3)
    rows = -(-len(picker.spots) // columns)
    width, height = grid.width // columns, min(grid.height // max(1, rows), u * 4)
    can_bet = control.model.can_bet(now)
    out = []
    for n, spot in enumerate(picker.spots):
        rect = pygame.Rect(
            grid.left + (n % columns) * width, grid.top + (n // columns) * height, width, height
        )
        out.append(Choice(rect.inflate(-u // 3, -u // 3), spot, can_bet and _has_base(control, spot)))
    return out


def _has_base(control: SeatControl, spot: str) -> bool:
    """Come odds need a come bet moved to their number (don't come odds a don't come bet)."""
    for odds, base in (("dont_come_odds_", "dont_come"), ("come_odds_", "come")):
        if spot.startswith(odds):
            number = int(spot.removeprefix(odds))
            me = control.model.me
            return me is not None and any(w.spot == base and w.number == number for w in me.wagers)
    return True


def close_button(frame: Frame, picker: Picker) -> pygame.Rect:
    """Close, at the card's foot on the right."""
    box, u = card(frame, picker), frame.unit
    rect = pygame.Rect(0, 0, max(frame.touch * 3, u * 8), max(frame.touch, u * 5 // 2))
    rect.bottomright = (box.right - u, box.bottom - u // 2)
    return rect


def process(
    control: SeatControl, frame: Frame, picker: Picker, gesture: Gesture, now: float
) -> list[i.Intent] | None:
    """Intents of a gesture while the picker is open; None when it is off the felt (the tray, the buttons
    and the side panel still work)."""
    if not frame.layout.collidepoint(gesture.pos):
        return None
    if close_button(frame, picker).collidepoint(gesture.pos):
        return [i.Intent(i.PICK)] if gesture.kind == "tap" else []
    hit = next((c for c in choices(control, frame, picker, now) if c.rect.collidepoint(gesture.pos)), None)
    if hit is None:
        inside = card(frame, picker).collidepoint(gesture.pos)
        return [] if inside else [i.Intent(i.PICK)]  # a touch on the felt beside the card closes it
    if gesture.kind == "long_press":
        return [i.Intent(i.REMOVE, hit.spot)]
    if not hit.enabled:
        return [i.Intent(i.REFUSED, "picker.needs_come" if control.model.can_bet(now) else "bets.closed")]
    if control.ui.selected is not None:
        return [i.Intent(i.TOGGLE, hit.spot)]
    return [i.Intent(i.PLACE, hit.spot)]


def draw(
    surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, layout: Layout, now: float
) -> None:
    """The open picker over the dimmed felt."""
    name = control.ui.picker
    if name is None:
        return
    try:
        picker = layout.picker(name)
    except UnknownSpotError:
        return  # the layout changed under an open picker (a new offer): nothing to show
    u = frame.unit
    dim(surface, frame.layout, 150)
    box = card(frame, picker)
    panel(surface, box)
    pygame.draw.rect(surface, theme.GOLD, box, width=3, border_radius=max(4, box.height // 40))
    p.draw(surface, picker.title, (box.left + u, box.top + u // 3), u * 3 // 2, theme.GOLD, bold=True,
           max_width=box.width - 2 * u, number=picker.number)  # fmt: skip
    p.draw(surface, "picker.hint", (box.left + u, box.top + u * 2), u * 4 // 5, theme.DIM_INK,
           max_width=box.width - 2 * u)  # fmt: skip
    stakes = _stakes(control)
    for choice in choices(control, frame, picker, now):
        if picker.name == "track":
            _draw_pocket(surface, p, choice, stakes.get(choice.spot, 0), u)
        else:
            _draw_choice(surface, p, control, choice, stakes.get(choice.spot, 0), u)
    close = Button(close_button(frame, picker), "button.close", i.Intent(i.PICK))
    draw_button(surface, p, close, u)


def _stakes(control: SeatControl) -> dict[str, int]:
    """What the seat has on each spot (and chips on their way)."""
    out: dict[str, int] = {}
    me = control.model.me
    for w in me.wagers if me is not None else ():
        if w.number is None:
            out[w.spot] = out.get(w.spot, 0) + w.amount
    for spot, amount, _ in control.ui.pending:
        out[spot] = out.get(spot, 0) + amount
    return out


def _frame_choice(surface: pygame.Surface, choice: Choice, fill: theme.Colour, staked: bool) -> None:
    colour = fill if choice.enabled else theme.BUTTON_OFF
    radius = max(4, choice.rect.height // 6)
    pygame.draw.rect(surface, colour, choice.rect, border_radius=radius)
    edge = theme.GOLD if staked else theme.PANEL_EDGE
    pygame.draw.rect(surface, edge, choice.rect, width=3 if staked else 2, border_radius=radius)


def _draw_choice(
    surface: pygame.Surface, p: Painter, control: SeatControl, choice: Choice, stake: int, u: int
) -> None:
    """A wager's button: its name and numbers on top, what it pays (or the seat's stake) below."""
    _frame_choice(surface, choice, theme.BUTTON, stake > 0)
    ink = theme.INK if choice.enabled else theme.DIM_INK
    wager = wager_id(choice.spot)
    inner = choice.rect.inflate(-u // 2, -u // 4)
    top = pygame.Rect(inner.left, inner.top, inner.width, inner.height * 11 // 20)
    short = f"short.{wager}"  # "Corner 13-14-16-17" reads on a button where "Four Numbers (corner)" crowds
    name = p.tr(short if p.catalogue.has(short) else f"wager.{wager}")
    detail = detail_of(choice.spot, wager, None)
    p.block(surface, "fmt.spot" if detail else "fmt.value", top, u, ink, bold=True, name=name, detail=detail,
            value=name)  # fmt: skip
    foot = pygame.Rect(inner.left, top.bottom, inner.width, inner.bottom - top.bottom)
    if stake:
        p.draw(surface, "picker.stake", foot.center, u * 9 // 10, theme.GOLD, anchor="center", bold=True,
               max_width=foot.width, amount=p.money(stake))  # fmt: skip
        return
    pays = _pays(p, control, choice.spot)
    if pays is not None:
        p.draw(surface, "picker.pays", foot.center, u * 4 // 5, theme.DIM_INK, anchor="center",
               max_width=foot.width, payout=pays)  # fmt: skip


def _pays(p: Painter, control: SeatControl, spot: str) -> str | None:
    """What the spot pays, in words, from the same paytables the engine settles with."""
    model = control.model
    offer, found = model.offer, offered(model, wager_id(spot))
    if offer is None:
        return None
    if offer.game == "craps":  # odds on a come point are no wager of the offer, yet pay true odds
        payout = help_craps.craps_payout(spot, found.paytable if found is not None else "")
        row = help_rows.payout_row("help.pays", payout) if payout is not None else None
    elif found is not None:
        row = help_content.first_payout(offer.game, found)
    else:  # a spot no wager of the offer names (crapless odds on a come or put point): its help says
        registered = help_content.GAME_HELP.get(offer.game)
        payout = registered.pays(spot, "") if registered is not None else None
        row = help_rows.payout_row("help.pays", payout) if payout is not None else None
    return None if row is None else p.tr(row.value_key, **dict(row.value_args))


def _draw_pocket(surface: pygame.Surface, p: Painter, choice: Choice, stake: int, u: int) -> None:
    """A racetrack pocket's button: the centre number in its colour, the seat's stake under it."""
    number = choice.spot.partition(":")[2]
    _frame_choice(surface, choice, pocket_colour(number), stake > 0)
    at = (
        choice.rect.center
        if not stake
        else (choice.rect.centerx, choice.rect.top + choice.rect.height * 2 // 5)
    )
    p.draw(surface, "fmt.outcome", at, u * 6 // 5, theme.INK, anchor="center", bold=True, outcome=number)
    if stake:
        foot = (choice.rect.centerx, choice.rect.bottom - 2)
        p.draw(surface, "fmt.chip", foot, u * 4 // 5, theme.GOLD, anchor="midbottom", bold=True,
               max_width=choice.rect.width - 4, amount=p.chip_money(stake))  # fmt: skip


def pays_of(p: Painter, control: SeatControl, spot: str) -> str | None:
    """What ``spot`` pays in the player's words (a long press's card says it too), or None."""
    return _pays(p, control, spot)
