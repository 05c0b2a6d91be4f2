"""Service mode at the controller: each ``ServiceCommand`` checked (key, session, role) and carried out.

Entry needs the service key (the cabinet raises the table-wide ``service_mode`` tilt while it is on, so
no seat takes wagers or money and every seat shows why) and a user's PIN. Every command names an act of
:data:`~terminal.desk.roles.ROLE_ACTS`; the act is refused to a role the table does not list, and the
refusal is logged too. Two-person acts (voucher void, configuration change, RAM clear) take the first
user's PIN again and a second, different user's id and PIN. Every act is written to the event log with
the user and role; PINs never are.

Commands and their arguments (all text):

==================  ==============  =====================================================================
command             act             args
==================  ==============  =====================================================================
``login``           (entry)         user, pin
``logout``          (exit)          —
``meters``          meters          —
``events``          events          kind ("" for all), since, until (ISO, "" for open), page
``recall``          recall          round id
``recall_seat``     recall          seat
``tilts``           tilts           —
``report``          report          gaming day (``YYYY-MM-DD``, "" for the one now)
``report_export``   report          gaming day: CSV and PDF into ``[lab] output_dir``
``voucher``         voucher_lookup  validation number
``handpay``         handpay         seat
``clear_tilt``      clear_tilt      kind, seat ("" for the table)
``void_voucher``    voucher_void    pin, second user, second pin, number, reason
``config``          config_view     —
``config_preview``  config_view     ``section.key=value`` ...
``config_change``   config_change   pin, second user, second pin, ``section.key=value`` ...
``ram_clear``       ram_clear       pin, second user, second pin
``selftest``        selftest        —
``force_outcome``   force_outcome   (lab test mode: routed to :attr:`ServiceDesk.force_outcome`)
==================  ==============  =====================================================================
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from terminal.desk import acts
from terminal.desk.auth import LoginError, PinChange, ServiceAuth, Session
from terminal.desk.roles import ActRefusedError, acts_of, require
from terminal.desk.users import UserStore
from terminal.ledger import Actor, EventCode, LedgerError
from terminal.net.messages import Message, ServiceCommand
from terminal.net.messages import service as sm
from terminal.software import boot as software
from terminal.table import ratchet
from terminal.table.refused import Refused
from terminal.table.table import Table
from terminal.table.tickets import Printer
from terminal.table.tilts import TiltClearError, TiltKind

Verifier = Callable[[], tuple[str, str]]  # (pass | fail | not_installed, detail)
"""Software verification: (passed, detail). The lab's ``terminal verify`` provides it."""
ForceOutcome = Callable[[Session, tuple[str, ...]], Message]


class ServiceRefused(ValueError):
    """A service command refused: no key, not logged in, wrong PIN, role, two people, or the act itself."""


@dataclass(frozen=True, slots=True)
class Command:
    """A command: the act it is, how many leading args are secret (never logged), and its handler."""

    act: str
    secret: int
    run: Callable[[ServiceDesk, Session, tuple[str, ...]], Message]


COMMANDS: dict[str, Command] = {
    "meters": Command("meters", 0, lambda d, s, a: acts.meters(d.table)),
    "events": Command("events", 0, lambda d, s, a: acts.events(d.table, a)),
    "recall": Command("recall", 0, lambda d, s, a: acts.recall(d.table, a)),
    "recall_seat": Command("recall", 0, lambda d, s, a: acts.recall_seat(d.table, a)),
    "tilts": Command("tilts", 0, lambda d, s, a: acts.tilt_list(d.table)),
    "report": Command("report", 0, lambda d, s, a: acts.report(d.table, a)),
    "report_export": Command("report", 0, lambda d, s, a: acts.report_export(d.table, a)),
    "voucher": Command("voucher_lookup", 0, lambda d, s, a: acts.voucher(d.table, a)),
    "handpay": Command("handpay", 0, lambda d, s, a: acts.handpay(d.table, s, a)),
    "clear_tilt": Command("clear_tilt", 0, lambda d, s, a: acts.clear_tilt(d.table, s, a)),
    "void_voucher": Command("voucher_void", 3, lambda d, s, a: d.two_person("voucher_void", s, a)),
    "vouchers_recent": Command("voucher_lookup", 0, lambda d, s, a: acts.recent_vouchers(d.table, a)),
    "reprint_voucher": Command(
        "voucher_reprint", 0, lambda d, s, a: acts.reprint_voucher(d.table, d.printer, s, a)
    ),
    "config": Command("config_view", 0, lambda d, s, a: acts.config_listing(d.table)),
    "config_preview": Command("config_view", 0, lambda d, s, a: acts.config_preview(d.table, a)),
    "config_change": Command("config_change", 3, lambda d, s, a: d.two_person("config_change", s, a)),
    "ram_clear": Command("ram_clear", 3, lambda d, s, a: d.two_person("ram_clear", s, a)),
    "selftest": Command("selftest", 0, lambda d, s, a: acts.selftest(d.table, d.software_verification)),
    "force_outcome": Command("force_outcome", 0, lambda d, s, a: d.forced(s, a)),
}


@dataclass
class ServiceDesk:
    """The service side of one table's controller; see the module docstring."""

    table: Table
    auth: ServiceAuth
    software_verification: Verifier | None = None  # for_table wires the signed-manifest check
    force_outcome: ForceOutcome | None = None  # lab test mode; for_table wires Table.force_outcome
    printer: Printer | None = None  # the seats' printers (the controller's), for a reprint

    @classmethod
    def for_table(cls, table: Table, store: UserStore | None = None) -> ServiceDesk:
        """A desk for ``table`` with the users of ``[service] users_path`` (or ``store``)."""
        s = table.config.service
        users = store if store is not None else UserStore.load(s.users_path)
        auth = ServiceAuth(
            users, s.pin_attempts, s.lockout_seconds, s.idle_logout_seconds, table.clock.monotonic,
            wall=lambda: table.clock.wall().timestamp(), record=lambda change: _pin_changed(table, change),
        )  # fmt: skip
        auth.restore(PinChange.from_detail(d) for d in table.ledger.pin_states().values())
        desk = cls(table, auth)
        desk.software_verification = lambda: _verify_software(table)
        desk.force_outcome = lambda session, args: _force(table, args)
        return desk

    def key_on(self) -> bool:
        """Whether the service key is turned (the cabinet's ``service_mode`` tilt is up)."""
        return any(t.kind is TiltKind.SERVICE_MODE for t in self.table.tilts.active)

    def handle(self, client: str, command: ServiceCommand) -> Message:
        """Carry out one command from ``client``; a refusal raises :class:`ServiceRefused` (and is logged)."""
        name, args = command.command, command.args
        if not self.key_on():
            for ended in [c for c in self.auth.sessions if c == client]:
                self._logout(ended, "the service key was turned off")
            raise ServiceRefused("service mode needs the service key turned on")
        if name == "login":
            return self._login(client, args)
        if name == "logout":
            self._logout(client, "logged out")
            return sm.ServiceLoggedOut("logged out")
        session = self._session(client)
        spec = COMMANDS.get(name)
        if spec is None:
            raise ServiceRefused(f"{name!r} is not a service command")
        shown = args[spec.secret :]
        try:
            require(spec.act, session.role, session.user.user_id)
            reply = spec.run(self, session, args)
        except (ActRefusedError, LoginError, TiltClearError, LedgerError, ValueError, OSError) as refused:
            self._log(session, name, shown, refused=str(refused))
            raise ServiceRefused(f"{name}: {refused}") from None
        self._log(session, name, shown)
        return reply

    # -- entry and exit --------------------------------------------------------------------------------
    def _login(self, client: str, args: tuple[str, ...]) -> Message:
        if len(args) != 2:
            raise ServiceRefused("login needs a user id and a PIN")
        user_id, pin = args
        try:
            session = self.auth.login(client, user_id, pin)
        except LoginError as refused:
            self._event(
                EventCode.SERVICE_LOGIN,
                None,
                {"user": user_id[:32], "client": client, "refused": str(refused)},
            )
            raise ServiceRefused(str(refused)) from None
        self._event(EventCode.SERVICE_LOGIN, _actor(session), {"client": client})
        idle = int(self.auth.idle_seconds * 1000)
        return sm.ServiceSession(session.user.user_id, session.user.role_name, acts_of(session.role), idle)

    def _logout(self, client: str, reason: str) -> None:
        session = self.auth.logout(client)
        if session is not None:
            self._event(EventCode.SERVICE_LOGOUT, _actor(session), {"client": client, "reason": reason})

    def _session(self, client: str) -> Session:
        try:
            return self.auth.current(client)
        except LoginError as refused:
            self._event(EventCode.SERVICE_LOGOUT, None, {"client": client, "reason": str(refused)})
            raise ServiceRefused(str(refused)) from None

    def expire_idle(self) -> tuple[str, ...]:
        """End every session idle past the limit (logged); returns their clients, to be told."""
        ended = self.auth.idle()
        for session in ended:
            self._event(
                EventCode.SERVICE_LOGOUT, _actor(session), {"client": session.client, "reason": "idle"}
            )
        return tuple(s.client for s in ended)

    # -- two people ------------------------------------------------------------------------------------
    def two_person(self, act: str, first: Session, args: tuple[str, ...]) -> Message:
        """A two-person act: the first user's PIN again, then a different second user with theirs."""
        if len(args) < 3:
            raise ServiceRefused(f"{act} needs your PIN and a second person's id and PIN")
        pin, second_id, second_pin, rest = args[0], args[1], args[2], args[3:]
        self.auth.check_pin(first.user.user_id, pin, first.client)
        second = self.auth.second_person(act, first, second_id, second_pin)
        one, two = _actor(first), Actor(second.user_id, second.role_name)
        if act == "voucher_void":
            return acts.void_voucher(self.table, one, two, rest)
        if act == "config_change":
            return acts.config_change(self.table, one, two, rest)
        return acts.ram_clear(self.table, one, two)

    def forced(self, session: Session, args: tuple[str, ...]) -> Message:
        """Lab test mode's forced outcome, when the lab tools have wired it."""
        if self.force_outcome is None:
            raise ServiceRefused("forced outcomes are not installed (lab test mode only)")
        return self.force_outcome(session, args)

    # -- the event log ---------------------------------------------------------------------------------
    def _log(self, session: Session, command: str, args: tuple[str, ...], refused: str | None = None) -> None:
        detail: dict[str, Any] = {"command": command, "args": [a[:64] for a in args]}
        if refused is not None:
            detail["refused"] = refused[:200]
        self._event(EventCode.SERVICE_ACTION, _actor(session), detail)

    def _event(self, code: EventCode, actor: Actor | None, detail: dict[str, Any]) -> None:
        now: datetime = self.table.clock.wall()
        try:
            self.table.ledger.log_event(code, now=now, actor=actor, detail=detail)
        except LedgerError as failed:  # the log could not be written: the table tilts, the act is refused
            raise ServiceRefused(f"the event log could not be written: {failed}") from None


def _pin_changed(table: Table, change: PinChange) -> None:
    """A wrong-PIN count or lockout, into the event log: the next start (and the CLI) read it back."""
    table.ledger.log_event(EventCode.SERVICE_PIN, now=table.clock.wall(), detail=change.to_detail())


def _actor(session: Session) -> Actor:
    return Actor(session.user.user_id, session.user.role_name)


def _verify_software(table: Table) -> tuple[str, str]:
    """(status, detail) of the installed program against the signed manifest: ``pass``, ``fail``, or
    ``not_installed`` for a development build (``verify_at_boot = auto`` and no manifest), which is not a
    failure: nothing was ever signed. With ``always``, or on a ledger that has run a verified program (the
    ratchet), a missing manifest fails, as at boot."""
    lab = table.config.lab
    development = ratchet.trusted(table.ledger) is None  # a ledger that never ran a verified program
    if lab.verify_at_boot == "auto" and not lab.manifest_path.is_file() and development:
        return "not_installed", "no manifest is installed: a development build, not verified"
    mode = "always" if lab.verify_at_boot == "auto" else lab.verify_at_boot  # on demand: a manifest is due
    found = software.check(mode, lab.manifest_path, lab.trusted_key)
    # The screen has one line: the key's file name and the first half of its fingerprint (128 bits) to
    # compare with the maker's published one; the event log and `terminal verify` have it whole.
    key = f"; key {lab.trusted_key.name} {found.key[:39]} …" if found.key else ""
    return ("fail" if found.status == "fail" else "pass"), found.detail + key


def _force(table: Table, args: tuple[str, ...]) -> Message:
    """Lab test mode: queue forced outcomes on the table (refused outside lab mode)."""
    try:
        waiting = table.force_outcome(args)
    except Refused as refused:
        raise ServiceRefused(str(refused)) from None
    return sm.ServiceDone("force_outcome", f"{waiting} forced outcome(s) waiting: {' '.join(args)}")
