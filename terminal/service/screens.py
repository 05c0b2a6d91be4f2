"""Render every service screen headless to PNG, driving the real application over a link.

The caller supplies the link (``terminal.lab.service_demo`` builds a real controller and ledger behind
one) and the demo users by role. Each shot is the application in a state a technician reaches by touch:
the very intents the touches would post (focus a field, type its keys, open a screen), then one frame
drawn.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from pathlib import Path

import pygame

from terminal.config import Config
from terminal.service import intents as i
from terminal.service.app import SIZE, ServiceApp
from terminal.service.link import ServiceLink
from terminal.service.ui import Ui


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
    image = pygame.Surface(size)
    ui = Ui(image)
    out_dir.mkdir(parents=True, exist_ok=True)
    app = ServiceApp(link, lang, config.table.table_id, config.table.seats, config.money.currency, wall=wall,
                     gaming_day_hour=config.table.gaming_day_hour,
                     demo=config.devices.kind == "simulated", game=config.table.game)  # fmt: skip
    shots: list[Path] = []

    def shot(name: str) -> None:
        app.draw(ui)
        target = out_dir / f"service-{lang}-{name}.png"
        pygame.image.save(image, str(target))
        shots.append(target)

    tech, admin = users["technician"], users["administrator"]
    shot("key-off")  # the technician walks up: the key first
    app.post(i.Intent(i.TURN_KEY), *typing("user", tech[0]), *typing("pin", tech[1][:3]))
    shot("login")
    app.post(*login(users["technician"]))
    for screen in ("meters", "events", "recall"):
        app.post(i.Intent(i.GO, screen))
        shot(screen)
    app.post(*_first_round(app))
    shot("recall-round")
    app.post(i.Intent(i.GO, "tilts"))
    shot("tilts")
    app.post(i.Intent(i.GO, "selftest"), i.Intent(i.ACT, "selftest"))
    shot("selftest")
    app.post(i.Intent(i.GO, "config"))
    shot("config")
    app.post(*_config_diff(app))
    shot("config-diff")
    app.post(i.Intent(i.GO, "ramclear"), *two_people("ram_clear", (), tech[1], admin[0]))
    shot("ramclear-confirm")
    app.post(i.Intent(i.LOGOUT), *login(users["attendant"]), i.Intent(i.GO, "vouchers"))
    shot("vouchers")  # the last vouchers issued and redeemed
    app.post(*_voucher_void(app, voucher, users["attendant"][1], admin[0]))
    shot("voucher-void")
    app.post(i.Intent(i.CANCEL), i.Intent(i.GO, "handpay"))
    shot("handpay")
    app.post(i.Intent(i.GO, "report"), i.Intent(i.ACT, "report_export", ("",)))
    shot("report")
    pygame.quit()
    return shots


def typing(name: str, text: str) -> list[i.Intent]:
    """The touches that type ``text`` into field ``name``: focus it, clear it, then each key."""
    return [i.Intent(i.FOCUS, name), i.Intent(i.KEY, "C"), *(i.Intent(i.KEY, char) for char in text)]


def login(user: tuple[str, str]) -> list[i.Intent]:
    """Type the user id and PIN, then log in."""
    return [*typing("user", user[0]), *typing("pin", user[1]), i.Intent(i.LOGIN)]


def two_people(act: str, args: tuple[str, ...], my_pin: str, second: str) -> list[i.Intent]:
    """Open the two-person dialog for ``act`` and type both people's part (the second PIN begun)."""
    opened = i.Intent(i.ASK_SECOND, act, args)
    return [opened, *typing("my_pin", my_pin), *typing("second", second), *typing("second_pin", "12")]


def _first_round(app: ServiceApp) -> list[i.Intent]:
    listing = app.state.replies.recall
    return [i.Intent(i.OPEN_ROUND, str(listing.rounds[-1].round_id))] if listing and listing.rounds else []


def _config_diff(app: ServiceApp) -> list[i.Intent]:
    listing = app.state.replies.config
    if listing is None:
        return []
    entry = next(e for e in listing.entries if (e.section, e.key) == ("table", "betting_seconds"))
    opened = i.Intent(i.EDIT, args=(entry.section, entry.key, entry.value))
    return [opened, *typing("value", "20"), i.Intent(i.PREVIEW)]


def _voucher_void(app: ServiceApp, number: str, my_pin: str, second: str) -> list[i.Intent]:
    reason = app.cat.text("service.reason.printer_fault")
    found = [*typing("voucher", number), i.Intent(i.LOOKUP_VOUCHER), i.Intent(i.REASON, "printer_fault")]
    return [*found, *two_people("voucher_void", (number, reason), my_pin, second)]
