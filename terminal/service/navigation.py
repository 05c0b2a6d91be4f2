"""The intents that move about: open a screen, turn a page, filter the event log, recall a seat's rounds."""

from __future__ import annotations

from dataclasses import replace

from terminal.service import intents as i
from terminal.service.control import ServiceControl


def go(control: ServiceControl, intent: i.Intent) -> None:
    control.go(intent.name)


def page(control: ServiceControl, intent: i.Intent) -> None:
    """Show page ``value`` of screen ``name`` (the event log fetches it; the others have theirs)."""
    s = control.state
    control.state = replace(s, pages=s.pages.at(intent.name, intent.value))
    if intent.name == "events":
        control.refresh()


def event_kind(control: ServiceControl, intent: i.Intent) -> None:
    s = control.state
    control.state = replace(s, event_kind=intent.name, pages=s.pages.at("events", 1))
    control.refresh()


def event_span(control: ServiceControl, intent: i.Intent) -> None:
    s = control.state
    control.state = replace(s, event_span=intent.name, pages=s.pages.at("events", 1))
    control.refresh()


def seat(control: ServiceControl, intent: i.Intent) -> None:
    """List the rounds of seat ``value`` (closing the round shown)."""
    s = control.state
    pages = s.pages.at("recall", 1)
    control.state = replace(s, recall_seat=intent.value, replies=replace(s.replies, round=None), pages=pages)
    control.refresh()


def open_round(control: ServiceControl, intent: i.Intent) -> None:
    _recall(control, intent.name)


def find_round(control: ServiceControl, intent: i.Intent) -> None:
    """The round whose number was typed."""
    _recall(control, control.state.fields.round)


def _recall(control: ServiceControl, round_id: str) -> None:
    """Round ``round_id`` recalled, its first page of wagers."""
    control.keep(control.call("recall", round_id))
    control.state = replace(control.state, pages=control.state.pages.at("round", 1))


def close_round(control: ServiceControl, intent: i.Intent) -> None:
    control.state = replace(control.state, replies=replace(control.state.replies, round=None))
