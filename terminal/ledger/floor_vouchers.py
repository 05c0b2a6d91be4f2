"""Vouchers that cross the floor: another table's voucher paid here, and ours paid elsewhere.

The floor's bucket (``terminal.floor.vouchers``) decides who pays a voucher; the ledgers follow it. A
voucher printed at T-01 and redeemed at T-02: T-02 credits the seat from ``floor_vouchers`` (the floor
owes T-02) and counts it on ``vouchers_in``; T-01, told by the floor, moves the amount from its voucher
liability to ``floor_vouchers`` (T-01 owes the floor) and closes the voucher, with no meter moved (it
counted on ``vouchers_out`` when printed). Across the floor the ``floor_vouchers`` balances add up to
zero once every table has heard. Each is one voucher action, so the same voucher is never closed twice
in one ledger (``voucher_once``).
"""

from __future__ import annotations

from terminal.ledger import accounts, events, journal, meters
from terminal.ledger.chain import Chain
from terminal.ledger.errors import VoucherError
from terminal.ledger.events import EventCode
from terminal.ledger.journal import Entry
from terminal.ledger.vouchers import check_number, lookup


def redeem(chain: Chain, time: str, number: str, seat: int, amount: int, issuer: str) -> int:
    """Credit ``seat`` with ``amount`` for voucher ``number`` of table ``issuer``; returns the amount."""
    check_number(number)
    if amount <= 0:
        raise VoucherError(f"voucher {number}: amount {amount} is not a positive amount")
    done = chain.db.execute(
        "SELECT action, time FROM voucher_actions WHERE number = ? AND action IN ('redeem', 'void')", [number]
    ).fetchone()
    if done is not None:  # ``voucher_once`` would refuse the row: say why, before anything is posted
        raise VoucherError(f"voucher {number} was {done[0]}ed here already at {done[1]}; refused")
    postings = {accounts.FLOOR_VOUCHERS: -amount, accounts.seat_credits(seat): amount}
    entry = Entry("voucher_in", time, seat, None, number, memo=f"floor: {issuer}")
    txn = journal.post(chain, entry, postings)
    row = (number, "redeem", seat, time, None, None, None, None, f"printed at {issuer}", txn)
    chain.append("voucher_actions", [row])
    meters.bump(chain.db, {"vouchers_in": amount, "vouchers_in_count": 1})
    detail = {"number": number, "amount": amount, "issuer": issuer, "floor": True}
    events.log(chain, time, EventCode.VOUCHER_REDEEM, seat=seat, detail=detail)
    return amount


def paid_elsewhere(chain: Chain, time: str, number: str, where: str, voided: bool = False) -> int:
    """Close our outstanding voucher the floor paid at ``where`` (liability to ``floor_vouchers``), or that
    the cage voided (liability to ``voided``, counted on ``vouchers_voided`` as a void here would be)."""
    voucher = lookup(chain.db, number, time)
    if voucher.state not in ("outstanding", "expired"):
        raise VoucherError(f"voucher {number} is {voucher.state} here already; the floor says {where}")
    target = accounts.VOIDED if voided else accounts.FLOOR_VOUCHERS
    postings = {accounts.VOUCHER_LIABILITY: -voucher.amount, target: voucher.amount}
    kind = "voucher_void" if voided else "voucher_floor"
    txn = journal.post(chain, Entry(kind, time, voucher.seat, None, number, memo=where), postings)
    action, how = ("void", "voided") if voided else ("redeem", "paid")
    row = (number, action, None, time, None, None, None, None, f"{how} at {where}", txn)
    chain.append("voucher_actions", [row])
    if voided:
        meters.bump(chain.db, {"vouchers_voided": voucher.amount, "vouchers_voided_count": 1})
    detail = {"number": number, "amount": voucher.amount, "at": where, "voided": voided}
    events.log(chain, time, EventCode.VOUCHER_PAID_ELSEWHERE, seat=voucher.seat, detail=detail)
    return voucher.amount
