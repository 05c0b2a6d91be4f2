"""Crapless Craps settlement (GAMES.md §6.4): each rule that differs from craps, roll by roll."""

from __future__ import annotations

import pytest

from terminal.games.base import Result
from terminal.games.crapless.records import BadSpotError, Spot, TableState, Wager, next_state
from terminal.games.crapless.rules import CraplessRules
from terminal.games.crapless.settle import settle

RULES = CraplessRules(hard_rockn_offered=True)
SEVEN = (3, 4)


def bet(spot: str, amount: int = 1000, ref: str = "a", **extra: object) -> Wager:
    return Wager(ref, 1, Spot.parse(spot), amount, **extra)  # type: ignore[arg-type]


def one(state: TableState, wager: Wager, dice: tuple[int, int]) -> int | None:
    """What the wager returns on ``dice`` (None when it is carried on)."""
    done, _, _ = settle(state, (wager,), dice, RULES)
    return done[0].returned if done else None


@pytest.mark.parametrize("dice", [(1, 1), (1, 2), (6, 6), (5, 6), (2, 2)])
def test_no_craps_on_the_come_out_every_other_total_is_the_point(dice: tuple[int, int]) -> None:
    done, left, state = settle(TableState(), (bet("pass"),), dice, RULES)
    assert done == () and left == (bet("pass"),) and state.point == sum(dice)


def test_pass_wins_on_a_come_out_seven_and_loses_on_the_seven_out() -> None:
    assert one(TableState(), bet("pass"), SEVEN) == 2000
    assert one(TableState(point=12), bet("pass"), (6, 6)) == 2000
    assert one(TableState(point=12), bet("pass"), SEVEN) == 0
    assert one(TableState(point=12), bet("pass"), (5, 6)) is None


def test_come_moves_to_any_total_and_wins_on_it() -> None:
    _, (moved,), _ = settle(TableState(point=6), (bet("come"),), (1, 2), RULES)
    assert moved.number == 3
    assert one(TableState(point=6), moved, (2, 1)) == 2000
    assert one(TableState(point=6), bet("come"), SEVEN) == 2000


def test_put_place_buy_and_odds_on_the_crapless_numbers() -> None:
    on = TableState(point=8)
    assert one(on, bet("put_11"), (5, 6)) == 2000
    assert one(on, bet("put_2"), SEVEN) == 0
    assert one(on, bet("place_2", 200), (1, 1)) == 200 + 1100  # 11 to 2
    assert one(on, bet("place_3", 400), (1, 2)) == 400 + 1100  # 11 to 4
    assert one(on, bet("place_6", 600), (3, 3)) == 600 + 700  # 7 to 6
    assert one(on, bet("buy_12", 2000), (6, 6)) == 2000 + 12000 - 100  # 6 to 1 less 5 % of the stake
    assert one(on, bet("pass_odds", 5000), (4, 4)) == 5000 + 6000  # 6 to 5
    assert one(on, bet("come_odds_2", 1000), (1, 1)) == 1000 + 6000  # 6 to 1
    assert one(on, bet("put_odds_3", 2000), SEVEN) == 0


def test_place_is_off_on_the_come_out_and_hardways_work_unless_turned_off() -> None:
    come_out = TableState()
    assert one(come_out, bet("place_5", 500), (2, 3)) is None
    assert one(come_out, bet("place_5", 500), SEVEN) is None
    assert one(come_out, bet("place_5", 500, working=True), (2, 3)) == 500 + 700
    assert one(come_out, bet("hard_8"), (4, 4)) == 1000 * 10  # working on the come-out (Decision 5)
    assert one(come_out, bet("hard_8"), (2, 6)) == 0
    assert one(come_out, bet("hard_8", working=False), (4, 4)) is None
    off = CraplessRules(hardways_on_comeout=False)
    done, _, _ = settle(come_out, (bet("hard_8"),), (4, 4), off)
    assert done == ()
    # come odds are off on the come-out: returned, not lost
    assert one(come_out, bet("come_odds_9", 400), SEVEN) == 400


def test_one_roll_wagers_are_settled_as_at_craps() -> None:
    assert one(TableState(), bet("world", 500), SEVEN) == 500  # net 0 on a 7 (Decision 4)
    assert one(TableState(), bet("world", 500), (1, 1)) == 100 * 31
    assert one(TableState(), bet("horn_high:11", 500), (5, 6)) == 200 * 16
    assert one(TableState(), bet("hop_3_4", 100), (4, 3)) == 1600
    assert one(TableState(), bet("field"), (6, 6)) == 3000
    done, _, _ = settle(TableState(), (bet("world", 500),), SEVEN, RULES)
    assert done[0].kind == "world" and done[0].result is Result.PUSH


def _shooter(points: list[int], state: TableState) -> TableState:
    for n in points:  # set the point, then make it
        state = next_state(next_state(state, n), n)
    return state


@pytest.mark.parametrize(("points", "returned"), [([2, 3], 0), ([2, 3, 12], 1000), ([2, 3, 12, 11], 3000),
                                                  ([2, 3, 11, 12, 4, 5, 2, 5], 30000)])  # fmt: skip
def test_fire_counts_every_crapless_point_from_three(points: list[int], returned: int) -> None:
    state = next_state(_shooter(points, TableState()), 9)  # a new point, then the seven-out
    assert one(state, bet("fire_bet", 100), SEVEN) == returned
    assert one(state, bet("fire_bet", 100), (4, 5)) is None  # only the seven-out settles it


def test_the_fire_window_and_the_counts_after_a_seven_out() -> None:
    state = next_state(TableState(), 7)
    assert not state.pointed  # a come-out 7 leaves the window open
    state = next_state(state, 4)
    assert state.pointed and next_state(state, 7) == TableState()


def test_hard_rockn_dice_settles_at_the_seven_on_the_marks() -> None:
    state = TableState()
    for total in (4, 5, 6, 8, 9, 10, 2, 3, 11):
        state = next_state(state, total)
    assert state.marks == (2, 3, 4, 5, 6, 8, 9, 10, 11)
    assert one(state, bet("six_string", 100), (2, 2)) is None  # complete, but settled at the 7 (Decision 8)
    assert one(state, bet("six_string", 100), SEVEN) == 1300
    assert one(state, bet("fab_four", 100), SEVEN) == 0  # no 12
    assert one(state, bet("the_tenor", 100), SEVEN) == 2100  # nine of ten: Almost
    full = next_state(state, 12)
    assert one(full, bet("the_tenor", 100), SEVEN) == 8100 and one(full, bet("fab_four", 100), SEVEN) == 7100
    assert next_state(full, 7).marks == ()


def test_snapshots_round_trip_and_bad_spots_are_refused() -> None:
    state = _shooter([2, 11], TableState())
    state = next_state(state, 5)
    assert TableState.from_json(state.to_json()) == state
    wager = bet("come", vig=0, number=12)
    assert Wager.from_json(wager.to_json()) == wager
    for text in ("place_7", "dont_pass", "lay_4", "hard_2", "horn_high:7", "big_6"):
        with pytest.raises(BadSpotError):
            Spot.parse(text)
    with pytest.raises(ValueError, match="not one of"):
        TableState.from_json({**state.to_json(), "point": 7})
