"""The PAR sheet's row: one wager under one paytable, with exact true odds, payout and house edge.

Every game's PAR module returns these rows; the ``par-sheet`` command renders them as JSON or markdown.
House edge is an exact fraction per unit wagered (positive favours the house); where a wager can push,
``house_edge_resolved`` is the edge per unit of resolved (non-push) action.

>>> row = ParRow("roulette", "straight", "standard", odds_text(Fraction(1, 38)), "35 to 1", Fraction(1, 19))
>>> row.to_json()["house_edge"], row.to_json()["true_odds"], row.to_json()["house_edge_pct"]
('1/19', '37 to 1', 5.2632)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True, slots=True)
class StakeEdge:
    """The exact house edge of one Buy/Lay stake (minor units) with the vig the table charges on it."""

    label: str  # "smallest" or "typical"
    stake: int
    vig: int
    house_edge: Fraction  # per unit wagered; vig collected with the bet counts as wagered

    def to_json(self) -> dict[str, object]:
        """Amounts in minor units, the edge as ``"p/q"``."""
        return {
            "label": self.label, "stake": self.stake, "vig": self.vig,
            "house_edge": fraction_text(self.house_edge), "house_edge_pct": percent(self.house_edge),
        }  # fmt: skip


@dataclass(frozen=True, slots=True)
class ParRow:
    """One line of the PAR sheet."""

    game: str
    wager: str
    paytable: str
    true_odds: str
    payout: str
    house_edge: Fraction
    house_edge_resolved: Fraction | None = None
    note: str = ""
    stakes: tuple[StakeEdge, ...] = ()  # Buy/Lay: the edge at real stakes, vig rounded as charged
    # the wager's exact edge under a named condition, which ``terminal simulate`` tallies apart as
    # ``wager:condition`` (High Roll Dice: a circle with an Extra Roll held, ``held``); the note says it
    conditions: tuple[tuple[str, Fraction], ...] = ()

    def to_json(self) -> dict[str, object]:
        """The row as the JSON PAR sheet carries it: fractions as ``"p/q"`` strings."""
        row: dict[str, object] = {
            "game": self.game,
            "wager": self.wager,
            "paytable": self.paytable,
            "true_odds": self.true_odds,
            "payout": self.payout,
            "house_edge": fraction_text(self.house_edge),
            "house_edge_pct": percent(self.house_edge),
        }
        if self.house_edge_resolved is not None:
            row["house_edge_resolved"] = fraction_text(self.house_edge_resolved)
            row["house_edge_resolved_pct"] = percent(self.house_edge_resolved)
        if self.note:
            row["note"] = self.note
        if self.stakes:
            row["stakes"] = [s.to_json() for s in self.stakes]
        return row


def fraction_text(value: Fraction) -> str:
    """``"p/q"`` always, even for whole numbers, so readers parse one form."""
    return f"{value.numerator}/{value.denominator}"


def percent(value: Fraction) -> float:
    """The fraction as a percentage rounded to 4 decimals, for reading only (the fraction is exact)."""
    return round(float(value * 100), 4)


def odds_text(probability: Fraction) -> str:
    """True odds against an event of ``probability``, in lowest terms: ``"37 to 1"``."""
    if not 0 < probability <= 1:
        raise ValueError(f"probability {probability} must be in (0, 1]")
    against = (1 - probability) / probability
    return f"{against.numerator:,} to {against.denominator:,}"
