"""The shipped configuration: an installed table's ``kiosk.cfg`` verifies the program at every boot.

Before, ``terminal config template`` wrote ``[lab] verify_at_boot = auto`` for every table, so an installed
table whose manifest was deleted played unverified (the first test failed there). Now the template writes
``always``; ``auto`` is a development checkout's (``--development``, the repository's own file), so
``make run`` on a fresh clone still plays the demo with no manifest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from terminal import config
from terminal.cli import main
from terminal.software import boot as software

ROOT = Path(__file__).resolve().parents[2]


def _written(tmp_path: Path, text: str) -> config.Config:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text(text, encoding="utf-8")
    return config.load(cfg)


def test_an_installed_tables_template_verifies_at_every_boot(tmp_path: Path) -> None:
    installed = _written(tmp_path, config.template())
    assert installed.lab.verify_at_boot == "always"
    lab = installed.lab  # no manifest beside it: the boot check fails, nothing runs
    found = software.check(lab.verify_at_boot, lab.manifest_path, lab.trusted_key, tmp_path / "x", ())
    assert found.status == "fail" and "no manifest" in found.detail


def test_a_development_checkout_keeps_auto_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["config", "template", "--development"]) == 0
    printed = capsys.readouterr().out
    assert printed == (ROOT / "kiosk.cfg").read_text(encoding="utf-8")  # the repository's own file
    assert "DEVELOPMENT CHECKOUT" in printed.splitlines()[0]
    development = _written(tmp_path, printed)
    assert development.lab.verify_at_boot == "auto"
    lab = development.lab
    found = software.check(lab.verify_at_boot, lab.manifest_path, lab.trusted_key, tmp_path / "x", ())
    assert found.status == "skipped"  # make run on a fresh clone: the demo plays, logged as unverified
    assert main(["config", "template"]) == 0
    assert "verify_at_boot = always" in capsys.readouterr().out.splitlines()
