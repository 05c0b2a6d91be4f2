"""The cashier: money in and out at a seat, apart from the round.

Bills count once the acceptor stacked them, whatever the table is doing; a voucher is redeemed (on the
floor's bucket first when there is a floor link) and a cash-out prints one for the seat's whole balance,
both refused while the seat may not play. A seat's total win in one game (every winning settlement of
the round: main, side wagers and bonuses) at or above ``[money] handpay_limit``, or a settlement that
would take its credits above ``[money] credit_limit``, locks the seat (:meth:`Cashier.handpay_locks`,
written with the settlement by the round engine) until an attendant pays the seat's credits by hand
(:meth:`Cashier.hand_pay`). No voucher is printed above the credit limit: a cash-out of more prints the
limit and locks the excess for a hand-pay. No money comes in above it either: a bill or a voucher that
would take the seat's credits above the limit is given back (:meth:`Cashier.room_for`, asked by the
cabinet while the bill is in escrow or the ticket in the reader), and logged (``OVER_CREDIT_LIMIT``). A
bill, a voucher and a win use one rule, :func:`over_limit`: credits exactly at the limit are not above it.

The cashier reaches the tilts only through :class:`Guard` (refuse a tilted seat, write the ledger with a
storage failure tilting the table, find and clear the hand-pay lock), and the certified generator only
through ``randbelow`` (a voucher's validation number).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Protocol

from terminal.config import Config
from terminal.games.base import Settlement
from terminal.ledger import Actor, EventCode, Ledger, VoucherError
from terminal.ledger.vouchers import Voucher
from terminal.table.clock import Clock
from terminal.table.refused import Refused
from terminal.table.tilts import Role, Tilt, TiltKind
from terminal.table.wager_refs import seat_of

if TYPE_CHECKING:
    from terminal.floor.link import FloorLink


#: Why a bill or voucher came back: the code the seat shows in the player's words (``error.over_limit``).
OVER_LIMIT = "over_limit"
OVER_LIMIT_LINE = f"{OVER_LIMIT}: it would take the seat's credits above the credit limit"


def over_limit(config: Config, credits: int, amount: int) -> bool:
    """Whether ``amount`` more would take ``credits`` above ``[money] credit_limit``: the one rule for a
    bill, a voucher and a win (exactly at the limit is not above it).

    >>> from terminal import config as configuration
    >>> c = configuration.defaults()
    >>> over_limit(c, 999_000, 1_000), over_limit(c, 999_000, 1_001)
    (False, True)
    """
    return credits + amount > config.money.credit_limit


class Guard(Protocol):
    """What the cashier needs of the table's tilts."""

    def refuse_if_tilted(self, seat: int, what: str) -> None:
        """Raise :class:`Refused` (``tilt``) while ``seat`` may take no money."""
        ...

    def ledger_write(self) -> AbstractContextManager[None]:
        """A ledger write whose storage failure tilts the table (and is raised)."""
        ...

    def find(self, kind: TiltKind, seat: int | None) -> Tilt | None:
        """The active tilt ``kind`` at ``seat``, if any."""
        ...

    def clear_tilt(
        self, kind: TiltKind, seat: int | None, role: Role | None, *, condition_over: bool
    ) -> None:
        """Clear a tilt by its rule (logged)."""
        ...

    def raise_tilt(self, tilt: Tilt, *, logged: bool = False) -> None:
        """Stop play at the tilt's seat (logged)."""
        ...


class Cashier:
    """A table's cashier; see the module docstring."""

    def __init__(
        self,
        config: Config,
        ledger: Ledger,
        clock: Clock,
        guard: Guard,
        randbelow: Callable[[int], int],
        floor: Callable[[], FloorLink | None] = lambda: None,
    ) -> None:
        self.config, self.ledger, self.clock = config, ledger, clock
        self._guard, self._randbelow, self._floor = guard, randbelow, floor

    @property
    def floor(self) -> FloorLink | None:
        """The casino floor link, once boot attached it (``[floor]``); ``None`` without one."""
        return self._floor()

    def credits(self, seat: int) -> int:
        """The seat's credits (its wagers in play are not in them)."""
        return self.ledger.credits(seat)

    def bill_stacked(self, seat: int, value: int) -> int:
        """The acceptor confirmed a bill stacked: it is money now, whatever state the table is in."""
        with self._guard.ledger_write():
            self.ledger.bill_stacked(seat, value, now=self.clock.wall())
        return self.ledger.credits(seat)

    def room_for(self, seat: int, what: str, amount: int, number: str | None = None) -> str | None:
        """Why ``amount`` of money (``what``: ``bill`` or ``voucher``) must be given back, or ``None`` when
        the seat has room for it under ``[money] credit_limit``. A refusal is logged (``OVER_CREDIT_LIMIT``,
        with the seat's credits and the limit) and its line starts with :data:`OVER_LIMIT`."""
        credits = self.ledger.credits(seat)
        if not over_limit(self.config, credits, amount):
            return None
        limit = self.config.money.credit_limit
        detail: dict[str, object] = {"what": what, "amount": amount, "credits": credits, "limit": limit}
        if number is not None:
            detail["number"] = number
        now = self.clock.wall()
        with self._guard.ledger_write():
            self.ledger.log_event(EventCode.OVER_CREDIT_LIMIT, now=now, seat=seat, detail=detail)
        return OVER_LIMIT_LINE

    def redeem(self, seat: int, number: str) -> int:
        """A voucher at the seat's reader; returns the seat's credits. Refused while the seat may not play."""
        self._guard.refuse_if_tilted(seat, "takes no money")
        with self._guard.ledger_write():
            try:
                if self.floor is not None:  # compare-and-set on the floor's bucket first
                    from terminal.table import floor_side

                    return floor_side.redeem(self, seat, number)
                self.ledger.redeem_voucher(number, seat, now=self.clock.wall())
            except VoucherError as refused:
                raise Refused("voucher", str(refused)) from None
        return self.ledger.credits(seat)

    def redeem_sas_ticket(self, seat: int, number: str, amount: int) -> int:
        """A ticket the casino system validated (SAS 71) stacked at the seat: credited once; the seat's
        credits. Refused (``voucher``) when the number was paid here before."""
        self._guard.refuse_if_tilted(seat, "takes no money")
        with self._guard.ledger_write():
            try:
                self.ledger.sas_ticket_redeem(seat, number, amount, now=self.clock.wall())
            except VoucherError as refused:
                raise Refused("voucher", str(refused)) from None
        return self.ledger.credits(seat)

    def cash_out(self, seat: int) -> Voucher:
        """A voucher for the seat's whole credit balance (wagers in play stay the seat's), never above
        ``[money] credit_limit``: the excess locks the seat for a hand-pay (logged before the voucher, so a
        cut between the two leaves the seat locked, never a second voucher)."""
        self._guard.refuse_if_tilted(seat, "pays no money")
        credits = self.ledger.credits(seat)
        if credits == 0:
            raise Refused("credits", "no credits to cash out")
        limit = self.config.money.credit_limit
        with self._guard.ledger_write():
            if credits > limit:
                detail = json.dumps({"award": credits - limit, "wager": "credit_limit"})
                self._guard.raise_tilt(Tilt(TiltKind.HANDPAY, seat, detail))
            amount = min(credits, limit)
            sas = self.config.sas.enabled and seat in dict(self.config.sas.ports)  # numbered as the host said
            voucher = self.ledger.issue_voucher(seat, self._randbelow, now=self.clock.wall(), amount=amount,
                                                sas=sas)  # fmt: skip
        return voucher

    def handpay_locks(self, settlements: Iterable[Settlement]) -> tuple[Tilt, ...]:
        """A hand-pay lock for each seat whose total win in the game (the sum of its winning settlements:
        main, side wagers and bonuses) is at or above ``[money] handpay_limit``, or whose credits the
        settlement would take above ``[money] credit_limit``. Called before the settlement is posted."""
        money = self.config.money
        won: dict[int, int] = {}
        returned: dict[int, int] = {}
        kinds: dict[int, list[str]] = {}
        for s in settlements:
            seat = seat_of(s.wager_ref)
            returned[seat] = returned.get(seat, 0) + s.returned
            if s.net > 0:
                won[seat] = won.get(seat, 0) + s.net
                kinds.setdefault(seat, []).append(s.kind)
        locks: list[Tilt] = []
        for seat in sorted(returned):
            award = won.get(seat, 0)
            over = over_limit(self.config, self.ledger.credits(seat), returned[seat])
            if award and (award >= money.handpay_limit or over):
                what = ", ".join(dict.fromkeys(kinds[seat]))  # the service screen writes the award as money
                locks.append(Tilt(TiltKind.HANDPAY, seat, json.dumps({"award": award, "wager": what})))
        return tuple(locks)

    def hand_pay(self, seat: int, actor: Actor, role: Role) -> int:
        """An attendant pays the locked seat's whole credits by hand and unlocks it; returns the amount."""
        lock = self._guard.find(TiltKind.HANDPAY, seat)
        if lock is None:
            raise Refused("rules", f"seat {seat} has no hand-pay waiting")
        amount = self.ledger.credits(seat)
        if amount:
            self.ledger.handpay(seat, amount, actor, lock.detail, now=self.clock.wall())
        self._guard.clear_tilt(TiltKind.HANDPAY, seat, role, condition_over=True)
        return amount
