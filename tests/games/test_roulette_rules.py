"""Roulette validation, spot text, voids, and hypothesis properties of settlement."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terminal.games.base import IllegalBetError, LimitError, Limits, Payout
from terminal.games.paytables import (
    Paytable,
    PaytableError,
    UnknownPaytableError,
    roulette_paytable,
    validate_roulette,
)
from terminal.games.roulette.rules import (
    FiveAdjacentStakeError,
    PaytableMismatchError,
    RouletteRules,
    make_rules,
    place,
    settle,
)
from terminal.games.roulette.spots import IllegalSpotError, WagerNotOfferedError, legal_spots, parse_spot
from terminal.games.roulette.wheels import WHEELS, UnknownWheelError
from tests.support.roulette_model import expected_return, pockets

WHEEL_NAMES = ("double_zero", "single_zero", "double_as_single")


@pytest.mark.parametrize(
    ("wheel", "text", "error", "words"),
    [
        ("single_zero", "first_five", WagerNotOfferedError, "double-zero"),
        ("double_as_single", "first_five", WagerNotOfferedError, "double-zero"),
        ("single_zero", "split:0-00", IllegalSpotError, "not a spot"),
        ("double_as_single", "split:0-00", IllegalSpotError, "not a spot"),
        ("double_as_single", "street:00-2-3", IllegalSpotError, "not a spot"),
        ("single_zero", "street:0-2-3", IllegalSpotError, "not a spot"),
        ("double_zero", "split:0-3", IllegalSpotError, "not a spot"),
        ("double_zero", "split:3-4", IllegalSpotError, "not a spot"),
        ("double_zero", "corner:2-3-5-6-7", IllegalSpotError, "not a spot"),
        ("double_zero", "straight:37", IllegalSpotError, "37"),
        ("double_zero", "straight:x", IllegalSpotError, "x"),
        ("double_zero", "column:4", IllegalSpotError, "column:4"),
        ("double_zero", "touchdown", IllegalSpotError, "not a roulette wager"),
        ("double_zero", "orphelins", IllegalSpotError, "orphelins"),
        ("double_as_single", "five_adjacent:1", IllegalSpotError, "not a spot"),  # covers the closed 00
        ("double_as_single", "straight:00", IllegalSpotError, "not a spot"),
    ],
)
def test_illegal_spots_are_refused_naming_wager_and_reason(
    wheel: str, text: str, error: type[IllegalBetError], words: str
) -> None:
    with pytest.raises(error, match=words) as raised:
        place(make_rules(wheel), "x", text, 500)
    assert isinstance(raised.value, ValueError) and raised.value.wager


def test_five_adjacent_switched_off() -> None:
    with pytest.raises(WagerNotOfferedError, match="not offered"):
        place(make_rules("double_zero", five_adjacent=False), "x", "five_adjacent:17", 500)


def test_limits_and_five_adjacent_stake() -> None:
    rules = make_rules(
        "double_zero", limits=(("straight", Limits(100, 2500, 100)),), default_limits=Limits(100, 50_000, 100)
    )
    with pytest.raises(LimitError, match="below the minimum 100"):
        place(rules, "a", "straight:5", 50)
    with pytest.raises(LimitError, match="above the maximum 2500"):
        place(rules, "a", "straight:5", 2600)
    with pytest.raises(LimitError, match="multiple of 100"):
        place(rules, "a", "red", 150)
    assert place(rules, "a", "red", 30_000).stake == 30_000  # the straight cap does not bind red
    # 500 splits into five parts of 100 (one increment each); 600 does not split into whole increments.
    assert place(rules, "b", "five_adjacent:0", 500).win.returned == 3600
    for stake in (600, 700, 900, 1200):
        with pytest.raises(FiveAdjacentStakeError, match=f"stake {stake}"):
            place(rules, "b", "five_adjacent:0", stake)
    with pytest.raises(IllegalBetError, match="whole number"):
        place(rules, "c", "red", 1.5)  # type: ignore[arg-type]


def test_unknown_names() -> None:
    with pytest.raises(UnknownWheelError, match="triple_zero"):
        make_rules("triple_zero")
    with pytest.raises(UnknownPaytableError, match="generous"):
        roulette_paytable("generous")


def test_paytables_may_pay_more_never_less() -> None:
    richer = dict(roulette_paytable("standard").entries) | {"straight": Payout(40)}
    assert validate_roulette(Paytable("roulette", "rich", tuple(richer.items()))).payout(
        "straight"
    ) == Payout(40)
    poorer = dict(richer) | {"first_five": Payout(5)}
    with pytest.raises(PaytableError, match="first_five"):
        validate_roulette(Paytable("roulette", "poor", tuple(poorer.items())))
    missing = {k: v for k, v in richer.items() if k != "dozen"}
    with pytest.raises(PaytableError, match="dozen"):
        validate_roulette(Paytable("roulette", "short", tuple(missing.items())))


@pytest.mark.parametrize("wheel", WHEEL_NAMES)
def test_spot_text_round_trips(wheel: str) -> None:
    for spot in legal_spots(WHEELS[wheel], True):
        assert parse_spot(spot.text, WHEELS[wheel]) == spot
        assert parse_spot(f" {spot.text} ", WHEELS[wheel]).text == spot.text
        if ":" in spot.text and "-" in spot.text:  # any order of the numbers names the same spot
            kind, _, numbers = spot.text.partition(":")
            shuffled = f"{kind}:{'-'.join(reversed(numbers.split('-')))}"
            assert parse_spot(shuffled, WHEELS[wheel]).text == spot.text


def test_void_and_bad_pockets() -> None:
    rules = make_rules("double_as_single")
    wagers = [place(rules, "a", "straight:0", 100)]
    assert settle(wagers, 37, rules).void
    assert settle(wagers, 0, rules).settlements[0].returned == 3600
    with pytest.raises(ValueError, match="not on the single_zero wheel"):
        settle(wagers, 37, make_rules("single_zero"))
    other = RouletteRules(rules.wheel, Paytable("roulette", "other", rules.paytable.entries))
    with pytest.raises(PaytableMismatchError, match="standard"):
        settle(wagers, 0, other)


@functools.cache  # one strategy a wheel, not a new one (and its list of spots) for every example
def _wagers(wheel: str) -> st.SearchStrategy[list[tuple[str, int]]]:
    spots = [s.text for s in legal_spots(WHEELS[wheel], True)]
    return st.lists(
        st.tuples(st.sampled_from(spots), st.integers(1, 10_000).map(lambda n: n * 5)), max_size=12
    )


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(WHEEL_NAMES).flatmap(
        lambda w: st.tuples(st.just(w), _wagers(w), st.sampled_from(pockets(w)))
    )
)
def test_conservation_and_idempotence(case: tuple[str, list[tuple[str, int]], int]) -> None:
    wheel, bets, pocket = case
    rules = make_rules(wheel)
    wagers = [place(rules, f"w{i}", text, stake) for i, (text, stake) in enumerate(bets)]
    spin = settle(wagers, pocket, rules)
    assert settle(wagers, pocket, rules) == spin, "settling twice gives the same answer"
    assert settle(wagers[::-1], pocket, rules).settlements == spin.settlements[::-1]
    if spin.void:
        assert spin.settlements == () and spin.house_net == 0
        return
    stakes_in = sum(stake for _, stake in bets)
    paid = sum(expected_return(w.spot.kind, frozenset(w.spot.pockets), w.stake, pocket) for w in wagers)
    assert spin.staked == stakes_in
    assert spin.returned == paid
    assert stakes_in == spin.returned + spin.house_net  # every credit accounted for


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(WHEEL_NAMES), st.integers(1, 2_000).map(lambda n: n * 5), st.data())
def test_a_wager_on_every_legal_spot(wheel: str, stake: int, data: st.DataObject) -> None:
    rules = make_rules(wheel)
    pocket = data.draw(st.sampled_from(pockets(wheel)))
    spots = legal_spots(WHEELS[wheel], True)
    spin = settle([place(rules, s.text, s, stake) for s in spots], pocket, rules)
    if spin.void:
        return
    winners = {s.wager_ref for s in spin.settlements if s.returned}
    assert winners == {s.text for s in spots if pocket in s.pockets}
    for wager, settled in zip(spots, spin.settlements, strict=True):
        assert settled.returned == expected_return(wager.kind, frozenset(wager.pockets), stake, pocket)
