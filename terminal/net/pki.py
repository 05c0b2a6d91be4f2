"""The table's public-key infrastructure: a table CA, a certificate for the controller and for every
client, and a revocation list, all X.509 made with ``cryptography`` (ECDSA P-256, SHA-256).

The PKI folder (``[links] pki_dir``) holds::

    ca.crt  ca.key          the table CA; it signs every certificate and the revocation list
    controller.crt/.key     the controller: DNS name ``controller``, server authentication only
    seat-1.crt/.key ...     one per client (seats, ``display``, ``service``, ``sas``): common name = the id,
                            client authentication only
    revoked.crl             the CA-signed list of revoked serial numbers; its CRL number rises with each
                            revocation

Private keys are written with mode 0600 and every file atomically (temporary file, fsync, rename): how a
key, a certificate and a file are made is :mod:`terminal.certs`', shared with the floor's credentials. A
certificate binds a key to one client id: the controller accepts a client only with a certificate from
its own CA, not revoked, whose common name is the id the client speaks for. Time is injected (``now``).

>>> from datetime import UTC, datetime
>>> now = datetime(2030, 1, 1, tzinfo=UTC)
>>> ca_key, ca = make_ca("T-01", now)
>>> key, cert = issue(ca_key, ca, "seat-3", now)
>>> common_name(cert), is_from(cert, ca)
('seat-3', True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from terminal.certs import (
    LEAF_YEARS,
    CertFolder,
    new_ca,
    new_leaf,
    subject,
    write_cert,
    write_file,
    write_key,
)

CONTROLLER = "controller"
_CLIENT = re.compile(r"seat-(?:[1-9]|1[0-6])|display|service|sas")  # seats 1 to 16 (seam.MOST_SEATS)


class PkiError(ValueError):
    """A PKI file that is missing, unreadable, not signed by the table CA, or an id that cannot have one."""


@dataclass(frozen=True, slots=True)
class PkiFolder(CertFolder):
    """Where each file of the PKI lives (the CA's and each certificate and key as
    :class:`~terminal.certs.CertFolder` places them, and the revocation list)."""

    @property
    def crl(self) -> Path:
        return self.folder / "revoked.crl"


def check_client(name: str) -> str:
    """A client id that may hold a certificate: ``seat-1``..``seat-8``, ``display``, ``service``, ``sas``."""
    if _CLIENT.fullmatch(name) is None:
        raise PkiError(f"{name!r} is not a client id (seat-1 to seat-8, display, service or sas)")
    return name


# --- making certificates ---------------------------------------------------------------------------------
def make_ca(table_id: str, now: datetime) -> tuple[ec.EllipticCurvePrivateKey, x509.Certificate]:
    """A new table CA: self-signed, may sign certificates and revocation lists, no intermediate CAs."""
    return new_ca(subject(f"{table_id} table CA", f"table {table_id}"), now)


def issue(
    ca_key: ec.EllipticCurvePrivateKey, ca: x509.Certificate, name: str, now: datetime
) -> tuple[ec.EllipticCurvePrivateKey, x509.Certificate]:
    """A new key and certificate for ``name``: the controller (server) or a client id."""
    server = name == CONTROLLER
    if not server:
        check_client(name)
    table = ca.subject.get_attributes_for_oid(NameOID.ORGANIZATION_NAME)[0].value
    purpose = ExtendedKeyUsageOID.SERVER_AUTH if server else ExtendedKeyUsageOID.CLIENT_AUTH
    return new_leaf(ca_key, ca, subject(name, str(table)), [purpose], [x509.DNSName(name)], now)


def make_crl(
    ca_key: ec.EllipticCurvePrivateKey,
    ca: x509.Certificate,
    revoked: Sequence[tuple[int, datetime]],
    number: int,
    now: datetime,
) -> x509.CertificateRevocationList:
    """The revocation list: every ``(serial, revoked at)``, numbered ``number``, signed by the CA.

    Its next-update date is far ahead on purpose: the controller reads revocations from it whatever the
    date, and a table must not stop because nobody re-signed an unchanged list.
    """
    builder = (
        x509.CertificateRevocationListBuilder()
        .issuer_name(ca.subject)
        .last_update(now)
        .next_update(now + timedelta(days=365 * LEAF_YEARS))
        .add_extension(x509.CRLNumber(number), critical=False)
    )
    for serial, when in revoked:
        entry = x509.RevokedCertificateBuilder().serial_number(serial).revocation_date(when).build()
        builder = builder.add_revoked_certificate(entry)
    return builder.sign(ca_key, hashes.SHA256())


# --- reading and checking --------------------------------------------------------------------------------
def common_name(cert: x509.Certificate) -> str:
    """The certificate's common name (the client id it speaks for)."""
    names = cert.subject.get_attributes_for_oid(NameOID.COMMON_NAME)
    return str(names[0].value) if names else ""


def is_from(cert: x509.Certificate, ca: x509.Certificate) -> bool:
    """Whether ``ca`` signed ``cert``."""
    try:
        cert.verify_directly_issued_by(ca)
    except (ValueError, TypeError, InvalidSignature):
        return False
    return True


def load_cert(path: Path) -> x509.Certificate:
    """A PEM certificate; :class:`PkiError` naming the file if it is missing or not one."""
    try:
        return x509.load_pem_x509_certificate(path.read_bytes())
    except OSError as failed:
        raise PkiError(f"{path}: cannot read the certificate: {failed.strerror or failed}") from None
    except ValueError as bad:
        raise PkiError(f"{path}: not a PEM certificate: {bad}") from None


def load_key(path: Path) -> ec.EllipticCurvePrivateKey:
    """A PEM private key (ECDSA), refused if group or others may read it."""
    try:
        if path.stat().st_mode & 0o077:
            raise PkiError(f"{path}: private key has mode {path.stat().st_mode & 0o777:o}; it must be 600")
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    except OSError as failed:
        raise PkiError(f"{path}: cannot read the private key: {failed.strerror or failed}") from None
    except ValueError as bad:
        raise PkiError(f"{path}: not a PEM private key: {bad}") from None
    if not isinstance(key, ec.EllipticCurvePrivateKey):
        raise PkiError(f"{path}: not an ECDSA key")
    return key


def load_crl(pki: PkiFolder, ca: x509.Certificate) -> x509.CertificateRevocationList:
    """The revocation list, checked to be signed by the table CA (a forged or foreign list is refused)."""
    try:
        crl = x509.load_pem_x509_crl(pki.crl.read_bytes())
    except OSError as failed:
        raise PkiError(f"{pki.crl}: cannot read the revocation list: {failed.strerror or failed}") from None
    except ValueError as bad:
        raise PkiError(f"{pki.crl}: not a PEM revocation list: {bad}") from None
    if crl.issuer != ca.subject or not crl.is_signature_valid(ca.public_key()):  # type: ignore[arg-type]
        raise PkiError(f"{pki.crl}: the revocation list is not signed by this table's CA")
    return crl


def crl_number(crl: x509.CertificateRevocationList) -> int:
    """The list's CRL number (0 if it has none)."""
    try:
        return int(crl.extensions.get_extension_for_class(x509.CRLNumber).value.crl_number)
    except x509.ExtensionNotFound:
        return 0


def ca_id(ca: x509.Certificate) -> str:
    """A table CA's identity in the ledger: its serial number in hex (a new CA starts its lists at 1)."""
    return f"{ca.serial_number:x}"


def older_than(pki: PkiFolder, number: int, floor: int) -> PkiError | None:
    """The refusal of list ``number`` where ``floor`` was already enforced (``None``: it is not older)."""
    if number >= floor:
        return None
    return PkiError(
        f"{pki.crl}: revocation list number {number} is older than number {floor}, which this table "
        f"already enforced: a rolled-back copy (restore the newest list)"
    )


def list_state(pki: PkiFolder, enforced: Mapping[str, int]) -> tuple[str, int]:
    """The CA id and number of the revocation list on disk, checked against ``enforced`` (per CA id, the
    highest number already enforced): an older list raises :class:`PkiError`."""
    ca = load_cert(pki.ca_cert)
    number = crl_number(load_crl(pki, ca))
    refused = older_than(pki, number, enforced.get(ca_id(ca), 0))
    if refused is not None:
        raise refused
    return ca_id(ca), number


def revoked_serials(crl: x509.CertificateRevocationList) -> frozenset[int]:
    """Every serial number the list revokes."""
    return frozenset(entry.serial_number for entry in crl)


# --- files -----------------------------------------------------------------------------------------------
def write_crl(path: Path, crl: x509.CertificateRevocationList) -> None:
    """The revocation list, PEM."""
    write_file(path, crl.public_bytes(serialization.Encoding.PEM), 0o644)


# --- what `terminal keys` and the controller's first start do -------------------------------------------
def create(pki: PkiFolder, table_id: str, clients: Iterable[str], now: datetime) -> list[str]:
    """A new CA, an empty revocation list and a certificate for the controller and every client.

    Refuses to replace an existing CA (every certificate it signed would stop working)."""
    if pki.ca_cert.exists():
        raise PkiError(f"{pki.ca_cert} exists: a table CA is already made (terminal keys init --force)")
    ca_key, ca = make_ca(table_id, now)
    write_key(pki.ca_key, ca_key)
    write_cert(pki.ca_cert, ca)
    write_crl(pki.crl, make_crl(ca_key, ca, (), 1, now))
    names = [CONTROLLER, *clients]
    for name in names:
        _issue_files(pki, ca_key, ca, name, now)
    return names


def provision(pki: PkiFolder, table_id: str, clients: Iterable[str], now: datetime) -> list[str]:
    """What a controller's start needs: the whole PKI on first use, else certificates for clients that
    have none yet (more seats configured). Returns the names of certificates made."""
    if not pki.ca_cert.exists():
        return create(pki, table_id, clients, now)
    ca = load_cert(pki.ca_cert)
    if not pki.crl.exists():  # never silently start a new, empty list: that would lift every revocation
        raise PkiError(f"{pki.crl} is missing beside the table CA: restore it (revocations live there)")
    missing = [name for name in (CONTROLLER, *clients) if not pki.cert(name).exists()]
    if missing:
        ca_key = load_key(pki.ca_key)
        for name in missing:
            _issue_files(pki, ca_key, ca, name, now)
    return missing


def _issue_files(
    pki: PkiFolder, ca_key: ec.EllipticCurvePrivateKey, ca: x509.Certificate, name: str, now: datetime
) -> x509.Certificate:
    key, cert = issue(ca_key, ca, name, now)
    write_key(pki.key(name), key)
    write_cert(pki.cert(name), cert)
    return cert


def reissue(pki: PkiFolder, name: str, now: datetime) -> x509.Certificate:
    """A new key and certificate for ``name`` (after a revocation, or a lost or expiring certificate)."""
    ca = load_cert(pki.ca_cert)
    return _issue_files(pki, load_key(pki.ca_key), ca, name, now)


def revoke(pki: PkiFolder, name: str, now: datetime) -> tuple[int, int]:
    """Add the current certificate of ``name`` to the revocation list; returns (serial, new CRL number)."""
    ca = load_cert(pki.ca_cert)
    cert = load_cert(pki.cert(name))
    if not is_from(cert, ca):
        raise PkiError(f"{pki.cert(name)} is not signed by this table's CA")
    crl = load_crl(pki, ca)
    entries = [(entry.serial_number, entry.revocation_date_utc) for entry in crl]
    if cert.serial_number in {serial for serial, _ in entries}:
        raise PkiError(f"the certificate of {name} (serial {cert.serial_number:x}) is already revoked")
    number = crl_number(crl) + 1
    updated = make_crl(load_key(pki.ca_key), ca, [*entries, (cert.serial_number, now)], number, now)
    write_crl(pki.crl, updated)
    return cert.serial_number, number
