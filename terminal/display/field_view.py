"""The Touchdown panel: its title, a status line, the teams with their seats, the football field with the
red and black end zones, yard lines, the ball, the drive chart and the downs played.

The status line announces the kick-off when a 0 or 00 starts a game, then tells the drive down by down,
and its verdict after the fourth down."""

from __future__ import annotations

from terminal.display import field_motion, theme
from terminal.display.gl import pyglet
from terminal.display.kit import Batch, Scale, Text, layer, panel
from terminal.display.model import TouchdownInfo
from terminal.display.scene import TouchdownPanel
from terminal.games.wheels import pocket_text
from terminal.i18n import Catalogue

X, Y, W, H = 1130, 400, 760, 290  # the panel
FX, FY, FW, FH = 1150, 480, 720, 110  # the field, end zones included
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
        self.status = Text(self.dynamic, layer(3), sc(X + W / 2), sc(Y + H - 60), sc(26), bold=True)
        self.ball = pyglet.shapes.Ellipse(
            0, sc(FY + FH / 2), sc(16), sc(10), color=BROWN, batch=self.dynamic, group=layer(4)
        )
        self.lace = pyglet.shapes.Line(
            0, 0, 0, 0, thickness=sc(2), color=theme.WHITE, batch=self.dynamic, group=layer(5)
        )
        self.marks = [
            Text(self.dynamic, layer(5), 0, sc(FY - 16), sc(18), bold=True, color=theme.GOLD)
            for _ in range(4)
        ]
        self.downs = Text(self.dynamic, layer(3), sc(X + W / 2), sc(Y + 26), sc(21))
        self.teams = (
            Text(self.dynamic, layer(3), sc(FX), sc(FY + FH + 16), sc(19), anchor_x="left", bold=True),
            Text(self.dynamic, layer(3), sc(FX + FW), sc(FY + FH + 16), sc(19), anchor_x="right", bold=True),
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

    def draw(self, pose: field_motion.FieldPose | None, panel: TouchdownPanel) -> None:
        """Paint the panel, the field at ``pose`` (None: no game in progress, the ball waits on the 50)."""
        self.static.draw()
        info = panel.info
        ball = pose.ball if pose is not None else 0.0
        x, y = self.x_of(ball), self.sc(FY + FH / 2)
        self.ball.position = (x, y)
        self.lace.x, self.lace.y, self.lace.x2, self.lace.y2 = x - self.sc(7), y, x + self.sc(7), y
        text, colour = self._status(pose, panel)
        self.status.show(text, colour, fit=self.sc(W - 40))
        marks = pose.marks if pose is not None and not pose.moving else (pose.marks[:-1] if pose else ())
        self._marks(marks)
        self.downs.show(self._downs(pose, info), fit=self.sc(W - 24))
        for row, team in zip(self.teams, ("black", "red"), strict=True):
            row.show(self._team(info.teams, team), fit=self.sc(FW / 2 - 10))
        self.dynamic.draw()

    def _downs(self, pose: field_motion.FieldPose | None, info: TouchdownInfo) -> str:
        """The downs played with their pockets and yards; while teams are chosen, who is choosing."""
        cat = self.cat
        choosing = [seat.removeprefix("seat-") for seat, team, _ in info.teams if team == "none"]
        if info.phase == "game" and not info.downs:
            if choosing:
                key = "display.choosing_one" if len(choosing) == 1 else "display.choosing_many"
                return cat.text(key, seats=", ".join(choosing))
            return cat.text("display.first_down_next")
        moves = pose.marks if pose is not None else ()
        steps = [
            f"{cat.text('display.down', down=k + 1)}: {pocket_text(info.downs[k])} ({_signed(moves, k)})"
            for k in range(min(len(info.downs), len(moves)))
        ]
        return "   ".join(steps)

    def _team(self, teams: tuple[tuple[str, str, bool], ...], team: str) -> str:
        """``RED TEAM: SEATS 2, 7`` (an RNG-assigned seat marked), or the team's name alone."""
        cat = self.cat
        title = cat.text(f"display.team_{team}")
        seats = [
            cat.text("display.seat_assigned", seat=seat.removeprefix("seat-"))
            if assigned
            else seat.removeprefix("seat-")
            for seat, chosen, assigned in teams
            if chosen == team
        ]
        if not seats:
            return title
        key = "display.team_seat" if len(seats) == 1 else "display.team_seats"
        return cat.text(key, team=title, seats=", ".join(seats))

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

    def _status(self, pose: field_motion.FieldPose | None, panel: TouchdownPanel) -> tuple[str, theme.RGBA]:
        cat, info = self.cat, panel.info
        if info.phase == "open":
            green = panel.landed in ("0", "00")
            return cat.text("display.no_kickoff" if green else "display.waiting_trigger"), theme.WHITE
        if pose is None or pose.downs_played == 0:
            return cat.text("display.kickoff"), theme.GOLD
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
