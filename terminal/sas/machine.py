"""One seat as a SAS gaming machine: a poll in, the answer out (or none, as SAS prescribes).

The machine reads the ledger through a :class:`~terminal.ledger.seat_view.SeatView` and keeps its own
store (:mod:`terminal.sas.state`); it never writes the ledger and never waits on the table, so a slow or
hostile host costs the table nothing. docs/sas.md lists every poll answered here and its format.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

from terminal.ledger.events import EventCode
from terminal.ledger.seat_view import SeatView
from terminal.net.messages import Message, SasEnable, SasHandpayReset, SasLink, SasRedemption
from terminal.sas import bcd, crc, meter_codes, rom
from terminal.sas.aft import Aft
from terminal.sas.exceptions import ExceptionFeed
from terminal.sas.frames import BROADCAST, GeneralPoll, Poll
from terminal.sas.side import MachineInfo as MachineInfo
from terminal.sas.state import SeatState, StateStore, with_link
from terminal.sas.tickets import Tickets
from terminal.sas.validation import Validation

VERSION = b"602"
#: The bill denomination codes of long poll 48 (table C-6, sent as 1 BCD), by the bill's value in major
#: units of the currency: 00 is 1, 07 is 100, 19 is 100,000.
BILL_DENOMINATIONS = {
    1: 0, 2: 1, 5: 2, 10: 3, 20: 4, 25: 5, 50: 6, 100: 7, 200: 8, 250: 9, 500: 10, 1000: 11, 2000: 12,
    2500: 13, 5000: 14, 10000: 15, 20000: 16, 25000: 17, 50000: 18, 100000: 19,
}  # fmt: skip
#: The bill acceptor country codes of table C-6 for the currencies ``[money] currency`` takes (``[sas]
#: country_code = auto``).
COUNTRY_OF_CURRENCY = {"USD": 37, "CAD": 7, "EUR": 39, "GBP": 15, "MXN": 25}
#: Enabled features (A0): byte 1 bit 7, ticket redemption (70/71), bit 4, validation extensions (7B), and
#: bits 5-6 zero, secure-enhanced validation (4C/4D); byte 2 bit 3, extended meters (6F), bit 6, AFT.
FEATURES = bytes((0x90, 0x48, 0x00))
#: The long polls of one meter each (10-17) and the meter code each reports.
SINGLE_METERS = {
    0x10: 0x04,
    0x11: 0x00,
    0x12: 0x01,
    0x13: 0x24,
    0x14: 0x02,
    0x15: 0x05,
    0x16: 0x06,
    0x17: 0x07,
}


class SasMachine:
    """See the module docstring. ``wall`` is the table's clock (UTC), ``files`` the program for 21."""

    def __init__(self, info: MachineInfo, view: SeatView, store: StateStore, *, depth: int,
                 wall: Callable[[], datetime], files: Sequence[Path] = (),
                 tell: Callable[[Message], None] = lambda _: None,
                 monotonic: Callable[[], float] = time.monotonic) -> None:  # fmt: skip
        self.info, self.view, self.store, self.wall = info, view, store, wall
        self.files = tuple(files)
        self.tell = tell  # to the controller (terminal.sas.table_link): 01/02 and the host's link
        self.state: SeatState = store.load()
        self.feed = ExceptionFeed(view, self.state.cursor, depth)
        self.linked: bool | None = None  # not yet known: no poll, and not yet silent past the timeout
        self.aft = Aft(self, monotonic)
        self.tickets = Tickets(self)
        self.validation = Validation(self, info.expiry_days)
        self.answered = 0
        self._handlers: dict[int, Callable[[bytes], bytes | None]] = {
            0x01: self._shutdown, 0x02: self._startup, 0x0F: self._meters_0f, 0x18: self._games_since,
            0x19: self._meters_19, 0x1A: self._credits, 0x1C: self._meters_1c, 0x1E: self._bills_1e,
            0x1F: self._machine_info, 0x21: self._rom_signature, 0x2F: self._selected_meters,
            0x48: self._last_bill, 0x54: self._version, 0x55: self._selected_game, 0x56: self._games,
            0x6F: self._extended_meters, 0x7E: self._date_time, 0x7F: self._set_date_time,
            0xA0: self._features, 0xB5: self._game_info, 0x1B: self._handpay_info, 0x94: self._handpay_reset,
            0x72: self.aft.transfer, 0x73: self.aft.register, 0x74: self.aft.lock,
            0x70: self.tickets.validation_data, 0x71: self.tickets.redeem,
            0x4C: self.validation.set_id, 0x4D: self.validation.info, 0x7B: self.validation.extended_status,
        }  # fmt: skip

    # -- the poll loop's side -------------------------------------------------------------------------
    def handle(self, poll: Poll) -> bytes | None:
        """The answer to ``poll`` (bytes to send), or ``None``: no answer."""
        if poll.address != BROADCAST:  # any valid poll to us takes the exception last offered
            acknowledged = self.feed.acknowledge()
            if acknowledged is not None:
                self._save(replace(self.state, cursor=acknowledged))
        if isinstance(poll, GeneralPoll):
            if self.state.aft_pending:
                self.aft.settle()
            self.feed.refresh()
            self.answered += 1
            return bytes((self.feed.offer(),))
        try:
            if poll.command in SINGLE_METERS:
                body: bytes | None = self._four(SINGLE_METERS[poll.command])
            elif poll.command in self._handlers:
                body = self._handlers[poll.command](poll.data)
            else:
                return None
        except ValueError:  # data that is not BCD where BCD belongs: ignored like a bad CRC
            return None
        if poll.address == BROADCAST or body is None:
            return None
        self.answered += 1
        if body == b"":
            return bytes((self.info.address,))  # an acknowledgement: the address alone
        return crc.append(bytes((self.info.address, poll.command)) + body)

    def link(self, up: bool) -> None:
        """The host is polling (``up``) or has been silent past ``[sas] host_timeout_ms`` (since its last
        poll, or since the start when it never polled): on every change a ``sas_link`` entry in the seat's
        store and a :class:`SasLink` to the controller, which logs it in the ledger (and tilts the seat
        where ``[sas] required``)."""
        if up == self.linked:
            return
        self.linked = up
        self._save(with_link(self.state, self.wall().isoformat(), lost=not up))
        self.tell(self.link_message())

    def link_message(self) -> SasLink:
        """The host's link as the controller hears it (on a change, and again on every reconnect)."""
        state = "restored" if self.linked else "lost"
        since = next((e["time"] for e in reversed(self.state.link) if e.get("state") == state), "")
        return SasLink(self.info.seat, state, f"SAS address {self.info.address}, {state} {since}".strip())

    def resync(self) -> list[Message]:
        """What the controller must hear again after a reconnect: a shutdown in force, the host's link.
        An enabled seat is never said from the store (an edited file must not enable a seat)."""
        said: list[Message] = []
        if self.state.disabled:
            said.append(SasEnable(self.info.seat, False, self.info.address))
        if self.linked is not None:
            said.append(self.link_message())
        if self.state.redemption_off:  # like a shutdown: only "off" is said from the store
            said.append(SasRedemption(self.info.seat, False))
        said += self.aft.resync()
        return said

    def save(self, state: SeatState) -> None:
        """Keep ``state`` (on disk, flushed, before the next answer goes out)."""
        self._save(state)

    def _save(self, state: SeatState) -> None:
        self.state = state
        self.store.save(state)

    # -- meters ---------------------------------------------------------------------------------------
    def meters(self, game: str | None = None) -> dict[int, int]:
        """This seat's meters by SAS code (the machine's, or one game's)."""
        return meter_codes.values(self.view.meters(), game)

    def _four(self, *codes: int) -> bytes:
        found = self.meters()
        return b"".join(bcd.encode(found[code], 4) for code in codes)

    def _meters_0f(self, _: bytes) -> bytes:
        return self._four(0x04, 0x00, 0x01, 0x24, 0x02, 0x05)

    def _meters_19(self, _: bytes) -> bytes:
        return self._four(0x00, 0x01, 0x24, 0x02, 0x05)

    def _meters_1c(self, _: bytes) -> bytes:
        found = self.meters()
        doors = self.view.count_events(EventCode.DOOR_OPEN)
        powers = self.view.count_events(EventCode.POWER_UP)
        values = [found[c] for c in (0x00, 0x01, 0x24, 0x02, 0x05, 0x06)] + [doors, powers]
        return b"".join(bcd.encode(v, 4) for v in values)

    def _bills_1e(self, _: bytes) -> bytes:
        return self._four(0x40, 0x42, 0x43, 0x44, 0x46, 0x47)  # $1, $5, $10, $20, $50, $100

    def _credits(self, _: bytes) -> bytes:
        return self._four(0x0C)

    def _games_since(self, _: bytes) -> bytes:
        power = self.view.games_since(EventCode.POWER_UP)
        door = self.view.games_since(EventCode.DOOR_CLOSE)
        return bcd.encode(power, 2) + bcd.encode(door, 2)

    def _game(self, number: int) -> tuple[bool, str | None]:
        """Whether game ``number`` exists, and its name (``None``: 0, the whole machine)."""
        if number == 0:
            return True, None
        if number <= len(self.info.games):
            return True, self.info.games[number - 1]
        return False, None

    def _selected_meters(self, data: bytes) -> bytes | None:
        if len(data) < 2:
            return None
        known, game = self._game(bcd.decode(data[:2]))
        if not known:
            return None
        found = self.meters(game)
        body = data[:2] + b"".join(
            bytes((code,)) + bcd.encode(found[code], meter_codes.size_2f(code))
            for code in data[2:]
            if code in found
        )
        return bytes((len(body),)) + body

    def _extended_meters(self, data: bytes) -> bytes | None:
        if len(data) < 2 or len(data) % 2:
            return None
        known, game = self._game(bcd.decode(data[:2]))
        if not known:
            return None
        found = self.meters(game)
        digits = len(str(self.view.width)) - 1  # the ledger's meter digits: 6F's field holds them all
        size = math.ceil(digits / 2)
        parts = [data[:2]]
        for i in range(2, len(data), 2):
            code = int.from_bytes(data[i : i + 2], "little")
            if code in found:
                parts.append(
                    data[i : i + 2] + bytes((size,)) + bcd.encode(found[code] % self.view.width, size)
                )
            else:
                parts.append(data[i : i + 2] + b"\x00")  # a meter this machine does not keep: size 0
        body = b"".join(parts)
        return bytes((len(body),)) + body

    def _last_bill(self, _: bytes) -> bytes:
        """48: country code (1 BCD, table C-6), denomination code (1 BCD), that bill's count (4 BCD); all
        zero before the seat took a bill. A bill of no SAS denomination has code FF."""
        country = bcd.encode(self.info.country, 1)
        value = self.view.last_bill()
        if value is None:
            return country + b"\x00" + bcd.encode(0, 4)
        count = self.view.meters().get(f"bill:{value}:count", 0)
        code = BILL_DENOMINATIONS.get(value // 100) if value % 100 == 0 else None
        denomination = bcd.encode(code, 1) if code is not None else b"\xff"
        return country + denomination + bcd.encode(count, 4)

    # -- who the machine is ---------------------------------------------------------------------------
    def _machine_info(self, _: bytes) -> bytes:
        game_id = b"TB"  # a table game
        additional = self.info.selected[:3].upper().encode("ascii").ljust(3, b"0")
        return (
            game_id + additional + bytes((meter_codes.DENOMINATION_CODE,))
            + bcd.encode(min(self.info.max_bet, 99), 1) + b"\x00" + b"\x00\x00"
            + self.info.paytable.encode("ascii")[:6].ljust(6, b" ")
            + self.info.base_percent.encode("ascii")[:4]
        )  # fmt: skip

    def _version(self, _: bytes) -> bytes:
        text = VERSION + self.info.serial.encode("ascii")[:40]
        return bytes((len(text),)) + text

    def _selected_game(self, _: bytes) -> bytes:
        return bcd.encode(self.info.games.index(self.info.selected) + 1, 2)

    def _games(self, _: bytes) -> bytes:
        numbers = b"".join(bcd.encode(n, 2) for n in range(1, len(self.info.games) + 1))
        body = bytes((len(self.info.games),)) + numbers
        return bytes((len(body),)) + body

    def _features(self, data: bytes) -> bytes | None:
        if len(data) < 2 or not self._game(bcd.decode(data[:2]))[0]:
            return None
        return data[:2] + FEATURES

    def _game_info(self, data: bytes) -> bytes | None:
        if len(data) < 2:
            return None
        known, game = self._game(bcd.decode(data[:2]))
        if not known:
            return None
        name = (game or "table").encode("ascii")[:20]
        paytable = self.info.paytable.encode("ascii")[:20]
        body = (
            data[:2] + bcd.encode(min(self.info.max_bet, 9999), 2) + b"\x00" + b"\x00\x00\x00\x00"
            + bytes((len(name),)) + name + bytes((len(paytable),)) + paytable + bcd.encode(0, 2)
        )  # fmt: skip
        return bytes((len(body),)) + body

    def _rom_signature(self, data: bytes) -> bytes:
        seed = int.from_bytes(data[:2], "little")
        return rom.signature(self.files, seed).to_bytes(2, "little")

    # -- time -----------------------------------------------------------------------------------------
    def now(self) -> datetime:
        """The host's date and time: the table's clock plus the offset the host set (7F)."""
        return self.wall() + timedelta(seconds=self.state.clock_offset)

    def _date_time(self, _: bytes) -> bytes:
        now = self.now()
        return bcd.encode(int(now.strftime("%m%d%Y")), 4) + bcd.encode(int(now.strftime("%H%M%S")), 3)

    def _set_date_time(self, data: bytes) -> bytes | None:
        try:
            stamp = f"{bcd.decode(data[:4]):08d}{bcd.decode(data[4:7]):06d}"
            wanted = datetime.strptime(stamp, "%m%d%Y%H%M%S").replace(tzinfo=self.wall().tzinfo)
        except ValueError:
            return None  # not a date: no acknowledgement
        self._save(replace(self.state, clock_offset=(wanted - self.wall()).total_seconds()))
        return b""

    # -- hand-pays ------------------------------------------------------------------------------------
    def _handpay_info(self, _: bytes) -> bytes:
        """1B: the hand-pay waiting at this seat: progressive group 0, level (00 a win at or over the
        hand-pay limit, 80 cancelled credits over the credit limit), the amount the attendant pays (the
        seat's credits, 5 BCD), partial pay 0 (2 BCD), reset id 00 (standard hand-pay), 10 bytes unused.
        No hand-pay: every field zero."""
        detail = self.view.pending_handpay()
        if detail is None:
            return bytes(20)
        try:
            wager = json.loads(detail).get("wager", "")
        except ValueError:
            wager = ""
        level = 0x80 if wager == "credit_limit" else 0x00
        amount = self.meters()[0x0C]
        return bytes((0x00, level)) + bcd.encode(amount % 10**10, 5) + bcd.encode(0, 2) + b"\x00" + bytes(10)

    def _handpay_reset(self, _: bytes) -> bytes:
        """94: ``00`` the hand-pay is reset (told to the table, which pays it by hand in the ledger and
        unlocks the seat), ``02`` no hand-pay waits at this seat."""
        if self.view.pending_handpay() is None:
            return b"\x02"
        self.tell(SasHandpayReset(self.info.seat, self.info.address))
        return b"\x00"

    # -- shutdown and startup -------------------------------------------------------------------------
    def _shutdown(self, _: bytes) -> bytes:
        """01: stored first (so a restart says it again), then told to the table: the seat takes no wagers."""
        self._save(replace(self.state, disabled=True))
        self.tell(SasEnable(self.info.seat, False, self.info.address))
        return b""

    def _startup(self, _: bytes) -> bytes:
        """02: told to the table every time, whatever the store says (the table clears its tilt)."""
        self._save(replace(self.state, disabled=False))
        self.tell(SasEnable(self.info.seat, True, self.info.address))
        return b""
