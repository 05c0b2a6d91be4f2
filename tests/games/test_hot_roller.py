"""Hot Roller (§ 623b.2, GAMES.md §3.3): when it may be placed, that it never changes, what it tracks, and
what it pays. Expected amounts are worked by hand from the paytables of § 623b.2(h)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from terminal.games.base import Result, Settlement
from terminal.games.craps.actions import (
    FixedWagerError,
    NotOfferedError,
    WrongTimeError,
    change,
    place,
    remove,
)
from terminal.games.craps.engine import CrapsEngine
from terminal.games.craps.records import Roll, Spot, TableState, Wager
from terminal.games.craps.rules import CrapsRules
from terminal.games.craps.settle import settle
from terminal.games.seam import Placement

RULES = CrapsRules()
COME_OUT = TableState(new_shooter=False)
POINT_6 = TableState(point=6, new_shooter=False)


def hot(amount: int = 100, ref: str = "h", seat: int = 1, marks: tuple[int, ...] = ()) -> Wager:
    return Wager(ref, seat, Spot("hot_roller"), amount, marks=marks)


def roll_all(rolls: str, state: TableState = COME_OUT, rules: CrapsRules = RULES,
             wager: Wager | None = None) -> tuple[Settlement | None, Wager | None, TableState]:  # fmt: skip
    """Roll ``rolls`` ("1-3 2-2 ...") on one Hot Roller; a second settlement is an error."""
    wagers: tuple[Wager, ...] = (wager or hot(),)
    found = None
    for text in rolls.split():
        a, b = text.split("-")
        done, wagers, state = settle(state, wagers, Roll(int(a), int(b)), rules)
        assert found is None or not done, "settled twice"
        found = done[0] if done else found
    return found, (wagers[0] if wagers else None), state


# --- placing and changing --------------------------------------------------------------------------------


def test_placed_only_before_a_come_out_roll() -> None:
    assert place(COME_OUT, (), hot(), RULES).spot.kind == "hot_roller"
    assert place(TableState(), (), hot(), RULES).amount == 100  # a new shooter's come-out too
    with pytest.raises(WrongTimeError, match="only before a come-out roll"):
        place(POINT_6, (), hot(), RULES)


def test_one_per_seat_until_a_seven_settles_it() -> None:
    mine = (hot(ref="a"),)
    with pytest.raises(WrongTimeError, match="already has a Hot Roller"):
        place(COME_OUT, mine, hot(ref="b"), RULES)
    assert place(COME_OUT, (hot(ref="a", seat=2),), hot(ref="b"), RULES).ref == "b"  # another seat's


def test_never_removed_reduced_or_increased() -> None:
    for state in (COME_OUT, POINT_6):
        with pytest.raises(FixedWagerError, match="never removed, reduced or increased until a 7"):
            remove(state, (hot(),), "h")
        for amount in (50, 200):
            with pytest.raises(FixedWagerError):
                change(state, (hot(),), "h", amount, RULES)


def test_not_offered_when_switched_off() -> None:
    with pytest.raises(NotOfferedError):
        place(COME_OUT, (), hot(), replace(RULES, hot_roller_paytable=None))


def test_the_engine_lists_no_hot_roller_as_removable_even_in_its_own_round() -> None:
    engine = CrapsEngine(RULES, ())
    _, play = engine.place(engine.start(), 1, "r1", "hot_roller", 500)
    _, play = engine.place(play, 1, "r2", "field", 500)
    assert engine.removable(play, 1, None) == ("r2",)
    assert engine.removable(play, 1, "hot_roller") == ()


# --- tracking and settling -------------------------------------------------------------------------------


def test_marks_each_combination_once_in_layout_order_whatever_the_dice_order() -> None:
    _, left, _ = roll_all("3-1 1-3 2-2 6-6 1-2 5-5 6-4 4-6 3-3")
    assert left is not None and left.marks == (13, 22, 33, 46, 55)


def test_tracked_across_come_outs_points_made_and_craps() -> None:
    # come-out 4 (1-3), point 4 made by 2-2: a new come-out; 1-1 craps, 5-6 eleven; then a new point 9 ...
    _, left, state = roll_all("1-3 2-2 1-1 5-6 3-6 4-5 6-6")
    assert left is not None and left.marks == (13, 22, 36, 45)
    assert state.point is None and state.shooter == 1  # same shooter throughout: no 7 yet


@pytest.mark.parametrize(
    ("rolls", "paytable", "returned", "entry"),
    [
        ("3-4", "A", 0, "no number complete"),  # a come-out 7 before anything
        ("1-3 2-2 3-4", "A", 0, "1 number complete"),
        ("1-3 2-2 1-4 2-3 4-3", "A", 600, "any 2 numbers"),  # 5 to 1
        # § 623b.2(g)'s example: both ways of 4, 5 and 9, then a 7: Any 3 pays 10 to 1
        ("1-3 2-2 2-3 4-1 6-3 4-5 6-1", "A", 1100, "any 3 numbers"),
        ("1-3 2-2 1-4 2-3 1-5 2-4 3-3 6-3 4-5 5-2", "B", 2100, "any 4 numbers"),
        ("1-3 2-2 1-4 2-3 1-5 2-4 3-3 6-2 3-5 4-4 3-6 4-5 3-4", "A", 5100, "any 5 numbers"),
        ("1-3 2-2 1-4 2-3 1-5 2-4 3-3 6-2 3-5 4-4 3-6 4-5 4-6 5-5 1-6", "A", 20100, "all 6 numbers"),
        ("1-3 2-2 1-4 2-3 1-5 2-4 3-3 6-2 3-5 4-4 3-6 4-5 4-6 5-5 1-6", "B", 30100, "all 6 numbers"),
    ],
)  # fmt: skip
def test_settled_on_the_first_seven_by_the_numbers_complete(
    rolls: str, paytable: str, returned: int, entry: str
) -> None:
    done, left, _ = roll_all(rolls, rules=replace(RULES, hot_roller_paytable=paytable))
    assert left is None and done is not None
    assert (done.returned, done.entry, done.paytable, done.stake) == (returned, entry, paytable, 100)
    assert done.result is (Result.WIN if returned else Result.LOSE)


def test_a_seven_out_settles_it_and_the_new_shooter_starts_clean() -> None:
    done, left, state = roll_all("1-3 2-2 1-4 2-3 1-5 5-2", state=COME_OUT)  # point 4 made, point 5 made...
    assert done is not None and done.entry == "any 2 numbers" and left is None
    assert state.shooter == 2 and state.new_shooter


# --- persistence -----------------------------------------------------------------------------------------


def test_marks_survive_the_snapshot_and_a_bad_mark_is_refused() -> None:
    engine = CrapsEngine(RULES, ())
    _, play = engine.place(engine.start(), 1, "r1", "hot_roller", 500)
    for dice in ((1, 3), (2, 2), (5, 5)):
        play = engine.settle(play, engine.outcome(dice)).play
    snap = engine.snapshot(play)
    back = engine.restore(snap, (Placement("r1", 1, "hot_roller", "hot_roller", "A", 500),))
    assert back.wagers == play.wagers and back.wagers[0].marks == (13, 22, 55)
    line = engine.wagers_of(back, 1)[0]
    assert (line.spot, line.marks, line.standing) == ("hot_roller", (13, 22, 55), True)
    bad = {**snap, "wagers": [{**snap["wagers"][0], "marks": [13, 12]}]}  # 1-2 is no combination
    with pytest.raises(ValueError, match="marks"):
        engine.restore(bad, ())


def test_placed_after_the_snapshot_is_rebuilt_from_the_ledger() -> None:
    engine = CrapsEngine(RULES, ())
    play = engine.restore(None, (Placement("r9", 3, "hot_roller", "hot_roller", "A", 700),))
    assert [(w.seat, w.amount, w.marks) for w in play.wagers] == [(3, 700, ())]
