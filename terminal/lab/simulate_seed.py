"""One certified DRBG per chunk of a simulation: from the OS entropy source, or reproducibly from a lab seed.

Without a seed each chunk's :class:`rng.Rng` is seeded from the production entropy source, as the table
is. With ``--seed`` the same health-tested :class:`rng.EntropySource` reads a deterministic stream instead:
SHA-256 in counter mode over the seed, the game and the chunk index. Every chunk therefore has its own
independently seeded generator, and a run is the same whatever the number of workers that share it.
The clock is frozen so that no time-based reseed makes a seeded run depend on the machine's speed.

>>> read = SeededStream(bytes.fromhex("00ff"), "craps", 3).read
>>> read(4) + read(4) == SeededStream(bytes.fromhex("00ff"), "craps", 3).read(8)
True
>>> seed = bytes.fromhex("00ff")
>>> make_rng(seed, "craps", 0).randbelow(1000) == make_rng(seed, "craps", 0).randbelow(1000)
True
"""

from __future__ import annotations

import hashlib

from rng import EntropySource, HealthParameters, Rng

DOMAIN = b"terminal.simulate/v1"


class SeededStream:
    """An endless deterministic byte stream: SHA-256(domain, seed, game, chunk, block counter)."""

    __slots__ = ("_buffer", "_counter", "_key")

    def __init__(self, seed: bytes, game: str, chunk: int) -> None:
        self._key = hashlib.sha256(
            b"|".join((DOMAIN, seed.hex().encode(), game.encode(), str(chunk).encode()))
        )
        self._counter = 0
        self._buffer = b""

    def read(self, n: int) -> bytes:
        """The next ``n`` bytes of the stream."""
        while len(self._buffer) < n:
            block = self._key.copy()
            block.update(self._counter.to_bytes(8, "big"))
            self._buffer += block.digest()
            self._counter += 1
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out


def make_rng(
    seed: bytes | None,
    game: str,
    chunk: int,
    generator: str = "ctr_drbg_aes256",
    reseed_interval: int = 100_000,
    health: HealthParameters | None = None,
) -> Rng:
    """The generator for ``chunk``: OS entropy when ``seed`` is None, else the seeded stream."""
    params = health or HealthParameters(min_entropy=8)
    if seed is None:
        source = EntropySource(params)
    else:
        source = EntropySource(params, read=SeededStream(seed, game, chunk).read)
    return Rng(
        source,
        clock=lambda: 0.0,
        generator=generator,
        reseed_interval=reseed_interval,
        reseed_seconds=float("inf"),
        name=f"simulate-{game}-{chunk}",
    )
