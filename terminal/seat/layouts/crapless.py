"""The Crapless Craps layout (GAMES.md §6.4): the craps layout with what the chapter changes.

It is :class:`~terminal.seat.layouts.craps.CrapsLayout` (the same painting, chips, picker per point box,
point-box tags, puck and last roll) on a geometry of its own: ten point boxes, 2 to 12, each with
Place/Buy, the moved Come bet and its odds, and the Put bet and its odds; no Don't Pass, Don't Come, Lay
or Place to Lose (the chapter has none), so the line side is the side-wager row, the boxes, Come, Field
and the Pass line with its odds. The OFF puck rests in a narrow bar left of the 2. The side-wager row holds
the Fire Bet (all ten points count) and, when offered, Six String, Fab Four and The Tenor, each showing
the numbers it needs and, lit, those its seat's wager has marked. The centre is the craps centre with the
World in the Whirl's place and no 6-7-8.

>>> import pygame
>>> layout = CraplessLayout(pygame.Rect(0, 0, 1400, 640), frozenset({"pass", "come", "put_2", "place_12"}))
>>> sorted(b.number for b in layout.geometry.boxes)
[2, 3, 4, 5, 6, 8, 9, 10, 11, 12]
>>> layout.picker("point:2").spots, layout.hit(layout.anchor("pass_odds"))
(('put_2', 'come_odds_2', 'put_odds_2'), 'pass_odds')
"""

from __future__ import annotations

import pygame

from terminal.games.crapless.records import BadSpotError, Spot
from terminal.games.crapless.rules import FAB_FOUR, HARD_ROCKN_WAGERS, POINTS, SIX_STRING
from terminal.seat.layouts import craps_geometry as craps_geo
from terminal.seat.layouts import paint
from terminal.seat.layouts.base import LayoutView, box
from terminal.seat.layouts.craps import CRAPS_KEYS, FIRE, CrapsLayout
from terminal.seat.layouts.craps_geometry import CrapsGeometry, PointBox
from terminal.theme import looks

SIDE = ("fire_bet", *HARD_ROCKN_WAGERS)
NEEDS = {"fire_bet": POINTS, "six_string": SIX_STRING, "fab_four": FAB_FOUR, "the_tenor": POINTS}
BOX_SLOTS = (("place", "buy"), ("come", "come_odds"), ("put", "put_odds"))
BOX_KINDS = ("place", "buy", "put", "come_odds", "put_odds")  # the picker's order
CRAPLESS_KEYS: tuple[str, ...] = (
    *(k for k in CRAPS_KEYS if k not in ("layout.dont_pass", "layout.dont_come", "layout.lay",
                                         "layout.place_lose", "layout.dont_come_odds", "layout.whirl",
                                         "layout.six_seven_eight")),
    "layout.world", "layout.crapless_fire", "layout.six_string", "layout.fab_four", "layout.the_tenor",
    "layout.slot_put", "layout.slot_put_odds",
)  # fmt: skip
_LEFT_ROWS = (("side", 0.15), ("points", 0.39), ("come", 0.15), ("field", 0.15), ("pass", 0.16))
_NARROW_ROWS = (("side", 0.18), ("points", 0.36), *_LEFT_ROWS[2:])
_BAR_SHARE = 0.06  # the OFF puck's bar, left of the 2
_SIDE_FILL = {
    "fire_bet": FIRE,
    **dict.fromkeys(HARD_ROCKN_WAGERS, looks("layout", "crapless").rgb("hard_rockn")),
}
_SIDE_KEYS = {"fire_bet": "layout.crapless_fire", **{w: f"layout.{w}" for w in HARD_ROCKN_WAGERS}}


def measure(size: tuple[int, int], offered: frozenset[str]) -> CrapsGeometry:
    """The crapless table in ``size`` pixels: the side wagers ``offered`` share their row."""
    w, h = size
    margin = max(4.0, min(w, h) * 0.015)
    left, top, right, bottom = margin, margin, w - margin, h - margin
    split = left + (right - left) * 0.62
    gap = (right - left) * 0.015
    rows_l = craps_geo._split(top, bottom, _NARROW_ROWS if w < 1.5 * h else _LEFT_ROWS)
    rows_r = craps_geo._split(top, bottom, craps_geo._RIGHT_ROWS)
    spots: dict[str, pygame.Rect] = {}
    side = tuple(s for s in SIDE if s in offered) or SIDE[:1]
    spots.update(craps_geo._columns(left, split, side, *rows_l["side"]))
    bar = box(left, rows_l["points"][0], left + (split - left) * _BAR_SHARE, rows_l["points"][1])
    boxes = tuple(_point_boxes(bar.right, split, *rows_l["points"]))
    for line in ("come", "field"):
        spots[line] = box(left, rows_l[line][0], split, rows_l[line][1])
    cut = left + (split - left) * craps_geo._ODDS_SHARE
    spots["pass"] = box(left, rows_l["pass"][0], cut, rows_l["pass"][1])
    spots["pass_odds"] = box(cut, rows_l["pass"][0], split, rows_l["pass"][1])
    captions = craps_geo._centre(split + gap, right, rows_r, spots, False)
    del spots["whirl"], spots["six_seven_eight"]
    spots.update(craps_geo._columns(split + gap, right, ("horn", "world"), *rows_r["horn"]))
    captions["puck"] = bar
    rows = {name: box(left, a, split, b) for name, (a, b) in rows_l.items()}
    rows.update({f"right_{name}": box(split + gap, a, right, b) for name, (a, b) in rows_r.items()})
    slot = boxes[0].slots["place"]
    radius = max(9, round(min(slot.width, slot.height) * 0.42))
    return CrapsGeometry(size, spots, boxes, rows, captions, radius)


def _point_boxes(left: float, right: float, top: float, bottom: float) -> list[PointBox]:
    step = (right - left) / len(POINTS)
    split = top + (bottom - top) * craps_geo._NUMBER_SHARE
    row_h = (bottom - split) / len(BOX_SLOTS)
    out = []
    for k, n in enumerate(POINTS):
        x0, x1 = left + k * step, left + (k + 1) * step
        mid = (x0 + x1) / 2
        slots: dict[str, pygame.Rect] = {}
        for row, pair in enumerate(BOX_SLOTS):
            y0 = split + row * row_h
            slots[pair[0]] = box(x0, y0, mid, y0 + row_h)
            slots[pair[1]] = box(mid, y0, x1, y0 + row_h)
        out.append(PointBox(n, box(x0, top, x1, bottom), box(x0, top, x1, split), slots))
    return out


def spot_texts(offered: frozenset[str]) -> set[str]:
    """Every crapless spot a seat can touch whose wager is ``offered``: odds follow their flat wager."""
    texts: set[str] = set()
    for wager in offered:
        if wager == "horn_high":
            texts |= {f"horn_high:{n}" for n in (2, 3, 11, 12)}
        elif wager == "pass":
            texts |= {"pass", "pass_odds"}
        elif wager == "come":
            texts |= {"come", *(f"come_odds_{n}" for n in POINTS)}
        elif wager.startswith("put_"):
            texts |= {wager, wager.replace("put_", "put_odds_")}
        else:
            texts.add(wager)
    valid = set()
    for text in texts:
        try:
            valid.add(str(Spot.parse(text)))
        except BadSpotError:
            continue
    return valid


def marked(view: LayoutView, spot: str) -> frozenset[int]:
    """The totals the seat's ``spot`` wager has marked (Fire: the points made; Hard Rock'n Dice: rolled)."""
    text = dict(view.board).get(f"marks:{spot}", "")
    return frozenset(int(n) for n in text.split() if n.isdigit())


_CHIP_SIDE = {
    **{k: v for k, v in CrapsLayout.chip_side.items() if k not in ("whirl", "six_seven_eight")},
    "world": "right", **dict.fromkeys(SIDE, "right"),
}  # fmt: skip
_WORDS = {
    "any_seven": "layout.any_seven", "any_craps": "layout.any_craps", "c_and_e": "layout.c_and_e",
    "horn": "layout.horn", "world": "layout.world",
}  # fmt: skip


class CraplessLayout(CrapsLayout):
    """The crapless table with areas for the offered wagers only."""

    label_keys = CRAPLESS_KEYS
    box_kinds = BOX_KINDS
    chip_side = _CHIP_SIDE
    words = _WORDS

    def _measure(self, size: tuple[int, int], offered: frozenset[str]) -> CrapsGeometry:
        return measure(size, offered)

    def _spot_texts(self, offered: frozenset[str]) -> set[str]:
        return spot_texts(offered)

    def refusal(self, spot: str, remove: bool, view: LayoutView) -> str | None:
        return None  # the table says why (the Fire Bet's window, Hard Rock'n Dice after a 7)

    def paint_background(self, surface: pygame.Surface, view: LayoutView) -> None:
        geo = self.geometry
        for name in ("come", "field"):
            self._band(surface, view, name, f"layout.{name}", 1.0)
        self._paint_field(surface, view)
        self._line(surface, view, "pass", "layout.pass_line")
        self._paint_points(surface, view)
        bar = geo.captions["puck"].inflate(-4, -4)
        pygame.draw.rect(surface, paint.FELT_DARK, bar, border_radius=6)
        paint.frame(surface, bar, 2, paint.LINE, radius=6)
        self._paint_side(surface, view)
        self._paint_centre(surface, view)
        for rect in (geo.rows["side"], geo.rows["points"]):
            paint.frame(surface, rect.inflate(2, 2), 1, paint.FELT_LIGHT)

    def _paint_side(self, surface: pygame.Surface, view: LayoutView) -> None:
        for spot in SIDE:
            if self._cell(surface, spot, _SIDE_FILL[spot]) is None:
                continue
            top, _ = self._side_parts(spot)
            words = view.tr(_SIDE_KEYS[spot])
            self._text(paint.wrapped(surface, view.fonts, words, top, self._size(0.7), paint.WHITE))

    def _side_parts(self, spot: str) -> tuple[pygame.Rect, pygame.Rect]:
        """A side wager's words (above, left of its chips) and its numbers (below, the cell's width)."""
        inner = self.geometry.spots[spot].inflate(-8, -6)
        top, bottom = inner.copy(), inner.copy()
        top.height = inner.height * 11 // 20
        top.width -= round(top.height * 1.1)  # the chips sit at the words' right
        bottom.top, bottom.height = top.bottom, inner.bottom - top.bottom
        return top, bottom

    def _chips_at(self, spot: str) -> tuple[tuple[int, int], int]:
        if spot not in SIDE:
            return super()._chips_at(spot)
        top, _ = self._side_parts(spot)
        radius = min(self.chip_radius, round(top.height * 0.45))
        return (top.right + round(top.height * 0.55), top.centery), radius

    def _label_rect(self, spot: str) -> pygame.Rect:
        return self._side_parts(spot)[0] if spot in SIDE else super()._label_rect(spot)

    def draw_markers(self, surface: pygame.Surface, view: LayoutView) -> None:
        super().draw_markers(surface, view)
        for spot in SIDE:
            if self._offered(spot):
                self._numbers(surface, view, spot, marked(view, spot))

    def _numbers(self, surface: pygame.Surface, view: LayoutView, spot: str, lit: frozenset[int]) -> None:
        """The numbers ``spot`` needs (one row, or two where one would be too small to read), each its
        seat's wager has marked in a gold disc."""
        _, room = self._side_parts(spot)
        room = room.move(self.rect.topleft)
        needs = NEEDS[spot]
        for rows in (1, 2):
            per_row = -(-len(needs) // rows)
            step, height = room.width / per_row, room.height / rows
            size = max(9, min(self._size(0.55), round(height * 0.8)))
            while size > 9 and view.fonts(size, True).size("10")[0] > step * 0.85:
                size -= 1
            if size >= 12 or rows == 2:
                break
        for k, n in enumerate(needs):
            row, column = divmod(k, per_row)
            centre = (round(room.left + step * (column + 0.5)), round(room.top + height * (row + 0.5)))
            if n in lit:
                radius = max(size * 3 // 4, round(min(step, height) * 0.45))
                pygame.draw.circle(surface, paint.GOLD, centre, radius)
            colour = paint.BLACK if n in lit else paint.YELLOW
            paint.put(surface, paint.label(view.fonts, str(n), size, True, colour), centre)

    def puck_at(self, point: int | None) -> tuple[tuple[int, int], int]:
        """Where the puck sits and its radius: under the point's number (ON), atop the bar left of the 2."""
        r = max(10, round(self.chip_radius * 1.05))
        if point in self._boxes:
            place = self._boxes[point].place.move(self.rect.topleft)
            return (place.centerx, place.bottom - r - 4), r
        bar = self.geometry.captions["puck"].move(self.rect.topleft)
        return (bar.centerx, bar.top + r + 8), min(r, bar.width // 2 - 2)
