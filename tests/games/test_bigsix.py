"""Big Six rules: the seed's wheel, spots, paytables, settlement and properties of settling."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from terminal.games.base import Payout, Result
from terminal.games.bigsix.rules import (
    PAYTABLES,
    SECTIONS,
    WAGERS,
    PaytableMismatchError,
    Stop,
    UnknownSpotError,
    make_rules,
    place,
    settle,
    validate,
)
from terminal.games.paytables import Paytable, PaytableError, UnknownPaytableError

# § 619a.1(b), typed in here from the seed's text, clockwise from the joker.
SEED_TEXT = (
    "joker $1 $2 $1 $5 $2 $1 $10 $1 $5 $1 $2 $1 $20 $1 $2 $1 $5 $2 $1 $10 $1 $2 $5 $1 $2 $1 flag $2 $5 $2 $1 "
    "$2 $1 $10 $1 $5 $1 $2 $1 $20 $1 $2 $1 $5 $2 $1 $10 $1 $2 $5 $1 $2 $1"
)
SEED = tuple(SEED_TEXT.split(" "))
ODDS = {"$1": 1, "$2": 2, "$5": 5, "$10": 10, "$20": 20, "joker": 45, "flag": 45}
NAMES = dict(zip(ODDS, WAGERS, strict=True))


def test_the_wheel_is_the_seeds_wheel_section_by_section() -> None:
    assert len(SEED) == len(SECTIONS) == 54
    assert tuple(NAMES[s] for s in SEED) == SECTIONS
    counts = {symbol: SEED.count(symbol) for symbol in ODDS}
    assert counts == {"$1": 23, "$2": 15, "$5": 8, "$10": 4, "$20": 2, "joker": 1, "flag": 1}


def test_every_wager_on_every_section_pays_the_regulation_odds() -> None:
    rules = make_rules()
    wagers = tuple(place(rules, w, w, 100) for w in WAGERS)
    for section, symbol in enumerate(SEED):
        for s in settle(wagers, Stop(section), rules):
            if s.wager_ref == NAMES[symbol]:
                assert (s.result, s.returned) == (Result.WIN, 100 * (ODDS[symbol] + 1))
            else:
                assert (s.result, s.returned) == (Result.LOSE, 0)


@pytest.mark.parametrize("text", ["$5", "5", "joker:1", "logo", "straight:17", ""])
def test_spots_off_the_layout_are_refused(text: str) -> None:
    with pytest.raises(UnknownSpotError, match="not a Big Six symbol"):
        place(make_rules(), "x", text, 100)


def test_paytables_may_raise_payouts_never_lower_them() -> None:
    raised = tuple((w, Payout(50) if w == "flag" else p) for w, p in PAYTABLES["standard"].entries)
    assert validate(Paytable("bigsix", "generous", raised)).payout("flag") == Payout(50)
    lowered = tuple((w, Payout(40) if w == "joker" else p) for w, p in PAYTABLES["standard"].entries)
    with pytest.raises(PaytableError, match="below 45 to 1"):
        validate(Paytable("bigsix", "mean", lowered))
    with pytest.raises(UnknownPaytableError, match="choose one of standard"):
        make_rules("mean")


def test_a_wager_settled_under_another_paytable_is_refused() -> None:
    wager = place(make_rules(), "x", "one", 100)
    other = make_rules()
    other = type(other)(Paytable("bigsix", "other", other.paytable.entries))
    with pytest.raises(PaytableMismatchError, match="'standard', not 'other'"):
        settle((wager,), Stop(0), other)


def test_stops_have_one_text_and_one_json_form() -> None:
    for section in range(54):
        stop = Stop(section)
        assert Stop.parse(stop.text) == stop == Stop.from_json(stop.to_json())
    assert Stop(0).text == "joker@0" and Stop(27).text == "flag@27"
    for bad in ("one@0", "flag", "flag@54", "joker@-1", "@3", "five@x"):
        with pytest.raises(ValueError, match="not a Big Six stop"):
            Stop.parse(bad)
    with pytest.raises(ValueError, match=r"0\.\.53"):
        Stop(54)


@given(
    st.lists(st.tuples(st.sampled_from(WAGERS), st.integers(1, 10**9)), min_size=1, max_size=20),
    st.integers(0, 53),
)
def test_settling_is_pure_and_pays_exactly_the_wagers_on_the_symbol(
    bets: list[tuple[str, int]], section: int
) -> None:
    rules = make_rules()
    wagers = tuple(place(rules, f"w{i}", w, stake) for i, (w, stake) in enumerate(bets))
    first = settle(wagers, Stop(section), rules)
    assert first == settle(wagers, Stop(section), rules)
    for s, (symbol, stake) in zip(first, bets, strict=True):
        won = symbol == SECTIONS[section]
        assert s.returned == (stake * (PAYTABLES["standard"].payout(symbol).numerator + 1) if won else 0)
