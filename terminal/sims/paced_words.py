"""Paced parts played from the generator's words in bulk: a round's draw and the parts' own draws in order.

The scaler draws every range below 2**64 from one 64-bit word: a word is accepted when it is under the
range's limit and divided by its bucket, else rejected and the next word taken (:mod:`rng.scaling`). A
round of a model whose outcome is one such draw (``randbelow(width)``) and the extra draws of its paced
parts (a team after a trigger, B2B's odds, Blazing 7's balls) therefore take the words of one stream in
the order they are drawn, whatever the ranges. So the words are drawn in bulk through the production
scaler (``randbelow_values(2**64, k)``: every word accepted, divided by 1, the same words in the same
order) and shared out here, each scaled with the production plan of its range (:func:`rng.scaling.make_plan`):
the round's outcome, then the extra draws the parts ask for after it, in part order. The values are the
ones the plain loop draws one by one; only the generator's audit counters differ (``counter`` counts a
rejected word as a draw; a 64-bit word is rejected for these ranges with a probability under 10**-16).

Words are drawn only as many as are surely needed (the rounds still to draw, each taking at least one
word), so none is drawn that the next round or the wind-down would not have taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rng import Rng
from rng.scaling import make_plan
from terminal.sims.tabulate import Chain

WORD_SPAN = 1 << 64  # one scaler draw below this is one word, as it is


class Words:
    """The generator's words, taken one by one as the scaler takes them (``pos``: the next to take)."""

    __slots__ = ("buf", "plans", "pos", "rng")

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.buf: list[int] = []
        self.pos = 0
        self.plans: dict[int, tuple[int, int]] = {}

    def refill(self, want: int) -> None:
        """``want`` (at least one) fresh words; only when every word drawn so far has been taken."""
        self.buf = self.rng.randbelow_values(WORD_SPAN, max(1, want))
        self.pos = 0

    def plan(self, n: int) -> tuple[int, int]:
        """(limit, bucket) of the production scaler for a draw below ``n`` (one word)."""
        found = self.plans.get(n)
        if found is None:
            words, bucket, limit = make_plan(n, 64)
            if words != 1:
                raise ValueError(f"a draw below {n} takes {words} words; paced draws take one")
            found = self.plans[n] = (limit, bucket)
        return found

    def below(self, n: int, want: int) -> int:
        """The next draw below ``n``; ``want``: the words surely still needed, this one included."""
        limit, bucket = self.plan(n)
        while True:
            if self.pos == len(self.buf):
                self.refill(want)
            word = self.buf[self.pos]
            self.pos += 1
            if word < limit:
                return word // bucket


def pace(width: int, paced: Sequence[Chain[Any]], words: Words, count: int, left: int) -> list[int]:
    """``count`` rounds (``left``: the requested rounds not yet drawn) with every paced part stepped on
    each, its extra draws right after the round; returns the rounds' outcomes for the other parts."""
    placing = count < left  # the last requested round, if in this batch, places nothing after it
    drawn = _rounds(width, paced, words, count - (not placing), True)
    return drawn if placing else drawn + _rounds(width, paced, words, 1, False)


def _rounds(width: int, paced: Sequence[Chain[Any]], words: Words, count: int, placing: bool) -> list[int]:
    """:func:`pace` for ``count`` rounds that all place (or none does); the hot loop."""
    drawn: list[int] = []
    keep = drawn.append
    limit, bucket = words.plan(width)
    # each part's lists, grown in place as the memo learns, so kept by reference for the whole loop
    lanes = [(c.table.classes, c.table.nxt[placing], c.paths[placing].append, c.table.extra, c.table.width)
             for c in paced]  # fmt: skip
    rows = [c.row for c in paced]
    every = range(len(lanes))
    buf, pos = words.buf, words.pos
    for k in range(count):
        if pos == len(buf):
            words.refill(count - k)
            buf, pos = words.buf, 0
        word = buf[pos]
        pos += 1
        if word < limit:
            outcome = word // bucket
        else:  # rejected: the next words, as the scaler takes them (practically never)
            words.pos = pos
            outcome = words.below(width, count - k)
            buf, pos = words.buf, words.pos
        keep(outcome)
        asks = False
        for n in every:  # each part on the round: an index, a count, the next row
            classes, nxt, visit, extra, part_width = lanes[n]
            index = rows[n] + classes[outcome]
            visit(index)
            row = nxt[index]
            if row < 0:
                chain = paced[n]
                row = chain.table.discover(index, placing)
            rows[n] = row
            if extra[row // part_width]:
                asks = True
        if asks:  # a part's own draws, in part order, from the next words
            words.pos = pos
            _extras(width, paced, rows, words, placing, count - k - 1)
            buf, pos = words.buf, words.pos
    words.pos = pos
    for chain, row in zip(paced, rows, strict=True):
        chain.row = row
    return drawn


def _extras(width: int, paced: Sequence[Chain[Any]], rows: list[int], words: Words, placing: bool,
            rounds: int) -> None:  # fmt: skip
    """The extra draws each part asks for after a round (``rounds``: rounds still to draw after it)."""
    for n, chain in enumerate(paced):
        extra, part_width = chain.table.extra, chain.table.width
        while extra[rows[n] // part_width]:
            chain.row = rows[n]
            chain.step(width + words.below(extra[rows[n] // part_width], rounds + 1), placing)
            rows[n] = chain.row
