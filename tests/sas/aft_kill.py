"""``python -m tests.sas.aft_kill CONFIG before|after``: ``terminal controller`` that SIGKILLs itself at the
commit of the first AFT transfer it applies.

The hook is injected here, not in the product (an SQLite trace callback on the ledger's connection, as
``tests/table/kill_child.py`` does): at the ``COMMIT`` of a transaction opened by the table's SAS side
(``table/sas_side.py:transfer``) it kills the process ``before`` the commit (the transfer written but not
committed: rolled back at the next open) or ``after`` it (at the ledger's next statement: committed, and
the controller never answered the SAS process).
"""

from __future__ import annotations

import os
import signal
import sqlite3
import sys

from terminal.launch import main
from tests.table.kill_child import window_of

WINDOW = "table/sas_side.py:transfer"


def arm(when: str) -> None:
    armed = False

    def trace(statement: str) -> None:
        nonlocal armed
        if armed:
            os.kill(os.getpid(), signal.SIGKILL)
        if statement.strip().upper() == "COMMIT" and window_of(sys._getframe(1)) == WINDOW:
            if when == "before":
                os.kill(os.getpid(), signal.SIGKILL)
            armed = True

    connect = sqlite3.connect

    def traced(*args: object, **kwargs: object) -> sqlite3.Connection:
        connection = connect(*args, **kwargs)  # type: ignore[arg-type]
        if str(args[0]).endswith(f"{os.sep}ledger.sqlite"):
            connection.set_trace_callback(trace)
        return connection

    sqlite3.connect = traced  # type: ignore[assignment]


if __name__ == "__main__":
    arm(sys.argv[2])
    sys.argv = ["terminal", "controller", "--config", sys.argv[1]]
    raise SystemExit(main())
