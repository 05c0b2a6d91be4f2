"""Protocol messages for seat tests: a table, a seat, an offer and results, as the controller sends them."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np
import pygame

from terminal.games.craps.engine import CrapsView
from terminal.games.roulette.engine import RouletteView, TeamView, TouchdownView
from terminal.net import messages as m
from terminal.net.game_state import game_view
from terminal.seat.app import SeatApp
from terminal.seat.main import init_headless
from terminal.seat.model import LinkStatus

CHIPS = (100, 500, 2500, 10000, 50000)
LIMITS = m.LimitsView(100, 50000, 250000, 100)


@dataclass
class Sent:
    """A sender that keeps what the seat sends."""

    messages: list[m.Message] = field(default_factory=list)

    def send(self, message: m.Message) -> None:
        self.messages.append(message)


def table_state(
    game: str = "roulette",
    phase: str = "open",
    countdown_ms: int = 20_000,
    *,
    round_id: int = 5,
    test_mode: bool = False,
) -> m.TableState:
    wheel = "double_zero" if game == "roulette" else "none"
    return m.TableState(
        game,
        round_id,
        phase,
        countdown_ms,
        LIMITS,
        CHIPS,
        "USD",
        1,
        "Keystone Casino",
        "T-01",
        6,
        wheel,
        test_mode,
    )


def wager(spot: str, amount: int, **kw: object) -> m.WagerView:
    base: dict[str, object] = {"working": True, "number": None, "marks": (), "vig": 0, "standing": False}
    base.update(kw)
    return m.WagerView(spot, amount, **base)  # type: ignore[arg-type]


def seat_state(
    credits: int = 20_000, wagers: tuple[m.WagerView, ...] = (), locked: str | None = None, last_win: int = 0
) -> m.SeatState:
    return m.SeatState("seat-1", credits, sum(w.amount for w in wagers), last_win, wagers, locked)


def offer(game: str = "roulette") -> m.Offer:
    if game == "craps":
        wagers = tuple(
            m.OfferedWager(
                w,
                "a" if w in ("fire", "lucky_shooter", "hot_roller")
                else "1" if w.startswith("all_")
                else "standard",
                100,
                50000,
                100,
            )
            for w in (
                "pass",
                "dont_pass",
                "come",
                "place_6",
                "buy_4",
                "lay_10",
                "hard_8",
                "field",
                "horn",
                "horn_high",
                "whirl",
                "c_and_e",
                "hop_2_5",
                "hop_3_3",
                "six_seven_eight",
                "fire",
                "all_small",
                "all_or_nothing",
                "lucky_shooter",
                "hot_roller",
                "any_seven",
            )
        )
        rules = (
            m.RuleView("vig_percent", "5"),
            m.RuleView("buy_vig", "on_win"),
            m.RuleView("rounding", "down"),
        )
        return m.Offer("craps", wagers, rules)
    wagers = (
        m.OfferedWager("straight", "standard", 100, 10000, 100),
        m.OfferedWager("red", "standard", 100, 50000, 100),
        m.OfferedWager("five_adjacent", "standard", 500, 10000, 100),
        m.OfferedWager("touchdown", "a", 100, 2500, 100),
    )
    return m.Offer(
        "roulette",
        wagers,
        (
            m.RuleView("wheel", "double_zero"),
            m.RuleView("seat_max", "$2,500.00"),
            m.RuleView("bills", "500 2000 10000"),
        ),
    )


def roulette_views() -> list[m.Message]:
    history = m.History(tuple(m.HistoryEntry(n, str((n * 7) % 37), False) for n in range(1, 30)))
    touchdown = TouchdownView("game", (5, 23), (3, -10), -7, (TeamView("seat-1", "red", False),))
    return [
        history,
        game_view("roulette", 5, RouletteView("double_zero", touchdown)),
        m.SeatRounds("seat-1", (m.SeatRoundView(4, "17", 1500, 3600),)),
    ]


def craps_views() -> list[m.Message]:
    craps = CrapsView(6, 2, 7, False, (4, 9), (2, 3, 5, 9), "4-2")
    return [game_view("craps", 9, craps), m.History((m.HistoryEntry(8, "4-2", False),))]


def linked_app(
    game: str = "roulette", language: str = "en", size: tuple[int, int] = (1920, 1080), **kw: object
) -> tuple[SeatApp, Sent]:
    """A seat app that has heard the controller's link-up pushes."""
    init_headless()
    sent = Sent()
    app = SeatApp("seat-1", sent, size=size, language=language, **kw)  # type: ignore[arg-type]
    views = roulette_views() if game == "roulette" else craps_views()
    app.receive([LinkStatus(True, ""), table_state(game), offer(game), *views, seat_state()], 0.0)
    return app, sent


def colours(surface: pygame.Surface) -> np.ndarray:
    """Each pixel's colour as one number 0xRRGGBB, by [x, y] (a subsurface too): two frames show the same
    pixels exactly when these are equal. Read through a view of the pixels with the unused fourth byte
    masked off, where ``pygame.image.tobytes(surface, "RGB")`` repacks every pixel (7 ms a 1080p frame)."""
    assert surface.get_bitsize() == 32 and surface.get_masks()[:3] == (0xFF0000, 0xFF00, 0xFF)
    return pygame.surfarray.pixels2d(surface) & 0xFFFFFF


def frame_colours(app: SeatApp, now: float) -> np.ndarray:
    """The seat's whole screen at ``now`` (updated, then drawn at its own size) as :func:`colours`: a new
    array (the masking makes it), not a view of the surface, so frames may be kept and compared."""
    app.update(now)
    surface = pygame.Surface((app.frame.width, app.frame.height))
    app.draw(surface, now)
    return colours(surface)
