"""PINs checked outside the running table (``terminal service users ...``) under the service screen's
own lockout: the counts and lockouts are read from, and written to, the same ledger event log.

Only one process writes a ledger: this takes the ledger folder's lock as the table does
(:mod:`terminal.ledger.lock`), so while the table runs the command is refused in one line naming its
process (the table reads the users file only when it starts anyway). A table that never ran has no
ledger yet: nobody can be locked out of it, and a wrong PIN makes the ledger to be written down in.
``terminal ledger adopt`` counts its PINs the same way (:func:`adopt_auth`), kept beside the mark until
the adopted ledger can hold them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from terminal.config import Config
from terminal.desk.auth import LoginError, PinChange, ServiceAuth
from terminal.desk.users import User, UserStore
from terminal.ledger import EventCode, Ledger, adopt_pins
from terminal.ledger.lock import FolderLock
from terminal.table import births, lab_mode
from terminal.table.identity import software_version
from terminal.table.tilts import Role

Now = Callable[[], datetime]


def _system_now() -> datetime:
    return datetime.now(UTC)


@contextmanager
def guarded_auth(c: Config, store: UserStore, now: Now = _system_now) -> Iterator[ServiceAuth]:
    """A :class:`ServiceAuth` whose lockouts are the table's: restored from its ledger, recorded into it.

    Raises :class:`~terminal.ledger.lock.LedgerBusyError` while the table runs, and a
    :class:`~terminal.ledger.LedgerError` if the ledger cannot be opened or does not verify.
    """
    with _guarded(c, store, now) as (auth, _):
        yield auth


@contextmanager
def administrator_act(c: Config, store: UserStore, user_id: str | None, read: Callable[[str], str],
                      now: Now = _system_now) -> Iterator[tuple[User | None, Ledger]]:  # fmt: skip
    """The administrator ``user_id`` (PIN from ``read``, under the lockout) and the table's ledger, opened
    (made on a fresh table) before the act, to log it in with their name. ``user_id`` ``None``: an act
    allowed to nobody in particular (the first table CA before any service user exists).

    Raises :class:`LoginError` for a wrong PIN, a locked-out id or another role; otherwise as
    :func:`guarded_auth`.
    """
    with _guarded(c, store, now) as (auth, ledger):
        admin = None
        if user_id is not None:
            admin = auth.check_pin(user_id, read(f"PIN of administrator {user_id}: "), "cli")
            if admin.role is not Role.ADMINISTRATOR:
                raise LoginError(f"{user_id} is not an administrator")
        yield admin, ledger()  # opened before the act: an act the ledger cannot log is not done


@contextmanager
def two_person_act(c: Config, store: UserStore, admin_id: str, second_id: str, read: Callable[[str], str],
                   now: Now = _system_now) -> Iterator[tuple[User, User, Ledger]]:  # fmt: skip
    """An administrator and a second, different person who is a technician or an administrator (each PIN
    from ``read``, under the lockout) and the table's ledger, to log an act both answer for (the install
    act, :mod:`terminal.desk.install_act`). Raises :class:`LoginError` otherwise; else as
    :func:`guarded_auth`."""
    if admin_id == second_id:
        raise LoginError(f"this act needs two different people, not {admin_id} twice")
    with _guarded(c, store, now) as (auth, ledger):
        admin, second = check_two(auth, admin_id, second_id, read)
        yield admin, second, ledger()


def check_two(
    auth: ServiceAuth, admin_id: str, second_id: str, read: Callable[[str], str]
) -> tuple[User, User]:
    """The two people of an act: an administrator, then a technician or an administrator, each by the PIN
    ``read`` asks for, under ``auth``'s lockout; :class:`LoginError` naming who does not qualify."""
    admin = auth.check_pin(admin_id, read(f"PIN of administrator {admin_id}: "), "cli")
    if admin.role is not Role.ADMINISTRATOR:
        raise LoginError(f"{admin_id} is not an administrator")
    second = auth.check_pin(second_id, read(f"PIN of {second_id}: "), "cli")
    if second.role < Role.TECHNICIAN:
        raise LoginError(f"{second_id} is not a technician or an administrator")
    return admin, second


@contextmanager
def _guarded(c: Config, store: UserStore, now: Now) -> Iterator[tuple[ServiceAuth, Callable[[], Ledger]]]:
    played = lab_mode.test_config(c)  # in lab mode the table's service desk writes the test ledger
    with ExitStack() as stack:
        for path in dict.fromkeys((c.ledger.path, played.ledger.path)):  # the folders the table locks
            stack.callback(FolderLock.acquire(path).release)
        opened: list[Ledger] = []

        def ledger() -> Ledger:
            if not opened:
                opened.append(_open(c, played, now()))
                stack.callback(opened[0].close)
            return opened[0]

        def record(change: PinChange) -> None:
            ledger().log_event(EventCode.SERVICE_PIN, now=now(), detail=change.to_detail())

        s = c.service
        auth = ServiceAuth(
            store, s.pin_attempts, s.lockout_seconds, s.idle_logout_seconds, time.monotonic,
            wall=lambda: now().timestamp(), record=record,
        )  # fmt: skip
        if played.ledger.path.exists():
            auth.restore(PinChange.from_detail(d) for d in ledger().pin_states().values())
        yield auth, ledger


def _open(c: Config, played: Config, now: datetime) -> Ledger:
    """The ledger the table plays on; production's made only as a new ledger may be (``births``)."""
    if played is not c:  # lab mode's test ledger
        return Ledger.from_config(played, now=now)
    return births.open_ledger(c, now, "service command", software_version(c))


def adopt_auth(c: Config, store: UserStore, key: bytes, mark_file: Path, pins: Mapping[str, Any],
               now: Now = _system_now) -> ServiceAuth:  # fmt: skip
    """The PIN checks of ``terminal ledger adopt`` under the service screen's lockout.

    The database being adopted cannot record them (it is behind its mark, or the mark does not follow
    it), so a count starts from the stricter of its ``SERVICE_PIN`` state (``pins``) and the one kept
    beside the mark by an earlier adoption (:mod:`terminal.ledger.adopt_pins`), and every change is kept
    there until the adoption chains it.
    """
    kept = adopt_pins.load(mark_file, key)

    def record(change: PinChange) -> None:
        states = adopt_pins.load(mark_file, key)
        states[change.user] = change.to_detail()
        adopt_pins.save(mark_file, key, states)

    s = c.service
    auth = ServiceAuth(
        store, s.pin_attempts, s.lockout_seconds, s.idle_logout_seconds, time.monotonic,
        wall=lambda: now().timestamp(), record=record,
    )  # fmt: skip
    auth.restore(_stricter(PinChange.from_detail(pins[u]) if u in pins else None,
                           PinChange.from_detail(kept[u]) if u in kept else None)
                 for u in sorted({*pins, *kept}))  # fmt: skip
    return auth


def _stricter(one: PinChange | None, other: PinChange | None) -> PinChange:
    """The more failures and the later lockout of two records of one user id (never fresh tries)."""
    found = [change for change in (one, other) if change is not None]
    until = [change.locked_until for change in found if change.locked_until is not None]
    first = found[0]
    return PinChange(first.user, first.client, max(c.failures for c in found), max(until, default=None))
