"""The service screen names each wager as its own game does: two games share the id ``touchdown``
(Touchdown Roulette, Three Dice Football's Touchdown); a tdf table's hand pay, event detail, meters and
recalled round say the football wager, a roulette table's the roulette one, in both languages."""

from __future__ import annotations

import json

import pytest

from terminal.i18n import load_catalogue
from terminal.service.event_text import detail_text, wager_name


@pytest.mark.parametrize("lang", ["en", "es"])
def test_touchdown_is_named_for_the_tables_game(lang: str) -> None:
    cat = load_catalogue(lang)
    football, roulette = cat.text("wager.tdf.touchdown"), cat.text("wager.touchdown")
    assert football != roulette  # the catalogue names them apart
    assert wager_name(cat, "touchdown", "tdf") == football
    assert wager_name(cat, "touchdown", "roulette") == roulette
    assert wager_name(cat, "touchdown") == roulette  # no game known: the plain name
    assert wager_name(cat, "straight:17", "tdf") == f"{cat.text('wager.straight')} 17"  # no tdf name: plain
    detail = json.dumps({"award": 250_000, "wager": "touchdown"})
    assert football in detail_text(cat, detail, "USD", "tdf")
    assert roulette not in detail_text(cat, detail, "USD", "tdf")


def test_a_hand_pays_kinds_are_each_named_for_the_game() -> None:
    cat = load_catalogue("en")
    said = wager_name(cat, "touchdown, penalty", "tdf")
    assert said == f"{cat.text('wager.tdf.touchdown')}, {cat.text('wager.penalty')}"
