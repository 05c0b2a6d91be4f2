"""The games' outcome ranges, and streams of outcomes drawn through the table's own production path.

Each stream is drawn by the game's driver (``GameDriver.draw``, what :meth:`Table.play_round` calls) from
its **own** production generator, instantiated afresh from the OS entropy source, so no two streams share
a bit (the battery's outcome tests, by contrast, read one bitstream). Adding a game's range is one entry
of :data:`GAME_STREAMS`: Sic Bo (216 ordered triples of three dice) and Big Six (54 sections) go here once
their games and drivers exist; until then :func:`~terminal.lab.game_stats.uniform_range` runs the generic
checks on any range.

>>> craps = craps_range()
>>> craps.size, [p.name for p in craps.projections][:1], str(craps.projections[0].probabilities[5])
(36, ['the 11 sums'], '1/6')
>>> roulette_range("double_zero").splits[0].of[37], roulette_range("double_zero").splits[0].of[1]
(-1, 1)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from rng import Rng
from terminal import config as configuration
from terminal.config import Config
from terminal.games.roulette.wheels import is_red, wheel
from terminal.lab.game_stats import Check, OutcomeRange, Outcomes, Pairing, Projection, Split, check_range
from terminal.table.boot import driver_for

Tick = Callable[[int], None]
CHUNK = 100_000


def craps_range() -> OutcomeRange:
    """Two dice as the 36 ordered pairs ``(d1 - 1) * 6 + (d2 - 1)``."""
    dice = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    sums = tuple(a + b - 2 for a, b in dice)
    return OutcomeRange(
        "craps: two dice",
        36,
        value=tuple(a + b for a, b in dice),
        value_name="the sum",
        projections=(
            Projection("the 11 sums", sums, tuple(Fraction(6 - abs(s - 7), 36) for s in range(2, 13))),
            Projection("die 1's faces", tuple(a - 1 for a, _ in dice), (Fraction(1, 6),) * 6),
            Projection("die 2's faces", tuple(b - 1 for _, b in dice), (Fraction(1, 6),) * 6),
        ),
        splits=(
            Split("odd/even sums", tuple((a + b) % 2 for a, b in dice)),
            Split("high/low sums (7 left out)", tuple(-1 if a + b == 7 else int(a + b > 7) for a, b in dice)),
        ),
        pairings=(Pairing("die 1 and die 2", tuple(a - 1 for a, _ in dice), tuple(b - 1 for _, b in dice)),),
    )


def roulette_range(wheel_name: str) -> OutcomeRange:
    """A wheel's pockets by number (00 is 37); the zeros are left out of every even-money split."""
    size = wheel(wheel_name).size
    numbers = range(size)

    def even_money(rule: Callable[[int], bool]) -> tuple[int, ...]:
        return tuple(int(rule(p)) if 1 <= p <= 36 else -1 for p in numbers)

    thirds = (Fraction(size - 36, size),) + (Fraction(12, size),) * 3  # the zeros, then 1-12, 13-24, 25-36
    return OutcomeRange(
        f"roulette: {wheel_name} wheel",
        size,
        value=tuple(numbers),
        value_name="the pocket number" + (" (00 as 37)" if size == 38 else ""),
        projections=(
            Projection("dozens (zeros as one)", tuple(_dozen(p) for p in numbers), thirds),
            Projection("columns (zeros as one)", tuple(_column(p) for p in numbers), thirds),
        ),
        splits=(
            Split("red/black", even_money(is_red)),
            Split("odd/even", even_money(lambda p: p % 2 == 1)),
            Split("low/high (1-18, 19-36)", even_money(lambda p: p > 18)),
        ),
    )


def _dozen(pocket: int) -> int:
    return (pocket - 1) // 12 + 1 if 1 <= pocket <= 36 else 0


def _column(pocket: int) -> int:
    return (pocket - 1) % 3 + 1 if 1 <= pocket <= 36 else 0


@dataclass(frozen=True, slots=True)
class GameStream:
    """A game's range, the configuration lines that select it, and its outcome record's index."""

    range: OutcomeRange
    config_text: str
    index: Callable[[dict[str, Any]], int]

    def config(self) -> Config:
        """The configuration whose driver draws this stream."""
        return configuration.loads(self.config_text)


def _dice_index(outcome: dict[str, Any]) -> int:
    first, second = outcome["dice"]
    return (int(first) - 1) * 6 + int(second) - 1


def _pocket_index(outcome: dict[str, Any]) -> int:
    return int(outcome["pocket"])


GAME_STREAMS: tuple[GameStream, ...] = (
    GameStream(craps_range(), "[table]\ngame = craps\n", _dice_index),
    GameStream(roulette_range("double_zero"), "[roulette]\nwheel = double_zero\n", _pocket_index),
    GameStream(
        roulette_range("single_zero"),
        "[roulette]\nwheel = single_zero\n[touchdown]\noffered = false\n",
        _pocket_index,
    ),
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
    draw = driver_for(stream.config()).draw
    index = stream.index
    values = np.empty(n, dtype=np.int16)
    for start in range(0, n, CHUNK):
        stop = min(n, start + CHUNK)
        values[start:stop] = [index(draw(rng).outcome) for _ in range(stop - start)]
        tick(stop - start)
    return values


def run_stream(stream: GameStream, make_rng: Callable[[], Rng], n: int, tick: Tick) -> StreamResult:
    """Draw one stream on a fresh generator and check it."""
    started = time.monotonic()
    rng = make_rng()
    values = draw_stream(stream, rng, n, tick)
    counts = np.bincount(values.astype(np.int64), minlength=stream.range.size)
    checks = tuple(check_range(stream.range, values))
    elapsed = time.monotonic() - started
    tallies = tuple(int(c) for c in counts)
    return StreamResult(stream.range.name, rng.generator_id, n, tallies, checks, elapsed)
