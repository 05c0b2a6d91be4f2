"""The boards around the stage: top bar (round, headline, countdown), outcome, winners, history, hot/cold.

Each board is laid out inside its panel's rectangle (:mod:`terminal.display.layout`), so one view serves
every screen shape and arrangement.
"""

from __future__ import annotations

import math

from terminal.display import theme
from terminal.display.gl import pyglet
from terminal.display.ink import ink_on
from terminal.display.kit import Batch, Scale, Text, layer, panel, set_visible
from terminal.display.layout import Panels, Rect
from terminal.display.scene import Scene, colour_of
from terminal.display.sides_view import SidesBoard
from terminal.display.stage_face import Call, StageFace
from terminal.display.stage_faces import face_of
from terminal.display.stats_view import StatsView
from terminal.i18n import Catalogue
from terminal.money import find_currency, format_amount

MAX_WINNERS = 16  # a table has at most sixteen seats (terminal.games.seam.MOST_SEATS: Three Dice Football)
WINNER_COLUMN = 300  # design pixels a winners column needs ("PUESTO 8   $12,345.00")
WINNER_ROW = 40  # the least design pixels a winners row takes past the eighth seat (rows never touch)
MIN_TILE = 52  # the narrowest history tile ("00" and "36" at 24 px, with a gap)
BIG_TIERS = {"big": "display.big_win", "huge": "display.huge_win"}  # a seat's big win names it in gold
DEMO_W = 110  # design pixels of the DEMO badge at the history row's right end
LEFT_BLOCK, RIGHT_BLOCK = 380, 350  # the top bar's round and countdown blocks: the headline keeps clear
HOT = theme.HOT
COLD = theme.COLD


class SideView:
    """Everything but the stage (wheel or dice) and the Touchdown field, for one arrangement of panels."""

    def __init__(self, sc: Scale, cat: Catalogue, history_length: int, top: Rect, panels: Panels) -> None:
        self.sc, self.cat, self.panels = sc, cat, panels
        self.static, self.dynamic = Batch(), Batch()
        self._keep: list[object] = []
        for rect in (panels.outcome, panels.winners, panels.history, panels.hot_cold):
            self._keep += panel(self.static, layer(0), rect, sc)
        self._build_top(top)
        self._build_outcome(panels.outcome)
        self.sides = SidesBoard(sc, cat, self.dynamic, panels.outcome)
        self._build_winners(panels.winners)
        self._build_history(panels.history, history_length)
        self._build_hot_cold(panels.hot_cold)
        self._history: tuple[object, ...] = ()

    def _build_top(self, top: Rect) -> None:
        s, d = self.sc, self.dynamic
        x, y, w, _ = top
        self.round = Text(
            d, layer(2), s(x + 40), s(y + 55), s(30), color=theme.DIM, anchor_x="left", bold=True
        )
        self.table = Text(d, layer(2), s(x + 40), s(y + 18), s(18), color=theme.DIM, anchor_x="left")
        self.headline = Text(d, layer(2), s(x + w / 2), s(y + 55), s(64), color=theme.GOLD, bold=True)
        self.headline_room = s(w - 2 * max(LEFT_BLOCK, RIGHT_BLOCK))
        ring_x = x + w - 90
        self.clock_ring = pyglet.shapes.Arc(
            s(ring_x),
            s(y + 50),
            s(48),
            segments=90,
            thickness=s(8),
            color=theme.GOLD,
            batch=d,
            group=layer(1),
        )
        self.clock = Text(d, layer(2), s(ring_x), s(y + 48), s(44), bold=True)
        self.clock_label = Text(
            d, layer(2), s(ring_x - 65), s(y + 50), s(18), color=theme.DIM, anchor_x="right", wrap=s(200)
        )

    def _build_outcome(self, rect: Rect) -> None:
        s, b, d = self.sc, self.static, self.dynamic
        x, y, w, h = rect
        self.out_label = Text(b, layer(2), s(x + w / 2), s(y + h - 30), s(26), color=theme.GOLD, bold=True)
        r = min(w * 0.22, (h - 70) / 2)
        cx, cy = x + 40 + r, y + (h - 50) / 2
        self.out_disc = pyglet.shapes.Circle(s(cx), s(cy), s(r), color=theme.GREEN, batch=d, group=layer(1))
        self.out_rim = pyglet.shapes.Arc(
            s(cx), s(cy), s(r), thickness=s(5), color=theme.GOLD, batch=d, group=layer(2)
        )
        self.out_text = Text(d, layer(3), s(cx), s(cy), s(r * 1.13), bold=True)
        detail_x = cx + r + 40
        self.out_detail = Text(
            d, layer(3), s(detail_x), s(cy), s(min(56, r * 0.66)), anchor_x="left", bold=True
        )
        self.detail_room = s(x + w - 20 - detail_x)

    def _build_winners(self, rect: Rect) -> None:
        s, b, d = self.sc, self.static, self.dynamic
        x, y, w, h = rect
        self.win_title = Text(b, layer(2), s(x + w / 2), s(y + h - 28), s(26), color=theme.GOLD, bold=True)
        self.win_title.show(self.cat.text("display.winners"), fit=s(w - 40))
        self.stats_batch = Batch()  # drawn only while a statistics panel shows: no cost to any other frame
        self.stats = StatsView(self.sc, self.cat, self.stats_batch, rect)  # the box, while bets are taken
        columns = max(1, min(2, int((w - 30) / WINNER_COLUMN)))
        # rows for eight seats always; for up to sixteen (Three Dice Football) where the box is tall enough
        rows = max(math.ceil(8 / columns), min(math.ceil(MAX_WINNERS / columns), int((h - 66) // WINNER_ROW)))
        step = min(44.0, (h - 66) / rows)
        width = (w - 40) / columns
        size = min(26.0, step * 0.7)  # rows never touch
        self.win_rows = [
            Text(d, layer(2), s(x + 25 + (k // rows) * width), s(y + h - 70 - (k % rows) * step), s(size),
                 anchor_x="left")
            for k in range(rows * columns)
        ]  # fmt: skip
        self.win_room = s(width - 10)

    def _build_history(self, rect: Rect, n: int) -> None:
        s, b, d = self.sc, self.static, self.dynamic
        x, y, w, h = rect
        title = Text(
            b, layer(2), s(x + 20), s(y + h - 22), s(20), color=theme.GOLD, anchor_x="left", bold=True
        )
        title.show(self.cat.text("display.history"), fit=s(w / 2 - 30))
        self._keep.append(title)
        self.test_mark = Text(
            d,
            layer(2),
            s(x + w - 20),
            s(y + h - 22),
            s(22),
            color=theme.TEST_MARK,
            anchor_x="right",
            bold=True,
        )  # lab mode: TEST beside the results, as well as across the screen
        self.test_mark.room = s(w / 2 - 30)
        # a demo table (simulated devices): a DEMO badge at the row's right end (TEST then moves left of it)
        self.demo_pill = pyglet.shapes.Rectangle(
            s(x + w - 20 - DEMO_W), s(y + h - 38), s(DEMO_W), s(32), color=theme.RED, batch=d,
            group=layer(1),
        )  # fmt: skip
        self.demo_pill.visible = False
        self.demo_mark = Text(d, layer(2), s(x + w - 20 - DEMO_W / 2), s(y + h - 22), s(22), bold=True)
        self.demo_mark.room = s(DEMO_W - 12)
        self._test_at = ((s(x + w - 20), s(w / 2 - 30)), (s(x + w - 32 - DEMO_W), s(w / 2 - 42 - DEMO_W)))
        count = max(1, min(n, int((w - 40) / MIN_TILE)))
        tile = min(90.0, (w - 40) / count)
        self.tiles: list[tuple[pyglet.shapes.BorderedRectangle, Text]] = []
        self.tile_marks: list[Text] = []  # a letter low in the tile where the colour carries meaning
        self._tile_y = (s(y + 44), s(y + 51))  # a tile's text: centred, or raised over its letter
        for k in range(count):
            left = x + 20 + k * tile
            # a rim, so a black tile on the dark panel still shows its edge
            rect_ = pyglet.shapes.BorderedRectangle(
                s(left), s(y + 14), s(tile - 6), s(60), border=max(1, round(s(2))), color=theme.BLACK,
                border_color=theme.TILE_RIM, batch=d, group=layer(1),
            )  # fmt: skip
            size = 30 if k == 0 else 24
            text = Text(d, layer(2), s(left + (tile - 6) / 2), s(y + 44), s(size), bold=True)
            text.room = s(tile - 6)
            self.tiles.append((rect_, text))
            mark = Text(d, layer(2), s(left + (tile - 6) / 2), s(y + 23), s(14), bold=True)
            mark.room = s(tile - 6)
            self.tile_marks.append(mark)

    def _build_hot_cold(self, rect: Rect) -> None:
        s, b, d = self.sc, self.static, self.dynamic
        x, y, w, h = rect
        cells_x = x + 190
        step = (x + w - 20 - cells_x) / 4
        self.hc_rows: list[list[tuple[pyglet.shapes.Circle, Text, Text]]] = []
        self.hc_rims: list[pyglet.shapes.Circle] = []  # behind each disc: a black disc shows on the panel
        for row, key, colour in ((0, "display.hot", HOT), (1, "display.cold", COLD)):
            cy = y + h * (0.72 if row == 0 else 0.28)
            title = Text(b, layer(2), s(x + 20), s(cy), s(24), color=colour, anchor_x="left", bold=True)
            title.show(self.cat.text(key), fit=s(cells_x - x - 30))
            self._keep.append(title)
            cells = []
            for k in range(4):
                cx = cells_x + 24 + k * step
                rim = pyglet.shapes.Circle(s(cx), s(cy), s(26), color=theme.TILE_RIM, batch=d, group=layer(0))
                self.hc_rims.append(rim)
                disc = pyglet.shapes.Circle(s(cx), s(cy), s(24), color=theme.BLACK, batch=d, group=layer(1))
                count = Text(d, layer(2), s(cx + 30), s(cy), s(20), color=theme.DIM, anchor_x="left")
                count.room = s(step - 58)
                cells.append((disc, Text(d, layer(2), s(cx), s(cy), s(24), bold=True), count))
            self.hc_rows.append(cells)
        self.hc_wait = Text(d, layer(2), s(cells_x), s(y + h / 2), s(22), color=theme.DIM, anchor_x="left")
        self.hc_room = s(x + w - 20 - cells_x)

    def draw(self, scene: Scene) -> None:
        """Paint the boards for ``scene`` (texts first: the static batch holds some set here)."""
        cat = self.cat
        self.round.show(cat.text("display.round", round=scene.round_id) if scene.round_id else "")
        self.headline.show(self._say((scene.headline, scene.headline_args)), fit=self.headline_room)
        self.table.show(scene.table, fit=self.sc(LEFT_BLOCK - 50))  # venue · table id, clear of the headline
        self._countdown(scene)
        self.demo_pill.visible = scene.demo
        self.demo_mark.show(cat.text("display.demo") if scene.demo else "", fit=self.demo_mark.room)
        right, room = self._test_at[1 if scene.demo else 0]
        self.test_mark.label.x = right
        self.test_mark.show(cat.text("display.test") if scene.test else "", fit=room)
        self._outcome(scene)
        self.sides.draw(scene)
        self._winners(scene)
        self._history_tiles(scene)
        self._hot_cold(scene)
        self.static.draw()
        self.dynamic.draw()
        if scene.stats is not None:
            self.stats_batch.draw()

    def _say(self, call: Call) -> str:
        """A call in words: a field naming a catalogue key (a colour, ``display.…``) is said in words too."""
        key, fields = call
        args = {k: self.cat.text(f"display.{v}") if k == "colour" else v for k, v in fields}
        args = {k: self.cat.text(v) if v.startswith("display.") else v for k, v in args.items()}
        return self.cat.text(key, **args)

    def _countdown(self, scene: Scene) -> None:
        on = scene.countdown is not None
        set_visible(self.clock_ring, on)
        self.clock.show(str(scene.countdown) if on else "")
        self.clock_label.show(self.cat.text("display.countdown_label") if on else "")

    def _outcome(self, scene: Scene) -> None:
        cat = self.cat
        self.out_label.show(cat.text(scene.outcome_label), fit=self.sc(self.panels.outcome[2] - 40))
        shown = scene.outcome is not None
        set_visible(self.out_disc, shown)
        set_visible(self.out_rim, shown)
        if scene.outcome is None:  # a round in play: the panel says so ("Ball in play"), never empty
            self.out_text.show("")
            playing = cat.text(scene.in_play) if scene.in_play else ""
            self.out_detail.show(playing, theme.GOLD, fit=self.detail_room)
            return
        face = face_of(scene.game)
        if face is not None and scene.shown is not None:
            self._faced_outcome(face, scene.outcome, scene.shown)
            return
        detail = scene.outcome_detail
        self.out_disc.color = theme.OUTCOME_COLOURS.get(detail, theme.BLACK)
        self.out_text.show(scene.outcome)
        words = {"red": "display.red", "black": "display.black", "green": "display.green"}
        text = cat.text(words[detail]) if detail in words else _dice_text(scene)
        colour = theme.OUTCOME_COLOURS["red"] if detail == "red" else theme.WHITE
        if self.sides.showing_bonus(scene):  # the bonus balls take the colour's place
            text = ""
        self.out_detail.show(text, colour, fit=self.detail_room)

    def _faced_outcome(self, face: StageFace, big: str, shown: str) -> None:
        """A registered game's outcome: the disc in its colour, its large text, its words beside it."""
        self.out_disc.color = face.colour(shown)
        self.out_text.show(big)
        self.out_detail.show(self._say(face.words(shown)), theme.WHITE, fit=self.detail_room)

    def _winners(self, scene: Scene) -> None:
        """This round's winners; while a round is in play, the round before's, dimmed under their label;
        while bets are taken, a panel of the statistics board in their place (docs/statistics.md)."""
        self.stats.draw(scene.stats, scene.game)
        winners = self.cat.text("display.winners") if scene.stats is None else ""
        self.win_title.show(winners, fit=self.sc(self.panels.winners[2] - 40))
        last = scene.winners is None and scene.last_winners is not None
        rows = (scene.last_winners or ()) if last else (scene.winners or ())
        currency = find_currency(scene.currency)
        room, wide = self.win_room, self.win_room * 2
        lines: list[tuple[str, theme.RGBA, float]] = []
        if last:
            lines.append((self.cat.text("display.last_round"), theme.GOLD, wide))
        for row in rows:
            seat = row.seat.removeprefix("seat-")
            amount = format_amount(row.won, currency)
            big = row.tier in BIG_TIERS and not last
            name = self.cat.text("display.seat_wins", seat=seat)
            lines.append(
                (f"{name}   {amount}", theme.DIM if last else (theme.GOLD if big else theme.WHITE), room)
            )
        if not last:  # a big or huge win names its seat first, across the panel ("HUGE WIN: SEAT 3")
            named = [(self.cat.text(BIG_TIERS[r.tier], seat=r.seat.removeprefix("seat-")), theme.GOLD, wide)
                     for r in rows if r.tier in BIG_TIERS]  # fmt: skip
            lines[:0] = named
        if not rows and (scene.winners is not None or last):
            key = "display.no_winners_last" if last else "display.no_winners"
            lines.append((self.cat.text(key), theme.DIM, wide))
        for k, text in enumerate(self.win_rows):
            if k < len(lines):
                text.show(*lines[k])
            else:
                text.show("")

    def _history_tiles(self, scene: Scene) -> None:
        if scene.history == self._history:
            return
        self._history = scene.history
        face = face_of(scene.game)
        for k, (rect, text) in enumerate(self.tiles):
            if k < len(scene.history) and face is not None:
                item = scene.history[k]
                set_visible(rect, True)
                rect.color = face.colour(item.outcome) if not item.void else theme.VOID_TILE
                text.show(face.tile(item.outcome), ink_on(rect.color), fit=text.room)
                self._tile_mark(k, face, item.outcome, ink_on(rect.color))
            elif k < len(scene.history):
                item = scene.history[k]
                colour = colour_of(item.outcome)
                set_visible(rect, True)
                rect.color = theme.OUTCOME_COLOURS[colour] if not item.void else theme.VOID_TILE
                shown = item.outcome if colour != "dice" else item.outcome.replace("-", "·")
                text.show(shown, ink_on(rect.color), fit=text.room)
            else:
                set_visible(rect, False)
                text.show("")
            if face is None or k >= len(scene.history):
                self.tile_marks[k].show("")

    def _tile_mark(self, k: int, face: StageFace, outcome: str, ink: theme.RGBA) -> None:
        """The tile's letter (B, S, T), its text raised to leave it room; none for a game without."""
        mark, text = self.tile_marks[k], self.tiles[k][1]
        key = face.tile_mark(outcome) if face.tile_mark is not None else None
        mark.show(self.cat.text(key) if key else "", ink, fit=mark.room)
        text.label.y = self._tile_y[1 if key else 0]

    def _hot_cold(self, scene: Scene) -> None:
        board = scene.hot_cold
        if board.ready:
            self.hc_wait.show("")
        else:
            wait = self.cat.text("display.too_few_spins", spins=board.spins, needed=board.needed)
            self.hc_wait.show(wait, fit=self.hc_room)
        for r, (cells, values) in enumerate(zip(self.hc_rows, (board.hot, board.cold), strict=True)):
            for k, (disc, text, count) in enumerate(cells):
                rim = self.hc_rims[r * len(cells) + k]
                set_visible(rim, board.ready and k < len(values))
                if board.ready and k < len(values):
                    outcome, seen = values[k]
                    set_visible(disc, True)
                    face = face_of(scene.game)
                    if face is not None:
                        disc.color, shown = face.hot_colour(outcome), face.hot_text(outcome)
                    else:
                        colour = "dice" if scene.game == "craps" else colour_of(outcome)
                        disc.color, shown = theme.OUTCOME_COLOURS[colour], outcome
                    text.show(shown, ink_on(disc.color))
                    count.show(self.cat.text("display.times_seen", count=seen), fit=count.room)
                else:
                    set_visible(disc, False)
                    text.show("")
                    count.show("")


def _dice_text(scene: Scene) -> str:
    """The roll beside its total (``4·3``)."""
    return scene.history[0].outcome.replace("-", "·") if scene.history else ""
