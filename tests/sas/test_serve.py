"""``terminal sas run``'s loop: each seat on its own thread, here over TCP to a bridge (the test), and the
line opened again when the bridge drops it."""

from __future__ import annotations

import socket
import threading
from dataclasses import replace

from terminal.config import Config
from terminal.sas.serve import serve
from tests.sas.host_sim import marked, unbcd


def answer(conn: socket.socket, count: int) -> bytes:
    got = b""
    conn.settimeout(5)
    while len(got) < count:
        got += conn.recv(64)
    return got


def test_every_seat_is_served_on_its_line_and_a_dropped_bridge_is_reconnected(played: Config) -> None:
    bridge = socket.create_server(("127.0.0.1", 0))
    port = bridge.getsockname()[1]
    line = f"tcp:127.0.0.1:{port}"
    config = replace(played, sas=replace(played.sas, ports=((1, line),), addresses=((1, 1),)))
    stop = threading.Event()
    said: list[str] = []
    thread = threading.Thread(target=serve, args=(config, stop, said.append), daemon=True)
    thread.start()
    try:
        bridge.settimeout(10)
        conn, _ = bridge.accept()
        conn.sendall(marked(bytes((0x01, 0x1A))))
        first = answer(conn, 8)
        assert first[:2] == bytes((0x01, 0x1A))
        conn.close()  # the bridge drops the line: the seat opens it again
        again, _ = bridge.accept()
        again.sendall(marked(bytes((0x01, 0x1A))))
        assert answer(again, 8) == first
        assert unbcd(first[2:6]) >= 0
        again.close()
    finally:
        stop.set()
        thread.join(10)
        bridge.close()
    assert not thread.is_alive()
    assert any(f"SAS address 1 on {line}" in text for text in said)
    assert any("opening the line again" in text for text in said)
