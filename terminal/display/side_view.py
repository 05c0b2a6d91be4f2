"""The boards around the stage: top bar (round, headline, countdown), outcome, winners, history, hot/cold."""

from __future__ import annotations

from terminal.display import theme
from terminal.display.gl import pyglet
from terminal.display.kit import Batch, Scale, Text, layer, panel, set_visible
from terminal.display.scene import Scene, colour_of
from terminal.i18n import Catalogue
from terminal.money import find_currency, format_amount

OUT_X, OUT_Y, OUT_W, OUT_H = 1130, 710, 760, 235
WIN_X, WIN_Y, WIN_W, WIN_H = 1130, 165, 760, 220
HIST_X, HIST_Y, HIST_W, HIST_H = 30, 20, 1180, 125
HC_X, HC_Y, HC_W, HC_H = 1230, 20, 660, 125
HC_CELLS, HC_STEP = 1400, 122  # where the hot and cold numbers start, and their spacing
MAX_WINNERS = 8


class SideView:
    """Everything but the stage (wheel or dice) and the Touchdown field."""

    def __init__(
        self, sc: Scale, cat: Catalogue, history_length: int, winners_at: tuple[float, float] = (WIN_X, WIN_Y)
    ) -> None:
        self.sc, self.cat = sc, cat
        self.static, self.dynamic = Batch(), Batch()
        s, b, d = sc, self.static, self.dynamic
        self._keep: list[object] = []
        win_x, winners_y = winners_at
        for x, y, w, h in (
            (OUT_X, OUT_Y, OUT_W, OUT_H),
            (win_x, winners_y, WIN_W, WIN_H),
            (HIST_X, HIST_Y, HIST_W, HIST_H),
            (HC_X, HC_Y, HC_W, HC_H),
        ):
            self._keep += panel(b, layer(0), s(x), s(y), s(w), s(h), sc)
        self.round = Text(d, layer(2), s(40), s(1020), s(30), color=theme.DIM, anchor_x="left", bold=True)
        self.table = Text(d, layer(2), s(40), s(983), s(18), color=theme.DIM, anchor_x="left")
        self.headline = Text(d, layer(2), s(960), s(1020), s(64), color=theme.GOLD, bold=True)
        self.clock_ring = pyglet.shapes.Arc(
            s(1830), s(1015), s(48), segments=90, thickness=s(8), color=theme.GOLD, batch=d, group=layer(1)
        )
        self.clock = Text(d, layer(2), s(1830), s(1013), s(44), bold=True)
        self.clock_label = Text(d, layer(2), s(1765), s(1015), s(18), color=theme.DIM, anchor_x="right")
        self.out_label = Text(
            b, layer(2), s(OUT_X + OUT_W / 2), s(OUT_Y + OUT_H - 30), s(26), color=theme.GOLD, bold=True
        )
        self.out_disc = pyglet.shapes.Circle(
            s(OUT_X + 150), s(OUT_Y + 95), s(85), color=theme.GREEN, batch=d, group=layer(1)
        )
        self.out_rim = pyglet.shapes.Arc(
            s(OUT_X + 150), s(OUT_Y + 95), s(85), thickness=s(5), color=theme.GOLD, batch=d, group=layer(2)
        )
        self.out_text = Text(d, layer(3), s(OUT_X + 150), s(OUT_Y + 95), s(96), bold=True)
        self.out_detail = Text(d, layer(3), s(OUT_X + 290), s(OUT_Y + 95), s(56), anchor_x="left", bold=True)
        self.win_title = Text(
            b, layer(2), s(win_x + WIN_W / 2), s(winners_y + WIN_H - 28), s(26), color=theme.GOLD, bold=True
        )
        self.win_title.show(cat.text("display.winners"))
        self.win_rows = [
            Text(
                d,
                layer(2),
                s(win_x + 30 + (k // 4) * 370),
                s(winners_y + WIN_H - 70 - (k % 4) * 40),
                s(26),
                anchor_x="left",
            )
            for k in range(MAX_WINNERS)
        ]
        self.hist_title = Text(
            b,
            layer(2),
            s(HIST_X + 20),
            s(HIST_Y + HIST_H - 22),
            s(20),
            color=theme.GOLD,
            anchor_x="left",
            bold=True,
        )
        self.hist_title.show(cat.text("display.history"))
        self._build_history(history_length)
        self._build_hot_cold()
        self._history: tuple[object, ...] = ()

    def _build_history(self, n: int) -> None:
        s, d = self.sc, self.dynamic
        tile = min(56.0, (HIST_W - 40) / n)
        self.tiles: list[tuple[pyglet.shapes.Rectangle, Text]] = []
        for k in range(n):
            x = HIST_X + 20 + k * tile
            rect = pyglet.shapes.Rectangle(
                s(x), s(HIST_Y + 14), s(tile - 6), s(60), color=theme.BLACK, batch=d, group=layer(1)
            )
            size = 30 if k == 0 else 24
            self.tiles.append(
                (rect, Text(d, layer(2), s(x + (tile - 6) / 2), s(HIST_Y + 44), s(size), bold=True))
            )

    def _build_hot_cold(self) -> None:
        s, b, d = self.sc, self.static, self.dynamic
        self.hc_rows: list[list[tuple[pyglet.shapes.Circle, Text, Text]]] = []
        for row, key, colour in (
            (0, "display.hot", (255, 140, 40, 255)),
            (1, "display.cold", (120, 190, 255, 255)),
        ):
            y = HC_Y + HC_H - 35 - row * 55
            title = Text(b, layer(2), s(HC_X + 20), s(y), s(24), color=colour, anchor_x="left", bold=True)
            title.show(self.cat.text(key), fit=s(HC_CELLS - HC_X - 30))
            self._keep.append(title)
            cells = []
            for k in range(4):
                cx = HC_CELLS + 24 + k * HC_STEP
                disc = pyglet.shapes.Circle(s(cx), s(y), s(24), color=theme.BLACK, batch=d, group=layer(1))
                count = Text(d, layer(2), s(cx + 30), s(y), s(20), color=theme.DIM, anchor_x="left")
                cells.append((disc, Text(d, layer(2), s(cx), s(y), s(24), bold=True), count))
            self.hc_rows.append(cells)
        self.hc_wait = Text(
            d, layer(2), s(HC_CELLS), s(HC_Y + HC_H / 2), s(22), color=theme.DIM, anchor_x="left"
        )

    def draw(self, scene: Scene) -> None:
        """Paint the boards for ``scene`` (texts first: the static batch holds some set here)."""
        cat = self.cat
        self.round.show(cat.text("display.round", round=scene.round_id) if scene.round_id else "")
        args = {k: cat.text(f"display.{v}") if k == "colour" else v for k, v in scene.headline_args}
        self.headline.show(cat.text(scene.headline, **args), fit=self.sc(1100))
        self.table.show(scene.table, fit=self.sc(360))  # venue · table id, clear of the headline
        self._countdown(scene)
        self._outcome(scene)
        self._winners(scene)
        self._history_tiles(scene)
        self._hot_cold(scene)
        self.static.draw()
        self.dynamic.draw()

    def _countdown(self, scene: Scene) -> None:
        on = scene.countdown is not None
        set_visible(self.clock_ring, on)
        self.clock.show(str(scene.countdown) if on else "")
        self.clock_label.show(self.cat.text("display.countdown_label") if on else "")

    def _outcome(self, scene: Scene) -> None:
        cat = self.cat
        self.out_label.show(cat.text(scene.outcome_label))
        shown = scene.outcome is not None
        set_visible(self.out_disc, shown)
        set_visible(self.out_rim, shown)
        if scene.outcome is None:
            self.out_text.show("")
            self.out_detail.show("")
            return
        detail = scene.outcome_detail
        self.out_disc.color = theme.OUTCOME_COLOURS.get(detail, theme.BLACK)
        self.out_text.show(scene.outcome)
        words = {"red": "display.red", "black": "display.black", "green": "display.green"}
        text = (
            cat.text(words[detail])
            if detail in words
            else (scene.history[0].outcome if scene.history else "")
        )
        self.out_detail.show(
            text, theme.OUTCOME_COLOURS.get(detail, theme.WHITE) if detail == "red" else theme.WHITE
        )

    def _winners(self, scene: Scene) -> None:
        rows = scene.winners or ()
        currency = find_currency(scene.currency)
        for k, text in enumerate(self.win_rows):
            if k < len(rows):
                seat = rows[k].seat.removeprefix("seat-")
                amount = format_amount(rows[k].won, currency)
                text.show(
                    f"{self.cat.text('display.seat_wins', seat=seat)}   {amount}",
                    theme.WHITE,
                )
            elif k == 0 and scene.winners is not None:
                text.show(self.cat.text("display.no_winners"), theme.DIM)
            else:
                text.show("")

    def _history_tiles(self, scene: Scene) -> None:
        if scene.history == self._history:
            return
        self._history = scene.history
        for k, (rect, text) in enumerate(self.tiles):
            if k < len(scene.history):
                item = scene.history[k]
                outcome = item.outcome
                colour = colour_of(outcome)
                set_visible(rect, True)
                rect.color = theme.OUTCOME_COLOURS[colour] if not item.void else (80, 80, 80, 255)
                text.show(outcome if colour != "dice" else outcome.replace("-", "·"))
            else:
                set_visible(rect, False)
                text.show("")

    def _hot_cold(self, scene: Scene) -> None:
        board = scene.hot_cold
        if board.ready:
            self.hc_wait.show("")
        else:
            wait = self.cat.text("display.too_few_spins", spins=board.spins, needed=board.needed)
            self.hc_wait.show(wait, fit=self.sc(HC_X + HC_W - HC_CELLS - 20))
        for cells, values in zip(self.hc_rows, (board.hot, board.cold), strict=True):
            for k, (disc, text, count) in enumerate(cells):
                if board.ready and k < len(values):
                    outcome, seen = values[k]
                    set_visible(disc, True)
                    colour = "dice" if scene.game == "craps" else colour_of(outcome)
                    disc.color = theme.OUTCOME_COLOURS[colour]
                    text.show(outcome)
                    count.show(self.cat.text("display.times_seen", count=seen))
                else:
                    set_visible(disc, False)
                    text.show("")
                    count.show("")
