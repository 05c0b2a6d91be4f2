"""The service application: a thin shell joining the state, the views and the pygame loop.

``ServiceApp`` has no window of its own: the runner (:func:`run_service`), a test or the screenshot
renderer hands it touches, keys and intents, and asks for a frame on any surface. Touches become the
intents of the areas the last frame drew (:class:`~terminal.service.ui.Ui`); intents go to
:func:`~terminal.service.dispatch.handle`; frames are drawn by :func:`terminal.service.views.screen.draw`
from the :class:`~terminal.service.state.ServiceState`.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable

import pygame

from terminal.config import Config
from terminal.i18n import load_catalogue
from terminal.net.errors import HandshakeError
from terminal.net.keys import client_ids, provision_keys
from terminal.net.links import client_tls
from terminal.net.pki import PkiError
from terminal.service import dispatch, session
from terminal.service import intents as i
from terminal.service.control import ServiceControl
from terminal.service.layout.frame import Frame
from terminal.service.link import NetLink, ServiceError, ServiceLink
from terminal.service.state import ServiceState, Station
from terminal.service.ui import Ui
from terminal.service.views import screen
from terminal.service.views.scene import Scene

SIZE = (1920, 1080)


class ServiceApp:
    """One service screen over one link."""

    def __init__(
        self,
        link: ServiceLink,
        lang: str,
        table_id: str,
        seats: int,
        currency: str = "USD",
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
        gaming_day_hour: int = 6,
        demo: bool = False,
        game: str = "",
    ) -> None:
        self.cat = load_catalogue(lang)
        self.station = Station(table_id, seats, currency, gaming_day_hour, demo, game)
        self.control = ServiceControl(link, self.cat, clock, wall)
        self.frame, self.unit_px = Frame.of(*SIZE), 1.0

    @property
    def state(self) -> ServiceState:
        """What the screen shows now."""
        return self.control.state

    def post(self, *intents: i.Intent) -> None:
        """Carry out intents, in order (a touch posts one; a test or the renderer several)."""
        for intent in intents:
            dispatch.handle(self.control, intent)

    def tick(self) -> None:
        """The screen's timers: the idle logout."""
        session.check_idle(self.control)

    def draw(self, ui: Ui) -> None:
        """One frame on ``ui``'s surface (laid out for its size); its touch areas are what the next touch
        lands on."""
        if (self.frame.size, self.unit_px) != (ui.design, ui.sy):
            self.frame, self.unit_px = Frame.of(*ui.design, ui.sy), ui.sy
        scene = Scene(self.control.state, self.station, self.cat, self.frame, self.control.wall())
        screen.draw(ui, scene)

    def touch(self, ui: Ui, pos: tuple[int, int]) -> None:
        """A touch at ``pos`` on the last frame ``ui`` drew."""
        intent = ui.click(pos)
        if intent is not None:
            self.post(intent)

    def key(self, event: pygame.event.Event) -> None:
        """A physical keyboard types like the pad; Enter logs in on the login screen."""
        if event.key == pygame.K_BACKSPACE:
            self.post(i.Intent(i.KEY, "<"))
        elif event.key == pygame.K_RETURN and self.state.screen == "login":
            self.post(i.Intent(i.LOGIN))
        elif event.unicode and event.unicode.isprintable():
            self.post(i.Intent(i.KEY, event.unicode))


def run_service(config: Config, lang: str, windowed: bool = False) -> int:
    """Open the service screen against the running table; returns the exit status."""
    keys = provision_keys(config.seat.keys_path, client_ids(config.table.seats), os.urandom)
    try:
        tls = client_tls(config, "service")
        link = NetLink(keys["service"], config.table.host, config.table.port, tls=tls)
    except PkiError as failed:
        print(f"terminal service: no certificate for this service terminal: {failed}", file=sys.stderr)
        return 1
    except (OSError, TimeoutError, ServiceError, HandshakeError) as failed:
        where = f"{config.table.host}:{config.table.port}"
        print(f"terminal service: no table at {where}: {failed}", file=sys.stderr)
        return 1
    pygame.init()
    flags = 0 if windowed else pygame.FULLSCREEN
    window = pygame.display.set_mode((0, 0) if not windowed else SIZE, flags)  # full screen: its own size
    pygame.display.set_caption("Service")
    app = ServiceApp(link, lang, config.table.table_id, config.table.seats, config.money.currency,
                     gaming_day_hour=config.table.gaming_day_hour,
                     demo=config.devices.kind == "simulated", game=config.table.game)  # fmt: skip
    _loop(app, window)
    link.close()
    pygame.quit()
    return 0


def _loop(app: ServiceApp, window: pygame.Surface) -> None:
    """Touches and keys in, a frame out, 30 times a second, until the window closes."""
    ui, clock = Ui(window), pygame.time.Clock()
    while True:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                return
            if event.type == pygame.MOUSEBUTTONUP:
                app.touch(ui, event.pos)
            elif event.type == pygame.KEYDOWN:
                app.key(event)
        app.tick()
        app.draw(ui)
        pygame.display.flip()
        clock.tick(30)
