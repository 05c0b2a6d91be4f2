"""The craps layout: line wagers, point boxes, field, the centre propositions and the bonus row.

Geometry is in :mod:`craps_geometry`; this module paints it and places chips: a come or don't come bet
that moved sits in its point box (``StakeMark.number``), every point box is one touch area opening the
picker of its wagers, the puck is ON under the point's number or OFF in the Don't Come bar, and the last
roll's dice are shown in the Come area. Chips sit beside a label, never on it. Every label comes from the
catalogue.
"""

from __future__ import annotations

import pygame

from terminal.games.craps.records import HOPS, HORN_NUMBERS
from terminal.games.craps.rules import FIELD
from terminal.games.craps.spots import offered_spots
from terminal.seat.layouts import craps_tags, paint
from terminal.seat.layouts.base import PICK, HitArea, LayoutView, Picker, Place, UnknownSpotError, area
from terminal.seat.layouts.craps_geometry import (
    BOX_KINDS,
    SIDE_BETS,
    SINGLES,
    CrapsGeometry,
    PointBox,
    measure,
)
from terminal.seat.layouts.layered import LayeredLayout
from terminal.theme import looks

CRAPS_KEYS: tuple[str, ...] = (
    "layout.pass_line", "layout.dont_pass", "layout.come", "layout.dont_come", "layout.field",
    "layout.field_double", "layout.odds", "layout.place", "layout.buy", "layout.lay", "layout.place_lose",
    "layout.come_odds", "layout.dont_come_odds", "layout.any_seven", "layout.any_craps", "layout.c_and_e",
    "layout.horn", "layout.horn_high", "layout.whirl", "layout.hop", "layout.six_seven_eight", "layout.fire",
    "layout.all_small", "layout.all_tall", "layout.all_or_nothing", "layout.lucky_shooter",
    "layout.hot_roller", "layout.on", "layout.off", "layout.hard", "layout.wager_off",
)  # fmt: skip
_BONUS_NUMBERS = {"all_small": "2 3 4 5 6", "all_tall": "8 9 10 11 12", "all_or_nothing": "2-6 · 8-12",
                  "fire": "4 5 6 8 9 10", "lucky_shooter": "4 5 6 8 9 10",
                  "hot_roller": "4 5 6 · 8 9 10"}  # fmt: skip
_FIELD_NUMBERS = (2, 3, 4, 9, 10, 11, 12)
_WORDS = {
    spot: f"layout.{spot}"
    for spot in ("any_seven", "any_craps", "c_and_e", "horn", "whirl", "six_seven_eight")
}
# Where chips sit beside a label instead of on it: the end of the area kept free for them.
_CHIP_SIDE: dict[str, str] = {
    "come": "left", "pass": "left", "dont_pass": "left", "field": "right", "pass_odds": "right",
    "dont_come": "left",
    "dont_pass_odds": "right",
    **dict.fromkeys((*SIDE_BETS, "hot_roller"), "right"),
    **dict.fromkeys(_WORDS, "right"),
    **{f"hard_{n}": "right" for n in (4, 6, 8, 10)},
    **{spot: "corner" for spot, _ in SINGLES},
    **{f"hop_{a}_{b}": "corner" for a, b in HOPS},
    **{f"horn_high:{n}": "corner" for n in HORN_NUMBERS},
}  # fmt: skip
_LOOKS = looks("layout", "craps")
FIRE: paint.Colour = _LOOKS.rgb("fire")
_LUCKY_SHOOTER: paint.Colour = _LOOKS.rgb("lucky_shooter")
_BONUS: paint.Colour = _LOOKS.rgb("bonus")
_SIDE_FILL = {"fire": FIRE, "lucky_shooter": _LUCKY_SHOOTER, "hot_roller": _LOOKS.rgb("hot_roller")}


class CrapsLayout(LayeredLayout):
    """The craps table with areas for the offered wagers only."""

    label_keys = CRAPS_KEYS
    box_kinds: tuple[str, ...] = BOX_KINDS  # a point box's picker, in its order
    chip_side: dict[str, str] = _CHIP_SIDE
    words: dict[str, str] = _WORDS  # the centre's cells that carry words

    def _measure(self, size: tuple[int, int], offered: frozenset[str]) -> CrapsGeometry:
        return measure(size, "hot_roller" in offered)

    def _spot_texts(self, offered: frozenset[str]) -> set[str]:
        return {str(s) for s in offered_spots(offered)}

    def __init__(
        self, rect: pygame.Rect, offered: frozenset[str], vig_percent: int = 5, touch: int = 0
    ) -> None:
        self.geometry: CrapsGeometry = self._measure((rect.width, rect.height), offered)
        self.offered = offered
        self.vig_percent = vig_percent
        self._spots = self._spot_texts(offered)
        self._boxes = {b.number: b for b in self.geometry.boxes}
        self.chip_radius = self.geometry.chip_radius
        direct = [area(t, r) for t, r in self.geometry.spots.items() if t in self._spots]
        places = {a.spot: Place(a.rect, *self._chips_at(a.spot)) for a in direct}
        pickers: dict[str, Picker] = {}
        boxes: list[HitArea] = []
        for point_box in self.geometry.boxes:
            n = point_box.number
            inside = tuple(f"{kind}_{n}" for kind in self.box_kinds if f"{kind}_{n}" in self._spots)
            for spot in inside:
                slot = point_box.slots[spot.rpartition("_")[0]]
                places[spot] = Place(slot, slot.center)
            if inside:
                pickers[f"point:{n}"] = Picker(f"point:{n}", "picker.point", str(n), inside)
                boxes.append(area(f"{PICK}point:{n}", point_box.rect))
        super().__init__(rect, (*direct, *boxes), self.geometry.chip_radius, places, pickers)

    # --- chips ----------------------------------------------------------------------------------------------

    def anchor(self, spot: str, number: int | None = None) -> tuple[int, int]:
        """Chips sit beside their label; a moved come/don't come bet in its slot of the number's box."""
        if spot in ("come", "dont_come") and number is not None:
            if number not in self._boxes:
                raise UnknownSpotError(f"{spot} moved to {number}: not a point number {tuple(self._boxes)}")
            slot = self._boxes[number].slots[spot].move(self.rect.topleft)
            return slot.center
        return super().anchor(spot, number)

    def refusal(self, spot: str, remove: bool, view: LayoutView) -> str | None:
        """Hot Roller stays as placed until a 7 settles it, and is placed only on a come-out (§ 623b.2(b)):
        the seat says so in the player's words instead of sending what the table would refuse."""
        if spot != "hot_roller":
            return None
        if any(stake.spot == spot for stake in view.stakes):
            return "hot.fixed"
        return None if remove or view.point is None else "hot.come_out_only"

    def _chips_at(self, spot: str) -> tuple[tuple[int, int], int]:
        """Where a directly touched spot's chips sit (local) and their radius (0: the layout's): beside
        its label where the area has room, in the corner of a cell showing dice."""
        if self.chip_side.get(spot) == "corner":
            inner = self.geometry.spots[spot].inflate(-4, -4)
            radius = min(self.chip_radius, round(min(inner.size) * 0.27))
            return (inner.right - radius - 3, inner.bottom - radius - 3), radius
        return (self._split(spot)[1] if spot in self.chip_side else self.geometry.spots[spot].center), 0

    def _split(self, spot: str) -> tuple[pygame.Rect, tuple[int, int]]:
        """The part of ``spot``'s area left for its label, and where its chips sit (local coordinates)."""
        inner = self.geometry.spots[spot].inflate(-4, -4)
        if self.chip_side.get(spot) == "corner":  # dice or a number up and left, the chips down and right
            (x, y), radius = self._chips_at(spot)
            left, top = inner.copy(), inner.copy()
            left.width, top.height = x - radius - 2 - inner.left, y - radius - 1 - inner.top
            # whichever leaves the larger pair of dice (two side by side: half the width, the height)
            best = max((left, top), key=lambda r: min(r.width / 2, r.height))
            return best, (x, y)
        strip = round(self.chip_radius * 2.4)
        # the chips at one end where that leaves the label twice their room, else at the foot
        wide = inner.width - strip >= 2 * strip and inner.width >= inner.height
        if not wide:  # the label above, the chips below
            text = inner.copy()
            text.height -= strip
            return text, (inner.centerx, inner.bottom - strip // 2 - 2)
        text = inner.copy()
        text.width -= strip
        if self.chip_side.get(spot) == "left":
            text.left += strip
            return text, (inner.left + strip // 2 + 2, inner.centery)
        return text, (inner.right - strip // 2 - 2, inner.centery)

    def _label_rect(self, spot: str) -> pygame.Rect:
        return self._split(spot)[0] if spot in self.chip_side else self.geometry.spots[spot].inflate(-4, -4)

    # --- background -------------------------------------------------------------------------------------

    def _size(self, share: float) -> int:
        w, h = self.geometry.size
        unit = min(w / 64, h / 38)  # the text unit: about 21 px on a 1920x1080 seat, 11 px at 1024x768
        return max(10, round(unit * 2 * share))

    def paint_background(self, surface: pygame.Surface, view: LayoutView) -> None:
        geo = self.geometry
        for name in ("come", "field"):
            self._band(surface, view, name, f"layout.{name}" if name == "come" else "layout.field", 1.0)
        self._paint_field(surface, view)
        self._line(surface, view, "dont_pass", "layout.dont_pass")
        self._line(surface, view, "pass", "layout.pass_line")
        self._paint_points(surface, view)
        self._paint_side(surface, view)
        self._paint_centre(surface, view)
        for rect in (geo.rows["side"], geo.rows["points"]):
            paint.frame(surface, rect.inflate(2, 2), 1, paint.FELT_LIGHT)

    def _text(self, drawn: pygame.Rect) -> None:
        """Remember where a label was drawn (chips must keep off it)."""
        self.label_boxes.append(drawn)

    def _offered(self, spot: str) -> bool:
        return spot in self._spots

    def _cell(
        self, surface: pygame.Surface, spot: str, fill: paint.Colour | None = None
    ) -> pygame.Rect | None:
        if not self._offered(spot):
            return None
        rect = self.geometry.spots[spot]
        inner = rect.inflate(-4, -4)
        if fill is not None:
            pygame.draw.rect(surface, fill, inner, border_radius=6)
        paint.frame(surface, inner, 2, paint.LINE, radius=6)
        return inner

    def _band(self, surface: pygame.Surface, view: LayoutView, spot: str, key: str, share: float) -> None:
        inner = self._cell(surface, spot)
        if inner is None or spot == "field":
            return
        text = self._label_rect(spot)
        text.width -= text.height * 2  # the last roll's dice show at the right end
        self._text(paint.write(surface, view.fonts, view.tr(key), text, self._size(1.3 * share), paint.WHITE))

    def _line(self, surface: pygame.Surface, view: LayoutView, spot: str, key: str) -> None:
        inner = self._cell(surface, spot, paint.FELT_DARK if spot == "dont_pass" else None)
        if inner is not None:
            size = self._size(1.25 if spot == "pass" else 0.95)
            text = self._label_rect(spot)
            if spot == "dont_pass":  # "bar 12": the 12 that pushes, drawn as dice at the right end
                bar = inner.copy()
                bar.width = inner.height * 2
                bar.right = inner.right - 8
                paint.dice(surface, bar.inflate(0, -inner.height // 2), (6, 6), paint.RED)
                text.width = bar.left - text.left
            self._text(paint.write(surface, view.fonts, view.tr(key), text, size, paint.WHITE))
        if self._cell(surface, f"{spot}_odds") is not None:
            room = self._label_rect(f"{spot}_odds")
            self._text(
                paint.write(surface, view.fonts, view.tr("layout.odds"), room, self._size(0.8), paint.GOLD)
            )

    def _paint_field(self, surface: pygame.Surface, view: LayoutView) -> None:
        if not self._offered("field"):
            return
        inner = self._label_rect("field")
        title = inner.copy()
        title.width = inner.width // 5
        self._text(
            paint.write(surface, view.fonts, view.tr("layout.field"), title, self._size(1.1), paint.GOLD)
        )
        numbers = inner.copy()
        numbers.left, numbers.width = title.right, inner.width - title.width
        numbers.height = inner.height * 2 // 3
        step = numbers.width / len(_FIELD_NUMBERS)
        double = [n for n in _FIELD_NUMBERS if FIELD[n].numerator >= 2 * FIELD[n].denominator]
        for k, n in enumerate(_FIELD_NUMBERS):
            centre = (numbers.left + step * (k + 0.5), numbers.centery)
            image = paint.label(view.fonts, str(n), self._size(1.0), True, paint.WHITE)
            self._text(paint.put(surface, image, centre))
            if n in double:
                pygame.draw.circle(surface, paint.GOLD, centre, self._size(0.8), 2)
        note = numbers.copy()
        note.top, note.height = numbers.bottom, inner.bottom - numbers.bottom
        self._text(
            paint.write(
                surface, view.fonts, view.tr("layout.field_double"), note, self._size(0.55), paint.GOLD
            )
        )

    def _paint_points(self, surface: pygame.Surface, view: LayoutView) -> None:
        bar = self._cell(surface, "dont_come", paint.FELT_DARK)
        if bar is not None:  # the words in the bar's middle: the OFF puck rests at its top, chips at its foot
            words = self._label_rect("dont_come").inflate(-2, 0)
            puck, r = self.puck_at(None)
            words.top = puck[1] + r + 4 - self.rect.top
            words.height = self._label_rect("dont_come").bottom - words.top
            self._text(paint.wrapped(surface, view.fonts, view.tr("layout.dont_come"), words,
                                     self._size(0.7), paint.WHITE))  # fmt: skip
        for point_box in self.geometry.boxes:
            n = point_box.number
            if not any(p.name == f"point:{n}" for p in self.pickers()):
                continue
            paint.frame(surface, point_box.rect.inflate(-4, -4), 2, paint.LINE, radius=6)
            slots = point_box.slots.values()
            under = slots.__iter__().__next__().unionall(list(slots)).inflate(-6, -4)
            pygame.draw.rect(surface, paint.FELT_DARK, under, border_radius=6)
            self._paint_number(surface, view, point_box)

    def _paint_number(self, surface: pygame.Surface, view: LayoutView, point_box: PointBox) -> None:
        place = point_box.place
        title = place.copy()
        title.height = place.height * 3 // 5
        colour = paint.GOLD if point_box.number in (6, 8) else paint.WHITE
        big = max(12, min(round(title.height * 0.8), round(place.width * 0.4)))
        image = paint.label(view.fonts, str(point_box.number), big, True, colour)
        self._text(paint.put(surface, image, title.center))

    def _paint_side(self, surface: pygame.Surface, view: LayoutView) -> None:
        for spot, numbers in _BONUS_NUMBERS.items():
            fill = _SIDE_FILL.get(spot, _BONUS)
            if self._cell(surface, spot, fill) is None:
                continue
            inner = self._label_rect(spot)
            top, bottom = inner.copy(), inner.copy()
            top.height = inner.height * 3 // 5
            bottom.top, bottom.height = top.bottom - 2, inner.height - top.height
            words = view.tr(f"layout.{spot}")
            self._text(paint.wrapped(surface, view.fonts, words, top, self._size(0.7), paint.WHITE))
            self._text(paint.write(surface, view.fonts, numbers, bottom, self._size(0.5), paint.YELLOW))

    def _paint_centre(self, surface: pygame.Surface, view: LayoutView) -> None:
        tr, fonts = view.tr, view.fonts
        for spot, key in self.words.items():
            if self._cell(surface, spot, paint.RED if spot == "any_seven" else None) is not None:
                room = self._label_rect(spot)
                self._text(paint.write(surface, fonts, tr(key), room, self._size(0.8), paint.WHITE))
        for n in (4, 6, 8, 10):
            self._dice_cell(surface, view, f"hard_{n}", (n // 2, n // 2), f"{tr('layout.hard')} {n}")
        for spot, faces in SINGLES:
            self._dice_cell(surface, view, spot, faces, None)
        for spot in self.geometry.spots:
            if spot.startswith("hop_"):
                a, b = (int(x) for x in spot.removeprefix("hop_").split("_"))
                self._dice_cell(surface, view, spot, (a, b), None)
            elif spot.startswith("horn_high:") and self._cell(surface, spot) is not None:
                text = paint.label(fonts, spot.removeprefix("horn_high:"), self._size(0.8), True, paint.WHITE)
                self._text(paint.put(surface, text, self._label_rect(spot).center))
        if any(self._offered(f"horn_high:{n}") for n in (2, 3, 11, 12)):
            caption = self.geometry.captions["horn_high"]
            self._text(
                paint.wrapped(surface, fonts, tr("layout.horn_high"), caption, self._size(0.5), paint.GOLD)
            )
        if any(s.startswith("hop_") for s in self._spots):
            caption = self.geometry.captions["hop"]
            self._text(paint.write(surface, fonts, tr("layout.hop"), caption, self._size(0.8), paint.GOLD))

    def _dice_cell(
        self,
        surface: pygame.Surface,
        view: LayoutView,
        spot: str,
        faces: tuple[int, int],
        caption: str | None,
    ) -> None:
        if self._cell(surface, spot) is None:
            return
        room = self._label_rect(spot)
        pips = room.inflate(-room.width // 6, -room.height // 4)
        if caption is not None:  # "HARD 6" beside its dice, or above them when the cell is too narrow
            needed = view.fonts(self._size(0.6), True).size(caption)[0] + 8
            text = room.copy()
            if needed <= room.width // 2:
                text.width = max(room.width * 2 // 5, needed)
                pips.left, pips.width = text.right, room.right - text.right
                pips = pips.inflate(-6, -room.height // 4)
            else:
                text.height = room.height * 2 // 5
                pips = pygame.Rect(room.left, text.bottom, room.width, room.bottom - text.bottom).inflate(
                    -4, -4
                )
            self._text(paint.write(surface, view.fonts, caption, text, self._size(0.6), paint.WHITE))
        self._text(paint.dice(surface, pips, faces, paint.RED if faces[0] == faces[1] else paint.BLACK))

    # --- per frame ---------------------------------------------------------------------------------------

    def _roll(self, view: LayoutView) -> tuple[int, int] | None:
        if view.outcome is None:
            return None
        a, sep, b = view.outcome.partition("-")
        if not sep or not (a.isdigit() and b.isdigit()) or not (1 <= int(a) <= 6 and 1 <= int(b) <= 6):
            return None  # a roulette result or garbage: mark nothing
        return int(a), int(b)

    def draw_under_chips(self, surface: pygame.Surface, view: LayoutView) -> None:
        roll = self._roll(view)
        if roll is None:
            return
        total = sum(roll)
        if total in self._boxes:
            whole = self._boxes[total].rect.move(self.rect.topleft)
            pygame.draw.rect(surface, paint.WHITE, whole.inflate(-2, -2), 4, border_radius=6)

    def draw_markers(self, surface: pygame.Surface, view: LayoutView) -> None:
        craps_tags.draw(surface, view, self.slot_tags(view), self.tag_size())
        self._draw_puck(surface, view)
        roll = self._roll(view)
        if roll is not None:
            come = self.geometry.spots["come"].move(self.rect.topleft)
            dice = come.copy()
            dice.width = come.height * 2
            dice.right = come.right - come.height // 3
            paint.dice(surface, dice.inflate(0, -come.height // 4), roll)

    def slot_tags(self, view: LayoutView) -> list[craps_tags.Tag]:
        """The name of each occupied point-box slot and where it sits (absolute pixels)."""
        return craps_tags.tags(view, self._boxes, self.rect.topleft, self.chip_radius, self.tag_size())

    def tag_size(self) -> int:
        """A slot name's text size (the fonts raise it to the screen's smallest)."""
        return max(10, round(self.chip_radius * 0.7))

    def puck_at(self, point: int | None) -> tuple[tuple[int, int], int]:
        """Where the puck sits and its radius: under the point's number (ON), atop the Don't Come bar."""
        r = max(10, round(self.chip_radius * 1.05))
        if point in self._boxes:
            place = self._boxes[point].place.move(self.rect.topleft)
            return (place.centerx, place.bottom - r - 4), r
        bar = self.geometry.spots["dont_come"].move(self.rect.topleft)
        return (bar.centerx, bar.top + r + 8), r

    def _draw_puck(self, surface: pygame.Surface, view: LayoutView) -> None:
        on = view.point in self._boxes
        at, r = self.puck_at(view.point)
        paint.puck(surface, view.fonts, at, r, view.tr("layout.on" if on else "layout.off"), on)
