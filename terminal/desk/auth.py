"""Service logins: the key plus a PIN, lockout after wrong PINs, idle logout, and the second person.

Time is injected (the table's monotonic clock for idle sessions, its wall clock for lockouts), so tests
step through lockouts and idle logouts. Each client (the service screen, or a seat screen while the key
is on) has at most one session. A wrong PIN counts against the user id it was tried for;
``pin_attempts`` of them lock that id for ``lockout_seconds``, and a locked id is refused even with the
right PIN. Every change of a count or lockout is handed to ``record`` (the table writes it to the
ledger's event log as ``SERVICE_PIN``) and :meth:`ServiceAuth.restore` takes them back, so a restart, or
the command line working on the same ledger, neither forgets nor resets a lockout.

>>> from terminal.desk.users import ScryptParams, UserStore
>>> store = UserStore().init("ann", "2468", lambda n: bytes(n), ScryptParams(n=2**4))
>>> auth = ServiceAuth(store, attempts=2, lockout_seconds=60, idle_seconds=120, clock=lambda: 0.0)
>>> auth.login("service", "ann", "2468").role.name
'ADMINISTRATOR'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from terminal.desk.roles import require
from terminal.desk.users import User, UserStore
from terminal.table.tilts import Role


class LoginError(PermissionError):
    """A refused login or second-person check: wrong PIN, locked out, no key, not logged in."""


@dataclass(frozen=True, slots=True)
class Session:
    """A logged-in user at one client."""

    client: str
    user: User
    started: float

    @property
    def role(self) -> Role:
        return self.user.role


@dataclass
class _Failures:
    count: int = 0
    locked_until: float | None = None


@dataclass(frozen=True, slots=True)
class PinChange:
    """A user id's wrong-PIN count or lockout changed (what the event log keeps; never the PIN).

    ``locked_until`` is wall-clock seconds since the epoch, so it means the same after a restart.
    """

    user: str
    client: str
    failures: int
    locked_until: float | None

    def to_detail(self) -> dict[str, Any]:
        until = self.locked_until
        stamp = None if until is None else datetime.fromtimestamp(until, UTC).isoformat(timespec="seconds")
        return {"user": self.user, "client": self.client, "failures": self.failures, "locked_until": stamp}

    @classmethod
    def from_detail(cls, detail: Mapping[str, Any]) -> PinChange:
        stamp = detail.get("locked_until")
        until = None if not stamp else datetime.fromisoformat(str(stamp)).timestamp()
        return cls(str(detail["user"]), str(detail.get("client", "")), int(detail["failures"]), until)


@dataclass
class ServiceAuth:
    """Sessions and PIN checks for every service client; see the module docstring."""

    store: UserStore
    attempts: int
    lockout_seconds: float
    idle_seconds: float
    clock: Callable[[], float]
    wall: Callable[[], float] | None = None  # seconds since the epoch for lockouts; None: ``clock``
    record: Callable[[PinChange], None] | None = None  # the table writes each change to the event log
    sessions: dict[str, Session] = field(default_factory=dict)
    _active: dict[str, float] = field(default_factory=dict)
    _failures: dict[str, _Failures] = field(default_factory=dict)

    def login(self, client: str, user_id: str, pin: str) -> Session:
        """Check the PIN (and the lockout) and open a session at ``client``."""
        user = self.check_pin(user_id, pin, client)
        session = Session(client, user, self.clock())
        self.sessions[client] = session
        self._active[client] = self.clock()
        return session

    def logout(self, client: str) -> Session | None:
        """End the session at ``client``; returns it (``None`` if there was none)."""
        self._active.pop(client, None)
        return self.sessions.pop(client, None)

    def current(self, client: str) -> Session:
        """The live session at ``client``, touched now; raises if none or idle too long (then ended)."""
        session = self.sessions.get(client)
        if session is None:
            raise LoginError(f"{client}: not logged in")
        if self.clock() - self._active[client] > self.idle_seconds:
            self.logout(client)
            raise LoginError(
                f"{client}: {session.user.user_id} was logged out after {self.idle_seconds:g} s idle"
            )
        self._active[client] = self.clock()
        return session

    def idle(self) -> tuple[Session, ...]:
        """Sessions idle past the limit, ended now (the controller logs each)."""
        now = self.clock()
        stale = [c for c, seen in self._active.items() if now - seen > self.idle_seconds]
        return tuple(s for s in (self.logout(c) for c in stale) if s is not None)

    def restore(self, changes: Iterable[PinChange]) -> None:
        """Take back the last recorded count and lockout of each user id (after a restart)."""
        for change in changes:
            self._failures[change.user] = _Failures(change.failures, change.locked_until)

    def check_pin(self, user_id: str, pin: str, client: str = "") -> User:
        """The user whose PIN this is; wrong PINs count towards the lockout of ``user_id``."""
        state = self._failures.setdefault(user_id, _Failures())
        now = self.wall() if self.wall is not None else self.clock()
        if state.locked_until is not None:
            if now < state.locked_until:
                raise LoginError(f"{user_id} is locked out for {state.locked_until - now:.0f} s more")
            state.count, state.locked_until = 0, None
        user = self.store.authenticate(user_id, pin)
        if user is None:
            state.count += 1
            if state.count >= self.attempts:
                state.locked_until = now + self.lockout_seconds
            self._record(user_id, client, state)  # written before the refusal is told
            if state.locked_until is not None:
                raise LoginError(f"wrong PIN for {user_id}: locked out for {self.lockout_seconds:g} s")
            raise LoginError(f"wrong user or PIN for {user_id} ({self.attempts - state.count} tries left)")
        if state.count:
            state.count = 0
            self._record(user_id, client, state)
        return user

    def _record(self, user_id: str, client: str, state: _Failures) -> None:
        if self.record is not None:
            self.record(PinChange(user_id[:32], client, state.count, state.locked_until))

    def second_person(self, act: str, first: Session, user_id: str, pin: str) -> User:
        """The second user of a two-person act: another person, with their PIN and a role allowed to act."""
        if user_id == first.user.user_id:
            raise LoginError(f"{act} needs two different people, not {user_id} twice")
        second = self.check_pin(user_id, pin, first.client)
        require(act, second.role, second.user_id)
        return second
