"""What the service screen shows, as frozen records, and the pure steps that change them.

:class:`ServiceState` is the screen shown, the session, the status line, the fields being typed, the last
reply of each kind and the choices made on screen. It changes only by ``replace`` (in
:mod:`terminal.service.control` and the intent handlers); views read it ("attributes down").

>>> s = typed(ServiceState(), "t")
>>> s = typed(typed(s, "x"), "<")
>>> s.fields.user, s.focus
('t', 'user')
>>> s = focused(ServiceState(confirm=Confirm("ram_clear", "ram_clear", ())), "second")
>>> typed(s, "b").confirm.second
'b'
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from terminal.net.messages import Message
from terminal.net.messages import service as sm

MAX_TYPED = 64  # characters in any field
_FIELDS = ("user", "pin", "round", "voucher", "value")
_DIALOG_FIELDS = ("my_pin", "second", "second_pin")
VOID_REASONS = ("damaged", "printer_fault", "dispute", "test_ticket")


@dataclass(frozen=True, slots=True)
class Station:
    """Where the screen stands, fixed for the run: the table, its seats, its currency, the hour (UTC) its
    gaming day begins (``[table] gaming_day_hour``, the end-of-day report's period)."""

    table_id: str
    seats: int
    currency: str = "USD"
    gaming_day_hour: int = 6
    demo: bool = False  # simulated devices: a demo table (the header shows DEMO)
    game: str = ""  # the game the table runs (``[table] game``): its own wager names (``wager.<game>.<id>``)


@dataclass(frozen=True, slots=True)
class Fields:
    """What is typed into the screen's entry boxes."""

    user: str = ""
    pin: str = ""
    round: str = ""
    voucher: str = ""
    value: str = ""  # a setting's new value


@dataclass(frozen=True, slots=True)
class Confirm:
    """A two-person act waiting for both PINs: the first user's again, the second user's id and PIN."""

    act: str
    command: str
    args: tuple[str, ...]
    my_pin: str = ""
    second: str = ""
    second_pin: str = ""
    focus: str = "my_pin"


@dataclass(frozen=True, slots=True)
class Replies:
    """The controller's last reply of each kind (``None``: not asked yet, or dropped)."""

    meters: sm.MetersReport | None = None
    events: sm.EventPage | None = None
    recall: sm.RecallList | None = None
    round: sm.RoundRecall | None = None
    voucher: sm.VoucherInfo | None = None
    vouchers: sm.VoucherHistory | None = None
    tilts: sm.TiltList | None = None
    config: sm.ConfigListing | None = None
    diff: sm.ConfigDiff | None = None
    selftest: sm.SelfTestReport | None = None
    report: sm.DayReport | None = None

    def kept(self, reply: Message) -> Replies:
        """These replies with ``reply`` in its place (a reply of no kind here changes nothing)."""
        for f in fields(self):
            if isinstance(reply, _KINDS[f.name]):
                change: dict[str, Any] = {f.name: reply}
                return replace(self, **change)
        return self


_KINDS: dict[str, type[Message]] = {
    "meters": sm.MetersReport,
    "events": sm.EventPage,
    "recall": sm.RecallList,
    "round": sm.RoundRecall,
    "voucher": sm.VoucherInfo,
    "vouchers": sm.VoucherHistory,
    "tilts": sm.TiltList,
    "config": sm.ConfigListing,
    "diff": sm.ConfigDiff,
    "selftest": sm.SelfTestReport,
    "report": sm.DayReport,
}


@dataclass(frozen=True, slots=True)
class Pages:
    """The page shown of each paged listing (from 1)."""

    meters: int = 1
    events: int = 1
    config: int = 1
    recall: int = 1  # a seat's rounds
    round: int = 1  # the wagers of a recalled round
    report: int = 1  # the day's figures and events

    def of(self, screen: str) -> int:
        return int(getattr(self, screen, 1))

    def at(self, screen: str, page: int) -> Pages:
        return replace(self, **{screen: max(1, page)}) if hasattr(self, screen) else self


@dataclass(frozen=True, slots=True)
class ServiceState:
    """Everything the views draw."""

    screen: str = "login"
    session: sm.ServiceSession | None = None
    status: str = ""
    status_ok: bool = True
    fields: Fields = Fields()
    focus: str = "user"
    replies: Replies = Replies()
    pages: Pages = Pages()
    event_kind: str = ""
    event_span: str = "all"
    recall_seat: int = 1
    edit: tuple[str, str] | None = None  # (section, key) of the setting being changed
    reason: str = VOID_REASONS[0]
    confirm: Confirm | None = None
    last_input: float = 0.0
    key_on: bool = False  # the station's service key (simulated on a lab table)

    def may(self, act: str) -> bool:
        """Whether the user logged in may do ``act`` (the controller checks again)."""
        return self.session is not None and act in self.session.acts

    def said(self, status: str, ok: bool) -> ServiceState:
        """The state with ``status`` on the status line."""
        return replace(self, status=status, status_ok=ok)


def logged_out(state: ServiceState) -> ServiceState:
    """Back to the login screen: no session, no dialog, the login fields empty."""
    login = replace(state.fields, user="", pin="")
    return replace(state, session=None, screen="login", confirm=None, fields=login, focus="user")


def focused(state: ServiceState, name: str) -> ServiceState:
    """The keypad types into ``name`` (a field of the dialog while one is open)."""
    if state.confirm is not None:
        return replace(state, confirm=replace(state.confirm, focus=name))
    return replace(state, focus=name)


def typed(state: ServiceState, char: str) -> ServiceState:
    """A key of the pad or the keyboard into the focused field: ``<`` deletes, ``C`` clears."""
    c = state.confirm
    name = c.focus if c is not None else state.focus
    holder: Fields | Confirm = c if c is not None else state.fields
    if name not in (_DIALOG_FIELDS if c is not None else _FIELDS):
        return state  # no field has the focus: a key does nothing
    value = str(getattr(holder, name))
    value = "" if char == "C" else value[:-1] if char == "<" else (value + char)[:MAX_TYPED]
    change: dict[str, Any] = {name: value}
    if c is not None:
        return replace(state, confirm=replace(c, **change))
    return replace(state, fields=replace(state.fields, **change))
