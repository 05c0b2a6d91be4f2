"""The service screen's state and its one way to the controller.

:class:`ServiceControl` holds the :class:`~terminal.service.state.ServiceState` and calls the controller
through a :class:`~terminal.service.link.ServiceLink`. The controller decides (key, PIN, role, two
people); a refusal lands on the status line in the technician's words, and a reply saying the session is
over (logged out, idle, key off) goes back to the login screen. The intent handlers
(:mod:`.session`, :mod:`.navigation`, :mod:`.acts`) use it; time is injected, as everywhere.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from terminal.i18n import Catalogue
from terminal.net.messages import Message
from terminal.net.messages import service as sm
from terminal.service.link import ServiceError, ServiceLink
from terminal.service.state import ServiceState, logged_out

# A refusal with one of these in it means the session is over: back to the login screen.
_SESSION_OVER = ("logged out", "not logged in", "service key")
_SPAN_HOURS = {"hour": 1, "day": 24}


class ServiceControl:
    """The state, the link and the clocks; :meth:`call` is the only way to the controller."""

    def __init__(
        self,
        link: ServiceLink,
        cat: Catalogue,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.link, self.cat, self.clock, self.wall = link, cat, clock, wall
        self.state = ServiceState(last_input=clock())

    def call(self, command: str, *args: str) -> Message | None:
        """One command; a refusal goes to the status line (and a session that is over, to login)."""
        self.state = replace(self.state, last_input=self.clock())
        try:
            reply = self.link.call(command, *args)
        except ServiceError as refused:
            why = str(refused)
            self.state = self.state.said(why, False)
            if any(words in why for words in _SESSION_OVER):
                self.state = logged_out(self.state)
            if "needs the service key" in why:
                self.state = replace(self.state, key_on=False)
            return None
        self.state = self.state.said("", True)
        if isinstance(reply, sm.ServiceLoggedOut):
            self.state = logged_out(self.state)
        return reply

    def keep(self, reply: Message | None) -> None:
        """Keep ``reply`` (if any) for the views."""
        if reply is not None:
            self.state = replace(self.state, replies=self.state.replies.kept(reply))

    def go(self, screen: str) -> None:
        """Show ``screen`` (closing any dialog or edit), with what it shows fetched afresh."""
        focus = "voucher" if screen == "vouchers" else ""
        self.state = replace(self.state, screen=screen, confirm=None, edit=None, focus=focus)
        self.refresh()

    def refresh(self) -> None:
        """Fetch what the current screen shows."""
        s = self.state
        loaders: dict[str, Callable[[], Message | None]] = {
            "meters": lambda: self.call("meters"),
            "events": self._events,
            "recall": lambda: self.call("recall_seat", str(s.recall_seat)),
            "tilts": lambda: self.call("tilts"),
            "handpay": lambda: self.call("tilts"),
            "config": lambda: self.call("config"),
            "vouchers": lambda: self.call("vouchers_recent", "10"),
            "report": lambda: self.call("report", ""),
        }
        loader = loaders.get(s.screen)
        if loader is not None:
            self.keep(loader())

    def _events(self) -> Message | None:
        s = self.state
        hours = _SPAN_HOURS.get(s.event_span)
        since = (
            ""
            if hours is None
            else time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(self.wall() - hours * 3600))
        )
        return self.call("events", s.event_kind, since, "", str(s.pages.events))
