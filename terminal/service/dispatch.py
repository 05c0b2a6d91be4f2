"""Every intent of the service views and the handler that carries it out.

>>> sorted(HANDLERS) == sorted(v for k, v in vars(i).items() if k.isupper())
True
"""

from __future__ import annotations

from collections.abc import Callable

from terminal.service import acts, navigation, session
from terminal.service import intents as i
from terminal.service.control import ServiceControl

Handler = Callable[[ServiceControl, i.Intent], None]

HANDLERS: dict[str, Handler] = {
    i.LOGIN: session.login,
    i.LOGOUT: session.logout,
    i.TURN_KEY: session.turn_key,
    i.FOCUS: session.focus,
    i.KEY: session.key,
    i.GO: navigation.go,
    i.PAGE: navigation.page,
    i.EVENT_KIND: navigation.event_kind,
    i.EVENT_SPAN: navigation.event_span,
    i.SEAT: navigation.seat,
    i.OPEN_ROUND: navigation.open_round,
    i.FIND_ROUND: navigation.find_round,
    i.CLOSE_ROUND: navigation.close_round,
    i.ACT: acts.act,
    i.LOOKUP_VOUCHER: acts.lookup_voucher,
    i.REASON: acts.reason,
    i.EDIT: acts.edit,
    i.LEAVE_EDIT: acts.leave_edit,
    i.PREVIEW: acts.preview,
    i.ASK_SECOND: acts.ask_second,
    i.CONFIRM: acts.confirm,
    i.CANCEL: acts.cancel,
}


def handle(control: ServiceControl, intent: i.Intent) -> None:
    """Carry out one intent of a view."""
    handler = HANDLERS.get(intent.kind)
    if handler is None:
        raise ValueError(f"unknown service intent {intent.kind!r}")
    handler(control, intent)
