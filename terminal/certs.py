"""X.509 as the table's links (:mod:`terminal.net.pki`) and the floor (:mod:`terminal.floor.credentials`) both
make it: ECDSA P-256 keys signed with SHA-256, a CA that signs only certificates and revocation lists,
leaves that sign only, each valid from a day before ``now`` (clocks of seat computers may lag); and the
files, written atomically (a new file of the mode, flushed, then renamed over the old one), private keys
0600. Each caller names its certificates and reads its own files: their refusals name their own folder
and command. Time is injected (``now``).

>>> from datetime import UTC, datetime
>>> from cryptography.x509.oid import ExtendedKeyUsageOID
>>> now = datetime(2030, 1, 1, tzinfo=UTC)
>>> ca_key, ca = new_ca(subject("T-01 CA", "table T-01"), now)
>>> _, leaf = new_leaf(ca_key, ca, subject("seat-3", "table T-01"), [ExtendedKeyUsageOID.CLIENT_AUTH],
...                    [x509.DNSName("seat-3")], now)
>>> leaf.issuer == ca.subject, (leaf.not_valid_after_utc - now).days == 365 * LEAF_YEARS
(True, True)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

CA_YEARS, LEAF_YEARS = 20, 5


@dataclass(frozen=True, slots=True)
class CertFolder:
    """A folder of a CA and the certificates it signed: ``ca.crt``/``ca.key``, ``NAME.crt``/``NAME.key``."""

    folder: Path

    @property
    def ca_cert(self) -> Path:
        return self.folder / "ca.crt"

    @property
    def ca_key(self) -> Path:
        return self.folder / "ca.key"

    def cert(self, name: str) -> Path:
        return self.folder / f"{name}.crt"

    def key(self, name: str) -> Path:
        return self.folder / f"{name}.key"


def subject(common: str, organization: str) -> x509.Name:
    """A certificate's name: its organization and its common name."""
    return x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, organization),
            x509.NameAttribute(NameOID.COMMON_NAME, common),
        ]
    )


def _key_id(key: ec.EllipticCurvePrivateKey) -> x509.SubjectKeyIdentifier:
    return x509.SubjectKeyIdentifier.from_public_key(key.public_key())


def new_ca(name: x509.Name, now: datetime) -> tuple[ec.EllipticCurvePrivateKey, x509.Certificate]:
    """A new CA named ``name``: self-signed, may sign certificates and revocation lists, no intermediate
    CAs, valid :data:`CA_YEARS`."""
    key = ec.generate_private_key(ec.SECP256R1())
    usage = x509.KeyUsage(False, False, False, False, False, True, True, False, False)  # cert and CRL signing
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(days=1))  # clocks of seat computers may lag
        .not_valid_after(now + timedelta(days=365 * CA_YEARS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(usage, critical=True)
        .add_extension(_key_id(key), critical=False)
        .sign(key, hashes.SHA256())
    )
    return key, cert


def new_leaf(
    ca_key: ec.EllipticCurvePrivateKey,
    ca: x509.Certificate,
    name: x509.Name,
    purposes: Sequence[x509.ObjectIdentifier],
    alt_names: Sequence[x509.GeneralName],
    now: datetime,
) -> tuple[ec.EllipticCurvePrivateKey, x509.Certificate]:
    """A new key and its certificate from ``ca``: signatures only, for ``purposes`` (server or client
    authentication), under ``alt_names``, valid :data:`LEAF_YEARS`."""
    key = ec.generate_private_key(ec.SECP256R1())
    usage = x509.KeyUsage(True, False, False, False, False, False, False, False, False)  # signatures only
    builder = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(days=1))  # clocks of seat computers may lag
        .not_valid_after(now + timedelta(days=365 * LEAF_YEARS))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(usage, critical=True)
        .add_extension(x509.ExtendedKeyUsage(list(purposes)), critical=False)
        .add_extension(x509.SubjectAlternativeName(list(alt_names)), critical=False)
        .add_extension(_key_id(key), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False
        )
    )
    return key, builder.sign(ca_key, hashes.SHA256())


def write_file(path: Path, data: bytes, mode: int) -> None:
    """``data`` written atomically: a new file of ``mode``, flushed, then renamed over the old one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(path.name + ".new")
    temp.unlink(missing_ok=True)
    descriptor = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temp, path)


def write_key(path: Path, key: ec.EllipticCurvePrivateKey) -> None:
    """A private key, PEM, mode 0600."""
    pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    write_file(path, pem, 0o600)


def write_cert(path: Path, cert: x509.Certificate) -> None:
    """A certificate, PEM (public: mode 0644)."""
    write_file(path, cert.public_bytes(serialization.Encoding.PEM), 0o644)
