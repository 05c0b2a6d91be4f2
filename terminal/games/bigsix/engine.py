"""The Big Six wheel as the table plays it: the seam's engine over the pure rules, and what screens are told.

Every Big Six wager lives one spin, so the engine is a :class:`~terminal.games.one_round.OneRoundEngine`.
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.games.base import Limits, Settlement
from terminal.games.bigsix.rules import BigSixRules, Stop, Wager, place, settle
from terminal.games.one_round import OneRoundEngine, RoundPlay
from terminal.games.seam import JSONObject

_ANY = Limits(1, 2**62, 1)  # rebuilding a wager the table already accepted: the limits were checked then


@dataclass(frozen=True, slots=True)
class BigSixView:
    """What every screen is told of a Big Six table beside the round: the paytable and the last stop."""

    paytable: str
    last_stop: str  # canonical text (``flag@27``), empty before the first spin


class BigSixEngine(OneRoundEngine[Wager, Stop]):
    """The :class:`~terminal.games.seam.Engine` of a Big Six table."""

    def __init__(self, rules: BigSixRules) -> None:
        self.rules = rules
        self._rebuild = BigSixRules(rules.paytable, (), _ANY)

    def make_wager(self, ref: str, spot: str, amount: int, checked: bool) -> tuple[Wager, str, str]:
        wager = place(self._rebuild if checked else self.rules, ref, spot, amount)
        return wager, wager.symbol, wager.symbol

    def settle_wagers(self, wagers: tuple[Wager, ...], outcome: Stop) -> tuple[Settlement, ...]:
        return settle(wagers, outcome, self.rules)

    def outcome(self, values: tuple[int, ...]) -> Stop:
        return Stop(values[0])

    def parse(self, text: str) -> Stop:
        return Stop.parse(text)

    def read_outcome(self, data: JSONObject) -> Stop:
        return Stop.from_json(data)

    def view(self, play: RoundPlay[Wager], last: Stop | None) -> BigSixView:
        return BigSixView(self.rules.paytable.name, last.text if last is not None else "")
