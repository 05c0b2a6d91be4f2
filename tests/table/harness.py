"""A real table for tests: a config, a ledger on disk, the production RNG and a manual clock."""

from __future__ import annotations

from pathlib import Path

from rng import EntropySource, HealthParameters, Rng
from terminal import config as configuration
from terminal.config import Config
from terminal.ledger import Ledger
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
    ledger = Ledger(c.ledger.path, KEY, now=clock.wall(), bills=c.money.bills, checkpoint_rows=1000)
    rng = Rng(EntropySource(HealthParameters(min_entropy=7)), clock=clock.monotonic, name="test")
    return Table(c, ledger, rng, clock, driver_for(c))
