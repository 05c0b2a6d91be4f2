"""The Rng the table uses: seeding, reseed schedule, background advance, draws with audit, secrecy."""

from __future__ import annotations

import itertools
import pickle
from collections import Counter

import pytest

from rng.drbg import CtrDrbg, HmacDrbg
from rng.entropy import EntropySource, HealthParameters
from rng.errors import HealthTestFailure, RngFailure
from rng.recipes import Audit, Rng

PARAMS = HealthParameters(min_entropy=8, alpha_exponent=40)


class CountingSource:
    """Deterministic, varied bytes (never a repeat, so the health tests pass) that records every read."""

    def __init__(self) -> None:
        self.reads: list[int] = []
        self._counter = itertools.count()

    def __call__(self, n: int) -> bytes:
        self.reads.append(n)
        return bytes((next(self._counter) * 7 + 3) % 251 for _ in range(n))


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def make(**kwargs: object) -> tuple[Rng, CountingSource, Clock]:
    source, clock = CountingSource(), Clock()
    rng = Rng(EntropySource(PARAMS, source), clock=clock, name="t", **kwargs)  # type: ignore[arg-type]
    return rng, source, clock


def test_seeding_reads_startup_tag_entropy_and_nonce_and_matches_the_bare_drbg() -> None:
    rng, source, _ = make()
    assert source.reads == [1024, 4, 32, 16]  # start-up test, instance tag, entropy, nonce
    replay = CountingSource()
    data = [replay(n) for n in source.reads]
    drbg = CtrDrbg(256, use_df=True)
    drbg.instantiate(data[2], data[3], rng.generator_id.encode())
    assert rng.generator_id == f"ctr_drbg_aes256/t/{data[1].hex()}"
    assert rng.raw(100_000) == drbg.generate(65536) + drbg.generate(100_000 - 65536)


def test_hmac_generator_is_selectable() -> None:
    rng, source, _ = make(generator="hmac_drbg_sha256")
    replay = CountingSource()
    data = [replay(n) for n in source.reads]
    drbg = HmacDrbg("sha256")
    drbg.instantiate(data[2], data[3], rng.generator_id.encode())
    assert rng.raw(64) == drbg.generate(64)


def test_draws_use_words_in_order_little_endian() -> None:
    rng, source, _ = make(block_bytes=64)
    replay = CountingSource()
    data = [replay(n) for n in source.reads]
    drbg = CtrDrbg(256)
    drbg.instantiate(data[2], data[3], rng.generator_id.encode())
    block = drbg.generate(64)
    words = [int.from_bytes(block[i : i + 8], "little") for i in range(0, 64, 8)]
    assert [rng.randbelow(2**64).value for _ in range(8)] == words
    assert rng.randbelow(2**64).value != words[0]  # a fresh request, not a replay


def test_audit_counter_and_epoch() -> None:
    rng, _, _ = make()
    draws = [rng.randbelow(37), rng.pocket(("0", "00", "1")), rng.dice(3), rng.shuffle([1, 2, 3])]
    assert [d.counter for d in draws] == [1, 2, 3, 4]
    assert {d.epoch for d in draws} == {0}
    rng.reseed()
    draw = rng.randbelow(6)
    assert draw.audit == Audit(rng.generator_id, 5, 1)


def test_reseed_by_request_count() -> None:
    rng, source, _ = make(block_bytes=8, reseed_interval=3)
    seeded_reads = len(source.reads)
    for _ in range(3):
        rng.randbelow(6)
    assert len(source.reads) == seeded_reads and rng.epoch == 0
    draw = rng.randbelow(6)  # the fourth request is due a reseed first
    assert draw.epoch == 1 and source.reads[seeded_reads:] == [32]


def test_reseed_by_time_with_the_injected_clock() -> None:
    rng, _, clock = make(reseed_seconds=60)
    assert rng.randbelow(6).epoch == 0
    clock.now += 59.9
    assert rng.randbelow(6).epoch == 0
    clock.now += 0.1
    assert rng.randbelow(6).epoch == 1
    clock.now += 60
    rng.advance()
    assert rng.epoch == 2


def test_advance_moves_the_generator_on_and_drops_the_buffer() -> None:
    a, _, _ = make()
    b, _, _ = make()
    assert a.randbelow(2**64).value == b.randbelow(2**64).value  # same entropy: same stream
    b.advance()
    assert a.randbelow(2**64).value != b.randbelow(2**64).value


def test_outcome_kinds() -> None:
    rng, _, _ = make()
    wheel = tuple(str(i) for i in range(37))
    pockets = Counter(rng.pocket(wheel).value for _ in range(3700))
    assert set(pockets) == set(wheel)
    dice = rng.dice(5).value
    assert len(dice) == 5 and all(1 <= d <= 6 for d in dice)
    items = list(range(20))
    shuffled = rng.shuffle(items).value
    assert sorted(shuffled) == items and isinstance(shuffled, tuple) and items == list(range(20))


def test_shuffle_of_three_gives_every_order() -> None:
    rng, _, _ = make()
    orders = Counter(rng.shuffle("abc").value for _ in range(6000))
    assert len(orders) == 6 and min(orders.values()) > 850  # 1000 expected each; 850 is > 5 sigma


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda r: r.randbelow(0), "positive int"),
        (lambda r: r.pocket(()), "at least one pocket"),
        (lambda r: r.dice(0), "positive int"),
        (lambda r: r.raw(-1), "negative"),
    ],
)
def test_bad_requests_are_refused(call, message) -> None:  # type: ignore[no-untyped-def]
    rng, _, _ = make()
    with pytest.raises(ValueError, match=message):
        call(rng)


def test_bad_construction_is_refused() -> None:
    with pytest.raises(ValueError, match="generator must be one of"):
        make(generator="mt19937")
    with pytest.raises(ValueError, match="block_bytes"):
        make(block_bytes=12)


def test_a_stuck_entropy_source_stops_the_rng() -> None:
    with pytest.raises(HealthTestFailure):
        Rng(EntropySource(PARAMS, read=lambda n: b"\x42" * n), clock=Clock())


def test_a_source_that_sticks_later_fails_the_reseed() -> None:
    source, clock = CountingSource(), Clock()
    stuck = {"now": False}
    entropy = EntropySource(PARAMS, lambda n: b"\x00" * n if stuck["now"] else source(n))
    rng = Rng(entropy, clock=clock)
    stuck["now"] = True
    with pytest.raises(RngFailure, match="repetition count"):
        rng.reseed()


def test_state_and_seed_never_show() -> None:
    rng, source, _ = make()
    replay = CountingSource()
    seed = [replay(n) for n in source.reads][2:]
    drbg = rng._drbg
    assert isinstance(drbg, CtrDrbg)
    secrets = [s.hex() for s in seed] + [drbg._key.hex(), format(drbg._v, "x")]
    shown = repr(rng) + str(rng) + repr(rng.randbelow(37)) + repr(rng.randbelow(5).audit)
    assert not any(secret in shown for secret in secrets)
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(rng)
