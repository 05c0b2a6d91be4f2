"""Hand-pay per game, not per wager, and no voucher over the credit limit (issue 28 §3).

Attack: eight wagers on 17 at one seat, each winning under the $1,200 hand-pay limit, won $9,013 in one
spin with no lock, and the seat then cashed out a $10,513 voucher, above the $10,000 credit limit. The
threshold applies to a seat's total win in a game (side wagers and bonuses included: every settlement of
the round); a cash-out never prints a voucher above ``[money] credit_limit`` (the excess is a hand-pay).

Payouts from GAMES.md (straight 35:1, split 17:1, street 11:1, corner 8:1, line 5:1), worked by hand.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from terminal.games.base import Result, Settlement
from terminal.ledger import Actor, EventCode
from terminal.net import messages as m
from terminal.table.refused import Refused
from terminal.table.tilts import Role, TiltKind
from tests.net.net_helpers import pushed_so_far
from tests.table.harness import make_config, make_table, scripted_table
from tests.table.test_device_input import _client, _serve

#: (spot, stake in cents, net win in cents): each under $1,200.00, $9,013.00 together.
ON_17 = (
    ("straight:17", 3_300, 115_500),
    ("split:16-17", 6_600, 112_200),
    ("split:17-18", 6_600, 112_200),
    ("split:14-17", 6_600, 112_200),
    ("split:17-20", 6_600, 112_200),
    ("street:16-17-18", 10_000, 110_000),
    ("corner:13-14-16-17", 14_000, 112_000),
    ("line:13-14-15-16-17-18", 23_000, 115_000),
)
ATTENDANT = Actor("ann", "attendant")


def test_eight_wagers_each_under_the_limit_lock_the_seat_for_their_total(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path), 17)
    table.start()
    for _ in range(15):
        table.cashier.bill_stacked(1, 10_000)  # $1,500.00
    for spot, stake, _ in ON_17:
        table.wagers.place(1, spot, stake)
    report = table.play_round()
    won = sum(net for _, _, net in ON_17)
    assert won == 901_300 and all(net < 120_000 for _, _, net in ON_17)
    assert sum(s.net for s in report.settlements if s.net > 0) == won  # the paytable paid what we worked out
    assert report.handpays == (1,)
    lock = table.tilts.find(TiltKind.HANDPAY, 1)
    assert lock is not None and json.loads(lock.detail)["award"] == won
    with pytest.raises(Refused, match="handpay"):
        table.cashier.cash_out(1)  # no voucher: the attendant pays it
    credits = 150_000 + won
    assert table.cashier.hand_pay(1, ATTENDANT, Role.ATTENDANT) == credits
    assert table.ledger.meters().get("vouchers_out", 0) == 0 and table.ledger.verify().ok


def test_the_threshold_counts_every_winning_settlement_of_the_seat_in_the_game(tmp_path: Path) -> None:
    cashier = make_table(make_config(tmp_path, "[money]\nhandpay_limit = 100.00\n")).cashier

    def won(ref: str, stake: int, returned: int, kind: str) -> Settlement:
        return Settlement(ref, kind, "standard", stake, returned, Result.WIN if returned else Result.LOSE)

    locks = cashier.handpay_locks((
        won("4-1-1", 100, 6_000, "straight"),  # seat 1: 5,900 ...
        won("4-1-2", 100, 4_200, "b2b"),  # ... and a side wager's 4,100: 10,000 in all, at the limit
        won("4-2-3", 100, 9_999, "straight"),  # seat 2: 9,899, and a loss does not take from a win
        won("4-2-4", 5_000, 0, "red"),
        won("4-3-5", 100, 9_000, "straight"),  # seat 3: 8,900 plus a bonus's 1,100
        won("4-3-6", 0, 1_100, "bonus"),
    ))  # fmt: skip
    assert [(t.seat, json.loads(t.detail)["award"]) for t in locks] == [(1, 10_000), (3, 10_000)]


def test_a_win_under_the_hand_pay_limit_taking_credits_over_the_credit_limit_locks(tmp_path: Path) -> None:
    c = make_config(tmp_path, "[money]\ncredit_limit = 100.00\nhandpay_limit = 100.00\n")
    table = scripted_table(c, 17)
    table.start()
    table.cashier.bill_stacked(1, 10_000)  # $100.00: at the credit limit
    table.wagers.place(1, "straight:17", 100)  # wins $35.00: under the hand-pay limit, credits $135.00
    report = table.play_round()
    assert report.handpays == (1,) and table.cashier.credits(1) == 13_500
    assert table.cashier.hand_pay(1, ATTENDANT, Role.ATTENDANT) == 13_500


def test_a_cash_out_over_the_credit_limit_prints_the_limit_and_locks_the_excess(tmp_path: Path) -> None:
    c = make_config(tmp_path, "[money]\ncredit_limit = 100.00\nhandpay_limit = 100.00\n")
    table = make_table(c)
    table.start()
    for _ in range(3):
        table.cashier.bill_stacked(2, 5_000)  # $150.00 of bills
    voucher = table.cashier.cash_out(2)
    assert voucher.amount == 10_000  # never above the limit
    lock = table.tilts.find(TiltKind.HANDPAY, 2)
    assert lock is not None and json.loads(lock.detail)["award"] == 5_000
    assert table.cashier.credits(2) == 5_000
    with pytest.raises(Refused, match="handpay"):
        table.cashier.cash_out(2)
    assert table.cashier.hand_pay(2, ATTENDANT, Role.ATTENDANT) == 5_000
    assert table.ledger.meters()["vouchers_out"] == 10_000 and table.ledger.meters()["handpays"] == 5_000
    assert [e.seat for e in table.ledger.events(EventCode.HANDPAY)] == [2]
    assert all(v <= c.money.credit_limit for (v,) in table.ledger.db.execute("SELECT amount FROM vouchers"))


def test_the_seat_is_told_of_the_hand_pay_when_its_cash_out_is_over_the_limit(tmp_path: Path) -> None:
    c = make_config(tmp_path, "[money]\ncredit_limit = 100.00\nhandpay_limit = 100.00\n")
    table = make_table(c)
    table.start()
    for _ in range(3):
        table.cashier.bill_stacked(1, 5_000)

    async def scenario() -> list[m.Message]:
        _, server = await _serve(table, None)
        client = await _client(server, "seat-1")
        await client.request(m.CashOut())
        pushed = await pushed_so_far(server, client)
        await client.close()
        await server.close()
        return pushed

    pushed = asyncio.run(scenario())
    cashed = [p for p in pushed if isinstance(p, m.CashedOut)]
    assert len(cashed) == 1 and cashed[0].amount == 10_000
    assert m.HandPay("seat-1", 5_000) in pushed
