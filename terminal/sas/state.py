"""A seat's SAS store: the exception cursor, the host's clock offset, the shutdown flag and the link log.

One small JSON file per seat (``[sas] state_dir``/``seat-N.json``), replaced whole on every change (written
beside, flushed to disk, renamed over, the folder flushed), so a power cut leaves the old file or the new
one, never half of either. The ledger is never written: the cursor says how far the host has taken the
ledger's record, and the record itself stays where it is.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

#: Link log entries kept (oldest dropped).
LINK_LOG = 200


@dataclass(frozen=True, slots=True)
class SeatState:
    """What a seat's SAS machine keeps across restarts."""

    cursor: dict[str, int] = field(default_factory=dict)  # ledger source → last row the host took
    clock_offset: float = 0.0  # the host's date and time (7F) minus the table's clock, seconds
    disabled: bool = False  # the host sent 01 (shutdown) and no 02 (startup) since
    link: tuple[dict[str, Any], ...] = ()  # sas_link entries: {"time", "state": "lost"|"restored"}
    overflows: int = 0  # exception buffer overflows reported (70)
    #: AFT transfers asked of the table and not yet in the ledger: transaction id → the request (72)
    aft_pending: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: AFT registration (73): {"status": 0x00/0x01/0x80, "key": hex, "pos": int}
    registration: dict[str, Any] = field(default_factory=dict)
    #: SAS tickets (70/71) asked of the table and not yet in the ledger: validation number → the request
    tickets: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: Enhanced validation (4C): {"machine": int, "sequence": int}
    validation: dict[str, int] = field(default_factory=dict)
    #: The host turned ticket redemption off (7B control bit 5 cleared) and not on since
    redemption_off: bool = False


class StateStore:
    """The file of one seat's :class:`SeatState`."""

    def __init__(self, folder: Path, seat: int) -> None:
        self.path = folder / f"seat-{seat}.json"

    def load(self) -> SeatState:
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return SeatState()
        except (OSError, ValueError) as bad:
            raise OSError(f"SAS store {self.path} cannot be read: {bad}") from bad
        return SeatState(
            cursor={str(k): int(v) for k, v in raw.get("cursor", {}).items()},
            clock_offset=float(raw.get("clock_offset", 0.0)),
            disabled=bool(raw.get("disabled", False)),
            link=tuple(raw.get("link", ())),
            overflows=int(raw.get("overflows", 0)),
            aft_pending={str(k): dict(v) for k, v in raw.get("aft_pending", {}).items()},
            registration=dict(raw.get("registration", {})),
            tickets={str(k): dict(v) for k, v in raw.get("tickets", {}).items()},
            validation={str(k): int(v) for k, v in raw.get("validation", {}).items()},
            redemption_off=bool(raw.get("redemption_off", False)),
        )

    def save(self, state: SeatState) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(
            {"cursor": state.cursor, "clock_offset": state.clock_offset, "disabled": state.disabled,
             "link": list(state.link[-LINK_LOG:]), "overflows": state.overflows,
             "aft_pending": state.aft_pending, "registration": state.registration, "tickets": state.tickets,
             "validation": state.validation, "redemption_off": state.redemption_off},
            sort_keys=True,
        )  # fmt: skip
        part = self.path.with_name(self.path.name + ".part")
        with part.open("w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(part, self.path)
        folder = os.open(self.path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def with_link(state: SeatState, time: str, lost: bool) -> SeatState:
    """``state`` with one more link entry."""
    entry = {"time": time, "state": "lost" if lost else "restored"}
    return replace(state, link=(*state.link, entry)[-LINK_LOG:])
