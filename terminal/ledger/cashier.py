"""Money in and out of a seat other than vouchers: bills stacked, hand-pays, cancelled credits.

A bill counts only when the acceptor reports it *stacked* (in the cash box); an escrowed bill can still be
returned, so the ledger is never told about it. A hand-pay is an award an attendant pays by hand (at or
above the hand-pay limit); cancelled credits are credits an attendant pays out in cash when no voucher
can be printed. Each moves its meters and logs its event in the same transaction.
"""

from __future__ import annotations

from collections.abc import Sequence

from terminal.ledger import accounts, events, journal, meters
from terminal.ledger.chain import Chain
from terminal.ledger.errors import BillError, InsufficientCreditsError
from terminal.ledger.events import EventCode
from terminal.ledger.journal import Entry
from terminal.ledger.records import Actor
from terminal.money import check_amount


def bill_stacked(chain: Chain, time: str, seat: int, value: int, accepted: Sequence[int]) -> int:
    """Credit ``seat`` with a stacked bill of ``value`` minor units; returns the journal txn id."""
    if value not in accepted:
        raise BillError(
            f"bill of {value} minor units is not one the acceptor takes: {', '.join(map(str, accepted))}"
        )
    postings = {accounts.CASH_BOX: -value, accounts.seat_credits(seat): value}
    txn = journal.post(chain, Entry("bill", time, seat, None, f"bill {value}"), postings)
    meters.bump(
        chain.db,
        {"cash_in": value, "bills_in_count": 1, f"bill:{value}:value": value, f"bill:{value}:count": 1},
    )
    events.log(chain, time, EventCode.BILL_STACKED, seat=seat, detail={"value": value})
    return txn


def handpay(chain: Chain, time: str, seat: int, amount: int, actor: Actor, reason: str) -> int:
    """An attendant pays ``amount`` of the seat's credits by hand; returns the journal txn id."""
    postings = {accounts.seat_credits(seat): -_positive(seat, amount, "hand-pay"), accounts.HANDPAY: amount}
    txn = journal.post(chain, Entry("handpay", time, seat, None, None, actor, reason), postings)
    meters.bump(chain.db, {"handpays": amount, "handpays_count": 1})
    events.log(
        chain, time, EventCode.HANDPAY, seat=seat, actor=actor, detail={"amount": amount, "reason": reason}
    )
    return txn


def cancel_credits(chain: Chain, time: str, seat: int, amount: int, actor: Actor) -> int:
    """An attendant pays the seat's credits out in cash (cancelled credits, the ``cash_out`` meter)."""
    postings = {accounts.seat_credits(seat): -_positive(seat, amount, "cancel"), accounts.CANCELLED: amount}
    txn = journal.post(chain, Entry("cancel", time, seat, None, None, actor), postings)
    meters.bump(chain.db, {"cash_out": amount, "cash_out_count": 1})
    events.log(chain, time, EventCode.CANCEL_CREDITS, seat=seat, actor=actor, detail={"amount": amount})
    return txn


def _positive(seat: int, amount: int, what: str) -> int:
    if check_amount(amount) == 0:
        raise InsufficientCreditsError(f"seat {seat}: nothing to {what} (amount 0)")
    return amount
