"""Ed25519 signatures on the floor: every stream message and voucher record names its signer and holds.

Each table has a key of its own (``[floor] sign_key_path``), the floor has one (``[floor]
floor_key_path``, its public half beside it as ``.pub``, copied to every table as ``floor_pub_path``).
A key file holds the 32-byte private seed, hex, mode 0600, made on first use like the chain's key; a key
file that others may read is refused. The floor registers each table's public key (``registry``); a table
trusts the floor's public key it was given, and through it the registry.

A stream message is signed over its subject and body (``Floor-Signer`` and ``Floor-Sig`` headers); a
record (a dict: a voucher, a registration) over its canonical JSON without the ``sig`` field, the signer
named in it. Verifying never raises: a missing, malformed or wrong signature is simply not valid.

>>> key = Signer("T-01", Ed25519PrivateKey.from_private_bytes(bytes(32)))
>>> record = key.sign_record({"number": "1", "amount": 500})
>>> record["signer"], check_record(record, key.public)
('T-01', True)
>>> check_record(record | {"amount": 5000}, key.public)
False
>>> headers = key.headers("floor.T-01.round", b"{}")
>>> check_message("floor.T-01.round", b"{}", headers, key.public)
True
>>> check_message("floor.T-02.round", b"{}", headers, key.public)  # another subject: not what was signed
False
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from terminal.config.sections import FloorSection
from terminal.ledger.errors import KeyFileError

#: The signer named in messages and records the floor itself signs (acceptances, the cage, commands).
FLOOR = "floor"
SIGNER, SIG = "Floor-Signer", "Floor-Sig"
SEED_BYTES = 32


class SigningKeyError(KeyFileError):
    """A key file that is missing, malformed, or readable by others; the message is its one line."""


@dataclass(frozen=True, slots=True)
class Signer:
    """A named private key: a table's (its id) or the floor's (``floor``)."""

    name: str
    key: Ed25519PrivateKey

    @property
    def public(self) -> Ed25519PublicKey:
        """The public half."""
        return self.key.public_key()

    def sign(self, data: bytes) -> str:
        """The signature of ``data``, hex."""
        return self.key.sign(data).hex()

    def headers(self, subject: str, body: bytes) -> dict[str, str]:
        """The headers that sign a stream message of ``subject`` and ``body``."""
        return {SIGNER: self.name, SIG: self.sign(message_bytes(subject, body))}

    def sign_record(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """``record`` with ``signer`` (this key's name) and ``sig`` (over the rest) set."""
        named = {k: v for k, v in record.items() if k != "sig"} | {"signer": self.name}
        return named | {"sig": self.sign(canonical(named))}


def message_bytes(subject: str, body: bytes) -> bytes:
    """What a message's signature covers: its subject and its body."""
    return subject.encode() + b"\n" + body


def canonical(record: Mapping[str, Any]) -> bytes:
    """A record's signed bytes: its JSON with sorted keys and no spaces, the ``sig`` left out."""
    return json.dumps({k: v for k, v in record.items() if k != "sig"}, sort_keys=True,
                      separators=(",", ":")).encode()  # fmt: skip


def valid(public: Ed25519PublicKey, data: bytes, sig: object) -> bool:
    """Whether ``sig`` (hex) is ``public``'s signature of ``data``."""
    try:
        public.verify(bytes.fromhex(str(sig)), data)
    except (InvalidSignature, ValueError):
        return False
    return True


def check_record(record: Mapping[str, Any], public: Ed25519PublicKey) -> bool:
    """Whether ``record`` is signed by ``public`` (the signer it names is the caller's to judge)."""
    return valid(public, canonical(record), record.get("sig", ""))


def check_message(subject: str, body: bytes, headers: Mapping[str, str] | None,
                  public: Ed25519PublicKey) -> bool:  # fmt: skip
    """Whether a stream message is signed by ``public``."""
    return valid(public, message_bytes(subject, body), (headers or {}).get(SIG, ""))


def signer_of(headers: Mapping[str, str] | None) -> str:
    """The signer a message names (``""`` for none)."""
    return str((headers or {}).get(SIGNER, ""))


def public_hex(public: Ed25519PublicKey) -> str:
    """A public key as 64 hex digits (what ``floor accept-table --key`` is given)."""
    return public.public_bytes(Encoding.Raw, PublicFormat.Raw).hex()


def public_of(text: str) -> Ed25519PublicKey:
    """A public key from 64 hex digits; ``SigningKeyError`` otherwise."""
    try:
        raw = bytes.fromhex(text.strip())
        if len(raw) != SEED_BYTES:
            raise ValueError(len(raw))
        return Ed25519PublicKey.from_public_bytes(raw)
    except ValueError:
        raise SigningKeyError(f"{text.strip()[:70]!r} is not an Ed25519 public key (64 hex digits)") from None


def load_or_create(path: Path, name: str, entropy: Callable[[int], bytes] = os.urandom) -> Signer:
    """The key at ``path`` (created, 0600, with its ``.pub`` beside it, if there is none yet)."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        seed = entropy(SEED_BYTES)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(seed.hex() + "\n")
        signer = Signer(name, Ed25519PrivateKey.from_private_bytes(seed))
        path.with_suffix(".pub").write_text(public_hex(signer.public) + "\n", encoding="ascii")
        return signer
    return load(path, name)


def load(path: Path, name: str) -> Signer:
    """The existing key at ``path``; a missing, malformed or group/other-readable file is refused."""
    try:
        mode = path.stat().st_mode
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError) as failed:
        raise SigningKeyError(f"signing key {path}: {failed}") from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise SigningKeyError(f"signing key {path} has mode {stat.S_IMODE(mode):o}; it must be 600")
    try:
        seed = bytes.fromhex(text)
    except ValueError:
        seed = b""
    if len(seed) != SEED_BYTES:
        raise SigningKeyError(f"signing key {path} is not {SEED_BYTES} bytes of hex")
    return Signer(name, Ed25519PrivateKey.from_private_bytes(seed))


def load_public(path: Path) -> Ed25519PublicKey:
    """A public key file (64 hex digits); ``SigningKeyError`` when missing or malformed."""
    try:
        text = path.read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError) as failed:
        raise SigningKeyError(f"public key {path}: {failed}") from None
    return public_of(text)


def table_signer(section: FloorSection, table_id: str) -> Signer:
    """This table's signing key (``[floor] sign_key_path``), made on first use."""
    return load_or_create(section.sign_key_path, table_id)


def floor_signer(section: FloorSection) -> Signer:
    """The floor's signing key (``[floor] floor_key_path``), made on first use with ``floor.pub`` beside."""
    return load_or_create(section.floor_key_path, FLOOR)


def floor_public(section: FloorSection) -> Ed25519PublicKey | None:
    """The floor's public key: from its private key where that is (the floor's computer), else from
    ``[floor] floor_pub_path`` (a table); ``None`` when neither file is there (nothing is trusted then)."""
    if section.floor_key_path.exists():
        return load(section.floor_key_path, FLOOR).public
    if section.floor_pub_path.exists():
        return load_public(section.floor_pub_path)
    return None
