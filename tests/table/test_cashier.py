"""The cashier on its own: hand-pay locks from settlements, and the attendant's hand-pay, on a real table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from terminal.games.base import Result, Settlement
from terminal.ledger import Actor, EventCode
from terminal.table.refused import Refused
from terminal.table.tilts import Role, Tilt, TiltKind
from tests.table.harness import make_config, make_table

LIMIT = "[money]\nhandpay_limit = 100.00\n"  # 10,000 minor units


def _won(ref: str, stake: int, returned: int, kind: str = "straight") -> Settlement:
    return Settlement(ref, kind, "standard", stake, returned, Result.WIN if returned else Result.LOSE)


def test_one_lock_per_seat_whose_total_win_in_the_game_is_at_or_above_the_limit(tmp_path: Path) -> None:
    cashier = make_table(make_config(tmp_path, LIMIT)).cashier
    settlements = (
        _won("4-1-10", 100, 10_000),  # net 9,900: under the limit
        _won("4-2-11", 100, 10_100, "split"),  # net exactly 10,000: at the limit, locks
        _won("4-2-12", 100, 20_100),  # the same seat: one lock for its total win, 30,000
        _won("4-3-13", 500, 0),  # a loss
        _won("4-7-14", 1_000, 36_000),  # net 35,000
    )
    locks = cashier.handpay_locks(settlements)
    assert [(t.kind, t.seat) for t in locks] == [(TiltKind.HANDPAY, 2), (TiltKind.HANDPAY, 7)]
    assert json.loads(locks[0].detail) == {"award": 30_000, "wager": "split, straight"}


def test_a_hand_pay_pays_the_whole_balance_and_clears_the_lock(tmp_path: Path) -> None:
    table = make_table(make_config(tmp_path, LIMIT))
    table.start()
    table.cashier.bill_stacked(3, 2_000)
    attendant = Actor("ann", "attendant")
    with pytest.raises(Refused, match="seat 3 has no hand-pay waiting"):
        table.cashier.hand_pay(3, attendant, Role.ATTENDANT)
    table.tilts.raise_tilt(Tilt(TiltKind.HANDPAY, 3, json.dumps({"award": 12_000, "wager": "straight"})))
    with pytest.raises(Refused, match="pays no money now: handpay") as refused:
        table.cashier.cash_out(3)
    assert refused.value.code == "tilt"
    assert table.cashier.hand_pay(3, attendant, Role.ATTENDANT) == 2_000
    assert table.cashier.credits(3) == 0 and not table.tilts.active
    assert table.ledger.meters()["handpays"] == 2_000
    paid = table.ledger.events(EventCode.HANDPAY)[-1]
    assert paid.seat == 3 and json.loads(paid.detail)["amount"] == 2_000
