"""Events, tilts and wagers as a technician reads them: translated names, amounts as money.

The controller sends an event's detail as the JSON the ledger holds (``{"value": 10000}``); this module
turns it into ``Amount: $100.00`` in the screen's language. Field names, event names, tilt kinds and
wager names come from the catalogue (``service.event.*``, ``service.detail.*``, ``service.tilt.*`` and the
seat's ``wager.*``); a name the catalogue does not know yet is shown as it is, so nothing is ever hidden.
Money fields (the ledger's integer minor units) are written in the table's currency.

>>> from terminal.i18n import load_catalogue
>>> detail_text(load_catalogue("en"), '{"value": 10000}', "USD")
'Amount: $100.00'
>>> detail_text(load_catalogue("en"), '{"on": "boot", "ids": {"events": 3}, "meters": {}}', "USD")
'When: at start-up'
"""

from __future__ import annotations

import json
import re
from pathlib import PurePath
from typing import Any

from terminal.i18n import Catalogue
from terminal.net.messages import service as sm
from terminal.service.phrases import phrase_text
from terminal.service.setting_names import setting_name

#: Detail fields that hold money in minor units.
MONEY_FIELDS = frozenset({"value", "amount", "award", "credits", "stake", "returned", "cancelled"})


def _named(cat: Catalogue, key: str, raw: str) -> str:
    return cat.text(key) if cat.has(key) else raw.replace("_", " ")


def event_name(cat: Catalogue, name: str) -> str:
    """``bill_stacked`` as ``Bill stacked`` / ``Billete apilado``."""
    return _named(cat, f"service.event.{name}", name)


def tilt_name(cat: Catalogue, kind: str) -> str:
    """``door_open`` as ``Door open`` / ``Puerta abierta``."""
    return _named(cat, f"service.tilt.{kind}", kind)


def role_name(cat: Catalogue, role: str) -> str:
    """``technician`` as ``Technician`` / ``Técnico``."""
    return _named(cat, f"service.role.{role}", role)


def wager_name(cat: Catalogue, spot: str, game: str = "") -> str:
    """A spot as the seat names it: ``straight:17`` as ``Straight 17``, ``dozen:2`` as ``Dozen 2``; a
    wager ``game`` names itself (``wager.<game>.<id>``: Three Dice Football's ``touchdown``) by that name,
    as the seat's ``Painter.own`` does. A hand pay's kinds (``touchdown, penalty``) are each named."""
    if "," in spot:
        return ", ".join(wager_name(cat, one.strip(), game) for one in spot.split(","))
    kind, _, numbers = spot.partition(":")
    own = f"wager.{game}.{kind}"
    name = cat.text(own) if game and cat.has(own) else _named(cat, f"wager.{kind}", kind)
    return f"{name} {numbers}" if numbers else name


def _value(cat: Catalogue, key: str, value: Any, currency: str, game: str) -> str:
    if key in MONEY_FIELDS and isinstance(value, int) and not isinstance(value, bool):
        return cat.money(value, currency)
    if isinstance(value, bool):
        return cat.text("service.yes" if value else "service.no")
    if key == "tilt" and isinstance(value, str):
        return tilt_name(cat, value)
    if key in ("role", "second_role") and isinstance(value, str):
        return role_name(cat, value)
    if key == "wager" and isinstance(value, str):
        return wager_name(cat, value, game)
    if key in ("command", "client") and isinstance(value, str):  # a service command is its menu entry
        return _named(cat, f"service.{'menu' if key == 'command' else 'client'}.{value}", value)
    if key == "on" and isinstance(value, str):  # when a check ran: at start-up, at the door, after a round
        return _named(cat, f"service.detail.on_{value}", value)
    if key == "signals" and isinstance(value, list):  # what lit the tower
        return ", ".join(_named(cat, f"service.signal.{s}", str(s)) for s in value)
    if isinstance(value, int):
        return str(value)
    return str(value)


def detail_text(cat: Catalogue, detail: str, currency: str, game: str = "") -> str:
    """An event's detail: each field's translated label and its value, money as money; wagers named as
    ``game`` (the table's) names them."""
    try:
        loaded: Any = json.loads(detail)
    except ValueError:  # the controller's flat words ("main door open"): a known phrase translated
        return phrase_text(cat, detail)
    if not isinstance(loaded, dict):
        return str(loaded)
    parts = _changes(cat, loaded)
    for key, value in loaded.items():
        if value is None or value == "" or value == [] or isinstance(value, dict):
            continue  # nothing to say, or a record for the auditor (an audit's row marks, in the ledger)
        if key == "detail" and isinstance(value, str):  # a tilt's or check's own words: maybe JSON again
            nested = value.startswith("{")
            value = detail_text(cat, value, currency, game) if nested else phrase_text(cat, value)
        label = _named(cat, f"service.detail.{key}", key)
        parts.append(f"{label}: {_value(cat, key, value, currency, game)}")
    return "; ".join(parts)


def _changes(cat: Catalogue, loaded: dict[str, Any]) -> list[str]:
    """A configuration change's settings by name, each "before → after" (``section.key`` in the ledger)."""
    before, after = loaded.get("before"), loaded.get("after")
    if not isinstance(before, dict) or not isinstance(after, dict):
        return []
    out = []
    for dotted, new in after.items():
        section, _, key = str(dotted).partition(".")
        out.append(f"{setting_name(cat, section, key)} {before.get(dotted, '')} → {new}")
    return out


def handpay_award(detail: str) -> tuple[int | None, str]:
    """A hand-pay tilt's award (minor units) and wager kind, from its JSON detail (``None``: not known)."""
    try:
        loaded: Any = json.loads(detail)
    except ValueError:
        return None, ""
    if not isinstance(loaded, dict):
        return None, ""
    award = loaded.get("award")
    return (award if isinstance(award, int) else None), str(loaded.get("wager", ""))


def done_text(cat: Catalogue, reply: sm.ServiceDone, args: tuple[str, ...]) -> str:
    """What the status line says after an act: the catalogue's sentence, file names never full paths."""
    if reply.act == "report_export":
        names = [PurePath(p).name for p in re.findall(r"\S+\.(?:csv|pdf)", reply.message)]
        return cat.text("service.done.report_export", files=", ".join(names))
    key = f"service.done.{reply.act}"
    if not cat.has(key):
        return reply.message
    if reply.act == "clear_tilt":
        return cat.text(key, tilt=tilt_name(cat, args[0]) if args else "")
    return cat.text(key, seat=args[0] if args else "")
