"""``sqlite-utils`` loaded without numpy and pandas (the package imports this module first).

``sqlite_utils.db`` imports numpy and pandas whenever they are installed, only to map their number types to
SQLite column types when one of them is inserted. The ledger writes Python integers and strings and never
hands it either; numpy is installed for the lab's statistics, so every process that opened the ledger (the
controller, the SAS process, each ``terminal`` command that reads it) paid numpy's import at its start:
~70 ms of the SAS process's ~370 ms of imports (``benchmarks/ledger_start_bench.py`` measures it).

So while ``sqlite_utils`` is first imported, an import of either fails as if it were not installed (which
``sqlite_utils`` expects), and the two names are given back at once. A process that already imported
numpy (the lab) gives it to ``sqlite_utils`` as before: nothing changes for it.
"""

from __future__ import annotations

import sys

OPTIONAL = ("numpy", "pandas")


def load() -> None:
    """Import ``sqlite_utils`` (once) with whichever of :data:`OPTIONAL` is not loaded yet hidden."""
    if "sqlite_utils" in sys.modules:
        return
    hidden = [name for name in OPTIONAL if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]  # importing it raises ImportError meanwhile
    try:
        import sqlite_utils  # noqa: F401
    finally:
        for name in hidden:
            if name in sys.modules and sys.modules[name] is None:
                del sys.modules[name]


load()
