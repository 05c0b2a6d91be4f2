"""The service screen's protocol: its one command, and the typed replies the controller pushes after it.

The screen sends ``ServiceCommand(command, args)`` (see ``terminal.desk.desk`` for the commands
and their arguments); the controller answers with an ``Ack`` and pushes one of these. Amounts and meters
are integers (minor units or counts); ratios are parts per million, never floats.
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.net.messages.base import Direction, Family, Message
from terminal.net.schema import Amount, Count, Ident, Text, Validation

FAMILY = Family("service")


@FAMILY.message("ServiceCommand", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class ServiceCommand(Message):
    """A service-screen request (``login``, ``meters``, ``clear_tilt``...); the controller checks roles."""

    command: Ident
    args: tuple[Text, ...]


@FAMILY.message("ServiceSession", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class ServiceSession(Message):
    """Logged in: who, in which role, the acts that role may do, and the idle limit."""

    user: Ident
    role: Ident
    acts: tuple[Ident, ...]
    idle_ms: Count


@FAMILY.message("ServiceLoggedOut", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class ServiceLoggedOut(Message):
    """The session ended (logout, idle, key turned off)."""

    reason: Text


@FAMILY.message("ServiceDone", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class ServiceDone(Message):
    """An act was carried out and logged."""

    act: Ident
    message: Text


@dataclass(frozen=True, slots=True)
class MeterView:
    """One table meter."""

    name: Text
    value: Count


@dataclass(frozen=True, slots=True)
class WagerMeterView:
    """Per game, wager and paytable: wagered, won, count; actual RTP and PAR RTP in ppm (None: unknown)."""

    game: Ident
    wager: Ident
    paytable: Text  # as the game names it: "standard", "A".."D", "1"
    wagered: Amount
    won: Amount
    count: Count
    actual_ppm: Count | None
    par_ppm: Count | None


@FAMILY.message("MetersReport", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class MetersReport(Message):
    """Every meter of TERMINAL.md §2."""

    meters: tuple[MeterView, ...]
    wagers: tuple[WagerMeterView, ...]


@dataclass(frozen=True, slots=True)
class EventView:
    """One event of the log."""

    id: Count
    time: Text
    code: Count
    name: Text
    seat: Count | None
    user: Text
    role: Text
    detail: Text


@FAMILY.message("EventPage", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class EventPage(Message):
    """One page of the event log, newest first, after the filter."""

    events: tuple[EventView, ...]
    page: Count
    pages: Count
    total: Count
    kinds: tuple[Text, ...]


@dataclass(frozen=True, slots=True)
class RecallWager:
    """One wager of a recalled round."""

    seat: Count
    spot: Text
    paytable: Text
    stake: Amount
    result: Text
    returned: Amount


@dataclass(frozen=True, slots=True)
class RecallSeat:
    """A seat's credits across a recalled round."""

    seat: Count
    credits_before: Amount
    staked: Amount
    returned: Amount
    credits_after: Amount


@dataclass(frozen=True, slots=True)
class RecallDetail:
    """A further draw of a recalled round, as its game recorded it: ``b2b`` ``250`` (the B2B odds drawn),
    ``blazing`` ``7 17 27`` (the bonus balls of a spin that started Blazing 7's)."""

    name: Ident
    value: Text


@FAMILY.message("RoundRecall", 2, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class RoundRecall(Message):
    """One round, whole: ``outcome`` is the main draw (the pocket, the dice), ``details`` the further draws
    of its side wagers, each shown as a field of its own (v2; v1 had them run on in ``outcome``)."""

    round_id: Count
    time: Text
    game: Ident
    phase: Ident
    outcome: Text
    wagers: tuple[RecallWager, ...]
    seats: tuple[RecallSeat, ...]
    details: tuple[RecallDetail, ...] = ()


@dataclass(frozen=True, slots=True)
class RoundLine:
    """A round in a seat's recall list."""

    round_id: Count
    time: Text
    game: Ident
    outcome: Text
    staked: Amount
    returned: Amount


@FAMILY.message("RecallList", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class RecallList(Message):
    """A seat's last rounds, newest first."""

    seat: Count
    rounds: tuple[RoundLine, ...]


@FAMILY.message("VoucherInfo", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class VoucherInfo(Message):
    """A voucher looked up by validation number."""

    number: Validation
    seat: Count
    amount: Amount
    issued_at: Text
    expires_at: Text
    state: Ident
    closed_at: Text


@dataclass(frozen=True, slots=True)
class VoucherLine:
    """A voucher in the recall of the last ones issued or redeemed: when that happened, and where."""

    number: Validation
    seat: Count
    amount: Amount
    time: Text
    state: Ident


@FAMILY.message("VoucherHistory", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class VoucherHistory(Message):
    """The last vouchers issued and the last redeemed at this table, newest first."""

    issued: tuple[VoucherLine, ...]
    redeemed: tuple[VoucherLine, ...]


@dataclass(frozen=True, slots=True)
class TiltView:
    """An active tilt: where, why, and who may clear it."""

    kind: Ident
    seat: Count | None
    detail: Text
    clear_role: Text
    automatic: bool


@FAMILY.message("TiltList", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class TiltList(Message):
    """Every active tilt."""

    tilts: tuple[TiltView, ...]


@dataclass(frozen=True, slots=True)
class ConfigEntry:
    """One key of the configuration as the file has it (``default``: not in the file)."""

    section: Ident
    key: Ident
    value: Text
    default: bool


@FAMILY.message("ConfigListing", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class ConfigListing(Message):
    """The whole configuration."""

    path: Text
    entries: tuple[ConfigEntry, ...]


@dataclass(frozen=True, slots=True)
class ConfigChangeView:
    """One key changed: its value before and after."""

    section: Ident
    key: Ident
    before: Text
    after: Text


@FAMILY.message("ConfigDiff", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class ConfigDiff(Message):
    """A change validated by the loader: ``applied`` once two people confirmed it."""

    changes: tuple[ConfigChangeView, ...]
    applied: bool
    blocked: Text


@dataclass(frozen=True, slots=True)
class SelfTestView:
    """One self-test: ``pass``, ``fail`` or ``not_installed``."""

    name: Ident
    status: Ident
    detail: Text


@dataclass(frozen=True, slots=True)
class IdentityLine:
    """One line of the program's identity (``terminal.table.identity``): ``kind`` is version, manifest,
    game, game_running (the game this table plays) or paytables; ``game`` names the game of the last three."""

    kind: Ident
    game: Text
    value: Text


@dataclass(frozen=True, slots=True)
class InstallView:
    """One install of the install log, newest first."""

    time: Text
    version: Text
    manifest: Text  # the manifest's SHA-256, first 16 hex digits
    result: Text
    who: Text


@FAMILY.message("SelfTestReport", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class SelfTestReport(Message):
    """Self-tests run on demand, with the program's identity and its last installs (and the install
    log's problem, if its links are broken)."""

    results: tuple[SelfTestView, ...]
    identity: tuple[IdentityLine, ...] = ()
    installs: tuple[InstallView, ...] = ()
    install_log: Text = ""


@FAMILY.message("DayReport", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class DayReport(Message):
    """End-of-day figures for gaming day ``day`` (from ``[table] gaming_day_hour`` UTC): money meters (stakes
    counted at their settlement), vouchers, hand-pays, event counts."""

    day: Text
    figures: tuple[MeterView, ...]
    events: tuple[MeterView, ...]
