"""Sample table states for screenshots and the benchmark: models built through the real reducer.

Each function returns ``(model, t)``: the model after a realistic run of messages and the instant to
paint. Outcomes and wins here are examples for pictures, never outcomes of the table.
"""

from __future__ import annotations

from dataclasses import replace

from terminal.display.model import (
    CrapsInfo,
    DisplayModel,
    HistoryItem,
    LinkUp,
    TouchdownInfo,
    apply,
)
from terminal.display.scene import settle_time
from terminal.net import messages as m

LIMITS = m.LimitsView(100, 50_000, 250_000, 100)
PAST_ROULETTE = (
    "32",
    "0",
    "17",
    "5",
    "22",
    "17",
    "00",
    "9",
    "31",
    "17",
    "14",
    "3",
    "26",
    "0",
    "28",
    "19",
    "7",
    "36",
    "12",
    "24",
    "17",
    "1",
    "33",
)
PAST_CRAPS = ("6-2", "3-3", "5-4", "2-2", "1-4", "6-6", "3-4", "5-5", "2-1", "4-4", "6-3", "1-1", "5-6")


def table_state(model: DisplayModel, round_id: int, phase: str, countdown_ms: int) -> m.TableState:
    """A ``TableState`` for the model's game, wheel and lab mode."""
    wheel = "none" if model.game == "craps" else model.wheel
    return m.TableState(
        model.game, round_id, phase, countdown_ms, LIMITS, (100, 500, 2500), "USD", 1,
        "Keystone Casino", "T-01", 8, wheel, model.test_mode,
    )  # fmt: skip


def _result(round_id: int, outcome: str) -> m.Result:
    wins = (
        m.SettlementView("seat-3", "straight:17", 500, 18_000, "win"),
        m.SettlementView("seat-1", "red", 2_000, 0, "lose"),
        m.SettlementView("seat-5", "column:2", 1_000, 3_000, "win"),
        m.SettlementView("seat-6", "black", 2_500, 5_000, "win"),
    )
    return m.Result(round_id, outcome, wins)


def base(game: str = "roulette", wheel: str = "double_zero", test: bool = False) -> DisplayModel:
    """A linked display that has seen some history."""
    past = PAST_ROULETTE if game == "roulette" else PAST_CRAPS
    history = tuple(HistoryItem(200 - k, outcome) for k, outcome in enumerate(past))
    model = DisplayModel(game=game, wheel=wheel, test_mode=test, history=history)
    return apply(model, LinkUp(), 0.0)


def betting(model: DisplayModel, t: float = 100.0) -> tuple[DisplayModel, float]:
    """The betting window, 18 seconds to go."""
    return apply(model, table_state(model, 201, "open", 18_000), t), t


def locked(model: DisplayModel, t: float = 100.0) -> tuple[DisplayModel, float]:
    """The window has closed; the outcome is being drawn."""
    model = apply(model, table_state(model, 201, "open", 1_000), t - 2.0)
    return model, t


def spun(model: DisplayModel, outcome: str, after_s: float, t: float = 100.0) -> tuple[DisplayModel, float]:
    """``after_s`` seconds after the result ``outcome`` arrived (the next window opened with it)."""
    start = t - after_s
    model = apply(model, table_state(model, 201, "open", 0), start - 0.5)
    model = apply(model, _result(201, outcome), start)
    model = apply(model, table_state(model, 202, "open", 25_000), start + 0.01)
    return model, t


def at_rest(model: DisplayModel, outcome: str, t: float = 100.0) -> tuple[DisplayModel, float]:
    """The result settled and the winners shown."""
    return spun(model, outcome, settle_time(model) + 2.0, t)


def touchdown(model: DisplayModel, downs: tuple[int, ...], gains: tuple[int, ...]) -> DisplayModel:
    """A Touchdown game in progress with ``downs`` played (their pockets and yards)."""
    teams = (("seat-2", "red", False), ("seat-4", "black", True), ("seat-7", "red", False))
    ball = sum(gains)
    info = TouchdownInfo("game", downs, gains, max(-50, min(50, ball)), teams, -1e6)
    return replace(model, touchdown=info)


def craps(model: DisplayModel, point: int | None, last_roll: str) -> DisplayModel:
    """The craps boards: a shooter with some points made and Bonus numbers hit."""
    info = CrapsInfo(point, 4, 9, False, (6, 9, 4), (2, 3, 4, 6, 8, 11), last_roll)
    return replace(model, craps=info)


def tilted(model: DisplayModel, t: float = 100.0) -> DisplayModel:
    """A table tilt (main door open)."""
    return apply(model, m.Tilt("door_open", True, "table: main door open"), t)
