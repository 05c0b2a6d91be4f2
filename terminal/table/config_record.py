"""The configuration the ledger knows: recorded with every logged change, compared at every boot.

``kiosk.cfg`` changes only through the logged two-person change of service mode, which records the new
file's SHA-256 with its before and after values. At boot the file is hashed and compared with the last hash
the production ledger recorded: the first boot of a ledger records its configuration as the baseline
(``CONFIG_BASELINE``); a file nobody's logged change accounts for (edited directly between two boots) is
logged (``CONFIG_UNLOGGED``, both hashes) and tilts the table (``config_unlogged``) until an administrator
clears it, which records the file as it is then (``CONFIG_ACCEPTED``) so the next boot agrees.

Lab mode (forced outcomes) is a configuration setting like any other, so it counts only when entered
this way: :func:`lab_mode_logged` holds when the last logged change of ``lab.mode`` set it to ``true``
with two people and nothing changed the file since. The records live in the production ledger even
while the table plays on the test ledger (:func:`home_ledger`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from terminal.config import Config
from terminal.ledger import Actor, EventCode, Ledger
from terminal.table.table import Table

LAB_MODE = "lab.mode"


def file_hash(path: Path) -> str:
    """The SHA-256 of the configuration file, hex ("" when there is no file: nothing to compare)."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return ""


def examine(ledger: Ledger, c: Config, now: datetime) -> str | None:
    """Compare ``c``'s file with the production ``ledger``'s record (logging a baseline or the mismatch);
    returns why the table must tilt, or ``None``."""
    found = file_hash(c.path)
    if not found:
        return None
    known = ledger.config_hash()
    if known is None:
        detail = {"config_sha256": found, "path": str(c.path)}
        ledger.log_event(EventCode.CONFIG_BASELINE, now=now, detail=detail)
        return None
    if known == found:
        return None
    detail = {"config_sha256": "", "found_sha256": found, "recorded_sha256": known, "path": str(c.path)}
    ledger.log_event(EventCode.CONFIG_UNLOGGED, now=now, detail=detail)
    return (
        f"{c.path} changed with no logged change (SHA-256 {found[:16]}…, the log last recorded "
        f"{known[:16]}…): an administrator must clear this"
    )


def lab_mode_logged(ledger: Ledger, c: Config, unlogged: str | None) -> bool:
    """Whether lab mode was entered through the logged two-person change, and nothing changed since."""
    if not c.lab.mode or unlogged is not None:
        return False
    last = ledger.last_setting(LAB_MODE)
    return last is not None and str(last[0]).strip().lower() == "true" and last[1]


@contextmanager
def home_ledger(table: Table) -> Iterator[Ledger]:
    """The production ledger: the table's own, or in lab mode production's, opened for the moment."""
    if table.home == table.config.ledger:
        yield table.ledger
        return
    home = replace(table.config, ledger=table.home)
    ledger = Ledger.from_config(home, now=table.clock.wall())
    try:
        yield ledger
    finally:
        ledger.close()


def accept(table: Table, actor: Actor) -> None:
    """An administrator cleared ``config_unlogged``: the file the table booted with is the one recorded."""
    with home_ledger(table) as ledger:
        detail = {"config_sha256": table.config_sha256, "path": str(table.config.path)}
        ledger.log_event(EventCode.CONFIG_ACCEPTED, now=table.clock.wall(), actor=actor, detail=detail)
