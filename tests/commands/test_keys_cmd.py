"""``terminal keys``: the table CA and every certificate made once, listed, revoked, re-issued and exported
for a station's computer; the headless table plays on the keys it made."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from terminal import config
from terminal.cli import main
from terminal.lab.headless import HeadlessError, run_headless
from terminal.ledger import EventCode, Ledger
from terminal.net import pki as p
from terminal.net.keys import load_keys
from terminal.net.tls import client_context


@pytest.fixture
def cfg(tmp_path: Path) -> Path:
    path = tmp_path / "kiosk.cfg"
    path.write_text("[table]\nport = 0\nseats = 2\n", encoding="utf-8")
    return path


def _keys(cfg: Path, *args: str) -> int:
    return main(["keys", *args, "--config", str(cfg)])


def test_init_makes_the_ca_every_certificate_and_the_protocol_keys_once(
    cfg: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _keys(cfg, "init") == 0
    pki = p.PkiFolder(cfg.parent / "var" / "pki")
    ca = p.load_cert(pki.ca_cert)
    for name in ("controller", "seat-1", "seat-2", "display", "service"):
        cert = p.load_cert(pki.cert(name))
        assert p.is_from(cert, ca) and p.common_name(cert) == name
        assert pki.key(name).stat().st_mode & 0o777 == 0o600
    assert set(load_keys(cfg.parent / "var" / "seat.keys")) == {"seat-1", "seat-2", "display", "service"}
    capsys.readouterr()
    assert _keys(cfg, "init") == 1  # never replaces a CA by accident
    assert "a table CA is already made" in capsys.readouterr().err
    assert _keys(cfg, "init", "--force") == 0
    assert p.load_cert(pki.ca_cert).serial_number != ca.serial_number


def test_revoke_list_and_issue_again(cfg: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _keys(cfg, "init") == 0
    pki = p.PkiFolder(cfg.parent / "var" / "pki")
    old = p.load_cert(pki.cert("seat-2")).serial_number
    assert _keys(cfg, "revoke", "--client", "seat-2") == 0
    assert f"serial {old:x} revoked (revocation list number 2)" in capsys.readouterr().out
    assert _keys(cfg, "revoke", "--client", "seat-2") == 1  # once is enough
    assert _keys(cfg, "list") == 0
    listing = capsys.readouterr().out
    assert re.search(rf"seat-2 +serial {old:040x} .* REVOKED", listing), listing
    assert re.search(r"seat-1 +serial [0-9a-f]{40} .* valid", listing), listing
    assert _keys(cfg, "issue", "--client", "seat-2") == 0
    new = p.load_cert(pki.cert("seat-2")).serial_number
    assert new != old and new not in p.revoked_serials(p.load_crl(pki, p.load_cert(pki.ca_cert)))
    capsys.readouterr()
    for bad in ("controller", "seat-9", "bob"):
        assert _keys(cfg, "revoke", "--client", bad) == 1
        assert capsys.readouterr().err.count("\n") == 1


def test_export_holds_what_one_station_needs_and_nothing_else(cfg: Path, tmp_path: Path) -> None:
    assert _keys(cfg, "init") == 0
    out = tmp_path / "for-seat-2"
    assert _keys(cfg, "export", "--client", "seat-2", "--out", str(out)) == 0
    assert sorted(f.name for f in (out / "pki").iterdir()) == ["ca.crt", "seat-2.crt", "seat-2.key"]
    assert (out / "pki" / "seat-2.key").stat().st_mode & 0o777 == 0o600
    assert set(load_keys(out / "seat.keys")) == {"seat-2"}  # not the other stations' MAC keys
    assert client_context(p.PkiFolder(out / "pki"), "seat-2") is not None  # loads as the seat would


def _revocations(c: config.Config) -> list[str]:
    ledger = Ledger.from_config(c, now=datetime.now(UTC))
    try:
        return [json.loads(e.detail)["detail"] for e in ledger.events(EventCode.LINK_REVOCATIONS)]
    finally:
        ledger.close()


def test_the_table_plays_on_the_keys_init_made_and_logs_the_revocations_in_force(cfg: Path) -> None:
    assert _keys(cfg, "init") == 0
    said: list[str] = []
    c = config.load(cfg)
    summary = run_headless(c, rounds=3, seats=2, seed=1, progress=said.append)
    assert summary.rounds == 3 and summary.verified
    assert not any(line.startswith("certificates") for line in said)  # nothing new was needed
    assert _revocations(c) == ["list 1 in force; revoked: none"]
    assert _keys(cfg, "revoke", "--client", "display") == 0
    serial = p.load_cert(p.PkiFolder(c.links.pki_dir).cert("display")).serial_number
    assert run_headless(c, rounds=1, seats=2, seed=2, progress=said.append).verified
    assert _revocations(c)[-1] == f"list 2 in force; revoked: {serial:x}"


def test_a_revoked_seat_cannot_join_the_table_and_the_run_says_why(cfg: Path) -> None:
    assert _keys(cfg, "init") == 0
    assert _keys(cfg, "revoke", "--client", "seat-2") == 0
    with pytest.raises(HeadlessError, match=r"only 1 of 2 bot seats linked: seat-2: .* is revoked"):
        run_headless(config.load(cfg), rounds=1, seats=2, seed=1, progress=lambda _: None)
