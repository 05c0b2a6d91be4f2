"""The controller over the real protocol: seats' messages, refusals as Error replies, and the lock race."""

from __future__ import annotations

import asyncio
from pathlib import Path

from terminal.net import messages as m
from terminal.net.client import TableClient
from terminal.net.server import TableServer
from terminal.table.controller import Controller
from terminal.table.table import Table
from terminal.table.tilts import Role, Tilt, TiltKind
from tests.net.net_helpers import pushed_so_far
from tests.table.harness import make_config, scripted_table

KEYS = {f"seat-{n}": bytes([n]) * 32 for n in range(1, 9)}


async def _serve(table: Table) -> tuple[Controller, TableServer]:
    controller = Controller(table)
    server = TableServer(KEYS, controller, table_id="T-01", port=0, watchdog=False)
    controller.server = server
    await server.start()
    return controller, server


async def _client(server: TableServer, seat: int) -> TableClient:
    client = TableClient(f"seat-{seat}", KEYS[f"seat-{seat}"], "127.0.0.1", server.port)
    await client.connect()
    return client


def test_a_seat_plays_a_round_over_the_protocol(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path), 19)
    table.start()
    table.cashier.bill_stacked(3, 5_000)

    async def play() -> tuple[list[m.Message], list[m.Message]]:
        controller, server = await _serve(table)
        client = await _client(server, 3)
        replies = [
            await client.request(m.PlaceWager("red", 500)),
            await client.request(m.PlaceWager("straight:19", 100)),
            await client.request(m.PlaceWager("red", 123_456)),  # above the maximum: refused
            await client.request(m.ChooseTeam("red")),  # no Touchdown game: refused
            await client.request(m.BetsDone()),
        ]
        await controller.play(1)
        pushed = await pushed_so_far(server, client)
        await client.close()
        await server.close()
        return replies, pushed

    replies, pushed = asyncio.run(play())
    assert [type(r).__name__ for r in replies] == ["Ack", "Ack", "Error", "Error", "Ack"]
    assert isinstance(replies[2], m.Error) and "above the maximum" in replies[2].message
    result = next(p for p in pushed if isinstance(p, m.Result))
    assert result.outcome == "19" and {(s.spot, s.paid) for s in result.settlements} == {
        ("red", 1_000),
        ("straight:19", 3_600),
    }
    last_state = [p for p in pushed if isinstance(p, m.SeatState)][-1]
    assert last_state.credits == 5_000 - 600 + 1_000 + 3_600 and last_state.last_win == 4_600


def test_wagers_racing_the_lock_are_either_in_the_round_or_refused(tmp_path: Path) -> None:
    """Seats fire wagers as the window closes: each is acknowledged and in the settled round, or refused."""
    table = scripted_table(make_config(tmp_path), 8)  # 8 is black
    table.start()
    for seat in (1, 2, 3):
        table.cashier.bill_stacked(seat, 10_000)

    async def race() -> dict[int, list[m.Message]]:
        controller, server = await _serve(table)
        clients = [await _client(server, seat) for seat in (1, 2, 3)]

        async def fire(client: TableClient) -> list[m.Message]:
            return [await client.request(m.PlaceWager("black", 100)) for _ in range(40)]

        async def close_window() -> None:
            # until the first wager is in
            while all(table.cashier.credits(seat) == 10_000 for seat in (1, 2, 3)):
                await asyncio.sleep(0.001)
            table.deadline = table.clock.monotonic()  # the countdown reaches zero mid-burst
            await controller.play(1)

        *answers, _ = await asyncio.gather(*(fire(c) for c in clients), close_window())
        for client in clients:
            await client.close()
        await server.close()
        return {seat: list(a) for seat, a in zip((1, 2, 3), answers, strict=True)}

    answers = asyncio.run(race())
    record = table.ledger.recall(table.round_id)
    outcomes = [isinstance(r, m.Ack) for replies in answers.values() for r in replies]
    assert any(outcomes) and not all(outcomes)  # the lock fell inside the burst
    for seat, replies in answers.items():
        accepted = sum(isinstance(r, m.Ack) for r in replies)
        refused = [r for r in replies if isinstance(r, m.Error)]
        assert all("no more bets" in r.message for r in refused)
        in_round = [w for w in record.wagers if w.seat == seat]
        assert len(in_round) == accepted and all(w.result == "win" for w in in_round)
        assert table.cashier.credits(seat) == 10_000 + accepted * 100  # black pays even money
    assert table.ledger.audit() == []


def test_tilts_are_shown_on_every_screen_and_stop_wagers_at_once(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path))
    table.start()
    table.cashier.bill_stacked(1, 1_000)

    async def scenario() -> tuple[list[m.Message], m.Message, m.Message]:
        controller, server = await _serve(table)
        client = await _client(server, 1)
        while "seat-1" not in server.linked():  # the controller registers the link after the handshake
            await asyncio.sleep(0.001)
        table.tilts.raise_tilt(Tilt(TiltKind.DOOR_OPEN, None, "main door"))
        await controller.sync_tilts()
        refused = await client.request(m.PlaceWager("red", 100))
        table.tilts.clear_tilt(TiltKind.DOOR_OPEN, None, Role.ATTENDANT, condition_over=True)
        await controller.sync_tilts()
        accepted = await client.request(m.PlaceWager("red", 100))
        pushed = await pushed_so_far(server, client)
        await client.close()
        await server.close()
        return pushed, refused, accepted

    pushed, refused, accepted = asyncio.run(scenario())
    tilts = [(p.reason, p.active) for p in pushed if isinstance(p, m.Tilt)]
    assert tilts == [("door_open", True), ("door_open", False)]
    locked = [p.locked for p in pushed if isinstance(p, m.SeatState)]
    assert "door_open" in locked and locked[-1] is None
    assert isinstance(refused, m.Error) and "door_open" in refused.message
    assert isinstance(accepted, m.Ack) and table.cashier.credits(1) == 900


def test_a_screen_that_links_during_a_tilt_is_told_at_once(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path))
    table.start()
    table.tilts.raise_tilt(Tilt(TiltKind.SERVICE_MODE, None, "service key on"))

    async def scenario() -> list[m.Message]:
        _, server = await _serve(table)
        client = await _client(server, 2)
        first = [await client.receive(30) for _ in range(5)]
        await client.close()
        await server.close()
        return first

    first = asyncio.run(scenario())
    assert [type(p).__name__ for p in first] == ["TableState", "Offer", "GameView", "History", "Tilt"]
    assert isinstance(first[4], m.Tilt) and (first[4].reason, first[4].active) == ("service_mode", True)
