"""The same simulation on a Dask cluster (``--scheduler ADDRESS``; the optional ``cluster`` extra).

Each chunk is one task running :func:`terminal.lab.simulate.run_chunk`, exactly as on the local pool, so a
seeded run gives the same sums on a cluster. The workers need this package installed (the same version).
"""

from __future__ import annotations

import socket
import time

from terminal.lab.simulate import Chunk, Progress, SimRun, SimSpec, ordered, run_chunk
from terminal.sims.simulate_stats import ChunkOutcome

# A scheduler that answers does so in milliseconds. Dask's client retries a refused connection until its
# timeout (10 s), then reports only "timed out"; so a plain connect asks first whether anything listens.
CONNECT_SECONDS = 3.0


class ClusterError(RuntimeError):
    """The cluster could not be reached or Dask is not installed; names the address."""


def _check_reachable(address: str, seconds: float = CONNECT_SECONDS) -> None:
    """Raise :class:`ClusterError` with the reason when nothing accepts TCP at ``address`` (tcp:// or
    tls://; other transports are left to Dask) within ``seconds``."""
    from distributed.comm.addressing import get_address_host_port, parse_address

    try:
        scheme, _ = parse_address(address)
        if scheme not in ("tcp", "tls"):
            return
        host, port = get_address_host_port(address)
    except ValueError as exc:
        raise ClusterError(f"--scheduler {address}: {exc}") from None
    try:
        with socket.create_connection((host, port), timeout=seconds):
            pass
    except OSError as exc:  # refused, unreachable, unknown host, or no answer within the time
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise ClusterError(f"--scheduler {address}: cannot connect ({reason})") from None


def run_dask(
    spec: SimSpec, chunks: tuple[Chunk, ...], address: str, progress: Progress = lambda n: None
) -> SimRun:
    """Run ``chunks`` on the Dask scheduler at ``address``."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ClusterError(
            f"--scheduler {address}: Dask is not installed (pip install '.[cluster]')"
        ) from None
    _check_reachable(address)
    start = time.perf_counter()
    try:
        client = Client(address, timeout="10s")  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"--scheduler {address}: cannot connect ({exc})") from None
    results: list[tuple[int, ChunkOutcome]] = []
    with client:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        futures = [client.submit(run_chunk, spec, chunk, pure=False) for chunk in chunks]
        rounds = {future.key: chunk.rounds for future, chunk in zip(futures, chunks, strict=True)}
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            results.append(future.result())
            progress(rounds[future.key])
    elapsed = time.perf_counter() - start
    return SimRun(spec, sum(c.rounds for c in chunks), ordered(results), workers, elapsed, f"dask {address}")
