"""The display shows nothing of a round's outcome before its reveal time (issue 29 §1), frame by frame, for
every game: the boards and boxes are the same whatever the outcome, and no die, pocket or section reads
the outcome unless chance puts it there.

The round comes from :mod:`tests.support.reveal_rounds` (the messages the controller sends, with the
reveal time it computes). For every frame (60 a second) from the result until the reveal:

- the scene's boards (headline, outcome panel, winners, history, hot and cold, the game's boards) are the
  same for the winning and the losing outcome, and the painted frame (pyglet, headless) is the same
  pixels outside the stage (every 20th frame);
- what a player reads on the stage equals the outcome for no more outcomes than chance gives: over every
  outcome of the game, the share whose frame shows its own outcome (each die's face, the pocket under
  the ball, the section under the clapper) is at most twice the share a random face would match.

At the reveal time the stage rests on the outcome and the boards call it.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import numpy as np
import pytest

from terminal.display import bigsix_stage, layout, regions
from terminal.display.gl import pyglet
from terminal.display.layout import Rect
from terminal.display.model import DisplayModel, apply
from terminal.display.painter import Painter
from terminal.display.scene import Scene, Stage, scene_at, settle_time
from terminal.display.wheel_motion import pocket_under
from terminal.games.bigsix.rules import SECTIONS, SIZE
from terminal.games.roulette.wheels import WHEELS
from terminal.i18n import load_catalogue
from terminal.net import messages as m
from tests.support.reveal_rounds import ROUNDS, Round, before, result, reveal_ms

W, H = 1920, 1080
FPS = 60
T0 = 1000.0
PAINT_EVERY = 20
BOARDS = (
    "headline", "headline_args", "outcome", "outcome_label", "outcome_detail", "winners", "history",
    "hot_cold", "craps", "lucky", "hot", "touchdown", "sides", "countdown", "shown", "round_id",
    "state",  # a faced game's view record (Three Dice Football's drive): held until the dice rest
)  # fmt: skip
ORDER = WHEELS["double_zero"].order
gl = pyglet.gl


def _pocket_text(pocket: int) -> str:
    return "00" if pocket == 37 else str(pocket)


OUTCOMES = {
    "roulette": [_pocket_text(p) for p in ORDER],
    "craps": [f"{a}-{b}" for a, b in itertools.product(range(1, 7), repeat=2)],
    "crapless": [f"{a}-{b}" for a, b in itertools.product(range(1, 7), repeat=2)],
    "sicbo": ["-".join(map(str, d)) for d in itertools.product(range(1, 7), repeat=3)],
    "bigsix": [f"{symbol}@{k}" for k, symbol in enumerate(SECTIONS)],
    "high_roll": ["-".join(map(str, random.Random(n).choices(range(1, 7), k=10))) for n in range(216)],
    "tdf": ["-".join(map(str, d)) for d in itertools.product(range(1, 7), repeat=3)],
}


def _model(r: Round, outcome: str) -> DisplayModel:
    model = DisplayModel(game=r.game)
    for message in before(r):
        model = apply(model, message, 0.0)
    model = apply(model, m.TableState(**{**_fields(before(r)[0]), "phase": "settled", "countdown_ms": 0}), T0)
    for message in result(r, outcome):
        model = apply(model, message, T0)
    return model


def _fields(state: m.Message) -> dict[str, object]:
    return {name: getattr(state, name) for name in state.__dataclass_fields__}


def _read(game: str, scene: Scene) -> tuple[str, ...]:
    """What a player reads on the stage: each die's face, the pocket under the ball, the section under the
    clapper (as the outcome's own text would have it)."""
    if game == "roulette":
        assert scene.wheel is not None
        return (_pocket_text(pocket_under(ORDER, scene.wheel.wheel_deg, scene.wheel.ball_deg)),)
    if game == "craps":
        assert scene.dice is not None
        return tuple(str(f) for f in scene.dice.faces)
    if game in ("sicbo", "tdf", "crapless"):
        return tuple(str(f) for f in scene.pose.faces)  # type: ignore[attr-defined]
    if game == "high_roll":  # the dice on the felt, in the order thrown (at rest, none moved yet)
        return tuple(str(d.face) for d in scene.pose.tray)  # type: ignore[attr-defined]
    section = round(bigsix_stage.under_clapper(scene.pose.angle)) % SIZE  # type: ignore[attr-defined]
    return (f"{SECTIONS[section]}@{section}",)


def _parts(game: str, outcome: str) -> tuple[str, ...]:
    return (
        tuple(outcome.split("-"))
        if game in ("craps", "sicbo", "high_roll", "tdf", "crapless")
        else (outcome,)
    )


@pytest.mark.parametrize("game", sorted(ROUNDS))
def test_no_box_or_board_shows_the_outcome_before_the_reveal(game: str) -> None:
    r = ROUNDS[game]
    won, lost = _model(r, r.win), _model(r, r.lose)
    reveal = reveal_ms(game, r.win) / 1000
    assert settle_time(won) == reveal  # the display's ball, dice or wheel rests at the seat's reveal time
    for frame in range(int(reveal * FPS)):
        t = T0 + frame / FPS
        a, b = scene_at(won, t, 20), scene_at(lost, t, 20)
        assert a.stage is Stage.SPINNING, frame
        changed = [name for name in BOARDS if getattr(a, name) != getattr(b, name)]
        assert changed == [], f"{game}: frame {frame} shows the outcome in {changed}"
    rest = scene_at(won, T0 + reveal, 20)
    assert rest.stage is Stage.RESULT and _read(game, rest) == _parts(game, r.win)
    assert rest.history[0].round_id == 5


@pytest.mark.parametrize("game", sorted(ROUNDS))
def test_no_face_reads_the_outcome_before_the_reveal_unless_by_chance(game: str) -> None:
    r = ROUNDS[game]
    outcomes = OUTCOMES[game]
    models = [_model(r, outcome) for outcome in outcomes]
    parts = [_parts(game, outcome) for outcome in outcomes]
    chance = 1 / 6 if game in ("craps", "sicbo", "high_roll", "tdf", "crapless") else 1 / len(outcomes)
    reveal = reveal_ms(game, r.win) / 1000
    for frame in range(int(reveal * FPS)):
        t = T0 + frame / FPS
        shown = [_read(game, scene_at(model, t, 20)) for model in models]
        for k in range(len(parts[0])):
            share = sum(s[k] == p[k] for s, p in zip(shown, parts, strict=True)) / len(outcomes)
            assert share <= 2 * chance, (
                f"{game}: {frame / FPS:.3f} s after the result, {share:.0%} of outcomes show their own "
                f"{'die ' + str(k + 1) if len(parts[0]) > 1 else 'result'} (chance: {chance:.0%})"
            )
    rested = [_read(game, scene_at(model, T0 + reveal, 20)) for model in models]
    assert rested == parts  # at the reveal every outcome rests on its own faces


@pytest.fixture(scope="module")
def window() -> Iterator[pyglet.window.Window]:
    win = pyglet.window.Window(W, H, visible=False)
    yield win
    win.close()


def _outside(box: Rect) -> np.ndarray:
    x0, y0, w, h = regions.padded(box, 6.0)
    ys, xs = (grid.ravel() for grid in np.mgrid[0:H:8, 0:W:8])
    inside = (x0 <= xs) & (xs <= x0 + w) & (y0 <= ys) & (ys <= y0 + h)
    return np.stack([xs[~inside], ys[~inside]], axis=1)


def _pixels(points: np.ndarray) -> np.ndarray:
    out = np.empty((H, W, 4), np.uint8)
    gl.glReadBuffer(gl.GL_BACK)
    gl.glPixelStorei(gl.GL_PACK_ALIGNMENT, 1)
    gl.glReadPixels(0, 0, W, H, gl.GL_RGBA, gl.GL_UNSIGNED_BYTE, out.ctypes.data)
    return out[points[:, 1], points[:, 0], :3]


@pytest.mark.parametrize("game", sorted(ROUNDS))
def test_the_painted_display_is_the_same_outside_the_stage_whatever_the_outcome(
    game: str, window: pyglet.window.Window
) -> None:
    r = ROUNDS[game]
    won, lost = _model(r, r.win), _model(r, r.lose)
    painter = Painter(window, load_catalogue("en"), 20)
    design = painter.design
    box = {"roulette": design.wheel_box(), "craps": design.craps.tray}.get(game) or layout.stage_box(design)
    points = _outside(box)
    reveal = reveal_ms(game, r.win) / 1000
    for frame in range(0, int(reveal * FPS), PAINT_EVERY):
        t = T0 + frame / FPS
        painter.paint(scene_at(won, t, 20))
        a = _pixels(points)
        painter.paint(scene_at(lost, t, 20))
        b = _pixels(points)
        differ = np.flatnonzero((a != b).any(axis=1))
        assert len(differ) == 0, f"{game}: frame {frame} differs at {points[differ[:5]].tolist()}"


@pytest.mark.parametrize("game", sorted(ROUNDS))
def test_a_display_linking_up_mid_reveal_rests_in_step_with_the_seats(game: str) -> None:
    """The controller tells a screen that links up while a round is in play the reveal time left: the
    display joins the motion where it is and rests when the seats reveal, not a whole spin later."""
    r = ROUNDS[game]
    full = reveal_ms(game, r.win)
    late = DisplayModel(game=r.game)
    for message in before(r):
        late = apply(late, message, 0.0)
    burst = result(r, r.win)
    first = burst[0]
    assert isinstance(first, m.Result)
    left = full // 3
    for message in [m.Result(first.round_id, first.outcome, first.settlements, left), *burst[1:]]:
        late = apply(late, message, T0)
    assert scene_at(late, T0 + left / 1000 - 1 / FPS, 20).stage is Stage.SPINNING
    rest = scene_at(late, T0 + left / 1000 + 1e-6, 20)  # (the clock's float sums)
    assert rest.stage is Stage.RESULT and _read(game, rest) == _parts(game, r.win)


@pytest.mark.parametrize("game", sorted(ROUNDS))
def test_every_outcome_is_revealed_before_the_table_opens_the_next_window(game: str) -> None:
    """A live table waits the game's ``show_seconds`` (and the results' time) before the next window: no
    outcome's reveal may come later, or a seat would see a window open over a round still in play."""
    from terminal.games.registry import game as declared

    show = declared(game).show_seconds
    assert all(0 < reveal_ms(game, outcome) / 1000 <= show for outcome in OUTCOMES[game])
