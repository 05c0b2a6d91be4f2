"""The certified generator's draws below a small range in bulk, scaled in numpy: the very values of
:meth:`rng.Rng.randbelow_values`, the same words taken, the generator left where it leaves it.

:meth:`~rng.Rng.randbelow_values` takes each 64-bit word through a Python generator and tests and divides
it as a Python integer (about 0.4 µs a word: High Roll Dice draws twenty dice a round). Here the words are
read as the generator holds them, 64 KiB requests of the DRBG (``array("Q")``), and tested and divided in
numpy with the production scaler's plan (:func:`rng.scaling.make_plan`: accept a word under ``limit``,
divide it by ``bucket``; a rejected word is made up from the next words, as
:meth:`~rng.scaling.Scaler.below_many` does: ``count`` words, then as many more as were rejected, until
``count`` are kept). The generator's output is not touched: the words come from the same requests
(``_fresh_words``), with the same reseed checks between requests (``_due``) as the generator's own stream,
and the words left over are handed back as the stream it continues from, so the next draw of any kind is
the one the plain loop's would be. ``counter`` moves on by ``count`` and ``rejections`` by the words
rejected, as ``randbelow_values`` moves them (tests/lab/test_bulk_draws.py holds every one of these to
``randbelow_values`` over block boundaries, reseeds and half-rejected ranges).

It reads the :class:`~rng.Rng`'s private stream (a wrapper of the simulator's, never the table's): when
that stream is not the shape it expects it falls back to ``randbelow_values`` itself.
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np
import numpy.typing as npt

from rng import Rng
from rng.scaling import make_plan

WORD_BITS = 64
LARGEST = 1 << 62  # values stay int64; a larger range is drawn by randbelow_values itself
Values = npt.NDArray[np.int64]


def _remaining(rng: Rng) -> array[int] | None:
    """The words of the generator's current request not yet taken, or None if its stream is unknown."""
    stream: Any = getattr(rng._scaler.next_word, "__self__", None)
    if stream is None or getattr(stream, "gi_code", None) is not Rng._stream.__code__:
        return None
    inner = stream.gi_yieldfrom
    if inner is None:  # not started: the buffer it was made with, untouched
        words = stream.gi_frame.f_locals.get("words") if stream.gi_frame is not None else None
        return words if isinstance(words, array) else None
    _, (words,), position = inner.__reduce__()
    return words[position:] if isinstance(words, array) else None


def below_values(rng: Rng, n: int, count: int) -> Values:
    """``count`` draws below ``n`` (one word each): ``np.array(rng.randbelow_values(n, count))``, faster."""
    if n > LARGEST:
        raise ValueError(f"draws below {n} do not fit the int64 values; at most {LARGEST}")
    words_per, bucket, limit = make_plan(n, WORD_BITS)
    left = _remaining(rng)
    if words_per != 1 or left is None or count < 1:
        return np.array(rng.randbelow_values(n, count), dtype=np.int64)
    if rng._clock() >= rng._reseed_due:
        rng.reseed()
        left = array("Q")
    kept: list[npt.NDArray[np.uint64]] = []
    have = rejected = 0
    pool = np.frombuffer(left, dtype=np.uint64) if len(left) else np.empty(0, dtype=np.uint64)
    at = 0
    while have < count:
        want = count - have
        if len(pool) - at < want:
            more, have_words = [pool[at:]], len(pool) - at
            while have_words < want:  # the stream's next requests, as it makes them
                if rng._due():
                    rng._reseed_drbg()
                more.append(np.frombuffer(rng._fresh_words(), dtype=np.uint64))
                have_words += len(more[-1])
            pool, at = np.concatenate(more), 0
        drawn = pool[at : at + want]
        at += want
        good = drawn if limit >> WORD_BITS else drawn[drawn < np.uint64(limit)]  # a power of two: all kept
        rejected += want - len(good)
        have += len(good)
        kept.append(good)
    rest = array("Q", pool[at:].tobytes())
    rng._scaler.next_word = rng._stream(rest).__next__
    rng._scaler.rejections += rejected
    rng.counter += count
    words = kept[0] if len(kept) == 1 else np.concatenate(kept)
    values: Values = (words // np.uint64(bucket)).astype(np.int64)
    return values
