"""The links a table's configuration asks for: TLS 1.3 from ``[links] pki_dir``, or plain TCP on loopback.

Every process calls one of two functions: the controller :func:`server_tls` (which makes the table's PKI
on first use, as ``terminal keys init`` would, and certificates for seats added since), each client
:func:`client_tls` with its own id. Both return ``None`` when ``[links] tls = off``, which the
configuration allows only for a loopback host; the controller then says so in :func:`plain_warning`.
"""

from __future__ import annotations

import ssl
import time
from collections.abc import Callable, Mapping
from datetime import datetime

from terminal.config import Config
from terminal.net.keys import client_ids
from terminal.net.pki import PkiError, PkiFolder, ca_id, load_cert, provision
from terminal.net.tls import ServerTls, client_context


def pki_of(c: Config) -> PkiFolder:
    """The table's PKI folder."""
    return PkiFolder(c.links.pki_dir)


def server_tls(c: Config, now: datetime, say: Callable[[str], None] = print,
               enforced: Mapping[str, int] | None = None) -> ServerTls | None:  # fmt: skip
    """The controller's TLS (its PKI made or completed first), or ``None`` on a plain loopback table.

    ``enforced``: per CA id, the highest revocation list number the table's ledger logged; a lower list
    is refused (:class:`PkiError`) as a rolled-back copy.
    """
    if c.links.tls == "off":
        return None
    made = provision(pki_of(c), c.table.table_id, client_ids(c.table.seats), now)
    if made:
        say(f"certificates   made for {', '.join(made)} in {c.links.pki_dir} (table CA: ca.crt)")
    floor = (enforced or {}).get(ca_id(load_cert(pki_of(c).ca_cert)), 0)
    return ServerTls(pki_of(c), floor)


def client_tls(c: Config, client: str, wait_s: float = 0.0) -> ssl.SSLContext | None:
    """``client``'s TLS context, or ``None`` on a plain table.

    ``wait_s``: how long to wait for the files (a display started beside a controller that is making
    them on its first start); then :class:`PkiError` names the missing file.
    """
    if c.links.tls == "off":
        return None
    deadline = time.monotonic() + wait_s
    while True:
        try:
            return client_context(pki_of(c), client)
        except PkiError:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.2)


def local_host(host: str) -> str:
    """Where a client on this machine reaches a controller listening on ``host`` (any address: loopback)."""
    return "127.0.0.1" if host in ("", "0.0.0.0", "::") else host


def plain_warning(c: Config) -> str | None:
    """What the controller prints at start-up when its links are plain TCP."""
    if c.links.tls == "on":
        return None
    return (
        f"WARNING        links are plain TCP ([links] tls = off): PINs and wagers travel unencrypted; "
        f"allowed only because {c.table.host} is loopback (every seat, display and service screen on "
        f"this machine)"
    )
