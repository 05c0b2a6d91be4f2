"""The service screens against a real table: a controller, ledger and RNG in a temporary folder.

:class:`DirectLink` is the service screen's link without sockets: each command is encoded to the wire's
JSON and decoded again (so only what the protocol can carry gets through), handed to the controller's
handler as the ``service`` client, and the reply the controller pushes comes back the same way.
:func:`render_service_screens` plays real rounds, sets up a hand-pay, a voucher and users, turns the
service key, and renders every service screen headless to PNG (``terminal screens`` calls it).
"""

from __future__ import annotations

import asyncio
import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from terminal import config as configuration
from terminal.config import Config
from terminal.desk.desk import ServiceDesk
from terminal.desk.users import ScryptParams, UserStore, parse_role
from terminal.devices.simulated import simulated_table
from terminal.ledger import EventCode, Ledger
from terminal.net.messages import DeviceInput, Message, ServiceCommand, body_from_json, body_to_json
from terminal.service.link import ServiceError
from terminal.service.screens import render_screens
from terminal.table.boot import driver_for, make_rng
from terminal.table.cabinet import Cabinet
from terminal.table.clock import ManualClock
from terminal.table.controller import Controller
from terminal.table.generator import production_rng
from terminal.table.table import Table
from terminal.table.tilts import Tilt, TiltKind

DEMO_USERS = (
    ("tech", "technician", "2468"),
    ("anna", "attendant", "1357"),
    ("boss", "administrator", "9999"),
)


def _wire(message: Message) -> Message:
    return body_from_json(message.TYPE, message.VERSION, body_to_json(message))


@dataclass
class _Recorder:
    pushed: list[tuple[str, Message]] = field(default_factory=list)

    async def push(self, client: str, message: Message) -> bool:
        self.pushed.append((client, message))
        return True

    async def broadcast(self, message: Message) -> int:
        return 0


class DirectLink:
    """A service link straight into a controller's handler (no sockets; messages still cross JSON)."""

    def __init__(self, controller: Controller, client: str = "service") -> None:
        self.controller, self.client = controller, client
        self.recorder = _Recorder()
        controller.server = self.recorder  # type: ignore[assignment]

    def call(self, command: str, *args: str) -> Message:
        sent = _wire(ServiceCommand(command, tuple(args)))
        self.recorder.pushed.clear()
        try:
            asyncio.run(self.controller.on_message(self.client, sent))
        except ValueError as refused:
            raise ServiceError(str(refused)) from None
        replies = [m for c, m in self.recorder.pushed if c == self.client]
        if not replies:
            raise ServiceError(f"no reply to {command}")
        return _wire(replies[0])

    def device(self, device: str, action: str) -> None:
        """The station's simulated hardware (the service key), through the controller's handler."""
        try:
            asyncio.run(self.controller.on_message(self.client, _wire(DeviceInput(device, action, 0, ""))))
        except ValueError as refused:
            raise ServiceError(str(refused)) from None

    def close(self) -> None:
        """Nothing to close."""


def demo_table(
    config: Config, folder: Path, entropy: Callable[[int], bytes] = os.urandom
) -> tuple[Controller, Cabinet]:
    """A table on ``config`` with its ledger, keys and users in ``folder``; some rounds already played.

    ``entropy`` feeds the ledger's chain key and the table's DRBG: a seeded stream (``terminal screens``)
    plays the same rounds and prints the same voucher every run."""
    text = config.path.read_text(encoding="utf-8") if config.path.is_file() else ""
    cfg = folder / "kiosk.cfg"
    cfg.write_text(_local(text, folder), encoding="utf-8")
    c = configuration.load(cfg)
    clock = ManualClock(datetime(2026, 11, 23, 14, 0, tzinfo=UTC).timestamp())
    c.ledger.path.parent.mkdir(parents=True, exist_ok=True)
    ledger = Ledger.from_config(c, now=clock.wall(), entropy=entropy)
    rng = make_rng(c, clock, ledger, entropy)
    aux = production_rng(c, clock.monotonic, entropy, purpose="aux")  # teams and vouchers: not the outcomes'
    table = Table(c, ledger, rng, clock, driver_for(c), aux=aux)
    table.start()
    store = UserStore()
    entropy, params = os.urandom, ScryptParams(n=2**12)
    store = store.init("boss", "9999", entropy, params)
    admin = store.users[0]
    for user, role, pin in DEMO_USERS[:2]:
        store = store.add(admin, user, parse_role(role), pin, entropy, params)
    store.save(c.service.users_path)
    _installs(c)
    _play(table)
    cabinet = Cabinet(table)
    cabinet.attach(simulated_table(c.table.seats, c.money.bills, cabinet.on_event, clock.wall))
    controller = Controller(table, desk=ServiceDesk.for_table(table), cabinet=cabinet)
    return controller, cabinet


def _local(text: str, folder: Path) -> str:
    """``text`` with every path of the demo in ``folder`` (never the real ledger)."""
    from terminal.desk.config_change import edit_text

    local = (
        ("table", "data_dir", "."),  # a data_dir of the user's would take the paths below to the real data
        ("ledger", "path", "var/ledger.sqlite"), ("ledger", "key_path", "keys/chain.key"),
        ("ledger", "archive_dir", "archive"), ("service", "users_path", "var/users.json"),
        ("seat", "keys_path", "keys/seat.keys"), ("lab", "output_dir", "out"),
        ("lab", "install_log", "var/installs.jsonl"),
    )  # fmt: skip
    for section, key, value in local:
        text = edit_text(text, section, key, value)
    (folder / "keys").mkdir(exist_ok=True)
    return text


def _installs(c: Config) -> None:
    """Three installs in the demo's log, as ``terminal verify make-manifest`` and the install act write
    them: one made, one refused, one accepted by two people."""
    from terminal.software.installs import Install, append

    append(c.lab.install_log, Install("2026-11-20T09:12:40Z", "0.1.0", "9f" * 32, "ok", "boss", 434))
    refused = "failed: private key maker.key: not an Ed25519 key"
    append(c.lab.install_log, Install("2026-11-22T16:03:05Z", "0.1.0", "", refused, "tech", 0))
    who = "boss (administrator) and tech (technician)"  # the install act: two people accepted it
    accepted = Install("2026-11-22T16:20:11Z", "0.1.0", "9f" * 32, f"accepted by {who}", who, 434)
    append(c.lab.install_log, accepted)


def _play(table: Table) -> None:
    """A few real rounds at two seats, a voucher printed, and a hand-pay waiting at seat 2."""
    table.cashier.bill_stacked(1, max(table.config.money.bills))
    table.cashier.bill_stacked(2, max(table.config.money.bills))
    for _ in range(6):
        for seat in (1, 2):
            for spot, times in table.driver.setup.showcase:
                try:
                    table.wagers.place(seat, spot, table.config.limits.wager_min * times)
                except ValueError:
                    continue
        table.play_round()
        table.open_round()
    table.cashier.cash_out(1)
    table.tilts.raise_tilt(Tilt(TiltKind.HANDPAY, 2, json.dumps({"award": 180000, "wager": "straight"})))
    table.tilts.raise_tilt(Tilt(TiltKind.DOOR_OPEN, None, "main door open"))


def render_service_screens(
    config: Config,
    out_dir: Path,
    lang: str = "en",
    size: tuple[int, int] = (1920, 1080),
    entropy: Callable[[int], bytes] = os.urandom,
) -> list[Path]:
    """Every service screen rendered headless against a real controller; returns the PNG paths.

    The screens show the demo table's clock (never the machine's), so a seeded ``entropy`` draws the very
    same pixels every run."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory(prefix="service-screens-") as folder:
        controller, _cabinet = demo_table(config, Path(folder), entropy)
        link = DirectLink(controller)
        users = {role: (user, pin) for user, role, pin in DEMO_USERS}
        issued = controller.table.ledger.events(EventCode.VOUCHER_ISSUE)
        voucher = str(json.loads(issued[-1].detail)["number"]) if issued else ""
        try:
            clock, config = controller.table.clock, controller.table.config
            wall = lambda: clock.wall().timestamp()  # noqa: E731
            return render_screens(link, out_dir, lang, config, users, voucher, size, wall)
        finally:
            controller.table.ledger.close()
