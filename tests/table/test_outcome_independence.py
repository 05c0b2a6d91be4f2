"""Outcome independence (lab checklist item 10): no wager, seat, timing or side wager reaches the draw.

Every game is played through the real round code (the controller's round loop, the protocol's messages,
the table's lock, draw, persist and settle) on a generator instantiated from the same fixed entropy, so
every run starts from the same DRBG state. Each scenario changes what the players do: how many seats the
table has and which are filled, what they wager (nothing, the main layout, the side wagers too), whether
they choose their Touchdown team or leave it to the table, and how long each window lasts (every seat
pressing ready at once, or the window running out after varying times). The outcomes must be identical,
round by round, to those of an empty table.

The generator moves on only on its own schedule: after every round and, with ``[rng] background_advance``,
on a timer while the table waits, and it reseeds every ``reseed_seconds``. Those are the generator's own
state, not the players': the timing scenarios therefore run with the timer and the reseed period out of
the way (``test_timing_...``), and the others with the production cycling on and the same clock for all.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from rng import Rng
from terminal.ledger import EventCode
from terminal.net import messages as m
from terminal.table.clock import ManualClock
from terminal.table.controller import Controller
from terminal.table.driver import Drawn, GameDriver
from terminal.table.generator import production_rng
from tests.table.harness import make_config, make_table

ROUNDS = 10
SEED = 1  # its roulette spins open with 00: the Touchdown game starts and the teams are asked for
BILL = 10_000
SIDES = "[b2b]\noffered = true\n[blazing7s]\noffered = true\n[touchdown]\noffered = true\n"
GAMES = {  # each game's settings besides [table]
    "roulette": SIDES,
    "craps": "",  # Lucky Shooter, Fire, Bonus Craps and Hot Roller are offered by default
    "sicbo": "",
    "bigsix": "",
}
#: What a seat puts down each round: the main layout, and the side wagers ("sides on").
MAIN = {
    "roulette": ("red", "straight:17", "dozen:3", "odd", "straight:0"),
    "craps": ("pass", "field", "place_8", "come", "hard_6", "any_seven", "dont_pass"),
    "sicbo": ("small", "big", "total_12", "one_of_a_kind:5", "two_dice:5-2", "any_three_of_a_kind"),
    "bigsix": ("flag", "joker", "1", "2", "5", "10", "20"),
}
SIDE = {
    "roulette": ("b2b", "blazing7s", "touchdown"),
    "craps": ("lucky_shooter", "fire", "all_small", "all_tall", "all_or_nothing", "hot_roller"),
    "sicbo": (),
    "bigsix": (),
}
PLACED: dict[str, list[str]] = {}  # scenario → the spots its seats placed
ASSIGNED: dict[str, int] = {}  # scenario → Touchdown teams the table drew for seats that did not choose
STEADY = "[rng]\nbackground_advance = true\n"  # the production cycling; every scenario on the same clock
STILL = "[rng]\nbackground_advance = false\nreseed_seconds = 86400\n"  # time may vary: the timer is off


def entropy(seed: int) -> Callable[[int], bytes]:
    """Fixed, well-mixed entropy: each run's generator starts in the same state."""
    counter = itertools.count()

    def read(n: int) -> bytes:
        blocks = (hashlib.sha256(b"%d|%d" % (seed, next(counter))).digest() for _ in range(-(-n // 32)))
        return b"".join(blocks)[:n]

    return read


@dataclass(frozen=True)
class Scenario:
    """What the players do: seats at the table, seats that play, their wagers, their pace."""

    name: str
    seats: int = 8
    playing: tuple[int, ...] = ()
    sides: bool = False
    choose_team: bool = True
    ready: bool = True  # every playing seat presses ready; else the window runs out
    waits: tuple[float, ...] = (0.0,)  # seconds the clock moves before each window, in turn
    cash_out: bool = False  # every other window, the first playing seat cashes out and buys in again


def play(tmp: Path, game: str, rng_settings: str, s: Scenario) -> list[dict[str, Any]]:
    """``ROUNDS`` rounds of ``game`` as ``s`` plays them; the outcomes, in order (and what was placed,
    in :data:`PLACED`: a scenario that placed nothing would prove nothing)."""
    PLACED[s.name] = []
    (tmp / s.name).mkdir()
    c = make_config(tmp / s.name, f"[table]\ngame = {game}\nseats = {s.seats}\n{GAMES[game]}{rng_settings}")
    clock = ManualClock(1_800_000_000.0)
    table = make_table(c, clock)
    table.rng = production_rng(c, clock.monotonic, entropy(SEED))
    table.start()
    controller = Controller(table, stall_seconds=0.0)
    turn = itertools.count()

    async def run() -> list[dict[str, Any]]:
        for seat in s.playing:
            await controller.on_link_up(f"seat-{seat}")
            table.cashier.bill_stacked(seat, BILL)

        def before_window() -> None:
            n = next(turn)
            clock.advance(s.waits[n % len(s.waits)])
            if s.cash_out and n % 2 and s.playing:  # a voucher number is drawn between two rounds
                controller._apply(s.playing[0], m.CashOut())
                table.cashier.bill_stacked(s.playing[0], BILL)
            for seat in s.playing:
                _bet(controller, seat, n, game, s)

        reports = await controller.play(ROUNDS, before_window=before_window)
        return [r.outcome for r in reports]

    try:
        outcomes = asyncio.run(run())
        ASSIGNED[s.name] = len(table.ledger.events(EventCode.TEAM_ASSIGNED))
        return outcomes
    finally:
        table.ledger.close()


def _bet(controller: Controller, seat: int, n: int, game: str, s: Scenario) -> None:
    """The seat's wagers of round ``n`` (a different selection each seat and round), straight on the
    table's wagering (the handler ``on_message`` is async; the same calls it makes)."""
    table = controller.table
    spots = [*MAIN[game], *(SIDE[game] if s.sides else ())]
    for i, spot in enumerate(spots):
        if (i + seat + n) % 3 == 0:
            continue
        try:
            controller._apply(seat, m.PlaceWager(spot, 100 * (1 + (seat + i) % 3)))
            PLACED[s.name].append(spot)
        except ValueError:  # refused (a craps wager out of its phase, a limit): not placed
            pass
    if s.choose_team:
        for awaiting in table.driver.awaiting():
            if awaiting == seat:
                controller._apply(seat, m.ChooseTeam("red" if seat % 2 else "black"))
    if s.ready:
        controller._apply(seat, m.BetsDone())


EMPTY = Scenario("empty", seats=1)
WAGERS = (
    Scenario("one_seat_main", seats=1, playing=(1,)),
    Scenario("full_table_main", playing=tuple(range(1, 9))),
    Scenario("full_table_sides", playing=tuple(range(1, 9)), sides=True),
    Scenario("some_seats_sides_teams_left_to_the_table", playing=(2, 5, 7), sides=True, choose_team=False),
    Scenario("two_seats_of_three_sides", seats=3, playing=(1, 3), sides=True),
    Scenario("cash_outs_between_rounds", seats=2, playing=(2,), sides=True, cash_out=True),
)
TIMINGS = (
    Scenario("slow_windows_run_out", playing=(1, 4), sides=True, ready=False, waits=(31.0, 7.5, 120.0)),
    Scenario("quick_ready", playing=(1, 4), sides=True, waits=(0.0, 0.25, 3.0)),
    Scenario("long_idle_then_ready", playing=(3,), sides=True, waits=(250.0, 0.0)),
)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_wagers_seats_and_side_wagers_never_change_an_outcome(tmp_path: Path, game: str) -> None:
    baseline = play(tmp_path, game, STEADY, EMPTY)
    assert len(baseline) == ROUNDS and len({str(o) for o in baseline}) > 1  # real draws, not one value
    for scenario in WAGERS:
        assert play(tmp_path, game, STEADY, scenario) == baseline, f"{game}: {scenario.name}"
        _placed(game, scenario)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_timing_of_the_windows_never_changes_an_outcome(tmp_path: Path, game: str) -> None:
    baseline = play(tmp_path, game, STILL, EMPTY)
    for scenario in TIMINGS:
        assert play(tmp_path, game, STILL, scenario) == baseline, f"{game}: {scenario.name}"
        _placed(game, scenario)


def _placed(game: str, s: Scenario) -> None:
    placed = set(PLACED[s.name])
    assert placed & set(MAIN[game]), f"{s.name}: no wager was placed"
    if s.sides and SIDE[game]:
        assert placed & set(SIDE[game]), f"{s.name}: no side wager was placed"
    if game == "roulette" and s.sides:  # the teams were drawn by the table exactly when no one chose
        assert (ASSIGNED[s.name] > 0) is (not s.choose_team), f"{s.name}: {ASSIGNED[s.name]} teams assigned"


def test_the_check_catches_a_planted_dependency(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison is sensitive: a draw that takes one extra byte when a side wager stands is found."""
    honest = GameDriver.draw

    def planted(self: GameDriver, rng: Rng) -> Drawn:
        if any(line.spot in SIDE["roulette"] for seat in range(1, 9) for line in self.wagers_of(seat)):
            rng.randbelow(256)
        return honest(self, rng)

    monkeypatch.setattr(GameDriver, "draw", planted)
    baseline = play(tmp_path, "roulette", STEADY, EMPTY)
    assert play(tmp_path, "roulette", STEADY, WAGERS[2]) != baseline  # full table, side wagers on
