"""The Touchdown panel: its title, a status line, the teams with their seats, the football field with the
red and black end zones, yard lines, the ball, the drive chart and the downs played.

The status line announces the kick-off when a 0 or 00 starts a game, then tells the drive down by down,
and its verdict after the fourth down."""

from __future__ import annotations

from terminal.display import field_motion, theme
from terminal.display.gl import pyglet
from terminal.display.kit import Batch, Scale, Text, label, layer, panel
from terminal.display.layout import Rect
from terminal.display.model import TouchdownInfo
from terminal.display.scene import TouchdownPanel
from terminal.games.roulette.wheels import pocket_text
from terminal.i18n import Catalogue

BROWN = theme.FOOTBALL


class FieldView:
    """Paints the Touchdown panel inside ``rect`` (design pixels): the field takes the height left over."""

    def __init__(self, sc: Scale, cat: Catalogue, rect: Rect) -> None:
        self.sc, self.cat = sc, cat
        self.static, self.dynamic = Batch(), Batch()
        x, y, w, h = self.rect = rect
        self.fx, self.fw = x + 20, w - 40
        self.fy, self.fh = y + 72, h - 186  # under the title, status and teams; over the chart and downs
        self.zone = self.fw / 12
        self._keep: list[object] = panel(self.static, layer(0), rect, sc)
        self._build_field()
        s, d = sc, self.dynamic
        title = Text(
            self.static,
            layer(3),
            s(x + 20),
            s(y + h - 28),
            s(24),
            color=theme.GOLD,
            anchor_x="left",
            bold=True,
        )
        title.show(cat.text("display.touchdown"), fit=s(w - 40))
        self._keep.append(title)
        self.status = Text(d, layer(3), s(x + w / 2), s(y + h - 64), s(26), bold=True)
        self.status_room = s(w - 40)
        self.ball = pyglet.shapes.Ellipse(
            0, s(self.fy + self.fh / 2), s(16), s(10), color=BROWN, batch=d, group=layer(4)
        )
        self.lace = pyglet.shapes.Line(0, 0, 0, 0, thickness=s(2), color=theme.WHITE, batch=d, group=layer(5))
        self.marks = [
            Text(d, layer(5), 0, s(self.fy - 16), s(18), bold=True, color=theme.GOLD) for _ in range(4)
        ]
        self.note = Text(d, layer(3), s(x + w / 2), s(y + 26), s(21))  # who is choosing a team
        self.note_room = s(w - 24)
        cell = (w - 24) / 4
        self.downs = [Text(d, layer(3), s(x + 12 + cell * (k + 0.5)), s(y + 26), s(21)) for k in range(4)]
        self.down_room = s(cell - 8)
        self.teams = Text(d, layer(3), s(x + w / 2), s(self.fy + self.fh + 17), s(19), bold=True)
        self.team_room = s(self.fw)

    def _build_field(self) -> None:
        s, b, fx, fy, fw, fh, zone = self.sc, self.static, self.fx, self.fy, self.fw, self.fh, self.zone
        grass = fw - 2 * zone
        for k in range(10):
            colour = theme.FIELD_GRASS if k % 2 == 0 else theme.FIELD_GRASS_ALT
            self._keep.append(
                pyglet.shapes.Rectangle(
                    s(fx + zone + k * grass / 10),
                    s(fy),
                    s(grass / 10),
                    s(fh),
                    color=colour,
                    batch=b,
                    group=layer(1),
                )
            )
        for zone_x, colour, key in (
            (fx, theme.BLACK, "display.black"),
            (fx + fw - zone, theme.RED, "display.red"),
        ):
            self._keep.append(
                pyglet.shapes.Rectangle(
                    s(zone_x), s(fy), s(zone), s(fh), color=colour, batch=b, group=layer(1)
                )
            )
            self._keep.append(
                label(
                    b,
                    layer(2),
                    self.cat.text(key),
                    s(zone_x + zone / 2),
                    s(fy + fh / 2),
                    s(min(22, zone * 0.37)),
                    bold=True,
                    rotation=-90 if colour == theme.BLACK else 90,
                )
            )
        for k in range(11):
            x = s(fx + zone + k * grass / 10)
            self._keep.append(
                pyglet.shapes.Line(
                    x,
                    s(fy),
                    x,
                    s(fy + fh),
                    thickness=s(2 if k % 5 else 4),
                    color=theme.WHITE,
                    batch=b,
                    group=layer(2),
                )
            )
            if 0 < k < 10:
                self._keep.append(label(b, layer(2), str(50 - abs(50 - k * 10)), x, s(fy + 18), s(16)))

    def x_of(self, yards: float) -> float:
        """Screen x of a signed yard position (+ toward the red end zone on the right)."""
        grass = self.fw - 2 * self.zone
        return self.sc(self.fx + self.zone + grass / 2 + yards * grass / 100)

    def draw(self, pose: field_motion.FieldPose | None, panel: TouchdownPanel) -> None:
        """Paint the panel, the field at ``pose`` (None: no game in progress, the ball waits on the 50)."""
        self.static.draw()
        info = panel.info
        ball = pose.ball if pose is not None else 0.0
        x, y = self.x_of(ball), self.sc(self.fy + self.fh / 2)
        self.ball.position = (x, y)
        self.lace.x, self.lace.y, self.lace.x2, self.lace.y2 = x - self.sc(7), y, x + self.sc(7), y
        text, colour = self._status(pose, panel)
        self.status.show(text, colour, fit=self.status_room)
        marks = pose.marks if pose is not None and not pose.moving else (pose.marks[:-1] if pose else ())
        self._marks(marks)
        self._downs(pose, info)
        teams = [self._team(info.teams, team) for team in ("red", "black")]
        self.teams.show("   ·   ".join(t for t in teams if t), fit=self.team_room)
        self.dynamic.draw()

    def _downs(self, pose: field_motion.FieldPose | None, info: TouchdownInfo) -> None:
        """The downs played, one cell each (pocket and yards); while teams are chosen, who is choosing."""
        cat = self.cat
        choosing = [seat.removeprefix("seat-") for seat, team, _ in info.teams if team == "none"]
        note = ""
        if info.phase == "game" and not info.downs:
            key = "display.choosing_one" if len(choosing) == 1 else "display.choosing_many"
            note = (
                cat.text(key, seats=", ".join(choosing)) if choosing else cat.text("display.first_down_next")
            )
        self.note.show(note, fit=self.note_room)
        moves = pose.marks if pose is not None else ()
        for k, cell in enumerate(self.downs):
            shown = k < min(len(info.downs), len(moves))
            text = (
                cat.text(
                    "display.down_cell",
                    ordinal=cat.text(f"display.ordinal_{k + 1}"),
                    pocket=pocket_text(info.downs[k]),
                    yards=_signed(moves, k),
                )
                if shown
                else ""
            )
            cell.show(text, fit=self.down_room)

    def _team(self, teams: tuple[tuple[str, str, bool], ...], team: str) -> str:
        """``RED: SEATS 2, 7`` (an RNG-assigned seat marked); empty when no seat plays the team."""
        cat = self.cat
        seats = [
            cat.text("display.seat_assigned", seat=seat.removeprefix("seat-"))
            if assigned
            else seat.removeprefix("seat-")
            for seat, chosen, assigned in teams
            if chosen == team
        ]
        if not seats:
            return ""
        key = "display.team_seat" if len(seats) == 1 else "display.team_seats"
        return cat.text(key, team=cat.text(f"display.{team}"), seats=", ".join(seats))

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
            lo=self.sc(self.fx),
            hi=self.sc(self.fx + self.fw),
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
            line = field_motion.yard_line(round(pose.ball))
            return cat.text("display.drive_turnover", team=name, line=line), theme.WHITE
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
