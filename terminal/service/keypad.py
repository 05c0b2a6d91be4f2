"""The service screen's on-screen keypads: digits for PINs, amounts and round numbers, letters for ids.

A touchscreen station has no keyboard, so every field is typed on a keypad drawn beside it. A numeric
field (a PIN, a round number, an amount or a number in the configuration) gets the large numeric pad;
a user id or a text value the letters pad. ``<`` deletes the last character and ``C`` clears the field;
their labels come from the catalogue (``service.key.delete``, ``service.key.clear``).
"""

from __future__ import annotations

import re

import pygame

from terminal.i18n import Catalogue
from terminal.service import intents as i
from terminal.service.layout.frame import grid
from terminal.service.theme import TYPE
from terminal.service.ui import Ui

DIGITS = "123456789C0<"
#: Digits with the decimal point, for amounts and decimal settings (``12.50``).
DECIMAL = "789456123.0<C"
ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789.-_<C"
_NUMBER = re.compile(r"^\d*(\.\d*)?$")


def pad_for(value: str) -> tuple[str, int]:
    """The keys and columns for a field holding ``value``: numeric pad for a number, else letters."""
    return (DECIMAL, 3) if value and _NUMBER.fullmatch(value.replace(",", "")) else (ALNUM, 9)


def keypad(ui: Ui, cat: Catalogue, rect: pygame.Rect, keys: str, columns: int) -> None:
    """A grid of keys, each posting itself (:data:`~terminal.service.intents.KEY`); each at least 72 px
    high at 1080p in every pad the screens use. A word (Delete, Clear) is set smaller than a character."""
    names = {"<": cat.text("service.key.delete"), "C": cat.text("service.key.clear")}
    rows = -(-len(keys) // columns)
    for cell, key in zip(grid(rect, columns, rows, 10), keys, strict=False):
        label = names.get(key, key)
        size = TYPE.key if len(label) < 4 else TYPE.table
        if ui.width_of(label, size, True) > cell.width - 8:  # a narrow key (4:3): its symbol, as calculators
            label, size = {"<": "⌫", "C": "C"}.get(key, label), TYPE.key
        ui.button(cell, label, i.Intent(i.KEY, key), size=size)
