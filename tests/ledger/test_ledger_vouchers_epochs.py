"""Vouchers (numbers, expiry, void, end of day), events, meters audit, recall, and RAM clear epochs."""

from __future__ import annotations

import json
import secrets
from datetime import timedelta
from pathlib import Path

import pytest

from terminal.games.base import Result, Settlement
from terminal.ledger import (
    Actor,
    BillError,
    ConstraintError,
    Draw,
    EpochError,
    EventCode,
    Ledger,
    VoucherError,
    WagerSpec,
    chain,
    epochs,
    meters,
    vouchers,
)
from terminal.ledger.verify import verify
from tests.ledger.ledger_scenario import ATTENDANT, START, SUPERVISOR, open_ledger, scenario


def _luhn_ok(number: str) -> bool:
    """Luhn check written out again, independently of vouchers.check_digit."""
    total = 0
    for index, char in enumerate(reversed(number)):
        value = int(char) * (2 if index % 2 else 1)
        total += value // 10 + value % 10
    return total % 10 == 0


def test_validation_numbers_are_18_digits_with_a_luhn_check_digit() -> None:
    drawn = {vouchers.validation_number(secrets.randbelow) for _ in range(200)}
    assert len(drawn) == 200
    assert all(len(n) == 18 and n.isdigit() and _luhn_ok(n) for n in drawn)
    assert vouchers.validation_number(lambda bound: bound - 1)[:17] == "9" * 17  # the whole range is used
    assert vouchers.validation_number(lambda bound: 0)[:17] == "0" * 17


def test_a_mistyped_number_is_refused_and_logged() -> None:
    led = scenario("bill 1 5.00")
    number = led.issue_voucher(1, secrets.randbelow, now=START).number
    typo = number[:-2] + number[-1] + number[-2] if number[-1] != number[-2] else number[:-1] + "x"
    with pytest.raises(VoucherError):
        led.redeem_voucher(typo, 1, now=START)
    assert led.events(EventCode.VOUCHER_REFUSED)[-1].seat == 1
    assert led.voucher(number, now=START).state == "outstanding"


def test_vouchers_expire_after_the_configured_days() -> None:
    led = open_ledger(voucher_expiry_days=30)
    led.bill_stacked(1, 2000, now=START)
    number = led.issue_voucher(1, secrets.randbelow, now=START).number
    assert led.voucher(number, now=START + timedelta(days=29, hours=23)).state == "outstanding"
    with pytest.raises(VoucherError, match="expired"):
        led.redeem_voucher(number, 2, now=START + timedelta(days=30))
    assert led.credits(2) == 0
    day = led.end_of_day(START, START + timedelta(days=31))
    assert (day["issued_count"], day["issued_value"], day["outstanding_value"], day["expired_count"]) == (
        1,
        2000,
        2000,
        1,
    )
    assert day["refused_count"] == 1


def test_void_needs_two_different_users_and_a_reason() -> None:
    led = scenario("bill 1 5.00")
    number = led.issue_voucher(1, secrets.randbelow, now=START).number
    with pytest.raises(VoucherError, match="two different users"):
        led.void_voucher(number, ATTENDANT, Actor("ann", "technician"), "jam", now=START)
    with pytest.raises(VoucherError, match="reason"):
        led.void_voucher(number, ATTENDANT, SUPERVISOR, "  ", now=START)
    voided = led.void_voucher(number, ATTENDANT, SUPERVISOR, "printer jam", now=START)
    assert voided.state == "voided"
    event = led.events(EventCode.VOUCHER_VOID)[-1]
    assert event.user == "ann" and json.loads(event.detail)["second_user"] == "sam"


def test_end_of_day_counts_the_day_only() -> None:
    led = open_ledger()
    for day in range(3):
        when = START + timedelta(days=day)
        led.bill_stacked(1, 1000, now=when)
        led.issue_voucher(1, secrets.randbelow, now=when)
    counts = led.end_of_day(START + timedelta(days=1), START + timedelta(days=2))
    assert (counts["issued_count"], counts["issued_value"]) == (1, 1000)
    assert counts["outstanding_count"] == 2  # days 0 and 1 issued before the end of day 1


def test_a_tampered_meter_is_found_by_the_audit() -> None:
    led = scenario(
        "bill 1 20.00\nround roulette\nwager a 1 red red 5.00\noutcome {}\nsettle a win 10.00\nend"
    )
    led.db.execute("UPDATE meters SET value = value + 1 WHERE name = 'won'")
    led.db.execute("UPDATE balances SET balance = 0 WHERE account = 'house'")
    assert led.audit() == [
        "balance house: stored 0, postings give -500",
        "meter won: stored 1001, journal gives 1000",
    ]


def test_meters_refuse_to_overflow_64_bits() -> None:
    led = open_ledger()
    led.db.execute("INSERT INTO meters (name, value) VALUES ('cash_in', ?)", [2**63 - 1000])
    with pytest.raises(ConstraintError, match="CHECK constraint"):
        led.bill_stacked(1, 2000, now=START)
    assert led.credits(1) == 0


def test_recall_and_resume_after_a_drawn_round() -> None:
    led = scenario("bill 4 10.00")
    round_id = led.open_round("roulette", now=START, detail={"spin": 7})
    led.place_wagers(round_id, [WagerSpec("x", 4, "dozen", "d1", "standard", 300)], now=START)
    led.record_outcome(round_id, {"pocket": 5}, Draw("ctr_drbg_aes256", 41, 2), now=START)
    resumed = led.resume()
    assert resumed is not None and resumed.phase == "drawn"
    assert resumed.draw == Draw("ctr_drbg_aes256", 41, 2) and resumed.outcome == {"pocket": 5}
    led.settle_round(round_id, [Settlement("x", "dozen", "standard", 300, 900, Result.WIN)], now=START,
                     state={"shooter": 4, "point": None})  # fmt: skip
    assert led.latest_state("roulette") == {"shooter": 4, "point": None}
    assert [r.id for r in led.recent(4)] == [round_id]
    assert led.recall(round_id).seats[0].credits_after == 1600  # 1000 - 300 + 900


def test_events_carry_time_seat_and_user() -> None:
    led = open_ledger()
    tech = Actor("tom", "technician")
    led.log_event(EventCode.DOOR_OPEN, now=START, seat=2, actor=tech)
    led.log_event(EventCode.TILT, now=START, detail={"reason": "door open"})
    led.config_changed({"wager_max": 50000}, {"wager_max": 100000}, tech, SUPERVISOR, now=START)
    door, tilt, change = led.events()
    assert (door.code, door.seat, door.user, door.role) == (EventCode.DOOR_OPEN, 2, "tom", "technician")
    assert door.time == "2026-03-01T12:00:00.000000Z"
    assert json.loads(change.detail)["before"] == {"wager_max": 50000}
    assert led.meters()["door_opens"] == 1 and led.audit() == []  # and recomputed from the event log
    assert meters.DOOR_OPEN_CODE == EventCode.DOOR_OPEN
    assert tilt.code == EventCode.TILT


def test_ram_clear_archives_and_starts_a_new_epoch(tmp_path: Path) -> None:
    key = bytes(range(32))
    led = Ledger(tmp_path / "l.sqlite", key, now=START, bills=(2000,), archive_dir=tmp_path / "archive")
    scenario("bill 1 20.00\nround roulette\nwager a 1 red red 5.00\noutcome {}\nsettle a lose 0\nend", led)
    with pytest.raises(EpochError, match="seat:1:credits 1500"):
        led.ram_clear(ATTENDANT, SUPERVISOR, now=START)
    with pytest.raises(EpochError, match="two different users"):
        led.ram_clear(ATTENDANT, ATTENDANT, now=START)
    led.cancel_credits(1, ATTENDANT, now=START)
    archived = led.ram_clear(ATTENDANT, SUPERVISOR, now=START + timedelta(hours=1))
    assert led.epoch() == 2 and led.meters() == {} and led.balances() == {}
    event = led.events(EventCode.RAM_CLEAR)[-1]
    assert event.user == "ann" and json.loads(event.detail)["second_user"] == "sam"
    assert led.verify().ok
    heads = json.loads(archived.with_suffix(".heads.json").read_text())
    with epochs.sqlite_utils.Database(archived) as old:
        assert verify(old, key).ok
        assert epochs.current(old) == 1
        last = old.execute("SELECT max(id) FROM events").fetchone()[0]
    assert heads["heads"]["events"][0] == last
    assert chain.Mac(key)(b"x") == chain.hmac.digest(key, b"x", "sha256")  # the fast MAC is plain HMAC


def test_only_a_stacked_bill_is_money() -> None:
    led = open_ledger()
    assert led.bill_event(1, 2000, "escrowed", now=START) is None
    assert led.bill_event(1, 2000, "returned", now=START) is None
    assert led.credits(1) == 0 and led.meters() == {}
    assert led.bill_event(1, 2000, "stacked", now=START) is not None
    assert led.credits(1) == 2000 and led.meters()["bill:2000:count"] == 1
    with pytest.raises(BillError, match="'jammed'"):
        led.bill_event(1, 2000, "jammed", now=START)


def test_another_tables_voucher_posted_twice_is_refused_as_a_voucher_and_posts_nothing() -> None:
    """The floor's sweep may hand the table a claim it has just posted: the second posting is a plain
    voucher refusal (the table's watch takes it as 'closed here already'), not a storage constraint."""
    led = open_ledger()
    number = vouchers.validation_number(secrets.randbelow)
    assert led.redeem_floor_voucher(number, 2, 2500, "T-01", now=START) == 2500
    before = (led.balances(), led.meters()["vouchers_in"], len(led.events()))
    with pytest.raises(VoucherError, match="redeemed here already"):
        led.redeem_floor_voucher(number, 3, 2500, "T-01", now=START + timedelta(seconds=1))
    assert (led.balances(), led.meters()["vouchers_in"], len(led.events())) == before
    assert led.credits(2) == 2500 and led.credits(3) == 0
    assert led.balances()["floor_vouchers"] == -2500
    assert led.verify().ok and led.audit() == []
