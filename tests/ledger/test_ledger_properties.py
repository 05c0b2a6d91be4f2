"""Property tests: random sequences of money in, wagers, settlements and cash-outs.

A shadow model (plain integers per seat) predicts every balance; after each sequence the ledger must
agree with it, every transaction must balance, the meters must recompute from the journal, the credit
identity must hold, and the chain must verify.
"""

from __future__ import annotations

import secrets
from collections import Counter
from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terminal.games.base import Result, Settlement
from terminal.ledger import Draw, InsufficientCreditsError, VoucherError, WagerSpec, accounts, report
from tests.ledger.ledger_scenario import ATTENDANT, START, open_ledger

SEATS = st.integers(1, 3)
ACTION = st.one_of(
    st.tuples(st.just("bill"), SEATS, st.sampled_from([100, 500, 2000])),
    st.tuples(st.just("wager"), SEATS, st.integers(1, 3000)),
    st.tuples(st.just("settle"), st.lists(st.sampled_from(["win", "lose", "push"]), min_size=8, max_size=8),
              st.integers(2, 36)),
    st.tuples(st.just("withdraw"), st.integers(0, 7), st.just(0)),
    st.tuples(st.just("voucher"), SEATS, st.just(0)),
    st.tuples(st.just("redeem"), st.integers(0, 5), SEATS),
    st.tuples(st.just("handpay"), SEATS, st.integers(1, 2000)),
    st.tuples(st.just("cancel"), SEATS, st.just(0)),
)  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(st.lists(ACTION, max_size=40))
def test_money_is_conserved_and_double_entry_holds(actions: list[tuple[object, ...]]) -> None:
    led = open_ledger(checkpoint_rows=100)
    model: Counter[int] = Counter()  # credits per seat, predicted independently
    held: list[tuple[str, int, int]] = []  # (ref, seat, stake) in play this round
    printed: list[tuple[str, int]] = []  # (voucher number, amount)
    round_id, clock = None, START
    for step, action in enumerate(actions):
        clock += timedelta(seconds=1)
        match action:
            case ("bill", int(seat), int(value)):
                led.bill_stacked(seat, value, now=clock)
                model[seat] += value
            case ("wager", int(seat), int(stake)):
                round_id = round_id or led.open_round("roulette", now=clock)
                spec = WagerSpec(f"w{step}", seat, "straight", "17", "standard", stake)
                if stake > model[seat]:
                    try:
                        led.place_wager(round_id, spec, now=clock)
                        raise AssertionError("an overdraft was accepted")
                    except InsufficientCreditsError:
                        continue
                led.place_wager(round_id, spec, now=clock)
                model[seat] -= stake
                held.append((spec.ref, seat, stake))
            case ("settle", list(results), int(multiple)):
                round_id = round_id or led.open_round("roulette", now=clock)
                led.record_outcome(round_id, {"pocket": multiple}, Draw("test", step, 0), now=clock)
                done = []
                for (ref, seat, stake), result in zip(held, results, strict=False):
                    back = {"win": stake * multiple, "lose": 0, "push": stake}[result]
                    done.append(Settlement(ref, "straight", "standard", stake, back, Result(result)))
                    model[seat] += back
                led.settle_round(round_id, done, now=clock)
                held = held[len(done) :]  # settle at most 8 a round; the rest stay pending
                round_id = None
                if held:  # pending wagers move with the table to the next round
                    round_id = led.open_round("roulette", now=clock)
            case ("withdraw", int(index), _):
                if round_id is None or index >= len(held):
                    continue
                ref, seat, stake = held.pop(index)  # taken down before the outcome: stake back to the seat
                led.withdraw_wagers(round_id, [ref], now=clock)
                model[seat] += stake
            case ("voucher", int(seat), _):
                if model[seat] == 0:
                    continue
                printed.append((led.issue_voucher(seat, secrets.randbelow, now=clock).number, model[seat]))
                model[seat] = 0
            case ("redeem", int(index), int(seat)):
                if index >= len(printed):
                    continue
                number, amount = printed[index]
                try:
                    led.redeem_voucher(number, seat, now=clock)
                    model[seat] += amount
                    printed[index] = (number, -1)  # spent: a second try must be refused
                except VoucherError:
                    assert amount == -1, "an outstanding voucher was refused"
            case ("handpay", int(seat), int(amount)):
                if amount <= model[seat]:
                    led.handpay(seat, amount, ATTENDANT, "award", now=clock)
                    model[seat] -= amount
            case ("cancel", int(seat), _):
                if model[seat] == 0:
                    with pytest.raises(InsufficientCreditsError):
                        led.cancel_credits(seat, ATTENDANT, now=clock)
                    continue
                led.cancel_credits(seat, ATTENDANT, now=clock)
                model[seat] = 0
        assert all(led.credits(seat) == model[seat] for seat in (1, 2, 3))
    balances = led.balances()
    assert sum(balances.values()) == 0  # double entry: every transaction summed to zero
    in_play = sum(stake for _, _, stake in held)
    assert sum(v for a, v in balances.items() if accounts.kind_of(a) == "in_play") == in_play
    totals = report.summary(led.db)
    assert totals["seat_credits"] == sum(model.values())
    assert report.identity(totals)[1]
    assert led.audit() == []
    assert led.verify().ok and led.verify(incremental=True).ok
