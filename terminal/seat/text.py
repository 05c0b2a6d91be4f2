"""All text the seat draws goes through :class:`Painter`: a catalogue key and its arguments, never a literal.

This module holds the only ``font.render`` call of the seat (a test reads the AST of ``terminal/seat`` to
keep it so; the layouts draw their labels through ``LayoutView.tr``). Rendered lines are cached by text,
size, colour and weight, so a steady frame costs a blit per label. No text is ever drawn below
:attr:`Painter.min_size` (14 px on a 1080-line screen, the frame's ``text_min``): a label wider than its
room shrinks down to that size and then wraps onto more lines, so a longer Spanish string never spills over
its neighbour nor turns unreadable.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from terminal.assets import resolve_first
from terminal.i18n import Catalogue, load_catalogue
from terminal.money import Currency, format_amount, format_chip
from terminal.seat.theme import Colour
from terminal.theme import looks

# Font files, best first (the theme's [seat.fonts]: DejaVu Sans where a package ships it, else pygame's).
REGULAR_FONT: tuple[str, ...] = looks("seat", "fonts").texts("regular")
BOLD_FONT: tuple[str, ...] = looks("seat", "fonts").texts("bold")
_CACHE_SIZE = 4000
_SHARED_SIZE = 40_000
#: Every font file loaded, by file and size, for every painter of the process (a seat app makes one painter,
#: ``terminal screens`` and the tests a painter per app: reading a font file again for each was a fifth of
#: drawing a screen). pygame's fonts die with ``pygame.quit()``: the cache forgets them then.
_FONTS: dict[tuple[Path, int], pygame.font.Font] = {}
#: The size and lines of a text in a room, by font files, text, size, weight, room and floor: measured once
#: per process (pure metrics of the font files; asked again by every new painter for the same labels).
_LAYOUTS: dict[tuple[Any, ...], tuple[int, tuple[str, ...]]] = {}


def _loaded(path: Path, size: int) -> pygame.font.Font:
    """The font of ``path`` at ``size`` pixels, loaded once while pygame's font module stays up."""
    if _FONTS and not pygame.font.get_init():  # quit without pygame.quit(): these fonts are dead
        _FONTS.clear()
    found = _FONTS.get((path, size))
    if found is None:
        if not _FONTS:
            pygame.register_quit(_FONTS.clear)  # called once, at the next pygame.quit()
        found = _FONTS[(path, size)] = pygame.font.Font(str(path), size)
    return found


def _remember(key: tuple[Any, ...], found: tuple[int, tuple[str, ...]]) -> tuple[int, tuple[str, ...]]:
    if len(_LAYOUTS) > _SHARED_SIZE:
        _LAYOUTS.clear()
    _LAYOUTS[key] = found
    return found


def font_files() -> tuple[Path, Path]:
    """The regular and bold font files in use."""
    return resolve_first(REGULAR_FONT), resolve_first(BOLD_FONT)


class Painter:
    """Fonts, the language's catalogue, money formatting, and the one place text becomes pixels."""

    def __init__(self, language: str, currency: Currency) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.catalogue: Catalogue = load_catalogue(language)
        self.currency = currency
        self._files = font_files()
        self._faces = tuple(map(str, self._files))  # the files in the shared caches' keys (cheap to compare)
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self.min_size = 14  # no text below this: the frame's ``text_min`` (the app sets it per screen size)
        self._lines: OrderedDict[tuple[str, int, Colour, bool], pygame.Surface] = OrderedDict()
        self.game = ""  # the game the table plays (the app sets it each frame): its own wager names first

    @property
    def language(self) -> str:
        """The language shown now."""
        return self.catalogue.language

    def set_language(self, language: str) -> None:
        """Switch the catalogue (the player's language button)."""
        self.catalogue = load_catalogue(language)

    def tr(self, key: str, **args: Any) -> str:
        """The catalogue string of ``key`` with its fields filled in."""
        return self.catalogue.text(self.own(key), **args)

    def own(self, key: str) -> str:
        """``wager.<game>.<id>`` for a wager's name where the table's game names it itself (two games share
        the id ``touchdown``: Touchdown Roulette and Three Dice Football's Touchdown), else ``key``."""
        if self.game and key.startswith("wager."):
            mine = f"wager.{self.game}.{key[6:]}"
            if self.catalogue.has(mine):
                return mine
        return key

    def money(self, units: int) -> str:
        """An amount in minor units as the player reads it (``$1,234.50``)."""
        return format_amount(units, self.currency)

    def chip_money(self, units: int) -> str:
        """The short amount written on a chip (``$25``, ``$1K``)."""
        return format_chip(units, self.currency)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font of ``size`` pixels (cached); this is the ``Fonts`` callable handed to the layouts."""
        size = max(self.min_size, int(size))
        found = self._fonts.get((size, bold))
        if found is None:
            found = self._fonts[(size, bold)] = _loaded(self._files[bold], size)
        return found

    def fonts(self) -> Callable[[int, bool], pygame.font.Font]:
        """:meth:`font` as the layouts' ``Fonts`` callable."""
        return self.font

    def _render(self, text: str, size: int, colour: Colour, bold: bool) -> pygame.Surface:
        size = max(self.min_size, int(size))
        key = (text, size, colour, bold)
        found = self._lines.get(key)
        if found is None:
            found = self.font(size, bold).render(text, True, colour)
            self._lines[key] = found
            if len(self._lines) > _CACHE_SIZE:
                self._lines.popitem(last=False)
        return found

    def fitting(self, text: str, size: int, bold: bool, width: int) -> int:
        """The largest size up to ``size``, never below :attr:`min_size`, at which ``text`` is at most
        ``width`` pixels wide (the smallest size when nothing fits: the caller wraps it)."""
        size = max(self.min_size, int(size))
        while width and size > self.min_size and self.font(size, bold).size(text)[0] > width:
            size = max(self.min_size, size * 9 // 10)
        return size

    def _fitted(self, text: str, size: int, bold: bool, width: int) -> tuple[int, tuple[str, ...]]:
        """The size and the lines ``text`` is drawn in within ``width`` (cached: asked every frame)."""
        key = ("fitted", self._faces, text, size, bold, width, self.min_size)
        found = _LAYOUTS.get(key)
        if found is None:
            fitted = self.fitting(text, size, bold, width)
            wide = width and self.font(fitted, bold).size(text)[0] > width
            lines = tuple(self._wrapped(text, fitted, bold, width)) if wide else (text,)
            found = _remember(key, (fitted, lines))
        return found

    def label(
        self, key: str, size: int, colour: Colour, *, bold: bool = False, max_width: int = 0, **args: Any
    ) -> pygame.Surface:
        """The rendered line of ``key``, shrunk towards ``max_width`` but never below :attr:`min_size`
        (:meth:`draw` wraps what still does not fit)."""
        text = self.tr(key, **args)
        return self._render(text, self._fitted(text, size, bold, max_width)[0], colour, bold)

    def draw(
        self,
        surface: pygame.Surface,
        key: str,
        at: tuple[int, int],
        size: int,
        colour: Colour,
        *,
        anchor: str = "topleft",
        bold: bool = False,
        max_width: int = 0,
        **args: Any,
    ) -> pygame.Rect:
        """Draw ``key`` with its fields at ``at`` (``anchor`` names the point of the text's box); returns
        the box drawn. Text wider than ``max_width`` shrinks down to :attr:`min_size`, then wraps onto more
        lines: it is never drawn smaller."""
        text = self.tr(key, **args)
        size, lines = self._fitted(text, size, bold, max_width)
        if len(lines) == 1:
            line = self._render(text, size, colour, bold)
            box = line.get_rect(**{anchor: at})
            surface.blit(line, box)
            return box
        rendered = [self._render(line, size, colour, bold) for line in lines]
        step = self.font(size, bold).get_linesize()
        box = pygame.Rect(0, 0, max(r.get_width() for r in rendered), step * len(rendered))
        setattr(box, anchor, at)
        align = "midtop" if "center" in anchor or anchor in ("midtop", "midbottom") else (
            "topright" if "right" in anchor else "topleft")  # fmt: skip
        for n, line_image in enumerate(rendered):
            x = {"midtop": box.centerx, "topright": box.right, "topleft": box.left}[align]
            surface.blit(line_image, line_image.get_rect(**{align: (x, box.top + n * step)}))
        return box

    def wrap(
        self,
        surface: pygame.Surface,
        key: str,
        box: pygame.Rect,
        size: int,
        colour: Colour,
        *,
        bold: bool = False,
        **args: Any,
    ) -> int:
        """Draw ``key`` wrapped to ``box``'s width from its top; returns the height used."""
        step = self.font(size, bold).get_linesize()
        y = box.top
        for paragraph in self.tr(key, **args).split("\n"):
            for line in self._wrapped(paragraph, size, bold, box.width):
                surface.blit(self._render(line, size, colour, bold), (box.left, y))
                y += step
        return y - box.top

    def wrapped_height(self, key: str, width: int, size: int, *, bold: bool = False, **args: Any) -> int:
        """The height :meth:`wrap` would use for ``key`` in ``width`` pixels."""
        paragraphs = self.tr(key, **args).split("\n")
        lines = sum(len(self._wrapped(p, size, bold, width)) for p in paragraphs)
        return lines * self.font(size, bold).get_linesize()

    def block(
        self,
        surface: pygame.Surface,
        key: str,
        box: pygame.Rect,
        size: int,
        colour: Colour,
        *,
        bold: bool = False,
        **args: Any,
    ) -> pygame.Rect:
        """Draw ``key`` wrapped and centred in ``box``, in the largest size up to ``size`` that fits it
        (never below :attr:`min_size`: a box too small for that is the caller's to make larger); returns
        the box of the lines drawn."""
        text = self.tr(key, **args)
        size, lines = self._blocked(text, size, bold, box.size)
        step = self.font(size, bold).get_linesize()
        y = box.centery - len(lines) * step // 2
        drawn = pygame.Rect(box.centerx, y, 0, 0)
        for line in lines:
            rendered = self._render(line, size, colour, bold)
            drawn.union_ip(surface.blit(rendered, rendered.get_rect(midtop=(box.centerx, y))))
            y += step
        return drawn

    def _blocked(
        self, text: str, size: int, bold: bool, room: tuple[int, int]
    ) -> tuple[int, tuple[str, ...]]:
        """The size and lines of ``text`` in a box of ``room`` (cached: asked every frame)."""
        key = ("blocked", self._faces, text, size, bold, room, self.min_size)
        found = _LAYOUTS.get(key)
        if found is None:
            box = pygame.Rect((0, 0), room)
            size = max(self.min_size, size)
            lines = self._wrapped(text, size, bold, box.width)
            while size > self.min_size and not self._fits(lines, size, bold, box):
                size = max(self.min_size, size * 9 // 10)
                lines = self._wrapped(text, size, bold, box.width)
            found = _remember(key, (size, tuple(lines)))
        return found

    def _fits(self, lines: list[str], size: int, bold: bool, box: pygame.Rect) -> bool:
        font = self.font(size, bold)
        widest = max(font.size(line)[0] for line in lines)
        return len(lines) * font.get_linesize() <= box.height and widest <= box.width

    def _wrapped(self, text: str, size: int, bold: bool, width: int) -> list[str]:
        font, lines, line = self.font(size, bold), [], ""
        for word in text.split(" "):
            trial = f"{line} {word}".strip()
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        return [*lines, line]
