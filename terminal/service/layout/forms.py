"""Where the typing screens put their parts: login, voucher look-up, a configuration change, two people.

Each has entry boxes (a label above each), its buttons and the keypad the fields are typed on.

>>> from terminal.service.layout.frame import Frame
>>> g = vouchers(Frame.of(1920, 1080))
>>> g.number, g.lookup, g.card
(<rect(380, 270, 700, 90)>, <rect(1100, 270, 300, 90)>, <rect(920, 390, 976, 600)>)
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from terminal.service.layout.frame import Frame, Point, box, grid, point


@dataclass(frozen=True, slots=True)
class Login:
    """The login card: user id and PIN, the keypad beside them, the simulated service key under them."""

    card: pygame.Rect
    title: Point
    hint: Point
    hint_width: int
    user: pygame.Rect
    pin: pygame.Rect
    enter: pygame.Rect
    note: Point
    note_width: int
    note_leading: int  # a second line of the note, this far below the first
    key: pygame.Rect
    pad: pygame.Rect


def login(frame: Frame) -> Login:
    card = box(frame.screen, (frame.size[0] - 1400) // 2, 140, 1400, 840)  # centred
    return Login(
        card=card,
        title=point(card, 48, 40),
        hint=point(card, 48, 110),
        hint_width=card.width - 96,
        user=box(card, 48, 220, 600, 90),
        pin=box(card, 48, 380, 600, 90),
        enter=box(card, 48, 540, 600, 110),
        note=point(card, 48, 680),
        note_width=620,
        note_leading=30,
        key=box(card, 48, 750, 600, 70),
        pad=box(card, 720, 220, 632, 580),
    )


@dataclass(frozen=True, slots=True)
class VoucherCard:
    """A looked-up voucher: its state, amount, the facts about it, and (outstanding) the void."""

    card: pygame.Rect
    state: pygame.Rect
    amount: Point  # right edge, middle of the line
    names: Point  # the first fact's name; each next one a step lower
    values: Point
    step: int
    reason_label: Point
    reasons: tuple[pygame.Rect, ...]
    void: pygame.Rect
    reprint: pygame.Rect


@dataclass(frozen=True, slots=True)
class Vouchers:
    """The voucher look-up: the number, its keypad, and the card of the voucher found."""

    number: pygame.Rect
    lookup: pygame.Rect
    pad: pygame.Rect
    card: pygame.Rect


def vouchers(frame: Frame) -> Vouchers:
    c = frame.content
    return Vouchers(
        number=box(c, 0, 150, 700, 90),
        lookup=box(c, 720, 150, 300, 90),
        pad=box(c, 0, 270, 500, 480),
        card=box(c, 540, 270, 976, 600),
    )


@dataclass(frozen=True, slots=True)
class VoucherHistory:
    """The last vouchers issued (left) and redeemed (right): each column's title and ten lines."""

    card: pygame.Rect
    width: int  # of a column

    def title(self, column: int) -> Point:
        return point(self.card, 24 + column * (self.width + 24), 20)

    def line(self, column: int, row: int) -> Point:
        return point(self.card, 24 + column * (self.width + 24), 70 + row * 50)

    def amount(self, column: int, row: int) -> Point:
        return point(self.card, 24 + column * (self.width + 24) + self.width, 70 + row * 50)


def voucher_history(card: pygame.Rect) -> VoucherHistory:
    return VoucherHistory(card, (card.width - 72) // 2)


def voucher_card(card: pygame.Rect, reasons: int) -> VoucherCard:
    return VoucherCard(
        card=card,
        state=box(card, 24, 24, 260, 48),
        amount=point(card, -32, 48),
        names=point(card, 32, 110),
        values=point(card, 330, 110),
        step=52,
        reason_label=point(card, 32, 390),
        reasons=tuple(grid(box(card, 32, 430, 912, 64), reasons, 1, 10)),
        void=box(card, 32, 516, 600, 64),
        reprint=box(card, 652, 516, 292, 64),
    )


@dataclass(frozen=True, slots=True)
class ConfigEdit:
    """One setting being changed: its value, preview and back, the keypad, and the change it would make."""

    value: pygame.Rect
    preview: pygame.Rect
    back: pygame.Rect
    pad: pygame.Rect
    diff: pygame.Rect  # beside the keypad while editing; the whole width once applied


def config_edit(frame: Frame, editing: bool) -> ConfigEdit:
    c = frame.content
    return ConfigEdit(
        value=box(c, 0, 150, 900, 90),
        preview=box(c, 920, 150, 280, 90),
        back=box(c, -300, 150, 300, 90),
        pad=box(c, 0, 270, 900, 420),
        diff=box(c, 920, 270, -920, 600) if editing else box(c, 0, 270, 0, 600),
    )


@dataclass(frozen=True, slots=True)
class DiffLine:
    """One setting a change makes: its name, and under it the value before, an arrow, the value after."""

    name: Point
    before: Point
    arrow: Point  # centre top
    after: Point


@dataclass(frozen=True, slots=True)
class Diff:
    """The change a configuration edit makes: each setting before and after, then apply (or why not)."""

    panel: pygame.Rect
    title: Point
    step: int
    value_width: int
    applied: pygame.Rect
    blocked: Point
    blocked_width: int
    apply: pygame.Rect

    def line(self, index: int) -> DiffLine:
        """The ``index``-th setting changed."""
        p, down = self.panel, 80 + index * self.step
        return DiffLine(
            name=point(p, 24, down),
            before=point(p, 24, down + 36),
            arrow=(p.centerx, p.y + down + 36),
            after=(p.centerx + 40, p.y + down + 36),
        )


def diff(panel: pygame.Rect) -> Diff:
    return Diff(
        panel=panel,
        title=point(panel, 24, 20),
        step=96,
        value_width=panel.width // 2 - 60,
        applied=box(panel, 24, -88, -48, 64),
        blocked=point(panel, 24, -130),
        blocked_width=panel.width - 48,
        apply=box(panel, 24, -88, -48, 72),
    )


@dataclass(frozen=True, slots=True)
class Confirm:
    """The two-person dialog over any screen: my PIN, the second person's id and PIN, cancel or confirm."""

    dialog: pygame.Rect
    title: Point
    sub: Point
    text_width: int
    mine: pygame.Rect
    second: pygame.Rect
    second_pin: pygame.Rect
    what: Point
    what_width: int
    pad: pygame.Rect
    cancel: pygame.Rect
    confirm: pygame.Rect
    refusal: Point


def confirm(frame: Frame) -> Confirm:
    dialog = box(frame.screen, (frame.size[0] - 1320) // 2, 130, 1320, 850)  # centred
    return Confirm(
        dialog=dialog,
        title=point(dialog, 40, 30),
        sub=point(dialog, 40, 92),
        text_width=dialog.width - 80,
        mine=box(dialog, 40, 200, 560, 84),
        second=box(dialog, 40, 340, 560, 84),
        second_pin=box(dialog, 40, 480, 560, 84),
        what=point(dialog, 40, 600),
        what_width=560,
        pad=box(dialog, 660, 200, 620, 480),
        cancel=box(dialog, 40, -130, 560, 100),
        confirm=box(dialog, 660, -130, 620, 100),
        refusal=point(dialog, 40, -170),
    )
