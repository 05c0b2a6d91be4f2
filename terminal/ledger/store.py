"""The ledger facade: one object the table controller, service mode and the CLI talk to.

Every method that changes the ledger runs exactly one durable transaction (``now`` is injected and
stamped on it), so each is all-or-nothing across a power cut. Opening a ledger checks the database
settings and runs the incremental verification before anything else may happen.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import sqlite_utils

from terminal.config import Config
from terminal.games.base import Settlement
from terminal.ledger import (
    accounts,
    aft,
    cashier,
    dayreport,
    epochs,
    events,
    floor_vouchers,
    highwater,
    keyfile,
    meters,
    outbox,
    recall,
    rounds,
    sas_tickets,
    sas_validation,
    schema,
    vouchers,
)
from terminal.ledger import audit as memory
from terminal.ledger.chain import Chain, Head
from terminal.ledger.errors import (
    BillError,
    ConstraintError,
    EpochError,
    IntegrityError,
    StorageError,
    VoucherError,
    diagnose,
    storage_errors,
)
from terminal.ledger.events import EventCode
from terminal.ledger.lock import FolderLock
from terminal.ledger.recall import RoundRecord, SeatWager, WagerRecord
from terminal.ledger.records import Actor, check_seat, stamp, to_json
from terminal.ledger.rounds import Draw, WagerSpec
from terminal.ledger.verify import Verification, verify
from terminal.ledger.verify import since as verify_since

#: What a bill acceptor reports about a bill; only a stacked bill is in the cash box.
BILL_STATES = ("escrowed", "stacked", "returned", "rejected")

#: An event written inside another transaction: (code, seat, detail).
Logged = tuple[EventCode, "int | None", Mapping[str, Any]]

#: Commits between two checkpoints of the write-ahead log (about SQLite's 1,000 pages at a round's size).
CHECKPOINT_COMMITS = 100

#: Events that remember the games-played meter, so "games since power-up / door close" can be read.
_MARKED = (EventCode.POWER_UP, EventCode.DOOR_CLOSE)


class Ledger:
    """A ledger database with its chain key; see the module docstring."""

    def __init__(self, path: Path | str, key: bytes, *, now: datetime, checkpoint_rows: int = 10_000,
                 bills: Sequence[int] = (), voucher_expiry_days: int = 0, archive_dir: Path | None = None,
                 check: bool = True, mark_path: Path | None = None,
                 outbox_table: str | None = None,
                 meter_digits: int = meters.DEFAULT_DIGITS) -> None:  # fmt: skip
        self.path = path
        self._locks: list[FolderLock] = []
        self.mark_path = None if str(path) == ":memory:" or not check else mark_path
        self.marks: highwater.MarkWriter | None = None
        self.outbox: outbox.Outbox | None = None  # set below when the floor link is on
        self.key = key
        self.bills = tuple(bills)
        self.voucher_expiry_days = voucher_expiry_days
        self.archive_dir = archive_dir
        self.checkpoint_rows = checkpoint_rows
        self.meter_digits = meter_digits
        self._commits = 0
        self._after_commit: StorageError | None = None  # a checkpoint's failure, until taken
        mark = self._read_mark()  # read before the database: a mark is never newer than what it follows
        gone = highwater.missing(path, mark, self.mark_path) if self.mark_path is not None else None
        if gone is not None:  # before the file is made: a refused start leaves no empty ledger behind
            raise highwater.RollbackError(gone)
        schema.check_header(path)
        self.db = self._open(path)
        self.chain = Chain(self.db, key, checkpoint_rows)
        self.startup: Verification | None = None
        if check:
            with storage_errors(path, "read"):
                self._check_mark(mark)
                self.startup = verify(self.db, key, incremental=True)
            if not self.startup.ok:
                self.db.close()  # never write to a ledger that does not verify
                raise IntegrityError(f"ledger {path} does not verify: {self.startup.first_bad}")
        # The last event before this process wrote anything: a cut run's last word (``Table.start``).
        found = events.read(self.db, limit=1)
        self.last_before_open: events.Event | None = found[0] if found else None
        if epochs.current(self.db) == 0:
            with self._transaction(now) as time:
                epochs.start(self.chain, time, 1, None, None, None)
        elif self.mark_path is not None and mark != self._mark():
            self._write_mark()  # ahead of the mark (a crash between commit and mark) and verified: advance
        if self.mark_path is not None:
            self.marks = highwater.MarkWriter(self.mark_path, key)
        # The floor's outbox (``[floor]`` set, ``outbox_table`` is the table id): see ``outbox``.
        self.outbox = None if outbox_table is None else outbox.Outbox(self.db, outbox_table)

    @classmethod
    def from_config(
        cls, config: Config, *, now: datetime, entropy: Callable[[int], bytes] = os.urandom
    ) -> Ledger:
        """Open the ledger ``config`` names; the chain key is made on first use."""
        section, money = config.ledger, config.money
        existing = section.path.exists() and section.path.stat().st_size > 0
        schema.check_header(section.path)  # garbage is garbage, whether or not its key is there
        # A ledger that exists keeps its key: a new one beside it would only report the chain as edited.
        key_path = section.key_path
        key = keyfile.load(key_path) if existing else keyfile.load_or_create(key_path, entropy)
        return cls(
            section.path,
            key,
            now=now,
            checkpoint_rows=section.checkpoint_rows,
            bills=money.bills,
            voucher_expiry_days=money.voucher_expiry_days,
            archive_dir=section.archive_dir,
            mark_path=highwater.mark_path(section.key_path),
            meter_digits=section.meter_digits,
            # Lab mode plays test rounds: the floor hears nothing of them.
            outbox_table=config.table.table_id if config.floor is not None and not config.lab.mode else None,
        )

    def hold(self, lock: FolderLock) -> None:
        """Keep the folder's lock (``terminal.ledger.lock``) until :meth:`close`, and lock the database
        file itself if it was made after the folder was locked."""
        self._locks.append(lock)
        try:
            lock.cover_database()
        except BaseException:
            self.close()  # another process reached the new file first: this one gives everything back
            raise

    def close(self) -> None:
        """Close the database (after the high-water mark's last write and the floor link's last drain) and
        give its folder back."""
        self._close_database()
        for lock in self._locks:
            lock.release()
        self._locks.clear()

    def _close_database(self) -> None:
        if self.outbox is not None:
            self.outbox.close()
        if self.marks is not None:
            self.marks.close()
            self.marks = None
        self.db.close()

    @contextmanager
    def _transaction(self, now: datetime) -> Iterator[str]:
        time = stamp(now)
        collected = 0
        try:
            with self.chain.transaction(time):
                yield time
                if self.outbox is not None:  # in the same transaction as the rows it reports
                    collected = self.outbox.collect(self.chain, time)
        except sqlite3.IntegrityError as refused:  # rolled back whole: nothing was recorded
            raise ConstraintError(f"ledger {self.path} refused the transaction: {refused}") from refused
        except sqlite3.Error as failed:  # disk full, locked, corrupt: rolled back, nothing recorded
            cause = diagnose(self.path, failed)
            raise StorageError(f"ledger {self.path} could not be written: {cause}") from failed
        self._write_mark()  # committed: now the high-water mark follows
        if collected and self.outbox is not None:
            self.outbox.committed()
        self._commits += 1
        if self._commits % CHECKPOINT_COMMITS == 0:
            self._checkpoint()

    def _checkpoint(self) -> None:
        """Copy the write-ahead log into the database file. SQLite's automatic checkpoint (off on this
        connection) ignores its own failure; this one's failed write or sync of the database file is kept
        for :meth:`storage_failure`, so the table tilts. The committed rows stay in the log either way."""
        try:
            self.db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except sqlite3.Error as failed:
            cause = diagnose(self.path, failed)
            self._after_commit = self._after_commit or StorageError(
                f"ledger {self.path} could not be checkpointed (its rows stay in the write-ahead log): "
                f"{cause}"
            )

    # -- the high-water mark (see ``highwater``) ------------------------------------------------------
    def _open(self, path: Path | str) -> sqlite_utils.Database:
        with storage_errors(path, "opened"):
            db = schema.open_database(path)
            if str(path) != ":memory:":
                db.execute("PRAGMA wal_autocheckpoint=0")  # the ledger checkpoints itself: ``_checkpoint``
            meters.set_width(db, self.meter_digits)  # the meters roll over at [ledger] meter_digits
        return db

    def _read_mark(self) -> highwater.Mark | None:
        return None if self.mark_path is None else highwater.load(self.mark_path, self.key)

    def _check_mark(self, mark: highwater.Mark | None) -> None:
        if self.mark_path is None:
            return
        problem = highwater.examine(self.db, mark, self.mark_path)
        if problem is not None:
            self.db.close()
            raise highwater.RollbackError(f"ledger {self.path}: {problem}")
        if mark is None:
            highwater.write(self.mark_path, highwater.Mark("", 0, {}), self.key)  # before the first commit

    def _mark(self) -> highwater.Mark:
        return highwater.current(self.db, self.chain.heads, self.epoch())

    def _write_mark(self) -> None:
        if self.marks is not None:
            self.marks.submit(self._mark())  # off the transaction's path: see ``highwater.MarkWriter``
        elif self.mark_path is not None:
            highwater.write(self.mark_path, self._mark(), self.key)  # start-up: at once

    def mark_failure(self) -> StorageError | None:
        """Why the high-water mark's last write failed (disk full, read-only), or ``None``."""
        return None if self.marks is None else self.marks.failure

    def storage_failure(self) -> StorageError | None:
        """A storage fault behind a committed transaction (the mark's write, a checkpoint) not yet reported,
        or ``None``; each is returned once (the tilt board tilts on it)."""
        failure, self._after_commit = self._after_commit, None
        if failure is None and self.marks is not None:
            failure = self.marks.take_failure()
        return failure

    def reaches(self, mark: highwater.Mark) -> tuple[highwater.Mark, str | None]:
        """This ledger's own mark, and what it lacks to reach ``mark`` (the floor's witness), or ``None``."""
        return self._mark(), highwater.shortfall(self.db, mark)

    def check_mark(self) -> str | None:
        """Whether the database still reaches its high-water mark (a self-test); the finding, or ``None``."""
        if self.mark_path is None:
            return None
        if self.marks is not None:
            self.marks.flush()
        return highwater.examine(self.db, self._read_mark(), self.mark_path)

    # -- money in and out ------------------------------------------------------------------------------
    def bill_stacked(self, seat: int, value: int, *, now: datetime) -> int:
        """The acceptor confirmed a bill *stacked*: credit the seat; returns the journal txn id."""
        with self._transaction(now) as time:
            return cashier.bill_stacked(self.chain, time, check_seat(seat), value, self.bills)

    def bill_event(self, seat: int, value: int, state: str, *, now: datetime) -> int | None:
        """A bill acceptor report: only ``stacked`` credits the seat (returns the txn id); ``escrowed``,
        ``returned`` and ``rejected`` bills are not money yet and leave the ledger untouched (``None``)."""
        if state not in BILL_STATES:
            raise BillError(f"bill acceptor state {state!r} is not one of {', '.join(BILL_STATES)}")
        return self.bill_stacked(seat, value, now=now) if state == "stacked" else None

    def handpay(self, seat: int, amount: int, actor: Actor, reason: str, *, now: datetime) -> int:
        """An attendant pays ``amount`` of the seat's credits by hand."""
        with self._transaction(now) as time:
            return cashier.handpay(self.chain, time, check_seat(seat), amount, actor, reason)

    def aft_transfer(self, seat: int, transaction: str, direction: str, amount: int, *,
                     now: datetime) -> aft.Record:  # fmt: skip
        """The casino system's transfer ``transaction`` (SAS AFT) applied once: its record, new or old."""
        with self._transaction(now) as time:
            return aft.transfer(self.chain, time, check_seat(seat), transaction, direction, amount)

    def aft_refuse(self, seat: int, transaction: str, direction: str, amount: int, status: int, reason: str,
                   *, now: datetime) -> aft.Record:  # fmt: skip
        """The casino system's transfer ``transaction`` refused (logged once): its record, new or old."""
        with self._transaction(now) as time:
            seat = check_seat(seat)
            return aft.refuse(self.chain, time, seat, transaction, direction, amount, status, reason)

    def sas_ticket_inserted(self, seat: int, number: str, *, now: datetime) -> int:
        """A ticket not ours held at ``seat`` for the casino system's word (SAS 70/71)."""
        with self._transaction(now) as time:
            return sas_tickets.inserted(self.chain, time, check_seat(seat), number)

    def sas_ticket_redeem(self, seat: int, number: str, amount: int, *, now: datetime) -> int:
        """The casino system validated ticket ``number`` for ``amount``: credit ``seat`` once."""
        with self._transaction(now) as time:
            return sas_tickets.redeem(self.chain, time, check_seat(seat), number, amount)

    def sas_ticket_refuse(self, seat: int, number: str, code: int, reason: str, *, now: datetime) -> int:
        """The ticket ``number`` given back (the casino system refused it, or the table could not take it)."""
        with self._transaction(now) as time:
            return sas_tickets.refuse(self.chain, time, check_seat(seat), number, code, reason)

    def aft_record(self, seat: int, transaction: str) -> aft.Record | None:
        """The ledger's word on the casino system's transfer ``transaction`` at ``seat``."""
        return aft.record(self.db, seat, transaction)

    def cancel_credits(self, seat: int, actor: Actor, *, now: datetime, amount: int | None = None) -> int:
        """An attendant pays the seat's credits (all, or ``amount``) out in cash."""
        with self._transaction(now) as time:
            value = self.credits(seat) if amount is None else amount
            return cashier.cancel_credits(self.chain, time, check_seat(seat), value, actor)

    # -- rounds ----------------------------------------------------------------------------------------
    def open_round(self, game: str, *, now: datetime, detail: Mapping[str, Any] | None = None) -> int:
        """Start a round of ``game``; returns its id."""
        with self._transaction(now) as time:
            return rounds.open_round(self.chain, time, game, to_json(dict(detail or {})))

    def place_wager(self, round_id: int, spec: WagerSpec, *, now: datetime) -> int:
        """Place one wager: its stake moves to the seat's wagers in play at once."""
        return self.place_wagers(round_id, [spec], now=now)[0]

    def place_wagers(self, round_id: int, specs: Sequence[WagerSpec], *, now: datetime) -> list[int]:
        """Place several wagers in one transaction (all or none)."""
        for spec in specs:
            check_seat(spec.seat)
        with self._transaction(now) as time:
            return rounds.place_wagers(self.chain, time, round_id, specs)

    def withdraw_wagers(self, round_id: int, refs: Sequence[str], *, now: datetime) -> int:
        """Take wagers down while round ``round_id`` is open: stakes back to their seats, off every meter."""
        with self._transaction(now) as time:
            return rounds.withdraw_wagers(self.chain, time, round_id, refs)

    def record_outcome(self, round_id: int, outcome: Any, draw: Draw, *, now: datetime) -> int:
        """Persist the outcome and its draw record, committed durably before it may be shown or settled."""
        with self._transaction(now) as time:
            return rounds.record_outcome(self.chain, time, round_id, to_json(outcome), draw)

    def settle_round(self, round_id: int, settlements: Sequence[Settlement], *, now: datetime,
                     state: Any = None, void: bool = False,
                     logged: Sequence[Logged] = ()) -> int:  # fmt: skip
        """Post the round's settlements, meters, recall and (if given) the multi-round state together, with
        the events ``logged`` ((code, seat, detail): the hand-pay locks its awards raise) in the same
        transaction, so no award is ever on the books without its lock."""
        with self._transaction(now) as time:
            text = None if state is None else to_json(state)
            txn = rounds.settle_round(self.chain, time, round_id, settlements, text, void)
            for code, seat, detail in logged:
                events.log(self.chain, time, code, seat=seat, detail=detail)
            return txn

    def record_state(self, game: str, state: Any, *, now: datetime, round_id: int | None = None) -> int:
        """Persist a multi-round state outside a settlement."""
        with self._transaction(now):
            return rounds.record_state(self.chain, round_id, game, to_json(state))

    def recall(self, round_id: int) -> RoundRecord:
        """The full record of one round."""
        return recall.recall(self.db, round_id)

    def recent(self, seat: int, limit: int = 100) -> list[RoundRecord]:
        """The last ``limit`` rounds of ``seat``, newest first."""
        return recall.recent(self.db, seat, limit)

    def outcomes(self, limit: int, after: int = 0) -> list[tuple[int, Any]]:
        """The last ``limit`` outcomes (of rounds after ``after``) as (round id, outcome), newest first."""
        return recall.outcomes(self.db, limit, after)

    def seat_rounds(self, seat: int, limit: int) -> list[tuple[int, Any, int, int, list[SeatWager]]]:
        """A seat's last settled rounds as (round id, outcome, staked, returned, wagers), newest first."""
        return recall.seat_rounds(self.db, seat, limit)

    def resume(self) -> RoundRecord | None:
        """The last round, to resume from after a restart."""
        return recall.resume(self.db)

    def latest_state(self, game: str) -> Any:
        """The last persisted multi-round state of ``game``."""
        return recall.latest_state(self.db, game)

    def pending(self, seat: int | None = None) -> list[WagerRecord]:
        """Wagers in play, not settled yet."""
        return recall.pending(self.db, seat)

    # -- vouchers --------------------------------------------------------------------------------------
    def issue_voucher(self, seat: int, randbelow: Callable[[int], int], *, now: datetime,
                      amount: int | None = None, sas: bool = False) -> vouchers.Voucher:  # fmt: skip
        """Print a voucher for the seat's credits (all, or ``amount``); its number from ``randbelow``, or
        with ``sas`` and a validation ID the casino system gave the seat (4C), the seat's next SAS number."""
        days = self.voucher_expiry_days
        expires = stamp(now + timedelta(days=days)) if days else None
        numbered = sas_validation.next_for(self.db, seat) if sas else None
        for tried in range(100):
            if numbered is not None:
                number = sas_validation.number(numbered[0], (numbered[1] + tried) % sas_validation.SEQUENCE)
            else:
                number = vouchers.validation_number(randbelow)
            if self.db.execute("SELECT 1 FROM vouchers WHERE number = ?", [number]).fetchone() is None:
                break
        else:
            raise VoucherError("no unused validation number after 100 draws: is the RNG stuck?")
        with self._transaction(now) as time:
            value = self.credits(seat) if amount is None else amount
            return vouchers.issue(self.chain, time, expires, check_seat(seat), value, number)

    def redeem_voucher(self, number: str, seat: int, *, now: datetime, floor: bool = False) -> int:
        """Credit ``seat`` with the voucher; a refusal is logged (committed) and then raised.

        ``floor``: the floor's voucher bucket already moved it to redeemed (nothing to reconcile later)."""
        try:
            with self._transaction(now) as time:
                extra = {"floor": True} if floor else None
                return vouchers.redeem(self.chain, time, number, check_seat(seat), extra)
        except VoucherError as refused:
            with self._transaction(now) as time:
                vouchers.log_refusal(self.chain, time, number, seat, str(refused))
            raise

    def redeem_floor_voucher(self, number: str, seat: int, amount: int, issuer: str, *, now: datetime) -> int:
        """Credit ``seat`` with another table's voucher the floor's bucket just moved to redeemed for us."""
        with self._transaction(now) as time:
            return floor_vouchers.redeem(self.chain, time, number, check_seat(seat), amount, issuer)

    def voucher_paid_elsewhere(self, number: str, where: str, *, now: datetime, voided: bool = False) -> int:
        """Close our voucher that the floor says was redeemed (or voided) at ``where``; returns its amount."""
        with self._transaction(now) as time:
            return floor_vouchers.paid_elsewhere(self.chain, time, number, where, voided)

    def void_voucher(
        self, number: str, first: Actor, second: Actor, reason: str, *, now: datetime
    ) -> vouchers.Voucher:
        """Void a voucher: two different users and a reason."""
        with self._transaction(now) as time:
            return vouchers.void(self.chain, time, number, first, second, reason)

    def voucher(self, number: str, *, now: datetime) -> vouchers.Voucher:
        """Look a voucher up by validation number."""
        return vouchers.lookup(self.db, number, stamp(now))

    def recent_vouchers(
        self, limit: int, *, now: datetime
    ) -> tuple[list[vouchers.Voucher], list[vouchers.Voucher]]:
        """The last ``limit`` vouchers issued here and the last redeemed here, newest first."""
        return vouchers.recent(self.db, limit, stamp(now))

    def end_of_day(self, start: datetime, end: datetime) -> dict[str, int]:
        """Voucher counts of ``[start, end)`` and the outstanding ones at ``end``."""
        return vouchers.end_of_day(self.db, stamp(start), stamp(end))

    def day_report(self, start: datetime, end: datetime) -> dayreport.DayReport:
        """The end-of-day report of ``[start, end)`` (write it with ``dayreport.write_csv``/``daypdf``)."""
        return dayreport.build(self.db, start, end)

    # -- events ----------------------------------------------------------------------------------------
    def log_event(
        self,
        code: EventCode,
        *,
        now: datetime,
        seat: int | None = None,
        actor: Actor | None = None,
        detail: Mapping[str, Any] | None = None,
    ) -> int:
        """Log an event that moves no money (power, doors, tilts, self-tests, mode changes, comms)."""
        extra = dict(detail or {})
        if code in _MARKED:
            extra["games_played"] = self.meters().get("games_played", 0)
        with self._transaction(now) as time:
            if code == EventCode.DOOR_OPEN:  # the total and the door's own count
                meters.bump(self.db, meters.door_meters(extra.get("door")))
            return events.log(self.chain, time, code, seat=seat, actor=actor, detail=extra)

    def config_changed(self, before: Mapping[str, Any], after: Mapping[str, Any], first: Actor, second: Actor,
                       *, now: datetime, config_sha256: str = "") -> int:  # fmt: skip
        """Log a configuration change with its before and after values, both users and the SHA-256 of the
        file it makes (compared at every boot: ``terminal.table.config_record``)."""
        epochs.check_users(first, second)
        detail = {
            "before": dict(before),
            "after": dict(after),
            "second_user": second.name,
            "second_role": second.role,
            "config_sha256": config_sha256,
        }
        return self.log_event(EventCode.CONFIG_CHANGE, now=now, actor=first, detail=detail)

    def config_hash(self) -> str | None:
        """The SHA-256 of the configuration the event log last recorded (a change, a baseline, an
        acceptance), or ``None`` if it records none."""
        return events.last_config_hash(self.db)

    def last_setting(self, key: str) -> tuple[Any, bool] | None:
        """The value the last logged configuration change gave ``key`` (``section.key``) and whether two
        people made it; ``None`` if no logged change touched it."""
        return events.last_setting(self.db, key)

    def newest_detail(self, *codes: EventCode) -> dict[str, Any] | None:
        """The detail of the newest event of any of ``codes``, or ``None``."""
        return events.newest_detail(self.db, codes)

    def active_tilts(self) -> list[tuple[str, int | None, str]]:
        """The tilts raised and not cleared, as the event log has them: (kind, seat, detail), oldest first."""
        return events.active_tilts(self.db)

    def pin_states(self) -> dict[str, dict[str, Any]]:
        """Per user id, the latest wrong-PIN count and lockout (``SERVICE_PIN``'s detail)."""
        return {user: _detail(text) for user, text in events.pin_states(self.db).items()}

    def revocation_numbers(self) -> dict[str, int]:
        """Per table CA, the highest link revocation list number logged (a lower one is a rollback)."""
        return events.revocation_numbers(self.db)

    def events(self, code: EventCode | None = None, limit: int = 1000) -> list[events.Event]:
        """The latest events, oldest first."""
        return events.read(self.db, code=code, limit=limit)

    def games_since(self, code: EventCode) -> int:
        """Games played since the last ``POWER_UP`` or ``DOOR_CLOSE`` (all games if there was none)."""
        played = self.meters().get("games_played", 0)
        mark = events.last(self.db, code)
        return played - (int(_detail(mark.detail).get("games_played", 0)) if mark else 0)

    # -- reading ---------------------------------------------------------------------------------------
    def credits(self, seat: int) -> int:
        """Credits on ``seat``."""
        return accounts.seat_balance(self.db, seat)

    def balances(self) -> dict[str, int]:
        """Every account's balance."""
        return accounts.all_balances(self.db)

    def meters(self) -> dict[str, int]:
        """Every meter."""
        return meters.read(self.db)

    def epoch(self) -> int:
        """The epoch this ledger records."""
        return epochs.current(self.db)

    def verify(self, *, incremental: bool = False) -> Verification:
        """Verify the chain (all of it, or from the last checkpoint)."""
        return verify(self.db, self.key, incremental=incremental)

    def verify_since(self, starts: Mapping[str, Head]) -> tuple[str | None, dict[str, Head], int]:
        """The chain from heads verified earlier to the sealed heads (:func:`verify.since`): the first
        finding or ``None``, the heads now verified, the rows walked."""
        with storage_errors(self.path, "read"):
            return verify_since(self.db, self.key, starts)

    def verified_heads(self) -> dict[str, Head]:
        """The chain heads as this process wrote or verified them (its memory, not the file's ``heads``)."""
        return dict(self.chain.heads)

    def audit(self) -> list[str]:
        """Meters and balances checked against the journal: every disagreement, as a sentence."""
        return meters.audit_journal(self.db) + meters.audit(self.db)

    def integrity_check(self, *, full: bool) -> list[str]:
        """``PRAGMA integrity_check`` of the whole database, or of the tables rewritten in place only."""
        with storage_errors(self.path, "read"):
            return memory.integrity(self.db, () if full else memory.CACHES)

    def audit_since(self, mark: memory.AuditMark | None) -> tuple[list[str], memory.AuditMark]:
        """The meter and balance audit since ``mark`` (all of the journal for ``None``), and the new mark."""
        with storage_errors(self.path, "read"):
            if mark is None:
                return self.audit(), memory.mark_now(self.db)
            return memory.since(self.db, mark)

    def last_audit_mark(self) -> memory.AuditMark | None:
        """The mark the last ``METER_AUDIT`` event recorded (in this epoch), or ``None``."""
        last = events.last(self.db, EventCode.METER_AUDIT)
        return None if last is None else memory.AuditMark.from_json(last.detail)

    def record_audit_mark(self, mark: memory.AuditMark, *, now: datetime, on: str) -> int:
        """Persist an audited mark as a chained ``METER_AUDIT`` event (``on``: boot, door_close, rounds)."""
        return self.log_event(EventCode.METER_AUDIT, now=now, detail={"on": on, **mark.to_json()})

    # -- epochs ----------------------------------------------------------------------------------------
    def ram_clear(self, first: Actor, second: Actor, *, now: datetime) -> Path:
        """Archive this epoch and start the next with meters at zero; returns the archived database."""
        epochs.check_users(first, second)
        if self.archive_dir is None or str(self.path) == ":memory:":
            raise EpochError("this ledger has no archive directory or file; a RAM clear needs both")
        checked = self.verify()
        if not checked.ok:  # its balances cannot be trusted: archive it as it is (``broken``)
            return self._clear_broken(first, second, now, f"the ledger does not verify: {checked.first_bad}")
        held = {
            a: v for a, v in self.balances().items() if v and accounts.kind_of(a) in accounts.NON_NEGATIVE
        }
        if held:
            raise EpochError(
                f"RAM clear refused: money still held ({', '.join(f'{a} {v}' for a, v in held.items())})"
            )
        waiting = 0 if self.outbox is None else self.outbox.backlog()[0]
        if waiting:  # the archived database would take them away from the floor for good
            raise EpochError(f"RAM clear refused: {waiting} floor events are not sent yet (floor link down?)")
        number, heads = self.epoch(), dict(self.chain.heads)
        self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self._close_database()  # the folder stays this table's
        if self.mark_path is not None:  # the next database is a new ledger: the mark waits for it, unbound
            highwater.write(self.mark_path, highwater.Mark("", number + 1, {}), self.key)
        heads_text = epochs.heads_document(heads, self.key, number)
        label = stamp(now).replace(":", "").replace("-", "").replace(".", "")
        target, digest = epochs.archive(Path(self.path), self.archive_dir, number, label, heads_text)
        epochs.remove_database(Path(self.path))
        self.db = self._open(self.path)
        self.chain = Chain(self.db, self.key, self.checkpoint_rows)
        if self.mark_path is not None:
            self.marks = highwater.MarkWriter(self.mark_path, self.key)
        if self.outbox is not None:
            self.outbox = self.outbox.moved_to(self.db)
        with self._transaction(now) as time:
            epochs.start(self.chain, time, number + 1, str(target), digest, (first, second))
            detail = {"archive": str(target), "heads_sha256": digest, "previous_epoch": number,
                      "second_user": second.name, "second_role": second.role}  # fmt: skip
            events.log(self.chain, time, EventCode.RAM_CLEAR, actor=first, detail=detail)
        return target


    def _clear_broken(self, first: Actor, second: Actor, now: datetime, why: str) -> Path:
        """The RAM clear of a ledger that does not verify: the file archived byte for byte, a new epoch."""
        from terminal.ledger import broken

        assert self.archive_dir is not None  # ram_clear checked it
        self._close_database()
        target = broken.clear(Path(self.path), self.key, self.archive_dir, self.mark_path, why,
                              (first, second), now=now, checkpoint_rows=self.checkpoint_rows)  # fmt: skip
        self.db = self._open(self.path)
        self.chain = Chain(self.db, self.key, self.checkpoint_rows)
        if self.mark_path is not None:
            self.marks = highwater.MarkWriter(self.mark_path, self.key)
        if self.outbox is not None:
            self.outbox = self.outbox.moved_to(self.db)
        return target


def _detail(text: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(text)
    return loaded
