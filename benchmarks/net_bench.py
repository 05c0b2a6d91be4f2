"""Round trips per second over loopback: the authenticated protocol against unauthenticated frames.

Both sides run in one process on one event loop. The baseline sends the same length-prefixed canonical
JSON wager and gets a canonical JSON ack back, with no MAC, sequence, schema or handler. The protocol run
is the real TableServer and TableClient: PlaceWager → handler → Ack, every frame sealed and checked.
Prints the median of several runs of each and the ratio protocol / baseline.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from terminal.net.client import TableClient
from terminal.net.codec import canonical_json, encode_frame, read_frame
from terminal.net.messages import Ack, Message, PlaceWager
from terminal.net.server import TableServer

ROUND_TRIPS = int(os.environ.get("NET_BENCH_TRIPS", "2000"))
RUNS = 5


class _Accept:
    async def on_link_up(self, seat: str) -> None:
        return None

    async def on_message(self, seat: str, message: Message) -> Message | None:
        return None

    async def on_link_lost(self, seat: str) -> None:
        return None


async def _baseline() -> float:
    done = asyncio.Event()

    async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                json.loads(await read_frame(reader))
                writer.write(encode_frame(canonical_json({"ref": 1, "type": "Ack"})))
                await writer.drain()
        except asyncio.IncompleteReadError:
            writer.close()
            done.set()

    server = await asyncio.start_server(echo, "127.0.0.1", 0)
    reader, writer = await asyncio.open_connection("127.0.0.1", server.sockets[0].getsockname()[1])
    frame = encode_frame(
        canonical_json({"body": {"amount": 500, "spot": "straight:17"}, "type": "PlaceWager"})
    )
    start = time.perf_counter()
    for _ in range(ROUND_TRIPS):
        writer.write(frame)
        await writer.drain()
        json.loads(await read_frame(reader))
    elapsed = time.perf_counter() - start
    writer.close()
    await done.wait()
    server.close()
    await server.wait_closed()
    return ROUND_TRIPS / elapsed


async def _protocol() -> float:
    key = os.urandom(32)
    server = TableServer({"seat-1": key}, _Accept(), table_id="T-01", watchdog=False)
    await server.start()
    client = TableClient("seat-1", key, "127.0.0.1", server.port)
    await client.connect()
    wager = PlaceWager("straight:17", 500)
    start = time.perf_counter()
    for _ in range(ROUND_TRIPS):
        reply = await client.request(wager)
        if not isinstance(reply, Ack):
            raise RuntimeError(f"unexpected reply {reply}")
    elapsed = time.perf_counter() - start
    await client.close()
    await server.close()
    return ROUND_TRIPS / elapsed


def main() -> None:
    baseline = [asyncio.run(_baseline()) for _ in range(RUNS)]
    protocol = [asyncio.run(_protocol()) for _ in range(RUNS)]
    base, proto = statistics.median(baseline), statistics.median(protocol)
    print(f"loopback round trips, {ROUND_TRIPS} per run, median of {RUNS} runs")
    print(f"  baseline (unauthenticated canonical JSON frames): {base:10,.0f} round trips/s")
    print(f"  protocol (HMAC, sequence, schema, handler, Ack):  {proto:10,.0f} round trips/s")
    print(f"  ratio protocol / baseline: {proto / base:.2f}")


if __name__ == "__main__":
    main()
