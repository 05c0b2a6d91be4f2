"""``[links]``: TLS is the shipped default; plain TCP is a configuration error unless the table listens on
loopback only, and then every start says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from terminal import config
from terminal.config import ConfigError
from terminal.lab.headless import run_headless


def test_tls_is_the_shipped_default() -> None:
    shipped = config.load(Path(__file__).resolve().parents[2] / "kiosk.cfg")
    assert shipped.links.tls == "on" and config.defaults().links.tls == "on"


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.20", "table-7.casino.lan"])
def test_plain_links_off_loopback_are_refused_naming_the_key(host: str) -> None:
    with pytest.raises(ConfigError) as refused:
        config.loads(f"[table]\nhost = {host}\n[links]\ntls = off\n")
    text = str(refused.value)
    assert "[links] tls = 'off'" in text and "only for a loopback host" in text and host in text


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "::1", "localhost"])
def test_plain_links_on_loopback_are_allowed(host: str) -> None:
    assert config.loads(f"[table]\nhost = {host}\n[links]\ntls = off\n").links.tls == "off"


def test_a_plain_loopback_table_warns_at_every_start_and_makes_no_certificates(tmp_path: Path) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[table]\nport = 0\nseats = 2\n[links]\ntls = off\n", encoding="utf-8")
    said: list[str] = []
    summary = run_headless(config.load(cfg), rounds=2, seats=2, seed=1, progress=said.append)
    assert summary.rounds == 2 and summary.verified
    warnings = [line for line in said if line.startswith("WARNING")]
    assert len(warnings) == 1 and "plain TCP" in warnings[0] and "unencrypted" in warnings[0]
    assert not (tmp_path / "var" / "pki").exists()
