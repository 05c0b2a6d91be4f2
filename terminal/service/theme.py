"""The service screen's looks as data: its colours and its type scale.

Service mode is amber on a dark slate, apart from the player's green felt at a glance: a technician sees
from across the floor that a table is out of play. Text sizes are named by their role (a screen's title,
a table's rows, a key of the keypad), so a view says what a text is, not how big it is; the sizes are
design units (pixels on a 1920x1080 touchscreen; :class:`~terminal.service.ui.Ui` sets them for others).
Geometry lives beside this in :mod:`terminal.service.layout`. The values are the theme's
(``assets/theme.toml``, tables ``[service]``, ``[service.sizes]``, ``[service.type]``; :mod:`terminal.theme`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from terminal.theme import Colour as Colour
from terminal.theme import looks

_LOOKS = looks("service")  # the colours and sizes are data: assets/theme.toml, tables [service...]

#: No text on a service screen is drawn smaller than this (pixels): a technician reads it at arm's length
#: on a touchscreen. :meth:`terminal.service.ui.Ui.text` refuses smaller text: no view can shrink a label.
MIN_TEXT_PX = 14

BG: Colour = _LOOKS.rgb("bg")
PANEL: Colour = _LOOKS.rgb("panel")
PANEL_HI: Colour = _LOOKS.rgb("panel_hi")
LINE: Colour = _LOOKS.rgb("line")
TEXT: Colour = _LOOKS.rgb("text")
MUTED: Colour = _LOOKS.rgb("muted")
ACCENT: Colour = _LOOKS.rgb("accent")
ACCENT_DARK: Colour = _LOOKS.rgb("accent_dark")
GOOD: Colour = _LOOKS.rgb("good")
BAD: Colour = _LOOKS.rgb("bad")
INFO: Colour = _LOOKS.rgb("info")
DISABLED: Colour = _LOOKS.rgb("disabled")
HEADER: Colour = _LOOKS.rgb("header")
WELL: Colour = _LOOKS.rgb("well")
INK_ON_ACCENT: Colour = _LOOKS.rgb("ink_on_accent")
INK_ON_BADGE: Colour = _LOOKS.rgb("ink_on_badge")
SHADE = _LOOKS.rgba("shade")

RADIUS = looks("service", "sizes").size("radius")
FIELD_RADIUS = looks("service", "sizes").size("field_radius")
BADGE_RADIUS = looks("service", "sizes").size("badge_radius")


@dataclass(frozen=True, slots=True)
class Type:
    """Text sizes by role, in pixels (the theme's ``[service.type]``, where each role says what it sets)."""

    hero: int
    amount: int
    display: int
    brand: int
    large: int
    title: int
    button_large: int
    value: int
    heading: int
    key: int
    menu: int
    button: int
    body: int
    label: int
    table: int
    dense: int
    chip: int
    small: int
    caption: int


_TYPE = looks("service", "type")
TYPE = Type(**{role.name: _TYPE.size(role.name) for role in fields(Type)})
