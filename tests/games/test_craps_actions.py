"""What may be placed, removed, reduced, increased or toggled, and when (GAMES.md §2.1, § 623a.4)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from terminal.games.base import IllegalBetError
from terminal.games.craps.actions import (
    FixedWagerError,
    IncrementError,
    NotOfferedError,
    OddsError,
    ToggleError,
    UnknownWagerError,
    WrongTimeError,
    change,
    place,
    remove,
    toggle,
)
from terminal.games.craps.records import BadSpotError, Roll, Spot, TableState, Wager
from terminal.games.craps.rules import CrapsRules
from terminal.games.craps.settle import settle

RULES = CrapsRules()
COME_OUT = TableState(new_shooter=False)
POINT_6 = TableState(point=6, new_shooter=False)


def bet(spot: str, amount: int, ref: str = "x", **kw: object) -> Wager:
    return Wager(ref, 1, Spot.parse(spot), amount, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("state", "spot", "amount"),
    [(POINT_6, "pass", 500), (POINT_6, "dont_pass", 500), (COME_OUT, "come", 500),
     (COME_OUT, "dont_come", 500), (COME_OUT, "fire", 100), (POINT_6, "all_small", 100),
     (COME_OUT, "pass_odds", 500)],
)  # fmt: skip
def test_wrong_time_is_refused_with_wager_state_and_reason(state: TableState, spot: str, amount: int) -> None:
    with pytest.raises(IllegalBetError) as caught:
        place(state, (), bet(spot, amount), RULES)
    assert isinstance(caught.value, (WrongTimeError, OddsError))
    assert spot in str(caught.value) and state.describe() in str(caught.value)


def test_fire_and_bonus_only_before_a_new_shooters_first_come_out() -> None:
    fresh = TableState()
    assert place(fresh, (), bet("fire", 500), RULES).shooter == 1
    assert place(fresh, (), bet("all_or_nothing", 100), RULES).amount == 100
    with pytest.raises(IncrementError):
        place(fresh, (), bet("fire", 150), RULES)  # whole currency units only
    with pytest.raises(NotOfferedError):
        place(fresh, (), bet("fire", 100), replace(RULES, fire_paytable=None))
    with pytest.raises(NotOfferedError):
        place(POINT_6, (), bet("buy_4", 2000), replace(RULES, buy_offered=False))


def test_place_increments_and_split_wagers() -> None:
    place(POINT_6, (), bet("place_6", 1200), RULES)
    for spot, amount in (("place_6", 500), ("place_5", 600), ("buy_4", 2100), ("horn", 502), ("whirl", 402),
                         ("c_and_e", 301), ("horn_high:2", 601)):  # fmt: skip
        with pytest.raises(IncrementError, match=str(amount)):
            place(POINT_6, (), bet(spot, amount), RULES)
    assert place(POINT_6, (), bet("place_6", 500), replace(RULES, place_increments=False)).amount == 500


def test_odds_up_to_the_multiple() -> None:
    flat = bet("pass", 1000, "p")
    assert place(POINT_6, (flat,), bet("pass_odds", 5000), RULES).amount == 5000  # 5x on 6
    with pytest.raises(OddsError, match="limit 5000"):
        place(POINT_6, (flat,), bet("pass_odds", 5100), RULES)
    point_4 = replace(POINT_6, point=4)
    with pytest.raises(OddsError):
        place(point_4, (flat,), bet("pass_odds", 3100), RULES)  # 3x on 4
    dont = bet("dont_pass", 1000, "d")
    assert place(point_4, (dont,), bet("dont_pass_odds", 6000), RULES).amount == 6000  # lay 60 to win 30
    with pytest.raises(OddsError):
        place(point_4, (dont,), bet("dont_pass_odds", 6100), RULES)
    assert place(point_4, (flat,), bet("pass_odds", 10000), replace(RULES, max_odds="10x")).amount == 10000
    with pytest.raises(OddsError, match="no come wager"):
        place(POINT_6, (flat,), bet("come_odds_5", 500), RULES)
    come = bet("come", 1000, "c", number=5)
    assert place(POINT_6, (come,), bet("come_odds_5", 4000), RULES).amount == 4000


def test_pass_fixed_after_the_point_and_come_after_its_point() -> None:
    wagers = (bet("pass", 1000, "p"),)
    assert remove(COME_OUT, wagers, "p") == ((), 1000)
    for action in (lambda: remove(POINT_6, wagers, "p"), lambda: change(POINT_6, wagers, "p", 500, RULES)):
        with pytest.raises(FixedWagerError, match="point"):
            action()
    with pytest.raises(FixedWagerError):
        change(POINT_6, wagers, "p", 2000, RULES)
    moved = (bet("come", 1000, "c", number=9),)
    with pytest.raises(FixedWagerError, match="point 9"):
        remove(POINT_6, moved, "c")
    assert remove(POINT_6, (bet("come", 1000, "c"),), "c")[1] == 1000


def test_dont_reduced_never_increased_again() -> None:
    wagers = (bet("dont_pass", 1000, "d"),)
    wagers, back = change(POINT_6, wagers, "d", 500, RULES)
    assert back == 500 and wagers[0].reduced
    with pytest.raises(FixedWagerError, match="reduced"):
        change(POINT_6, wagers, "d", 1000, RULES)
    assert remove(POINT_6, wagers, "d") == ((), 500)
    with pytest.raises(OddsError, match="limit 3000"):  # reducing below what the lay odds need
        change(POINT_6, (bet("dont_pass", 1000, "d"), bet("dont_pass_odds", 6000, "o")), "d", 500, RULES)


def test_fire_and_bonus_never_change_lucky_shooter_fixed_in_progress() -> None:
    for spot in ("fire", "all_tall"):
        wagers = (bet(spot, 100, "f"),)
        with pytest.raises(FixedWagerError, match="never"):
            remove(TableState(), wagers, "f")
        with pytest.raises(FixedWagerError):
            change(TableState(), wagers, "f", 200, RULES)
    waiting = (bet("lucky_shooter", 100, "l"),)
    assert remove(COME_OUT, waiting, "l")[1] == 100
    with pytest.raises(FixedWagerError, match="in progress"):
        remove(POINT_6, (bet("lucky_shooter", 100, "l", number=6),), "l")
    with pytest.raises(WrongTimeError, match="already"):
        place(COME_OUT, waiting, bet("lucky_shooter", 100, "m"), RULES)


def test_buy_lay_vig_with_the_bet_and_refund() -> None:
    rules = replace(RULES, buy_vig="on_bet")
    buy = place(POINT_6, (), bet("buy_10", 2500, "b"), rules)
    assert buy.vig == 100 and buy.cost == 2600  # 5% of 25.00 = 1.25, rounded down to 1.00
    lay = place(POINT_6, (), bet("lay_6", 2500, "l"), RULES)
    assert lay.vig == 100  # 5% of the 20.83 win is 1.04: rounded down to 1.00
    assert remove(POINT_6, (lay,), "l")[1] == 2600  # an undecided wager's vig goes back with it
    wagers, back = change(POINT_6, (buy,), "b", 5000, rules)
    assert wagers[0].vig == 200 and back == -2600


def test_toggles() -> None:
    wagers = (bet("place_8", 600, "p"), bet("field", 100, "f"))
    on = toggle(COME_OUT, wagers, "p", True)
    settled, _, _ = settle(COME_OUT, on, Roll(4, 4), RULES)
    assert [s.wager_ref for s in settled] == ["f", "p"]  # the 8 was ON on the come-out
    with pytest.raises(ToggleError):
        toggle(COME_OUT, wagers, "f", False)
    with pytest.raises(UnknownWagerError, match="nope"):
        toggle(COME_OUT, wagers, "nope", False)


def test_duplicate_spot_and_bad_spots() -> None:
    with pytest.raises(WrongTimeError, match="increase"):
        place(POINT_6, (bet("place_6", 600, "a"),), bet("place_6", 600, "b"), RULES)
    assert place(POINT_6, (bet("come", 600, "a"),), bet("come", 600, "b"), RULES).ref == "b"
    for text in ("place_7", "hop_5_2", "horn_high:4", "hard_5", "big_6", "hop_1_1", ""):
        with pytest.raises(BadSpotError):
            Spot.parse(text)
