"""What a view is drawn from: the state, where the screen stands, its language, its frame and the time."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from terminal.i18n import Catalogue
from terminal.service import labels
from terminal.service.layout.frame import Frame
from terminal.service.state import ServiceState, Station


@dataclass(frozen=True, slots=True)
class Scene:
    """One frame's worth of everything a view reads."""

    state: ServiceState
    station: Station
    cat: Catalogue
    frame: Frame
    now: float  # the wall clock, seconds since the epoch (the header's clock)

    def t(self, key: str, **args: Any) -> str:
        """The catalogue's text for ``key``."""
        return self.cat.text(key, **args)

    def money(self, units: int) -> str:
        """An amount in the table's currency."""
        return labels.money(self.cat, self.station.currency, units)
