"""Every wager on every legal spot against every pocket of every wheel, from an independent layout model."""

from __future__ import annotations

import pytest

from terminal.games.base import Result
from terminal.games.roulette.rules import make_rules, place, settle
from terminal.games.roulette.spots import legal_spots
from terminal.games.roulette.wheels import WHEELS
from tests.support.roulette_model import expected_return, expected_spots, pockets

WHEEL_NAMES = ("double_zero", "single_zero", "double_as_single")


@pytest.mark.parametrize("wheel", WHEEL_NAMES)
def test_legal_spots_are_exactly_the_layout(wheel: str) -> None:
    engine = {(s.kind, frozenset(s.pockets)) for s in legal_spots(WHEELS[wheel], True)}
    model = expected_spots(wheel)
    assert engine - model == set(), "engine offers spots the layout does not have"
    assert model - engine == set(), "engine misses spots the layout has"
    assert len(engine) == len(legal_spots(WHEELS[wheel], True)), "a spot is listed twice"


@pytest.mark.parametrize("wheel", WHEEL_NAMES)
def test_every_spot_against_every_pocket(wheel: str) -> None:
    rules = make_rules(wheel)
    stake = 500  # divisible by 5 so Five Adjacent is legal too
    wagers = [place(rules, s.text, s.text, stake) for s in legal_spots(WHEELS[wheel], True)]
    for pocket in pockets(wheel):
        spin = settle(wagers, pocket, rules)
        if wheel == "double_as_single" and pocket == 37:
            assert spin.void and spin.settlements == ()
            continue
        assert not spin.void
        for wager, s in zip(wagers, spin.settlements, strict=True):
            want = expected_return(wager.spot.kind, frozenset(wager.spot.pockets), stake, pocket)
            assert (s.wager_ref, s.returned) == (wager.ref, want), (wager.spot.text, pocket)
            assert s.result == (Result.WIN if want else Result.LOSE)
            assert s.stake == stake and s.paytable == "standard"


@pytest.mark.parametrize("wheel", WHEEL_NAMES)
def test_even_money_wagers_lose_on_the_greens(wheel: str) -> None:
    rules = make_rules(wheel)
    wagers = [place(rules, k, k, 100) for k in ("red", "black", "odd", "even", "low", "high")]
    for green in (0, 37) if wheel == "double_zero" else (0,):
        assert all(s.returned == 0 for s in settle(wagers, green, rules).settlements)
