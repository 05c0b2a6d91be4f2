"""Every craps wager against scripted rolls; expected amounts worked by hand from GAMES.md §2.1–2.6."""

from __future__ import annotations

from dataclasses import replace

import pytest

from terminal.games.base import Result, Settlement
from terminal.games.craps.records import Roll, Spot, TableState, Wager, next_state
from terminal.games.craps.rules import CrapsRules
from terminal.games.craps.settle import settle

RULES = CrapsRules()


def roll(text: str) -> Roll:
    """``"3-4"`` → Roll(3, 4)."""
    a, b = text.split("-")
    return Roll(int(a), int(b))


def play(
    spot: str,
    amount: int,
    rolls: str,
    state: TableState | None = None,
    rules: CrapsRules = RULES,
    **kw: object,
) -> tuple[Settlement | None, Wager | None, TableState]:
    """Place one wager and roll ``rolls`` (space separated) until it settles; settled twice is an error."""
    state = state or TableState()
    wagers: tuple[Wager, ...] = (Wager("w", 1, Spot.parse(spot), amount, **kw),)  # type: ignore[arg-type]
    found: Settlement | None = None
    for text in rolls.split():
        settled, wagers, state = settle(state, wagers, roll(text), rules)
        assert found is None or not settled, "a wager settled twice"
        found = settled[0] if settled else found
    return found, (wagers[0] if wagers else None), state


POINT_6 = TableState(point=6, new_shooter=False)


@pytest.mark.parametrize(
    ("spot", "rolls", "returned"),
    [
        ("pass", "3-4", 2000), ("pass", "5-6", 2000),
        ("pass", "1-1", 0), ("pass", "1-2", 0), ("pass", "6-6", 0),
        ("pass", "2-2 1-1 5-6 3-1", 2000), ("pass", "2-2 3-4", 0),
        ("dont_pass", "3-4", 0), ("dont_pass", "1-2", 2000), ("dont_pass", "6-6", 1000),
        ("dont_pass", "2-2 6-6 3-4", 2000), ("dont_pass", "2-2 1-3", 0),
    ],
)  # fmt: skip
def test_pass_and_dont_pass(spot: str, rolls: str, returned: int) -> None:
    done, _, _ = play(spot, 1000, rolls)
    assert done is not None and done.returned == returned and done.stake == 1000


def test_dont_pass_twelve_is_a_push_and_leaves() -> None:
    done, left, _ = play("dont_pass", 1000, "6-6")
    assert done is not None and done.result is Result.PUSH and left is None


@pytest.mark.parametrize(
    ("spot", "rolls", "returned"),
    [("come", "3-4", 2000), ("come", "5-6", 2000), ("come", "6-6", 0), ("come", "4-5 2-2 5-4", 2000),
     ("come", "4-5 3-4", 0), ("dont_come", "1-1", 2000), ("dont_come", "6-6", 1000), ("dont_come", "5-6", 0),
     ("dont_come", "4-4 1-6", 2000), ("dont_come", "4-4 2-6", 0)],
)  # fmt: skip
def test_come_and_dont_come(spot: str, rolls: str, returned: int) -> None:
    done, _, _ = play(spot, 1000, rolls, state=POINT_6)
    assert done is not None and done.returned == returned


def test_come_moves_to_its_number_and_works_on_the_come_out() -> None:
    _, moved, _ = play("come", 1000, "4-5", state=POINT_6)
    assert moved is not None and moved.number == 9 and moved.spot == Spot("come")
    done, _, _ = play("come", 1000, "4-5 3-3 4-5", state=POINT_6)  # come on 9, 6 made, come-out 9
    assert done is not None and done.returned == 2000


@pytest.mark.parametrize(
    ("spot", "amount", "rolls", "returned"),
    [("pass_odds", 1000, "3-3", 2200), ("pass_odds", 1000, "3-4", 0), ("dont_pass_odds", 1200, "3-4", 2200),
     ("dont_pass_odds", 1200, "4-2", 0), ("pass_odds", 1001, "3-3", 2202)],
)  # fmt: skip
def test_pass_odds_true_odds_rounded_down(spot: str, amount: int, rolls: str, returned: int) -> None:
    done, _, _ = play(spot, amount, rolls, state=POINT_6)
    assert done is not None and done.returned == returned  # 6 to 5; 10.01 returns 22.022 -> 22.02


def test_come_odds_off_on_the_come_out_unless_turned_on() -> None:
    come_out = TableState(new_shooter=False)
    done, _, _ = play("come_odds_5", 1000, "3-4", state=come_out)
    assert done is not None and done.result is Result.PUSH and done.returned == 1000
    done, _, _ = play("come_odds_5", 1000, "3-4", state=come_out, working=True)
    assert done is not None and done.returned == 0
    done, _, _ = play(
        "come_odds_5", 1000, "2-3", state=come_out, rules=replace(RULES, come_odds_on_comeout=True)
    )
    assert done is not None and done.returned == 2500  # 3 to 2
    done, _, _ = play("dont_come_odds_4", 1000, "3-4", state=come_out)  # Don't odds work on the come-out
    assert done is not None and done.returned == 1500  # 1 to 2


@pytest.mark.parametrize(
    ("spot", "amount", "returned"),
    [("place_4", 500, 1400), ("place_5", 500, 1200), ("place_6", 600, 1300), ("place_8", 600, 1300),
     ("place_9", 500, 1200), ("place_10", 500, 1400)],
)  # fmt: skip
def test_place_to_win(spot: str, amount: int, returned: int) -> None:
    number = int(spot.split("_")[1])
    dice = f"{number - 4}-4" if number > 6 else f"{number - 1}-1"
    done, _, _ = play(spot, amount, f"1-1 {dice}", state=POINT_6)
    assert done is not None and done.returned == returned
    done, _, _ = play(spot, amount, "2-5", state=POINT_6)
    assert done is not None and done.returned == 0


@pytest.mark.parametrize(("number", "amount", "returned"), [(4, 1100, 1600), (5, 800, 1300), (8, 500, 900)])
def test_place_to_lose(number: int, amount: int, returned: int) -> None:
    done, _, _ = play(f"place_lose_{number}", amount, "6-1", state=POINT_6)
    assert done is not None and done.returned == returned
    dice = "2-2" if number == 4 else "3-2" if number == 5 else "4-4"
    done, _, _ = play(f"place_lose_{number}", amount, dice, state=POINT_6)
    assert done is not None and done.returned == 0


def test_numbers_off_on_the_come_out_and_lay_working() -> None:
    come_out = TableState()
    for spot in ("place_8", "place_lose_8", "buy_8", "hard_8"):
        done, left, _ = play(spot, 600, "3-4", state=come_out)
        assert done is None and left is not None, spot
    done, _, _ = play("place_8", 600, "4-4", state=come_out, working=True)
    assert done is not None and done.returned == 1300
    done, _, _ = play("lay_8", 1200, "3-4", state=come_out)
    assert done is not None and done.returned == 2200  # lay vig was collected with the bet
    done, left, _ = play("lay_8", 1200, "3-4", state=come_out, working=False)
    assert done is None and left is not None


def test_buy_vig_on_win_and_on_bet() -> None:
    done, _, _ = play("buy_4", 2000, "2-2", state=POINT_6)
    assert done is not None and (done.stake, done.returned) == (2000, 2000 + 4000 - 100)
    done, _, _ = play("buy_4", 3000, "2-2", state=POINT_6)  # 5% of 30.00 = 1.50, rounded down to 1.00
    assert done is not None and done.returned == 3000 + 6000 - 100
    done, _, _ = play("buy_4", 2000, "2-2", state=POINT_6, rules=replace(RULES, buy_vig="on_bet"), vig=100)
    assert done is not None and (done.stake, done.returned, done.net) == (2100, 6000, 3900)
    done, _, _ = play("lay_10", 4000, "6-4", state=POINT_6, vig=100)
    assert done is not None and (done.stake, done.returned) == (4100, 0)
    done, _, _ = play("lay_10", 4000, "1-6", state=POINT_6, rules=replace(RULES, lay_vig="on_win"))
    assert done is not None and done.returned == 4000 + 2000 - 100


@pytest.mark.parametrize(
    ("spot", "rolls", "returned"),
    [("hard_4", "2-2", 800), ("hard_4", "1-3", 0), ("hard_4", "6-1", 0), ("hard_6", "1-1 3-3", 1000),
     ("hard_8", "6-2", 0), ("hard_10", "5-5", 800), ("hard_10", "2-2 6-4", 0)],
)  # fmt: skip
def test_hardways(spot: str, rolls: str, returned: int) -> None:
    done, _, _ = play(spot, 100, rolls, state=POINT_6)
    assert done is not None and done.returned == returned


@pytest.mark.parametrize(
    ("spot", "amount", "dice", "returned"),
    [("field", 100, "1-1", 300), ("field", 100, "6-6", 300),
     ("field", 100, "1-2", 200), ("field", 100, "4-5", 200),
     ("field", 100, "3-4", 0), ("field", 100, "2-3", 0),
     ("any_seven", 100, "5-2", 500), ("any_seven", 100, "5-5", 0),
     ("any_craps", 100, "6-6", 800), ("any_craps", 100, "5-6", 0), ("craps_2", 100, "1-1", 3100),
     ("craps_3", 100, "2-1", 1600), ("craps_12", 100, "6-6", 3100), ("eleven", 100, "6-5", 1600),
     ("eleven", 100, "6-6", 0), ("c_and_e", 200, "1-2", 800), ("c_and_e", 200, "5-6", 1600),
     ("c_and_e", 200, "3-4", 0), ("horn", 400, "1-1", 3100),
     ("horn", 400, "1-2", 1600), ("horn", 400, "3-3", 0),
     ("horn_high:12", 500, "6-6", 6200),
     ("horn_high:12", 500, "1-1", 3100), ("horn_high:3", 500, "2-1", 3200),
     ("whirl", 500, "3-4", 500), ("whirl", 500, "5-6", 1600), ("whirl", 500, "4-4", 0),
     ("hop_3_3", 100, "3-3", 3100), ("hop_2_4", 100, "4-2", 1600), ("hop_2_4", 100, "3-3", 0),
     ("hop_1_6", 100, "6-1", 1600),
     ("six_seven_eight", 100, "3-3", 300), ("six_seven_eight", 100, "2-4", 200),
     ("six_seven_eight", 100, "3-4", 200), ("six_seven_eight", 100, "4-5", 0)],
)  # fmt: skip
def test_one_roll_wagers(spot: str, amount: int, dice: str, returned: int) -> None:
    done, left, _ = play(spot, amount, dice, state=POINT_6)
    assert done is not None and done.returned == returned and left is None


def test_whirl_on_seven_comes_back_even() -> None:
    done, _, _ = play("whirl", 500, "3-4", state=POINT_6)
    assert done is not None and done.result is Result.PUSH and done.net == 0


def test_fire_settles_once_on_the_seven_out_for_the_points_made() -> None:
    # points 4, 5, 6, 8 made (a repeat 4 does not count twice), then a seven-out: 4 points, 24 to 1
    rolls = "2-2 1-3 2-3 4-1 3-3 5-1 1-3 3-1 4-4 6-2 5-4 6-1"
    done, left, state = play("fire", 100, rolls)
    assert done is not None and done.entry == "4 points made" and done.returned == 2500 and left is None
    assert state.shooter == 2 and state.fire_points == ()
    done, _, _ = play("fire", 100, rolls, rules=replace(RULES, fire_paytable="B"))
    assert done is not None and done.returned == 4000 and done.paytable == "B"
    done, _, _ = play("fire", 100, "3-4 2-2 1-3 4-3 2-3 4-3")  # come-out 7s do not end it
    assert done is not None and done.returned == 0 and done.entry == "1 points made"


def test_bonus_craps_marks_and_any_seven() -> None:
    done, _, _ = play("all_small", 100, "1-1 1-2 2-2 2-3 5-6 3-3")
    assert done is not None and done.returned == 3500  # 34 to 1, paid the moment 6 completes it
    done, _, _ = play("all_small", 100, "1-1 1-2 2-2 2-3 3-4")
    assert done is not None and done.returned == 0
    done, _, _ = play("all_tall", 100, "4-4 3-4")  # point 8 set, then seven-out
    assert done is not None and done.returned == 0
    done, _, _ = play("all_tall", 100, "3-4")  # a come-out 7 collects it too
    assert done is not None and done.returned == 0
    everything = "1-1 1-2 2-2 2-3 3-3 4-4 4-5 5-5 5-6 6-6"
    done, _, _ = play("all_or_nothing", 100, everything, rules=replace(RULES, bonus_paytable="2"))
    assert done is not None and done.returned == 15100


@pytest.mark.parametrize(
    ("rolls", "paytable", "returned", "entry"),
    [("4-5 4-6 1-3 3-3 5-5", "A", 500, "3 of 5"),
     ("4-5 4-6 1-3 3-3 4-4 2-3 6-3", "A", 100000, "5 of 5 and the point"),
     ("3-3 4-5 2-4", "A", 0, "1 of 5"), ("4-5 4-6 1-3 3-3 4-4 2-3 3-4", "B", 10000, "5 of 5"),
     ("4-5 4-6 1-3 1-2", "B", 200, "2 of 5"), ("4-5 4-6 1-3 1-2", "A", 0, "2 of 5"),
     ("1-1", "A", 0, "0 of 5"), ("3-4 5-6 4-5 4-6 1-3 3-3 4-4 6-1", "C", 2000, "4 of 5")],
)  # fmt: skip
def test_lucky_shooter(rolls: str, paytable: str, returned: int, entry: str) -> None:
    # the first three are the worked examples of § 623b.3(d): 9 then 10, 4, 6, 10 / ... / 6 then 9, 6
    done, _, _ = play("lucky_shooter", 100, rolls, rules=replace(RULES, lucky_shooter_paytable=paytable))
    assert done is not None and (done.returned, done.entry) == (returned, entry)


def test_lucky_shooter_stays_working_through_come_out_sevens_and_waits_for_a_come_out() -> None:
    _, left, _ = play("lucky_shooter", 100, "3-4 5-6 3-4")
    assert left is not None and left.number is None  # 1 for 1 each time: nothing moves, still working
    _, left, _ = play("lucky_shooter", 100, "4-5 2-2", state=POINT_6)  # placed during a point: waits
    assert left is not None and left.number is None
    _, left, _ = play("lucky_shooter", 100, "3-3 4-4 2-4", state=POINT_6)  # made 6, come-out 8 starts it
    assert left is not None and (left.number, left.marks) == (8, (6,))


def test_settlements_losers_first_and_state_advances() -> None:
    wagers = (
        Wager("a", 1, Spot("field"), 100),
        Wager("b", 1, Spot("any_seven"), 100),
        Wager("c", 2, Spot("pass"), 100),
    )
    settled, left, state = settle(TableState(), wagers, Roll(3, 4), RULES)
    assert [s.wager_ref for s in settled] == ["a", "b", "c"] and left == ()
    assert [s.result for s in settled] == [Result.LOSE, Result.WIN, Result.WIN]
    assert state == next_state(TableState(), Roll(3, 4))
    with pytest.raises(ValueError, match="unique"):
        settle(TableState(), (wagers[0], wagers[0]), Roll(3, 4), RULES)
