"""The install act: an administrator and a technician accept the program installed now, in the ledger.

``terminal verify accept-install --admin ID --second ID`` runs only when the program verifies against the
signed manifest with the trusted key (``[lab] trusted_key``), whatever ``[lab] verify_at_boot`` says; it
takes the ledger folder's lock (never beside a running table) and both PINs under the service lockout, then

1. adds a line to the install log (``[lab] install_log``) saying who accepted which manifest;
2. logs ``SOFTWARE_INSTALL`` in the ledger: both user ids and roles, the manifest's SHA-256, the key's
   fingerprint, the signed version, what the ledger trusted before, and the install log's length and last
   line (so a log cut short later is found: :func:`terminal.table.ratchet.log_cut`);
3. clears the ``software`` tilt (and a ``software_verify`` one) with ``TILT_CLEARED`` events naming both.

From then on the ledger trusts that key and manifest (:mod:`terminal.table.ratchet`).

``terminal ledger new --admin ID --second ID`` is the other install act: a new ledger on a table that had
one (:mod:`terminal.table.births`). The new ledger cannot hold PIN counts before it exists, so they are
counted as ``terminal ledger adopt`` counts them (sealed beside the mark, :mod:`terminal.ledger.adopt_pins`)
and chained into it first; then the install log gets the ledger's line and the ledger its
``LEDGER_INSTALL`` event: both user ids and roles, the earlier ledgers the log names, the configuration's
SHA-256 (the baseline both accept) and the install log's length and last line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from terminal.config import Config
from terminal.desk.auth import LoginError
from terminal.desk.pin_guard import Now, adopt_auth, check_two, two_person_act
from terminal.desk.users import User, UserStore
from terminal.ledger import Actor, EventCode, Ledger, adopt_pins, highwater, keyfile
from terminal.ledger.lock import FolderLock
from terminal.software import installs
from terminal.software.boot import BootCheck
from terminal.table import births, config_record, ratchet
from terminal.table.identity import software_version
from terminal.table.tilts import TiltKind

CLEARS = (TiltKind.SOFTWARE, TiltKind.SOFTWARE_VERIFY)


class InstallRefused(ValueError):
    """The install act cannot be done: the program does not verify."""


@dataclass(frozen=True, slots=True)
class Accepted:
    """What the act recorded: the manifest, the key, both people and the tilts it cleared."""

    manifest_sha256: str
    fingerprint: str
    admin: str
    second: str
    cleared: tuple[str, ...]


def _system_now() -> datetime:
    return datetime.now(UTC)


def accept(c: Config, store: UserStore, check: BootCheck, admin_id: str, second_id: str,
           read: Callable[[str], str], now: Now = _system_now) -> Accepted:  # fmt: skip
    """Record the install act for the program ``check`` verified (see the module docstring)."""
    if check.status != "pass":
        raise InstallRefused(f"the program does not verify, nothing to accept: {check.detail}")
    sha = ratchet.manifest_sha256(c.lab.manifest_path)
    with two_person_act(c, store, admin_id, second_id, read, now) as (admin, second, ledger):
        before = ratchet.trusted(ledger)
        cut = ratchet.log_cut(ledger, c.lab.install_log)  # acknowledged by this act, and kept in its record
        who = f"{admin.user_id} ({admin.role_name}) and {second.user_id} ({second.role_name})"
        stamp = now().isoformat(timespec="seconds").replace("+00:00", "Z")
        version = software_version(c)
        installs.append(
            c.lab.install_log, installs.Install(stamp, version, sha, f"accepted by {who}", who, check.files)
        )
        detail = {
            "second_user": second.user_id, "second_role": second.role_name, "manifest_sha256": sha,
            "fingerprint": check.key, "version": version, "files": check.files,
            "previous": None if before is None else {
                "fingerprint": before.fingerprint, "manifest_sha256": before.manifest_sha256},
            "install_log": ratchet.log_mark(c.lab.install_log), "install_log_cut": cut or "",
        }  # fmt: skip
        first = Actor(admin.user_id, admin.role_name)
        ledger.log_event(EventCode.SOFTWARE_INSTALL, now=now(), actor=first, detail=detail)
        active = {kind for kind, seat, _ in ledger.active_tilts() if seat is None}
        cleared = tuple(kind.value for kind in CLEARS if kind.value in active)
        for kind in cleared:
            by = {"tilt": kind, "role": admin.role.name, "second_user": second.user_id, "act": "install"}
            ledger.log_event(EventCode.TILT_CLEARED, now=now(), actor=first, detail=by)
    return Accepted(sha, check.key, admin.user_id, second.user_id, cleared)


def new_ledger(c: Config, store: UserStore, admin_id: str, second_id: str, read: Callable[[str], str],
               now: Now = _system_now) -> Path:  # fmt: skip
    """Make the production ledger ``c`` names on a table that had one (see the module docstring)."""
    path = c.ledger.path
    if not births.is_new(c):
        raise InstallRefused(f"a ledger exists at {path}: nothing to make")
    if admin_id == second_id:
        raise LoginError(f"a new ledger needs two different people, not {admin_id} twice")
    lock = FolderLock.acquire(path)  # never beside a running table
    try:
        key = keyfile.load_or_create(c.ledger.key_path)
        mark = highwater.mark_path(c.ledger.key_path)
        admin, second = check_two(adopt_auth(c, store, key, mark, {}, now), admin_id, second_id, read)
        earlier = births.earlier(c)
        ledger = Ledger.from_config(c, now=now())
        try:
            _record_birth(c, ledger, mark, key, admin, second, earlier, now)
        finally:
            ledger.close()
    finally:
        lock.release()
    return path


def _record_birth(c: Config, ledger: Ledger, mark: Path, key: bytes, admin: User, second: User,
                  earlier: list[installs.Install], now: Now) -> None:  # fmt: skip
    for state in adopt_pins.load(mark, key).values():  # the counts this act kept, as adopt chains them
        ledger.log_event(EventCode.SERVICE_PIN, now=now(), detail=state)
    adopt_pins.remove(mark)
    births.record(c, f"{admin.user_id} and {second.user_id}", now(), software_version(c))
    detail = {
        "second_user": second.user_id, "second_role": second.role_name, "ledger": str(c.ledger.path),
        "previous": [{"ledger": e.ledger, "time": e.time, "who": e.who} for e in earlier],
        "config_sha256": config_record.file_hash(c.path), "install_log": ratchet.log_mark(c.lab.install_log),
    }  # fmt: skip
    first = Actor(admin.user_id, admin.role_name)
    ledger.log_event(EventCode.LEDGER_INSTALL, now=now(), actor=first, detail=detail)
