"""Settlement vectors (tests/games/vectors/) against the engine and the layout model."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from terminal.games.roulette.rules import make_rules, place, settle
from terminal.games.roulette.spots import parse_spot
from terminal.games.roulette.wheels import WHEELS, parse_pocket
from tests.support.roulette_model import expected_return

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "vectors" / "roulette_settlement.json").read_text(encoding="utf-8")
)["cases"]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['wheel']}-{c['pocket']}")
def test_vector(case: dict[str, Any]) -> None:
    rules = make_rules(case["wheel"])
    wagers = [place(rules, f"w{i}", text, stake) for i, (text, stake, _) in enumerate(case["wagers"])]
    spin = settle(wagers, parse_pocket(case["pocket"]), rules)
    assert spin.void == case["void"]
    if case["void"]:
        assert spin.settlements == ()
        return
    got = [s.returned for s in spin.settlements]
    assert got == [want for _, _, want in case["wagers"]]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['wheel']}-{c['pocket']}")
def test_vector_agrees_with_the_independent_model(case: dict[str, Any]) -> None:
    # Spot coverage here is the engine's, proven equal to the layout model's in test_roulette_coverage.
    if case["void"]:
        return
    pocket = parse_pocket(case["pocket"])
    for text, stake, want in case["wagers"]:
        spot = parse_spot(text, WHEELS[case["wheel"]])
        assert spot.text == text, "vectors are written in canonical form"
        assert expected_return(spot.kind, frozenset(spot.pockets), stake, pocket) == want, text
