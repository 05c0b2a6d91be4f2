"""The paced parts' draws taken from the generator's words in bulk (``terminal.sims.paced_words``): the
values the production ``randbelow`` gives one draw at a time, whatever the ranges and their order, with
rejections; and never a word more than the plain loop takes, so the generator is left where the plain
loop leaves it. The fast engine's fallback for a model whose round is not one draw (drawing one by one)
still equals the plain loop too.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from rng import Rng
from terminal import config
from terminal.lab.simulate_seed import make_rng
from terminal.sims import fastsim, simulate_roulette, simulate_roulette_fast
from terminal.sims.paced_words import Words
from terminal.sims.simulate_plan import roulette_plan
from terminal.sims.simulate_roulette_fast import RouletteModel
from terminal.sims.tabulate import Part

SIDES = "[b2b]\noffered = true\n[blazing7s]\noffered = true\n"
HALF = (1 << 63) + 1  # a range whose words are rejected about half the time: the rejection path, for real


def test_words_shared_out_are_the_draws_one_at_a_time_with_rejections() -> None:
    ranges = [38, 2, HALF, 1000, 37, HALF, HALF, 1320, 6, 38] * 40
    one_by_one = make_rng(b"w", "roulette", 0)
    expected = [one_by_one.randbelow(n).value for n in ranges]
    assert one_by_one.rejections > 100  # the rejection path was taken, many times
    rng = make_rng(b"w", "roulette", 0)
    words = Words(rng)
    got = [words.below(n, want=len(ranges) - k) for k, n in enumerate(ranges)]
    assert got == expected
    assert words.pos == len(words.buf)  # every word drawn was taken: none drawn ahead
    assert rng.randbelow(1 << 40).value == one_by_one.randbelow(1 << 40).value  # left at the same word


def _rngs(seed: bytes) -> tuple[Rng, Rng]:
    return make_rng(seed, "roulette", 0), make_rng(seed, "roulette", 0)


@pytest.mark.parametrize(("text", "rounds", "batch"), [
    (SIDES, 1, 8192), (SIDES, 2, 8192), (SIDES, 1200, 61), (SIDES + "[touchdown]\noffered = false\n", 900, 7),
    ("", 1500, 53),
], ids=["sides-1", "sides-2", "sides-batch-61", "sides-no-touchdown-batch-7", "touchdown-only"])  # fmt: skip
def test_fast_leaves_the_generator_where_the_plain_loop_leaves_it(
    text: str, rounds: int, batch: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    plan = roulette_plan(config.loads(text))
    monkeypatch.setattr(fastsim, "BATCH", batch)
    plain_rng, fast_rng = _rngs(rounds.to_bytes(2, "big"))
    fast = simulate_roulette_fast.play(plan, rounds, fast_rng)
    assert fast == simulate_roulette.play(plan, rounds, plain_rng)
    assert fast_rng.randbelow(1 << 40).value == plain_rng.randbelow(1 << 40).value


@dataclass(frozen=True, slots=True)
class OneByOne:
    """Roulette's model as a game whose round is not one scaler draw would be: drawn one at a time."""

    inner: RouletteModel
    one_draw = False

    @property
    def width(self) -> int:
        return self.inner.width

    @property
    def parts(self) -> tuple[Part[object], ...]:
        return self.inner.parts  # type: ignore[return-value]

    def draw(self, rng: Rng, count: int) -> list[int]:
        return self.inner.draw(rng, count)

    def draw_one(self, rng: Rng) -> int:
        return self.inner.draw_one(rng)


def test_the_one_by_one_fallback_equals_the_plain_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    plan = roulette_plan(config.loads(SIDES))
    monkeypatch.setattr(fastsim, "BATCH", 97)
    plain_rng, fast_rng = _rngs(b"fallback")
    fast = fastsim.play(OneByOne(simulate_roulette_fast.model(plan)), 1200, fast_rng)
    assert fast == simulate_roulette.play(plan, 1200, plain_rng)
    assert fast_rng.randbelow(1 << 40).value == plain_rng.randbelow(1 << 40).value
