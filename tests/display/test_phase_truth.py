"""The display tells the truth phase by phase: a round replayed frame by frame, as the table sent it, shows
its outcome nowhere until the ball has landed or the dice rest.

The table pushes ``Result``, then a ``GameView`` and a ``History`` that already hold the outcome, and (a
headless table) the next betting window, all in the same instant. Every frame from that instant until
rest must show what the frame before it showed, everywhere but the wheel or the dice: the history strip,
hot and cold, the winners, the headline, the countdown, the Touchdown panel, the puck and the craps
boards. The rounds come from real headless runs (real controller, ledger, RNG, bots) recorded by the
display's recorder; the Touchdown rounds from the sample sequences, which send the same messages in the
same order.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from terminal.display import regions, samples
from terminal.display.gl import pyglet
from terminal.display.layout import Rect
from terminal.display.model import DisplayModel, apply, board_text
from terminal.display.painter import Painter
from terminal.display.replay import Recorded, recorder
from terminal.display.scene import WINNERS_AFTER_S, Scene, Stage, scene_at, settle_time
from terminal.i18n import load_catalogue
from terminal.lab.headless import run_headless
from terminal.net import messages as m
from tests.table.harness import make_config

W, H = 1920, 1080
FPS = 60
T0 = 1000.0  # when the result arrives: every earlier window has long run out
STEP = 8  # paint every 8th frame (each read-back costs); the scenes are checked every frame
BOARDS = (
    "history",
    "hot_cold",
    "winners",
    "craps",
    "lucky",
    "touchdown",
    "field",
    "outcome",
    "outcome_label",
)
BOARDS += ("countdown",)
gl = pyglet.gl  # after terminal.display.gl has set headless


@pytest.fixture(scope="module")
def window() -> Iterator[pyglet.window.Window]:
    win = pyglet.window.Window(W, H, visible=False)
    yield win
    win.close()


def _recorded(tmp: Path, game: str) -> Recorded:
    c = make_config(tmp, f"[table]\ngame = {game}\nport = 0\n")
    into: Recorded = []
    run_headless(c, rounds=3, seats=3, progress=lambda _: None, observer=recorder(c, into))
    return into


def _rounds(recorded: Recorded, start: DisplayModel) -> Iterator[tuple[DisplayModel, list[object]]]:
    """(the model just before each ``Result``, what the table sent with it up to the next window)."""
    messages = [message for _, message in recorded]
    for k, message in enumerate(messages):
        if not isinstance(message, m.Result):
            continue
        end = k + 1
        while end < len(messages) and not _opens(messages[end]) and not isinstance(messages[end], m.Result):
            end += 1
        model = start
        for earlier in messages[:k]:
            model = apply(model, earlier, 0.0)
        yield model, messages[k : end + 1]


def _opens(message: object) -> bool:
    return isinstance(message, m.TableState) and message.phase == "open"


def _outside(box: Rect) -> list[tuple[int, int]]:
    """Sample points (every 8 px) outside ``box`` (design pixels = window pixels at 1920x1080)."""
    x0, y0, w, h = regions.padded(box, 6.0)
    ys, xs = (grid.ravel() for grid in np.mgrid[0:H:8, 0:W:8])  # row by row, as the frame's bytes run
    inside = (x0 <= xs) & (xs <= x0 + w) & (y0 <= ys) & (ys <= y0 + h)
    return list(zip(xs[~inside].tolist(), ys[~inside].tolist(), strict=True))


def _pixels(points: np.ndarray) -> np.ndarray:
    """(r, g, b) at each (x, y) of ``points`` in the frame, one row per point (numpy: a Python loop over
    the points cost seconds a test). Only the window's rows the points lie on are read back (every 8th:
    a whole 1920x1080 read-back cost four times as much); y counts from the bottom, as GL does."""
    xs, ys = points.T
    lines, row_of = np.unique(ys, return_inverse=True)
    rows = np.empty((len(lines), W, 4), np.uint8)
    gl.glPixelStorei(gl.GL_PACK_ALIGNMENT, 1)
    for k, y in enumerate(lines.tolist()):
        gl.glReadPixels(0, y, W, 1, gl.GL_RGBA, gl.GL_UNSIGNED_BYTE, rows[k].ctypes.data)
    return rows[row_of, xs, :3]


def _same_boards(before: Scene, now: Scene) -> list[str]:
    return [name for name in BOARDS if getattr(before, name) != getattr(now, name)]


def _replay(painter: Painter, model: DisplayModel, burst: list[object], stage_box: Rect) -> None:
    result = burst[0]
    assert isinstance(result, m.Result)
    before = scene_at(model, T0 - 1 / FPS, 20)
    assert before.stage is Stage.CLOSED and before.headline == "display.no_more_bets"
    painter.paint(before)
    points = _outside(stage_box)
    where = np.array(points)
    still = _pixels(where)
    for message in burst:
        model = apply(model, message, T0)
    frames = int(settle_time(model) * FPS)
    for frame in range(frames):
        t = T0 + frame / FPS
        scene = scene_at(model, t, 20)
        assert scene.stage is Stage.SPINNING, frame
        assert scene.headline == before.headline and scene.round_id == result.round_id, frame
        assert _same_boards(before, scene) == [], (result.outcome, frame)
        if frame % STEP == 0:
            painter.paint(scene)
            moved = [points[k] for k in np.flatnonzero((_pixels(where) != still).any(axis=1))]
            assert moved == [], (result.outcome, frame, moved[:10])
    rest = scene_at(model, T0 + settle_time(model) + WINNERS_AFTER_S + 0.1, 20)
    assert rest.stage is Stage.RESULT and rest.headline != before.headline
    assert rest.history[0].round_id == result.round_id
    assert rest.history[0].outcome == board_text(result.outcome) and rest.winners is not None


@pytest.mark.parametrize("game", ["roulette", "craps"])
def test_no_frame_before_rest_shows_the_outcome(
    game: str, tmp_path: Path, window: pyglet.window.Window
) -> None:
    recorded = _recorded(tmp_path, game)
    start = DisplayModel(game=game)
    painter = Painter(window, load_catalogue("en"), 20, incremental=True)
    box = painter.design.wheel_box() if game == "roulette" else painter.design.craps.tray
    rounds = list(_rounds(recorded, start))
    assert len(rounds) == 3
    for model, burst in rounds:
        _replay(painter, model, burst, box)


@pytest.mark.parametrize(
    "downs",  # the kick-off in make check; each later down (the drive's other frames) in make test
    [
        pytest.param((0,), id="kick-off"),
        pytest.param((32,), id="1", marks=pytest.mark.slow),
        pytest.param((32, 8), id="2", marks=pytest.mark.slow),
        pytest.param((32, 8, 0, 19), id="4", marks=pytest.mark.slow),
    ],
)
def test_no_touchdown_frame_before_rest_shows_the_down(
    downs: tuple[int, ...], window: pyglet.window.Window
) -> None:
    """A kick-off (0 starts a game) and downs 1, 2 and 4 (the fourth ends the game: the table's view is
    idle again when the result is sent, and the display keeps the drive to show its end)."""
    painter = Painter(window, load_catalogue("en"), 20, incremental=True)
    model = samples.base()
    if downs == (0,):
        view = samples.touchdown_view((), teams=(("seat-2", "none", False),))
    else:
        model = samples.touchdown(model, downs[:-1])
        view = samples.touchdown_view(downs) if len(downs) < 4 else samples.touchdown_view(phase="open")
    model = apply(model, samples.table_state(model, samples.ROUND, "open", 0), T0 - 30)
    pocket = str(downs[-1])
    burst = [
        m.Result(samples.ROUND, pocket, ()),
        view,
        m.History((m.HistoryEntry(samples.ROUND, pocket, False),)),
        samples.table_state(model, samples.ROUND + 1, "open", 25_000),
    ]
    _replay(painter, model, burst, painter.design.wheel_box())
    for message in burst:
        model = apply(model, message, T0)
    rest = scene_at(model, T0 + settle_time(model) + 3.0, 20)
    assert rest.touchdown is not None and rest.field is not None
    assert rest.touchdown.info.downs == (downs if downs != (0,) else ())
    assert rest.field.downs_played == len(rest.touchdown.info.downs)
