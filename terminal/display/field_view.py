"""The Touchdown football field: end zones of the red and black teams, yard lines, the ball and the drive."""

from __future__ import annotations

from terminal.display import field_motion, theme
from terminal.display.gl import pyglet
from terminal.display.kit import Batch, Scale, Text, layer, panel
from terminal.games.wheels import pocket_text
from terminal.i18n import Catalogue

X, Y, W, H = 1130, 400, 760, 290  # the panel
FX, FY, FW, FH = 1150, 470, 720, 150  # the field, end zones included
ZONE = 60  # end zone width
BROWN = (139, 69, 19, 255)


class FieldView:
    """Paints the field and the drive."""

    def __init__(self, sc: Scale, cat: Catalogue) -> None:
        self.sc, self.cat = sc, cat
        self.static, self.dynamic = Batch(), Batch()
        self._keep: list[object] = panel(self.static, layer(0), sc(X), sc(Y), sc(W), sc(H), sc)
        self._build_field()
        self.title = Text(
            self.static,
            layer(3),
            sc(X + 20),
            sc(Y + H - 28),
            sc(24),
            color=theme.GOLD,
            anchor_x="left",
            bold=True,
        )
        self.title.show(cat.text("display.touchdown"))
        self.status = Text(
            self.dynamic, layer(3), sc(X + W - 20), sc(Y + H - 28), sc(24), anchor_x="right", bold=True
        )
        self.ball = pyglet.shapes.Ellipse(
            0, sc(FY + FH / 2), sc(16), sc(10), color=BROWN, batch=self.dynamic, group=layer(4)
        )
        self.lace = pyglet.shapes.Line(
            0, 0, 0, 0, thickness=sc(2), color=theme.WHITE, batch=self.dynamic, group=layer(5)
        )
        self.marks = [
            Text(self.dynamic, layer(5), 0, sc(FY - 18), sc(18), bold=True, color=theme.GOLD)
            for _ in range(4)
        ]
        self.downs = Text(self.dynamic, layer(3), sc(X + W / 2), sc(Y + 24), sc(21))
        self.teams = (
            Text(self.dynamic, layer(3), sc(FX), sc(FY + FH + 14), sc(17), anchor_x="left"),
            Text(self.dynamic, layer(3), sc(FX + FW), sc(FY + FH + 14), sc(17), anchor_x="right"),
        )

    def _build_field(self) -> None:
        sc, b = self.sc, self.static
        grass = FW - 2 * ZONE
        for k in range(10):
            colour = theme.FIELD_GRASS if k % 2 == 0 else theme.FIELD_GRASS_ALT
            self._keep.append(
                pyglet.shapes.Rectangle(
                    sc(FX + ZONE + k * grass / 10),
                    sc(FY),
                    sc(grass / 10),
                    sc(FH),
                    color=colour,
                    batch=b,
                    group=layer(1),
                )
            )
        for zone_x, colour, key in (
            (FX, theme.BLACK, "display.black"),
            (FX + FW - ZONE, theme.RED, "display.red"),
        ):
            self._keep.append(
                pyglet.shapes.Rectangle(
                    sc(zone_x), sc(FY), sc(ZONE), sc(FH), color=colour, batch=b, group=layer(1)
                )
            )
            self._keep.append(
                pyglet.text.Label(
                    self.cat.text(key),
                    x=sc(zone_x + ZONE / 2),
                    y=sc(FY + FH / 2),
                    anchor_x="center",
                    anchor_y="center",
                    rotation=-90 if colour == theme.BLACK else 90,
                    font_name=theme.FONT,
                    font_size=sc(22),
                    dpi=72,
                    weight="bold",
                    color=theme.WHITE,
                    batch=b,
                    group=layer(2),
                )
            )
        for k in range(11):
            x = sc(FX + ZONE + k * grass / 10)
            self._keep.append(
                pyglet.shapes.Line(
                    x,
                    sc(FY),
                    x,
                    sc(FY + FH),
                    thickness=sc(2 if k % 5 else 4),
                    color=theme.WHITE,
                    batch=b,
                    group=layer(2),
                )
            )
            if 0 < k < 10:
                self._keep.append(
                    pyglet.text.Label(
                        str(50 - abs(50 - k * 10)),
                        x=x,
                        y=sc(FY + 18),
                        anchor_x="center",
                        anchor_y="center",
                        font_name=theme.FONT,
                        font_size=sc(16),
                        dpi=72,
                        color=theme.WHITE,
                        batch=b,
                        group=layer(2),
                    )
                )

    def x_of(self, yards: float) -> float:
        """Screen x of a signed yard position (+ toward the red end zone on the right)."""
        grass = FW - 2 * ZONE
        return self.sc(FX + ZONE + grass / 2 + yards * grass / 100)

    def draw(
        self,
        pose: field_motion.FieldPose | None,
        downs: tuple[int, ...],
        teams: tuple[tuple[str, str, bool], ...],
    ) -> None:
        """Paint the field at ``pose`` (None: no game in progress, the ball waits on the 50)."""
        self.static.draw()
        ball = pose.ball if pose is not None else 0.0
        x, y = self.x_of(ball), self.sc(FY + FH / 2)
        self.ball.position = (x, y)
        self.lace.x, self.lace.y, self.lace.x2, self.lace.y2 = x - self.sc(7), y, x + self.sc(7), y
        self.status.show(*self._status(pose))
        marks = pose.marks if pose is not None and not pose.moving else (pose.marks[:-1] if pose else ())
        self._marks(marks)
        gains = [f"{pocket_text(p)}" for p in downs]
        moves = pose.marks if pose is not None else ()
        steps = [
            f"{self.cat.text('display.down', down=k + 1)}: {gains[k]} ({_signed(moves, k)})"
            for k in range(min(len(gains), len(moves)))
        ]
        text = "   ".join(steps) if steps else self.cat.text("display.waiting_trigger")
        self.downs.show(text, fit=self.sc(W - 24))
        self.teams[0].show(_seats(teams, "black", self.cat.text("display.team_black")))
        self.teams[1].show(_seats(teams, "red", self.cat.text("display.team_red")))
        self.dynamic.draw()

    def _marks(self, marks: tuple[int, ...]) -> None:
        """The drive chart under the field: the down numbers at the yards where each down ended.

        Downs that ended on the same yard share one label (``2·3``); labels of nearby yards move apart.
        """
        groups = sorted(field_motion.mark_groups(marks), key=lambda g: g[0])
        for k, text in enumerate(self.marks):
            text.show(groups[k][1] if k < len(groups) else "")
        shown = self.marks[: len(groups)]
        xs = field_motion.spread(
            tuple(self.x_of(yard) for yard, _ in groups),
            tuple(text.content_width for text in shown),
            gap=self.sc(6),
            lo=self.sc(FX),
            hi=self.sc(FX + FW),
        )
        for text, x in zip(shown, xs, strict=True):
            text.label.x = x

    def _status(self, pose: field_motion.FieldPose | None) -> tuple[str, theme.RGBA]:
        cat = self.cat
        if pose is None or pose.downs_played == 0:
            return cat.text("display.kickoff"), theme.WHITE
        kind, team = pose.verdict
        name = cat.text(f"display.{team}") if team else ""
        if kind == "touchdown":
            return cat.text("display.drive_touchdown", team=name), theme.GOLD
        if kind == "turnover":
            return cat.text("display.drive_turnover", team=name), theme.WHITE
        if kind == "tie":
            return cat.text("display.drive_tie"), theme.WHITE
        line = field_motion.yard_line(round(pose.ball))
        return (
            f"{cat.text('display.down', down=pose.downs_played)} · {cat.text('display.ball_on', line=line)}",
            theme.WHITE,
        )


def _signed(positions: tuple[int, ...], k: int) -> str:
    before = positions[k - 1] if k else 0
    gain = positions[k] - before
    return f"{gain:+d}" if gain else "0"


def _seats(teams: tuple[tuple[str, str, bool], ...], team: str, title: str) -> str:
    seats = [seat.removeprefix("seat-") for seat, chosen, _ in teams if chosen == team]
    return f"{title}: {', '.join(seats)}" if seats else title
