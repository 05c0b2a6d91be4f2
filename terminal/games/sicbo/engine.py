"""Sic Bo as the table plays it: the seam's engine over the pure rules, and what every screen is told.

Every Sic Bo wager lives one roll, so the engine is a :class:`~terminal.games.one_round.OneRoundEngine`:
placing checks the spot and the limits, settling looks up each wager's precomputed settlement of the roll.
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.games.base import Limits, Settlement
from terminal.games.one_round import OneRoundEngine, RoundPlay
from terminal.games.seam import JSONObject
from terminal.games.sicbo.rules import Roll, SicBoRules, Spot, Wager, compile_wager, place, settle

_ANY = Limits(1, 2**62, 1)  # rebuilding a wager the table already accepted: the limits were checked then


@dataclass(frozen=True, slots=True)
class SicBoView:
    """What every screen is told of a Sic Bo table beside the round: the paytable and the last roll."""

    paytable: str
    last_roll: str  # canonical text (``2-5-5``), empty before the first roll


class SicBoEngine(OneRoundEngine[Wager, Roll]):
    """The :class:`~terminal.games.seam.Engine` of a Sic Bo table."""

    def __init__(self, rules: SicBoRules) -> None:
        self.rules = rules

    def make_wager(self, ref: str, spot: str, amount: int, checked: bool) -> tuple[Wager, str, str]:
        if checked:
            where = Spot.parse(spot)
            wager = compile_wager(self.rules.paytable, ref, where, _ANY.check(where.kind, amount))
        else:
            wager = place(self.rules, ref, spot, amount)
        return wager, wager.spot.text, wager.spot.kind

    def settle_wagers(self, wagers: tuple[Wager, ...], outcome: Roll) -> tuple[Settlement, ...]:
        return settle(wagers, outcome, self.rules)

    def outcome(self, values: tuple[int, ...]) -> Roll:
        first, second, third = values
        return Roll((first, second, third))

    def parse(self, text: str) -> Roll:
        return Roll.parse(text)

    def read_outcome(self, data: JSONObject) -> Roll:
        return Roll.from_json(data)

    def view(self, play: RoundPlay[Wager], last: Roll | None) -> SicBoView:
        return SicBoView(self.rules.paytable.name, last.text if last is not None else "")
