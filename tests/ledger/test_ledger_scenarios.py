"""Ledger scenarios: each test is a short story of money in, wagers, settlements and money out.

Every expected figure is worked out by hand from the story (comments show the arithmetic), never read
back from the ledger.
"""

from __future__ import annotations

from terminal.ledger import EventCode, meters, report
from tests.ledger.ledger_scenario import START, open_ledger, scenario


def test_a_roulette_round_win_lose_and_push() -> None:
    led = scenario("""
        bill 1 20.00
        bill 1 5.00
        meter bill:2000:count = 0.01        # one $20 bill (a count of 1 reads as 0.01)
        meter cash_in = 25.00
        round roulette
        wager r1-red 1 red red 5.00
        wager r1-s17 1 straight 17 1.00
        wager r1-odd 1 odd odd 2.00
        credits 1 = 17.00                   # 25 - 5 - 1 - 2: stakes leave the seat when placed
        in_play 1 = 8.00
        outcome {"pocket": 17}
        settle r1-red lose 0
        settle r1-s17 win 36.00             # 35 to 1 returns 36
        settle r1-odd win 4.00              # even money returns 4
        end
        credits 1 = 57.00                   # 17 + 36 + 4
        in_play 1 = 0
        meter wagered = 8.00
        meter won = 40.00
        meter wager:roulette:straight:won = 36.00
        meter paytable:roulette:red:standard:wagered = 5.00
        meter games_played = 0.01
    """)
    assert meters.by_wager(led.meters()) == {
        ("roulette", "red"): (500, 0, 1),
        ("roulette", "straight"): (100, 3600, 1),
        ("roulette", "odd"): (200, 400, 1),
    }
    record = led.recall(1)
    assert [s.credits_before for s in record.seats] == [2500]
    assert [s.credits_after for s in record.seats] == [5700]
    assert record.outcome == {"pocket": 17} and record.phase == "settled"
    assert {w.ref: w.result for w in record.wagers} == {"r1-red": "lose", "r1-s17": "win", "r1-odd": "win"}


def test_a_withdrawn_wager_goes_back_to_its_seat_and_off_every_meter() -> None:
    led = scenario("""
        bill 2 20.00
        round roulette
        wager r1-red 2 red red 5.00
        wager r1-s17 2 straight 17 1.00
        withdraw r1-red                     # the player takes the red bet back before the lock
        credits 2 = 19.00                   # 20 - 5 - 1 + 5
        in_play 2 = 1.00
        meter wagered = 1.00                # only the straight is coin in
        meter paytable:roulette:red:standard:wagered = 0
        withdraw r1-red ! WagerError        # not in play any more
        withdraw nosuch ! WagerError
        outcome {"pocket": 17}
        withdraw r1-s17 ! RoundError        # after the outcome nothing comes down
        settle r1-s17 win 36.00
        end
        credits 2 = 55.00                   # 19 + 36
        meter wagered = 1.00
        meter won = 36.00
    """)
    record = led.recall(1)
    assert {w.ref: w.result for w in record.wagers} == {"r1-red": "withdrawn", "r1-s17": "win"}
    assert [(s.credits_before, s.staked, s.credits_after) for s in record.seats] == [(2000, 100, 5500)]


def test_a_standing_craps_wager_comes_down_in_a_later_round() -> None:
    scenario("""
        bill 4 50.00
        round craps
        wager pl6 4 place_6 place_6 12.00
        outcome [2, 2]                      # point 4 set; place bets are off on the come-out
        end
        round craps
        withdraw pl6                        # taken down before the next roll
        credits 4 = 50.00
        in_play 4 = 0
        meter wagered = 0
        meter wager:craps:place_6:wagered = 0
        outcome [3, 3]
        end
    """)


def test_a_pending_side_wager_lands_on_its_seat_after_a_cash_out() -> None:
    led = scenario("""
        bill 3 10.00
        round craps
        wager ls 3 lucky_shooter shooter 1.00
        wager p1 3 pass line 5.00
        outcome [3, 3]
        end                                 # point 6 set: nothing settles yet
        round craps
        outcome [4, 2]
        settle p1 win 10.00
        end
        credits 3 = 14.00                   # 10 - 1 - 5 + 10
        voucher 3 cashout                   # the player leaves with a $14 voucher
        credits 3 = 0
        in_play 3 = 1.00                    # the Lucky Shooter wager is still the seat's
        round craps
        outcome [1, 6]
        settle ls win 11.00                 # seven-out; say 10 to 1 on two points made
        end
        credits 3 = 11.00
        in_play 3 = 0
        meter vouchers_out = 14.00
    """)
    assert led.recall(3).seats[0].credits_before == 0  # no wager placed that round: credits before settling
    assert led.pending() == []


def test_refusals_change_nothing() -> None:
    scenario("""
        bill 2 5.00
        bill 2 3.00 ! BillError                        # no $3 bill
        round roulette
        wager a 2 red red 6.00 ! InsufficientCreditsError
        wager a 2 red red 5.00
        wager a 2 black black 1.00 ! WagerError        # the ref is taken
        settle a win 10.00
        end ! RoundError                               # no outcome persisted yet
        outcome {"pocket": 1}
        wager b 2 black black 1.00 ! RoundError        # betting is closed once the outcome exists
        end
        settle a win 10.00
        end ! RoundError                               # settled once
        credits 2 = 10.00
    """)


def test_a_wager_is_never_paid_twice_across_rounds() -> None:
    scenario("""
        bill 1 10.00
        round craps
        wager f 1 fire fire 1.00
        outcome [1, 1]
        end
        round craps
        outcome [2, 2]
        settle f lose 0
        end
        round craps
        outcome [3, 3]
        settle f win 25.00
        end ! WagerError                    # the whole settlement is refused
        credits 1 = 9.00
    """)


def test_vouchers_redeem_once_and_voids_need_two_people() -> None:
    led = scenario("""
        bill 1 20.00
        voucher 1 v
        redeem v 2
        redeem v 2 ! VoucherError
        credits 2 = 20.00
        bill 1 5.00
        voucher 1 w
        void w
        redeem w 1 ! VoucherError
        meter vouchers_in = 20.00
        meter vouchers_out = 25.00
        meter vouchers_voided = 5.00
    """)
    refused = led.events(EventCode.VOUCHER_REFUSED)
    assert len(refused) == 2 and "redeemed" in refused[0].detail and "voided" in refused[1].detail


def test_hand_pays_and_cancelled_credits_keep_the_identity() -> None:
    led = scenario("""
        bill 1 100.00
        round roulette
        wager big 1 straight 17 50.00
        outcome {"pocket": 17}
        settle big win 1800.00
        end
        handpay 1 1800.00
        cancel 1
        credits 1 = 0
        meter handpays = 1800.00
        meter cash_out = 50.00
    """)
    totals = report.summary(led.db)
    # seat_credits 0 = cash_in 100 + won 1800 - wagered 50 - cash_out 50 - handpays 1800
    expected = {
        "cash_in": 10000,
        "cash_out": 5000,
        "vouchers_in": 0,
        "vouchers_out": 0,
        "wagered": 5000,
        "won": 180000,
        "in_play": 0,
        "seat_credits": 0,
        "handpays": 180000,
    }
    assert totals == expected
    assert report.identity(totals) == (0, True)


def test_games_since_power_up_and_door_close() -> None:
    led = open_ledger()
    scenario("bill 1 5.00\nround roulette\noutcome {}\nend", led)
    led.log_event(EventCode.POWER_UP, now=START)
    scenario("round roulette\noutcome {}\nend\nround roulette\noutcome {}\nend", led)
    assert led.meters()["games_played"] == 3
    assert led.games_since(EventCode.POWER_UP) == 2
    assert led.games_since(EventCode.DOOR_CLOSE) == 3
