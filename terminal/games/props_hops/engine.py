"""Props & Hops as the table plays it: the seam's engine over the pure rules, and what screens are told.

Every wager this build plays lives one shake, so the engine is a
:class:`~terminal.games.one_round.OneRoundEngine`.
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.games.base import Limits, Settlement
from terminal.games.one_round import OneRoundEngine, RoundPlay
from terminal.games.props_hops.rules import (
    PropsHopsRules,
    Roll,
    Wager,
    check_spot,
    compile_wager,
    place,
    settle,
)
from terminal.games.seam import JSONObject

_ANY = Limits(1, 2**62, 1)  # rebuilding a wager the table already accepted: the limits were checked then


@dataclass(frozen=True, slots=True)
class PropsHopsView:
    """What every screen is told of a Props & Hops table: the paytable, the hop grid and the last shake."""

    paytable: str
    hop_grid: str  # the grid's text, rows separated by ``/``
    last_roll: str  # ``4-3``, empty before the first shake


class PropsHopsEngine(OneRoundEngine[Wager, Roll]):
    """The :class:`~terminal.games.seam.Engine` of a Props & Hops table."""

    def __init__(self, rules: PropsHopsRules) -> None:
        self.rules = rules

    def make_wager(self, ref: str, spot: str, amount: int, checked: bool) -> tuple[Wager, str, str]:
        if checked:
            wager = compile_wager(self.rules, ref, check_spot(spot), _ANY.check(spot, amount))
        else:
            wager = place(self.rules, ref, spot, amount)
        return wager, wager.spot, wager.spot

    def settle_wagers(self, wagers: tuple[Wager, ...], outcome: Roll) -> tuple[Settlement, ...]:
        return settle(wagers, outcome, self.rules)

    def outcome(self, values: tuple[int, ...]) -> Roll:
        first, second = values
        return Roll((first, second))

    def parse(self, text: str) -> Roll:
        return Roll.parse(text)

    def read_outcome(self, data: JSONObject) -> Roll:
        return Roll.from_json(data)

    def view(self, play: RoundPlay[Wager], last: Roll | None) -> PropsHopsView:
        last_text = last.text if last is not None else ""
        return PropsHopsView(self.rules.paytable.name, self.rules.grid.text, last_text)
