"""``terminal keys``: the table CA and every certificate made once, listed, revoked, re-issued and exported
for a station's computer; the headless table plays on the keys it made. Every act but ``list`` is an
administrator's (``--admin`` and their PIN, under the service lockout, logged as ``LINK_KEYS``); only the
table's first CA, before any service user exists, needs nobody."""

from __future__ import annotations

import io
import json
import re
import sys
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
from terminal.table.boot import boot
from terminal.table.clock import ManualClock
from tests.ledger.two_people import PINS, make_users


@pytest.fixture
def cfg(tmp_path: Path) -> Path:
    path = tmp_path / "kiosk.cfg"
    path.write_text("[table]\nport = 0\nseats = 2\n", encoding="utf-8")
    return path


def _keys(cfg: Path, *args: str, pin: str = PINS["ada"], admin: str | None = "ada") -> int:
    """``terminal keys`` as administrator ``admin`` (ada; ``None``: nobody named) with ``pin`` on stdin."""
    if admin is not None and args[0] != "list" and not config.load(cfg).service.users_path.exists():
        make_users(cfg)
    named = () if admin is None or args[0] == "list" else ("--admin", admin)
    old, sys.stdin = sys.stdin, io.StringIO(f"{pin}\n")
    try:
        return main(["keys", *args, *named, "--config", str(cfg)])
    finally:
        sys.stdin = old


def _link_keys(c: config.Config) -> list[tuple[str | None, dict[str, object]]]:
    ledger = Ledger.from_config(c, now=datetime.now(UTC))
    try:
        return [(e.user, json.loads(e.detail)) for e in ledger.events(EventCode.LINK_KEYS)]
    finally:
        ledger.close()


def test_init_makes_the_ca_every_certificate_and_the_protocol_keys_once(
    cfg: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _keys(cfg, "init") == 0
    pki = p.PkiFolder(cfg.parent / "var" / "pki")
    ca = p.load_cert(pki.ca_cert)
    for name in ("controller", "seat-1", "seat-2", "display", "service", "sas"):
        cert = p.load_cert(pki.cert(name))
        assert p.is_from(cert, ca) and p.common_name(cert) == name
        assert pki.key(name).stat().st_mode & 0o777 == 0o600
    clients = {"seat-1", "seat-2", "display", "service", "sas"}
    assert set(load_keys(cfg.parent / "var" / "seat.keys")) == clients
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


def test_the_first_ca_needs_nobody_only_before_any_service_user_exists(
    cfg: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _keys(cfg, "init", admin=None) == 0  # a fresh install: nobody to ask yet
    assert "logged: LINK_KEYS init by nobody named" in capsys.readouterr().out
    ((user, detail),) = _link_keys(config.load(cfg))
    assert user is None and detail["action"] == "init" and "before any service user" in str(detail["note"])
    make_users(cfg)
    assert _keys(cfg, "init", "--force", admin=None) == 1
    assert "an administrator's act: --admin ID" in capsys.readouterr().err
    with pytest.raises(SystemExit, match="2"):  # the other acts: --admin is required by the parser
        _keys(cfg, "revoke", "--client", "seat-1", admin=None)
    ca = cfg.parent / "var" / "pki" / "ca.crt"
    ca.unlink()  # no CA, but users exist now: still an administrator's act
    assert _keys(cfg, "init", admin=None) == 1 and not ca.exists()


def test_every_act_takes_an_administrators_pin_under_the_lockout_and_is_logged_with_who(
    cfg: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _keys(cfg, "init") == 0  # users exist (made by the helper): ada's act
    pki = p.PkiFolder(cfg.parent / "var" / "pki")
    crl = pki.crl.read_bytes()
    assert _keys(cfg, "revoke", "--client", "seat-2", admin="tom", pin=PINS["tom"]) == 1  # a technician
    assert "tom is not an administrator" in capsys.readouterr().err
    for left in ("2 tries left", "1 tries left", "locked out for 300 s"):
        assert _keys(cfg, "revoke", "--client", "seat-2", pin="0000") == 1
        assert left in capsys.readouterr().err
    assert _keys(cfg, "revoke", "--client", "seat-2") == 1  # the right PIN, locked out
    assert "ada is locked out for" in capsys.readouterr().err
    assert pki.crl.read_bytes() == crl  # nothing revoked by any of them
    old, sys.stdin = sys.stdin, io.StringIO(f"{PINS['ada']}\n5555\n")
    try:  # the lockout is the service screen's and the command line's: `service users` honours it too
        assert main(["service", "users", "add", "--admin", "ada", "--user", "zed", "--config", str(cfg)]) == 1
    finally:
        sys.stdin = old
    assert "ada is locked out for" in capsys.readouterr().err
    assert _keys(cfg, "revoke", "--client", "seat-2", admin="liz", pin=PINS["liz"]) == 0  # another admin
    assert "logged: LINK_KEYS revoke by liz" in capsys.readouterr().out
    logged = _link_keys(config.load(cfg))
    assert [(user, d["action"], d["client"]) for user, d in logged] == [
        ("ada", "init", "all"), ("liz", "revoke", "seat-2")]  # fmt: skip


def test_keys_acts_are_refused_while_the_table_runs(cfg: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import os

    assert _keys(cfg, "init") == 0
    table = boot(config.load(cfg), ManualClock(1_800_000_000.0))
    try:
        assert _keys(cfg, "revoke", "--client", "seat-1") == 1
        err = capsys.readouterr().err
        assert "stop the table first" in err and f"in use by process {os.getpid()}" in err
    finally:
        table.ledger.close()


def test_a_rolled_back_revocation_list_stops_the_table_and_keys_and_a_newer_one_is_accepted(
    cfg: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _keys(cfg, "init") == 0
    c = config.load(cfg)
    pki = p.PkiFolder(c.links.pki_dir)
    older = pki.crl.read_bytes()  # list 1
    assert _keys(cfg, "revoke", "--client", "seat-2") == 0  # list 2, its number logged with who
    newer = pki.crl.read_bytes()
    pki.crl.write_bytes(older)  # restored from a backup: seat-2 would be un-revoked
    with pytest.raises(HeadlessError, match="number 1 is older than number 2, which this table already"):
        run_headless(c, rounds=1, seats=1, seed=1, progress=lambda _: None)
    capsys.readouterr()
    for act in (("issue", "--client", "seat-1"), ("revoke", "--client", "seat-1")):  # never built upon
        assert _keys(cfg, *act) == 1
        assert "rolled-back copy" in capsys.readouterr().err
    assert pki.crl.read_bytes() == older
    pki.crl.write_bytes(newer)
    assert run_headless(c, rounds=1, seats=1, seed=1, progress=lambda _: None).verified
    assert _keys(cfg, "revoke", "--client", "display") == 0  # list 3: newer, accepted
    assert run_headless(c, rounds=1, seats=1, seed=2, progress=lambda _: None).verified
    pki.crl.write_bytes(newer)  # and now list 2 is the rolled-back one
    with pytest.raises(HeadlessError, match="number 2 is older than number 3"):
        run_headless(c, rounds=1, seats=1, seed=3, progress=lambda _: None)
