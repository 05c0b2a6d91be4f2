"""Tilts: conditions that stop wagers and money at once, who may clear them, and when.

A tilt has a scope: the whole table (door open, RNG failure, ledger integrity failure, service mode) or one
seat (lost link, a device fault at that seat, a hand-pay lock). While any table tilt is active no seat
takes wagers or money; a seat tilt stops only its seat. Clearing follows TERMINAL.md §2: the condition
must be over, and the user must hold the rule's role or a higher one. A ledger integrity failure is never
cleared automatically.

>>> tilts = Tilts().raised(Tilt(TiltKind.DOOR_OPEN, None, "main door"))
>>> tilts.blocks_seat(3)
True
>>> tilts.cleared(TiltKind.DOOR_OPEN, None, role=Role.ATTENDANT, condition_over=False)
Traceback (most recent call last):
...
terminal.table.tilts.TiltClearError: door_open: the condition is still present
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Role(enum.IntEnum):
    """Service roles, lowest to highest: a higher role may do what a lower one may."""

    ATTENDANT = 1
    TECHNICIAN = 2
    LAB = 3
    ADMINISTRATOR = 4


class TiltKind(enum.Enum):
    """Every reason the table or a seat stops taking wagers and money."""

    DOOR_OPEN = "door_open"
    SERVICE_MODE = "service_mode"
    RNG_FAILURE = "rng_failure"
    LEDGER_INTEGRITY = "ledger_integrity"
    LEDGER_STORAGE = "ledger_storage"  # disk full, database locked or corrupt
    DEVICE_FAULT = "device_fault"
    LINK_LOST = "link_lost"
    HANDPAY = "handpay"
    SOFTWARE_VERIFY = "software_verify"  # a program file differs from the signed manifest
    SOFTWARE = "software"  # a ledger that ran verified software: unverified, failed, or another key now
    CONFIG_UNLOGGED = "config_unlogged"  # kiosk.cfg changed between two boots and no logged change says so
    FLOOR_OFFLINE = "floor_offline"  # floor events waited past [floor] max_offline_minutes to be sent
    FLOOR_CLOSED = "floor_closed"  # the floor took the table out of service (a signed order)
    SAS_DISABLED = "sas_disabled"  # the casino system disabled the seat (SAS long poll 01); 02 clears it
    SAS_LINK = "sas_link"  # [sas] required: the casino system stopped polling the seat, or the SAS process


@dataclass(frozen=True, slots=True)
class ClearRule:
    """How a kind of tilt clears: automatically when its condition ends, or by a user of ``role``."""

    table_wide: bool
    automatic: bool
    role: Role | None
    act: str = ""  # not cleared at the screen at all: only this logged two-person act clears it


RULES: dict[TiltKind, ClearRule] = {
    TiltKind.DOOR_OPEN: ClearRule(table_wide=True, automatic=False, role=Role.ATTENDANT),
    TiltKind.SERVICE_MODE: ClearRule(table_wide=True, automatic=True, role=None),
    TiltKind.RNG_FAILURE: ClearRule(table_wide=True, automatic=False, role=Role.TECHNICIAN),
    # IMPORTANT: an integrity failure is never cleared automatically, and only by an administrator after
    # the ledger verifies again (or a RAM clear starts a new epoch).
    TiltKind.LEDGER_INTEGRITY: ClearRule(table_wide=True, automatic=False, role=Role.ADMINISTRATOR),
    TiltKind.LEDGER_STORAGE: ClearRule(table_wide=True, automatic=False, role=Role.TECHNICIAN),
    TiltKind.DEVICE_FAULT: ClearRule(table_wide=False, automatic=False, role=Role.ATTENDANT),
    TiltKind.LINK_LOST: ClearRule(table_wide=False, automatic=True, role=None),
    TiltKind.HANDPAY: ClearRule(table_wide=False, automatic=False, role=Role.ATTENDANT),
    TiltKind.SOFTWARE_VERIFY: ClearRule(table_wide=True, automatic=False, role=Role.ADMINISTRATOR),
    # IMPORTANT: the ratchet (terminal.table.ratchet): never by one person; the install act clears it.
    TiltKind.SOFTWARE: ClearRule(
        table_wide=True, automatic=False, role=None,
        act="terminal verify accept-install --admin ID --second ID (an administrator and a technician)",
    ),
    # Clearing it accepts the file as it is: the acceptance is logged with the file's SHA-256.
    TiltKind.CONFIG_UNLOGGED: ClearRule(table_wide=True, automatic=False, role=Role.ADMINISTRATOR),
    # Clears itself once the link is back and the backlog is younger than the limit again.
    TiltKind.FLOOR_OFFLINE: ClearRule(table_wide=True, automatic=True, role=None),
    # Clears when the floor puts the table back in service (its signed order); nobody at the table can.
    TiltKind.FLOOR_CLOSED: ClearRule(table_wide=True, automatic=True, role=None),
    # Clears when the casino system enables the seat again (long poll 02); nobody at the table can.
    TiltKind.SAS_DISABLED: ClearRule(table_wide=False, automatic=True, role=None),
    # Clears itself when the host polls the seat again (the SAS process says so over its link).
    TiltKind.SAS_LINK: ClearRule(table_wide=False, automatic=True, role=None),
}


class TiltClearError(PermissionError):
    """A tilt that may not be cleared now, or not by this user."""

    def __init__(self, kind: TiltKind, reason: str) -> None:
        self.kind = kind
        super().__init__(f"{kind.value}: {reason}")


@dataclass(frozen=True, slots=True)
class Tilt:
    """One active tilt: its kind, the seat it stops (``None`` for the table) and what happened."""

    kind: TiltKind
    seat: int | None
    detail: str

    def __post_init__(self) -> None:
        if RULES[self.kind].table_wide != (self.seat is None):
            scope = "the table" if RULES[self.kind].table_wide else "one seat"
            raise ValueError(f"{self.kind.value} tilts apply to {scope}")


@dataclass(frozen=True, slots=True)
class Tilts:
    """The set of active tilts, as a frozen value: raising or clearing returns a new set."""

    active: tuple[Tilt, ...] = ()

    def raised(self, tilt: Tilt) -> Tilts:
        """The set with ``tilt`` added; raising a tilt that is already active changes nothing."""
        if any(t.kind is tilt.kind and t.seat == tilt.seat for t in self.active):
            return self
        return Tilts((*self.active, tilt))

    def cleared(self, kind: TiltKind, seat: int | None, *, role: Role | None, condition_over: bool) -> Tilts:
        """The set without the tilt ``kind`` at ``seat``; raises :class:`TiltClearError` when not allowed."""
        if not any(t.kind is kind and t.seat == seat for t in self.active):
            raise TiltClearError(kind, "no such tilt is active")
        if not condition_over:
            raise TiltClearError(kind, "the condition is still present")
        rule = RULES[kind]
        if rule.act:
            raise TiltClearError(kind, f"only a logged install act clears it: {rule.act}")
        if not rule.automatic and (role is None or rule.role is None or role < rule.role):
            needed = rule.role.name.lower() if rule.role else "nobody"
            raise TiltClearError(kind, f"clearing needs the {needed} role or higher")
        return Tilts(tuple(t for t in self.active if not (t.kind is kind and t.seat == seat)))

    def blocks_table(self) -> bool:
        """True while any table-wide tilt is active: no seat takes wagers or money."""
        return any(t.seat is None for t in self.active)

    def blocks_seat(self, seat: int) -> bool:
        """True while seat ``seat`` may take no wagers and no money."""
        return any(t.seat is None or t.seat == seat for t in self.active)

    def reasons(self, seat: int | None = None) -> tuple[str, ...]:
        """Why play is stopped, for the screens: table tilts and those of ``seat``."""
        return tuple(t.kind.value for t in self.active if t.seat is None or t.seat == seat)
