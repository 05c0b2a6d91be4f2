"""The acts of service mode, each one function of the table: the desk has already checked key, PIN and role.

Views read the ledger (:mod:`terminal.desk.views`); acts that change something go through the ledger's own
two-person and logging paths (voucher void, RAM clear, configuration change, hand-pay) and then tell the
table (a hand-pay lock cleared, a new epoch opened).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import replace
from datetime import date, datetime

from rng import RngFailure
from rng.selftest import power_up
from terminal.desk import config_change as cfg_edit
from terminal.desk import views
from terminal.desk.auth import Session
from terminal.desk.report_origin import provenance
from terminal.ledger import Actor, EventCode, dayreport
from terminal.ledger.vouchers import Voucher
from terminal.net.messages import Message
from terminal.net.messages import service as sm
from terminal.software import installs
from terminal.table import config_record, ratchet
from terminal.table.identity import identity
from terminal.table.phases import Phase
from terminal.table.table import Table
from terminal.table.tickets import Printer, printed_voucher
from terminal.table.tilts import RULES, Tilt, TiltKind


class ActError(ValueError):
    """An act refused for what it was asked (bad arguments, a blocked change)."""


def _number(text: str, what: str) -> int:
    if not text.isdigit():
        raise ActError(f"{what} {text!r} is not a whole number")
    return int(text)


def _args(args: tuple[str, ...], count: int, names: str) -> tuple[str, ...]:
    if len(args) != count:
        raise ActError(f"expected {count} argument(s): {names}; got {len(args)}")
    return args


# -- views ---------------------------------------------------------------------------------------------
def meters(table: Table) -> Message:
    report = views.meters_report(table.ledger, table.config)
    if table.floor is None:
        return report
    from terminal.table import floor_side  # the floor's modules load only with [floor]

    return replace(report, meters=(*floor_side.link_meters(table), *report.meters))


def events(table: Table, args: tuple[str, ...]) -> Message:
    kind, since, until, page = _args(args, 4, "kind, since, until, page")
    if kind and kind.upper() not in EventCode.__members__:
        raise ActError(f"event kind {kind!r} is unknown")
    return views.event_page(table.ledger, kind, since, until, _number(page or "1", "page"))


def recall(table: Table, args: tuple[str, ...]) -> Message:
    (round_id,) = _args(args, 1, "round id")
    return views.round_recall(table.ledger.recall(_number(round_id, "round id")))


def recall_seat(table: Table, args: tuple[str, ...]) -> Message:
    (seat,) = _args(args, 1, "seat")
    number = _number(seat, "seat")
    if not 1 <= number <= table.config.table.seats:
        raise ActError(f"seat {number} is not a seat of this table (1-{table.config.table.seats})")
    return views.recall_list(number, table.ledger.recent(number, 100))


def tilt_list(table: Table) -> Message:
    shown = []
    for t in table.tilts.active:
        rule = RULES[t.kind]
        role = rule.role.name.lower() if rule.role is not None else "install_act" if rule.act else ""
        shown.append(sm.TiltView(t.kind.value, t.seat, views.clip(t.detail), role, rule.automatic))
    return sm.TiltList(tuple(shown))


def report(table: Table, args: tuple[str, ...]) -> Message:
    (day,) = _args(args, 1, "day")
    return views.day_report(table.ledger, *_gaming_day(table, day))


def _gaming_day(table: Table, day: str) -> tuple[datetime, datetime]:
    """Gaming day ``day`` (``YYYY-MM-DD``; empty: the one the table's clock is in), from ``[table]
    gaming_day_hour`` UTC to the same hour the next day: the floor's day for this table."""
    hour = table.config.table.gaming_day_hour
    try:
        named = date.fromisoformat(day) if day else dayreport.gaming_day_of(table.clock.wall(), hour)
    except ValueError:
        raise ActError(f"day {day!r} is not YYYY-MM-DD") from None
    return dayreport.gaming_day_bounds(named, hour)


def report_export(table: Table, args: tuple[str, ...]) -> Message:
    """The end-of-day report of a gaming day as CSV and PDF in ``[lab] output_dir``; the reply names both."""
    (day,) = _args(args, 1, "day")
    start, end = _gaming_day(table, day)
    built = table.ledger.day_report(start, end)
    c = table.config
    origin = provenance(c, _verification(table), table.clock.wall())
    stem = c.lab.output_dir / f"dayreport-{c.table.table_id}-{start:%Y-%m-%d}"
    csv_path = dayreport.write_csv(built, stem.with_suffix(".csv"), origin)
    from terminal.ledger import daypdf  # fpdf2 only when a PDF is made, not at every table's start

    pdf_path = daypdf.write_pdf(built, stem.with_suffix(".pdf"), origin=origin)
    return sm.ServiceDone("report_export", views.clip(f"CSV {csv_path}  PDF {pdf_path}"))


def _verification(table: Table) -> str:
    """The ledger verified from its last checkpoint and held to its high-water mark, for a report."""
    found = table.ledger.verify(incremental=True)
    finding = found.first_bad or table.ledger.check_mark()
    if finding is not None:
        return f"FAILED after {found.rows} rows: {finding}; the figures are not to be trusted"
    return f"OK: {found.rows} rows since the last checkpoint verified up to the high-water mark"


def voucher(table: Table, args: tuple[str, ...]) -> Message:
    (number,) = _args(args, 1, "validation number")
    return views.voucher_info(table.ledger.voucher(number, now=table.clock.wall()))


def config_listing(table: Table) -> Message:
    path = table.config.path
    text = path.read_text(encoding="utf-8")
    entries = tuple(
        sm.ConfigEntry(section, key, views.clip(value), default)
        for (section, key), (value, default) in cfg_edit.values(text).items()
    )
    return sm.ConfigListing(views.clip(str(path)), entries)


# -- acts that change the table --------------------------------------------------------------------------
def recent_vouchers(table: Table, args: tuple[str, ...]) -> Message:
    """The last N vouchers issued and redeemed (N from 1 to 50, 10 if not given)."""
    count = _number(args[0], "count") if args and args[0] else 10
    if not 1 <= count <= 50:
        raise ActError(f"count {count}: from 1 to 50")
    issued, redeemed = table.ledger.recent_vouchers(count, now=table.clock.wall())

    def line(v: Voucher, when: str) -> sm.VoucherLine:
        return sm.VoucherLine(v.number, v.seat, v.amount, when, v.state)

    return sm.VoucherHistory(
        tuple(line(v, v.issued_at) for v in issued), tuple(line(v, v.closed_at or "") for v in redeemed)
    )


def reprint_voucher(
    table: Table, printer: Printer | None, session: Session, args: tuple[str, ...]
) -> Message:
    """Print an outstanding voucher's ticket again on its seat's printer, marked REPRINT, and log who."""
    (number,) = _args(args, 1, "validation number")
    found = table.ledger.voucher(number, now=table.clock.wall())
    if found.state != "outstanding":
        raise ActError(f"voucher {number} is {found.state}: only an outstanding voucher is reprinted")
    if printer is None:
        raise ActError("this table has no printer to reprint on")
    ticket = printed_voucher(table, found.seat, number, found.amount, found.expires_at, found.issued_at, True)
    printer(found.seat, ticket)
    actor = Actor(session.user.user_id, session.user.role_name)
    detail = {"number": number, "seat": found.seat, "amount": found.amount}
    table.ledger.log_event(EventCode.VOUCHER_REPRINT, now=table.clock.wall(), seat=found.seat, actor=actor,
                           detail=detail)  # fmt: skip
    return sm.ServiceDone("voucher_reprint", f"voucher {number} reprinted at seat {found.seat}")


def handpay(table: Table, session: Session, args: tuple[str, ...]) -> Message:
    """Pay the locked seat's credits by hand and clear its hand-pay lock."""
    (seat_text,) = _args(args, 1, "seat")
    seat = _number(seat_text, "seat")
    amount = table.cashier.hand_pay(seat, Actor(session.user.user_id, session.user.role_name), session.role)
    return sm.ServiceDone("handpay", f"seat {seat}: {amount} paid by hand, seat unlocked")


def clear_tilt(table: Table, session: Session, args: tuple[str, ...]) -> Message:
    """Clear a tilt whose condition is over, with the role its rule needs."""
    kind_text, seat_text = _args(args, 2, "kind, seat")
    try:
        kind = TiltKind(kind_text)
    except ValueError:
        raise ActError(f"tilt kind {kind_text!r} is unknown") from None
    seat = _number(seat_text, "seat") if seat_text else None
    if kind is TiltKind.RNG_FAILURE and seat is None:  # self-test, then reseed, then clear
        try:
            table.health.clear_rng_failure(session.role)
        except RngFailure as failed:
            raise ActError(f"the RNG self-test failed; the tilt stays: {failed}") from None
        return sm.ServiceDone("clear_tilt", "rng_failure cleared: self-test passed, generator reseeded")
    table.tilts.clear_tilt(kind, seat, session.role, condition_over=_condition_over(table, kind, seat))
    if kind is TiltKind.CONFIG_UNLOGGED:  # the administrator accepts the file: the next boot agrees
        config_record.accept(table, Actor(session.user.user_id, session.user.role_name))
    return sm.ServiceDone("clear_tilt", f"{kind.value} cleared" + (f" at seat {seat}" if seat else ""))


def _condition_over(table: Table, kind: TiltKind, seat: int | None) -> bool:
    """Whether the cause is gone: the key is off, the ledger verifies, the RNG self-tests again."""
    if kind in (TiltKind.SERVICE_MODE, TiltKind.FLOOR_CLOSED, TiltKind.SAS_DISABLED, TiltKind.SAS_LINK):
        return False  # it ends when the key is turned back, the floor puts the table back, the casino
        # system enables the seat (SAS 02) or is heard again: never at a person's word
    if kind in (TiltKind.DOOR_OPEN, TiltKind.DEVICE_FAULT):
        return table.tilts.condition_over(kind, seat)  # the sensor says, never the person clearing it
    if kind is TiltKind.LEDGER_INTEGRITY:
        return table.ledger.verify().ok  # never cleared while the chain is broken
    if kind is TiltKind.RNG_FAILURE:
        try:
            power_up(table.config.rng.generator)
        except RngFailure:
            return False
    return True


def void_voucher(table: Table, first: Actor, second: Actor, args: tuple[str, ...]) -> Message:
    number, reason = _args(args, 2, "number, reason")
    if not reason.strip():
        raise ActError("voiding a voucher needs a reason")
    voided = table.ledger.void_voucher(number, first, second, reason.strip(), now=table.clock.wall())
    return sm.ServiceDone(
        "voucher_void", f"voucher {voided.number} ({voided.amount}) voided: {reason.strip()}"
    )


def change_blocked(table: Table) -> str:
    """Why the configuration may not change now ("" when it may): credits on a seat or a round in play."""
    seats = [s for s in range(1, table.config.table.seats + 1) if table.ledger.credits(s)]
    if seats:
        return "credits on seat " + ", ".join(map(str, seats))
    if table.ledger.pending() or table.phase not in (Phase.OPEN, Phase.SHOWN):
        return f"round {table.round_id} is in progress (wagers in play)"
    return ""


# Sections that touch neither money nor the game (how loud, where windows open): a technician may change
# them with credits on the seats and a round in play, still with two people and logged.
PRESENTATION = ("sound", "windows")


def _blocked(table: Table, edits: tuple[cfg_edit.Edit, ...]) -> str:
    return "" if all(e.section in PRESENTATION for e in edits) else change_blocked(table)


def config_preview(table: Table, args: tuple[str, ...]) -> Message:
    """Validate a change with the loader and show it; nothing is written."""
    edits = tuple(cfg_edit.parse_edit(a) for a in args)
    _, _, changes = cfg_edit.prepare(table.config.path, edits)
    return sm.ConfigDiff(_change_views(changes), False, _blocked(table, edits))


def config_change(table: Table, first: Actor, second: Actor, args: tuple[str, ...]) -> Message:
    """Write a validated change (two people, nothing on the table), logged with before and after."""
    edits = tuple(cfg_edit.parse_edit(a) for a in args)
    blocked = _blocked(table, edits)
    if blocked:
        raise ActError(f"the configuration may not change now: {blocked}")
    text, _, changes = cfg_edit.prepare(table.config.path, edits)
    before = {f"{c.section}.{c.key}": c.before for c in changes}
    after = {f"{c.section}.{c.key}": c.after for c in changes}
    with config_record.home_ledger(table) as home:  # production's log, even in lab mode
        home.config_changed(before, after, first, second, now=table.clock.wall(),
                            config_sha256=hashlib.sha256(text.encode("utf-8")).hexdigest())  # fmt: skip
    cfg_edit.write(table.config.path, text)
    return sm.ConfigDiff(_change_views(changes), True, "")


def _change_views(changes: tuple[cfg_edit.Change, ...]) -> tuple[sm.ConfigChangeView, ...]:
    clip = views.clip
    return tuple(sm.ConfigChangeView(c.section, c.key, clip(c.before), clip(c.after)) for c in changes)


def ram_clear(table: Table, first: Actor, second: Actor) -> Message:
    """Archive the epoch (the ledger refuses while money is held), then open a fresh round in the new one."""
    blocked = change_blocked(table)
    if blocked:
        raise ActError(f"RAM clear refused: {blocked}")
    archive = table.ledger.ram_clear(first, second, now=table.clock.wall())
    table.auditor.boot()  # a new epoch: its meters start at zero, audited (and marked) afresh
    table.driver.restore(None, [])
    table.phase = Phase.SHOWN
    table.open_round()
    return sm.ServiceDone("ram_clear", f"epoch {table.ledger.epoch()} started; archive {archive.name}")


def selftest(table: Table, verifier: Callable[[], tuple[str, str]] | None) -> Message:
    """RNG known answers and health checks, ledger integrity and meters, software verification."""
    now = table.clock.wall()
    results = [_rng_test(table), _ledger_test(table)]
    if verifier is not None:
        status, detail = verifier()
        code = {
            "pass": EventCode.SOFTWARE_VERIFY_PASS, "not_installed": EventCode.SOFTWARE_VERIFY_SKIPPED
        }.get(status, EventCode.SOFTWARE_VERIFY_FAIL)  # fmt: skip
        table.ledger.log_event(code, now=now, detail={"detail": detail[:200], "on_demand": True})
        results.append(sm.SelfTestView("software", status, views.clip(detail)))
    else:
        results.append(sm.SelfTestView("software", "not_installed", "software verification is not installed"))
    lines = tuple(sm.IdentityLine(k, g, views.clip(v)) for k, g, v in identity(table.config).rows())
    recent, problem = installs.last(table.config.lab.install_log)
    problem = problem or ratchet.log_cut(table.ledger, table.config.lab.install_log)  # its tail cut off
    installed = tuple(
        sm.InstallView(i.time, i.version, i.manifest_sha256[:16], views.clip(i.result), i.who[:64])
        for i in recent
    )
    return sm.SelfTestReport(tuple(results), lines, installed, views.clip(problem or ""))


def _rng_test(table: Table) -> sm.SelfTestView:
    now = table.clock.wall()
    try:
        checks = power_up(table.config.rng.generator)
    except RngFailure as failed:
        table.ledger.log_event(EventCode.RNG_SELFTEST_FAIL, now=now, detail={"failure": str(failed)})
        table.tilts.raise_tilt(Tilt(TiltKind.RNG_FAILURE, None, str(failed)))
        return sm.SelfTestView("rng", "fail", views.clip(str(failed)))
    passed = sum(r.passed for r in checks)
    table.ledger.log_event(EventCode.RNG_SELFTEST_PASS, now=now, detail={"checks": passed, "on_demand": True})
    return sm.SelfTestView("rng", "pass", f"{passed} known-answer and health checks passed")


def _ledger_test(table: Table) -> sm.SelfTestView:
    """The whole chain verifies and reaches its sealed high-water mark (``Health.self_test_ledger``, which
    logs and tilts), and the meters agree with the journal."""
    finding = table.health.self_test_ledger()
    if finding is None:
        findings = table.ledger.audit()
        if not findings:
            return sm.SelfTestView("ledger", "pass", "the chain verifies up to its sealed mark; meters agree")
        finding = findings[0]
        table.ledger.log_event(
            EventCode.LEDGER_VERIFY_FAIL, now=table.clock.wall(), detail={"failure": finding[:200]}
        )
        table.tilts.raise_tilt(Tilt(TiltKind.LEDGER_INTEGRITY, None, finding[:200]))
    return sm.SelfTestView("ledger", "fail", views.clip(str(finding)))
