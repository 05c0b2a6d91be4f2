"""The service screen's looks as data: its colours and its type scale.

Service mode is amber on a dark slate, apart from the player's green felt at a glance: a technician sees
from across the floor that a table is out of play. Text sizes are named by their role (a screen's title,
a table's rows, a key of the keypad), so a view says what a text is, not how big it is; the sizes are
design units (pixels on a 1920x1080 touchscreen; :class:`~terminal.service.ui.Ui` sets them for others).
Geometry lives beside this in :mod:`terminal.service.layout`.
"""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]

#: No text on a service screen is drawn smaller than this (pixels): a technician reads it at arm's length
#: on a touchscreen. :meth:`terminal.service.ui.Ui.text` refuses smaller text: no view can shrink a label.
MIN_TEXT_PX = 14

BG: Colour = (12, 18, 28)
PANEL: Colour = (24, 33, 46)
PANEL_HI: Colour = (34, 46, 63)
LINE: Colour = (58, 74, 96)
TEXT: Colour = (236, 240, 245)
MUTED: Colour = (150, 163, 181)
ACCENT: Colour = (246, 186, 44)  # service amber
ACCENT_DARK: Colour = (64, 48, 10)
GOOD: Colour = (64, 190, 110)
BAD: Colour = (232, 76, 76)
INFO: Colour = (80, 160, 240)
DISABLED: Colour = (70, 78, 90)
HEADER: Colour = (30, 24, 8)  # the SERVICE MODE bar: amber gone dark
WELL: Colour = (8, 12, 18)  # inside an entry box
INK_ON_ACCENT: Colour = (20, 20, 20)  # a primary or chosen button's label
INK_ON_BADGE: Colour = (15, 15, 15)
SHADE = (0, 0, 0, 190)  # over the screen behind a two-person dialog

RADIUS = 12  # panels and buttons
FIELD_RADIUS = 10
BADGE_RADIUS = 8


@dataclass(frozen=True, slots=True)
class Type:
    """Text sizes by role, in pixels."""

    hero: int = 96  # a recalled round's outcome
    amount: int = 64  # a voucher's amount
    display: int = 56  # the login card's title
    brand: int = 52  # SERVICE MODE
    large: int = 48  # a hand-pay's award
    title: int = 46  # a screen's title
    button_large: int = 44  # Log in
    value: int = 40  # what is typed in a field; a big act's button
    heading: int = 38  # a self-test's name
    key: int = 36  # a keypad's key; "nothing waiting"
    menu: int = 34  # the menu's entries; a RAM clear's steps; a configuration change
    button: int = 32  # a button's label; the header's lines
    body: int = 30  # a line of text, the status line
    label: int = 28  # a field's label, a screen's subtitle, a roomy table's rows
    table: int = 26  # a table's rows, a badge, a small button's label
    dense: int = 25  # the day report's long table
    chip: int = 24  # the event log's filter chips; a self-test's detail, an identity's value
    small: int = 22  # an install of the install log
    caption: int = 20  # what a line of the program's identity is


TYPE = Type()
