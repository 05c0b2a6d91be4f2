"""Exact scaling of uniform words to any range by rejection: no ``%``, no floats, no bias.

To draw below ``n`` from words of ``width`` bits, join the fewest words whose span ``S = 2**(width*k)``
reaches ``n``, cut the span into ``n`` buckets of ``S // n`` values each, and reject the ``S mod n``
values that are left over above the last full bucket. Every result then has exactly ``S // n``
preimages, so with uniform words every result is exactly equally likely.

>>> words = iter(range(16))                       # every 4-bit word once
>>> scaler = Scaler(lambda: next(words), width=4)
>>> [scaler.below(5) for _ in range(5)]           # 0..14 accepted (3 per bucket), 15 rejected
[0, 0, 0, 1, 1]
>>> scaler.plan(5)                                # words joined, bucket size, accepted limit
Plan(words=1, bucket=3, limit=15)
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice
from typing import NamedTuple


class RangeError(ValueError):
    """A range that cannot be drawn from: empty or not an integer."""


class Plan(NamedTuple):
    """Drawing below one ``n``: join ``words`` words, accept values under ``limit``, divide by ``bucket``."""

    words: int
    bucket: int
    limit: int


def make_plan(n: int, width: int) -> Plan:
    """The plan for drawing below ``n`` from ``width``-bit words.

    >>> make_plan(37, 64).words, make_plan(2**64 + 1, 64).words
    (1, 2)
    """
    if type(n) is not int or n < 1:  # bool is an int subclass but never a meaningful range
        raise RangeError(f"range must be a positive int, got {n!r}")
    words = max(1, -(-(n - 1).bit_length() // width))
    span = 1 << (width * words)
    bucket = span // n
    return Plan(words, bucket, bucket * n)


class Scaler:
    """Draws below ``n`` from a source of uniform ``width``-bit words, counting the words it rejects."""

    __slots__ = ("_plans", "next_word", "rejections", "width")

    def __init__(self, next_word: Callable[[], int], width: int = 64) -> None:
        if width < 1:
            raise RangeError(f"word width must be at least 1 bit, got {width}")
        self.next_word = next_word  # replaceable: the Rng swaps in a fresh stream after a reseed
        self.width = width
        self._plans: dict[int, Plan] = {}
        self.rejections = 0  # draws thrown away; exact, so tests can account for every word

    def plan(self, n: int) -> Plan:
        """The cached plan for ``n``."""
        plan = self._plans.get(n)
        if plan is None:
            plan = self._plans[n] = make_plan(n, self.width)
        return plan

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        plan = self._plans.get(n)
        if plan is None:
            plan = self.plan(n)
        words, bucket, limit = plan
        next_word = self.next_word
        if words == 1:  # the hot path: one word per draw, rejection vanishingly rare at 64 bits
            while True:
                value = next_word()
                if value < limit:
                    return value // bucket
                self.rejections += 1
        while True:
            value = next_word()
            for _ in range(words - 1):
                value = (value << self.width) | next_word()
            if value < limit:
                return value // bucket
            self.rejections += 1

    def below_many(self, n: int, count: int) -> list[int]:
        """``count`` draws below ``n``: the words, rejections and values of ``count`` calls of :meth:`below`.

        In the one-word case the words are taken and tested in C: every word is either accepted (and divided
        by the bucket) or rejected and counted, in order, and rejected ones are made up from the next words,
        exactly as the one-at-a-time loop does.
        """
        if type(count) is not int or count < 0:
            raise RangeError(f"count must be a non-negative int, got {count!r}")
        words, bucket, limit = self.plan(n)
        if words != 1:
            return [self.below(n) for _ in range(count)]
        out: list[int] = []
        while len(out) < count:
            want = count - len(out)
            drawn = list(islice(iter(self.next_word, None), want))
            kept = list(filter(limit.__gt__, drawn))
            self.rejections += want - len(kept)
            out += map(bucket.__rfloordiv__, kept)
        return out

    def shuffle_indices(self, length: int) -> list[int]:
        """Fisher–Yates swap targets for a list of ``length``: entry i is uniform in ``[0, length - i)``."""
        return [self.below(length - i) for i in range(length - 1)]
