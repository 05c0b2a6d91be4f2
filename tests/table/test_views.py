"""What the screens are told beside the round: offer, game view, history and a seat's rounds."""

from __future__ import annotations

import asyncio
from pathlib import Path

from terminal.config.game_rules import wager_limits
from terminal.games.craps.catalog import WAGERS as CRAPS_WAGERS
from terminal.games.roulette.catalog import WAGERS as ROULETTE_WAGERS
from terminal.games.roulette.engine import TeamView
from terminal.net import messages as m
from terminal.net.game_state import read_state
from terminal.table import views
from terminal.table.controller import Controller
from terminal.table.table import Table
from tests.net.net_helpers import pushed_so_far
from tests.table.harness import make_config, scripted_table
from tests.table.test_controller import _client, _serve


def test_the_offer_lists_each_offered_wager_with_its_own_limits(tmp_path: Path) -> None:
    c = make_config(tmp_path, "[limits]\nstraight_max = 25.00\n")
    offer = views.offer(c)
    off = ("b2b", "blazing7s")  # offered only when [b2b] / [blazing7s] say so
    assert [w.wager for w in offer.wagers] == [w for w in ROULETTE_WAGERS if w not in off]
    straight = next(w for w in offer.wagers if w.wager == "straight")
    assert (straight.minimum, straight.maximum, straight.paytable) == (100, 2500, "standard")
    touchdown = next(w for w in offer.wagers if w.wager == "touchdown")
    assert (touchdown.minimum, touchdown.maximum, touchdown.paytable) == (100, 2500, "A")
    assert {r.key: r.value for r in offer.rules}["wheel"] == "double_zero"


def test_a_single_zero_wheel_offers_no_first_five_and_no_touchdown(tmp_path: Path) -> None:
    c = make_config(
        tmp_path, "[roulette]\nwheel = single_zero\nfive_adjacent = false\n[touchdown]\noffered = false\n"
    )
    kinds = {w.wager for w in views.offer(c).wagers}
    assert kinds == set(ROULETTE_WAGERS) - {"first_five", "five_adjacent", "touchdown", "b2b", "blazing7s"}


def test_craps_offer_leaves_out_switched_off_wagers_and_states_the_vig(tmp_path: Path) -> None:
    c = make_config(
        tmp_path, "[table]\ngame = craps\n[fire_bet]\noffered = false\n[craps]\nlay_offered = false\n"
    )
    offer = views.offer(c)
    kinds = [w.wager for w in offer.wagers]
    assert "fire" not in kinds and not any(k.startswith("lay_") for k in kinds)
    assert set(kinds) == set(CRAPS_WAGERS) - {"fire"} - {k for k in CRAPS_WAGERS if k.startswith("lay_")}
    for w in offer.wagers:
        limits = wager_limits(c, w.wager)
        assert (w.minimum, w.maximum, w.increment) == (limits.minimum, limits.maximum, limits.increment)
    rules = {r.key: r.value for r in offer.rules}
    assert (rules["vig_percent"], rules["buy_vig"], rules["vig_minimum"]) == ("5", "on_win", "$1.00")


def _play_rounds(table: Table, rounds: int, wagers: list[m.Message]) -> list[m.Message]:
    async def body() -> list[m.Message]:
        controller, server = await _serve(table)
        controller.stall_seconds = 0.0  # nobody says bets done: close each window at once, not after 2 s
        client = await _client(server, 2)
        pushed: list[m.Message] = []
        for _ in range(rounds):
            for wager in wagers:
                await client.request(wager)
            await controller.play(1)
            table.open_round()
        pushed += await pushed_so_far(server, client)
        await client.close()
        await server.close()
        return pushed

    return asyncio.run(body())


def test_history_and_seat_rounds_follow_the_results(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path), 19, 37, 4)
    table.start()
    table.cashier.bill_stacked(2, 10_000)
    pushed = _play_rounds(table, 3, [m.PlaceWager("red", 500), m.PlaceWager("straight:4", 100)])
    results = [p for p in pushed if isinstance(p, m.Result)]
    history = [p for p in pushed if isinstance(p, m.History)][-1]
    assert [(h.round_id, h.outcome) for h in history.results] == [
        (r.round_id, r.outcome) for r in results[::-1]
    ]
    assert history == views.history(table)  # the board kept round by round is the ledger's
    rounds = [p for p in pushed if isinstance(p, m.SeatRounds)][-1]
    assert rounds.seat == "seat-2" and len(rounds.rounds) == 3
    for view, result in zip(rounds.rounds, results[::-1], strict=True):
        mine = [s for s in result.settlements if s.seat == "seat-2"]
        assert (view.round_id, view.outcome) == (result.round_id, result.outcome)
        assert (view.wagered, view.paid) == (sum(s.wagered for s in mine), sum(s.paid for s in mine))
    assert rounds.rounds[0].paid == 3600  # 4 is black: the straight pays 35 to 1, red loses


def test_the_game_view_follows_a_touchdown_drive(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path), 0, 32, 2)
    table.start()
    table.cashier.bill_stacked(2, 10_000)
    pushed = _play_rounds(table, 1, [m.PlaceWager("touchdown", 500)])
    pushed += _play_rounds(table, 2, [m.ChooseTeam("red")])
    drive = [s.touchdown for s in (read_state(p) for p in pushed if isinstance(p, m.GameView)) if s.touchdown]
    last = drive[-1]
    assert last.phase == "game" and last.downs == (32, 2)
    assert last.gains == (15, -3) and last.ball == 12  # 32 red: 15 yards toward red; 2 black: 3 back
    assert last.teams == (TeamView("seat-2", "red", False),)


def test_the_craps_view_shows_point_and_last_roll(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path, "[table]\ngame = craps\n"), (2, 4))
    table.start()
    table.cashier.bill_stacked(2, 10_000)
    pushed = _play_rounds(table, 1, [m.PlaceWager("pass", 500)])
    craps = [read_state(p) for p in pushed if isinstance(p, m.GameView)][-1]
    assert (craps.point, craps.last_roll, craps.rolls, craps.new_shooter) == (6, "2-4", 1, False)
    controller = Controller(table)  # a restarted controller shows the same roll, from the ledger
    assert read_state(views.game_view(table, controller._last_outcome)) == craps


def test_a_void_spin_is_marked_on_the_history_board(tmp_path: Path) -> None:
    table = scripted_table(
        make_config(tmp_path, "[roulette]\nwheel = double_as_single\n[touchdown]\noffered = false\n"),
        37,
        5,
        9,
    )
    table.start()
    table.cashier.bill_stacked(2, 10_000)
    pushed = _play_rounds(table, 2, [m.PlaceWager("red", 500)])
    history = [p for p in pushed if isinstance(p, m.History)][-1]
    assert [(h.outcome, h.void) for h in history.results] == [("9", False), ("5", False), ("00", True)]
    assert history == views.history(table)


def test_a_wager_taken_down_is_not_in_the_seat_rounds(tmp_path: Path) -> None:
    """A withdrawn wager has its result row in the round it was taken down in: never named there."""
    table = scripted_table(make_config(tmp_path, "[table]\ngame = craps\n"), (5, 6), (4, 2))
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    table.wagers.place(1, "pass", 1_000)
    table.wagers.place(1, "field", 500)
    table.wagers.remove(1, "field")  # taken down in the open window: a 'withdrawn' result of round 1
    table.play_round()  # 5-6: the pass line wins on 11
    table.open_round()
    table.wagers.place(1, "field", 500)
    table.play_round()  # 4-2: the field loses on 6
    withdrawn = table.ledger.db.execute("SELECT count(*) FROM results WHERE result = 'withdrawn'").fetchone()
    assert withdrawn == (1,)
    rounds = {r.round_id: r for r in views.seat_rounds(table, 1).rounds}
    said = {n: [(w.spot, w.stake, w.paid, w.result) for w in r.wagers] for n, r in rounds.items()}
    assert said == {1: [("pass", 1_000, 2_000, "win")], 2: [("field", 500, 0, "lose")]}


def test_the_recall_of_a_round_names_the_wagers_placed_in_it_and_those_it_settled(tmp_path: Path) -> None:
    """A pass line placed in round 1 rides to round 3: both rounds' records name it, settled in 3."""
    table = scripted_table(make_config(tmp_path, "[table]\ngame = craps\n"), (3, 3), (5, 6), (4, 2))
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    table.wagers.place(1, "pass", 1_000)
    table.play_round()  # 3-3: the point is 6
    table.open_round()
    table.wagers.place(1, "field", 500)
    table.play_round()  # 5-6: the field wins on 11
    table.open_round()
    table.play_round()  # 4-2: the point is made
    named = {
        n: [(w.spot, w.round_id, w.result, w.returned, w.settled_in) for w in table.ledger.recall(n).wagers]
        for n in (1, 2, 3)
    }
    assert named[1] == [("pass", 1, "win", 2_000, 3)]
    assert named[2] == [("field", 2, "win", 1_000, 2)]
    assert named[3] == [("pass", 1, "win", 2_000, 3)]
