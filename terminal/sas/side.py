"""What AFT, TITO and validation need of a seat's SAS machine (:class:`MachineSide`), and who the machine is
(:class:`MachineInfo`): kept apart from :mod:`terminal.sas.machine`, which holds those parts, so no module
of the package imports back the one that imports it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from terminal.ledger.seat_view import SeatView
from terminal.net.messages import Message
from terminal.sas.state import SeatState


@dataclass(frozen=True, slots=True)
class MachineInfo:
    """What a seat says about itself (1F, 54, 55, 56, B5)."""

    seat: int
    address: int
    games: tuple[str, ...]  # the games this machine offers, numbered from 1 in this order
    selected: str  # the game now at the table
    serial: str = ""
    asset: int = 0
    max_bet: int = 0  # credits
    paytable: str = "TABLE1"
    base_percent: str = "0000"  # theoretical payback, hundredths of a percent, four ASCII digits
    credit_limit: int = 0  # [money] credit_limit: the AFT transfer limit (74)
    country: int = 37  # the bill acceptor's country (table C-6: 37 the United States), [sas] country_code
    expiry_days: int = 0  # [money] voucher_expiry_days (0: tickets never expire), for 4D and 7B


class MachineSide(Protocol):
    """The machine as its parts see it: who it is, its ledger view and store, and its link to the table."""

    info: MachineInfo
    view: SeatView
    state: SeatState
    tell: Callable[[Message], None]

    def save(self, state: SeatState) -> None:
        """Keep ``state`` (on disk before the next answer)."""
        ...

    def meters(self, game: str | None = None) -> dict[int, int]:
        """The seat's meters by SAS code."""
        ...
