"""Two service users for the ledger's two-person acts, and ``terminal ledger adopt`` run as they would."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from terminal import config
from terminal.cli import main
from terminal.desk.users import ScryptParams, UserStore
from terminal.ledger import adopt_pins
from terminal.table.tilts import Role

FAST = ScryptParams(n=2**4, r=8, p=1)  # cheap hashes for tests; production uses ScryptParams()
PINS = {"ada": "1111", "tom": "2222", "liz": "3333"}


def make_users(cfg: Path) -> None:
    """ada (administrator), tom (technician) and liz (administrator) in the users file of ``cfg``."""
    path = config.load(cfg).service.users_path
    store = UserStore(()).init("ada", PINS["ada"], lambda n: bytes(n), FAST)
    admin = store.users[0]
    store = store.add(admin, "tom", Role.TECHNICIAN, PINS["tom"], lambda n: bytes(n), FAST)
    store = store.add(admin, "liz", Role.ADMINISTRATOR, PINS["liz"], lambda n: bytes(n), FAST)
    store.save(path)


def adopt_as_two(
    cfg: Path, monkeypatch: pytest.MonkeyPatch, admin: str = "ada", second: str = "tom", typed: str = ""
) -> int:
    """``terminal ledger adopt`` with both PINs (and ``typed``, the rows given up) on standard input."""
    if not config.load(cfg).service.users_path.exists():
        make_users(cfg)
    lines = f"{PINS.get(admin, '0000')}\n{PINS.get(second, '0000')}\n{typed}\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    return main(["ledger", "adopt", "--config", str(cfg), "--admin", admin, "--second", second])


def forge_no_failures(mark: Path, user: str, pin: str) -> None:
    """Rewrite the sealed count file beside ``mark`` as if ``user`` had typed no wrong PIN (its seal left
    as it was), after checking it holds the one failure typed with ``pin`` and never the PIN itself."""
    kept = adopt_pins.pins_path(mark)
    outer = json.loads(kept.read_bytes())
    assert outer["states"][user]["failures"] == 1 and pin not in kept.read_text()
    outer["states"][user]["failures"] = 0
    kept.write_text(json.dumps(outer))
