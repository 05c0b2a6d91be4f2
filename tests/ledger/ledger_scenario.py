"""A tiny scenario language for ledger tests, in the spirit of beancount's text-in-a-docstring tests.

One command per line; ``#`` starts a comment; amounts are in major units (``5.00``). A line ending in
``! ErrorName`` must raise that ledger error (and change nothing)::

    bill SEAT AMOUNT                      a bill stacked
    round GAME                            open a round; the next commands belong to it
    wager REF SEAT KIND SPOT AMOUNT       place a wager (paytable "standard")
    withdraw REF [REF ...]                take wagers down while the round is open
    outcome JSON                          persist the outcome
    settle REF win|lose|push RETURNED     queue a settlement
    end                                   post the queued settlements in one transaction
    voucher SEAT NAME                     print a voucher for all of SEAT's credits, remembered as NAME
    redeem NAME SEAT                      insert voucher NAME at SEAT
    void NAME                             void voucher NAME (two users)
    handpay SEAT AMOUNT | cancel SEAT     money out by an attendant
    credits SEAT = AMOUNT                 check a seat's credits
    in_play SEAT = AMOUNT                 check a seat's wagers in play
    meter NAME = AMOUNT                   check a meter
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import pytest

from terminal import ledger as L
from terminal.games.base import Result, Settlement
from terminal.ledger import accounts
from terminal.money import parse_amount

ATTENDANT = L.Actor("ann", "attendant")
SUPERVISOR = L.Actor("sam", "administrator")
START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def open_ledger(**options: object) -> L.Ledger:
    """A fresh in-memory ledger taking the usual bills."""
    settings: dict[str, object] = {"bills": (100, 500, 1000, 2000, 5000, 10000), "checkpoint_rows": 100}
    settings.update(options)
    return L.Ledger(":memory:", bytes(range(32)), now=START, **settings)  # type: ignore[arg-type]


@dataclass
class Runner:
    ledger: L.Ledger
    clock: datetime = START
    round_id: int | None = None
    game: str = ""
    stakes: dict[str, tuple[str, int]] = field(default_factory=dict)
    queued: list[Settlement] = field(default_factory=list)
    vouchers: dict[str, str] = field(default_factory=dict)

    def now(self) -> datetime:
        self.clock += timedelta(seconds=1)
        return self.clock

    def run(self, text: str) -> None:
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            command, _, expected = line.partition("!")
            try:
                self._step(command.split(), expected.strip())
            except AssertionError as failed:
                raise AssertionError(f"scenario line {number}: {raw.strip()}: {failed}") from None

    def _step(self, words: list[str], expected: str) -> None:
        if expected:
            error = getattr(L, expected)
            before = (self.ledger.balances(), self.ledger.meters())
            with pytest.raises(error):
                self._do(words)
            assert (self.ledger.balances(), self.ledger.meters()) == before, "a refusal changed the ledger"
            return
        self._do(words)

    def _do(self, w: list[str]) -> None:  # one branch per command keeps the language readable
        led, now = self.ledger, self.now()
        match w:
            case ["bill", seat, amount]:
                led.bill_stacked(int(seat), parse_amount(amount), now=now)
            case ["round", game]:
                self.round_id, self.game = led.open_round(game, now=now), game
            case ["wager", ref, seat, kind, spot, amount]:
                assert self.round_id is not None
                stake = parse_amount(amount)
                led.place_wager(
                    self.round_id, L.WagerSpec(ref, int(seat), kind, spot, "standard", stake), now=now
                )
                self.stakes[ref] = (kind, stake)
            case ["withdraw", *refs]:
                assert self.round_id is not None
                led.withdraw_wagers(self.round_id, refs, now=now)
            case ["outcome", *outcome]:
                assert self.round_id is not None
                led.record_outcome(
                    self.round_id, json.loads(" ".join(outcome)), L.Draw("test", 1, 0), now=now
                )
            case ["settle", ref, result, returned]:
                kind, stake = self.stakes.get(ref, ("?", 0))
                self.queued.append(
                    Settlement(ref, kind, "standard", stake, parse_amount(returned), Result(result))
                )
            case ["end"]:
                assert self.round_id is not None
                led.settle_round(self.round_id, self.queued, now=now, state={"after": self.round_id})
                self.queued = []  # kept when refused, so the story can fix it and try again
            case ["voucher", seat, name]:
                self.vouchers[name] = led.issue_voucher(int(seat), secrets.randbelow, now=now).number
            case ["redeem", name, seat]:
                led.redeem_voucher(self.vouchers.get(name, name), int(seat), now=now)
            case ["void", name]:
                led.void_voucher(self.vouchers[name], ATTENDANT, SUPERVISOR, "torn ticket", now=now)
            case ["handpay", seat, amount]:
                led.handpay(int(seat), parse_amount(amount), ATTENDANT, "jackpot", now=now)
            case ["cancel", seat]:
                led.cancel_credits(int(seat), ATTENDANT, now=now)
            case ["credits", seat, "=", amount]:
                assert led.credits(int(seat)) == parse_amount(amount), f"credits are {led.credits(int(seat))}"
            case ["in_play", seat, "=", amount]:
                held = led.balances().get(accounts.in_play(int(seat)), 0)
                assert held == parse_amount(amount), f"in play is {held}"
            case ["meter", name, "=", amount]:
                value = led.meters().get(name, 0)
                assert value == parse_amount(amount), f"meter {name} is {value}"
            case _:
                raise AssertionError(f"unknown scenario command {' '.join(w)!r}")


def scenario(text: str, ledger: L.Ledger | None = None) -> L.Ledger:
    """Run ``text`` on ``ledger`` (a fresh one by default); then the chain, meters and journal must agree."""
    led = ledger or open_ledger()
    Runner(led).run(text)
    assert led.verify().ok
    assert led.audit() == []
    return led
