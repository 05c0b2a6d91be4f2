"""``ledger export`` of a ledger that does not verify says so in one line and exits non-zero (issue 28 §3).

Attack: an insider edited a stake past the append-only trigger; ``terminal ledger export`` wrote the CSV
files and exited 0 without a word, so an auditor got edited figures with no warning.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlite_utils

from terminal.cli import main
from tests.ledger.test_ledger_guards import _cfg, _play


def test_exporting_a_tampered_ledger_exits_non_zero_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = _cfg(tmp_path)
    _play(tmp_path)
    out = tmp_path / "audit"
    assert main(["ledger", "export", "--out", str(out), "--config", str(cfg)]) == 0  # untouched: fine
    assert "wrote" in capsys.readouterr().out
    with sqlite_utils.Database(tmp_path / "var" / "ledger.sqlite") as found:
        found.execute("DROP TRIGGER wagers_no_update")
        found.execute("UPDATE wagers SET stake = 5000 WHERE id = 1")
        found.execute(
            "CREATE TRIGGER wagers_no_update BEFORE UPDATE ON wagers BEGIN SELECT RAISE(ABORT, 'x'); END"
        )
    tampered = tmp_path / "tampered"
    assert main(["ledger", "export", "--out", str(tampered), "--config", str(cfg)]) == 1
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and "does not verify" in err[0] and "wagers row 1" in err[0], err
    assert "wrote" not in captured.out  # no word of success
    key = tmp_path / "var" / "ledger.key"
    key.rename(tmp_path / "away.key")  # no key: it cannot be verified, so it is not exported as sound
    assert main(["ledger", "export", "--out", str(tmp_path / "keyless"), "--config", str(cfg)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot verify" in err[0], err
