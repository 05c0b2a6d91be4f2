"""Streams of every game's outcomes, drawn through the table's own production path, and their checks.

Each game declares its outcome ranges (:attr:`~terminal.games.seam.Game.streams`: the 36 ordered dice
pairs, a wheel's pockets, the 216 ordered Sic Bo rolls, the 54 Big Six sections, the 36 Props & Hops
shakes, the 46,656 High Roll throws of six dice, the 216 Three Dice Football throws, the 36
crapless rolls), each with the
configuration that makes a table draw it.
Each stream is drawn by that table's driver (``GameDriver.draw``, what :meth:`Table.play_round` calls)
from its **own** production generator, instantiated afresh from the OS entropy source, so no two streams
share a bit (the battery's outcome tests, by contrast, read one bitstream), and numbered as the game's
draw numbers it.

>>> [s.range.size for s in GAME_STREAMS]
[38, 37, 36, 216, 54, 36, 46656, 216, 36]
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from rng import Rng
from terminal import config as configuration
from terminal.config import Config
from terminal.games.registry import GAMES
from terminal.lab.game_stats import Check, OutcomeRange, Outcomes, check_range
from terminal.sims.bulk_draws import below_values
from terminal.table.boot import driver_for

Tick = Callable[[int], None]
Drawer = Callable[["GameStream", Rng, int, Tick], Outcomes]
CHUNK = 100_000


@dataclass(frozen=True, slots=True)
class GameStream:
    """A game's range and the configuration lines that select it."""

    range: OutcomeRange
    config_text: str

    def config(self) -> Config:
        """The configuration whose driver draws this stream."""
        return configuration.loads(self.config_text)


GAME_STREAMS: tuple[GameStream, ...] = tuple(
    GameStream(stream.range, stream.config_text) for g in GAMES.values() for stream in g.streams
)


@dataclass(frozen=True, slots=True)
class StreamResult:
    """One game's stream: which generator drew it, how many outcomes, their counts and every check."""

    name: str
    generator_id: str
    n: int
    counts: tuple[int, ...]
    checks: tuple[Check, ...]
    seconds: float


def draw_stream(stream: GameStream, rng: Rng, n: int, tick: Tick = lambda _: None) -> Outcomes:
    """``n`` outcomes of the stream's game, each from ``driver.draw(rng)`` as the table draws a round."""
    driver = driver_for(stream.config())
    draw, read, index = driver.draw, driver.read, driver.setup.draw.index
    values = np.empty(n, dtype=np.int32)
    for start in range(0, n, CHUNK):
        stop = min(n, start + CHUNK)
        values[start:stop] = [index(read(draw(rng).outcome).drawn) for _ in range(stop - start)]
        tick(stop - start)
    return values


def draw_stream_at_once(stream: GameStream, rng: Rng, n: int, tick: Tick = lambda _: None) -> Outcomes:
    """The outcomes :func:`draw_stream` gives from the same generator, without building a round for each.

    A round's draw is ``dice(k)`` (``k`` calls of the scaler below 6) or ``randbelow(m)`` (one call below
    ``m``); :meth:`Rng.randbelow_values` makes the same calls of the same scaler on the same words, in
    order, so ``k`` of its values below 6 are one roll and one value below ``m`` is one spin. They are
    drawn by :func:`~terminal.sims.bulk_draws.below_values`, its very values scaled in numpy
    (tests/lab/test_bulk_draws.py). The lab's long statistical runs read the production generator this way
    at 200 (six dice) to 1,600 (a wheel) times the speed of the driver; what the driver
    adds around the draw (the outcome record, its text and its reading back) is checked against this,
    outcome for outcome, in the tests. A game with side draws in the same round (``DrawPlan.extra``)
    interleaves their words with the outcome's, so it has no at-once stream.
    """
    plan = driver_for(stream.config()).setup.draw
    if plan.extra:
        raise ValueError(f"{stream.range.name}: side draws interleave with the outcome; use draw_stream")
    per, bound = (plan.n, 6) if plan.recipe == "dice" else (1, plan.n)
    place = 6 ** np.arange(per - 1, -1, -1, dtype=np.int64)  # the first die is the most significant digit
    values = np.empty(n, dtype=np.int32)
    for start in range(0, n, CHUNK):
        stop = min(n, start + CHUNK)
        drawn = below_values(rng, bound, (stop - start) * per)
        values[start:stop] = drawn.reshape(-1, per) @ place
        tick(stop - start)
    return values


def run_stream(
    stream: GameStream, make_rng: Callable[[], Rng], n: int, tick: Tick, draw: Drawer = draw_stream
) -> StreamResult:
    """Draw one stream on a fresh generator with ``draw`` (round by round, or at once) and check it."""
    started = time.monotonic()
    rng = make_rng()
    values = draw(stream, rng, n, tick)
    counts = np.bincount(values.astype(np.int64), minlength=stream.range.size)
    checks = tuple(check_range(stream.range, values))
    elapsed = time.monotonic() - started
    tallies = tuple(int(c) for c in counts)
    return StreamResult(stream.range.name, rng.generator_id, n, tallies, checks, elapsed)
