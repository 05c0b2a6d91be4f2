"""Power-up: a table assembled from a validated configuration, its RNG self-tested first.

The ledger is opened (and verified from its last checkpoint) before anything else; the RNG runs its
known-answer and health self-tests before it may serve; the game's driver comes from ``[table] game``.
A self-test failure is written to the event log and stops the start-up: no table plays without a
certified generator.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import cast

from rng import Rng, RngFailure
from rng.selftest import power_up
from terminal.config import Config
from terminal.config.game_rules import setup
from terminal.ledger import EventCode, Ledger
from terminal.ledger.lock import FolderLock, same_folder
from terminal.software import boot as software
from terminal.software import storage
from terminal.table import births, config_record, demo, generator, lab_mode, ratchet
from terminal.table.clock import Clock
from terminal.table.driver import GameDriver
from terminal.table.identity import software_version
from terminal.table.table import RecoveryError, Table
from terminal.table.tilts import Tilt, TiltKind


def driver_for(c: Config) -> GameDriver:
    """The driver of the game ``[table] game`` names, with the rules the configuration sets."""
    return GameDriver(setup(c))


def make_rng(
    c: Config, clock: Clock, ledger: Ledger, entropy: Callable[[int], bytes] = os.urandom
) -> Rng:
    """The production generator (:func:`~terminal.table.generator.production_rng`, as the lab makes it),
    after its power-up self-test (logged either way); ``entropy`` is the OS source except for the lab's
    reproducible screenshots (``terminal screens``)."""
    try:
        results = power_up(c.rng.generator)
    except RngFailure as failed:
        ledger.log_event(EventCode.RNG_SELFTEST_FAIL, now=clock.wall(), detail={"failure": str(failed)})
        raise
    passed = sum(r.passed for r in results)
    ledger.log_event(EventCode.RNG_SELFTEST_PASS, now=clock.wall(), detail={"checks": passed})
    return generator.production_rng(c, clock.monotonic, entropy)


class ProgramStorageError(RecoveryError):
    """The table's user can write its own program files (outside a demo table or a checkout)."""


def boot(c: Config, clock: Clock, entropy: Callable[[int], bytes] = os.urandom) -> Table:
    """Refuse a writable program (``terminal.software.storage``), lock the ledger's folder, open the ledger,
    self-test the RNG and assemble the table (not started)."""
    program = storage.check(c.devices.kind, c.lab.verify_at_boot, c.lab.manifest_path, c.lab.trusted_key)
    if program.refused:
        raise ProgramStorageError(program.line())
    locks = [FolderLock.acquire(c.ledger.path)]  # one table per ledger: a second process is refused here
    try:
        if c.lab.mode and not same_folder(c.lab.test_ledger_path, c.ledger.path):
            locks.append(FolderLock.acquire(c.lab.test_ledger_path))
        ledger, unlogged, forcing = _open_ledger(c, clock)
        try:
            demo.mark(c, ledger, clock.wall())  # simulated devices: a demo table, its ledger a demo ledger
        except BaseException:
            ledger.close()
            raise
    except BaseException:
        for lock in locks:
            lock.release()
        raise
    for lock in locks:
        ledger.hold(lock)
    home, config_sha256 = c.ledger, config_record.file_hash(c.path)
    if c.lab.mode:
        c = lab_mode.test_config(c)
    try:
        rng = make_rng(c, clock, ledger, entropy)
    except RngFailure:
        ledger.close()
        raise
    # Forced outcomes only when lab mode was entered through the logged two-person change.
    driver = driver_for(c)
    choice = driver.choice()
    options = len(choice.options) if choice is not None else 0
    source = cast(Rng, lab_mode.ForcedRng(rng, driver.setup.draw, options)) if forcing else rng
    aux = generator.production_rng(c, clock.monotonic, entropy, purpose="aux")  # teams, voucher numbers
    aux_source = cast(Rng, lab_mode.ForcedRng(aux, driver.setup.draw, options)) if forcing else aux
    table = Table(c, ledger, source, clock, driver, aux=aux_source)
    table.home, table.config_sha256 = home, config_sha256
    if unlogged is not None:
        table.tilts.raise_tilt(Tilt(TiltKind.CONFIG_UNLOGGED, None, unlogged))
    verify_software(c, clock, table)
    if program.path is not None:  # a demo table or a checkout: allowed, and on the record
        detail = {"path": str(program.path), "reason": program.reason, "allowed_on": program.allowed_on}
        table.ledger.log_event(EventCode.PROGRAM_WRITABLE, now=clock.wall(), detail=detail)
    table.program_warning = program.line()
    if c.floor is not None and not c.lab.mode:  # the floor link: its modules load only when it is on
        from terminal.table import floor_side

        try:
            floor_side.attach(c, table)
        except Exception:
            ledger.close()
            raise
    return table


def _open_ledger(c: Config, clock: Clock) -> tuple[Ledger, str | None, bool]:
    """The ledger the table plays on: production's, or in lab mode the test ledger. Production's first
    compares the configuration with its record and logs a mode change; returns the ledger, why the
    configuration is unlogged (or ``None``) and whether forced outcomes may be offered."""
    ledger = births.open_ledger(c, clock.wall(), "boot", software_version(c))  # a new one: an install act
    try:
        demo.refuse_demo_ledger(c, ledger)  # before anything is written to it
        unlogged = config_record.examine(ledger, c, clock.wall())
        forcing = config_record.lab_mode_logged(ledger, c, unlogged)
        lab_mode.record_mode(ledger, c.lab.mode, str(c.lab.test_ledger_path), clock.wall())
    except BaseException:
        ledger.close()
        raise
    if not c.lab.mode:
        return ledger, unlogged, forcing
    ledger.close()  # test rounds go to the test ledger; production's meters and rounds stay untouched
    return Ledger.from_config(lab_mode.test_config(c), now=clock.wall()), unlogged, forcing


def verify_software(c: Config, clock: Clock, table: Table) -> None:
    """Log the launcher's check of the program (or check now, when the table was not launched by the
    ``terminal`` launcher: tests, lab tools) and tilt on a mismatch; on a ledger that has run verified
    software, the ratchet (:mod:`terminal.table.ratchet`) judges it: anything less is a ``software`` tilt."""
    lab = c.lab
    result = software.launched() or software.check(lab.verify_at_boot, lab.manifest_path, lab.trusted_key)
    code = {
        "pass": EventCode.SOFTWARE_VERIFY_PASS,
        "fail": EventCode.SOFTWARE_VERIFY_FAIL,
        "skipped": EventCode.SOFTWARE_VERIFY_SKIPPED,
    }[result.status]
    sha = ratchet.manifest_sha256(lab.manifest_path) if result.status == "pass" else ""
    detail = {"detail": result.detail, "files": result.files, "key": str(lab.trusted_key),
              "fingerprint": result.key, "manifest_sha256": sha,
              "version": software_version(c)}  # fmt: skip  # what ran: the day report names it
    table.ledger.log_event(code, now=clock.wall(), detail=detail)
    problem, cut = ratchet.at_boot(c, table.ledger, result, software_version(c), clock.wall())
    if cut is not None:
        table.ledger.log_event(EventCode.INSTALL_LOG_CUT, now=clock.wall(), detail={"finding": cut})
    if problem is not None:
        table.tilts.raise_tilt(Tilt(TiltKind.SOFTWARE, None, problem))
    elif result.status == "fail":
        table.tilts.raise_tilt(Tilt(TiltKind.SOFTWARE_VERIFY, None, result.detail))
