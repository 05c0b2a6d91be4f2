"""Hypothesis properties of the craps engine: credits conserved, no wager settled twice, state round-trips."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from terminal.games.base import IllegalBetError, Result
from terminal.games.craps.actions import place
from terminal.games.craps.catalog import WAGERS as CRAPS_WAGERS
from terminal.games.craps.records import POINTS, Roll, Spot, TableState, Wager, next_state
from terminal.games.craps.rules import CrapsRules
from terminal.games.craps.settle import settle

ODDS = [
    "pass_odds",
    "dont_pass_odds",
    *(f"come_odds_{n}" for n in POINTS),
    *(f"dont_come_odds_{n}" for n in POINTS),
]
SPOTS = [w for w in CRAPS_WAGERS if w != "horn_high"] + ["horn_high:2", "horn_high:11", *ODDS]
dice = st.builds(Roll, st.integers(1, 6), st.integers(1, 6))
amounts = st.sampled_from([100, 300, 500, 600, 1000, 1200, 3000])
rules_st = st.builds(
    CrapsRules,
    max_odds=st.sampled_from(["3-4-5x", "1x", "10x"]),
    buy_vig=st.sampled_from(["on_win", "on_bet"]),
    lay_vig=st.sampled_from(["on_win", "on_bet"]),
    come_odds_on_comeout=st.booleans(),
    place_increments=st.booleans(),
)


@settings(max_examples=150, deadline=None)
@given(
    rounds=st.lists(
        st.tuples(dice, st.lists(st.tuples(st.sampled_from(SPOTS), amounts), max_size=4)), max_size=60
    ),
    rules=rules_st,
)
def test_conservation_and_each_wager_settled_once(
    rounds: list[tuple[Roll, list[tuple[str, int]]]], rules: CrapsRules
) -> None:
    state, wagers = TableState(), ()
    paid_in = settled_stakes = 0
    settled_refs: set[str] = set()
    for number, (roll, bets) in enumerate(rounds):
        for index, (text, amount) in enumerate(bets):
            try:
                wager = place(state, wagers, Wager(f"{number}.{index}", 1, Spot.parse(text), amount), rules)
            except IllegalBetError:
                continue
            wagers = (*wagers, wager)
            paid_in += wager.cost
        before = {w.ref: w for w in wagers}
        settled, wagers, state = settle(state, wagers, roll, rules)
        for s in settled:
            assert s.wager_ref in before and s.wager_ref not in settled_refs
            assert s.stake == before[s.wager_ref].cost and s.returned >= 0
            assert (s.result is Result.WIN) == (s.returned > s.stake)
            settled_refs.add(s.wager_ref)
            settled_stakes += s.stake
        assert not settled_refs & {w.ref for w in wagers}
        assert {w.ref for w in wagers} | {s.wager_ref for s in settled} == set(before)
        # conservation: every credit paid in is still in play or in exactly one settlement's stake
        assert paid_in == sum(w.cost for w in wagers) + settled_stakes


@settings(max_examples=100, deadline=None)
@given(
    rolls=st.lists(dice, max_size=80), spots=st.lists(st.tuples(st.sampled_from(SPOTS), amounts), max_size=8)
)
def test_states_and_wagers_round_trip_through_json(rolls: list[Roll], spots: list[tuple[str, int]]) -> None:
    state = TableState()
    wagers = tuple(
        Wager(f"r{i}", 1 + i % 8, Spot.parse(text), amount) for i, (text, amount) in enumerate(spots)
    )
    rules = CrapsRules()
    for roll in rolls:
        for item in (state, *wagers):
            text = json.dumps(item.to_json())
            assert type(item).from_json(json.loads(text)) == item
        _, wagers, after = settle(state, wagers, roll, rules)
        assert after == next_state(state, roll)
        state = after


@given(st.sampled_from(SPOTS))
def test_spot_text_round_trips(text: str) -> None:
    assert str(Spot.parse(text)) == text
