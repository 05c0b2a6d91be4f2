"""The statistics board's panel in the winners' box while bets are taken (docs/statistics.md).

Built once for the box: pools of shapes and labels for each kind of section (a split's parts, a histogram's
bars, a bead road, a wheel's racetrack, lines), shown or hidden as the panel on screen needs them. The panel
comes from the game's registered board (:mod:`terminal.games.statistics`) through the scene; this view
knows no game: a tone is coloured as the game's outcome colours it.
"""

from __future__ import annotations

from terminal.display import theme
from terminal.display.gl import pyglet
from terminal.display.ink import ink_on
from terminal.display.kit import Batch, Scale, Text, layer, set_visible
from terminal.display.layout import Rect
from terminal.display.scene import StatsShown, colour_of
from terminal.display.stage_faces import face_of
from terminal.games.stat_boards import (
    Bars,
    Beads,
    Figures,
    Ring,
    Section,
    Split,
    Words,
    heat,
    percent_text,
    track,
)
from terminal.i18n import Catalogue
from terminal.theme import looks

SPLIT_ROWS, SPLIT_PARTS = 3, 4
MAX_BARS = 16
ROAD_ROWS, ROAD_COLUMNS = 6, 20
RING_CELLS = 38
RING_ROW = 48.0  # the least height of a racetrack cell: its number over its count
LINES = 3
TITLE_H = 48.0  # the panel's title band
LINE_H = 32.0  # a line of words
_HEAT = looks("display", "stats")
COLD: theme.RGBA = _HEAT.rgba("heat_cold")  # a pocket never seen
HOT: theme.RGBA = _HEAT.rgba("heat_hot")  # the pocket seen most


def heat_colour(count: int, most: int) -> theme.RGBA:
    """Cold blue for a pocket never seen, through to hot orange for the most seen."""
    t = heat(count, most)
    r, g, b, a = (round(c + (hot - c) * t) for c, hot in zip(COLD, HOT, strict=True))
    return (r, g, b, a)


def _cell(batch: Batch, sc: Scale, group: int) -> pyglet.shapes.BorderedRectangle:
    shape = pyglet.shapes.BorderedRectangle(
        0, 0, 1, 1, border=max(1, round(sc(2))), color=theme.BLACK, border_color=theme.TILE_RIM, batch=batch,
        group=layer(group),
    )  # fmt: skip
    shape.visible = False
    return shape


class StatsView:
    """One panel of a statistics board inside ``rect`` (design pixels, y up)."""

    def __init__(self, sc: Scale, cat: Catalogue, batch: Batch, rect: Rect) -> None:
        self.sc, self.cat, self.batch, self.rect = sc, cat, batch, rect
        s, b = sc, batch
        x, y, w, h = rect
        self.title = Text(b, layer(2), s(x + w / 2), s(y + h - 28), s(26), color=theme.GOLD, bold=True)
        self.page = Text(b, layer(2), s(x + w - 16), s(y + h - 28), s(18), color=theme.DIM, anchor_x="right")
        self.parts = [
            (_cell(b, sc, 1), Text(b, layer(2), 0, 0, s(18), bold=True), Text(b, layer(2), 0, 0, s(18)))
            for _ in range(SPLIT_ROWS * SPLIT_PARTS)
        ]
        self.bars = [
            (_cell(b, sc, 1), Text(b, layer(2), 0, 0, s(20), bold=True), Text(b, layer(2), 0, 0, s(20)))
            for _ in range(MAX_BARS)
        ]
        self.beads = [
            (pyglet.shapes.Circle(0, 0, 1, color=theme.BLACK, batch=b, group=layer(1)),
             Text(b, layer(2), 0, 0, s(20), bold=True))
            for _ in range(ROAD_ROWS * ROAD_COLUMNS)
        ]  # fmt: skip
        self.ring = [(_cell(b, sc, 1), _cell(b, sc, 1), Text(b, layer(2), 0, 0, s(18), bold=True),
                      Text(b, layer(2), 0, 0, s(18))) for _ in range(RING_CELLS)]  # fmt: skip
        self.lines = [Text(b, layer(2), 0, 0, s(22), anchor_x="left") for _ in range(LINES)]
        self._shown: object = None
        self.clear()

    def clear(self) -> None:
        """Show nothing (the winners' box has its own use)."""
        self.title.show("")
        self.page.show("")
        for cell, text, figures in self.parts:
            set_visible(cell, False)
            text.show("")
            figures.show("")
        for cell, count, label in self.bars:
            set_visible(cell, False)
            count.show("")
            label.show("")
        for bead, letter in self.beads:
            set_visible(bead, False)
            letter.show("")
        for top, bottom, number, count in self.ring:
            set_visible(top, False)
            set_visible(bottom, False)
            number.show("")
            count.show("")
        for line in self.lines:
            line.show("")
        self._shown = None

    def draw(self, stats: StatsShown | None, game: str) -> None:
        """Lay out ``stats`` (None: nothing) if it is not what is shown already."""
        if (stats, game) == self._shown:
            return
        self.clear()
        self._shown = (stats, game)
        if stats is None:
            return
        x, y, w, h = self.rect
        self.title.show(self._say(stats.panel.title), fit=self.sc(w - 160))
        self.page.show(f"{stats.page + 1}/{stats.pages}", fit=self.sc(70))
        top, bottom = y + h - TITLE_H, y + 12
        room = top - bottom
        fixed = sum(self._fixed(s, room) for s in stats.panel.sections)
        grows = sum(1 for s in stats.panel.sections if not self._fixed(s, room))
        spare = (room - fixed) / max(1, grows)
        used = {"split": 0, "line": 0}
        for section in stats.panel.sections:
            height = self._fixed(section, room) or spare
            self._section(section, (x + 20, top - height, w - 40, height), game, used)
            top -= height

    def _fixed(self, section: Section, room: float) -> float:
        """The height a split or lines take (0: the section takes what the panel has left)."""
        if isinstance(section, Split):
            return min(60.0, room / SPLIT_ROWS)
        if isinstance(section, Figures):
            return LINE_H * len(section.lines)
        return 0.0

    def _say(self, words: Words) -> str:
        return self.cat.text(words[0], **dict(words[1]))

    def _tone(self, game: str, tone: str) -> theme.RGBA:
        if not tone:
            return theme.BLACK
        face = face_of(game)
        if face is not None:
            return face.colour(tone)
        return theme.OUTCOME_COLOURS[colour_of(tone)]

    def _section(self, section: Section, box: Rect, game: str, used: dict[str, int]) -> None:
        if isinstance(section, Split):
            self._split(section, box, game, used["split"])
            used["split"] += 1
        elif isinstance(section, Bars):
            self._bars(section, box, game)
        elif isinstance(section, Beads):
            self._beads(section, box, game)
        elif isinstance(section, Ring):
            self._ring(section, box, game)
        else:
            for line in section.lines:
                if used["line"] < LINES:
                    text = self.lines[used["line"]]
                    text.label.x, text.label.y = self.sc(box[0]), self.sc(box[1] + box[3] - LINE_H / 2)
                    text.show(self._say(line), fit=self.sc(box[2]))
                    used["line"] += 1
                    box = (box[0], box[1], box[2], box[3] - LINE_H)

    def _split(self, split: Split, box: Rect, game: str, row: int) -> None:
        """A box for each part in its colour: its name over its count and share."""
        if row >= SPLIT_ROWS:
            return
        x, y, w, h = box
        n = min(SPLIT_PARTS, len(split.parts))
        step = w / n
        for k, part in enumerate(split.parts[:n]):
            cell, text, figures = self.parts[row * SPLIT_PARTS + k]
            self._place(cell, (x + k * step, y + 2, step - 6, h - 4))
            cell.color = self._tone(game, part.tone)
            centre = self.sc(x + k * step + (step - 6) / 2)
            text.label.x, text.label.y = centre, self.sc(y + h * 0.75)
            text.show(self._say(part.label), ink_on(cell.color), fit=self.sc(step - 12))
            said = self.cat.text(
                "stats.count_share", count=part.count, share=percent_text(part.count, split.rounds)
            )
            figures.label.x, figures.label.y = centre, self.sc(y + h * 0.27)
            figures.show(said, ink_on(cell.color), fit=self.sc(step - 12))

    def _place(self, shape: pyglet.shapes.BorderedRectangle, rect: Rect) -> None:
        s = self.sc
        shape.x, shape.y, shape.width, shape.height = s(rect[0]), s(rect[1]), s(rect[2]), s(rect[3])
        set_visible(shape, True)

    def _bars(self, bars: Bars, box: Rect, game: str) -> None:
        """A bar for each label: its count over it, its label under it; the tallest fills the box."""
        x, y, w, h = box
        n = min(MAX_BARS, len(bars.counts))
        step = w / max(1, n)
        most = max(bars.counts, default=0) or 1
        base, room = y + 26, h - 26 - 28
        for k in range(n):
            cell, count, label = self.bars[k]
            height = max(3.0, room * bars.counts[k] / most)
            self._place(cell, (x + k * step + 3, base, step - 6, height))
            cell.color = self._tone(game, bars.tones[k]) if bars.tones[k] else theme.GOLD
            centre = self.sc(x + k * step + step / 2)
            count.label.x, count.label.y = centre, self.sc(base + height + 14)
            count.show(str(bars.counts[k]), theme.WHITE, fit=self.sc(step - 2))
            label.label.x, label.label.y = centre, self.sc(y + 12)
            label.show(self._say(bars.labels[k]), theme.DIM, fit=self.sc(step - 2))

    def _beads(self, beads: Beads, box: Rect, game: str) -> None:
        """The bead road: each result's letter on its colour, down each column, oldest first."""
        x, y, w, h = box
        rows = min(ROAD_ROWS, beads.rows)
        size = min(h / rows, 46.0)
        columns = min(ROAD_COLUMNS, int(w // size))
        needed = -(-len(beads.cells) // rows)
        shown = beads.cells[max(0, needed - columns) * rows :]
        face = face_of(game)
        for k, outcome in enumerate(shown[: rows * columns]):
            bead, letter = self.beads[k]
            cx, cy = x + (k // rows) * size + size / 2, y + h - (k % rows) * size - size / 2
            bead.x, bead.y, bead.radius = self.sc(cx), self.sc(cy), self.sc(size / 2 - 2)
            bead.color = self._tone(game, outcome)
            set_visible(bead, True)
            key = face.tile_mark(outcome) if face is not None and face.tile_mark is not None else ""
            mark = self.cat.text(key) if key else (face.tile(outcome) if face is not None else outcome)
            letter.label.x, letter.label.y = self.sc(cx), self.sc(cy)
            letter.show(mark, ink_on(bead.color), fit=self.sc(size - 6))

    def _ring(self, ring: Ring, box: Rect, game: str) -> None:
        """Each pocket round a racetrack in wheel order: its number on its colour, its count on its heat."""
        x, y, w, h = box
        most = max((n for _, n in ring.pockets), default=0)
        n = len(ring.pockets)
        ends = max(1, min(round(n * h / (2 * (w + h))), int(h // RING_ROW) - 2))  # squarish, two lines high
        cells = zip(ring.pockets[:RING_CELLS], track(n, ends), strict=False)
        for k, ((outcome, count), (fx, fy, fw, fh)) in enumerate(cells):
            top, bottom, number, counted = self.ring[k]
            left, cw, ch = x + fx * w, fw * w - 2, fh * h - 2
            upper = y + h - fy * h - ch / 2  # y up: the cell's top half starts at its top
            self._place(top, (left, upper, cw, ch / 2))
            self._place(bottom, (left, upper - ch / 2, cw, ch / 2))
            top.color = self._tone(game, outcome)
            bottom.color = heat_colour(count, most)
            number.label.x, number.label.y = self.sc(left + cw / 2), self.sc(upper + ch / 4)
            number.show(outcome, ink_on(top.color), fit=self.sc(cw))
            counted.label.x, counted.label.y = self.sc(left + cw / 2), self.sc(upper - ch / 4)
            counted.show(str(count), theme.WHITE, fit=self.sc(cw))
