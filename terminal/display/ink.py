"""The ink a history tile's text is written in: the display's white where it reads on the tile's colour,
else the theme's dark ink, so a number is legible on every tile a game colours (a gold Big Six flag as
well as a black pocket).

Legible is WCAG 2's 4.5:1 contrast ratio for text, computed from the colours' relative luminance (sRGB).

>>> from terminal.display import theme
>>> ink_on(theme.BLACK) == theme.WHITE
True
>>> round(contrast((255, 255, 255, 255), (0, 0, 0, 255)), 1)
21.0
"""

from __future__ import annotations

from terminal.display import theme

TEXT_CONTRAST = 4.5  # WCAG 2, 1.4.3: normal text


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: theme.RGBA) -> float:
    """WCAG's relative luminance of an opaque colour (its alpha is not read)."""
    r, g, b = (_channel(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: theme.RGBA, other: theme.RGBA) -> float:
    """The contrast ratio of two colours, 1 to 21."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink_on(fill: theme.RGBA) -> theme.RGBA:
    """White on ``fill`` when it reads at 4.5:1, else the dark tile ink (the more legible of the two)."""
    if contrast(theme.WHITE, fill) >= TEXT_CONTRAST:
        return theme.WHITE
    return max((theme.WHITE, theme.TILE_INK), key=lambda ink: contrast(ink, fill))
