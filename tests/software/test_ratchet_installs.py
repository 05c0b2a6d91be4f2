"""Installs in the ledger: who made and who accepted each program, and an install log that cannot lose its
newest lines unnoticed.

Attack reproduced before the fix (the cut test failed there): the install log's last line taken off the end
(say, the line of a manifest an attacker made) left a log whose every link still held; ``terminal verify``
and the service screen showed the line before it as the last install and said nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization

from terminal.cli import main
from terminal.desk import acts
from terminal.ledger import EventCode
from tests.software.installed import MAKER, Install

BASE = Path("terminal") / "games" / "base.py"


def _make_manifest(install: Install, tmp_path: Path, by: str) -> None:
    """The maker's ``terminal verify make-manifest --by WHO`` on the table's tree (a line of the log)."""
    private = tmp_path / "maker.key"
    if not private.exists():
        private.write_bytes(MAKER.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        ))  # fmt: skip
    where = ["--config", str(install.config.path), "--root", str(install.root)]
    assert main(["verify", "make-manifest", "--key", str(private), "--by", by, *where]) == 0


def _trusted(table: object) -> list[dict[str, object]]:
    found = table.ledger.events(EventCode(450))  # type: ignore[attr-defined]
    return [json.loads(e.detail) for e in found]


def test_an_update_signed_with_the_trusted_key_is_accepted_and_logged_with_who_made_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install = Install(tmp_path, monkeypatch)
    _make_manifest(install, tmp_path, "anne")
    table = install.boot()
    first = _trusted(table)
    assert [(d["installed_by"], d["install_log"]) for d in first] == [("anne", first[0]["install_log"])]
    assert first[0]["install_log"]["lines"] == 1  # type: ignore[index]
    table.ledger.close()
    (install.root / BASE).write_bytes(b"def returned(stake, won):\n    return stake + won  # v2\n")
    _make_manifest(install, tmp_path, "bob")  # the maker's update, same key
    table = install.boot()
    assert [t.kind.value for t in table.tilts.active] == []
    update = _trusted(table)[-1]
    assert update["installed_by"] == "bob" and "trusts" in str(update["accepted_by"])
    assert update["install_log"]["lines"] == 2  # type: ignore[index]
    table.ledger.close()
    install.boot().ledger.close()  # the same manifest again: nothing new to log
    table = install.boot()
    assert len(_trusted(table)) == 2
    table.ledger.close()


def test_the_install_logs_last_line_cut_off_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    install = Install(tmp_path, monkeypatch)
    _make_manifest(install, tmp_path, "anne")
    install.boot().ledger.close()
    (install.root / BASE).write_bytes(b"def returned(stake, won):\n    return stake + won  # v2\n")
    _make_manifest(install, tmp_path, "bob")
    install.boot().ledger.close()  # the update accepted: the ledger now records 2 lines
    log = install.config.lab.install_log
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    assert len(lines) == 2
    log.write_text(lines[0], encoding="utf-8")  # the tail cut: every remaining link still holds
    capsys.readouterr()
    main(["verify", "--config", str(install.config.path), "--root", str(install.root)])
    out = capsys.readouterr().out
    assert "installs.jsonl has 1 lines but held 2" in out and "cut" in out
    table = install.boot()
    cut = table.ledger.events(EventCode(452))
    assert cut and "held 2" in json.loads(cut[-1].detail)["finding"]
    shown = acts.selftest(table, None)  # the service screen's self-test card
    assert "held 2" in shown.install_log  # type: ignore[attr-defined]
    table.ledger.close()
    (install.root / BASE).write_bytes(b"def returned(stake, won):\n    return stake + won  # v3\n")
    _make_manifest(install, tmp_path, "carl")  # an update accepted at boot does not paper over the cut
    table = install.boot()
    assert len(_trusted(table)) == 3 and len(table.ledger.events(EventCode(452))) == 2
    table.ledger.close()


def test_a_line_replaced_at_the_recorded_place_is_reported_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    install = Install(tmp_path, monkeypatch)
    _make_manifest(install, tmp_path, "anne")
    install.boot().ledger.close()
    log = install.config.lab.install_log
    log.unlink()  # the whole log gone and written again from scratch, one line as long
    _make_manifest(install, tmp_path, "mallory")
    capsys.readouterr()
    main(["verify", "--config", str(install.config.path), "--root", str(install.root)])
    assert "line 1 is not the line the ledger recorded" in capsys.readouterr().out
