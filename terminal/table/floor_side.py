"""The table's side of the casino floor: the link started at power-up, watched while it runs.

Only with a ``[floor]`` section (``boot`` calls :func:`attach`); without one nothing here runs and no
NATS module is imported. At power-up, with the floor reachable, the ledger must reach the floor's last
witness of it (``terminal.floor.witness``) or the table stays closed; then the link's thread starts. The
table never waits for it: :func:`watch` (from ``Table.tick``, once a second) logs the link going down and
coming back, and tilts the table only when floor events have waited longer than
``[floor] max_offline_minutes``; the tilt clears itself once they drain. It also closes our vouchers the
floor paid elsewhere.

Vouchers: with the floor reachable every redemption, of our own vouchers too, is first a compare-and-set
in the floor's bucket (:func:`redeem`), then the ledger's posting; of two tables racing for one voucher
only the first update is accepted. With the floor unreachable the table takes only vouchers it printed
(its own ledger knows them) and tells the player so in one line (:data:`OFFLINE_LINE`); the link
reconciles those redemptions with the bucket when it is back. Another table's voucher is paid only when
its record holds (``vouchers.forgery``: an accepted issuer, its signature, its signed issue on the
stream); a forgery is refused in one line (:data:`FORGED_LINE`) and logged as ``VOUCHER_FORGED``, which
the floor shows as an alert.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any, NoReturn, Protocol

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from terminal.config import Config
from terminal.config.game_rules import par_rows
from terminal.config.sections import FloorSection
from terminal.floor import connect, signing, vouchers, witness
from terminal.floor.errors import CredentialsError
from terminal.floor.link import ClosedOnFloor, FloorLink, FloorUnavailable, LinkStatus, NoFloorService
from terminal.floor.witness import Acceptance
from terminal.ledger import EventCode, Ledger, LedgerError, VoucherError, highwater
from terminal.ledger.outbox import OutboxReader
from terminal.ledger.records import Actor, stamp
from terminal.ledger.vouchers import Voucher
from terminal.net.messages.service import MeterView
from terminal.table import floor_orders
from terminal.table.clock import Clock
from terminal.table.phases import Phase
from terminal.table.tilt_board import TiltBoard
from terminal.table.tilts import Tilt, TiltKind


class Till(Protocol):
    """What the voucher path reads of the table (the cabinet's reader) or of its cashier (redemption)."""

    @property
    def config(self) -> Config: ...

    @property
    def ledger(self) -> Ledger: ...

    @property
    def clock(self) -> Clock: ...

    @property
    def floor(self) -> FloorLink | None: ...


class Side(Protocol):
    """The table as its floor side sees it: where the link is kept, what the alive message says, and the
    tilt the link's backlog raises and clears (a protocol, so the round engine's module is not imported)."""

    config: Config
    ledger: Ledger
    clock: Clock
    floor: FloorLink | None
    phase: Phase
    round_id: int
    tilts: TiltBoard


WATCH_EVERY_S = 1.0
#: Why a voucher of another table is refused while the floor is unreachable (the seat shows it).
OFFLINE_LINE = "floor_offline: the floor is offline; this table takes only vouchers it printed"
#: Why a voucher whose record no accepted table signed is refused (the seat shows it; the floor alerts).
FORGED_LINE = "voucher_forged: this ticket cannot be paid; an attendant has been told"


def attach(c: Config, table: Side) -> None:
    """Check the ledger against the floor's witness, then start the link (``[floor]`` set)."""
    section, outbox = c.floor, table.ledger.outbox
    if section is None or outbox is None:
        return
    check_credentials(section, table)
    signer = signing.table_signer(section, c.table.table_id)
    floor_key = signing.floor_public(section)
    check_witness(c, section, table, signer, floor_key)
    link = FloorLink(section, c.table.table_id, c.ledger.path, outbox, signer, floor_key,
                     about=lambda: about(table), info=info(c))  # fmt: skip
    outbox.on_close(link.close)
    link.start()
    table.floor = link


def check_credentials(section: FloorSection, table: Side) -> None:
    """Refuse a ``[floor]`` without credentials or TLS (``FloorAuthError``, logged: the table stays closed);
    log a test's permission to run without them."""
    now = table.clock.wall()
    try:
        lifted = connect.require_auth(section)
    except CredentialsError as refused:
        table.ledger.log_event(EventCode.FLOOR_AUTH_REFUSED, now=now, detail={"problem": str(refused)[:300]})
        raise
    if lifted is not None:
        table.ledger.log_event(EventCode.FLOOR_UNAUTHENTICATED, now=now, detail={"reason": lifted[:300]})


def check_witness(c: Config, section: FloorSection, table: Side, signer: signing.Signer,
                  floor_key: Ed25519PublicKey | None) -> None:  # fmt: skip
    """Compare the ledger with the floor's last signed word; raise ``RollbackError`` (table closed) if
    behind. Words nobody (or somebody else) signed are stepped over and logged as ``FLOOR_FORGED``."""
    now = table.clock.wall()
    try:
        word = witness.fetch_now(section, c.table.table_id, signer.public, floor_key)
    except Exception as unreachable:  # no server answered: play on, and say the check was not made
        reason = f"{type(unreachable).__name__}: {unreachable}".strip().rstrip(":")
        table.ledger.log_event(EventCode.FLOOR_WITNESS_SKIPPED, now=now, detail={"reason": reason[:200]})
        return
    for stepped in word.forged:
        detail = stepped.detail() | {"what": "witness"}
        table.ledger.log_event(EventCode.FLOOR_FORGED, now=now, detail=detail)
    last = word.last
    if last is None:
        table.ledger.log_event(EventCode.FLOOR_WITNESS_PASS, now=now, detail={"witness": "none yet"})
        return
    if isinstance(last, Acceptance):
        _accepted(c, table, last)
        return
    found, shortfall = table.ledger.reaches(last.mark())
    problem = witness.judge(found, last, shortfall)
    if problem is not None:
        said = {"problem": problem, "from": word.source}
        table.ledger.log_event(EventCode.FLOOR_WITNESS_FAIL, now=now, detail=said)
        raise highwater.RollbackError(f"ledger {c.ledger.path}: {problem}")
    detail = {"seq": last.seq, "rows": last.mark().rows, "epoch": last.epoch, "from": word.source}
    table.ledger.log_event(EventCode.FLOOR_WITNESS_PASS, now=now, detail=detail)


def _accepted(c: Config, table: Side, accepted: Acceptance) -> None:
    """Two people accepted a reinstalled table at the floor: the ledger they named opens, any other not."""
    now = table.clock.wall()
    found = highwater.identity(table.ledger.db)
    if not accepted.admits(found):
        problem = (f"the floor accepted ledger {accepted.ledger}… for this table, not this one "
                   f"({found[:16]}…)")  # fmt: skip
        table.ledger.log_event(EventCode.FLOOR_WITNESS_FAIL, now=now, detail={"problem": problem})
        raise highwater.RollbackError(f"ledger {c.ledger.path}: {problem}")
    detail = {"ledger": accepted.ledger, "at": accepted.time, "reason": accepted.reason[:200]}
    actor = Actor(accepted.user, "administrator")  # accept-table takes an administrator first
    table.ledger.log_event(EventCode.FLOOR_ACCEPTED, now=now, actor=actor,
                           detail=detail | {"second_user": accepted.second_user})  # fmt: skip


def watch(table: Side, state: dict[str, Any]) -> None:
    """Once a second: log the link going down or up; tilt past the backlog age, clear when it drains."""
    link = table.floor
    if link is None or time.monotonic() < state.get("next", 0.0):
        return
    state["next"] = time.monotonic() + WATCH_EVERY_S
    status = link.status()
    if status.online != state.get("online", True):
        code = EventCode.FLOOR_ONLINE if status.online else EventCode.FLOOR_OFFLINE
        table.ledger.log_event(code, now=table.clock.wall(), detail=_detail(status))
        state["online"] = status.online
    limit = table.config.floor.max_offline_minutes * 60 if table.config.floor else 0
    late = status.age_s(table.clock.wall()) > limit
    tilted = any(t.kind is TiltKind.FLOOR_OFFLINE for t in table.tilts.active)
    if late and not tilted:
        minutes = table.config.floor.max_offline_minutes if table.config.floor else 0
        detail = f"{status.backlog} floor events unsent for more than {minutes} min"
        table.tilts.raise_tilt(Tilt(TiltKind.FLOOR_OFFLINE, None, detail))
    elif tilted and not late:
        table.tilts.clear_tilt(TiltKind.FLOOR_OFFLINE, None, None, condition_over=True)
    _post_closed(table, link)
    floor_orders.obey(table, link, state)
    while not link.forged.empty():
        number, problem = link.forged.get_nowait()
        said = {"number": number, "problem": problem[:200]}
        table.ledger.log_event(EventCode.VOUCHER_FORGED, now=table.clock.wall(), detail=said)


def _post_closed(table: Side, link: FloorLink) -> None:
    """Close in the ledger our vouchers the floor closed: paid or voided elsewhere, or our own claim whose
    posting a crash cut off (the ticket is in our box: the seat gets its credits)."""
    while not link.closed.empty():
        closed = link.closed.get_nowait()
        with contextlib.suppress(VoucherError):  # the ledger refuses it (closed here already): it says so
            _post_one_closed(table, closed)


def _post_one_closed(table: Side, closed: ClosedOnFloor) -> None:
    """Post one closed voucher, unless this ledger already did: the sweep reads the bucket and the ledger
    on its own thread, so it reports a claim of ours that won between our compare-and-set and our posting
    as if a crash had cut it off (posting it again broke the table's tick, or logged a false refusal)."""
    now, ledger = table.clock.wall(), table.ledger
    if closed.issuer != table.config.table.table_id:
        if closed.seat is not None:  # our claim of another table's voucher; refused if posted already
            ledger.redeem_floor_voucher(closed.number, closed.seat, closed.amount, closed.issuer, now=now)
        elif closed.number in _open_claims(table):  # a claim of ours that lost: the winner posts it, the
            # issuer closes it; never looked up again. One the floor refused meanwhile was dropped with its
            # refusal: the sweep read it while it was in flight, and it is not logged lost twice.
            detail = {"number": closed.number, "at": closed.where, "voided": closed.voided}
            ledger.log_event(EventCode.VOUCHER_CLAIM_LOST, now=now, detail=detail)
        return
    own = _own(table, closed.number)
    if own is None or own.state not in ("outstanding", "expired"):
        return  # closed here already (our own redemption, posted after the sweep looked)
    if closed.seat is not None:
        ledger.redeem_voucher(closed.number, closed.seat, now=now, floor=True)
    else:
        ledger.voucher_paid_elsewhere(closed.number, closed.where, now=now, voided=closed.voided)


def _open_claims(table: Side) -> list[str]:
    """Our claims of other tables' vouchers not posted and not known lost, as the link reads them."""
    reader = OutboxReader(table.config.ledger.path)
    try:
        return reader.claimed()
    finally:
        reader.close()


def _own(table: Till, number: str) -> Voucher | None:
    try:
        return table.ledger.voucher(number, now=table.clock.wall())
    except VoucherError:  # not printed here (or not a validation number: the floor will say so)
        return None


def unknown_line(number: str) -> str:
    """The reader's refusal of a ticket neither this ledger nor the floor knows (no table of ours printed
    it): at a seat with a SAS line, the casino system is asked instead (``cabinet``)."""
    return f"voucher {number} is unknown on the floor"


def reader_refusal(table: Till, number: str, room: Callable[[int], str | None] = lambda _: None
                   ) -> str | None:  # fmt: skip
    """Why the reader must give the ticket back (one line), or ``None`` to take it in. ``room`` is asked
    last, with the amount of a ticket the table would pay, whether the seat has room for it (the credit
    limit): its refusal happens before any claim, so the ticket stays payable on the floor."""
    link = table.floor
    own = _own(table, number)
    if own is not None and own.state != "outstanding":
        return f"voucher is {own.state}"
    if link is None:
        return None if own is None else room(own.amount)
    try:
        found = link.call(lambda kv: vouchers.read(kv, number))
    except FloorUnavailable:
        return room(own.amount) if own is not None else OFFLINE_LINE
    if found is None:
        return room(own.amount) if own is not None else unknown_line(number)
    refused = vouchers.refusal(found[0], stamp(table.clock.wall()))
    if refused is None and own is None:
        try:
            problem = link.check_foreign(found[0])
        except FloorUnavailable:
            return OFFLINE_LINE
        if problem is not None:
            _log_forged(table, None, number, found[0], problem)
            return FORGED_LINE
    if refused is not None:
        return refused
    return room(own.amount if own is not None else int(found[0]["amount"]))


def redeem(table: Till, seat: int, number: str) -> int:
    """Redeem at ``seat``: compare-and-set on the floor first, then the ledger; returns the seat's credits.

    Raises ``VoucherError`` (logged as a refusal) when the floor or the ledger refuses it.
    """
    link, ledger = table.floor, table.ledger
    own = _own(table, number)
    if link is None or (own is not None and own.state != "outstanding"):
        ledger.redeem_voucher(number, seat, now=table.clock.wall())  # refuses and logs it
        return ledger.credits(seat)
    when = stamp(table.clock.wall())
    by = {"table": table.config.table.table_id, "seat": seat, "time": when, "offline": False}
    if own is None:  # the intent first: a crash after the floor's compare-and-set is found again
        intent = {"number": number}
        ledger.log_event(EventCode.VOUCHER_CLAIM, now=table.clock.wall(), seat=seat, detail=intent)
    try:
        record, revision = link.call(lambda kv: vouchers.close(kv, number, "redeemed", by, signer=link.signer,
                                                               time=when))  # fmt: skip
    except FloorUnavailable:
        if own is None:
            _refuse(table, seat, number, OFFLINE_LINE)
        ledger.redeem_voucher(number, seat, now=table.clock.wall())  # ours, offline: reconciled later
        return ledger.credits(seat)
    except vouchers.UnknownVoucherError as unknown:
        if own is None:
            _refuse(table, seat, number, str(unknown), lost=True)
        ledger.redeem_voucher(number, seat, now=table.clock.wall())  # ours, its issue not sent yet
        return ledger.credits(seat)
    except vouchers.FloorVoucherError as refused:
        _refuse(table, seat, number, str(refused), lost=own is None)
    if own is None:
        _foreign_holds(table, link, seat, number, record, revision)
    try:
        if own is not None:
            ledger.redeem_voucher(number, seat, now=table.clock.wall(), floor=True)
        else:
            ledger.redeem_floor_voucher(number, seat, int(record["amount"]), str(record["issuer"]),
                                        now=table.clock.wall())  # fmt: skip
    except LedgerError:  # not posted: the voucher goes back to issued on the floor
        with contextlib.suppress(FloorUnavailable):
            link.call(lambda kv: vouchers.release(kv, number, record, revision, link.signer))
        raise
    return ledger.credits(seat)


def _foreign_holds(table: Till, link: FloorLink, seat: int, number: str, record: vouchers.Record,
                   revision: int) -> None:  # fmt: skip
    """Another table's voucher we just claimed: pay it only when its record holds (:func:`vouchers.forgery`
    on the very record the claim replaced). A forgery goes back to the floor as it was, is logged as
    ``VOUCHER_FORGED`` (the floor's alert) and refused in one line. The check comes after the claim so two
    tables racing for a voucher race on equal terms; a claim a crash cuts off is checked by the link's
    sweep before it is posted."""
    try:
        problem = link.check_foreign(record)
    except NoFloorService:  # nobody can check it now: the claim goes back, the ticket stays payable
        try:
            link.call(lambda kv: vouchers.release(kv, number, record, revision, link.signer))
        except FloorUnavailable:  # the claim stands; the sweep checks it before posting it
            _refuse(table, seat, number, OFFLINE_LINE)
        _refuse(table, seat, number, OFFLINE_LINE, lost=True)
    except FloorUnavailable:  # the claim stands; the sweep checks it before posting it
        _refuse(table, seat, number, OFFLINE_LINE)
    if problem is None:
        return
    with contextlib.suppress(FloorUnavailable):
        link.call(lambda kv: vouchers.release(kv, number, record, revision, link.signer))
    _log_forged(table, seat, number, record, problem)
    _refuse(table, seat, number, FORGED_LINE, lost=True)


def _log_forged(table: Till, seat: int | None, number: str, record: vouchers.Record, problem: str) -> None:
    """A forged voucher: the event the floor alerts on (who claims to have printed it, for how much)."""
    detail: dict[str, Any] = {"number": number, "issuer": str(record.get("issuer", ""))[:32],
                              "problem": problem[:200]}  # fmt: skip
    with contextlib.suppress(TypeError, ValueError):
        detail["amount"] = int(record.get("amount", 0))
    table.ledger.log_event(EventCode.VOUCHER_FORGED, now=table.clock.wall(), seat=seat, detail=detail)


def _refuse(table: Till, seat: int, number: str, reason: str, lost: bool = False) -> NoReturn:
    """Log the refusal and raise it; ``lost``: the floor's answer was final (not a timeout, whose claim
    may have won unseen), so the claim logged before it is dropped from the link's look-ups."""
    detail = {"number": number, "reason": reason} | ({"claim": "lost"} if lost else {})
    table.ledger.log_event(EventCode.VOUCHER_REFUSED, now=table.clock.wall(), seat=seat, detail=detail)
    raise VoucherError(reason)


def link_meters(table: Side) -> tuple[MeterView, ...]:
    """What service mode shows of the link, first on the meters page: up or down, the backlog, its age."""
    if table.floor is None:
        return ()
    status = table.floor.status()
    age = int(status.age_s(table.clock.wall()))
    return (MeterView("floor_link_up", int(status.online)), MeterView("floor_backlog", status.backlog),
            MeterView("floor_backlog_seconds", age))  # fmt: skip


def _detail(status: LinkStatus) -> dict[str, Any]:
    return {"backlog": status.backlog, "oldest": status.oldest, "error": status.error[:200]}


def info(c: Config) -> dict[str, Any]:
    """What the floor needs to know of this table: game, venue, seats, and the PAR sheet's house edge of
    every offered wager (exact fractions), so the floor can set each day's hold against PAR."""
    edges = {f"{row.game}:{row.wager}": str(row.house_edge) for row in par_rows(c)}
    return {"game": c.table.game, "venue": c.table.venue, "seats": c.table.seats, "par": edges}


def about(table: Side) -> dict[str, Any]:
    """What the alive message says of the table (read from the link's thread: plain values only)."""
    return {
        "game": table.config.table.game,
        "venue": table.config.table.venue,
        "phase": table.phase.value,
        "round_id": table.round_id,
        "tilts": [t.kind.value for t in table.tilts.active],
    }
