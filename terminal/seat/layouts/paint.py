"""Drawing primitives shared by the layouts: the felt palette, fitted labels, chips, dice, glow, puck.

Everything takes the target surface and pixel geometry; sizes come from the caller, which scales them
from the layout's cell size so the table reads the same at 1024x768 and 1920x1080.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from terminal.seat.layouts.base import Fonts
from terminal.theme import Colour as Colour
from terminal.theme import looks

_LOOKS = looks("layout")  # the felt's colours are data: assets/theme.toml, table [layout]

FELT: Colour = _LOOKS.rgb("felt")
FELT_DARK: Colour = _LOOKS.rgb("felt_dark")
FELT_LIGHT: Colour = _LOOKS.rgb("felt_light")
LINE: Colour = _LOOKS.rgb("line")
GOLD: Colour = _LOOKS.rgb("gold")
RED: Colour = _LOOKS.rgb("red")
BLACK: Colour = _LOOKS.rgb("black")
GREEN: Colour = _LOOKS.rgb("green")
WHITE: Colour = _LOOKS.rgb("white")
YELLOW: Colour = _LOOKS.rgb("yellow")
CLOSED: Colour = _LOOKS.rgb("closed")
DIE_EDGE: Colour = _LOOKS.rgb("die_edge")
SHADOW: Colour = _LOOKS.rgb("shadow")
CHIP_SHADOW = _LOOKS.rgba("chip_shadow")
DOLLY: Colour = _LOOKS.rgb("dolly")
DOLLY_HUB: Colour = _LOOKS.rgb("dolly_hub")

_TEXT_CACHE: dict[tuple[pygame.font.Font, str, Colour], pygame.Surface] = {}


def label(fonts: Fonts, text: str, size: int, bold: bool, colour: Colour) -> pygame.Surface:
    """``text`` rendered (cached: chips and paid amounts are redrawn every frame).

    Keyed by the font itself: the ``id`` of a ``fonts`` callable (a painter's bound method, made anew at
    each call) is reused by another painter's once the first is gone, and a seat of another size (another
    smallest font) then got labels rendered for the first: its tags laid out by the wrong pill sizes."""
    font = fonts(max(size, 6), bold)
    key = (font, text, colour)
    found = _TEXT_CACHE.get(key)
    if found is None:
        if len(_TEXT_CACHE) > 2048:
            _TEXT_CACHE.clear()
        found = font.render(text, True, colour)
        _TEXT_CACHE[key] = found
    return found


def fitted(fonts: Fonts, text: str, size: int, bold: bool, colour: Colour, width: int) -> pygame.Surface:
    """``text`` at ``size`` or smaller, so that it is at most ``width`` pixels wide."""
    image = fonts(max(size, 6), bold).render(text, True, colour)
    while image.get_width() > width and size > 8:
        size = max(8, int(size * min(0.92, width / image.get_width() + 0.02)))
        image = fonts(size, bold).render(text, True, colour)
    if image.get_width() > width > 0:  # at the screen's smallest size and still too wide: condensed, as
        # tall as the smallest text (never smaller to read) but no wider than its room
        image = pygame.transform.smoothscale(image, (width, image.get_height()))
    return image


def wrapped(
    surface: pygame.Surface, fonts: Fonts, text: str, rect: pygame.Rect, size: int, colour: Colour = LINE
) -> pygame.Rect:
    """``text`` word-wrapped and centred in ``rect``, shrinking until every line fits (never below the
    fonts' smallest size); returns the box of the lines drawn."""
    while True:
        font = fonts(size, True)
        lines = _wrap(font, text, rect.width - 6)
        height = font.get_linesize() * len(lines)
        widest = max(font.size(line)[0] for line in lines)
        if size <= 8 or (height <= rect.height and widest <= rect.width - 6):
            break
        size = max(8, int(size * 0.9))
    y = rect.centery - height / 2 + font.get_linesize() / 2
    drawn = pygame.Rect(rect.centerx, round(y), 0, 0)
    room = max(8, rect.width - 6)
    for line in lines:
        image = font.render(line, True, colour)
        if image.get_width() > room:  # at the smallest size and still too wide: condensed to its room
            image = pygame.transform.smoothscale(image, (room, image.get_height()))
        drawn.union_ip(put(surface, image, (rect.centerx, y)))
        y += font.get_linesize()
    return drawn


def _wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and font.size(f"{lines[-1]} {word}")[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def put(surface: pygame.Surface, image: pygame.Surface, center: tuple[float, float]) -> pygame.Rect:
    """Blit ``image`` centred on ``center``; returns the box of its ink (a label's glyphs, not its line)."""
    at = image.get_rect(center=(round(center[0]), round(center[1])))
    surface.blit(image, at)
    return image.get_bounding_rect().move(at.topleft)


def write(
    surface: pygame.Surface,
    fonts: Fonts,
    text: str,
    rect: pygame.Rect,
    size: int,
    colour: Colour = LINE,
    bold: bool = True,
    angle: float = 0,
) -> pygame.Rect:
    """``text`` centred in ``rect``, shrunk to fit its width (or its height when rotated); returns its box."""
    room = rect.height if angle else rect.width
    image = fitted(fonts, text, size, bold, colour, max(8, room - 6))
    if angle:
        image = pygame.transform.rotate(image, angle)
    return put(surface, image, rect.center)


def frame(
    surface: pygame.Surface, rect: pygame.Rect, width: int, colour: Colour = LINE, radius: int = 0
) -> None:
    """An outline around ``rect``."""
    pygame.draw.rect(surface, colour, rect, width, border_radius=radius)


def pocket(
    surface: pygame.Surface,
    fonts: Fonts,
    rect: pygame.Rect,
    text: str,
    fill: Colour,
    size: int,
    at: float = 0.5,
) -> pygame.Rect:
    """A number in its colour: a filled rounded box with the number in white, ``at`` of the way down
    (above the chips that sit low in the box); returns the number's box."""
    inner = rect.inflate(-max(4, rect.width // 7), -max(4, rect.height // 7))
    pygame.draw.rect(surface, fill, inner, border_radius=max(3, min(inner.size) // 5))
    pygame.draw.rect(surface, GOLD, inner, 1, border_radius=max(3, min(inner.size) // 5))
    centre = (inner.centerx, rect.top + rect.height * at)
    return put(surface, fitted(fonts, text, size, True, WHITE, inner.width - 4), centre)


def diamond(surface: pygame.Surface, rect: pygame.Rect, fill: Colour) -> None:
    """The red or black diamond of the even-money boxes."""
    cx, cy = rect.center
    w, h = rect.width * 0.34, rect.height * 0.36
    points = [(cx - w, cy), (cx, cy - h), (cx + w, cy), (cx, cy + h)]
    pygame.draw.polygon(surface, fill, points)
    pygame.draw.polygon(surface, GOLD, points, 2)


_PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def die(
    surface: pygame.Surface, center: tuple[float, float], side: int, face: int, pip: Colour = BLACK
) -> pygame.Rect:
    """One die showing ``face``, ``side`` pixels wide; returns its box."""
    rect = pygame.Rect(0, 0, side, side)
    rect.center = (round(center[0]), round(center[1]))
    pygame.draw.rect(surface, WHITE, rect, border_radius=max(2, side // 6))
    pygame.draw.rect(surface, DIE_EDGE, rect, 1, border_radius=max(2, side // 6))
    radius = max(1, round(side * 0.09))
    for px, py in _PIPS[face]:
        pygame.draw.circle(surface, pip, (rect.left + px * side, rect.top + py * side), radius)
    return rect


def dice(
    surface: pygame.Surface, rect: pygame.Rect, faces: tuple[int, int], pip: Colour = BLACK
) -> pygame.Rect:
    """A pair of dice side by side, as large as ``rect`` allows; returns the box of both."""
    side = max(6, min(rect.height * 0.8, rect.width * 0.42))
    gap = side * 0.58
    first = die(surface, (rect.centerx - gap, rect.centery), round(side), faces[0], pip)
    return first.union(die(surface, (rect.centerx + gap, rect.centery), round(side), faces[1], pip))


_CHIP_COLOURS: tuple[tuple[int, Colour, Colour], ...] = (
    (100_000, _LOOKS.rgb("chip_orange"), BLACK),  # orange from 1,000 units (assuming 100 minor units each)
    (50_000, _LOOKS.rgb("chip_purple"), WHITE),
    (10_000, _LOOKS.rgb("chip_black"), WHITE),
    (2_500, _LOOKS.rgb("chip_green"), WHITE),
    (500, _LOOKS.rgb("chip_red"), WHITE),
    (0, _LOOKS.rgb("chip_white"), BLACK),
)


def chip_colours(amount: int) -> tuple[Colour, Colour]:
    """Body and text colour of a chip worth ``amount`` minor units (the usual casino colours)."""
    return next((body, ink) for floor, body, ink in _CHIP_COLOURS if amount >= floor)


_SPRITES: dict[tuple[object, ...], pygame.Surface] = {}


def _sprite(key: tuple[object, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
    """A drawn image, cached: chips and halos are redrawn every frame, painted once."""
    found = _SPRITES.get(key)
    if found is None:
        if len(_SPRITES) > 512:
            _SPRITES.clear()
        found = _SPRITES[key] = make()
    return found


def chip(
    surface: pygame.Surface,
    fonts: Fonts,
    center: tuple[int, int],
    radius: int,
    text: str,
    amount: int,
    layers: int,
) -> pygame.Rect:
    """A chip (a small stack when ``layers`` > 1) with its amount written on it; returns what it covers.

    The amount is never scaled down: when it is wider than the chip's face it sits on a plate of the
    chip's colour across the chip, so it reads at the font's size whatever the chip's."""
    layers = max(1, min(layers, 4))
    lift = max(2, radius // 6)
    image = _sprite(("chip", radius, amount, layers), lambda: _chip_image(radius, amount, layers, lift))
    top = (center[0], center[1] - (layers - 1) * lift)
    covered = surface.blit(image, (center[0] - radius - 1, top[1] - radius - 1))
    body, ink = chip_colours(amount)
    words = label(fonts, text, max(8, int(radius * 0.62)), True, ink)
    if words.get_width() > radius * 1.5:
        plate = words.get_rect(center=top).inflate(6, 2)
        pygame.draw.rect(surface, body, plate, border_radius=plate.height // 3)
        pygame.draw.rect(surface, ink, plate, 1, border_radius=plate.height // 3)
        covered = covered.union(plate)
    put(surface, words, top)
    return covered


def _chip_image(radius: int, amount: int, layers: int, lift: int) -> pygame.Surface:
    body, ink = chip_colours(amount)
    image = pygame.Surface((2 * radius + 4, 2 * radius + 5 + (layers - 1) * lift), pygame.SRCALPHA)
    cx, bottom = radius + 1, radius + 1 + (layers - 1) * lift
    for k in range(layers - 1, -1, -1):
        y = bottom - k * lift
        pygame.draw.circle(image, CHIP_SHADOW, (cx + 1, y + 2), radius)
        pygame.draw.circle(image, body, (cx, y), radius)
        _edge_spots(image, (cx, y), radius)
    top = (cx, radius + 1)
    pygame.draw.circle(image, body, top, int(radius * 0.72))
    pygame.draw.circle(image, ink, top, int(radius * 0.72), 1)
    return image


def _edge_spots(surface: pygame.Surface, center: tuple[int, int], radius: int) -> None:
    for k in range(6):
        a = k * math.pi / 3
        x, y = center[0] + math.cos(a) * radius * 0.86, center[1] + math.sin(a) * radius * 0.86
        pygame.draw.circle(surface, WHITE, (round(x), round(y)), max(1, radius // 7))


def glow(surface: pygame.Surface, rect: pygame.Rect, strength: int = 110) -> None:
    """A bright translucent halo over a winning area."""
    pad = max(4, min(rect.size) // 8)
    halo = _sprite(("glow", rect.size, strength), lambda: _halo(rect.size, pad, strength))
    surface.blit(halo, (rect.left - pad, rect.top - pad))


def _halo(size: tuple[int, int], pad: int, strength: int) -> pygame.Surface:
    halo = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
    outer = halo.get_rect()
    pygame.draw.rect(halo, (*YELLOW, strength // 2), outer, border_radius=pad * 2)
    pygame.draw.rect(halo, (*YELLOW, strength), outer.inflate(-pad, -pad), border_radius=pad)
    pygame.draw.rect(halo, (*YELLOW, 255), outer.inflate(-pad, -pad), max(2, pad // 2), border_radius=pad)
    return halo


def badge(
    surface: pygame.Surface,
    fonts: Fonts,
    text: str,
    center: tuple[int, int],
    size: int,
    fill: Colour,
    ink: Colour,
    within: pygame.Rect | None = None,
) -> pygame.Rect:
    """A pill with ``text``: paid amounts, OFF marks; moved inside ``within`` (the felt) if it would spill."""
    image = label(fonts, text, size, True, ink)
    pill = badge_rect(image, center, size, within)
    pygame.draw.rect(surface, fill, pill, border_radius=pill.height // 2)
    pygame.draw.rect(surface, ink, pill, 1, border_radius=pill.height // 2)
    surface.blit(image, image.get_rect(center=pill.center))
    return pill


def badge_rect(
    image: pygame.Surface, center: tuple[int, int], size: int, within: pygame.Rect | None = None
) -> pygame.Rect:
    """Where :func:`badge` draws the pill of a rendered ``image``: around it, inside ``within`` if given."""
    pill = image.get_rect(center=center).inflate(size * 0.8, size * 0.3)
    return pill.clamp(within) if within is not None else pill


def puck(
    surface: pygame.Surface, fonts: Fonts, center: tuple[int, int], radius: int, text: str, on: bool
) -> pygame.Rect:
    """The point puck: white ON, black OFF; returns the box it covers."""
    fill, ink = (WHITE, BLACK) if on else (BLACK, WHITE)
    pygame.draw.circle(surface, SHADOW, (center[0] + 2, center[1] + 3), radius)
    pygame.draw.circle(surface, fill, center, radius)
    pygame.draw.circle(surface, ink, center, radius, max(2, radius // 8))
    put(surface, fitted(fonts, text, int(radius * 0.7), True, ink, radius * 2 - 4), center)  # inside its disc
    return pygame.Rect(center[0] - radius, center[1] - radius, 2 * radius, 2 * radius)


def dolly(surface: pygame.Surface, center: tuple[int, int], radius: int) -> None:
    """The marker a dealer sets on the winning number."""
    cx, cy = center
    pygame.draw.circle(surface, SHADOW, (cx + 2, cy + 3), radius)
    pygame.draw.circle(surface, DOLLY, (cx, cy), radius)
    pygame.draw.circle(surface, GOLD, (cx, cy), radius, max(2, radius // 5))
    pygame.draw.circle(surface, DOLLY_HUB, (cx, cy), radius // 2)
    pygame.draw.circle(surface, WHITE, (cx - radius // 6, cy - radius // 6), radius // 3)
