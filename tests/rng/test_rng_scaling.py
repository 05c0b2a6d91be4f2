"""Exact scaling, proved by enumeration: every word of a tiny width once, every result equally often."""

from __future__ import annotations

import ast
import itertools
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rng.scaling import RangeError, Scaler, make_plan

ROOT = Path(__file__).resolve().parents[2]


def enumerate_below(n: int, width: int) -> tuple[Counter[int], int]:
    """Feed every combination of the words one draw needs exactly once; return results and rejections."""
    words = make_plan(n, width).words
    results: Counter[int] = Counter()
    rejections = 0
    for combo in itertools.product(range(2**width), repeat=words):
        feed = iter(combo)
        scaler = Scaler(lambda feed=feed: next(feed), width)  # type: ignore[misc]
        try:
            results[scaler.below(n)] += 1
        except StopIteration:  # the one combination was rejected: the scaler asked for more words
            rejections += 1
    return results, rejections


@pytest.mark.parametrize("width", [1, 3, 4, 5])
@pytest.mark.parametrize("n", [1, 2, 3, 5, 6, 7, 8, 11, 16, 17, 31, 37, 38])
def test_every_value_equally_likely_and_rejections_exact(width: int, n: int) -> None:
    span = 2 ** (width * make_plan(n, width).words)
    if span > 2**12:
        pytest.skip("enumeration too large for this width")
    results, rejections = enumerate_below(n, width)
    assert set(results) == set(range(n))
    assert set(results.values()) == {span // n}  # the same number of preimages for every value
    assert rejections == span % n  # exactly the leftover above the last full bucket
    assert sum(results.values()) + rejections == span


def test_rejected_words_are_counted_and_skipped() -> None:
    words = iter([15, 14, 7])  # width 4, n = 5: limit 15, so 15 is rejected and 14 is accepted
    scaler = Scaler(lambda: next(words), 4)
    assert scaler.below(5) == 4
    assert scaler.rejections == 1
    assert scaler.below(5) == 2


@given(st.integers(1, 2**130), st.lists(st.integers(0, 2**64 - 1), min_size=8, max_size=8))
def test_results_are_in_range(n: int, words: list[int]) -> None:
    feed = itertools.cycle(words)
    plan = make_plan(n, 64)
    if all(w >= plan.limit for w in words) and plan.words == 1:
        return  # would reject forever
    assert 0 <= Scaler(lambda: next(feed), 64).below(n) < n


@pytest.mark.parametrize("bad", [0, -3, 2.5, True, "6"])
def test_bad_ranges_are_refused(bad: object) -> None:
    with pytest.raises(RangeError, match="positive int"):
        Scaler(lambda: 0, 8).below(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("module", ["rng/scaling.py", "rng/recipes.py"])
def test_no_modulo_and_no_floats_on_the_outcome_path(module: str) -> None:
    """No ``%`` and no true division anywhere in the scaling code: results come from ``//`` on exact ints."""
    tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
    operators = {type(node.op) for node in ast.walk(tree) if isinstance(node, ast.BinOp | ast.AugAssign)}
    assert ast.Mod not in operators
    assert ast.Div not in operators
    floats = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, float)]
    assert floats == []
