"""The floor's credentials: an NKey and a TLS certificate for every table and for the floor service, and
the NATS server configuration that admits only them, each to its own subjects.

The floor's keys folder (``[floor] keys_dir``, on the floor service's computer) holds::

    ca.crt  ca.key          the floor CA: it signs the server's certificate and every client's
    server.crt/.key         the NATS server's certificate (the names and addresses clients dial)
    floor.nk/.crt/.key      the floor service (and the cage, accept-table, the report, the web page)
    T-01.nk/.crt/.key ...   one set per table: its NKey seed, its TLS client certificate and key
    nats-server.conf        the server's TLS and authorization, written from the files above

Seeds and private keys are written with mode 0600 and a seed that others may read is refused. Keys,
certificates and files are made as the table's own PKI makes them (:mod:`terminal.certs`); the floor reads
its files itself, on purpose: its refusals name the floor's keys and ``terminal floor keys``. What a
table may do on the server (:func:`table_permissions`): publish its own records (``floor.<table>.>``, but
not ``floor.<table>.command``: orders are the floor's) and alive messages (``floorstatus.<table>``); ask
the floor service (``floorwitness.<table>``, ``floorvoucher.<table>``); read its own subjects (the last
message, or a consumer filtered to them: the resync, the witness, orders); read one voucher by the number
a player brought and write vouchers (issue and claim, by compare-and-set); read one table's registered key
by name (``TABLES``); nothing else: no other table's subjects, no listing of the bucket (a voucher's
number is what it is worth), no history, no purge or delete through the JetStream API, no registrations,
no one else's replies. The floor (its service and commands) may use the whole JetStream API, read
everything, write ``TABLES``, and answer the tables' questions once each (:func:`floor_permissions`).

>>> table_permissions("T-01", "_INBOX.UABC")["subscribe"]
{'allow': ['_INBOX.UABC.>']}
>>> check_identity("T 01")
Traceback (most recent call last):
...
terminal.floor.errors.CredentialsError: 'T 01' is not a table id (letters, digits, dashes; at most 16)
"""

from __future__ import annotations

import ipaddress
import json
import re
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import nkeys  # type: ignore[import-untyped]
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID

from terminal.certs import CertFolder, new_ca, new_leaf, subject, write_cert, write_file, write_key
from terminal.floor import names
from terminal.floor.errors import CredentialsError

FLOOR = "floor"  # the floor service's identity
SERVER = "server"
CLUSTER = "floor"  # the cluster's name
SEED_SIZE = 32
_TABLE = re.compile(r"[A-Za-z0-9-]{1,16}")  # as ``[table] table_id`` allows
KV_STREAM = f"KV_{names.BUCKET}"
KV_SUBJECTS = f"$KV.{names.BUCKET}"
TABLES_STREAM, TABLES_SUBJECTS = "KV_TABLES", "$KV.TABLES"  # the accepted tables' keys (floor.registry)


def check_identity(name: str) -> str:
    """``floor`` or a table id; :class:`CredentialsError` otherwise."""
    if name in (SERVER, "ca", names.CAGE) or not _TABLE.fullmatch(name):  # the cage writes as the floor
        raise CredentialsError(f"{name!r} is not a table id (letters, digits, dashes; at most 16)")
    return name


def inbox_prefix(public_key: str) -> str:
    """The subject prefix of one client's replies: nobody else may subscribe under it."""
    return f"_INBOX.{public_key}"


def table_permissions(table: str, inbox: str) -> dict[str, Any]:
    """What table ``table`` may publish and subscribe to (see the module docstring)."""
    api = "$JS.API"
    return {
        "publish": {
            "allow": [
                names.table_subjects(table),
                names.status_subject(table),
                names.witness_subject(table),  # ask the floor service its last word on this table
                names.voucher_check_subject(table),  # ask the floor service whether a voucher was issued
                f"{api}.STREAM.INFO.{names.STREAM}",  # the stream exists (its subjects' names: no numbers)
                f"{api}.DIRECT.GET.{names.STREAM}.{names.table_subjects(table)}",  # last of its own
                f"{api}.CONSUMER.CREATE.{names.STREAM}.*.{names.table_subjects(table)}",  # its own, filtered
                f"{api}.CONSUMER.MSG.NEXT.{names.STREAM}.*",
                f"{api}.CONSUMER.DELETE.{names.STREAM}.*",
                f"$JS.ACK.{names.STREAM}.>",
                f"{api}.DIRECT.GET.{KV_STREAM}.{KV_SUBJECTS}.*",  # one voucher, by its number
                f"{KV_SUBJECTS}.*",  # issue and claim (compare-and-set)
                f"{api}.DIRECT.GET.{TABLES_STREAM}.{TABLES_SUBJECTS}.*",  # one table's registered key
            ],
            # Orders are the floor's: a table may not put one on its own command subject either.
            "deny": [names.command_subject(table)],
        },
        "subscribe": {"allow": [f"{inbox}.>"]},
    }


def floor_permissions(inbox: str) -> dict[str, Any]:
    """The floor service (and the floor's commands): the JetStream API, the buckets, every record and
    alive message; the tables' questions (witness, voucher), answered on the reply subject each names."""
    return {
        "publish": {
            "allow": ["$JS.API.>", "$JS.ACK.>", f"{KV_SUBJECTS}.>", f"{TABLES_SUBJECTS}.>",
                      names.STREAM_SUBJECTS]
        },
        "subscribe": {
            "allow": [f"{inbox}.>", f"{names.STATUS_PREFIX}.>", f"{names.WITNESS_PREFIX}.*",
                      f"{names.VOUCHER_CHECK_PREFIX}.*"]
        },
        "allow_responses": {"max": 1},  # one answer to each question, on the asker's own inbox
    }


@dataclass(frozen=True, slots=True)
class FloorKeys(CertFolder):
    """Where each file of the floor's credentials lives (the CA's and each identity's certificate and key
    as :class:`~terminal.certs.CertFolder` places them)."""

    @property
    def conf(self) -> Path:
        return self.folder / "nats-server.conf"

    @property
    def cluster_secret(self) -> Path:
        return self.folder / "cluster.secret"

    def seed(self, name: str) -> Path:
        return self.folder / f"{name}.nk"

    def identities(self) -> list[str]:
        """Every identity with a seed here: the floor service first, then the tables in order."""
        found = sorted(path.stem for path in self.folder.glob("*.nk"))
        return [FLOOR] * (FLOOR in found) + [name for name in found if name != FLOOR]


# --- NKeys -----------------------------------------------------------------------------------------------
def new_seed(entropy_source: Callable[[int], bytes]) -> bytes:
    """A new NKey user seed (``SU...``) from ``entropy_source``."""
    raw = entropy_source(SEED_SIZE)
    if len(raw) != SEED_SIZE:
        raise CredentialsError(f"entropy source gave {len(raw)} bytes, expected {SEED_SIZE}")
    return bytes(nkeys.encode_seed(raw, nkeys.PREFIX_BYTE_USER))


def read_seed(path: Path) -> bytes:
    """An NKey seed file, refused if group or others may read it or if it is not a user seed."""
    try:
        mode = path.stat().st_mode
        seed = path.read_bytes().strip()
    except OSError as failed:
        raise CredentialsError(f"{path}: cannot read the NKey seed: {failed.strerror or failed}") from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise CredentialsError(f"{path}: NKey seed has mode {stat.S_IMODE(mode):o}; it must be 600")
    if not seed.startswith(b"SU"):
        raise CredentialsError(f"{path}: not an NKey user seed (it starts with SU)")
    return seed


def public_key(seed: bytes) -> str:
    """The public key (``U...``) of a user seed."""
    try:
        pair = nkeys.from_seed(bytearray(seed))
    except Exception as bad:  # the package raises its own errors, or binascii's, for a damaged seed
        raise CredentialsError(f"not a valid NKey seed: {type(bad).__name__}") from None
    try:
        return bytes(pair.public_key).decode()
    finally:
        pair.wipe()


def write_seed(path: Path, seed: bytes) -> None:
    """A seed file, mode 0600 (the NATS client reads the whole file as the seed)."""
    write_file(path, seed + b"\n", 0o600)


def _load_ca(keys: FloorKeys) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    try:
        if keys.ca_key.stat().st_mode & 0o077:
            raise CredentialsError(f"{keys.ca_key}: the floor CA's key is readable by others; it must be 600")
        ca = x509.load_pem_x509_certificate(keys.ca_cert.read_bytes())
        key = serialization.load_pem_private_key(keys.ca_key.read_bytes(), password=None)
    except OSError as failed:
        raise CredentialsError(
            f"{failed.filename}: {failed.strerror} (make the floor's keys first: terminal floor keys init)"
        ) from None
    except ValueError as bad:
        raise CredentialsError(f"{keys.folder}: the floor CA does not load: {bad}") from None
    if not isinstance(key, ec.EllipticCurvePrivateKey):
        raise CredentialsError(f"{keys.ca_key}: not an ECDSA key")
    return ca, key


# --- certificates ----------------------------------------------------------------------------------------
def _alt_name(host: str) -> x509.GeneralName:
    try:
        return x509.IPAddress(ipaddress.ip_address(host))
    except ValueError:
        return x509.DNSName(host)


def _issue(ca_key: ec.EllipticCurvePrivateKey, ca: x509.Certificate, name: str, now: datetime,
           hosts: Iterable[str] = ()) -> tuple[ec.EllipticCurvePrivateKey, x509.Certificate]:  # fmt: skip
    """A key and certificate: the server's (for ``hosts``) or a client's (common name = its identity)."""
    server = name == SERVER
    # The server's certificate also dials: a node presents it to the other nodes of a cluster (routes).
    purposes = (
        [ExtendedKeyUsageOID.SERVER_AUTH, ExtendedKeyUsageOID.CLIENT_AUTH]
        if server
        else [ExtendedKeyUsageOID.CLIENT_AUTH]
    )
    alt = [_alt_name(h) for h in hosts] if server else [x509.DNSName(name.lower())]
    return new_leaf(ca_key, ca, subject(name, "casino floor"), purposes, alt, now)


# --- what `terminal floor keys` does ---------------------------------------------------------------------
def init(
    keys: FloorKeys, hosts: Iterable[str], now: datetime, entropy_source: Callable[[int], bytes]
) -> None:
    """A new floor CA, the server's certificate for ``hosts`` and the floor service's credentials.

    Refuses to replace an existing CA (every table's certificate would stop working)."""
    hosts = list(dict.fromkeys(hosts))
    if not hosts:
        raise CredentialsError("name at least one --host the tables dial the server by")
    if keys.ca_cert.exists():
        raise CredentialsError(f"{keys.ca_cert} exists: the floor's keys are already made")
    ca_key, ca = new_ca(subject("floor CA", "casino floor"), now)
    write_key(keys.ca_key, ca_key)
    write_cert(keys.ca_cert, ca)
    key, cert = _issue(ca_key, ca, SERVER, now, hosts)
    write_key(keys.key(SERVER), key)
    write_cert(keys.cert(SERVER), cert)
    write_file(keys.cluster_secret, entropy_source(SEED_SIZE).hex().encode() + b"\n", 0o600)
    add(keys, FLOOR, now, entropy_source)


def add(keys: FloorKeys, name: str, now: datetime, entropy_source: Callable[[int], bytes]) -> str:
    """A new NKey and TLS certificate for ``name`` (a table, or the floor service); its public key.

    An identity that has a seed already keeps it (a table's key changes only by ``remove`` then ``add``)."""
    name = check_identity(name)
    ca, ca_key = _load_ca(keys)
    if keys.seed(name).exists():
        raise CredentialsError(f"{name} has credentials already ({keys.seed(name)})")
    key, cert = _issue(ca_key, ca, name, now)
    write_key(keys.key(name), key)
    write_cert(keys.cert(name), cert)
    seed = new_seed(entropy_source)
    write_seed(keys.seed(name), seed)
    return public_key(seed)


def remove(keys: FloorKeys, name: str) -> None:
    """Forget ``name``'s credentials (the server refuses its key once its configuration is written again)."""
    name = check_identity(name)
    if not keys.seed(name).exists():
        raise CredentialsError(f"{name} has no credentials in {keys.folder}")
    for path in (keys.seed(name), keys.cert(name), keys.key(name)):
        path.unlink(missing_ok=True)


def _quoted(value: str) -> str:
    return json.dumps(value)


@dataclass(frozen=True, slots=True)
class ClusterNode:
    """One node of a cluster: its name, where its cluster port listens, the other nodes' cluster ports."""

    name: str
    listen: str
    routes: tuple[str, ...]


def _cluster(keys: FloorKeys, node: ClusterNode) -> list[str]:
    """The ``cluster`` block: routes only between holders of the floor CA's server certificate who know
    the cluster's secret (a table's certificate is of the same CA: TLS alone would admit it as a route,
    and a route is trusted with every message)."""
    try:
        if keys.cluster_secret.stat().st_mode & 0o077:
            raise CredentialsError(f"{keys.cluster_secret}: readable by others; it must be 600")
        secret = keys.cluster_secret.read_text(encoding="ascii").strip()
    except OSError as failed:
        where = keys.cluster_secret
        raise CredentialsError(f"{where}: {failed.strerror} (terminal floor keys init makes it)") from None
    routes = ", ".join(_quoted(f"nats://route:{secret}@{route}") for route in node.routes)
    return [
        f"server_name: {_quoted(node.name)}",
        "cluster {",
        f"  name: {_quoted(CLUSTER)}",
        f"  listen: {_quoted(node.listen)}",
        f"  routes: [{routes}]",
        f"  authorization {{\n    user: route\n    password: {_quoted(secret)}\n  }}",
        "  tls {",
        *_tls_lines(keys, "    "),
        "  }",
        "}",
    ]


def _tls_lines(keys: FloorKeys, indent: str) -> list[str]:
    return [
        f"{indent}cert_file: {_quoted(str(keys.cert(SERVER).resolve()))}",
        f"{indent}key_file: {_quoted(str(keys.key(SERVER).resolve()))}",
        f"{indent}ca_file: {_quoted(str(keys.ca_cert.resolve()))}",
        f"{indent}verify: true",
        f"{indent}timeout: 5",
    ]


def server_conf(keys: FloorKeys, *, listen: str | None = None, store: Path | None = None,
                node: ClusterNode | None = None) -> str:  # fmt: skip
    """The NATS server's configuration: TLS required with a client certificate of the floor CA, and one
    NKey user per identity with its permissions. ``listen`` and ``store`` (JetStream's folder) are
    written when given (the tests' servers pass them on the command line); ``node`` makes it one node of
    a cluster, its routes authenticated (:func:`_cluster`)."""
    for path in (keys.ca_cert, keys.cert(SERVER), keys.key(SERVER)):
        if not path.exists():
            raise CredentialsError(f"{path} is missing: make the floor's keys (terminal floor keys init)")
    users = []
    for name in keys.identities():
        public = public_key(read_seed(keys.seed(name)))
        inbox = inbox_prefix(public)
        permissions = floor_permissions(inbox) if name == FLOOR else table_permissions(name, inbox)
        users.append(f"    # {name}\n    {{nkey: {_quoted(public)}, permissions: {json.dumps(permissions)}}}")
    lines = [
        "# The floor's NATS server: written by `terminal floor keys server-config`; write it again after",
        "# `terminal floor keys add` or `remove`, then reload the server (nats-server --signal reload).",
    ]
    if listen:
        lines.append(f"listen: {_quoted(listen)}")
    if store is not None:
        lines.append(f"jetstream {{\n  store_dir: {_quoted(str(store.resolve()))}\n}}")
    if node is not None:
        lines += _cluster(keys, node)
    lines += [
        "tls {",
        *_tls_lines(keys, "  "),
        "}",
        "authorization {",
        "  users = [",
        ",\n".join(users),
        "  ]",
        "}",
    ]
    return "\n".join(lines) + "\n"


def write_conf(keys: FloorKeys, text: str, path: Path | None = None) -> Path:
    """The server's configuration, mode 0600 (it names where the server's private key is)."""
    target = path or keys.conf
    write_file(target, text.encode(), 0o600)
    return target
