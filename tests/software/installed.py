"""An installed table for the ratchet's tests: a program tree, the maker's key, a signed manifest, a real
ledger on disk, and the table's boot check run against that tree (not this checkout)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from terminal.config import Config
from terminal.software import boot as software
from terminal.software.manifest import make_manifest
from terminal.table import boot as table_boot
from terminal.table.clock import ManualClock
from terminal.table.table import Table
from tests.table.harness import make_config, make_table

MAKER = Ed25519PrivateKey.from_private_bytes(bytes(range(32)))
FILES = {
    "rng/__init__.py": b'"""rng"""\n',
    "terminal/__init__.py": b"",
    "terminal/games/base.py": b"def returned(stake, won):\n    return stake + won\n",
    "assets/font.ttf": bytes(range(256)),
}


def public_pem(key: Ed25519PrivateKey) -> bytes:
    return key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )


class Install:
    """A table's files: ``root`` (the program), ``keys/maker.pub`` and the configuration beside them."""

    def __init__(self, tmp: Path, monkeypatch: pytest.MonkeyPatch, mode: str = "auto") -> None:
        self.tmp, self.root = tmp, tmp / "install"
        for name, data in FILES.items():
            (self.root / name).parent.mkdir(parents=True, exist_ok=True)
            (self.root / name).write_bytes(data)
        (tmp / "keys").mkdir()
        self.public = tmp / "keys" / "maker.pub"
        self.public.write_bytes(public_pem(MAKER))
        self.config = make_config(tmp, f"[lab]\ntrusted_key = keys/maker.pub\nverify_at_boot = {mode}\n")
        self.clock = ManualClock(1_800_000_000.0)
        real = software.check
        root = self.root
        # Every check is of this tree, not the checkout the tests run from; no launcher ran in this process.
        monkeypatch.setattr(
            table_boot.software,
            "check",
            lambda mode, manifest, key, *_, **given: real(mode, manifest, key, root, (), **given),
        )
        monkeypatch.setattr(table_boot.software, "launched", lambda: None)

    @property
    def manifest(self) -> Path:
        return self.config.lab.manifest_path

    def sign(self, key: Ed25519PrivateKey = MAKER) -> str:
        """The maker signs the tree as it is now; returns the manifest's SHA-256."""
        text = make_manifest(key, self.root)
        self.manifest.write_text(text, encoding="utf-8")
        return hashlib.sha256(text.encode()).hexdigest()

    def boot(self, c: Config | None = None) -> Table:
        """One boot of the table: ledger opened, the program checked and judged, the table started."""
        c = c or self.config
        self.clock.advance(60)
        table = make_table(c, self.clock)
        table_boot.verify_software(c, self.clock, table)
        table.start()
        return table
