"""A new ledger on a table that had one is an install act; a table's first ledger is made freely.

Every ledger made on a table is a line of its install log (``[lab] install_log``, ``kind`` ``ledger``,
naming the database and who made it). When the production ledger ``[ledger] path`` does not exist yet:

- the log names no ledger (a fresh install, a fresh development checkout): the ledger is made, and the line
  added (``who`` ``boot``, or the service command that made it);
- it names one: the table refuses to start, in one line saying what to run: ``terminal ledger new --admin
  ID --second ID``, an administrator and a technician with their PINs (:mod:`terminal.desk.install_act`),
  which makes the ledger and logs ``LEDGER_INSTALL`` in it with both user ids and the earlier ledgers.

A ledger folder whose high-water mark is still there is left to the mark (``highwater.missing`` refuses a
database that is gone). With a floor link, the floor's witness refuses a ledger it does not know on its
own (``terminal floor accept-table``). Lab mode's test ledger is not the table's ledger: not guarded.
"""

from __future__ import annotations

from datetime import UTC, datetime

from terminal.config import Config
from terminal.ledger import Ledger, LedgerError, highwater
from terminal.ledger.errors import StorageError, storage_cause
from terminal.software import installs

COMMAND = "terminal ledger new --admin ID --second ID"


class NewLedgerRefused(LedgerError):
    """A ledger would be made on a table that already had one, and two people did not say so."""


def is_new(c: Config) -> bool:
    """Whether opening ``c``'s ledger would make a new one (no file, or an empty one)."""
    path = c.ledger.path
    return not path.exists() or path.stat().st_size == 0


def earlier(c: Config) -> list[installs.Install]:
    """The ledgers the install log says this table made, oldest first."""
    entries, _ = installs.read(c.lab.install_log)
    return [e for e in entries if e.kind == "ledger"]


def admit(c: Config) -> None:
    """Raise :class:`NewLedgerRefused` when ``c``'s ledger would be a new one on a table that had one."""
    if not is_new(c) or highwater.mark_path(c.ledger.key_path).exists():
        return  # an existing ledger, or one whose mark judges its absence
    made = earlier(c)
    if made:
        last = made[-1]
        raise NewLedgerRefused(
            f"this table already had a ledger ({last.ledger}, made {last.time} by {last.who}): a new ledger "
            f"at {c.ledger.path} is an install act; run `{COMMAND}` (an administrator and a technician)"
        )


def record(c: Config, who: str, now: datetime, version: str) -> installs.Install:
    """Add the line of a ledger just made to the install log (a log that cannot be written is a storage
    failure: the table does not start)."""
    when = now.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    line = installs.Install(when, version, "", "ledger created", who, 0, "ledger", str(c.ledger.path))
    try:
        installs.append(c.lab.install_log, line)
    except OSError as failed:
        cause = storage_cause(failed)
        raise StorageError(f"install log {c.lab.install_log} could not be written: {cause}") from None
    return line


def open_ledger(c: Config, now: datetime, who: str, version: str) -> Ledger:
    """The production ledger ``c`` names, made only as :func:`admit` allows, its making logged."""
    new = is_new(c)
    if new:
        admit(c)
    ledger = Ledger.from_config(c, now=now)
    if new:
        try:
            record(c, who, now, version)
        except BaseException:
            ledger.close()
            raise
    return ledger
