"""Restarts at the moments that matter: every one rebuilds the table from the ledger alone.

``reopen`` drops the old objects without closing anything, as a killed process would, and builds a new
table on the same files. (The SIGKILL test in ``test_kill.py`` does the same with real processes.)
"""

from __future__ import annotations

from pathlib import Path

from terminal.ledger import EventCode
from terminal.table.phases import Phase
from tests.table.harness import make_config, reopen, scripted_table


def test_a_persisted_outcome_is_settled_after_a_restart_never_redrawn(tmp_path: Path) -> None:
    before = scripted_table(make_config(tmp_path), 17)
    before.start()
    before.cashier.bill_stacked(1, 1_000)
    before.wagers.place(1, "straight:17", 100)
    before.phase = Phase.LOCKED
    before._draw()  # the outcome is durable; the process dies before settling
    after = reopen(before)  # no outcome scripted: drawing again would fail the test
    report = after.start()
    assert report is not None and report.text == "17"
    assert after.cashier.credits(1) == 900 + 3_600
    assert after.phase is Phase.OPEN and after.round_id == report.round_id + 1


def test_a_round_without_an_outcome_reopens_with_its_wagers_standing(tmp_path: Path) -> None:
    before = scripted_table(make_config(tmp_path))
    before.start()
    before.cashier.bill_stacked(2, 1_000)
    before.wagers.place(2, "red", 300)
    before.wagers.place(2, "dozen:3", 200)
    after = reopen(before, 36)
    assert after.start() is None
    assert after.round_id == before.round_id and after.phase is Phase.OPEN
    assert [(w.spot, w.amount) for w in after.wagers.wagers_of(2)] == [("red", 300), ("dozen:3", 200)]
    after.wagers.undo(2)  # the seat's last chip of this round is still its to take back
    after.play_round()  # 36 is red: 300 returns 600
    assert after.cashier.credits(2) == 1_000 - 300 + 600  # the dozen came back with the undo


def test_a_touchdown_game_survives_a_restart_at_every_down(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path), 0)
    table.start()
    for seat in (1, 2):
        table.cashier.bill_stacked(seat, 1_000)
        table.wagers.place(seat, "touchdown", 100)
    table.play_round()  # 0 triggers a game for both seats
    table.open_round()
    assert table.driver.awaiting() == (1, 2)
    table.wagers.choose_team(1, "red")  # seat 2 never chooses: the RNG assigns its team at the lock
    # The downs of the worked example: red +15, +15, +5, then black -3: red's ball ends at net 32.
    for pocket in (32, 34, 12, 2):
        table = reopen(table, pocket)
        table.start()
        assert table.driver.awaiting() in ((), (2,))
        report = table.play_round()
        table.open_round()
    touchdown = {s.wager_ref.split("-")[1]: s for s in report.settlements if s.kind == "touchdown"}
    assert touchdown["1"].entry == "yards_11_20" and touchdown["1"].returned == 100 * 76  # 75 to 1
    seat2 = touchdown["2"].entry  # red or black, as the RNG assigned: either band pays
    assert seat2 in ("yards_11_20", "losing_team")
    assigned = table.ledger.events(EventCode.TEAM_ASSIGNED)
    assert [e.seat for e in assigned] == [2]
    assert table.ledger.pending() == [] and table.ledger.audit() == []


def test_craps_wagers_toggles_and_vig_survive_restarts(tmp_path: Path) -> None:
    c = make_config(tmp_path, "[table]\ngame = craps\n[craps]\nbuy_vig = on_bet\n")
    table = scripted_table(c, (3, 3))
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    table.cashier.bill_stacked(1, 10_000)
    table.wagers.place(1, "pass", 1_000)
    table.wagers.place(1, "lucky_shooter", 500)
    table.wagers.place(1, "place_8", 1_200)
    table.wagers.set_working(1, "place_8", True)  # ON for the come-out
    table = reopen(table, (3, 3))
    table.start()
    assert {w.spot: w.working for w in table.wagers.wagers_of(1)}["place_8"] is True
    table.play_round()  # 3-3: point 6; place 8 stays; Lucky Shooter's point is 6
    table.open_round()
    table.wagers.place(1, "buy_4", 2_000)  # vig on the bet: 5% of 20.00 = 1.00, so 21.00 leaves the seat
    credits = table.cashier.credits(1)
    table = reopen(table, (2, 2), (4, 4), (3, 3))
    table.start()  # buy_4 was placed after the last snapshot: rebuilt from its stake of 21.00
    buy = next(w for w in table.wagers.wagers_of(1) if w.spot == "buy_4")
    assert buy.amount == 2_000 and table.cashier.credits(1) == credits
    table.play_round()  # 2-2: buy 4 wins 2 to 1 on 20.00 (vig was paid with the bet): returns 60.00
    assert table.cashier.credits(1) == credits + 6_000
    table.open_round()
    table.play_round()  # 4-4: place 8 wins 7 to 6 on 12.00: returns 26.00
    table.open_round()
    table.play_round()  # 3-3: the point 6 is made: pass wins 10.00 -> 20.00
    assert table.cashier.credits(1) == credits + 6_000 + 2_600 + 2_000
    lucky = [w for w in table.wagers.wagers_of(1) if w.spot == "lucky_shooter"]
    assert lucky == []  # 4 (other point) then 8 (other point) then 6 (its point): settled at 2 of 5
    assert table.ledger.audit() == [] and table.ledger.verify().ok


def test_a_hot_roller_keeps_its_combinations_across_restarts_and_shooters(tmp_path: Path) -> None:
    """§ 623b.2: the combinations thrown are the wager's own state; a restart after every roll keeps them."""
    c = make_config(tmp_path, "[table]\ngame = craps\n[hot_roller]\npaytable = B\n")
    table = scripted_table(c)
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    table.wagers.place(1, "hot_roller", 500)
    credits = table.cashier.credits(1)
    # point 4 (1-3), made the hard way (2-2); come-out 5 (1-4), 2-3 makes it; come-out 6-6 craps; come-out
    # 6 (1-5), 2-4, 3-3 makes it; come-out 4-6 (point 10), 5-5 makes it: 4, 5, 6 and 10 complete
    rolls = ((1, 3), (2, 2), (1, 4), (2, 3), (6, 6), (1, 5), (2, 4), (3, 3), (4, 6), (5, 5))
    for n, dice in enumerate(rolls):
        table = reopen(table, dice)
        table.start()
        marks = next(w.marks for w in table.wagers.wagers_of(1) if w.spot == "hot_roller")
        assert len(marks) == len([d for d in rolls[:n] if d != (6, 6)])  # 6-6 is no combination
        table.play_round()
        table.open_round()
    table = reopen(table, (6, 1))
    table.start()
    report = table.play_round()  # a come-out 7: settled on 4 numbers, 20 to 1 under paytable B
    hot = next(s for s in report.settlements if s.kind == "hot_roller")
    assert (hot.entry, hot.returned, hot.paytable) == ("any 4 numbers", 500 * 21, "B")
    assert table.cashier.credits(1) == credits + 500 * 21
    assert table.ledger.audit() == [] and table.ledger.verify().ok



def _crapless_by_hand(rolls: list[tuple[int, int]]) -> tuple[int | None, set[int], set[int]]:
    """The point, the points made by this shooter and the totals since the last 7, from the rolls alone."""
    point: int | None = None
    made: set[int] = set()
    marks: set[int] = set()
    for a, b in rolls:
        total = a + b
        marks = set() if total == 7 else marks | {total}
        if point is None and total != 7:
            point = total
        elif point is not None and total == point:
            made.add(point)
            point = None
        elif point is not None and total == 7:
            point, made = None, set()
    return point, made, marks


def test_crapless_point_fire_marks_come_and_toggles_survive_restarts(tmp_path: Path) -> None:
    """Crapless (GAMES.md §6.4): a table rebuilt from the ledger after every roll resumes the point (2 and
    12 too), the Fire Bet's points made, the Hard Rock'n Dice marks, a moved Come and a Place turned ON,
    exactly as the dice left them; then settles on them."""
    c = make_config(tmp_path, "[table]\ngame = crapless\n[hard_rockn_dice]\noffered = true\n")
    table = scripted_table(c)
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    for spot, amount in (("pass", 1_000), ("fire_bet", 100), ("fab_four", 100), ("place_12", 200)):
        table.wagers.place(1, spot, amount)
    table.wagers.set_working(1, "place_12", True)  # ON for the come-out
    # 2 set and made (Fire: 2); 12 set (Place 12, ON, wins), 3 rolled (a Come moves to 3), 12 made (Fire:
    # 2, 12); 11 set and made (Fire: 2, 11, 12); 3 set (the Come on 3 wins); Fab Four has 2, 3, 11 and 12
    # marked; 3-4 sevens out
    rolls = [(1, 1), (1, 1), (6, 6), (1, 2), (6, 6), (5, 6), (5, 6), (1, 2), (3, 4)]
    for n, dice in enumerate(rolls):
        table = reopen(table, dice)
        table.start()
        point, made, marks = _crapless_by_hand(rolls[:n])
        view = table.driver.view(None)
        assert (view.point, set(view.fire_points), set(view.marks)) == (point, made, marks), n
        lines = {w.spot: w for w in table.wagers.wagers_of(1)}
        if n < 3:
            assert lines["place_12"].working is True  # the toggle came through every restart
        if n == 3:
            assert "place_12" not in lines  # ON, it won on the come-out 12
        if n == 3:
            assert "come" not in lines  # placed now, with 12 the point
            table.wagers.place(1, "come", 500)
        if n == 4:
            assert lines["come"].number == 3  # the 1-2 moved it to 3, and the move survived
        if n == 8:
            assert set(lines) >= {"fire_bet", "fab_four"} and lines["fire_bet"].marks == (2, 11, 12)
        credits = table.cashier.credits(1)
        report = table.play_round()
        table.open_round()
    paid = {s.kind: (s.entry, s.returned) for s in report.settlements}
    assert paid["fire_bet"] == ("3 points made", 100 * 10)  # 9 to 1 on three points
    assert paid["fab_four"] == ("marked 2-3-11-12", 100 * 71)  # 70 to 1, settled at the 7
    assert table.cashier.credits(1) == credits + 1_000 + 7_100
    assert table.ledger.audit() == [] and table.ledger.verify().ok
