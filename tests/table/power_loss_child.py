"""A table in its own process that SIGKILLs itself at one named point (the hook is injected here, not in
the product): ``python -m tests.table.power_loss_child FOLDER POINT``.

``python -m tests.table.power_loss_child --fork`` imports all that once, then for each line it reads
(``FOLDER POINT``) forks a child that does the same and answers with how the child ended (``-9``: the
power went where it should): one interpreter's start-up for all the points. The hooks are set in the
child only; the forking process never builds a table.

Set-up, the same for every point: 100.00 in at seat 1 (a bill), then red 5.00 and straight 17 1.00; the
outcome drawn is 17 (scripted). Then the action the point interrupts.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from terminal.devices.simulated import simulated_table
from terminal.ledger import rounds, vouchers
from terminal.table.cabinet import Cabinet
from tests.table.harness import make_config, scripted_table


def die() -> None:
    """The power goes: nothing after this line runs, no finaliser, no flush."""
    os.kill(os.getpid(), signal.SIGKILL)


def after(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` runs to its end, then the power goes."""

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        fn(*args, **kwargs)
        die()

    return wrapped


def main(folder: Path, point: str) -> None:
    table = scripted_table(make_config(folder, "[table]\nseats = 2\n"), 17, 17)
    table.start()
    cabinet = Cabinet(table)
    devices = simulated_table(2, table.config.money.bills, cabinet.on_event, table.clock.wall)
    cabinet.attach(devices)
    devices.acceptors[0].insert_bill(10_000)  # stacked and credited through the cabinet
    table.wagers.place(1, "red", 500)
    table.wagers.place(1, "straight:17", 100)
    ledger = table.ledger
    if point == "before_outcome_persisted":
        ledger.record_outcome = lambda *a, **k: die()  # type: ignore[method-assign]
        table.play_round()
    elif point == "after_outcome_persisted":
        ledger.record_outcome = after(ledger.record_outcome)  # type: ignore[method-assign]
        table.play_round()
    elif point == "mid_settlement":  # the settlement's rows written, its transaction not committed
        rounds.settle_round = after(rounds.settle_round)  # type: ignore[assignment]
        table.play_round()
    elif point == "bill_stacked_not_credited":  # the acceptor reports it stacked; the ledger never hears
        ledger.bill_stacked = lambda *a, **k: die()  # type: ignore[method-assign]
        devices.acceptors[1].insert_bill(2_000)
    elif point == "voucher_recorded_not_printed":  # the ledger row committed, the printer never ran
        table.play_round()
        table.open_round()
        ledger.issue_voucher = after(ledger.issue_voucher)  # type: ignore[method-assign]
        table.cashier.cash_out(1)
    elif point == "during_cash_out":  # inside the voucher's transaction, before it commits
        table.play_round()
        table.open_round()
        vouchers.issue = after(vouchers.issue)  # type: ignore[assignment]
        table.cashier.cash_out(1)
    print("the hook never fired", flush=True)
    sys.exit(3)


def serve() -> None:
    """Fork a child for each request line; answer with its exit status (a signal's as its negative)."""
    for line in sys.stdin:
        folder, point = line.split()
        pid = os.fork()
        if pid == 0:  # the child: the table to its point, and never back into this loop
            try:
                os.dup2(2, 1)  # what it says goes to the log; this process's stdout is the answers
                main(Path(folder), point)
            finally:
                os._exit(1)
        _, status = os.waitpid(pid, 0)
        print(os.waitstatus_to_exitcode(status), flush=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--fork"]:
        serve()
    else:
        main(Path(sys.argv[1]), sys.argv[2])
