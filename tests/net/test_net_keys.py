"""The key store: provisioned 0600 on first run, stable afterwards, refused when others can read it."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from terminal.net.keys import KeyStoreError, client_ids, load_keys, provision_keys


def _counter() -> object:
    state = [0]

    def entropy(n: int) -> bytes:
        state[0] += 1
        return bytes([state[0]]) * n

    return entropy


def test_first_run_provisions_one_key_per_client_in_a_0600_file(tmp_path: Path) -> None:
    path = tmp_path / "var" / "seat.keys"
    keys = provision_keys(path, client_ids(2), _counter())  # type: ignore[arg-type]
    assert keys == {
        "seat-1": b"\x01" * 32,
        "seat-2": b"\x02" * 32,
        "display": b"\x03" * 32,
        "service": b"\x04" * 32,
        "sas": b"\x05" * 32,
    }
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_keys(path) == keys


def test_keys_survive_restarts_and_new_seats_get_new_keys(tmp_path: Path) -> None:
    path = tmp_path / "seat.keys"
    first = provision_keys(path, client_ids(1), os.urandom)
    again = provision_keys(path, client_ids(1), os.urandom)
    assert again == first
    more = provision_keys(path, client_ids(3), os.urandom)
    assert {k: more[k] for k in first} == first
    assert set(more) == set(client_ids(3)) and len(set(more.values())) == 6  # 3 seats, display, service, sas
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_store_readable_by_others_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "seat.keys"
    provision_keys(path, client_ids(1), os.urandom)
    path.chmod(0o644)
    with pytest.raises(KeyStoreError, match="mode 644; it must be 600"):
        load_keys(path)


@pytest.mark.parametrize(
    "text, message",
    [
        ("seat-1 abc\n", ":1: expected 'client-id 64-hex-digits'"),
        (f"# c\n\nseat-1 {'00' * 32}\nseat-1 {'11' * 32}\n", ":4: client 'seat-1' appears twice"),
        (f"Seat-1 {'00' * 32}\n", ":1: expected"),
    ],
)
def test_malformed_stores_are_refused_with_the_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "seat.keys"
    path.write_text(text)
    path.chmod(0o600)
    with pytest.raises(KeyStoreError, match=message):
        load_keys(path)


def test_missing_store_and_short_entropy(tmp_path: Path) -> None:
    with pytest.raises(KeyStoreError, match="cannot read"):
        load_keys(tmp_path / "none")
    with pytest.raises(KeyStoreError, match="gave 3 bytes"):
        provision_keys(tmp_path / "k", ["seat-1"], lambda n: b"abc")
    assert not (tmp_path / "k").exists()
