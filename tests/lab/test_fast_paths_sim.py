"""Differential checks of the simulator's hot paths against the obvious code they replaced.

Batched draws against one-at-a-time draws (the same words, rejections and values), the roulette
settlement by per-pocket table against the bit test it replaced, and the simulator's column count against
a plain count of every settlement by identity.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import chain

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rng.scaling import RangeError, Scaler
from terminal.games.roulette.rules import PaytableMismatchError, make_rules, place, settle
from terminal.games.roulette.spots import legal_spots
from terminal.games.roulette.wheels import WHEELS
from terminal.lab.simulate_seed import make_rng
from terminal.sims.simulate_roulette import _count

WHEEL_NAMES = ("double_zero", "single_zero", "double_as_single")


class _Words:
    """A reproducible stream of 4-bit words that counts the words taken."""

    def __init__(self, seed: int) -> None:
        self.source, self.taken = random.Random(seed), 0

    def __call__(self) -> int:
        self.taken += 1
        return self.source.getrandbits(4)


@given(st.integers(0, 2**32), st.integers(1, 300), st.integers(0, 40))
def test_below_many_is_below_repeated(seed: int, n: int, count: int) -> None:
    # 4-bit words: ranges up to 16 take one word with frequent rejections, larger ones join words
    one, many = _Words(seed), _Words(seed)
    a, b = Scaler(one, width=4), Scaler(many, width=4)
    expected = [a.below(n) for _ in range(count)]
    assert b.below_many(n, count) == expected
    assert (b.rejections, many.taken) == (a.rejections, one.taken)


def test_below_many_rejects_like_below() -> None:
    words = [15, 3, 14, 14, 0, 13, 15, 7]  # below 7 from 4-bit words: 14 and 15 are rejected
    scaler = Scaler(iter(words).__next__, width=4)
    assert scaler.below_many(7, 4) == [1, 0, 6, 3] and scaler.rejections == 4


def test_below_many_refuses_a_bad_count() -> None:
    with pytest.raises(RangeError, match="-1"):
        Scaler(lambda: 0).below_many(6, -1)


@pytest.mark.parametrize("n", [2, 6, 37, 38, 2**64 + 3])
def test_randbelow_values_are_the_randbelow_values(n: int) -> None:
    seed = bytes.fromhex("0d0e")
    one, many = make_rng(seed, "roulette", 0), make_rng(seed, "roulette", 0)
    sizes = (1, 4095, 9000, 3)  # across a 64 KiB request boundary (8192 words)
    got = list(chain.from_iterable(many.randbelow_values(n, k) for k in sizes))
    assert got == [one.randbelow(n).value for _ in range(sum(sizes))]
    assert many.counter == one.counter and many.rejections == one.rejections


# every wheel with the slow tests; make check keeps double zero and double_as_single (its void pocket), and
# test_roulette_rules.test_conservation_and_idempotence settles the single zero wheel too
@pytest.mark.parametrize(
    "wheel", [w if w != "single_zero" else pytest.param(w, marks=pytest.mark.slow) for w in WHEEL_NAMES]
)
@given(data=st.data())
def test_settle_is_the_bit_test(wheel: str, data: st.DataObject) -> None:
    rules = make_rules(wheel)
    spots = data.draw(st.lists(st.sampled_from(legal_spots(WHEELS[wheel], True)), max_size=12))
    wagers = [place(rules, f"w{i}", s.text, 500) for i, s in enumerate(spots)]
    pocket = data.draw(st.integers(0, WHEELS[wheel].size - 1))
    spin = settle(wagers, pocket, rules)
    assert spin.pocket == pocket
    if pocket == WHEELS[wheel].void_pocket:
        assert spin.void and spin.settlements == ()
        return
    want = [w.win if pocket in w.spot.pockets else w.lose for w in wagers]
    assert not spin.void and len(spin.settlements) == len(want)
    assert all(got is w for got, w in zip(spin.settlements, want, strict=True))


def test_settle_still_refuses_a_paytable_mismatch_and_an_off_wheel_pocket() -> None:
    standard = make_rules("double_zero")
    other = replace(standard, paytable=replace(standard.paytable, name="other"))
    wagers = (place(standard, "a", "red", 100), place(other, "b", "black", 100))
    with pytest.raises(PaytableMismatchError, match="wager b"):
        settle(wagers, 37, standard)
    with pytest.raises(ValueError, match="00 is not on the single_zero"):
        settle(wagers[:1], 37, make_rules("single_zero"))


@given(st.lists(st.integers(0, 37), max_size=80))
def test_column_count_is_the_plain_count(pockets: list[int]) -> None:
    rules = make_rules("double_zero")
    wagers = tuple(place(rules, t, t, 500) for t in ("red", "straight:17", "dozen:1", "split:0-00"))
    returned = [settle(wagers, p, rules).settlements for p in pockets]
    hits: Counter[int] = Counter()
    _count(hits, wagers, returned)
    plain = Counter(map(id, chain.from_iterable(returned)))
    assert +hits == plain  # unary plus drops the zero counts
