"""The same simulation on a Dask cluster (``--scheduler ADDRESS``; the optional ``cluster`` extra).

Each chunk is one task running :func:`terminal.lab.simulate.run_chunk`, exactly as on the local pool, so a
seeded run gives the same sums on a cluster. The workers need this package installed (the same version).
"""

from __future__ import annotations

import time

from terminal.lab.simulate import Chunk, Progress, SimRun, SimSpec, ordered, run_chunk
from terminal.lab.simulate_stats import ChunkOutcome


class ClusterError(RuntimeError):
    """The cluster could not be reached or Dask is not installed; names the address."""


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
