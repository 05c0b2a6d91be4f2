"""TLS 1.3 with mutual authentication on every link, from the table's PKI (:mod:`terminal.net.pki`).

* The controller presents ``controller.crt`` and requires a client certificate from the table CA
  (:func:`server_context`); a client presents its own and accepts only a controller certificate from the
  same CA, checked against the name ``controller`` (:func:`client_context`), so a seat's certificate
  cannot pose as the controller.
* Revocation is checked by the controller itself (:class:`ServerTls`), not by OpenSSL's CRL machinery:
  the list is re-read whenever its file changes, applies to new connections and drops live ones at once,
  and an out-of-date list never stops the table. A list that is missing or not signed by the CA is
  refused (fail closed), and so is one whose signed CRL number is below ``floor``, the highest this
  table already enforced (kept in its ledger): a copy restored from before a revocation.
* The certificate's common name must be the client id the protocol's ``Hello`` speaks for.

The protocol's own MACs and sequence numbers stay inside TLS, unchanged.
"""

from __future__ import annotations

import asyncio
import ssl
from dataclasses import dataclass, field

from cryptography import x509

from terminal.net.errors import AuthError
from terminal.net.pki import (
    CONTROLLER,
    PkiError,
    PkiFolder,
    ca_id,
    common_name,
    crl_number,
    load_cert,
    load_crl,
    older_than,
)
from terminal.net.pki import revoked_serials as serials_of


class CertificateRefused(AuthError):
    """A client certificate the controller will not accept: revoked, or not a client of this table."""

    code = "certificate"


@dataclass(frozen=True, slots=True)
class Peer:
    """Who is at the other end of a TLS link: the client id its certificate names, and its serial."""

    name: str
    serial: int


def _base(protocol: ssl._SSLMethod) -> ssl.SSLContext:
    # Not create_default_context: it would trust the system's public CAs too. Only the table CA counts.
    context = ssl.SSLContext(protocol)
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    return context


def server_context(pki: PkiFolder) -> ssl.SSLContext:
    """The controller's context: its certificate, and client certificates required from the table CA."""
    for path in (pki.ca_cert, pki.cert(CONTROLLER), pki.key(CONTROLLER)):
        if not path.exists():
            raise PkiError(f"{path} is missing: make the table's keys with `terminal keys init`")
    context = _base(ssl.PROTOCOL_TLS_SERVER)
    context.verify_mode = ssl.CERT_REQUIRED
    context.load_verify_locations(cafile=str(pki.ca_cert))
    context.load_cert_chain(str(pki.cert(CONTROLLER)), str(pki.key(CONTROLLER)))
    return context


def client_context(pki: PkiFolder, client: str) -> ssl.SSLContext:
    """A client's context: its own certificate, and only the table CA's ``controller`` trusted."""
    for path in (pki.ca_cert, pki.cert(client), pki.key(client)):
        if not path.exists():
            raise PkiError(f"{path} is missing: copy it from the controller (`terminal keys export`)")
    context = _base(ssl.PROTOCOL_TLS_CLIENT)
    context.verify_mode = ssl.CERT_REQUIRED
    context.check_hostname = True  # against CONTROLLER: see TableClient's server_hostname
    context.load_verify_locations(cafile=str(pki.ca_cert))
    try:
        context.load_cert_chain(str(pki.cert(client)), str(pki.key(client)))
    except ssl.SSLError as bad:
        raise PkiError(f"{pki.cert(client)}: the certificate and key do not load: {bad}") from None
    return context


@dataclass
class ServerTls:
    """The controller's side: the TLS context, plus the revocation list and the name check."""

    pki: PkiFolder
    floor: int = 0  # the highest list number of this CA already enforced (the ledger's); lower is refused
    context: ssl.SSLContext = field(init=False)
    _ca: x509.Certificate = field(init=False)
    _revoked: frozenset[int] = field(init=False, default=frozenset())
    _stamp: tuple[int, int] | None = field(init=False, default=None)
    number: int = field(init=False, default=0)  # the CRL number of the list in force

    def __post_init__(self) -> None:
        self.context = server_context(self.pki)
        self._ca = load_cert(self.pki.ca_cert)
        self.revoked()  # a missing or forged list stops the start here

    def revoked(self) -> frozenset[int]:
        """The revoked serials, re-read when the list's file changed; a bad list raises :class:`PkiError`."""
        try:
            status = self.pki.crl.stat()
        except OSError as failed:
            raise PkiError(f"{self.pki.crl}: the revocation list is gone: {failed.strerror}") from None
        stamp = (status.st_mtime_ns, status.st_size)
        if stamp != self._stamp:
            crl = load_crl(self.pki, self._ca)
            number = crl_number(crl)
            refused = older_than(self.pki, number, self.floor)
            if refused is not None:
                raise refused
            self._revoked, self.number, self._stamp = serials_of(crl), number, stamp
            self.floor = number
        return self._revoked

    @property
    def ca_id(self) -> str:
        """The table CA's serial number in hex: list numbers are compared only within one CA."""
        return ca_id(self._ca)

    def admit(self, ssl_object: ssl.SSLObject | None) -> Peer:
        """The peer of a completed handshake, if this table accepts it; else :class:`CertificateRefused`."""
        der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
        if not der:
            raise CertificateRefused("no client certificate")
        cert = x509.load_der_x509_certificate(der)
        peer = Peer(common_name(cert), cert.serial_number)
        try:
            revoked = self.revoked()
        except PkiError as bad:  # the list went missing or was replaced by a forgery: admit nobody
            raise CertificateRefused(f"revocation list unusable, no client admitted: {bad}") from None
        if peer.serial in revoked:
            raise CertificateRefused(f"the certificate of {peer.name} (serial {peer.serial:x}) is revoked")
        return peer


_TLS_REASONS = {  # OpenSSL's reason codes, as a technician reads them
    "WRONG_VERSION_NUMBER": "not TLS (a plain-TCP client?)",
    "HTTP_REQUEST": "not TLS (an HTTP request)",
    "CERTIFICATE_VERIFY_FAILED": "its certificate is not from this table's CA",
    "PEER_DID_NOT_RETURN_A_CERTIFICATE": "the client sent no certificate",
    "UNSUPPORTED_PROTOCOL": "the client offered no TLS 1.3",
}


def tls_reason(exc: ssl.SSLError) -> str:
    """Why a TLS handshake failed, in words, with OpenSSL's own reason code."""
    reason = str(exc.reason or exc)
    return f"{_TLS_REASONS[reason]} ({reason})" if reason in _TLS_REASONS else reason


class UntilTls(asyncio.StreamReaderProtocol):
    """A stream protocol that reads nothing until ``start_tls``: a ClientHello read into the plain stream's
    buffer would never reach the TLS layer (asyncio's ``start_server(ssl=...)`` would handshake by itself,
    but drops the reason of every refused handshake where nobody can log it)."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        if isinstance(transport, asyncio.ReadTransport):
            transport.pause_reading()  # start_tls resumes it under the TLS protocol
        super().connection_made(transport)
