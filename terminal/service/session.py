"""The intents of the session and of typing: log in and out, turn the key, focus a field, type a key.

Service mode starts with the key: the simulated key of a lab table turns through the controller (which
stops play), and turning it off ends the session. The screen logs itself out after the session's idle
limit with no touch (the controller does too).
"""

from __future__ import annotations

from dataclasses import replace

from terminal.net.messages import service as sm
from terminal.service import intents as i
from terminal.service.control import ServiceControl
from terminal.service.link import ServiceError
from terminal.service.state import focused, logged_out, typed


def login(control: ServiceControl, intent: i.Intent) -> None:
    """The user id and PIN typed, to the controller; the PIN is forgotten either way."""
    f = control.state.fields
    reply = control.call("login", f.user, f.pin)
    control.state = replace(control.state, fields=replace(control.state.fields, pin=""))
    if isinstance(reply, sm.ServiceSession):
        control.state = replace(control.state, session=reply, key_on=True)
        control.go("meters" if control.state.may("meters") else "tilts")


def logout(control: ServiceControl, intent: i.Intent) -> None:
    control.call("logout")
    control.state = logged_out(control.state)


def turn_key(control: ServiceControl, intent: i.Intent) -> None:
    """Turn the station's service key (simulated): ON puts the table in service mode; OFF ends it."""
    action = "off" if control.state.key_on else "on"
    try:
        control.link.device("service_key", action)
    except ServiceError as refused:
        control.state = control.state.said(str(refused), False)
        return
    turned = control.cat.text(f"service.key.turned_{action}")
    control.state = replace(control.state, key_on=action == "on").said(turned, True)
    if action == "off":
        control.state = logged_out(control.state)


def check_idle(control: ServiceControl) -> None:
    """The screen's own idle timer: log out when the session's idle limit has passed."""
    s = control.state
    if s.session is not None and (control.clock() - s.last_input) * 1000 > s.session.idle_ms:
        logout(control, i.Intent(i.LOGOUT))
        control.state = control.state.said(control.cat.text("service.idle_logout"), False)


def focus(control: ServiceControl, intent: i.Intent) -> None:
    control.state = focused(control.state, intent.name)


def key(control: ServiceControl, intent: i.Intent) -> None:
    """A key of the on-screen pad or the keyboard into the focused field."""
    control.state = replace(typed(control.state, intent.name), last_input=control.clock())
