"""One round of each game as the controller sends it, twice: the same round with two outcomes (the seat's
wager wins on the first and loses on the second). The reveal tests play both on a seat and on the display
and compare what each shows before the reveal time: nothing may differ."""

from __future__ import annotations

from dataclasses import dataclass

from terminal.games.bigsix.engine import BigSixView
from terminal.games.crapless.engine import CraplessView
from terminal.games.craps.engine import CrapsView
from terminal.games.high_roll.engine import HighRollView
from terminal.games.reveal import reveal_seconds
from terminal.games.roulette.engine import RouletteView
from terminal.games.sicbo.engine import SicBoView
from terminal.net import messages as m
from terminal.net.game_state import game_view
from terminal.net.tally import tally

ROUND = 5
LIMITS = m.LimitsView(100, 50_000, 250_000, 100)
VARIANT = {
    "roulette": "double_zero",
    "craps": "none",
    "sicbo": "a",
    "bigsix": "standard",
    "high_roll": "standard",
    "tdf": "standard",
    "crapless": "none",
}
CREDITS = 20_000
STAKE = 500


@dataclass(frozen=True)
class Round:
    """A game's round: the spot the seat backs, the winning and the losing outcome, what it pays, and the
    table's state before (last outcome ``last``) and after each outcome."""

    game: str
    spot: str
    win: str
    lose: str
    paid: int  # everything the winning wager returns, stake included
    last: str  # the outcome before this round

    def view(self, outcome: str, round_id: int) -> m.GameView:
        """The game's ``GameView`` once ``outcome`` is the last one."""
        if self.game == "roulette":
            return game_view("roulette", round_id, RouletteView("double_zero", None))
        if self.game == "craps":
            total = sum(int(d) for d in outcome.split("-"))
            point = total if total in (4, 5, 6, 8, 9, 10) else None
            return game_view("craps", round_id, CrapsView(point, 1, 1, False, (), (), outcome))
        if self.game == "crapless":  # from a come-out: every total but 7 is the point
            total = sum(int(d) for d in outcome.split("-"))
            point = total if total != 7 else None
            return game_view("crapless", round_id, CraplessView(point, False, (), (total,), outcome))
        if self.game == "sicbo":
            return game_view("sicbo", round_id, SicBoView("a", outcome))
        if self.game == "high_roll":
            return game_view(
                "high_roll", round_id, HighRollView(10, "standard", True, True, 0, 0, "", outcome)
            )
        if self.game == "tdf":  # the drive after the last throw and this one, played by the real engine
            throws = (self.last, outcome) if outcome != self.last else (outcome,)
            return game_view("tdf", round_id, _drive(throws))
        return game_view("bigsix", round_id, BigSixView("standard", outcome))


ROUNDS = {
    "roulette": Round("roulette", "straight:17", "17", "4", 36 * STAKE, "32"),
    "craps": Round("craps", "field", "6-6", "4-4", 4 * STAKE, "5-2"),  # 12 pays 3 to 1 on the field
    "sicbo": Round("sicbo", "total_10", "2-3-5", "2-5-5", 7 * STAKE, "1-3-4"),
    "bigsix": Round("bigsix", "five", "five@4", "one@1", 6 * STAKE, "two@2"),
    # three aces pay Pip Street Ace 3 to 1; three 5s lose it
    "high_roll": Round(
        "high_roll",
        "pip_street_ace",
        "1-1-1-2-3-4-5-6-2-3",
        "5-5-5-2-3-4-6-1-2-3",
        4 * STAKE,
        "6-6-6-6-1-2-3-4-5-2",
    ),
    # Three Dice Football: +10 from the 16 (1st & Goal on the 6) wins Over Four Yards; a penalty loses it
    "tdf": Round("tdf", "over_four_yards", "6-5-1", "1-1-3", 2 * STAKE, "3-2-1"),
    "crapless": Round("crapless", "field", "6-6", "4-4", 3 * STAKE, "5-2"),  # 12 pays 2 to 1 on the field
}


def _drive(throws: tuple[str, ...]) -> object:
    """Three Dice Football's view after ``throws`` from a new game (the engine's own record)."""
    from terminal.games.tdf.engine import TdfEngine
    from terminal.games.tdf.rules import Throw, make_rules

    engine = TdfEngine(make_rules())
    play = engine.start()
    for text in throws:
        play = engine.settle(play, Throw.parse(text)).play
    return engine.view(play, Throw.parse(throws[-1]))


def table_state(game: str, phase: str = "open", countdown_ms: int = 0, round_id: int = ROUND) -> m.TableState:
    return m.TableState(game, round_id, phase, countdown_ms, LIMITS, (100, 500, 2500), "USD", 1,
                        "Keystone Casino", "T-01", 2, VARIANT[game], False)  # fmt: skip


def offer(game: str, spot: str) -> m.Offer:
    kind = spot.partition(":")[0]
    return m.Offer(game, (m.OfferedWager(kind, "standard", 100, 50_000, 100),), ())


def reveal_ms(game: str, outcome: str) -> int:
    """The reveal time the controller puts in the ``Result``, from the timing both faces share."""
    return round(reveal_seconds(game, outcome) * 1000)


def before(r: Round) -> list[m.Message]:
    """What a seat and the display heard while the round's window was open (the seat's chip on)."""
    wager = m.WagerView(r.spot, STAKE, True, None, (), 0, False)
    return [
        table_state(r.game, "open", 20_000),
        offer(r.game, r.spot),
        r.view(r.last, ROUND - 1),
        m.History((m.HistoryEntry(ROUND - 1, r.last, False),)),
        tally(m.History((m.HistoryEntry(ROUND - 1, r.last, False),))),
        m.SeatState("seat-1", CREDITS - STAKE, STAKE, 0, (wager,), None),
        m.SeatRounds("seat-1", (m.SeatRoundView(ROUND - 1, r.last, STAKE, 0),)),
    ]


def result(r: Round, outcome: str) -> list[m.Message]:
    """What the controller sends once it has settled the round on ``outcome`` (all at one instant)."""
    won = outcome == r.win
    paid = r.paid if won else 0
    settled = (m.SettlementView("seat-1", r.spot, STAKE, paid, "win" if won else "lose"),)
    return [
        m.Result(ROUND, outcome, settled, reveal_ms(r.game, outcome)),
        r.view(outcome, ROUND),
        m.History((m.HistoryEntry(ROUND, outcome, False), m.HistoryEntry(ROUND - 1, r.last, False))),
        tally(m.History((m.HistoryEntry(ROUND, outcome, False), m.HistoryEntry(ROUND - 1, r.last, False)))),
        m.SeatState("seat-1", CREDITS - STAKE + paid, 0, paid, (), None),
        m.SeatRounds("seat-1", (m.SeatRoundView(ROUND, outcome, STAKE, paid), *before(r)[-1].rounds)),
    ]
