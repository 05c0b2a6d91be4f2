"""The table core on a real ledger: wagers as chips land, the lock, settlement, tilts, hand-pays, void spins.

Expected credits are worked out by hand from the paytables of GAMES.md (comments show the arithmetic).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from terminal.ledger import EventCode
from terminal.table.clock import ManualClock
from terminal.table.phases import Phase
from terminal.table.refused import Refused
from terminal.table.tilts import Role, Tilt, TiltKind
from tests.table.harness import make_config, scripted_table


@pytest.fixture
def roulette(tmp_path: Path):  # type: ignore[no-untyped-def]
    c = make_config(tmp_path)
    return c


def test_a_spin_settles_every_wager_by_the_paytable(roulette) -> None:  # type: ignore[no-untyped-def]
    table = scripted_table(roulette, 17)
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    table.wagers.place(1, "straight:17", 100)  # 35 to 1: returns 36.00
    table.wagers.place(1, "red", 500)  # 17 is black: loses
    table.wagers.place(1, "odd", 200)  # 17 is odd: returns 4.00
    assert table.cashier.credits(1) == 10_000 - 800
    report = table.play_round()
    assert report.text == "17" and table.phase is Phase.SHOWN
    assert table.cashier.credits(1) == 10_000 - 800 + 3_600 + 400
    assert table.wagers.last_win[1] == 4_000
    assert table.ledger.audit() == [] and table.ledger.verify().ok


def test_a_chip_after_the_lock_is_refused(roulette) -> None:  # type: ignore[no-untyped-def]
    table = scripted_table(roulette, 5)
    table.start()
    table.cashier.bill_stacked(2, 5_000)
    table.play_round()
    with pytest.raises(Refused, match="no more bets") as refused:
        table.wagers.place(2, "red", 100)
    assert refused.value.code == "locked" and table.cashier.credits(2) == 5_000


@pytest.mark.parametrize(
    ("spot", "amount", "code", "words"),
    [
        ("red", 50_100, "rules", "above the maximum"),  # wager_max 500.00
        ("red", 50, "rules", "below the minimum"),  # wager_min 1.00
        ("red", 150, "rules", "multiple of 100"),  # increment 1.00
        ("split:1-5", 100, "rules", "split"),  # 1 and 5 are not adjacent
        ("five_adjacent:17", 700, "rules", "five equal"),
        ("red", 9_000, "credits", "not enough credits"),
    ],
)
def test_limits_and_rules_are_checked_when_the_chip_lands(
    roulette,
    spot: str,
    amount: int,
    code: str,
    words: str,  # type: ignore[no-untyped-def]
) -> None:
    table = scripted_table(roulette)
    table.start()
    table.cashier.bill_stacked(3, 5_000)
    with pytest.raises(Refused) as refused:
        table.wagers.place(3, spot, amount)
    assert refused.value.code == code and words in str(refused.value)
    assert table.cashier.credits(3) == 5_000 and table.ledger.pending() == []


def test_the_seat_limit_per_round(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path, "[limits]\nwager_max = 5.00\nseat_max = 6.00\n"))
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    table.wagers.place(1, "red", 500)
    with pytest.raises(Refused, match="limit") as refused:
        table.wagers.place(1, "black", 200)  # 5 + 2 > 6
    assert refused.value.code == "limit"


def test_undo_remove_clear_repeat_and_double(roulette) -> None:  # type: ignore[no-untyped-def]
    table = scripted_table(roulette, 0)
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    for spot in ("red", "dozen:1", "straight:7"):
        table.wagers.place(1, spot, 100)
    table.wagers.undo(1)  # the straight comes back
    assert [line.spot for line in table.wagers.wagers_of(1)] == ["red", "dozen:1"]
    table.wagers.remove(1, "red")
    assert table.cashier.credits(1) == 10_000 - 100
    assert table.wagers.double(1) == 1  # another dozen:1
    table.wagers.remove(1, None)  # clear all
    assert table.wagers.wagers_of(1) == () and table.cashier.credits(1) == 10_000
    assert table.ledger.meters().get("wagered", 0) == 0  # withdrawn wagers are never coin in
    table.wagers.place(1, "even", 300)
    table.play_round()  # 0: even money loses
    table.open_round()
    assert table.wagers.repeat(1) == 1 and [line.spot for line in table.wagers.wagers_of(1)] == ["even"]
    with pytest.raises(Refused, match="nothing"):
        table.wagers.remove(1, "odd")


def test_a_table_tilt_stops_wagers_and_money_but_never_loses_a_stacked_bill(roulette) -> None:  # type: ignore[no-untyped-def]
    table = scripted_table(roulette)
    table.start()
    table.cashier.bill_stacked(4, 2_000)
    table.tilts.raise_tilt(Tilt(TiltKind.DOOR_OPEN, None, "main door"))
    for attempt in (lambda: table.wagers.place(4, "red", 100), lambda: table.cashier.cash_out(4)):
        with pytest.raises(Refused, match="door_open"):
            attempt()
    assert not table.window_over()  # the window does not close while the table is tilted
    table.cashier.bill_stacked(4, 1_000)  # stacked means money, tilt or not
    assert table.cashier.credits(4) == 3_000
    with pytest.raises(PermissionError, match="attendant"):
        table.tilts.clear_tilt(TiltKind.DOOR_OPEN, None, None, condition_over=True)
    table.tilts.clear_tilt(TiltKind.DOOR_OPEN, None, Role.ATTENDANT, condition_over=True)
    table.wagers.place(4, "red", 100)


def test_a_lost_link_stops_only_that_seat_and_keeps_its_credits(roulette) -> None:  # type: ignore[no-untyped-def]
    table = scripted_table(roulette)
    table.start()
    for seat in (1, 2):
        table.link_up(seat)
        table.cashier.bill_stacked(seat, 1_000)
    table.link_lost(1)
    with pytest.raises(Refused, match="link_lost"):
        table.wagers.place(1, "red", 100)
    table.wagers.place(2, "red", 100)
    table.link_up(1)
    table.wagers.place(1, "red", 100)
    assert table.cashier.credits(1) == 900


def test_an_award_above_the_handpay_limit_locks_the_seat(roulette) -> None:  # type: ignore[no-untyped-def]
    table = scripted_table(roulette, 17)
    table.start()
    table.cashier.bill_stacked(5, 10_000)
    table.wagers.place(5, "straight:17", 5_000)  # 50.00 at 35 to 1 wins 1,750.00 > 1,200.00
    report = table.play_round()
    assert report.handpays == (5,)
    with pytest.raises(Refused, match="handpay"):
        table.cashier.cash_out(5)
    table.tilts.clear_tilt(TiltKind.HANDPAY, 5, Role.ATTENDANT, condition_over=True)
    assert table.cashier.cash_out(5).amount == 10_000 - 5_000 + 180_000


def test_00_on_a_double_as_single_wheel_voids_the_spin_and_wagers_stand(tmp_path: Path) -> None:
    c = make_config(tmp_path, "[roulette]\nwheel = double_as_single\n[touchdown]\noffered = false\n")
    table = scripted_table(c, 37, 17)  # 00, then the re-spin
    table.start()
    table.cashier.bill_stacked(1, 1_000)
    table.wagers.place(1, "black", 100)
    first = table.round_id
    report = table.play_round()
    assert report.text == "17" and report.round_id == first + 1  # the re-spin is its own ledger round
    assert table.cashier.credits(1) == 1_000 + 100  # black wins once, on the re-spin
    assert table.ledger.recall(first).outcome["pocket"] == 37


def test_the_window_closes_when_every_linked_seat_is_ready(roulette) -> None:  # type: ignore[no-untyped-def]
    table = scripted_table(roulette)
    table.start()
    table.link_up(1)
    table.link_up(2)
    table.wagers.bets_done(1)
    assert not table.window_over()
    table.wagers.bets_done(2)
    assert table.window_over()


def test_a_team_choice_that_runs_out_is_assigned_by_the_rng_and_logged(roulette) -> None:  # type: ignore[no-untyped-def]
    clock = ManualClock(1_800_000_000.0)
    table = scripted_table(roulette, 0, clock=clock)
    table.start()
    table.cashier.bill_stacked(1, 1_000)
    table.wagers.place(1, "touchdown", 100)
    table.play_round()  # 0: a Touchdown game starts
    table.open_round()
    assert table.driver.awaiting() == (1,) and table.tick() == ()
    clock.advance(roulette.touchdown.team_choice_seconds - 1)
    assert table.tick() == ()  # one second left to choose
    clock.advance(1)
    assert table.tick() == (1,) and table.driver.awaiting() == ()
    [event] = table.ledger.events(EventCode.TEAM_ASSIGNED)
    assert event.seat == 1 and json.loads(event.detail)["team"] in ("red", "black")
    with pytest.raises(Refused, match="no Touchdown game awaiting"):
        table.wagers.choose_team(1, "red")  # too late: the team is set
