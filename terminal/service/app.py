"""The service application: its state, the intents the views post, and the pygame loop.

The state is the screen shown, the session, the last reply of each screen and what is being typed.
Intents call the controller through a :class:`~terminal.service.link.ServiceLink`; the controller decides
(key, PIN, role, two people) and a refusal is shown on the status line in the technician's words.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from terminal.config import Config
from terminal.i18n import Catalogue, load_catalogue
from terminal.net.errors import HandshakeError
from terminal.net.keys import client_ids, provision_keys
from terminal.net.links import client_tls
from terminal.net.messages import Message
from terminal.net.messages import service as sm
from terminal.net.pki import PkiError
from terminal.service.event_text import done_text
from terminal.service.link import NetLink, ServiceError, ServiceLink

SIZE = (1920, 1080)
# Menu entries: (screen, act it needs).
MENU: tuple[tuple[str, str], ...] = (
    ("meters", "meters"),
    ("events", "events"),
    ("recall", "recall"),
    ("vouchers", "voucher_lookup"),
    ("tilts", "tilts"),
    ("handpay", "handpay"),
    ("config", "config_view"),
    ("ramclear", "ram_clear"),
    ("selftest", "selftest"),
    ("report", "report"),
)
VOID_REASONS = ("damaged", "printer_fault", "dispute", "test_ticket")


@dataclass
class Confirm:
    """A two-person act waiting for both PINs."""

    act: str
    command: str
    args: tuple[str, ...]
    my_pin: str = ""
    second: str = ""
    second_pin: str = ""
    focus: str = "my_pin"


@dataclass
class State:
    """Everything the views draw."""

    screen: str = "login"
    session: sm.ServiceSession | None = None
    status: str = ""
    status_ok: bool = True
    fields: dict[str, str] = field(default_factory=lambda: {"user": "", "pin": ""})
    focus: str = "user"
    replies: dict[str, Message] = field(default_factory=dict)
    page: dict[str, int] = field(default_factory=dict)
    event_kind: str = ""
    event_span: str = "all"
    recall_seat: int = 1
    edit: tuple[str, str] | None = None
    reason: str = VOID_REASONS[0]
    confirm: Confirm | None = None
    last_input: float = 0.0
    key_on: bool = False  # the station's service key (simulated on a lab table)


class ServiceApp:
    """The intents of the service screen over one link; the views read :attr:`state`."""

    def __init__(
        self,
        link: ServiceLink,
        lang: str,
        table_id: str,
        seats: int,
        currency: str = "USD",
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.link, self.table_id, self.seats, self.clock, self.wall = link, table_id, seats, clock, wall
        self.t = load_catalogue(lang)
        self.currency = currency
        self.state = State(last_input=clock())

    @property
    def s(self) -> Catalogue:
        return self.t

    # -- talking to the controller ---------------------------------------------------------------------
    def call(self, command: str, *args: str) -> Message | None:
        """One command; a refusal goes to the status line (and a logged-out reply back to login)."""
        self.state.last_input = self.clock()
        try:
            reply = self.link.call(command, *args)
        except ServiceError as refused:
            self.state.status, self.state.status_ok = str(refused), False
            if (
                "logged out" in str(refused)
                or "not logged in" in str(refused)
                or "service key" in str(refused)
            ):
                self._to_login()
            if "needs the service key" in str(refused):
                self.state.key_on = False
            return None
        self.state.status, self.state.status_ok = "", True
        if isinstance(reply, sm.ServiceLoggedOut):
            self._to_login()
        return reply

    def _to_login(self) -> None:
        self.state.session, self.state.screen, self.state.confirm = None, "login", None
        self.state.fields.update(user="", pin="")
        self.state.focus = "user"

    def may(self, act: str) -> bool:
        session = self.state.session
        return session is not None and act in session.acts

    # -- intents ---------------------------------------------------------------------------------------
    def login(self) -> None:
        reply = self.call("login", self.state.fields["user"], self.state.fields["pin"])
        self.state.fields["pin"] = ""
        if isinstance(reply, sm.ServiceSession):
            self.state.session, self.state.key_on = reply, True
            self.go("meters" if self.may("meters") else "tilts")

    def turn_key(self) -> None:
        """Turn the station's service key (simulated): ON puts the table in service mode; OFF ends it."""
        action = "off" if self.state.key_on else "on"
        try:
            self.link.device("service_key", action)
        except ServiceError as refused:
            self.state.status, self.state.status_ok = str(refused), False
            return
        self.state.key_on = action == "on"
        self.state.status, self.state.status_ok = self.t.text(f"service.key.turned_{action}"), True
        if action == "off":
            self._to_login()

    def logout(self) -> None:
        self.call("logout")
        self._to_login()

    def check_idle(self) -> None:
        """The screen's own idle timer: log out when the session's idle limit has passed."""
        session = self.state.session
        if session is not None and (self.clock() - self.state.last_input) * 1000 > session.idle_ms:
            self.logout()
            self.state.status, self.state.status_ok = self.t.text("service.idle_logout"), False

    def go(self, screen: str) -> None:
        self.state.screen, self.state.confirm, self.state.edit = screen, None, None
        self.state.focus = {"vouchers": "voucher"}.get(screen, "")
        self.refresh()

    def refresh(self) -> None:
        """Fetch what the current screen shows."""
        loaders: dict[str, Callable[[], Message | None]] = {
            "meters": lambda: self.call("meters"),
            "events": self._events,
            "recall": lambda: self.call("recall_seat", str(self.state.recall_seat)),
            "tilts": lambda: self.call("tilts"),
            "handpay": lambda: self.call("tilts"),
            "config": lambda: self.call("config"),
            "report": lambda: self.call("report", ""),
        }
        loader = loaders.get(self.state.screen)
        reply = loader() if loader else None
        if reply is not None:
            self.state.replies[self.state.screen] = reply

    def _events(self) -> Message | None:
        since = ""
        if self.state.event_span != "all":
            hours = {"hour": 1, "day": 24}[self.state.event_span]
            since = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(self.wall() - hours * 3600))
        page = str(self.state.page.get("events", 1))
        return self.call("events", self.state.event_kind, since, "", page)

    def set_page(self, screen: str, page: int) -> None:
        self.state.page[screen] = max(1, page)
        if screen == "events":
            self.refresh()

    def set_event_kind(self, kind: str) -> None:
        self.state.event_kind, self.state.page["events"] = kind, 1
        self.refresh()

    def set_event_span(self, span: str) -> None:
        self.state.event_span, self.state.page["events"] = span, 1
        self.refresh()

    def set_seat(self, seat: int) -> None:
        self.state.recall_seat = seat
        self.state.replies.pop("round", None)
        self.refresh()

    def open_round(self, round_id: str) -> None:
        reply = self.call("recall", round_id)
        if reply is not None:
            self.state.replies["round"] = reply

    def find_round(self) -> None:
        self.open_round(self.state.fields.get("round", ""))

    def cancel_confirm(self) -> None:
        self.state.confirm = None

    def close_round(self) -> None:
        self.state.replies.pop("round", None)

    def choose_reason(self, reason: str) -> Callable[[], None]:
        def run() -> None:
            self.state.reason = reason

        return run

    def lookup_voucher(self) -> None:
        reply = self.call("voucher", self.state.fields.get("voucher", ""))
        if reply is not None:
            self.state.replies["vouchers"] = reply

    def act(self, command: str, *args: str) -> None:
        """A one-person act (clear a tilt, hand-pay, self-tests), then the screen again."""
        reply = self.call(command, *args)
        if isinstance(reply, sm.ServiceDone):
            self.refresh()
            self.state.status, self.state.status_ok = done_text(self.t, reply, args), True
        elif reply is not None:
            self.state.replies[self.state.screen] = reply

    def preview_config(self) -> None:
        if self.state.edit is None:
            return
        section, key = self.state.edit
        reply = self.call("config_preview", f"{section}.{key}={self.state.fields.get('value', '')}")
        if reply is not None:
            self.state.replies["diff"] = reply

    # -- two people --------------------------------------------------------------------------------------
    def ask_second(self, act: str, command: str, *args: str) -> None:
        self.state.confirm = Confirm(act, command, tuple(args))

    def confirm(self) -> None:
        c = self.state.confirm
        if c is None:
            return
        reply = self.call(c.command, c.my_pin, c.second, c.second_pin, *c.args)
        c.my_pin, c.second_pin = "", ""
        if reply is None:
            return
        self.state.confirm = None
        if isinstance(reply, sm.ConfigDiff):
            self.refresh()
            self.state.replies["diff"], self.state.edit = reply, None
            self.state.status, self.state.status_ok = self.t.text("service.config.applied"), True
        elif isinstance(reply, sm.ServiceDone):
            self.state.replies.pop("vouchers", None)
            self.refresh()
            self.state.status, self.state.status_ok = reply.message, True

    # -- typing ----------------------------------------------------------------------------------------
    def focus(self, name: str) -> Callable[[], None]:
        def run() -> None:
            if self.state.confirm is not None:
                self.state.confirm.focus = name
            else:
                self.state.focus = name

        return run

    def key(self, char: str) -> Callable[[], None]:
        return lambda: self.type(char)

    def type(self, char: str) -> None:
        """A key of the on-screen pad or the keyboard into the focused field."""
        self.state.last_input = self.clock()
        c = self.state.confirm
        value = getattr(c, c.focus) if c is not None else self.state.fields.get(self.state.focus, "")
        value = "" if char == "C" else value[:-1] if char == "<" else (value + char)[:64]
        if c is not None:
            setattr(c, c.focus, value)
        else:
            self.state.fields[self.state.focus] = value


def run_service(config: Config, lang: str, windowed: bool = False) -> int:
    """Open the service screen against the running table; returns the exit status."""
    from terminal.service.views import draw  # the views need a display surface

    keys = provision_keys(config.seat.keys_path, client_ids(config.table.seats), _entropy)
    try:
        tls = client_tls(config, "service")
        link = NetLink(keys["service"], config.table.host, config.table.port, tls=tls)
    except PkiError as failed:
        print(f"terminal service: no certificate for this service terminal: {failed}", file=sys.stderr)
        return 1
    except (OSError, TimeoutError, ServiceError, HandshakeError) as failed:
        print(
            f"terminal service: no table at {config.table.host}:{config.table.port}: {failed}",
            file=sys.stderr,
        )
        return 1
    pygame.init()
    flags = 0 if windowed else pygame.FULLSCREEN
    window = pygame.display.set_mode((0, 0) if not windowed else SIZE, flags)  # full screen: its own size
    from terminal.service.canvas import Canvas

    canvas = Canvas(window.get_size())
    pygame.display.set_caption("Service")
    app = ServiceApp(link, lang, config.table.table_id, config.table.seats, config.money.currency)
    running, clock = True, pygame.time.Clock()
    from terminal.service.ui import Ui

    ui = Ui(canvas.surface)
    while running:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                running = False
            elif event.type == pygame.MOUSEBUTTONUP:
                ui.click(canvas.to_logical(event.pos))
            elif event.type == pygame.KEYDOWN:
                handle_key(app, event)
        app.check_idle()
        draw(ui, app)
        canvas.present(window)
        pygame.display.flip()
        clock.tick(30)
    link.close()
    pygame.quit()
    return 0


def handle_key(app: ServiceApp, event: pygame.event.Event) -> None:
    """A physical keyboard types like the pad; Enter confirms the login."""
    if event.key == pygame.K_BACKSPACE:
        app.type("<")
    elif event.key == pygame.K_RETURN and app.state.screen == "login":
        app.login()
    elif event.unicode and event.unicode.isprintable():
        app.type(event.unicode)


def _entropy(size: int) -> bytes:
    import os

    return os.urandom(size)
