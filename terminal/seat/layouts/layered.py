"""The drawing pipeline both layouts share: cached background, then glow, chips, paid amounts, markers.

The background (felt, lines, labels) depends only on the layout's size, the labels' language and
``locked``; it is painted once into a surface keyed by those and blitted each frame. Subclasses give the
geometry (hit areas in absolute coordinates), paint the background in local coordinates, and draw their
own markers (dolly, puck, dice) on top.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pygame

from terminal.seat.layouts import paint
from terminal.seat.layouts.base import (
    AreaIndex,
    HitArea,
    LayoutView,
    Picker,
    Place,
    StakeMark,
    UnknownSpotError,
)  # fmt: skip

_DIM_ALPHA = 120
_CACHE_SIZE = 4


class LayeredLayout:
    """Hit areas plus the cached-background drawing pipeline; subclasses paint and mark."""

    label_keys: tuple[str, ...] = ()

    def __init__(
        self,
        rect: pygame.Rect,
        local_areas: Iterable[HitArea],
        chip_radius: int,
        places: Mapping[str, Place] | None = None,
        pickers: Mapping[str, Picker] | None = None,
    ) -> None:
        self.rect = pygame.Rect(rect)
        ox, oy = self.rect.topleft
        local = tuple(local_areas)
        absolute = (HitArea(a.spot, a.rect.move(ox, oy), (a.center[0] + ox, a.center[1] + oy)) for a in local)
        self._index = AreaIndex(self.rect, absolute)
        found = dict(places) if places is not None else {a.spot: Place(a.rect, a.center) for a in local}
        self._places = {
            spot: Place(p.rect.move(ox, oy), (p.chips[0] + ox, p.chips[1] + oy), p.radius)
            for spot, p in found.items()
        }
        self._pickers = dict(pickers or {})
        self.chip_radius = chip_radius
        self.label_boxes: list[pygame.Rect] = []  # where the background's words were drawn (local pixels)
        self._backgrounds: dict[tuple[object, ...], tuple[pygame.Surface, tuple[pygame.Rect, ...]]] = {}

    # --- the Layout protocol -----------------------------------------------------------------------------

    def hit(self, pos: tuple[int, int]) -> str | None:
        """The canonical spot (or ``pick:<name>``) under ``pos``, or None off the layout or between areas."""
        return self._index.hit(pos)

    def areas(self) -> tuple[HitArea, ...]:
        """Every touch area: one per spot touched on the felt, one per picker."""
        return self._index.areas

    def area(self, spot: str) -> HitArea:
        """The touch area of ``spot``; :class:`UnknownSpotError` when the layout has none."""
        return self._index.get(spot)

    def spots(self) -> frozenset[str]:
        """Every spot of this layout, touched on the felt or through a picker."""
        return frozenset(self._places)

    def place(self, spot: str) -> Place:
        """Where ``spot`` lies and where its chips sit; :class:`UnknownSpotError` when it is not here."""
        found = self._places.get(spot)
        if found is None:
            raise UnknownSpotError(f"{spot!r} has no place on this layout")
        return found

    def picker(self, name: str) -> Picker:
        """The picker called ``name``; :class:`UnknownSpotError` when the layout has none."""
        found = self._pickers.get(name)
        if found is None:
            raise UnknownSpotError(f"no picker {name!r} on this layout")
        return found

    def pickers(self) -> tuple[Picker, ...]:
        """Every picker of this layout."""
        return tuple(self._pickers.values())

    def anchor(self, spot: str, number: int | None = None) -> tuple[int, int]:
        """Where chips for a wager on ``spot`` sit."""
        return self.place(spot).chips

    def refusal(self, spot: str, remove: bool, view: LayoutView) -> str | None:
        """None: the table's rules decide (a game whose seat can say why sooner overrides this)."""
        return None

    def draw(self, surface: pygame.Surface, view: LayoutView) -> None:
        """The layout with the seat's chips, winners and the last outcome, inside ``self.rect``."""
        surface.blit(self.background(view), self.rect.topleft)
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        try:
            self.draw_under_chips(surface, view)
            self._draw_winners_glow(surface, view)
            self._draw_chips(surface, view)
            self.draw_markers(surface, view)
            self._draw_paid(surface, view)  # last: a paid amount is never hidden
        finally:
            surface.set_clip(clip)

    # --- hooks ----------------------------------------------------------------------------------------------

    def paint_background(self, surface: pygame.Surface, view: LayoutView) -> None:
        """Felt, lines and labels, in local coordinates (``surface`` is the size of ``self.rect``)."""
        raise NotImplementedError

    def draw_under_chips(self, surface: pygame.Surface, view: LayoutView) -> None:
        """Marks that lie on the felt beneath chips (none by default)."""

    def draw_markers(self, surface: pygame.Surface, view: LayoutView) -> None:
        """Markers on top of everything: the dolly, the puck."""

    # --- the pipeline ---------------------------------------------------------------------------------------

    def background(self, view: LayoutView) -> pygame.Surface:
        """The static layer for this view's language and lock state (painted once, then cached)."""
        labels = tuple(view.tr(k) for k in self.label_keys)
        key: tuple[object, ...] = (self.rect.size, view.locked, labels)
        found = self._backgrounds.get(key)
        if found is None:
            found = self._paint_layer(view), tuple(self.label_boxes)
            if len(self._backgrounds) >= _CACHE_SIZE:
                self._backgrounds.pop(next(iter(self._backgrounds)))
            self._backgrounds[key] = found
        self.label_boxes = list(found[1])  # the words of the layer in use (a cached one is another language)
        return found[0]

    def _paint_layer(self, view: LayoutView) -> pygame.Surface:
        self.label_boxes = []
        layer = (
            pygame.Surface(self.rect.size).convert()
            if pygame.display.get_surface()
            else pygame.Surface(self.rect.size)
        )
        layer.fill(paint.FELT)
        self.paint_background(layer, view)
        if view.locked:
            shade = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            shade.fill((*paint.SHADOW, _DIM_ALPHA))
            layer.blit(shade, (0, 0))
        return layer

    def _stake_anchor(self, stake: StakeMark) -> tuple[int, int] | None:
        try:
            return self.anchor(stake.spot, stake.number)
        except UnknownSpotError:
            return None  # a wager the layout cannot show (e.g. a spot of another game): never crash a frame

    def _piles(self, view: LayoutView) -> list[tuple[tuple[int, int], list[StakeMark], int]]:
        """The seat's wagers as piles: where, which wagers, the chip radius there."""
        piles: dict[tuple[int, int], list[StakeMark]] = {}
        radius: dict[tuple[int, int], int] = {}
        for stake in view.stakes:
            at = self._stake_anchor(stake)
            if at is not None:
                piles.setdefault(at, []).append(stake)
                found = self._places.get(stake.spot)
                radius[at] = found.radius if found is not None and found.radius else self.chip_radius
        return [(at, stakes, radius[at]) for at, stakes in piles.items()]

    def off_marks(self, view: LayoutView) -> list[pygame.Rect]:
        """Where the OFF mark of each pile with a wager not working sits: on the chip's rim, below the
        amount (both read), moved inside the layout at its edge (a long word, "INACTIVA", would spill)."""
        marks = []
        for at, stakes, r in self._piles(view):
            if not all(s.working for s in stakes):
                size = max(9, r * 2 // 3)
                image = paint.label(view.fonts, view.tr("layout.wager_off"), size, True, paint.WHITE)
                marks.append(paint.badge_rect(image, (at[0] + r, at[1] + r), size, self.rect))
        return marks

    def _draw_chips(self, surface: pygame.Surface, view: LayoutView) -> None:
        for at, stakes, r in self._piles(view):
            total = sum(s.amount for s in stakes)
            paint.chip(surface, view.fonts, at, r, view.on_chip(total), total, len(stakes))
            if not all(s.working for s in stakes):  # where off_marks says: the same pill
                paint.badge(surface, view.fonts, view.tr("layout.wager_off"), (at[0] + r, at[1] + r),
                            max(9, r * 2 // 3), paint.BLACK, paint.WHITE, self.rect)  # fmt: skip

    def _winner_areas(self, view: LayoutView) -> Iterable[tuple[str, Place, int]]:
        for spot, paid in view.winners:
            found = self._places.get(spot)
            if found is not None:
                yield spot, found, paid

    def _draw_winners_glow(self, surface: pygame.Surface, view: LayoutView) -> None:
        for _, found, _ in self._winner_areas(view):
            paint.glow(surface, found.rect)

    def paid_pills(self, view: LayoutView) -> list[tuple[str, pygame.Rect, str]]:
        """Where each winner's paid amount goes (absolute pixels): above its chips, else below them, else
        slid sideways along the row, the first place that hides neither a word on the felt nor another
        amount (a racetrack pocket's amount would otherwise sit on the track's title)."""
        size = self.paid_size()
        words = [box.move(self.rect.topleft) for box in self.label_boxes]
        taken: list[pygame.Rect] = []
        pills: list[tuple[str, pygame.Rect, str]] = []
        for spot, found, paid in self._winner_areas(view):
            if paid <= 0:
                continue
            text = "+" + view.money(paid)
            pill = paint.label(view.fonts, text, size, True, paint.BLACK).get_rect()
            pill.inflate_ip(size * 0.8, size * 0.3)
            x, y = found.chips
            below = y + self.chip_radius + (pill.height + 1) // 2  # its top just off the chips
            rows = (y - self.chip_radius - size, below)
            clear = (c for c in self._pill_candidates(pill, x, rows) if c.collidelist(taken) < 0)
            found_place = next((c for c in clear if not _hides(c, words)), None)
            # nowhere clear (a crowded craps box): above the chips, stacked over a neighbour's amount
            pill = found_place or self._stacked_pill(pill, (x, y), size, taken)
            taken.append(pill)
            pills.append((spot, pill, text))
        return pills

    def paid_size(self) -> int:
        """The paid amounts' text size."""
        return max(10, int(self.chip_radius * 0.8))

    def _pill_candidates(self, pill: pygame.Rect, x: int, rows: tuple[int, int]) -> Iterable[pygame.Rect]:
        step = max(4, pill.width // 3)
        for shift in (0, *(k * sign * step for k in range(1, 9) for sign in (-1, 1))):
            for y in rows:
                candidate = pill.copy()
                candidate.center = (x + shift, y)
                if self.rect.contains(candidate):
                    yield candidate

    def _stacked_pill(
        self, pill: pygame.Rect, chips: tuple[int, int], size: int, taken: list[pygame.Rect]
    ) -> pygame.Rect:
        x, y = chips
        pill = pill.copy()
        pill.center = (x, y - self.chip_radius - size)
        for _ in range(4):  # neighbouring winners (a straight and its split) stack their amounts
            if pill.collidelist(taken) < 0:
                break
            pill.move_ip(0, -pill.height - 2)
        if pill.top < self.rect.top:  # a winner on the top row (the racetrack): the amount goes below it
            pill.top = y + self.chip_radius
        pill.clamp_ip(self.rect)
        return pill

    def _draw_paid(self, surface: pygame.Surface, view: LayoutView) -> None:
        size = self.paid_size()
        for _, pill, text in self.paid_pills(view):
            paint.badge(surface, view.fonts, text, pill.center, size, paint.YELLOW, paint.BLACK)


def _hides(pill: pygame.Rect, words: list[pygame.Rect]) -> bool:
    """Whether ``pill`` covers more than a two-pixel sliver of a word's box (a box is its line's height,
    taller than the ink). Only the boxes it touches are measured (found in C): every winner tries up to
    34 places against every word on the felt."""
    return any(min(pill.clip(words[k]).size) > 2 for k in pill.collidelistall(words))
