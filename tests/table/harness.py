"""A real table for tests: a config, a ledger on disk, the production RNG and a manual clock."""

from __future__ import annotations

from pathlib import Path

from rng import Draw, EntropySource, HealthParameters, Rng
from terminal import config as configuration
from terminal.config import Config
from terminal.ledger import Ledger, highwater, keyfile
from terminal.table.boot import driver_for
from terminal.table.clock import ManualClock
from terminal.table.table import Table

KEY = bytes(range(32))


def make_config(tmp: Path, text: str = "") -> Config:
    cfg = tmp / "kiosk.cfg"
    cfg.write_text(text, encoding="utf-8")
    return configuration.load(cfg)


def make_table(c: Config, clock: ManualClock | None = None) -> Table:
    clock = clock or ManualClock(1_800_000_000.0)
    c.ledger.path.parent.mkdir(parents=True, exist_ok=True)
    key = keyfile.load_or_create(c.ledger.key_path, lambda size: KEY[:size])  # the key file, as in production
    mark = highwater.mark_path(c.ledger.key_path)
    ledger = Ledger(
        c.ledger.path, key, now=clock.wall(), bills=c.money.bills, checkpoint_rows=1000, mark_path=mark,
        meter_digits=c.ledger.meter_digits,
    )
    rng = Rng(EntropySource(HealthParameters(min_entropy=7)), clock=clock.monotonic, name="test")
    aux = Rng(EntropySource(HealthParameters(min_entropy=7)), clock=clock.monotonic, name="test-aux")
    return Table(c, ledger, rng, clock, driver_for(c), aux=aux)


class ScriptedRng:
    """Outcomes the test chooses (spins and dice), with the audit fields of a real draw.

    Only outcome draws are scripted (a wheel's 37 or 38 pockets, dice); voucher numbers and assigned
    teams come from the real generator, as they would. An unscripted outcome is an error.
    """

    def __init__(self, real: Rng, *values: object) -> None:
        self.real = real
        self.values = list(values)
        self.counter = 0

    def _next(self) -> Draw[object]:
        if not self.values:
            raise AssertionError("the table drew an outcome the test did not script")
        self.counter += 1
        return Draw(self.values.pop(0), "scripted", self.counter, 0)

    def randbelow(self, n: int) -> Draw[object]:
        if n in (37, 38, 54):  # a wheel: roulette pockets, Big Six sections
            return self._next()
        return self.real.randbelow(n)  # type: ignore[return-value]

    def dice(self, count: int = 2) -> Draw[object]:
        return self._next()

    def advance(self) -> None:  # the table's background cycling moves the real generator on
        self.real.advance()


def scripted_table(c: Config, *values: object, clock: ManualClock | None = None) -> Table:
    """A table whose outcomes are ``values`` in order (pockets for roulette, dice pairs for craps)."""
    table = make_table(c, clock)
    table.rng = ScriptedRng(table.rng, *values)  # type: ignore[assignment]
    return table


def reopen(table: Table, *values: object) -> Table:
    """What a restart sees: the same files, a new process's objects (the old ones are dropped, not closed)."""
    clock = table.clock
    assert isinstance(clock, ManualClock)
    return scripted_table(table.config, *values, clock=clock)
