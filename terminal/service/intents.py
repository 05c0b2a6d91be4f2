"""What the service views ask for ("messages up"): a touch on a view posts an :class:`Intent`.

A view never calls the controller nor changes the state: it draws, and each touch area it draws carries
the intent a touch there posts (open a screen, type a key, clear a tilt, ask for the second person).
:func:`terminal.service.dispatch.handle` carries intents out.
"""

from __future__ import annotations

from dataclasses import dataclass

# The session.
LOGIN = "login"
LOGOUT = "logout"
TURN_KEY = "turn_key"  # the station's simulated service key: on, or off (ends the session)
# Typing.
FOCUS = "focus"  # name: the field the keypad types into
KEY = "key"  # name: a character, "<" (delete) or "C" (clear)
# Moving about.
GO = "go"  # name: a screen of the menu
PAGE = "page"  # name: the screen; value: the page to show
EVENT_KIND = "event_kind"  # name: the kind of event the log shows ("" every kind)
EVENT_SPAN = "event_span"  # name: hour | day | all
SEAT = "seat"  # value: the seat whose rounds game recall lists
OPEN_ROUND = "open_round"  # name: a round number
FIND_ROUND = "find_round"  # the round number typed
CLOSE_ROUND = "close_round"
# Acting.
ACT = "act"  # name: a one-person command; args: its arguments
LOOKUP_VOUCHER = "lookup_voucher"  # the number typed
REASON = "reason"  # name: why a voucher is voided
EDIT = "edit"  # args: section, key, value — a setting opened for change
LEAVE_EDIT = "leave_edit"
PREVIEW = "preview"  # the change typed, previewed by the controller
ASK_SECOND = "ask_second"  # name: a two-person act; args: its arguments
CONFIRM = "confirm"  # both people's PINs typed
CANCEL = "cancel"  # the two-person dialog closed


@dataclass(frozen=True, slots=True)
class Intent:
    """One request of a view: its ``kind``, and the name, arguments or number it needs."""

    kind: str
    name: str = ""
    args: tuple[str, ...] = ()
    value: int = 0
