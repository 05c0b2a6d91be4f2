"""A tour of every seat screen: a real seat app with a real table's offer, put into each state in turn.

The tables are the offers configurations make (``terminal.table.views.offer``); the states are reached
with the controller's own messages (results, prompts, tilts, hand-pays, vouchers) and the seat's intents
(screens, pages, the picker, the hardware panel). Tests walk the tour to check what every screen draws.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import timedelta
from functools import cache
from pathlib import Path

from terminal import config as configuration
from terminal.lab.live_table import LAB_EVENING
from terminal.net import messages as m
from terminal.net.tally import tally
from terminal.seat import intents as i
from terminal.seat import pages
from terminal.seat.app import SeatApp
from terminal.seat.model import LinkStatus
from terminal.table.views import offer
from tests.seat.seat_states import Sent, craps_views, roulette_views, seat_state, table_state, wager

TABLES = {
    "double_zero": "[roulette]\nwheel = double_zero\n",
    "single_zero": "[roulette]\nwheel = single_zero\n[touchdown]\noffered = false\n",
    "double_as_single": "[roulette]\nwheel = double_as_single\n[touchdown]\noffered = false\n",
    "craps": "[table]\ngame = craps\n",
}
VOUCHER = m.CashedOut("seat-1", 17_350, "629461984026563521", "Keystone Casino", "T-01",
                      "2026-11-23T07:25:35", "2026-12-23", "USD")  # fmt: skip
ROULETTE_BETS = (
    wager("straight:17", 500), wager("split:17-20", 100), wager("corner:1-2-4-5", 100),
    wager("dozen:2", 2500), wager("red", 1000), wager("column:3", 500), wager("five_adjacent:17", 500),
    wager("high", 200),
    wager("street:16-17-18", 100), wager("line:1-2-3-4-5-6", 100), wager("odd", 100), wager("black", 100),
)  # fmt: skip
CRAPS_BETS = (
    wager("pass", 1000), wager("pass_odds", 2000), wager("place_6", 600), wager("buy_4", 2500),
    wager("come", 1000, number=6), wager("come_odds_6", 1000), wager("hard_8", 100), wager("field", 500),
    wager("fire", 100), wager("hop_2_5", 100), wager("horn_high:12", 500), wager("any_seven", 100),
    wager("lay_10", 4000, working=False), wager("lucky_shooter", 500, number=6, marks=(4, 9)),
)  # fmt: skip


@cache
def table_offer(table: str) -> m.Offer:
    """The offer a configuration of ``table`` makes (worked out once per table: a frozen message, and
    loading the configuration again for each of the tour's hundred apps was most of making one)."""
    with tempfile.TemporaryDirectory() as tmp:
        return offer(configuration.loads(TABLES[table], "<tour>", Path(tmp)))


def seat_app(table: str, language: str = "en", size: tuple[int, int] = (1920, 1080)) -> SeatApp:
    """A linked seat at ``table`` with wagers down and the betting window open."""
    game = "craps" if table == "craps" else "roulette"
    offered = table_offer(table)
    state = table_state(game)
    if game == "roulette":
        state = replace(state, variant=next(r.value for r in offered.rules if r.key == "wheel"))
    app = SeatApp(
        "seat-1", Sent(), size=size, language=language, reality_check_minutes=30, helpline="1-800-GAMBLER",
        wall=lambda now: LAB_EVENING + timedelta(seconds=now),
    )  # fmt: skip
    views = roulette_views() if game == "roulette" else craps_views()
    bets = ROULETTE_BETS if game == "roulette" else CRAPS_BETS
    app.receive([LinkStatus(True, ""), state, offered, *views, seat_state(credits=123_450, wagers=bets)], 0.0)
    return app


def _result(app: SeatApp) -> m.Result:
    craps = app.control.model.table is not None and app.control.model.table.game == "craps"
    me = app.control.model.me
    outcome = "4-2" if craps else "17"
    winners = {
        "place_6",
        "field",
        "straight:17",
        "split:17-20",
        "dozen:2",
        "column:3",
        "five_adjacent:17",
        "odd",
    }
    settled = tuple(
        m.SettlementView("seat-1", w.spot, w.amount, w.amount * 3 if w.spot in winners else 0, "win")
        for w in (me.wagers if me is not None else ())
    )
    return m.Result(5, outcome, settled)


Step = Callable[[SeatApp], None]


def _stats(app: SeatApp) -> None:
    """The statistics page of a seasoned table: 520 results (seeded), their History and Tally."""
    rng = random.Random(29)
    craps = app.control.model.table is not None and app.control.model.table.game == "craps"
    pockets = [*(str(n) for n in range(37)), "00"]
    draws = [f"{rng.randint(1, 6)}-{rng.randint(1, 6)}" if craps else rng.choice(pockets) for _ in range(520)]
    board = m.History(tuple(m.HistoryEntry(600 - k, o, False) for k, o in enumerate(draws)))
    app.receive([m.History(board.results[:100]), tally(board)], 1.0)
    app.act(i.Intent(i.SCREEN, "stats"), 1.0)


def _screen(name: str) -> Step:
    return lambda app: app.act(i.Intent(i.SCREEN, name), 1.0)


def _receive(*messages: m.Message | LinkStatus) -> Step:
    return lambda app: app.receive(list(messages), 1.0)


def _picker(app: SeatApp) -> None:
    layout = app.game.layout
    names = [p.name for p in layout.pickers()] if layout is not None else []
    if names:
        app.act(i.Intent(i.PICK, names[0]), 1.0)


def _locked(app: SeatApp) -> None:
    state = app.control.model.table
    assert state is not None
    app.receive([replace(state, phase="locked", countdown_ms=0)], 1.0)


def _result_shown(app: SeatApp) -> None:
    _locked(app)
    app.receive([_result(app)], 1.0)


def _in_play(app: SeatApp) -> None:
    """The round in play: its ``Result`` carries a reveal time still ahead (the seat shows its own motion)."""
    _locked(app)
    app.receive([replace(_result(app), reveal_ms=6_500)], 1.0)


def _settled_alone(times: int, *, loser: int = 0) -> Step:
    """The seat's first wager alone (beside a losing one of ``loser``) paying ``times`` its stake: a big
    (12x) or huge (36x) win's banner, or a round that pays back less than it staked."""

    def step(app: SeatApp) -> None:
        me = app.control.model.me
        first = me.wagers[0] if me is not None else wager("red", 500)
        app.receive(
            [seat_state(credits=123_450, wagers=(first, wager("black", loser)) if loser else (first,))], 1.0
        )
        _locked(app)
        settled = (m.SettlementView("seat-1", first.spot, first.amount, first.amount * times, "win"),)
        if loser:
            settled += (m.SettlementView("seat-1", "black", loser, 0, "lose"),)
        app.receive([m.Result(5, "4-2" if app.control.model.table.game == "craps" else "17", settled)], 1.0)  # type: ignore[union-attr]

    return step


def _attract(app: SeatApp) -> None:
    """No credits and no wagers, untouched for the attract time: the attract loop."""
    app.control.attract_seconds = 60
    app.receive([seat_state(credits=0)], 1.0)
    app.control.active_at = -100.0


def _bets_accepted(app: SeatApp) -> None:
    """Ready pressed and answered by the controller's seat state: "Bets accepted"."""
    app.act(i.Intent(i.READY), 1.0)
    me = app.control.model.me
    assert me is not None
    app.receive([me], 1.0)


def _limits_set(app: SeatApp) -> None:
    """My session with a time limit of 60 minutes and a loss limit of $50.00 set."""
    app.act(i.Intent(i.SCREEN, "session"), 1.0)
    for which, times in (("time", 2), ("loss", 2)):
        for _ in range(times):
            app.act(i.Intent(i.LIMIT, which), 1.0)


def _limit_reached(app: SeatApp) -> None:
    """A loss limit of $20.00 reached: the seat's card, no more wagers until Continue or Cash out."""
    app.act(i.Intent(i.LIMIT, "loss"), 1.0)
    app.receive([seat_state(credits=100_000)], 1.0)


STATES: dict[str, Step] = {
    "betting": lambda app: None,
    "picker": _picker,
    "notice": _receive(
        m.Error("refused", "limit: the seat's wagers this round would pass the limit 250000", 1)
    ),
    "bets_accepted": _bets_accepted,
    "attract": _attract,
    "locked": _locked,
    "in_play": _in_play,
    "result": _result_shown,
    "paid_less_than_staked": _settled_alone(2, loser=2_000),
    "big_win": _settled_alone(12),
    "huge_win": _settled_alone(36),
    "prompt": _receive(m.TeamPrompt("seat-1", 5, 15_000)),
    "tilt": _receive(m.Tilt("door_open", True, None, "door_open", "table: main door open")),
    "service": _receive(m.Tilt("service_mode", True, None, "out_of_service", "table: service key on")),
    "handpay": _receive(
        m.Tilt("handpay", True, 1, "handpay", "seat 1: award of 250000 on straight"),
        m.HandPay("seat-1", 250_000),
    ),
    "link_lost": _receive(LinkStatus(False, "connection closed by the controller")),
    "reality": lambda app: setattr(app.control, "ui", replace(app.control.ui, reality_check=True)),
    "test_mode": lambda app: app.receive([replace(app.control.model.table, test_mode=True)], 1.0),  # type: ignore[type-var]
    "hardware": lambda app: app.act(i.Intent(i.HARDWARE), 1.0),
    "history": _screen("history"),
    "stats": lambda app: _stats(app),
    "session": _screen("session"),
    "session_limits": _limits_set,
    "limit_reached": _limit_reached,
    "cashout": _screen("cashout"),
    "voucher": _receive(VOUCHER),
}


def tour(table: str, language: str, size: tuple[int, int]) -> Iterator[tuple[str, SeatApp]]:
    """Every state of the seat at ``table`` (and every page of its help), each in a fresh app."""
    for name, step in STATES.items():
        app = seat_app(table, language, size)
        step(app)
        yield name, app
    app = seat_app(table, language, size)
    app.act(i.Intent(i.SCREEN, "help"), 1.0)
    for page in range(len(pages.help_sheets(app.painter, app.control, app.frame))):
        app.control.ui = replace(app.control.ui, page=page)
        yield f"help {page + 1}", app
