"""The controller's short English phrases, as a technician reads them in the screen's language.

A tilt's detail and the reason a change must wait come from the controller as plain English
("main door open", "credits on seat 2"): the ledger keeps them as they are, for the auditor. The service
screen says each known phrase with the catalogue's sentence (``service.phrase.*``) and its values
(a door's name from ``service.door.*``); a phrase it does not know (a ledger finding, a file's digest) is
engineering data and is shown as it came, so nothing is ever hidden.

>>> from terminal.i18n import load_catalogue
>>> phrase_text(load_catalogue("es"), "table: main door open")
'Puerta principal abierta'
>>> phrase_text(load_catalogue("es"), "credits on seat 2, 5")
'Créditos en el puesto 2, 5'
"""

from __future__ import annotations

import re

from terminal.i18n import Catalogue

#: Each phrase the controller writes (terminal/table/cabinet.py, table.py, desk/acts.py) and its key.
PHRASES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?P<door>main|logic|cash_box) door open"), "service.phrase.door_open"),
    (re.compile(r"service key on"), "service.phrase.service_key_on"),
    (re.compile(r"seat link lost"), "service.phrase.seat_link_lost"),
    (re.compile(r"credits on seat (?P<seats>\d+(?:, \d+)*)"), "service.phrase.credits_on_seat"),
    (
        re.compile(r"round (?P<round>\d+) is in progress \(wagers in play\)"),
        "service.phrase.round_in_play",
    ),
)
_WHERE = re.compile(r"^(?:table|seat \d+): ")  # the display's "table: main door open"


def phrase_text(cat: Catalogue, text: str) -> str:
    """``text`` in the catalogue's language when it is a phrase the controller writes, else as it is."""
    bare = _WHERE.sub("", text.strip(), count=1)
    for pattern, key in PHRASES:
        found = pattern.fullmatch(bare)
        if found is not None:
            fields = found.groupdict()
            if "door" in fields:
                fields["door"] = cat.text(f"service.door.{fields['door']}")
            return cat.text(key, **fields)
    return text
