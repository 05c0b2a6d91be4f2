"""The double-entry journal: a transaction is a set of postings that sum to zero, or it is refused.

``post`` must run inside ``Chain.transaction``: the transaction row, its postings, new accounts and the
balance cache are written together, or not at all. Amounts are integers of the smallest unit; a posting's
size is checked against the 64-bit meter limit, and an account of ``NON_NEGATIVE`` kind may not go below
zero.

>>> check_postings({"cash_box": -500, "seat:1:credits": 500})
{'cash_box': -500, 'seat:1:credits': 500}
>>> check_postings({"house": -5, "seat:1:credits": 4})
Traceback (most recent call last):
...
terminal.ledger.errors.UnbalancedTransactionError: postings sum to -1, not zero: house -5, seat:1:credits 4
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from terminal.ledger import accounts
from terminal.ledger.chain import Chain
from terminal.ledger.errors import InsufficientCreditsError, UnbalancedTransactionError
from terminal.ledger.records import Actor
from terminal.money import check_amount


@dataclass(frozen=True, slots=True)
class Entry:
    """What a transaction is about: its kind and the seat, round, reference and user behind it."""

    kind: str
    time: str
    seat: int | None = None
    round_id: int | None = None
    ref: str | None = None
    actor: Actor | None = None
    memo: str = ""


def check_postings(postings: Mapping[str, int]) -> dict[str, int]:
    """The non-zero postings, if every amount is a valid integer and they sum to zero."""
    for account, amount in postings.items():
        accounts.kind_of(account)
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise UnbalancedTransactionError(
                f"posting to {account} is {amount!r}, not an integer of minor units"
            )
        check_amount(abs(amount))
    total = sum(postings.values())
    if total != 0:
        listed = ", ".join(f"{a} {v}" for a, v in sorted(postings.items()))
        raise UnbalancedTransactionError(f"postings sum to {total}, not zero: {listed}")
    return {a: v for a, v in postings.items() if v}


def post(chain: Chain, entry: Entry, postings: Mapping[str, int]) -> int:
    """Append one balanced transaction; returns its id. Call inside ``chain.transaction``."""
    moves = check_postings(postings)
    current = accounts.balances(chain.db, moves)
    updated = {a: current[a] + v for a, v in moves.items()}
    for account, balance in updated.items():
        if balance < 0 and accounts.kind_of(account) in accounts.NON_NEGATIVE:
            raise InsufficientCreditsError(
                f"{account} holds {current[account]}; cannot take {-moves[account]} from it"
            )
    _open_accounts(chain, moves)
    actor = entry.actor
    (txn_id,) = chain.append(
        "transactions",
        [(entry.time, entry.kind, entry.seat, entry.round_id, entry.ref,
          actor.name if actor else None, actor.role if actor else None, entry.memo)],
    )  # fmt: skip
    chain.append("postings", [(txn_id, account, amount) for account, amount in sorted(moves.items())])
    chain.db.conn.executemany(
        "INSERT INTO balances (account, balance) VALUES (?, ?) "
        "ON CONFLICT(account) DO UPDATE SET balance = excluded.balance",
        sorted(updated.items()),
    )
    return txn_id


def _open_accounts(chain: Chain, moves: Mapping[str, int]) -> None:
    names = sorted(moves)
    if not names:
        return
    marks = ", ".join("?" * len(names))
    known = {row[0] for row in chain.db.execute(f"SELECT name FROM accounts WHERE name IN ({marks})", names)}
    new = [(name, accounts.kind_of(name), accounts.seat_of(name)) for name in names if name not in known]
    if new:
        chain.append("accounts", new)
