"""Render every service screen headless to PNG, driving the real application over a link.

The caller supplies the link (``terminal.lab.service_demo`` builds a real controller and ledger behind
one) and the demo users by role. Each shot is the application in a state a technician reaches by touch:
the same intents a touch would post, then one frame drawn.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from pathlib import Path

import pygame

from terminal.config import Config
from terminal.service.app import SIZE, ServiceApp
from terminal.service.canvas import Canvas
from terminal.service.link import ServiceLink
from terminal.service.ui import Ui
from terminal.service.views import draw


def render_screens(
    link: ServiceLink,
    out_dir: Path,
    lang: str,
    config: Config,
    users: Mapping[str, tuple[str, str]],
    voucher: str = "",
    size: tuple[int, int] = SIZE,
    wall: Callable[[], float] = time.time,
) -> list[Path]:
    """Login, meters, events, recall, voucher void, config diff, RAM clear, tilts and the rest, as PNGs."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    canvas = Canvas(size)
    image = pygame.Surface(size)
    ui = Ui(canvas.surface)
    out_dir.mkdir(parents=True, exist_ok=True)
    app = ServiceApp(link, lang, config.table.table_id, config.table.seats, config.money.currency, wall=wall)
    shots: list[Path] = []

    def shot(name: str) -> None:
        draw(ui, app)
        canvas.present(image)
        target = out_dir / f"service-{lang}-{name}.png"
        pygame.image.save(image, str(target))
        shots.append(target)

    def login(role: str) -> None:
        user, pin = users[role]
        app.state.fields.update(user=user, pin=pin)
        app.login()

    tech_user, tech_pin = users["technician"]
    shot("key-off")  # the technician walks up: the key first
    app.turn_key()
    app.state.fields.update(user=tech_user, pin=tech_pin[:3])
    app.state.focus = "pin"
    shot("login")
    login("technician")
    for screen in ("meters", "events", "recall"):
        app.go(screen)
        shot(screen)
    _first_round(app)
    shot("recall-round")
    app.go("tilts")
    shot("tilts")
    app.go("selftest")
    app.act("selftest")
    shot("selftest")
    app.go("config")
    shot("config")
    _config_diff(app)
    shot("config-diff")
    app.go("ramclear")
    _two(app, "ram_clear", "ram_clear", (), tech_pin, users["administrator"][0])
    shot("ramclear-confirm")
    app.logout()
    login("attendant")
    app.go("vouchers")
    _voucher_void(app, voucher, users["attendant"][1], users["administrator"][0])
    shot("voucher-void")
    app.state.confirm = None
    app.go("handpay")
    shot("handpay")
    app.go("report")
    app.act("report_export", "")
    shot("report")
    pygame.quit()
    return shots


def _first_round(app: ServiceApp) -> None:
    from terminal.net.messages import service as sm

    listing = app.state.replies.get("recall")
    if isinstance(listing, sm.RecallList) and listing.rounds:
        app.open_round(str(listing.rounds[-1].round_id))


def _config_diff(app: ServiceApp) -> None:
    from terminal.net.messages import service as sm

    listing = app.state.replies.get("config")
    if not isinstance(listing, sm.ConfigListing):
        return
    entry = next(e for e in listing.entries if (e.section, e.key) == ("table", "betting_seconds"))
    app.state.edit = (entry.section, entry.key)
    app.state.fields["value"], app.state.focus = "20", "value"
    app.preview_config()


def _two(app: ServiceApp, act: str, command: str, args: tuple[str, ...], my_pin: str, second: str) -> None:
    app.ask_second(act, command, *args)
    confirm = app.state.confirm
    if confirm is not None:
        confirm.my_pin, confirm.second, confirm.second_pin, confirm.focus = my_pin, second, "12", "second_pin"


def _voucher_void(app: ServiceApp, number: str, my_pin: str, second: str) -> None:
    app.state.fields["voucher"] = number
    app.lookup_voucher()
    reason: Callable[[str], str] = lambda r: app.t.text(f"service.reason.{r}")  # noqa: E731
    app.state.reason = "printer_fault"
    _two(app, "voucher_void", "void_voucher", (number, reason("printer_fault")), my_pin, second)
