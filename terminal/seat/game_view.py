"""The game screen: meters on top, the betting layout, the results and game panel, chips and actions below.

``process(gesture)`` turns a tap or long-press into intents, ``draw(surface, now)`` paints a frame.
Static pieces are cached: the bands and their labels are one pre-rendered background per size and
language, and the layout (felt, labels, chips) is redrawn only when what it shows changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from terminal.games.tdf.engine import TdfView
from terminal.seat import (
    bet_cards,
    bet_sets,
    call_card,
    care_view,
    layout_port,
    picker,
    side_panel,
    theme,
    wager_list,
    win_banner,
)
from terminal.seat import intents as i
from terminal.seat.control import SeatControl
from terminal.seat.layouts.base import Layout, UnknownSpotError, picked
from terminal.seat.pointer import Gesture
from terminal.seat.text import Painter
from terminal.seat.theme import Frame
from terminal.seat.widgets import Button, draw_button, draw_chip, hit_button, panel

_METERS = ("meter.credits", "meter.total_bet", "meter.last_win", "meter.chip")  # the phase's label is live
_SHARES = (1.45, 0.95, 0.95, 0.7, 0.95)  # each meter's width in fifths of the five meters' room
_ACTIONS = (
    ("button.undo", i.UNDO),
    ("button.clear", i.CLEAR),
    ("button.repeat", i.REPEAT),
    ("button.double", i.DOUBLE),
)

ON_OFF_GAMES = ("craps", "crapless")  # wagers a seat turns ON or OFF (place, buy, hardways, odds)


class GameView:
    """The main screen of a seat."""

    def __init__(self, painter: Painter, control: SeatControl, frame: Frame) -> None:
        self.painter, self.control, self.frame = painter, control, frame
        self.posted: list[i.Intent] = []
        self.now = 0.0  # the seat clock of the frame or gesture being handled (set by the app)
        self._layout: Layout | None = None
        self._layout_for: tuple[Any, ...] = ()
        self._felt: pygame.Surface | None = None
        self._felt_for: Any = None
        self._background: pygame.Surface | None = None
        self._background_for: tuple[Any, ...] = ()
        self._card_pos = (0, 0)  # where the long press that opened a spot's card was

    # -- geometry --------------------------------------------------------------------------------------
    @property
    def layout(self) -> Layout | None:
        """The betting layout for the table as the controller describes it (rebuilt when that changes)."""
        model = self.control.model
        if model.table is None:
            return None
        key = (model.table.game, model.table.variant, model.offer, tuple(self.frame.layout))
        if key != self._layout_for:
            touch = self.frame.touch
            self._layout = layout_port.make_layout(model.table, model.offer, self.frame.layout, touch)
            self._layout_for, self._felt_for = key, None
        return self._layout

    def chips(self) -> list[tuple[pygame.Rect, int, int]]:
        """(rect, tray index, value) of every chip in the tray."""
        values = self.control.model.table.chip_values if self.control.model.table else ()
        bottom = self.frame.bottom
        # at 4:3 the tray gives way so the action buttons keep room for their labels
        size = min(int(bottom.height * 0.72), bottom.width // (3 * max(1, len(values))))
        gap = size // 5
        out = []
        for index, value in enumerate(values):
            rect = pygame.Rect(bottom.left + gap + index * (size + gap), 0, size, size)
            rect.centery = bottom.centery
            out.append((rect, index, value))
        return out

    def buttons(self) -> list[Button]:
        """The action buttons of the bottom bar and the navigation buttons of the side panel."""
        model, ui, f = self.control.model, self.control.ui, self.frame
        open_ = model.can_bet(self.now)
        actions = list(_ACTIONS)
        if model.table is not None and model.table.game in ON_OFF_GAMES:
            actions.append(("button.onoff", i.SELECT))
        actions.append(("button.favourites", i.CARD))
        if bet_sets.calls_of(model):
            actions.append(("button.calls", i.CARD))
        count = len(actions) + 1
        tray = self.chips()
        chips_w = tray[-1][0].right + tray[-1][0].width // 5 if tray else 0
        room = f.bottom.width - chips_w - f.unit
        # a narrow screen with many buttons puts them in two rows, each button still a finger's size
        rows = 1 if room // count >= f.unit * 9 // 2 else 2
        columns = -(-count // rows)
        width = min(room // columns, int(f.bottom.height * 1.6))
        gap = 6
        height = int(f.bottom.height * 0.6)
        top = f.bottom.centery - height // 2
        if rows == 2:  # under the clock's line (care_view.draw_clock), two rows to the band's foot
            top = f.bottom.top + f.bottom.height // 5
            height = (f.bottom.bottom - 3 - top - gap) // 2
            if height < f.touch:  # a screen below 768 lines: the rows take the whole band
                top = f.bottom.top + 3
                height = (f.bottom.bottom - 3 - top - gap) // 2
        x = f.bottom.right - columns * width
        step = height + gap
        cells = [
            pygame.Rect(x + (n % columns) * width + 4, top + (n // columns) * step, width - 8, height)
            for n in range(count)
        ]
        out = []
        for n, (key, kind) in enumerate(actions):
            card = key.removeprefix("button.") if kind == i.CARD else ""  # favourites | calls
            hot = (kind == i.SELECT and ui.selected is not None) or (bool(card) and ui.card == card)
            out.append(Button(cells[n], key, i.Intent(kind, card), open_ or bool(card), hot=hot))
        out.append(Button(cells[-1], "button.ready", i.Intent(i.READY), open_, colour=theme.READY))
        return out + self.nav_buttons()

    def nav_buttons(self) -> list[Button]:
        """Help, history, session, cash-out and language: the side panel's foot, reachable at any time."""
        other = "es" if self.painter.language == "en" else "en"
        items = (
            ("button.help", i.Intent(i.SCREEN, "help")),
            ("button.history", i.Intent(i.SCREEN, "history")),
            ("button.session", i.Intent(i.SCREEN, "session")),
            ("button.cashout", i.Intent(i.SCREEN, "cashout")),
            (f"button.language_{other}", i.Intent(i.LANGUAGE, other)),
        )
        return [Button(self.frame.nav_cell(n), key, intent) for n, (key, intent) in enumerate(items)]

    # -- input -----------------------------------------------------------------------------------------
    def process(self, gesture: Gesture) -> None:
        """Post the intents of one gesture."""
        if self._card_process(gesture):
            return
        layout, name = self.layout, self.control.ui.picker
        if layout is not None and name is not None:
            try:
                posted = picker.process(self.control, self.frame, layout.picker(name), gesture, self.now)
            except UnknownSpotError:
                posted = [i.Intent(i.PICK)]  # the layout changed under it: close it
            if posted is not None:
                self.posted += posted
                return
        button = hit_button(self.buttons(), gesture.pos)
        if button is not None and gesture.kind == "tap":
            self.posted.append(button.intent if button.enabled else i.Intent(i.REFUSED, "bets.closed"))
            return
        for rect, _, value in self.chips():
            if rect.collidepoint(gesture.pos):
                self.posted.append(i.Intent(i.CHIP, value=value))
                return
        box, f = side_panel.sections(self.frame, self.control).wagers, self.frame
        paging = wager_list.process(self.control, box, f.unit, f.touch, gesture.pos, self.now)
        if paging is not None:
            self.posted += paging if gesture.kind == "tap" else []
            return
        spot = layout.hit(gesture.pos) if layout is not None else None
        if spot is None:
            return
        name = picked(spot)
        if name is not None:
            self.posted.append(i.Intent(i.PICK, name))  # a long press too: its buttons take chips back
            return
        remove = gesture.kind == "long_press"
        if remove:  # a long press shows the spot's card (name, pays, limits) and takes the seat's chips back
            self._card_pos = gesture.pos
            self.posted.append(i.Intent(i.CARD, bet_cards.SPOT + spot))
            if not self._has(spot):
                return
        refused = self._refusal(spot, remove) if remove or self.control.ui.selected is None else None
        if refused is not None:
            self.posted.append(i.Intent(i.REFUSED, refused))
        elif remove:
            self.posted.append(i.Intent(i.REMOVE, spot))
        elif self.control.ui.selected is not None:
            self.posted.append(i.Intent(i.TOGGLE, spot))
        else:
            self.posted.append(i.Intent(i.PLACE, spot))

    def _has(self, spot: str) -> bool:
        me = self.control.model.me
        return me is not None and any(w.spot == spot for w in me.wagers)

    def _card_process(self, gesture: Gesture) -> bool:
        """A card over the felt takes the touch first; True when it used it."""
        card = self.control.ui.card
        if card is None:
            return False
        if card.startswith(bet_cards.SPOT):  # a tooltip: any touch closes it, then does what it does
            self.posted.append(i.Intent(i.CARD))
            return False
        if card == bet_cards.FAVOURITES:
            posted = bet_cards.process_favourites(self.control, self.frame, gesture, self.now)
        else:
            posted = call_card.process(self.control, self.frame, gesture, self.now)
        if posted is None:
            return False
        self.posted += posted
        return True

    def _refusal(self, spot: str, remove: bool) -> str | None:
        """What the game's layout says against this chip while bets are open (then the table decides)."""
        if self.layout is None or not self.control.model.can_bet(self.now):
            return None
        return self.layout.refusal(spot, remove, self._layout_view(self.now))

    # -- drawing ---------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, now: float) -> None:
        """One frame of the game screen."""
        self.now = now
        surface.blit(self._base(now), (0, 0))
        self._draw_layout_marks(surface, now)
        self._draw_meters(surface, now)
        side_panel.draw(surface, self.painter, self.control, self.frame, now)
        if self.layout is not None:
            picker.draw(surface, self.painter, self.control, self.frame, self.layout, now)
        self._draw_card(surface, now)
        win_banner.draw(surface, self.painter, self.control, self.frame, now)
        care_view.draw_clock(surface, self.painter, self.control, self.frame, now)

    def _draw_card(self, surface: pygame.Surface, now: float) -> None:
        card, p, c, f = self.control.ui.card, self.painter, self.control, self.frame
        if card is None:
            return
        if card == bet_cards.FAVOURITES:
            bet_cards.draw_favourites(surface, p, c, f, now)
        elif card == call_card.CALLS:
            call_card.draw(surface, p, c, f, now)
        elif card.startswith(bet_cards.SPOT):
            bet_cards.draw_spot(surface, p, c, f, self._card_pos)

    def _base(self, now: float) -> pygame.Surface:
        """Background, felt with its chips, tray and buttons: one opaque layer, redrawn only on a change."""
        layout, buttons = self.layout, self.buttons()
        view = self._layout_view(now) if layout is not None else None
        states = tuple((b.key, b.enabled, b.hot) for b in buttons)
        key = (self.frame.width, self.frame.height, self.painter.language, view, states, self.control.ui.chip)
        if self._felt is None or key != self._felt_for:
            base = self._static().copy()
            rect = self.frame.layout
            if layout is None or view is None:  # no TableState yet: the felt waits for the controller
                pygame.draw.rect(base, theme.FELT, rect, border_radius=rect.height // 30)
                missing = "status.layout_missing"
                self.painter.draw(base, missing, rect.center, self.frame.unit, theme.DIM_INK, anchor="center")
            else:
                layout.draw(base, view)
            self._draw_tray(base)
            for button in buttons:
                draw_button(base, self.painter, button, self.frame.unit)
            self._felt, self._felt_for = base, key
        return self._felt

    def draw_top(self, surface: pygame.Surface, now: float) -> None:
        """The background and the meters alone (under the other screens: credits stay on screen)."""
        self.now = now
        surface.blit(self._static(), (0, 0))
        self._draw_meters(surface, now)

    def _static(self) -> pygame.Surface:
        key = (self.frame.width, self.frame.height, self.painter.language)
        if self._background is None or key != self._background_for:
            self._background, self._background_for = self._paint_static(), key
        return self._background

    def _paint_static(self) -> pygame.Surface:
        f, p = self.frame, self.painter
        surface = pygame.Surface((f.width, f.height))
        surface.fill(theme.FELT_DARK)
        for band in (f.top, f.bottom, f.side, *([f.ledger] if f.ledger is not None else [])):
            panel(surface, band)
        for n, key in enumerate(_METERS):
            cell = self._meter_cell(n)
            p.draw(surface, key, (cell.left, cell.top), f.unit * 7 // 10, theme.DIM_INK, max_width=cell.width)
        limits = self._limits_cell()
        size = f.unit * 7 // 10
        room = limits.width * 45 // 100
        p.draw(surface, "meter.limits", limits.topleft, size, theme.DIM_INK, max_width=room)
        return surface

    def _meter_cell(self, n: int) -> pygame.Rect:
        """The ``n``-th meter's cell: the credits the widest (always the largest figure), the chip the
        narrowest; the limits' cell after the last."""
        top = self.frame.top
        width = top.width * (0.14 if top.width >= top.height * 20 else 0.125)  # 4:3 leaves limits room
        pad = top.height // 8
        left = top.left + pad + round(width * sum(_SHARES[:n]))
        share = _SHARES[n] if n < len(_SHARES) else 1.0
        return pygame.Rect(left, top.top + pad, round(width * share) - pad, top.height - 2 * pad)

    def _limits_cell(self) -> pygame.Rect:
        first = self._meter_cell(len(_METERS) + 1)
        return pygame.Rect(
            first.left, first.top, self.frame.top.right - first.left - first.left // 40, first.height
        )

    def _draw_meters(self, surface: pygame.Surface, now: float) -> None:
        model, p, f = self.control.model, self.painter, self.frame
        me = model.me
        values: list[tuple[str, dict[str, Any], tuple[int, int, int]]] = [
            ("fmt.money", {"amount": p.money(model.credits_shown(now))}, theme.GOLD),
            ("fmt.money", {"amount": p.money(me.total_bet if me else 0)}, theme.INK),
            (
                "fmt.money",
                {"amount": p.money(me.last_win if me else 0)},
                theme.WIN if me and me.last_win and self._won_shown() else theme.INK,
            ),
            ("fmt.money", {"amount": p.money(self.control.ui.chip)}, theme.INK),
            self._countdown(now)[1:],
        ]
        first = self._meter_cell(0)
        tall = f.unit * 8 // 5  # the credits, as large as their cell holds under its label
        room = first.height - p.font(f.unit * 7 // 10).get_linesize()
        while tall > p.min_size and p.font(tall, True).get_height() > room:
            tall -= 1
        credits = p.fitting(p.tr(values[0][0], **values[0][1]), tall, True, first.width)
        others = max(p.min_size, min(f.unit * 13 // 10, credits * 17 // 20))  # never as large as the credits
        for n, (key, args, colour) in enumerate(values):
            cell = self._meter_cell(n)
            p.draw(
                surface,
                key,
                (cell.left, cell.bottom),
                credits if n == 0 else others,
                colour,
                anchor="bottomleft",
                bold=True,
                max_width=cell.width,
                **args,
            )
        cell = self._meter_cell(len(_METERS))
        label = self._countdown(now)[0]
        p.draw(surface, label, (cell.left, cell.top), f.unit * 7 // 10, theme.DIM_INK, max_width=cell.width)
        self._draw_limits(surface)

    def _won_shown(self) -> bool:
        """Whether the round on screen (if any) won money: a round that paid back less than its stake
        leaves its LAST WIN in plain ink, not in the win's colour."""
        mine = win_banner.seat_round(self.control)
        return mine is None or mine.won

    def _countdown(self, now: float) -> tuple[str, str, dict[str, Any], tuple[int, int, int]]:
        """The phase meter: its label and its value, which follow the phase (the seconds left to bet, bets
        closed while the round plays, the result on show)."""
        model = self.control.model
        if model.table is None or model.link != "up":
            return ("meter.round", "status.waiting", {}, theme.DIM_INK)
        seconds = (model.countdown_ms(now) + 999) // 1000
        if model.table.phase != "open" or seconds == 0:
            if model.result is not None and model.showing_result(now):
                return ("meter.round", "meter.result", {}, theme.GOLD)  # the result on show, not a lock
            return ("meter.bets", "bets.closed_short", {}, theme.WARN)
        colour = theme.WARN if seconds <= 5 else theme.INK
        return ("meter.countdown", "fmt.seconds", {"seconds": seconds}, colour)

    def _draw_limits(self, surface: pygame.Surface) -> None:
        """The limits line at the foot of its cell like every meter's value; the currency beside the label."""
        model, p, f = self.control.model, self.painter, self.frame
        if model.table is None:
            return
        limits, cell = model.table.limits, self._limits_cell()
        p.draw(
            surface,
            "fmt.currency",
            cell.topright,
            f.unit * 7 // 10,
            theme.DIM_INK,
            anchor="topright",
            max_width=cell.width * 53 // 100,
            code=model.table.currency,
            credit=p.money(model.table.denomination),
        )
        p.draw(
            surface,
            "fmt.limits",
            (cell.left, cell.bottom),
            f.unit,
            theme.INK,
            anchor="bottomleft",
            bold=True,
            max_width=cell.width,
            minimum=p.money(limits.wager_min),
            maximum=p.money(limits.wager_max),
            seat=p.money(limits.seat_max),
        )

    def _draw_layout_marks(self, surface: pygame.Surface, now: float) -> None:
        """A refused touch flashes the felt's edge; the words go to the message strip, never on the felt."""
        if now - self.control.ui.refused_at < 0.6:
            rect = self.frame.layout
            pygame.draw.rect(surface, theme.ALERT, rect, width=max(4, self.frame.unit // 3))

    def _layout_view(self, now: float) -> Any:
        """The layouts' view of this seat now (compared with the last one to decide a redraw)."""
        model, ui, p = self.control.model, self.control.ui, self.painter
        showing = model.showing_result(now)
        point = model.point
        pending = tuple((spot, amount) for spot, amount, _ in ui.pending)
        tr: Callable[[str], str] = p.tr
        return layout_port.layout_view(
            model.me,
            model.winners() if showing else (),
            model.result.outcome if showing and model.result else None,
            point,
            not model.can_bet(self.now) and not showing,  # a result shows on the bright felt
            tr,
            p.money,
            p.fonts(),
            pending,
            p.chip_money,
            (
                *((("b2b", model.b2b.previous),) if model.b2b is not None else ()),
                *_marks_board(model.me),
                *_drive_board(model.state),
            ),
        )

    def _draw_tray(self, surface: pygame.Surface) -> None:
        for rect, index, value in self.chips():
            draw_chip(
                surface,
                self.painter,
                rect.center,
                rect.width // 2,
                index,
                value,
                selected=value == self.control.ui.chip,
            )


def _marks_board(me: Any) -> tuple[tuple[str, str], ...]:
    """The marks a standing wager carries (a Six Eight Shake's), as the layouts' board writes them."""
    wagers = me.wagers if me is not None else ()
    return tuple((f"marks:{w.spot}", " ".join(map(str, w.marks))) for w in wagers if w.marks)


def _drive_board(state: Any) -> tuple[tuple[str, str], ...]:
    """A Three Dice Football drive, as its layout's board reads it (``tdf:drive``: yard goal down play
    extra); nothing at another game."""
    if not isinstance(state, TdfView):
        return ()
    text = f"{state.yard} {int(state.goal)} {state.down} {state.play} {int(state.extra_point)}"
    return (("tdf:drive", text),)
