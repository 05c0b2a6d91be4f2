"""The install log in service mode and the day report (GLI-11 item 57): the last ten installs with who
accepted them, and the software that ran that day, both as the real install act and boots record them."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from terminal.ledger import EventCode
from terminal.service.views.selftest import install_word, people
from terminal.software import installs
from tests.software.installed import public_pem
from tests.software.test_ratchet import _accept, _verified_once


def test_an_install_accepted_by_two_people_is_shown_accepted_with_both_and_ran_that_day(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install = _verified_once(tmp_path, monkeypatch)
    new_key = Ed25519PrivateKey.generate()  # a re-install under the maker's new key: two people accept it
    install.public.write_bytes(public_pem(new_key))
    sha = install.sign(new_key)
    install.boot().ledger.close()
    assert _accept(install, monkeypatch) == 0
    (last, *_), problem = installs.last(install.config.lab.install_log)
    assert problem is None and last.manifest_sha256 == sha
    assert install_word(last.result) == "install_accepted"  # before: any result but "ok" read "failed"
    assert people(last.who, last.result) == "ada, tom"
    assert install_word("ok") == "install_ok" and install_word("failed: no key") == "install_failed"
    table = install.boot()  # the accepted program runs
    (boot,) = table.ledger.events(EventCode.SOFTWARE_VERIFY_PASS)[-1:]
    assert json.loads(boot.detail)["manifest_sha256"] == sha
    # The act stamps the wall clock and the test's boots a manual one: a period holding both.
    ran = table.ledger.day_report(datetime(2000, 1, 1, tzinfo=UTC), datetime(2100, 1, 1, tzinfo=UTC)).software
    seen = [(r.check, r.manifest_sha256) for r in ran]
    first = next(n for n, (check, found) in enumerate(seen) if check == "pass")
    assert seen[first][1] not in ("", sha), seen  # the program the ledger ran before the install
    assert ("install", sha) in seen and seen[-1] == ("pass", sha), seen  # accepted, then booted
    table.ledger.close()
