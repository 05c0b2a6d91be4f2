"""The seat says a High Roll throw in words, as the display calls it ("3 of a kind: 5", "Extra roll: 6 of
a kind, A"), in the result box and the status strip (``message_strip.result_words``): never the throw's
text (``1x3:4-5-...``), in English and Spanish."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from terminal.money import USD
from terminal.seat import message_strip
from terminal.seat.text import Painter

EXPECTED = {
    ("en", "1-2-5-4-5-1-5-2-2-3"): "3 of a kind: 5",
    ("es", "1-2-5-4-5-1-5-2-2-3"): "3 iguales: 5",
    ("en", "1x3:1-1-3-4-5-6-2"): "Extra roll: 5 of a kind, A",  # three aces set aside, two more re-thrown
    ("es", "1x3:1-1-3-4-5-6-2"): "Tirada extra: 5 iguales, A",
    ("en", "4-4-4-4-6-6-6-6-1-2"): "4 of a kind: 6",  # four 4s and four 6s: the 6 ranks higher
}


def _control(outcome: str) -> Any:
    table, result = SimpleNamespace(game="high_roll"), SimpleNamespace(outcome=outcome)
    return SimpleNamespace(model=SimpleNamespace(result=result, table=table, state=None))


@pytest.mark.parametrize(("language", "outcome"), list(EXPECTED))
def test_a_high_roll_result_is_said_in_words(language: str, outcome: str) -> None:
    said = message_strip.result_words(_control(outcome), Painter(language, USD))
    assert said == EXPECTED[(language, outcome)]
    assert ":" + outcome.split(":")[-1] not in said and "x3" not in said
