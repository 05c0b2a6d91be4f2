"""The reveal against a real table (controller, ledger, RNG, protocol): the ledger settles the round at once,
the ``Result`` carries the game's reveal time, a seat shows the round in play until then, and a seat that
links up while the round is in play sees the same rule (the credits from before the round, nothing of the
outcome, the outcome and the credits at the reveal)."""

from __future__ import annotations

from pathlib import Path

import pytest

from terminal import config as configuration
from terminal.games.reveal import reveal_seconds
from terminal.lab.live_table import LiveSeat, LiveTable
from terminal.lab.screens import reveal, spin
from terminal.seat import intents as i
from terminal.seat.main import init_headless

BILL = 10_000
STAKE = 2_000


@pytest.fixture
def table(tmp_path: Path) -> LiveTable:
    init_headless()
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[table]\ngame = sicbo\nseats = 2\nbetting_seconds = 30\n", encoding="utf-8")
    return LiveTable(configuration.load(cfg))


def test_a_seat_linking_up_mid_reveal_sees_nothing_of_the_outcome_until_the_reveal(table: LiveTable) -> None:
    with table:
        table.insert_bills(1, BILL)
        table.insert_bills(2, BILL)
        with LiveSeat(table, 2) as second:  # seat 2 backs Big, then leaves
            second.act(i.CHIP, value=STAKE)
            second.act(i.PLACE, "big")
        with LiveSeat(table, 1) as first:
            first.until(lambda s: s.me is not None and s.me.credits == BILL, "the bill's credits")
            first.act(i.CHIP, value=STAKE)
            first.act(i.PLACE, "small")
            spin(table, first)
            settled = table.call(lambda: table.table.cashier.credits(1))  # the ledger settled at once
            assert settled in (BILL - STAKE, BILL + STAKE)
            rolling = first.model.rolling
            assert rolling is not None and first.model.result is None
            assert first.model.me is not None and first.model.me.credits == BILL - STAKE  # not yet settled
            outcome = table.call(lambda: table.controller._in_play).result.outcome  # type: ignore[union-attr]
            assert rolling.until - rolling.since == pytest.approx(reveal_seconds("sicbo", outcome))
            first.act(i.CASH_OUT)  # a voucher now would tell the outcome: refused on the seat
            assert first.model.notice is not None and first.model.notice.key == "cashout.after_reveal"
            assert first.model.voucher is None
            with LiveSeat(table, 2) as late:  # links up while the round is in play
                late.settle()  # every frame the table sent it so far is in
                model = late.model
                assert model.rolling is not None and model.rolling.round_id == rolling.round_id
                assert model.result is None and model.me is not None and model.me.credits == BILL - STAKE
                shown = model.history.results if model.history is not None else ()
                assert all(e.round_id != rolling.round_id for e in shown)
                late.now = model.rolling.until - 0.01
                late.pump()
                assert late.model.result is None
                reveal(late)
                assert late.model.result is not None and late.model.result.outcome == outcome
                history = late.model.history
                assert history is not None and history.results[0].round_id == rolling.round_id
                late.now += 3.0
                late.pump()
                ledger = table.call(lambda: table.table.cashier.credits(2))
                assert late.model.credits_shown(late.now) == ledger
            reveal(first)
            assert first.model.result is not None and first.model.result.outcome == outcome
            first.now += 3.0
            first.pump()
            assert first.model.credits_shown(first.now) == settled
