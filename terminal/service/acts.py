"""The intents that act: one-person acts, a voucher's look-up, a setting's change, and two-person acts.

A one-person act (clear a tilt, pay by hand, run the self-tests, export the day) goes straight to the
controller, then the screen is fetched again. A two-person act (void a voucher, RAM clear, change the
configuration) first opens the dialog for both people's PINs; :func:`confirm` sends it with them. The
PINs are forgotten after each try, whatever the answer.
"""

from __future__ import annotations

from dataclasses import replace

from terminal.net.messages import service as sm
from terminal.service import intents as i
from terminal.service.control import ServiceControl
from terminal.service.event_text import done_text
from terminal.service.state import VOID_REASONS, Confirm

#: The acts two people authorise, and the command each sends.
TWO_PERSON = {"voucher_void": "void_voucher", "ram_clear": "ram_clear", "config_change": "config_change"}


def act(control: ServiceControl, intent: i.Intent) -> None:
    """A one-person act, then the screen again (a reply that is not "done" is shown as it is)."""
    reply = control.call(intent.name, *intent.args)
    if isinstance(reply, sm.ServiceDone):
        control.refresh()
        control.state = control.state.said(done_text(control.cat, reply, intent.args), True)
    else:
        control.keep(reply)


def lookup_voucher(control: ServiceControl, intent: i.Intent) -> None:
    control.keep(control.call("voucher", control.state.fields.voucher))


def reason(control: ServiceControl, intent: i.Intent) -> None:
    if intent.name not in VOID_REASONS:
        raise ValueError(f"no void reason {intent.name!r}; reasons: {', '.join(VOID_REASONS)}")
    control.state = replace(control.state, reason=intent.name)


def edit(control: ServiceControl, intent: i.Intent) -> None:
    """Open the setting ``args`` = (section, key, value) for change, its value in the field."""
    section, key, value = intent.args
    s = control.state
    control.state = replace(
        s,
        edit=(section, key),
        fields=replace(s.fields, value=value),
        focus="value",
        replies=replace(s.replies, diff=None),
    )


def leave_edit(control: ServiceControl, intent: i.Intent) -> None:
    s = control.state
    control.state = replace(s, edit=None, replies=replace(s.replies, diff=None))


def preview(control: ServiceControl, intent: i.Intent) -> None:
    """What the typed value would change, and whether it may (the controller says)."""
    s = control.state
    if s.edit is not None:
        section, key = s.edit
        control.keep(control.call("config_preview", f"{section}.{key}={s.fields.value}"))


def ask_second(control: ServiceControl, intent: i.Intent) -> None:
    """Open the two-person dialog for act ``name`` with its arguments."""
    command = TWO_PERSON.get(intent.name)
    if command is None:
        raise ValueError(f"{intent.name!r} is not a two-person act; they are: {', '.join(TWO_PERSON)}")
    control.state = replace(control.state, confirm=Confirm(intent.name, command, intent.args))


def cancel(control: ServiceControl, intent: i.Intent) -> None:
    control.state = replace(control.state, confirm=None)


def confirm(control: ServiceControl, intent: i.Intent) -> None:
    """The act with both people's PINs; a refusal keeps the dialog open (PINs cleared) and says why."""
    c = control.state.confirm
    if c is None:
        return
    reply = control.call(c.command, c.my_pin, c.second, c.second_pin, *c.args)
    if control.state.confirm is not None:
        control.state = replace(control.state, confirm=replace(c, my_pin="", second_pin=""))
    if reply is None:
        return
    control.state = replace(control.state, confirm=None)
    if isinstance(reply, sm.ConfigDiff):
        control.refresh()
        control.keep(reply)
        control.state = replace(control.state, edit=None).said(
            control.cat.text("service.config.applied"), True
        )
    elif isinstance(reply, sm.ServiceDone):
        control.state = replace(control.state, replies=replace(control.state.replies, voucher=None))
        control.refresh()
        control.state = control.state.said(done_text(control.cat, reply, ()), True)
