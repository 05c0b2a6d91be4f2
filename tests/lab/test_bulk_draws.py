"""terminal.sims.bulk_draws against the certified generator's own ``randbelow_values``: the same values, the
same words taken, the generator left in the same place (counter, rejections, epoch, the next draws), over
request boundaries, count- and clock-driven reseeds and ranges where many words are rejected."""

from __future__ import annotations

import pytest

from rng import Rng
from rng.entropy import EntropySource, HealthParameters
from terminal.lab.simulate_seed import SeededStream, make_rng
from terminal.sims.bulk_draws import LARGEST, below_values


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _pair(generator: str, block_bytes: int, reseed_interval: int) -> tuple[Rng, Rng, Clock, Clock]:
    made = []
    for _ in range(2):
        clock = Clock()
        source = EntropySource(HealthParameters(min_entropy=8), read=SeededStream(b"bulk", "t", 0).read)
        rng = Rng(source, clock, generator=generator, reseed_interval=reseed_interval, reseed_seconds=50.0,
                  name="bulk", block_bytes=block_bytes)  # fmt: skip
        made.append((rng, clock))
    return made[0][0], made[1][0], made[0][1], made[1][1]


def _same_place(a: Rng, b: Rng) -> None:
    assert (a.counter, a.rejections, a.epoch) == (b.counter, b.rejections, b.epoch)


# (range, count): tiny and huge counts against 8-word requests, an eighth and a sixteenth rejected
STEPS = [(6, 1), (6, 7), (6, 8), (6, 9), (37, 100), (2**61 + 1, 300), (6, 0), (3 * 2**60, 257), (54, 1),
         (6, 2000), (2**62, 40), (2**61 + 1, 5)]  # fmt: skip


@pytest.mark.parametrize("generator", ["ctr_drbg_aes256", "hmac_drbg_sha256"])
def test_same_values_words_and_place_as_randbelow_values(generator: str) -> None:
    a, b, clock_a, clock_b = _pair(generator, block_bytes=64, reseed_interval=5)
    for k, (n, count) in enumerate(STEPS * 3):
        if k == len(STEPS):  # a clock-driven reseed comes due before the next draw
            clock_a.now = clock_b.now = 60.0
        plain = a.randbelow_values(n, count)
        bulk = below_values(b, n, count)
        assert bulk.tolist() == plain, (n, count)
        assert all(0 <= v < n for v in plain)
        _same_place(a, b)
        # the next draw of another kind takes the next word either way
        assert b.randbelow(1000).value == a.randbelow(1000).value
        assert b.dice(3).value == a.dice(3).value
        _same_place(a, b)
    assert a.rejections > 50  # the rejecting ranges were really exercised
    assert a.epoch > 3  # reseeds (by request count and by clock) happened between the draws


def test_production_sized_requests_in_bulk() -> None:
    a, b = make_rng(b"x", "high_roll", 3), make_rng(b"x", "high_roll", 3)
    for count in (5, 200_000, 8192 * 20, 3):
        assert below_values(b, 6, count).tolist() == a.randbelow_values(6, count)
        _same_place(a, b)
    assert a.randbelow_values(2**64, 50) == b.randbelow_values(2**64, 50)  # the very next words


def test_a_stream_it_does_not_know_falls_back_to_randbelow_values() -> None:
    a, b = make_rng(b"y", "craps", 0), make_rng(b"y", "craps", 0)
    words = iter(a.randbelow_values(2**64, 400))
    b._scaler.next_word = words.__next__  # a stream that is not the generator's own
    fresh = make_rng(b"y", "craps", 0)
    assert below_values(b, 6, 300).tolist() == fresh.randbelow_values(6, 300)


def test_a_range_too_wide_for_int64_is_refused() -> None:
    with pytest.raises(ValueError, match="int64"):
        below_values(make_rng(b"z", "t", 0), LARGEST + 1, 3)
