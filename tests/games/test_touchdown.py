"""Touchdown Roulette: trigger, lock-out, teams, downs, bands, the § 617a.3(f) examples, and exact restore."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terminal.games.base import IllegalBetError, LimitError, Limits, Result
from terminal.games.roulette.touchdown import (
    DEFAULT_YARDS,
    IDLE,
    TouchdownLockedError,
    TouchdownState,
    TouchdownStateError,
    choose_team,
    place,
    rules_for,
    spin,
    withdraw,
)
from terminal.games.roulette.touchdown_codec import from_dict, to_dict
from tests.support.roulette_model import RED

DZ = 37
PAYS_A = {"touchdown": 1000, "yards_11_20": 75, "losing_team": 1, "tie": 5}  # GAMES.md § 1.3, paytable A


def _game(rules_name: str = "A", yards: tuple[int, ...] = DEFAULT_YARDS) -> TouchdownState:
    rules = rules_for(rules_name, yards)
    state = place(place(IDLE, rules, 1, "r", 100), rules, 2, "b", 100)
    state = spin(state, DZ, rules).state
    return choose_team(choose_team(state, 1, "red"), 2, "black", assigned=True)


def _play(
    state: TouchdownState, downs: tuple[int, ...], yards: tuple[int, ...] = DEFAULT_YARDS
) -> dict[str, tuple[str, int]]:
    rules = rules_for("A", yards)
    for i, pocket in enumerate(downs):
        step = spin(state, pocket, rules)
        state = step.state
        if i < 3:
            assert step.settlements == () and state.in_progress
    assert state == IDLE
    return {s.wager_ref: (s.entry, s.returned) for s in step.settlements}


def test_worked_example_i_red_team_on_reds_18_yard_line() -> None:
    # 32, 34 are red 31-36 (15 yards each), 12 red 11-20 (5), 2 black 1-10 (3): 15+15+5-3 = 32 yards
    # toward red's end zone, so the ball is on red's 50-32 = 18 yard line: the 11-20 band for red.
    assert {32, 34, 12} <= RED and 2 not in RED
    result = _play(_game(), (32, 34, 12, 2))
    assert result["r"] == ("yards_11_20", 100 * (PAYS_A["yards_11_20"] + 1))
    assert result["b"] == ("losing_team", 100 * (PAYS_A["losing_team"] + 1))


def test_worked_example_ii_red_team_with_the_ball_on_blacks_18_yard_line() -> None:
    # 33, 35 black 31-36 (15 each), 11 black 11-20 (5), 1 red 1-10 (3): 32 yards toward black's end zone.
    assert not {33, 35, 11} & RED and 1 in RED
    result = _play(_game(), (33, 35, 11, 1))
    assert result["r"] == ("losing_team", 200)
    assert result["b"] == ("yards_11_20", 7600)


def test_touchdown_tie_and_greens_use_a_down() -> None:
    assert _play(_game(), (32, 34, 36, 12))["r"] == ("touchdown", 100 * 1001)
    assert _play(_game(), (0, DZ, 1, 2))["r"] == ("tie", 600)  # +3 -3 = 0: the 50 yard line
    assert _play(_game(), (0, DZ, 0, 5))["r"] == ("yards_41_49", 1100)  # red 5: +3, the 47 yard line


def test_the_ball_stays_on_a_goal_line() -> None:
    yards = (0, 50, *DEFAULT_YARDS[2:])  # pocket 1 (red) moves 50: a touchdown on the first down
    result = _play(_game(yards=yards), (1, 2, 4, 6), yards)  # three black 3-yard downs afterwards
    assert result["r"] == ("touchdown", 100100)
    assert result["b"] == ("losing_team", 200)


def test_trigger_spin_loses_on_numbers_and_starts_on_greens() -> None:
    rules = rules_for("B")
    state = place(IDLE, rules, 4, "t", 300)
    step = spin(state, 17, rules)
    assert step.state == IDLE
    assert [(s.result, s.returned, s.stake, s.paytable) for s in step.settlements] == [
        (Result.LOSE, 0, 300, "B")
    ]
    step = spin(state, 0, rules)
    assert step.started and step.state.in_progress and step.settlements == ()
    assert spin(IDLE, 0, rules).state == IDLE  # no wagers: no game


def test_lock_out_is_table_wide_and_teams_come_before_downs() -> None:
    rules = rules_for("A")
    state = _game()
    for seat in (1, 3):
        with pytest.raises(TouchdownLockedError, match="in progress"):
            place(state, rules, seat, "z", 100)
    with pytest.raises(TouchdownStateError, match="cannot be withdrawn"):
        withdraw(state, 1)
    with pytest.raises(TouchdownStateError, match="no Touchdown game awaiting"):
        choose_team(state, 1, "black")  # already chosen
    untold = spin(place(IDLE, rules, 5, "u", 100), 0, rules).state
    assert untold.awaiting_team() == (5,)
    with pytest.raises(TouchdownStateError, match="no team yet"):
        spin(untold, 3, rules)
    with pytest.raises(TouchdownStateError, match="'red' or 'black'"):
        choose_team(untold, 5, "green")
    with pytest.raises(TouchdownStateError, match="after the trigger"):
        choose_team(place(IDLE, rules, 5, "u", 100), 5, "red")


def test_placing() -> None:
    rules = rules_for("A", limits=Limits(100, 2500, 100))
    state = place(IDLE, rules, 1, "a", 100)
    with pytest.raises(IllegalBetError, match="already has"):
        place(state, rules, 1, "b", 100)
    with pytest.raises(LimitError, match="above the maximum"):
        place(state, rules, 2, "b", 2600)
    assert withdraw(state, 1) == IDLE


def test_restore_rejects_bad_records() -> None:
    good = to_dict(_game())
    for change, words in [
        ({"version": 2}, "version"),
        ({"phase": "over"}, "phase"),
        ({"ball": 51}, "ball"),
        ({"downs": ["1", "2", "3", "4"]}, "4 downs"),
        ({"downs": ["x"]}, "downs"),
        ({"wagers": [good["wagers"][0], good["wagers"][0]]}, "two Touchdown wagers"),
        ({"wagers": [good["wagers"][0] | {"team": "green"}]}, "team"),
        ({"wagers": [good["wagers"][0] | {"stake": True}]}, "stake"),
        ({"phase": "open"}, "open state"),
        ({"extra": 1}, "exactly the keys"),
    ]:
        with pytest.raises(TouchdownStateError, match=words):
            from_dict(good | change)


ACTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("place"), st.integers(1, 8), st.integers(1, 50)),
        st.tuples(st.just("team"), st.integers(1, 8), st.sampled_from(["red", "black"])),
        st.tuples(st.just("spin"), st.sampled_from([0, DZ, *range(1, 37)]), st.just(0)),
    ),
    max_size=40,
)


@settings(max_examples=120, deadline=None)
@given(ACTIONS)
def test_every_state_restores_exactly_and_credits_are_conserved(
    actions: list[tuple[str, int, object]],
) -> None:
    rules = rules_for("C")
    state, staked, settled = IDLE, 0, 0
    for kind, a, b in actions:
        try:
            if kind == "place":
                state = place(state, rules, a, f"s{a}", int(str(b)) * 100)
                staked += int(str(b)) * 100
            elif kind == "team":
                state = choose_team(state, a, str(b))
            else:
                step = spin(state, a, rules)
                state = step.state
                settled += sum(s.stake for s in step.settlements)
                assert all(s.returned > s.stake for s in step.settlements if s.entry != "trigger")
        except (IllegalBetError, TouchdownStateError):
            pass  # refused: the state is unchanged by construction (values are immutable)
        assert from_dict(json.loads(json.dumps(to_dict(state)))) == state
    assert staked == settled + sum(w.stake for w in state.wagers)  # every stake is settled or still standing
