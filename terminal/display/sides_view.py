"""B2B's reader board and the Blazing 7's bonus balls, in the outcome panel beside the winning number.

The reader board line sits low in the panel: the odds the RNG drew with the last spin ("B2B BOARD: 250 TO
1"), or that B2B opens after the first spin. When 7, 17 or 27 starts a bonus, three balls take the place of
the number's colour: each flashes through the pockets and lands on its own (``bonus_motion``), ringed in
gold once it has landed, 7, 17 and 27 in the bonus colour.
"""

from __future__ import annotations

from terminal.display import theme
from terminal.display.gl import pyglet
from terminal.display.kit import Batch, Scale, Text, layer, set_visible
from terminal.display.layout import Rect
from terminal.display.scene import Scene, colour_of
from terminal.i18n import Catalogue
from terminal.theme import looks

SEVEN_RING: theme.RGBA = looks("display", "roulette").rgba("seven_ring")  # a ball on 7, 17 or 27


class SidesBoard:
    """The reader board and the bonus balls of one outcome panel (its shapes in the panel's batch)."""

    def __init__(self, sc: Scale, cat: Catalogue, batch: Batch, rect: Rect) -> None:
        self.sc, self.cat = sc, cat
        s = sc
        x, y, w, h = rect
        r = min(w * 0.22, (h - 70) / 2)  # the winning number's disc, as the outcome board places it
        cx, cy = x + 40 + r, y + (h - 50) / 2
        left, right = cx + r + 40, x + w - 20
        self.room = s(right - left)
        self.board = Text(
            batch, layer(2), s(left), s(y + 30), s(24), color=theme.GOLD, anchor_x="left", bold=True
        )
        ball = min(46.0, (right - left) / 7, r * 0.6)
        gap = ball * 0.5
        self.balls: list[tuple[pyglet.shapes.Circle, pyglet.shapes.Arc, Text]] = []
        for k in range(3):
            bx, by = left + ball + k * (2 * ball + gap), cy + 5
            disc = pyglet.shapes.Circle(s(bx), s(by), s(ball), color=theme.BLACK, batch=batch, group=layer(1))
            rim = pyglet.shapes.Arc(s(bx), s(by), s(ball), thickness=s(4), color=theme.DIM, batch=batch,
                                    group=layer(2))  # fmt: skip
            self.balls.append((disc, rim, Text(batch, layer(3), s(bx), s(by), s(ball * 0.9), bold=True)))
        self.label = Text(
            batch, layer(2), s(left), s(cy + ball + 30), s(24), color=theme.GOLD, anchor_x="left", bold=True
        )

    def showing_bonus(self, scene: Scene) -> bool:
        """Whether the bonus balls take the panel's right side now."""
        return scene.sides is not None and bool(scene.sides.bonus)

    def draw(self, scene: Scene) -> None:
        """Set the board's line and the balls for ``scene`` (the batch is drawn by the side view)."""
        sides, cat = scene.sides, self.cat
        line = ""
        if sides is not None and sides.b2b:
            if sides.previous and sides.odds:
                line = cat.text("display.b2b_board", odds=f"{sides.odds:,}")
            elif not sides.previous:
                line = cat.text("display.b2b_closed")
        self.board.show(line, fit=self.room)
        bonus = sides.bonus if sides is not None else ()
        self.label.show(cat.text("display.blazing_bonus") if bonus else "", fit=self.room)
        for k, (disc, rim, text) in enumerate(self.balls):
            on = k < len(bonus)
            set_visible(disc, on)
            set_visible(rim, on)
            if not on:
                text.show("")
                continue
            shown, landed = bonus[k]
            disc.color = theme.OUTCOME_COLOURS[colour_of(shown)]
            rim.color = (SEVEN_RING if shown in ("7", "17", "27") else theme.GOLD) if landed else theme.DIM
            text.show(shown)
